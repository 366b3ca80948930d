//! Discord failing under the bot: REST calls answered with 500 or 429, answers lost on the way,
//! and the gateway connection dropped, closed, told to reconnect or invalidated. A move is
//! applied exactly once or not at all, a saved move stays saved when its board cannot be
//! posted, and the game goes on.

use std::time::{Duration, Instant};

use monkey_queen::games::{ChallengeStatus, GameId, GameRef, UserId};
use monkey_queen::i18n::{Lang, Msg};
use monkey_queen_core::Position;
use poise::serenity_prelude::GuildId;

use crate::harness::{
    Board, COLOR_WHITE, Harness, PostedChallenge, UPDATE_MESSAGE, WAIT, callback_path, custom_ids,
    followup_path, game_of, guild_commands_path, is_board_delivery, kind, original_path,
};
use crate::support::fake_discord::{FakeDiscord, GatewayFault, RateLimit, RecordedRequest, first};
use crate::support::payloads::{
    ALICE, BOB, GUILD_ID, bot_message, button_click, integer_option, slash_command, string_option,
    user_option, with_resolved_user,
};

/// The requests for the callback of interaction `id`, in order.
fn callbacks(h: &Harness, id: u64) -> Vec<RecordedRequest> {
    h.fake
        .requests()
        .into_iter()
        .filter(|r| r.is("POST", &callback_path(id)))
        .collect()
}

/// The first `count` callbacks of interaction `id`, waiting for them.
async fn callbacks_until(h: &Harness, id: u64, count: usize) -> Vec<RecordedRequest> {
    let mut found: Vec<RecordedRequest> = Vec::new();
    while found.len() < count {
        let after = found.last().map(|r| r.received_at);
        let what = format!("callback {} of {id}", found.len() + 1);
        let next = h
            .wait_since(0, &what, |r| {
                r.is("POST", &callback_path(id)) && after.is_none_or(|a| r.received_at > a)
            })
            .await;
        found.push(next);
    }
    found
}

/// The moves stored for `game`, in order.
async fn stored_moves(h: &Harness, game: GameId) -> Vec<String> {
    let record = h.service.record(game).await.unwrap();
    record.moves.iter().map(|m| m.notation.clone()).collect()
}

/// The position after `moves` from the start (R3: the default 12×12 game).
fn position_after(moves: &[&str]) -> Position {
    let mut position = Position::start(Default::default());
    for mv in moves {
        position.play_str(mv).unwrap();
    }
    position
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_answer_fails_stands_and_its_board_goes_to_the_channel() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    // Discord fails every answer to this /move: the move is saved first, so it stands, and
    // its board is posted in the channel instead (it still pings Bob).
    let id = h.next_id();
    h.fake
        .fail_requests(move |r| r.is("POST", &callback_path(id)));
    let mark = h.fake.mark();
    let sent = h.push(slash_command(
        id,
        ALICE,
        "move",
        vec![string_option("move", "g1-g4")],
    ));
    let board = Board::from_request(h.channel_message(mark).await, sent);
    board.assert_pings(BOB.id);
    assert_eq!(callbacks(&h, id).len(), 3, "an answer is tried three times");
    assert_eq!(stored_moves(&h, game).await, ["g1-g4"]);

    // The game goes on, and the next board shows both moves.
    let board = h.play(BOB, "f12-f9").await.applied();
    assert!(
        board.content.starts_with("Black queen f12–f9"),
        "{}",
        board.content
    );
    board.assert_pings(ALICE.id);
    let view = h.game(game).await;
    assert_eq!(view.position, position_after(&["g1-g4", "f12-f9"]));
    board.picture.assert_shows(&view.position);
    assert_eq!(stored_moves(&h, game).await, ["g1-g4", "f12-f9"]);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_board_answer_is_sent_again_once_the_limit_has_passed() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    let retry_after = Duration::from_millis(300);
    let mut played = Vec::new();
    for (who, text, global) in [(ALICE, "g1-g4", false), (BOB, "f12-f9", true)] {
        let id = h.next_id();
        h.fake.rate_limit_requests(
            RateLimit {
                retry_after,
                global,
            },
            first(1, move |r| r.is("POST", &callback_path(id))),
        );
        h.play_as(id, who, text).await;
        played.push(text);
        let answers = callbacks_until(&h, id, 2).await;
        let board = Board::from_request(answers[1].clone(), answers[0].received_at);
        let waited = answers[1]
            .received_at
            .duration_since(answers[0].received_at);
        assert!(waited >= retry_after, "retried after {waited:?}");
        let view = h.game(game).await;
        assert_eq!(view.position, position_after(&played));
        board.picture.assert_shows(&view.position);
        board.assert_pings(view.to_move.unwrap().0);
    }
    assert_eq!(stored_moves(&h, game).await, ["g1-g4", "f12-f9"]);

    // A limit that outlasts every retry: the move stands, its board goes to the channel, and
    // the next board shows the game as it is.
    let id = h.next_id();
    let limit = RateLimit {
        retry_after,
        global: false,
    };
    h.fake
        .rate_limit_requests(limit, move |r| r.is("POST", &callback_path(id)));
    let mark = h.fake.mark();
    let sent = h.push(slash_command(
        id,
        ALICE,
        "move",
        vec![string_option("move", "g4-g6")],
    ));
    let board = Board::from_request(h.channel_message(mark).await, sent);
    board.assert_pings(BOB.id);
    let board = h.play(BOB, "f9-f7").await.applied();
    let view = h.game(game).await;
    assert_eq!(
        view.position,
        position_after(&["g1-g4", "f12-f9", "g4-g6", "f9-f7"])
    );
    board.picture.assert_shows(&view.position);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_answer_that_fails_to_arrive_is_sent_again() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    let id = h.next_id();
    // Discord refuses an answer with a 500 without taking it, then rate limits the next
    // attempt: the third gets through, within the interaction's 3 seconds.
    h.fake
        .fail_requests(first(1, move |r| r.is("POST", &callback_path(id))));
    h.fake.rate_limit_requests(
        RateLimit {
            retry_after: Duration::from_millis(100),
            global: false,
        },
        first(1, move |r| r.is("POST", &callback_path(id))),
    );
    h.play_as(id, ALICE, "g1-g4").await;
    let answers = callbacks_until(&h, id, 3).await;
    let board = Board::from_request(answers[2].clone(), answers[0].received_at);
    board.picture.assert_shows(&h.game(game).await.position);
    assert_eq!(stored_moves(&h, game).await, ["g1-g4"]);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_stops_while_the_gateway_is_down() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    h.play(ALICE, "g1-g4").await.applied();
    // The connection drops and the bot cannot get back in.
    h.fake.gateway_outage(true);
    h.fake.gateway_fault(GatewayFault::Drop);
    assert_eq!(stored_moves(&h, game).await, ["g1-g4"]);
    // `stop` fails the test if the bot has not stopped within its wait.
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_answer_was_lost_is_applied_and_shown_once() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;

    // Discord refuses the answer with a 500, having done nothing: the bot answers again.
    let id = h.next_id();
    h.fake
        .fail_requests(first(1, move |r| r.is("POST", &callback_path(id))));
    let mark = h.fake.mark();
    h.play_as(id, ALICE, "g1-g4").await;
    callbacks_until(&h, id, 2).await;
    assert!(
        h.channel_messages_since(mark).is_empty(),
        "no board in the channel"
    );

    // Discord takes the answer but its reply is lost (500): the second attempt is refused as
    // already acknowledged, which tells the bot the first went through; it looks the board up
    // (for `/games`) instead of sending it again. Played and shown once.
    let id = h.next_id();
    h.fake
        .lose_answers(first(1, move |r| r.is("POST", &callback_path(id))));
    h.fake
        .expect_refusals(move |r| r.code == 40060 && r.request.ends_with(&callback_path(id)));
    let mark = h.fake.mark();
    let sent = h.push(slash_command(
        id,
        BOB,
        "move",
        vec![string_option("move", "f12-f9")],
    ));
    h.wait_since(mark, "the board's lookup", |r| {
        r.is("GET", &original_path(id))
    })
    .await;
    let answers = callbacks(&h, id);
    assert_eq!(answers.len(), 2);
    let board = Board::from_request(answers[0].clone(), sent);
    board.assert_pings(ALICE.id);
    assert!(
        h.channel_messages_since(mark).is_empty(),
        "no board in the channel"
    );
    assert_eq!(stored_moves(&h, game).await, ["g1-g4", "f12-f9"]);

    // Alice goes on.
    h.play(ALICE, "g4-g6").await.applied();
    assert_eq!(stored_moves(&h, game).await, ["g1-g4", "f12-f9", "g4-g6"]);
    h.stop().await;
}

/// Plays a game through `fault`: Alice moves, the fault strikes, Bob moves, then Alice again.
/// When the session can be resumed, Bob's move is sent during a gateway outage, so it reaches
/// the bot only as Discord's replay of what it missed; otherwise it is sent once the new
/// session is up (a new session gets no old events).
async fn the_game_goes_on_through(fault: GatewayFault) {
    // Bob's move comes by the gateway's replay: interactions come by the gateway here.
    let h = Harness::registered_by_gateway().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    h.play(ALICE, "g1-g4").await.applied();
    // serenity re-identifies (rather than resumes) after a session Discord invalidated and
    // after a connection that stopped acknowledging heartbeats.
    let resumable = !matches!(
        fault,
        GatewayFault::InvalidSession { resumable: false } | GatewayFault::Zombie
    );
    let mark = h.fake.mark();
    let struck = Instant::now();
    if resumable {
        h.fake.gateway_outage(true);
        h.fake.gateway_fault(fault);
        let id = h.next_id();
        h.push(slash_command(
            id,
            BOB,
            "move",
            vec![string_option("move", "f12-f9")],
        ));
        h.fake.gateway_outage(false);
        let answer = h.callback(id).await;
        assert!(answer.is_multipart(), "{fault:?}: the board is the answer");
        assert_eq!(h.fake.resumes(), 1, "{fault:?}: resumed");
        assert_eq!(h.fake.sessions(), 1, "{fault:?}: not identified again");
        assert_eq!(h.fake.replayed(), 1, "{fault:?}: Bob's move came by replay");
    } else {
        h.fake.gateway_fault(fault);
        assert!(
            h.fake.wait_for_sessions(2, WAIT).await,
            "{fault:?}: no new session"
        );
        assert_eq!(h.fake.resumes(), 0);
        h.play(BOB, "f12-f9").await.applied();
    }
    println!("{fault:?}: back and answering after {:?}", struck.elapsed());
    let boards: Vec<_> = h
        .fake
        .requests()
        .into_iter()
        .skip(mark)
        .filter(|r| r.path.ends_with("/callback") && r.is_multipart())
        .collect();
    assert_eq!(boards.len(), 1, "{fault:?}: one board for Bob's move");
    let board = Board::from_request(boards[0].clone(), struck);
    board.picture.assert_shows(&h.game(game).await.position);
    h.play(ALICE, "g4-g6").await.applied();
    assert_eq!(stored_moves(&h, game).await, ["g1-g4", "f12-f9", "g4-g6"]);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_goes_on_after_the_connection_drops() {
    the_game_goes_on_through(GatewayFault::Drop).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_goes_on_after_a_resumable_close() {
    the_game_goes_on_through(GatewayFault::Close(4000)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_goes_on_after_discord_asks_for_a_reconnect() {
    the_game_goes_on_through(GatewayFault::Reconnect).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_goes_on_after_a_resumable_invalid_session() {
    the_game_goes_on_through(GatewayFault::InvalidSession { resumable: true }).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_goes_on_in_a_new_session_after_an_invalid_session() {
    the_game_goes_on_through(GatewayFault::InvalidSession { resumable: false }).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_game_goes_on_in_a_new_session_after_heartbeats_go_unanswered() {
    the_game_goes_on_through(GatewayFault::Zombie).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn command_registration_is_retried_while_discord_fails_or_rate_limits() {
    let fake = FakeDiscord::start().await;
    let registration = |r: &RecordedRequest| r.is("PUT", &guild_commands_path());
    fake.fail_requests(first(1, registration));
    let retry_after = Duration::from_millis(500);
    fake.rate_limit_requests(
        RateLimit {
            retry_after,
            global: false,
        },
        first(1, registration),
    );
    let h = Harness::start_on(fake, Some(GuildId::new(GUILD_ID))).await;
    let failed = h.await_registration(0).await;
    let limited = h
        .wait_since(0, "the second registration", |r| {
            registration(r) && r.received_at > failed.received_at
        })
        .await;
    let registered = h
        .wait_since(0, "the third registration", |r| {
            registration(r) && r.received_at > limited.received_at
        })
        .await;
    let waited = registered.received_at.duration_since(limited.received_at);
    assert!(waited >= retry_after, "retried after {waited:?}");
    assert_eq!(registered.json, failed.json, "the same commands each time");
    // The bot serves commands all along.
    let (game, _) = h.start_game(ALICE, BOB).await;
    h.play(ALICE, "g1-g4").await.applied();
    assert_eq!(stored_moves(&h, game).await, ["g1-g4"]);
    h.stop().await;
}

/// With the bot's database unreachable, a `/move` deferred at once is told privately, in place
/// of its "thinking…", to try again in a moment (before, the apology was sent as a first answer
/// the interaction already had, and lost).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_the_database_cannot_serve_after_its_deferral_is_told_to_try_again() {
    let h = Harness::registered_deferring_after(Duration::ZERO).await;
    h.start_game(ALICE, BOB).await;
    h.close_bots_database().await;
    let id = h.next_id();
    let mark = h.fake.mark();
    h.push(slash_command(
        id,
        ALICE,
        "move",
        vec![string_option("move", "g1-g4")],
    ));
    let try_again = Lang::En.text(&Msg::DatabaseUnreachable);
    let told = h
        .wait_since(mark, "the try again", |r| {
            (r.is("PATCH", &original_path(id)) || r.is("POST", &followup_path(id)))
                && r.pointer("/content").and_then(|c| c.as_str()) == Some(try_again.as_str())
        })
        .await;
    let shown = told.delivery.expect("Discord showed it");
    assert!(shown.ephemeral, "only Alice sees it");
    h.stop().await;
}

/// `/challenge` of Bob by Alice as interaction `id`.
fn challenge_of_bob(id: u64) -> serde_json::Value {
    let options = vec![user_option("opponent", BOB)];
    with_resolved_user(slash_command(id, ALICE, "challenge", options), &[BOB])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_whose_message_cannot_be_posted_is_withdrawn_and_may_be_made_again() {
    let h = Harness::registered().await;
    let id = h.next_id();
    h.fake
        .fail_requests(move |r| r.is("POST", &callback_path(id)));
    let mark = h.fake.mark();
    h.push(challenge_of_bob(id));
    let sorry = Lang::En.text(&Msg::Internal);
    h.wait_since(mark, "the apology", |r| {
        r.is("POST", &callback_path(id))
            && r.pointer("/data/content").and_then(|c| c.as_str()) == Some(sorry.as_str())
    })
    .await;
    let attempts = callbacks(&h, id);
    assert_eq!(
        attempts.len(),
        4,
        "three tries at the challenge, one at the apology"
    );
    // Nobody can see the challenge, so it is withdrawn…
    let unposted = PostedChallenge::from_callback(&attempts[0]).id;
    let stored = h.service.challenge(unposted).await.unwrap();
    assert_eq!(stored.status, ChallengeStatus::Cancelled);
    // …and Alice may challenge Bob again (no "already pending").
    let again = h.challenge(ALICE, Some(BOB), Vec::new()).await;
    assert_ne!(again.id, unposted);
    let (_, board) = h.accept(BOB, &again).await;
    assert!(h.game(game_of(&board)).await.is_active());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_posted_though_its_answer_was_lost_stands() {
    let h = Harness::registered().await;
    let id = h.next_id();
    h.fake
        .lose_answers(first(1, move |r| r.is("POST", &callback_path(id))));
    h.fake
        .expect_refusals(move |r| r.code == 40060 && r.request.ends_with(&callback_path(id)));
    h.push(challenge_of_bob(id));
    // The retry is refused (already acknowledged), so the bot asks Discord for the message.
    h.wait_since(0, "the message lookup", |r| r.is("GET", &original_path(id)))
        .await;
    let attempts = callbacks(&h, id);
    assert_eq!(attempts.len(), 2);
    let posted = PostedChallenge::from_callback(&attempts[0]);
    let (_, board) = h.accept(BOB, &posted).await;
    let stored = h.service.challenge(posted.id).await.unwrap();
    assert_eq!(stored.status, ChallengeStatus::Accepted);
    assert!(stored.message.is_some(), "the message is remembered");
    assert!(h.game(game_of(&board)).await.is_active());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accepted_challenge_starts_its_game_even_if_the_click_cannot_be_answered() {
    let h = Harness::registered().await;
    let click = |posted: &PostedChallenge, id: u64| {
        let ids: Vec<&str> = posted.custom_ids.iter().map(String::as_str).collect();
        let message = bot_message(9_000 + id, &posted.content, &ids);
        button_click(id, BOB, &posted.button("accept"), message)
    };
    let white = vec![integer_option("color", COLOR_WHITE)];

    // Rate limited once: the answer is retried and closes the challenge.
    let posted = h.challenge(ALICE, Some(BOB), white.clone()).await;
    let id = h.next_id();
    let limit = RateLimit {
        retry_after: Duration::from_millis(100),
        global: false,
    };
    h.fake
        .rate_limit_requests(limit, first(1, move |r| r.is("POST", &callback_path(id))));
    let mark = h.fake.mark();
    h.push(click(&posted, id));
    h.wait_since(mark, "the first board", |r| {
        r.is("POST", &callback_path(id)) && r.is_multipart() && r.delivery.is_some()
    })
    .await;
    h.idle().await;
    h.assert_pinged_since(mark, ALICE.id);
    let attempts = callbacks(&h, id);
    assert_eq!(attempts.len(), 2);
    assert_eq!(kind(&attempts[1]), UPDATE_MESSAGE);
    assert_eq!(
        custom_ids(attempts[1].pointer("/data/components")).len(),
        2,
        "Move and Resign"
    );
    h.play(ALICE, "g1-g4").await.applied();

    // Every answer fails: the game starts all the same and its board pings the player to
    // move (Bob's client says the interaction failed; the board in the channel says more).
    let posted = h.challenge(ALICE, Some(BOB), white).await;
    let id = h.next_id();
    h.fake
        .fail_requests(move |r| r.is("POST", &callback_path(id)));
    let mark = h.fake.mark();
    let sent = h.push(click(&posted, id));
    let board = Board::from_request(h.channel_message(mark).await, sent);
    board.assert_pings(ALICE.id);
    let game = game_of(&board);
    assert_eq!(
        h.service.challenge(posted.id).await.unwrap().game,
        Some(game)
    );
    assert_eq!(callbacks(&h, id).len(), 3, "three tries, no apology");
    let id = h.next_id();
    let options = vec![
        string_option("move", "g1-g7"),
        integer_option("game", game.0),
    ];
    h.push(slash_command(id, ALICE, "move", options));
    assert!(
        h.callback(id).await.is_multipart(),
        "the board is the answer"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_is_announced_even_if_the_click_cannot_be_answered() {
    // The click's answer is a REST call that fails: over HTTP it would go in the response.
    let h = Harness::registered_by_gateway().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    let board = h.play(ALICE, "g1-g4").await.applied();
    let resign = board.resign_button().unwrap().clone();
    let (question, _) = h
        .click(BOB, &resign, &board.content, &board.custom_ids)
        .await;
    let confirm = custom_ids(question.pointer("/data/components"));
    let text = question
        .pointer("/data/content")
        .and_then(|c| c.as_str())
        .unwrap()
        .to_owned();
    let id = h.next_id();
    h.fake
        .fail_requests(move |r| r.is("POST", &callback_path(id)));
    let mark = h.fake.mark();
    let ids: Vec<&str> = confirm.iter().map(String::as_str).collect();
    let sent = h.push(button_click(
        id,
        BOB,
        &confirm[0],
        bot_message(9_000 + id, &text, &ids),
    ));
    // R7.4: Bob resigns; the result board is posted though the question could not be closed.
    let result = Board::from_request(h.channel_message(mark).await, sent);
    assert!(
        result.content.contains(&format!("<@{}> resigned", BOB.id)),
        "{}",
        result.content
    );
    assert!(!h.game(game).await.is_active());
    assert_eq!(callbacks(&h, id).len(), 3, "three tries, no apology");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_offer_that_cannot_be_posted_is_withdrawn_and_may_be_made_again() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    h.play(ALICE, "g1-g4").await.applied();
    h.service
        .resign(UserId(BOB.id), GameRef::Id(game), None)
        .await
        .unwrap();
    let rematch = format!("rematch:{game}");
    let id = h.next_id();
    h.fake
        .fail_requests(move |r| r.is("POST", &callback_path(id)));
    let mark = h.fake.mark();
    let message = bot_message(9_000 + id, "Game over", &[rematch.as_str()]);
    h.push(button_click(id, ALICE, &rematch, message));
    let sorry = Lang::En.text(&Msg::Internal);
    h.wait_since(mark, "the apology", |r| {
        r.is("POST", &callback_path(id))
            && r.pointer("/data/content").and_then(|c| c.as_str()) == Some(sorry.as_str())
    })
    .await;
    let attempts = callbacks(&h, id);
    assert_eq!(
        attempts.len(),
        4,
        "three tries at the offer, one at the apology"
    );
    let unposted = PostedChallenge::from_callback(&attempts[0]).id;
    let stored = h.service.challenge(unposted).await.unwrap();
    assert_eq!(stored.status, ChallengeStatus::Cancelled);
    // The button works again: a new offer, not "a rematch already waits".
    let (offer, _) = h
        .click(ALICE, &rematch, "Game over", std::slice::from_ref(&rematch))
        .await;
    let offered = PostedChallenge::from_callback(&offer);
    assert_ne!(offered.id, unposted);
    let stored = h.service.challenge(offered.id).await.unwrap();
    assert_eq!(stored.status, ChallengeStatus::Pending);
    assert_eq!(stored.rematch_of, Some(game));
    h.stop().await;
}

/// A move's board that Discord took, though its reply could not be read, is delivered: the bot
/// does not post it again (which would ping the opponent twice), and it finds the message so
/// that the next board can take its buttons away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_answer_whose_reply_is_unreadable_is_not_sent_twice() {
    let h = Harness::registered().await;
    h.fake.expect_refusals(|r| {
        r.status == 429 && r.request.starts_with("POST") && r.request.ends_with("/messages")
    });
    let (game, _) = h.start_game(ALICE, BOB).await;
    let (_, who, [first, _]) = h.two_moves(game).await;
    let id = h.next_id();
    h.fake
        .garble_answers(move |r| r.is("POST", &callback_path(id)));
    let mark = h.fake.mark();
    let board = h.play_as(id, who, &first).await.applied();
    h.idle().await;
    assert_eq!(
        h.count_since(mark, is_board_delivery),
        0,
        "the board is posted once, as the answer"
    );
    assert!(
        h.count_since(mark, |r| r.is("GET", &original_path(id))) == 1,
        "the answer's message is looked up"
    );
    assert_eq!(h.game(game).await.ply(), 1);
    let stored = h.game(game).await.place.message;
    assert!(stored.is_some(), "{board:?}", board = board.content);
    h.stop().await;
}

/// A deferred move's board follow-up that Discord made but whose reply was unreadable is
/// delivered: it is not posted again in the channel, and nothing stays owed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_follow_up_whose_reply_is_unreadable_is_not_sent_twice() {
    let h = Harness::registered_deferring_after(std::time::Duration::ZERO).await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    let (_, mover, [text, _]) = h.two_moves(game).await;
    h.idle().await;
    let id = h.next_id();
    h.fake
        .garble_answers(move |r| r.is("POST", &followup_path(id)) && r.is_multipart());
    let mark = h.fake.mark();
    h.play_as(id, mover, &text).await.applied();
    h.idle().await;
    let boards: Vec<String> = h
        .fake
        .requests()
        .iter()
        .skip(mark)
        .filter(|r| is_board_delivery(r))
        .map(RecordedRequest::line)
        .collect();
    assert_eq!(boards.len(), 1, "{boards:?}");
    assert_eq!(h.game(game).await.ply(), 1);
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        0,
        "nothing owed"
    );
    h.stop().await;
}
