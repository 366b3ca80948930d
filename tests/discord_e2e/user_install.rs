//! Play where the bot was never invited: the app added to a user's apps, used in a group DM and
//! in a server that did not invite the bot. The whole game (challenge, accept, moves by `/move`
//! and by picking, resignation, rematch) goes through interactions: the fake records no
//! channel message and refuses nothing.

use std::time::Duration;

use monkey_queen::games::{EndReason, GameStatus, Reach};

use monkey_queen::i18n::{Lang, Msg};

use crate::harness::{
    Board, COLOR_WHITE, Harness, PostedChallenge, assert_deferred_ephemerally,
    assert_ephemeral_answer, content, followup_path, game_of, interaction_id,
    is_any_channel_message, is_board_delivery, original_path,
};
use crate::support::fake_discord::delivery::Change;
use crate::support::fake_discord::{BOT_NAME, BOT_USER_ID, RecordedRequest};
use crate::support::payloads::{
    ALICE, BOB, Caller, GUILD_ID, bot_message, button_click, custom_ids, in_dm, in_group_dm,
    in_server_without_bot, integer_option, slash_command, string_option, user_option,
    with_resolved_bot,
};

/// Plays a short game from `h`'s place to a resignation, then a rematch to its first board;
/// returns every request made after the first challenge.
async fn play_through_interactions(h: &Harness) -> Vec<RecordedRequest> {
    let mark = h.fake.mark();
    let challenge = h
        .challenge(ALICE, Some(BOB), vec![integer_option("color", COLOR_WHITE)])
        .await;
    let accepted = h.fake.mark();
    let (_, first) = h.accept(BOB, &challenge).await;
    h.idle().await;
    h.assert_pinged_since(accepted, ALICE.id);
    let game = game_of(&first);
    assert_eq!(h.game(game).await.place.reach, Reach::Interactions);

    let board = h.play(ALICE, "g1-g4").await.applied();
    board.assert_pings(BOB.id);
    let (board, _, _) = h.play_by_picking(BOB, &board, "f12", "f9").await;
    board.assert_pings(ALICE.id);
    let board = h.play(ALICE, "g4-g6").await.applied();
    assert_eq!(h.game(game).await.ply(), 3);

    // Bob resigns from the board's button; the result board follows the confirmation.
    let result = resign(h, BOB, &board).await;
    assert!(
        result.content.contains(&format!("<@{}> resigned", BOB.id)),
        "{}",
        result.content
    );
    assert_eq!(h.game(game).await.status, GameStatus::Finished);

    // Bob asks for a rematch from the result board; Alice accepts it.
    let rematch = format!("rematch:{game}");
    let (offer, _) = h
        .click(BOB, &rematch, &result.content, &result.custom_ids)
        .await;
    let offer = PostedChallenge::from_callback(&offer);
    let (_, again) = h.accept(ALICE, &offer).await;
    let second = game_of(&again);
    assert_ne!(second, game);
    assert_eq!(h.game(second).await.place.reach, Reach::Interactions);
    h.fake.requests().into_iter().skip(mark).collect()
}

/// `who` resigns `board`'s game with its Resign button and the confirmation; returns the
/// result board.
async fn resign(h: &Harness, who: Caller, board: &Board) -> Board {
    let resign = board.resign_button().expect("an active board").clone();
    let (question, _) = h
        .click(who, &resign, &board.content, &board.custom_ids)
        .await;
    let confirm = custom_ids(question.pointer("/data/components"));
    let text = question
        .pointer("/data/content")
        .and_then(|c| c.as_str())
        .unwrap_or_default()
        .to_owned();
    let id = h.next_id();
    let mark = h.fake.mark();
    let ids: Vec<&str> = confirm.iter().map(String::as_str).collect();
    let sent = h.push(button_click(
        id,
        who,
        &confirm[0],
        bot_message(9_000 + id, &text, &ids),
    ));
    let result = h
        .wait_since(mark, "the result board", crate::harness::is_board_delivery)
        .await;
    Board::from_request(result, sent)
}

/// Nothing was posted in any channel, and Discord refused nothing.
fn assert_only_interactions(h: &Harness, requests: &[RecordedRequest]) {
    let posts: Vec<String> = requests
        .iter()
        .filter(|r| is_any_channel_message(r))
        .map(RecordedRequest::line)
        .collect();
    assert!(posts.is_empty(), "channel messages: {posts:?}");
    assert!(
        h.fake.refusals().is_empty(),
        "refused: {:?}",
        h.fake.refusals()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_group_dm_goes_through_interactions_only() {
    let h = Harness::registered().await;
    h.interact_from(|payload| in_group_dm(payload, ALICE));
    let requests = play_through_interactions(&h).await;
    assert_only_interactions(&h, &requests);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_server_that_never_invited_the_bot_goes_through_interactions_only() {
    let h = Harness::registered().await;
    h.fake.leave_guild(GUILD_ID);
    h.interact_from(|payload| in_server_without_bot(payload, ALICE));
    let requests = play_through_interactions(&h).await;
    assert_only_interactions(&h, &requests);
    h.stop().await;
}

/// A minute, in the clock's milliseconds.
const MINUTE_MS: i64 = 60_000;
/// The `clock` choices of `/challenge` (poise sends a choice's index).
const TEN_MINUTES: i64 = 1;
/// One hour a move.
const ONE_HOUR: i64 = 2;

/// In a group DM, Alice (who installed the app) challenges Bob with `clock`; Bob accepts and
/// the players make `moves`, each as its own `/move`. Returns the game and the interaction id
/// of the last move.
async fn clocked_game_in_group_dm(
    h: &Harness,
    clock: i64,
    moves: &[(Caller, &str)],
) -> (monkey_queen::games::GameId, u64) {
    h.interact_from(|payload| in_group_dm(payload, ALICE));
    let (game, _) = h
        .start_game_with(ALICE, BOB, vec![integer_option("clock", clock)])
        .await;
    let mut last = 0;
    for (who, text) in moves {
        last = h.next_id();
        h.play_as(last, *who, text).await.applied();
    }
    // Each move's handler goes on after its answer, taking the buttons off the board before;
    // done before the tests move the clocks past the tokens' lifetime.
    h.idle().await;
    (game, last)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_group_dm_the_reminder_and_the_loss_on_time_follow_up_the_last_move() {
    let h = Harness::registered_on_manual_clock().await;
    let clock = h.clock();
    let (game, last) = clocked_game_in_group_dm(&h, TEN_MINUTES, &[(ALICE, "g1-g4")]).await;
    let mark = h.fake.mark();
    // Ten minutes a move: Bob is reminded with a fifth left, within the token's 15 minutes.
    clock.advance(8 * MINUTE_MS + 1_000);
    let reminder = h
        .wait_since(mark, "the reminder", |r| {
            r.is("POST", &followup_path(last)) && content(r).contains("still your move")
        })
        .await;
    assert_eq!(
        reminder.pointer("/allowed_mentions/users"),
        Some(&serde_json::json!([BOB.id.to_string()])),
        "the reminder pings Bob"
    );
    clock.advance(2 * MINUTE_MS);
    let lost = h
        .wait_since(mark, "the board of the loss on time", |r| {
            r.is("POST", &followup_path(last)) && r.is_multipart()
        })
        .await;
    assert!(
        content(&lost).contains("ran out of time"),
        "{}",
        content(&lost)
    );
    let view = h.game(game).await;
    assert_eq!(view.status, GameStatus::Finished);
    assert_eq!(view.result.unwrap().reason, EndReason::Timeout);
    assert_only_interactions(&h, &h.fake.requests());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn once_the_token_has_expired_nothing_follows_it_up_and_the_players_get_dms() {
    let h = Harness::registered_on_manual_clock().await;
    let clock = h.clock();
    let moves = [(ALICE, "g1-g4"), (BOB, "f12-f9")];
    let (game, _) = clocked_game_in_group_dm(&h, ONE_HOUR, &moves).await;
    // Bob never installed the app nor shares a server with the bot: Discord refuses him DMs.
    h.fake.expect_refusals(|r| r.code == 50007);
    let mark = h.fake.mark();
    // An hour a move: Alice's reminder falls due 48 minutes in, long after Bob's move's token
    // stopped serving follow-ups (15 minutes).
    let advance = |ms: i64| {
        clock.advance(ms);
        h.fake
            .advance_clock(std::time::Duration::from_millis(ms as u64));
    };
    advance(48 * MINUTE_MS + 1_000);
    let reminder = h
        .wait_since(mark, "the reminder by DM", |r| {
            is_any_channel_message(r) && content(r).contains("still your move")
        })
        .await;
    assert_eq!(dm_user(&h, &reminder), Some(ALICE.id));
    advance(12 * MINUTE_MS);
    let board = h
        .wait_since(mark, "the result board by DM", |r| {
            is_any_channel_message(r) && r.is_multipart()
        })
        .await;
    assert_eq!(dm_user(&h, &board), Some(ALICE.id));
    assert!(
        content(&board).contains("ran out of time"),
        "{}",
        content(&board)
    );
    h.wait_since(mark, "the refused DM to Bob", |r| {
        is_any_channel_message(r) && dm_user(&h, r) == Some(BOB.id)
    })
    .await;
    assert_eq!(h.game(game).await.status, GameStatus::Finished);
    let late: Vec<String> = h
        .fake
        .requests()
        .iter()
        .skip(mark)
        .filter(|r| r.path.contains("/webhooks/"))
        .map(RecordedRequest::line)
        .collect();
    assert!(late.is_empty(), "follow-ups on expired tokens: {late:?}");
    h.stop().await;
}

/// The user whose DM a channel message was posted in.
fn dm_user(h: &Harness, request: &RecordedRequest) -> Option<u64> {
    let channel = request
        .path
        .strip_prefix("/api/v10/channels/")?
        .split('/')
        .next()?
        .parse()
        .ok()?;
    h.fake.dm_of(channel)
}

/// A game stays where it lives: a move made away from it (`/move game:` from the player's DM
/// with the bot, as from a board that came by DM) is answered there privately, and its board
/// goes to the game's own group DM (a follow-up of the latest interaction made there), where
/// the opponent is; the next boards keep going there. A Rematch clicked on a board that came
/// by DM is offered in the group DM too, where the opponent can answer it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_and_rematches_made_away_from_a_group_dm_game_go_to_the_group_dm() {
    let h = Harness::registered().await;
    h.interact_from(|payload| in_group_dm(payload, ALICE));
    let challenge = h
        .challenge(ALICE, Some(BOB), vec![integer_option("color", COLOR_WHITE)])
        .await;
    let (_, first) = h.accept(BOB, &challenge).await;
    let game = game_of(&first);
    let played = h.play(ALICE, "g1-g4").await;
    let in_group = interaction_id(&played.answer);
    played.applied();

    // Bob moves from his DM with the bot.
    h.interact_from(|payload| in_dm(payload, BOB));
    let mark = h.fake.mark();
    let away = h
        .play_payload(slash_command(
            0,
            BOB,
            "move",
            vec![
                string_option("move", "f12-f9"),
                integer_option("game", game.0),
            ],
        ))
        .await;
    let told = Lang::En.text(&Msg::BoardElsewhere {
        mv: h.game(game).await.last_move.expect("Bob's move"),
        game,
    });
    assert_ephemeral_answer(&away.answer, &told);
    let board = h
        .wait_since(mark, "the board in the group DM", |r| {
            r.is("POST", &followup_path(in_group)) && r.is_multipart()
        })
        .await;
    Board::from_request(board, std::time::Instant::now()).assert_pings(ALICE.id);
    assert_eq!(h.game(game).await.ply(), 2);

    // The game still lives in the group DM: Alice's move there is answered there, and the
    // board after it is the answer itself.
    h.interact_from(|payload| in_group_dm(payload, ALICE));
    let board = h.play(ALICE, "g4-g6").await.applied();
    board.assert_pings(BOB.id);

    // Bob resigns in the group DM; Alice asks for a rematch from a copy of the result board
    // in her DM: the offer goes to the group DM (a follow-up there), and Alice is told so.
    let resigned_in = resign_in_group_dm(&h, &board).await;
    h.interact_from(|payload| in_dm(payload, ALICE));
    let mark = h.fake.mark();
    let rematch = format!("rematch:{game}");
    let (answer, _) = h
        .click(
            ALICE,
            &rematch,
            "the result",
            std::slice::from_ref(&rematch),
        )
        .await;
    assert_ephemeral_answer(&answer, &Lang::En.text(&Msg::Done));
    let offer = h
        .wait_since(mark, "the rematch offer in the group DM", |r| {
            r.is("POST", &followup_path(resigned_in))
        })
        .await;
    assert!(
        content(&offer).contains("a rematch of game"),
        "{}",
        content(&offer)
    );
    h.idle().await;
    assert_only_interactions(&h, &h.fake.requests());
    h.stop().await;
}

/// Bob resigns `board`'s game from the group DM; returns the interaction id of the
/// confirmation (the latest interaction made there).
async fn resign_in_group_dm(h: &Harness, board: &Board) -> u64 {
    let mark = h.fake.mark();
    resign(h, BOB, board).await;
    let confirm = h
        .fake
        .requests()
        .into_iter()
        .skip(mark)
        .rfind(|r| r.path.ends_with("/callback"))
        .expect("the confirmation's answer");
    interaction_id(&confirm)
}

/// In a group DM, a game against the computer starts with its first board as a public
/// message of its own, pinging the player to move: the private "thinking…" is answered first,
/// so that the board is not Discord's first follow-up of the deferral (which would edit the
/// private message instead, hiding the board and dropping its mention).
/// Alice's `/challenge` of the computer, she playing White, as interaction `id`.
fn challenge_the_computer(id: u64) -> serde_json::Value {
    let computer = Caller {
        id: BOT_USER_ID,
        username: BOT_NAME,
    };
    let options = vec![
        user_option("opponent", computer),
        integer_option("color", COLOR_WHITE),
    ];
    with_resolved_bot(slash_command(id, ALICE, "challenge", options))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_in_a_group_dm_shows_its_first_board_to_everyone() {
    let h = Harness::registered().await;
    h.interact_from(|payload| in_group_dm(payload, ALICE));
    let id = h.next_id();
    h.push(challenge_the_computer(id));
    assert_deferred_ephemerally(&h.callback(id).await);
    let board = h
        .wait_since(0, "the first board", |r| {
            r.is("POST", &followup_path(id)) && r.is_multipart()
        })
        .await;
    let delivery = board.delivery.clone().expect("carried out");
    assert_eq!(delivery.change, Change::New, "a message of its own");
    assert!(!delivery.ephemeral, "everyone in the group DM sees it");
    assert_eq!(delivery.pinged, vec![ALICE.id]);
    h.stop().await;
}

/// A board request of the group DM's: a multipart follow-up, or a message in a channel or DM.
fn is_board_anywhere(r: &RecordedRequest) -> bool {
    r.is_multipart() && (is_board_delivery(r) || is_any_channel_message(r))
}

/// In a group DM, a `/move` deferred privately whose "thinking…" Discord fails to edit still
/// shows its board to everyone, pinging the player to move: its own token would make the
/// board Discord's first follow-up of the deferral, which edits the private "thinking…"
/// instead (hiding the board, pinging nobody), so the board follows up the game's latest
/// interaction before it (the Accept click), and is counted delivered only then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_private_deferral_cannot_be_edited_still_shows_its_board_to_everyone() {
    let h = Harness::registered_deferring_after(Duration::ZERO).await;
    h.interact_from(|payload| in_group_dm(payload, ALICE));
    let (game, _) = h.start_game(ALICE, BOB).await;
    h.idle().await;
    let id = h.next_id();
    h.fake
        .fail_requests(move |r| r.is("PATCH", &original_path(id)));
    let mark = h.fake.mark();
    h.push(slash_command(
        id,
        ALICE,
        "move",
        vec![string_option("move", "g1-g4")],
    ));
    assert_deferred_ephemerally(&h.callback(id).await);
    let board = h.wait_since(mark, "the board", is_board_anywhere).await;
    h.idle().await;
    let delivery = board.delivery.clone().expect("carried out");
    assert_eq!(
        delivery.change,
        Change::New,
        "{}: a message of its own",
        board.line()
    );
    assert!(!delivery.ephemeral, "everyone in the group DM sees it");
    assert_eq!(delivery.pinged, vec![BOB.id], "it pings the player to move");
    let on_own_token = h.count_since(mark, |r| r.is("POST", &followup_path(id)));
    assert_eq!(on_own_token, 0, "nothing follows up the unedited deferral");
    assert_eq!(h.game(game).await.ply(), 1);
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        0,
        "the board is out, so nothing is owed"
    );
    h.stop().await;
}

/// In a group DM, a game against the computer whose private "thinking…" Discord fails to edit
/// sends its first board to the player's DM: no board follows up the unedited deferral (it
/// would edit the "thinking…" instead), and the game has no earlier interaction to follow up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_computer_whose_deferral_cannot_be_edited_sends_its_board_by_dm() {
    let h = Harness::registered().await;
    h.interact_from(|payload| in_group_dm(payload, ALICE));
    let id = h.next_id();
    h.fake
        .fail_requests(move |r| r.is("PATCH", &original_path(id)));
    h.push(challenge_the_computer(id));
    assert_deferred_ephemerally(&h.callback(id).await);
    let board = h.wait_since(0, "the first board", is_board_anywhere).await;
    h.idle().await;
    let delivery = board.delivery.clone().expect("carried out");
    assert_eq!(
        delivery.change,
        Change::New,
        "{}: a message of its own",
        board.line()
    );
    assert!(!delivery.ephemeral);
    assert_eq!(dm_user(&h, &board), Some(ALICE.id), "{}", board.line());
    let on_own_token = h.count_since(0, |r| r.is("POST", &followup_path(id)));
    assert_eq!(
        on_own_token, 0,
        "neither a board nor an apology follows up the unedited deferral: the game started"
    );
    h.stop().await;
}
