//! Announcements survive failures: a reminder or a computer's board whose post failed is
//! posted again by a later sweep (also by a restarted bot), and one Discord refuses for good
//! is not tried again. A move's board, a new game's first, or a resignation's result, that
//! reached nobody is posted once its grace is over; one the bot delivered itself is not
//! posted again.

use std::time::{Duration, Instant};

use monkey_queen::games::{BOARD_GRACE_MS, DELIVERY_LEASE_MS, retry_delay_ms};
use monkey_queen::i18n::{Lang, Msg};

use crate::harness::{Board, Harness, callback_path, content, custom_ids};
use crate::seeded::{
    MINUTE_MS, challenge_in, channel_messages_path, computer_plays_white, is_board_post, new_game,
    pending, play, player,
};
use crate::support::fake_discord::{RateLimit, RecordedRequest, first};
use crate::support::payloads::{ALICE, BOB, CHANNEL_ID, slash_command, string_option};

fn is_reminder(r: &RecordedRequest) -> bool {
    r.is("POST", &channel_messages_path()) && content(r).contains("still your move")
}

/// A bot on a manual clock, and a game with 10 minutes a move where Bob is to move.
async fn bob_to_move_on_a_clock() -> Harness {
    let h = Harness::registered_on_manual_clock().await;
    let game = new_game(
        &h.service,
        &player(ALICE),
        &player(BOB),
        Some(10 * MINUTE_MS),
    )
    .await;
    play(&h.service, &game, &player(ALICE), "g1-g7").await;
    h
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_whose_post_failed_is_posted_by_a_later_sweep_even_after_a_restart() {
    let h = bob_to_move_on_a_clock().await;
    // Discord fails the first reminder with a 500: it may or may not have been posted, so the
    // bot does not repeat the post at once.
    h.fake.fail_requests(first(1, is_reminder));
    let mark = h.fake.mark();
    h.clock().advance(8 * MINUTE_MS);
    h.fake
        .expect_request_since(mark, "the failed reminder", is_reminder)
        .await;
    h.sweeps(3).await;
    assert_eq!(h.count_since(mark, is_reminder), 1, "not before its retry");
    let failed = h.fake.mark();

    let h = h.restart().await;
    h.clock().advance(retry_delay_ms(1));
    let reminder = h
        .fake
        .expect_request_since(failed, "the reminder, again", is_reminder)
        .await;
    assert!(content(&reminder).contains(&format!("<@{}>", BOB.id)));
    h.sweeps(3).await;
    assert_eq!(
        h.count_since(mark, is_reminder),
        2,
        "delivered: not sent again"
    );
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_discord_refuses_for_good_is_not_tried_again() {
    let h = bob_to_move_on_a_clock().await;
    // The bot lost the right to post in the channel.
    h.fake.refuse_requests(is_reminder);
    let mark = h.fake.mark();
    h.clock().advance(8 * MINUTE_MS);
    h.fake
        .expect_request_since(mark, "the refused reminder", is_reminder)
        .await;
    h.sweeps(2).await;
    h.clock().advance(retry_delay_ms(1) * 4);
    h.sweeps(3).await;
    assert_eq!(h.count_since(mark, is_reminder), 1);
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    h.stop().await;
}

/// The computer's move is announced by its own board; if posting it fails, the sweeper posts
/// it once the lease of the process that played it runs out, and only once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computers_board_that_could_not_be_posted_is_posted_after_its_lease() {
    let h = Harness::registered_on_manual_clock().await;
    h.fake.fail_requests(first(1, is_board_post));
    let mark = h.fake.mark();
    let game = computer_plays_white(&h.service, ALICE).await;
    // The sweeper takes up the computer's turn; its board fails.
    h.fake
        .expect_request_since(mark, "the failed board", is_board_post)
        .await;
    h.sweeps(3).await;
    h.idle().await;
    assert_eq!(h.count_since(mark, is_board_post), 1);
    assert_eq!(h.game(game.id).await.ply(), 1, "the move stands");
    let failed = h.fake.mark();

    h.clock().advance(DELIVERY_LEASE_MS);
    let board = h
        .fake
        .expect_request_since(failed, "the board, again", is_board_post)
        .await;
    let board = Board::from_request(board, std::time::Instant::now());
    board.assert_pings(ALICE.id);
    h.sweeps(3).await;
    assert_eq!(h.count_since(mark, is_board_post), 2);
    assert_eq!(h.game(game.id).await.ply(), 1, "the computer moved once");
    h.stop().await;
}

/// A move whose board reached nobody (Discord took neither the move's answer nor the post
/// that replaces it) still tells the opponent it is their turn: the outbox posts the board
/// once its grace is over, and only once. The boards the bot delivered itself, the game's
/// first and the move before, are reported and never posted again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moves_board_that_reached_nobody_is_posted_after_its_grace() {
    let h = Harness::registered_on_manual_clock().await;
    h.start_game(ALICE, BOB).await;
    h.play(ALICE, "g1-g4").await.applied();
    h.idle().await;
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        0
    );

    let id = h.next_id();
    h.fake
        .fail_requests(move |r| r.is("POST", &callback_path(id)));
    h.fake.fail_requests(first(1, is_board_post));
    let mark = h.fake.mark();
    h.push(slash_command(
        id,
        BOB,
        "move",
        vec![string_option("move", "f12-f9")],
    ));
    h.fake
        .expect_request_since(mark, "the post that replaces the answer", is_board_post)
        .await;
    h.idle().await;
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        1
    );
    h.sweeps(2).await;
    assert_eq!(
        h.count_since(mark, is_board_post),
        1,
        "not within its grace"
    );

    let failed = h.fake.mark();
    h.clock().advance(BOARD_GRACE_MS);
    let board = h
        .fake
        .expect_request_since(failed, "the board, from the outbox", is_board_post)
        .await;
    let board = Board::from_request(board, Instant::now());
    board.assert_pings(ALICE.id);
    assert!(
        board.content.starts_with("Black queen f12–f9"),
        "{}",
        board.content
    );
    h.sweeps(2).await;
    h.clock().advance(DELIVERY_LEASE_MS);
    h.sweeps(2).await;
    assert_eq!(h.count_since(failed, is_board_post), 1);
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    h.stop().await;
}

/// A game started by a process that died before posting its first board: the outbox posts
/// it once its grace is over, as the game's start that tells White to move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_board_nobody_posted_is_posted_after_its_grace_as_the_games_start() {
    let h = Harness::registered_on_manual_clock().await;
    let new = challenge_in(CHANNEL_ID, player(ALICE), player(BOB), None);
    let challenge = pending(&h.service, new).await;
    let started = h
        .service
        .accept_challenge(challenge.id, &player(BOB), Lang::En)
        .await
        .unwrap();
    let mark = h.fake.mark();
    h.sweeps(2).await;
    assert_eq!(
        h.count_since(mark, is_board_post),
        0,
        "not within its grace"
    );

    h.clock().advance(BOARD_GRACE_MS);
    let board = h
        .fake
        .expect_request_since(mark, "the first board, from the outbox", is_board_post)
        .await;
    let board = Board::from_request(board, Instant::now());
    assert_eq!(
        board.content,
        Lang::En.text(&Msg::GameStarted(&started.game))
    );
    board.assert_pings(ALICE.id);
    h.sweeps(2).await;
    assert_eq!(h.count_since(mark, is_board_post), 1);
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    h.stop().await;
}

/// A resignation's result board that Discord rate limits for longer than a board may wait (a
/// 12-second 429 in its channel). serenity's rate limiter, on as in production, would sleep
/// the 429 out and post the board then, after the outbox had posted it too; the handler gives
/// up at its patience instead, without sending it again, so the board stays owed in the outbox
/// (from the resignation's transaction) and the outbox posts it once the channel's bucket has
/// reset: once, and not again after its lease.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignations_board_held_by_a_long_429_is_posted_once_by_the_outbox() {
    let h = Harness::registered_on_manual_clock().await;
    let (game, board) = h.start_game(ALICE, BOB).await;
    h.idle().await;
    let retry_after = Duration::from_secs(12);
    h.fake.rate_limit_requests(
        RateLimit {
            retry_after,
            global: false,
        },
        first(1, is_board_post),
    );

    // Bob resigns with the board's button, and confirms.
    let resign = board.resign_button().expect("a Resign button").clone();
    let (question, _) = h
        .click(BOB, &resign, &board.content, &board.custom_ids)
        .await;
    let confirm = custom_ids(question.pointer("/data/components"));
    let mark = h.fake.mark();
    h.click(BOB, &confirm[0], content(&question), &confirm)
        .await;
    h.idle().await;
    assert!(
        h.game(game).await.result.is_some(),
        "the resignation stands"
    );
    let limited = h.fake.requests()[mark..]
        .iter()
        .find(|r| is_board_post(r))
        .cloned()
        .expect("the board's post");
    assert_eq!(
        h.count_since(mark, is_board_post),
        1,
        "not sent again while Discord's limit holds"
    );
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        1
    );

    h.clock().advance(BOARD_GRACE_MS);
    let result = h
        .fake
        .expect_request_since(mark, "the result board, from the outbox", |r| {
            is_board_post(r) && r.delivery.is_some()
        })
        .await;
    let waited = result.received_at.duration_since(limited.received_at);
    assert!(waited >= retry_after, "posted after {waited:?}");
    let result = Board::from_request(result, Instant::now());
    assert!(
        result.content.contains(&format!("<@{}> resigned", BOB.id)),
        "{}",
        result.content
    );
    assert!(result.resign_button().is_none(), "{:?}", result.custom_ids);
    result.picture.assert_shows(&h.game(game).await.position);
    h.sweeps(2).await;
    h.clock().advance(DELIVERY_LEASE_MS);
    h.sweeps(2).await;
    h.idle().await;
    assert_eq!(
        h.count_since(mark, is_board_post),
        2,
        "the limited post and the outbox's: {}",
        h.fake.describe_requests()
    );
    assert_eq!(
        h.service.delivery().pending_announcements().await.unwrap(),
        0
    );
    h.stop().await;
}
