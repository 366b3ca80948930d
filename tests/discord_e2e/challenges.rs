//! Challenges: open ones taken by anyone, declined and cancelled ones, a game against the
//! computer, and a Spanish-speaking player and server.

use monkey_queen::games::{AiLevel, ChallengeStatus, UserError, UserId};
use monkey_queen::i18n::{Lang, Msg};
use monkey_queen_core::{Move, Position, Role};
use serde_json::Value;

use crate::harness::{
    Board, COLOR_BLACK, COLOR_WHITE, Harness, UPDATE_MESSAGE, assert_deferred_ephemerally,
    assert_ephemeral_answer, content, custom_ids, game_of, kind, millis, print_summary,
};
use crate::support::fake_discord::{BOT_NAME, BOT_USER_ID};
use crate::support::payloads::{
    ALICE, BOB, CAROL, Caller, bot_message, button_click, integer_option, slash_command,
    string_option, user_option, with_locales, with_resolved_bot, with_resolved_user,
};

fn refusal(lang: Lang, error: &UserError) -> String {
    lang.text(&Msg::Refused(error))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_challenge_is_taken_by_a_third_member() {
    let h = Harness::registered().await;
    let challenge = h
        .challenge(ALICE, None, vec![integer_option("color", COLOR_WHITE)])
        .await;
    let id = challenge.id.0;
    // Nobody declines an open challenge: Accept for anyone, Cancel for Alice.
    assert_eq!(
        challenge.custom_ids,
        [format!("accept:{id}"), format!("cancel:{id}")]
    );
    assert!(
        challenge.content.contains("Anyone may accept"),
        "{}",
        challenge.content
    );

    let (own, _) = h
        .click(
            ALICE,
            &challenge.button("accept"),
            &challenge.content,
            &challenge.custom_ids,
        )
        .await;
    assert_ephemeral_answer(&own, &refusal(Lang::En, &UserError::OwnChallenge));

    let (callback, board) = h.accept(CAROL, &challenge).await;
    assert_eq!(kind(&callback), UPDATE_MESSAGE);
    assert_eq!(
        custom_ids(callback.pointer("/data/components")),
        Vec::<String>::new()
    );
    let game = game_of(&board);
    let view = h.game(game).await;
    assert_eq!(
        (view.white.id, view.black.id),
        (UserId(ALICE.id), UserId(CAROL.id))
    );
    board.assert_pings(ALICE.id);
    board.picture.assert_shows(&view.position);

    // A late click on the old message: the challenge is taken.
    let (late, _) = h
        .click(
            BOB,
            &challenge.button("accept"),
            &challenge.content,
            &challenge.custom_ids,
        )
        .await;
    let taken = UserError::ChallengeNotPending {
        status: ChallengeStatus::Accepted,
    };
    assert_ephemeral_answer(&late, &refusal(Lang::En, &taken));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_declined_challenge_is_closed_in_place() {
    let h = Harness::registered().await;
    let challenge = h.challenge(ALICE, Some(BOB), Vec::new()).await;
    let mark = h.fake.mark();
    let decline = challenge.button("decline");
    let (other, _) = h
        .click(CAROL, &decline, &challenge.content, &challenge.custom_ids)
        .await;
    let not_hers = UserError::NotChallenged {
        challenged: Some(UserId(BOB.id)),
    };
    assert_ephemeral_answer(&other, &refusal(Lang::En, &not_hers));

    let (callback, _) = h
        .click(BOB, &decline, &challenge.content, &challenge.custom_ids)
        .await;
    assert_eq!(kind(&callback), UPDATE_MESSAGE);
    assert_eq!(
        callback
            .pointer("/data/components")
            .and_then(Value::as_array)
            .map(Vec::len),
        Some(0),
        "the buttons are removed"
    );
    let text = callback
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap();
    assert!(
        text.contains(&format!("Declined by <@{}>", BOB.id)),
        "{text}"
    );
    let stored = h.service.challenge(challenge.id).await.unwrap();
    assert_eq!(stored.status, ChallengeStatus::Declined);
    assert_eq!(stored.game, None);
    assert!(
        h.channel_messages_since(mark).is_empty(),
        "no game, no board"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_challenge_is_closed_and_cannot_be_accepted() {
    let h = Harness::registered().await;
    let challenge = h.challenge(ALICE, Some(BOB), Vec::new()).await;
    let mark = h.fake.mark();
    let cancel = challenge.button("cancel");
    let (theirs, _) = h
        .click(BOB, &cancel, &challenge.content, &challenge.custom_ids)
        .await;
    let not_his = UserError::NotChallenger {
        challenger: UserId(ALICE.id),
    };
    assert_ephemeral_answer(&theirs, &refusal(Lang::En, &not_his));

    let (callback, _) = h
        .click(ALICE, &cancel, &challenge.content, &challenge.custom_ids)
        .await;
    assert_eq!(kind(&callback), UPDATE_MESSAGE);
    assert_eq!(
        custom_ids(callback.pointer("/data/components")),
        Vec::<String>::new()
    );
    let text = callback
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap();
    assert!(
        text.contains(&format!("Cancelled by <@{}>", ALICE.id)),
        "{text}"
    );

    let (late, _) = h
        .click(
            BOB,
            &challenge.button("accept"),
            &challenge.content,
            &challenge.custom_ids,
        )
        .await;
    let gone = UserError::ChallengeNotPending {
        status: ChallengeStatus::Cancelled,
    };
    assert_ephemeral_answer(&late, &refusal(Lang::En, &gone));
    assert_eq!(
        h.service.challenge(challenge.id).await.unwrap().status,
        ChallengeStatus::Cancelled
    );
    assert!(h.channel_messages_since(mark).is_empty());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenging_the_bot_starts_a_game_against_the_computer() {
    let h = Harness::registered().await;
    let id = h.next_id();
    let options = vec![
        user_option(
            "opponent",
            Caller {
                id: BOT_USER_ID,
                username: BOT_NAME,
            },
        ),
        integer_option("color", COLOR_BLACK),
        integer_option("level", 0),
    ];
    let mark = h.fake.mark();
    let sent = h.push(with_resolved_bot(slash_command(
        id,
        ALICE,
        "challenge",
        options,
    )));
    assert_deferred_ephemerally(&h.callback(id).await);
    let started = Board::from_request(h.channel_message(mark).await, sent);
    let game = game_of(&started);
    // The computer plays White and moves first; nobody is pinged for the computer.
    assert!(started.mentioned.is_empty(), "{:?}", started.mentioned);
    started
        .picture
        .assert_shows(&Position::start(Default::default()));
    let view = h.game(game).await;
    assert_eq!(view.white.id, UserId(BOT_USER_ID));
    assert_eq!(view.ai_level, Some(AiLevel::Easy));
    assert!(!view.rated);
    let edit = h.original_edit(id).await;
    assert!(
        content(&edit).contains(&format!("Game #{game}")),
        "{}",
        content(&edit)
    );

    // The computer's move arrives as a new board message that pings Alice.
    let reply = h.next_board(&started, sent).await;
    reply.assert_pings(ALICE.id);
    assert!(reply.content.starts_with("White queen") || reply.content.starts_with("White baby"));
    let view = h.game(game).await;
    assert_eq!(view.ply(), 1);
    reply.picture.assert_shows(&view.position);

    // Alice answers (not leaving her queen to be taken); the computer's reply follows as its
    // own message.
    let mine = safe_move(&view.position);
    let mut times = Vec::new();
    let played = h.play(ALICE, &mine).await.applied();
    times.push(played.took);
    let answer = h.next_board(&played, played.request.received_at).await;
    answer.assert_pings(ALICE.id);
    let view = h.game(game).await;
    assert_eq!(view.ply(), 3);
    assert_eq!(view.to_move, Some(UserId(ALICE.id)));
    answer.picture.assert_shows(&view.position);
    print_summary("computer game: dispatch → board PNG uploaded", times);
    println!(
        "computer game: Alice's board → the computer's board {:.1} ms",
        millis(answer.took)
    );
    h.stop().await;
}

/// A legal move after which the opponent cannot capture the mover's queen (R7.1).
fn safe_move(position: &Position) -> String {
    position
        .legal_moves()
        .into_iter()
        .map(|m| m.to_string())
        .find(|m| {
            let mut after = position.clone();
            after.play_str(m).unwrap();
            !after.legal_moves().iter().any(|reply| {
                matches!(
                    reply,
                    Move::Normal {
                        capture: Some(Role::Queen),
                        ..
                    }
                )
            })
        })
        .expect("a move that keeps the queen")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spanish_speakers_get_spanish_text() {
    let h = Harness::registered().await;
    // A Spanish server: the public messages are in Spanish.
    let id = h.next_id();
    let mut payload = slash_command(id, ALICE, "challenge", Vec::new());
    payload["data"]["options"] = Value::Array(vec![
        user_option("opponent", BOB),
        integer_option("color", COLOR_WHITE),
    ]);
    let payload = with_locales(with_resolved_user(payload, &[BOB]), "es-ES", "es-ES");
    h.push(payload);
    let callback = h.callback(id).await;
    let text = callback
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap();
    assert!(text.contains("desafía"), "{text}");
    let accept = custom_ids(callback.pointer("/data/components"))[0].clone();
    let labels: Vec<&str> = callback
        .pointer("/data/components/0/components")
        .and_then(Value::as_array)
        .unwrap()
        .iter()
        .map(|b| b["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels[0],
        Lang::Es.text(&Msg::Label(monkey_queen::i18n::Button::Accept))
    );

    let mark = h.fake.mark();
    let click_id = h.next_id();
    let message = bot_message(9_999, text, &[accept.as_str()]);
    let click = with_locales(
        button_click(click_id, BOB, &accept, message),
        "es-ES",
        "es-ES",
    );
    let sent = h.push(click);
    let board = Board::from_request(h.channel_message(mark).await, sent);
    assert!(
        board.content.contains("juega con blancas"),
        "{}",
        board.content
    );
    board.assert_pings(ALICE.id);

    // A Spanish player: refusals and confirmations in Spanish, the move itself public.
    let spanish = |text: &str| {
        with_locales(
            slash_command(0, ALICE, "move", vec![string_option("move", text)]),
            "es-ES",
            "es-ES",
        )
    };
    let illegal = Position::start(Default::default())
        .play_str("g1-h3")
        .unwrap_err();
    h.play_payload(spanish("g1-h3"))
        .await
        .assert_refused(&refusal(Lang::Es, &UserError::Illegal(illegal)));
    let played = h.play_payload(spanish("g1-g7")).await;
    assert_eq!(played.reply, "Has jugado g1-g7.");
    let board = played.board.unwrap();
    assert!(
        board
            .content
            .starts_with("Reina blanca g1–g7, nace un bebé en g1"),
        "{}",
        board.content
    );
    h.stop().await;
}
