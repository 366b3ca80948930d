//! A game played through Discord: challenge, accept, moves to a queen capture; refused moves;
//! two moves racing for the same ply; `/move` autocomplete.

use std::collections::HashSet;

use monkey_queen::games::{EndReason, GameStatus, UserError, UserId};
use monkey_queen::i18n::{Lang, Msg};
use monkey_queen_core::{Color, Position};
use serde_json::{Value, json};

use crate::harness::{
    AUTOCOMPLETE_RESULT, CHANNEL_MESSAGE, COLOR_WHITE, EPHEMERAL, Harness, UPDATE_MESSAGE,
    alt_text, assert_ephemeral_answer, content, game_of, kind, print_summary,
};
use crate::support::fake_discord::APPLICATION_ID;
use crate::support::payloads::{
    ALICE, BOB, CAROL, Caller, DAVE, autocomplete, focused_string, integer_option, slash_command,
    string_option, with_locales,
};

fn refusal(error: &UserError) -> String {
    Lang::En.text(&Msg::Refused(error))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_is_accepted_and_played_to_a_queen_capture() {
    let h = Harness::registered().await;
    // The players move faster than Discord lets one channel take messages (5 per 5 s): boards
    // posted in the channel meet its bucket, and the bot waits and posts them again.
    h.fake.expect_refusals(|r| {
        r.status == 429 && r.request.starts_with("POST") && r.request.ends_with("/messages")
    });
    let challenge = h
        .challenge(ALICE, Some(BOB), vec![integer_option("color", COLOR_WHITE)])
        .await;
    let id = challenge.id.0;
    assert_eq!(
        challenge.custom_ids,
        [
            format!("accept:{id}"),
            format!("decline:{id}"),
            format!("cancel:{id}")
        ]
    );
    assert!(
        challenge.content.contains(&format!("<@{}>", BOB.id)),
        "{}",
        challenge.content
    );
    assert!(challenge.content.contains("12×12"), "{}", challenge.content);

    let mark = h.fake.mark();
    let (callback, board) = h.accept(BOB, &challenge).await;
    // The challenge message becomes the first board: the click's own answer, one call.
    assert_eq!(kind(&callback), UPDATE_MESSAGE);
    assert!(callback.is_multipart(), "the board's picture");
    assert_eq!(board.request.path, callback.path);

    let game = game_of(&board);
    let mut times = vec![board.took];
    let view = h.game(game).await;
    assert_eq!(
        (view.white.id, view.black.id),
        (UserId(ALICE.id), UserId(BOB.id))
    );
    assert!(
        board.content.contains(&format!("Game #{game}")),
        "{}",
        board.content
    );
    // R3.4: White moves first, and is pinged: an edit pings nobody, so a short follow-up
    // mentions Alice.
    h.idle().await;
    h.assert_pinged_since(mark, ALICE.id);
    board.picture.assert_shows(&view.position);
    assert_eq!(
        board.custom_ids,
        [format!("move:{game}:0"), format!("resign:{game}:0")]
    );
    assert_eq!(
        h.service.challenge(challenge.id).await.unwrap().game,
        Some(game)
    );

    // Lenient notation (R9.2); every queen move leaves a baby behind (R5.1); the last move
    // captures Black's queen (R4.4) and wins (R7.1).
    let moves = [
        (ALICE, "g1-g4", "White queen g1–g4, a baby is born on g1"),
        (BOB, "f12f9", "Black queen f12–f9, a baby is born on f12"),
        (ALICE, "G4 G6", "White queen g4–g6, a baby is born on g4"),
        (BOB, "f9-f7", "Black queen f9–f7, a baby is born on f9"),
        (ALICE, "g6xf7", "White queen g6×f7 captures the queen!"),
    ];
    for (ply, (who, text, words)) in moves.into_iter().enumerate() {
        let board = h.play(who, text).await.applied();
        times.push(board.took);
        let view = h.game(game).await;
        assert_eq!(view.ply() as usize, ply + 1);
        assert!(board.content.starts_with(words), "{}", board.content);
        board.picture.assert_shows(&view.position);
        // Screen readers hear the board: the move, and where each queen stands.
        let alt = alt_text(&board.request).expect("the board picture's alt text");
        assert!(alt.contains(&format!("Last move: {words}")), "{alt}");
        if let Some(square) = view.position.queen(Color::Black) {
            assert!(alt.contains(&format!("Black queen on {square}, ")), "{alt}");
        } else {
            assert!(alt.contains("Black's queen has been captured."), "{alt}");
        }
        match view.to_move {
            Some(next) => {
                board.assert_pings(next.0);
                assert_eq!(
                    board.custom_ids,
                    [
                        format!("move:{game}:{}", ply + 1),
                        format!("resign:{game}:{}", ply + 1)
                    ]
                );
            }
            None => {
                assert!(board.mentioned.is_empty(), "{:?}", board.mentioned);
                assert_eq!(
                    board.custom_ids,
                    [
                        format!("replay:{game}"),
                        format!("rematch:{game}"),
                        format!("analyse:{game}")
                    ],
                    "no Resign after the end; Replay, Rematch and Analyse instead"
                );
                assert!(
                    board.content.contains(&format!("<@{}> wins", ALICE.id)),
                    "{}",
                    board.content
                );
            }
        }
    }
    let view = h.game(game).await;
    assert_eq!(view.status, GameStatus::Finished);
    let result = view.result.unwrap();
    assert_eq!(result.reason, EndReason::QueenCaptured);
    assert_eq!(
        (result.winner, result.winner_id),
        (Color::White, UserId(ALICE.id))
    );
    assert_eq!(view.position.queen(Color::Black), None);
    let record = h.service.record(game).await.unwrap();
    let stored: Vec<String> = record.moves.iter().map(|m| m.notation.clone()).collect();
    assert_eq!(stored, ["g1-g4", "f12-f9", "g4-g6", "f9-f7", "g6xf7"]);

    // /board shows the final position to everyone.
    let (id, _) = h.command(BOB, "board", vec![integer_option("game", game.0)]);
    let deferral = h.callback(id).await;
    assert_ne!(
        deferral.pointer("/data/flags").and_then(Value::as_u64),
        Some(EPHEMERAL)
    );
    let edit = h.original_edit(id).await;
    assert!(
        content(&edit).contains(&format!("Game #{game}")),
        "{}",
        content(&edit)
    );
    assert_eq!(edit.files.len(), 1);
    crate::board_png::decode(&edit.files[0].bytes).assert_shows(&view.position);

    print_summary("dispatch → board PNG uploaded (accept + 5 moves)", times);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn illegal_and_malformed_moves_are_refused_ephemerally_and_change_nothing() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    let start = Position::start(Default::default());
    let mark = h.fake.mark();
    // R4.2: not a queen's line; R1.1: off the board; not a move at all; R4.1: not White's piece.
    for text in ["g1-h3", "g1-g13", "hello", "f12-f11"] {
        let reason = start.clone().play_str(text).unwrap_err();
        let played = h.play(ALICE, text).await;
        played.assert_refused(&refusal(&UserError::Illegal(reason)));
    }
    assert!(h.channel_messages_since(mark).is_empty());
    let view = h.game(game).await;
    assert_eq!(view.ply(), 0);
    assert!(h.service.record(game).await.unwrap().moves.is_empty());
    // The refusals changed nothing: the same player can still play.
    h.play(ALICE, "g1-g7").await.applied();
    assert_eq!(h.game(game).await.ply(), 1);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_player_to_move_may_move() {
    let h = Harness::registered().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    let mark = h.fake.mark();
    // R3.4: White moves first.
    h.play(BOB, "f12-f9")
        .await
        .assert_refused(&refusal(&UserError::NotYourTurn {
            to_move: UserId(ALICE.id),
        }));
    // Carol plays no game here.
    h.play(CAROL, "g1-g7")
        .await
        .assert_refused(&refusal(&UserError::NoActiveGame));
    // Nor may she resign someone else's game.
    let resign = board.resign_button().unwrap().clone();
    let (answer, _) = h
        .click(CAROL, &resign, &board.content, &board.custom_ids)
        .await;
    assert_ephemeral_answer(&answer, &refusal(&UserError::NotParticipant { game }));
    assert!(h.channel_messages_since(mark).is_empty());
    assert_eq!(h.game(game).await.ply(), 0);

    h.play(ALICE, "g1-g7").await.applied();
    h.play(ALICE, "g7-g8")
        .await
        .assert_refused(&refusal(&UserError::NotYourTurn {
            to_move: UserId(BOB.id),
        }));
    assert_eq!(h.game(game).await.ply(), 1);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_two_simultaneous_moves_for_the_same_ply_exactly_one_is_applied() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    for round in 0..4u32 {
        let (view, mover, texts) = h.two_moves(game).await;
        let mark = h.fake.mark();
        let ids = [h.next_id(), h.next_id()];
        for (id, text) in ids.iter().zip(&texts) {
            h.push(slash_command(
                *id,
                mover,
                "move",
                vec![string_option("move", text)],
            ));
        }
        let mut replies = Vec::new();
        let mut boards = Vec::new();
        for id in ids {
            let answer = h.callback(id).await;
            boards.push(answer.is_multipart());
            replies.push(
                answer
                    .pointer("/data/content")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned(),
            );
        }
        let applied: Vec<usize> = (0..2).filter(|&i| boards[i]).collect();
        assert_eq!(applied.len(), 1, "round {round}: {replies:?}");
        let winner = applied[0];
        let loser = &replies[1 - winner];
        let to_move = view.player(view.position.turn().other()).id;
        let refused = [
            refusal(&UserError::NotYourTurn { to_move }),
            refusal(&UserError::PositionChanged),
        ];
        assert!(refused.contains(loser), "round {round}: {loser}");
        // One board, the applied move's answer; the database holds exactly that move.
        assert!(h.channel_messages_since(mark).is_empty());
        let after = h.game(game).await;
        assert_eq!(after.ply(), round + 1);
        let record = h.service.record(game).await.unwrap();
        assert_eq!(record.moves.len() as u32, round + 1);
        assert_eq!(record.moves.last().unwrap().notation, texts[winner]);
    }
    h.stop().await;
}

/// What the bot's suggestions are compared with: lower case, separators and `x` removed.
fn squash(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .filter(|&c| c != 'x')
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_autocomplete_suggests_the_callers_legal_moves_at_once() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    h.play(ALICE, "g1-g7").await.applied();
    let position = h.game(game).await.position;
    let legal: Vec<String> = position
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut times = Vec::new();
    let mut suggest = async |who: Caller, typed: &str| {
        let id = h.next_id();
        let sent = h.push(autocomplete(
            id,
            who,
            "move",
            vec![focused_string("move", typed)],
        ));
        let callback = h.callback(id).await;
        times.push(callback.received_at.duration_since(sent));
        assert_eq!(kind(&callback), AUTOCOMPLETE_RESULT);
        let choices = callback
            .pointer("/data/choices")
            .and_then(Value::as_array)
            .unwrap();
        choices
            .iter()
            .map(|c| {
                assert_eq!(c["name"], c["value"]);
                c["value"].as_str().unwrap().to_owned()
            })
            .collect::<Vec<_>>()
    };
    for typed in ["", "f", "f12", "F12 F", "f12-f8", "f12xg", "l1"] {
        let matching: HashSet<&String> = legal
            .iter()
            .filter(|m| squash(m).starts_with(&squash(typed)))
            .collect();
        let shown = suggest(BOB, typed).await;
        let distinct: HashSet<&String> = shown.iter().collect();
        assert_eq!(distinct.len(), shown.len(), "{typed:?}: duplicates");
        assert!(distinct.is_subset(&matching), "{typed:?}: {shown:?}");
        assert_eq!(shown.len(), matching.len().min(25), "{typed:?}: {shown:?}");
    }
    assert_eq!(suggest(BOB, "F12 F8").await, ["f12-f8"]);
    // Not Alice's turn, and Carol has no game: nothing to suggest.
    assert!(suggest(ALICE, "g7").await.is_empty());
    assert!(suggest(CAROL, "").await.is_empty());
    // Discord drops an autocomplete answered after 3 s; the fake refuses it, failing the test.
    print_summary("/move autocomplete: dispatch → suggestions", times);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_suggestions_name_the_opponent_in_the_callers_language() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    let suggest = async |locale: &str| {
        let id = h.next_id();
        let typing = json!({ "name": "game", "type": 4, "value": "", "focused": true });
        h.push(with_locales(
            autocomplete(id, ALICE, "move", vec![typing]),
            locale,
            "en-US",
        ));
        let callback = h.callback(id).await;
        assert_eq!(kind(&callback), AUTOCOMPLETE_RESULT);
        callback
            .pointer("/data/choices")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default()
    };
    for (locale, lang) in [
        ("en-US", Lang::En),
        ("es-ES", Lang::Es),
        ("pt-BR", Lang::PtBr),
    ] {
        let choices = suggest(locale).await;
        assert_eq!(choices.len(), 1, "{locale}: {choices:?}");
        let name = lang.text(&Msg::GameChoice {
            game,
            opponent: BOB.username,
        });
        assert_eq!(choices[0]["name"], name.as_str(), "{locale}");
        assert_eq!(choices[0]["value"], game.0, "{locale}");
    }
    assert_eq!(
        suggest("es-419").await[0]["name"],
        format!("#{} contra {}", game.0, BOB.username)
    );
    h.stop().await;
}

/// On a quiet bot a move is one REST call: the interaction's answer is the new board, public,
/// with its picture, the move in words and a mention of the next player that pings (an
/// answer's mentions ping; an edit's would not). The board it replaces, right above it, keeps
/// its buttons (a click there is refused and changes nothing): no second call.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_one_rest_call_whose_answer_is_the_board() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    for (who, next, text) in [(ALICE, BOB, "g1-g4"), (BOB, ALICE, "f12-f9")] {
        let mark = h.fake.mark();
        let board = h.play(who, text).await.applied();
        assert_eq!(kind(&board.request), CHANNEL_MESSAGE);
        board.assert_pings(next.id);
        board.picture.assert_shows(&h.game(game).await.position);
        // Once the move's handler is done, whatever else the move made the bot send is in.
        h.idle().await;
        let sent: Vec<String> = h
            .fake
            .requests()
            .iter()
            .skip(mark)
            .map(|r| r.line())
            .collect();
        assert_eq!(sent.len(), 1, "the board answer alone: {sent:#?}");
        assert!(sent[0].ends_with("/callback"), "{sent:#?}");
    }
    h.stop().await;
}

/// When another game's board came between a game's board and its next one in the channel, the
/// old board is no longer right above: its buttons are taken off, through the token of the
/// interaction it answered (which counts against no rate limit), a second call for that move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_board_with_another_games_board_below_it_loses_its_buttons() {
    let h = Harness::registered().await;
    let (_, first) = h.start_game(ALICE, BOB).await;
    // The Accept's answer was the first board; its path is
    // /api/v10/interactions/{id}/{token}/callback.
    let token = first.request.path.split('/').nth(5).unwrap();
    let first_edit = format!("/webhooks/{APPLICATION_ID}/{token}/messages/@original");
    // Another game's first board, in the same channel, below Alice and Bob's.
    h.start_game(CAROL, DAVE).await;
    h.idle().await;
    let mark = h.fake.mark();
    h.play(ALICE, "g1-g4").await.applied();
    h.idle().await;
    let sent: Vec<String> = h
        .fake
        .requests()
        .iter()
        .skip(mark)
        .map(|r| r.line())
        .collect();
    assert_eq!(
        sent.len(),
        2,
        "the board answer, the old board's edit: {sent:#?}"
    );
    assert!(sent[0].ends_with("/callback"), "{sent:#?}");
    let edit = &h.fake.requests()[mark + 1];
    assert!(
        edit.method == "PATCH" && edit.path.contains(&first_edit),
        "{sent:#?}"
    );
    assert_eq!(
        edit.pointer("/components"),
        Some(&serde_json::json!([])),
        "the old board's buttons are gone"
    );
    // Bob's move: Alice's board is right above it, and keeps its buttons.
    let mark = h.fake.mark();
    h.play(BOB, "f12-f9").await.applied();
    h.idle().await;
    assert_eq!(h.fake.requests().len() - mark, 1, "the board answer alone");
    h.stop().await;
}
