//! The sweeper on a manual clock: the player to move is reminded once and loses on time once,
//! an expired challenge loses its buttons; each posted once however many sweeps run.

use monkey_queen::games::{
    ChallengeCreated, ChannelId, ColorChoice, EndReason, GameStatus, GuildId, Lang, NewChallenge,
};
use monkey_queen_core::{Color, GameOptions};

use crate::harness::{Harness, button_ids, content};
use crate::seeded::{MINUTE_MS, channel_messages_path, is_board_post, new_game, play, player};
use crate::support::payloads::{ALICE, BOB, CHANNEL_ID, GUILD_ID};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_player_to_move_is_reminded_once_and_then_loses_on_time_once() {
    let h = Harness::registered_on_manual_clock().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    // Ten minutes a move: the reminder comes with a fifth left, 8 minutes in.
    let game = new_game(&h.service, &alice, &bob, Some(10 * MINUTE_MS)).await;
    let game = play(&h.service, &game, &alice, "g1-g7").await;
    let deadline_s = game.deadline_ms.unwrap() / 1000;
    h.sweeps(2).await;
    let start = h.fake.mark();
    assert_eq!(
        h.count_since(0, |r| r.is("POST", &channel_messages_path())),
        0,
        "nothing is due yet: {}",
        h.fake.describe_requests()
    );

    h.clock().advance(8 * MINUTE_MS + 1_000);
    let reminder = h
        .fake
        .expect_request_since(start, "the reminder", |r| {
            r.is("POST", &channel_messages_path()) && content(r).contains("still your move")
        })
        .await;
    assert_eq!(
        content(&reminder),
        format!(
            "⏰ <@{}>, it is still your move in game #{}. Time runs out <t:{deadline_s}:R>.",
            BOB.id, game.id
        )
    );
    // The mention pings Bob, and only Bob.
    assert_eq!(
        reminder.pointer("/allowed_mentions/users"),
        Some(&serde_json::json!([BOB.id.to_string()]))
    );
    h.sweeps(3).await;
    assert_eq!(
        h.count_since(start, |r| content(r).contains("still your move")),
        1,
        "one reminder only"
    );

    let mark = h.fake.mark();
    h.clock().advance(2 * MINUTE_MS);
    let result = h
        .fake
        .expect_request_since(mark, "the result board", is_board_post)
        .await;
    let text = content(&result);
    assert!(
        text.contains(&format!("**<@{}> wins** (White)", ALICE.id)),
        "{text}"
    );
    assert!(
        text.contains(&format!("<@{}> ran out of time", BOB.id)),
        "{text}"
    );
    let png = &result.files[0].bytes;
    assert!(png.starts_with(b"\x89PNG"), "the board picture is a PNG");
    assert_eq!(
        button_ids(&result),
        [
            format!("replay:{}", game.id),
            format!("rematch:{}", game.id),
            format!("analyse:{}", game.id)
        ]
    );
    // Two more sweeps (and a start-up sweep of a restarted bot would be the same): no repeat.
    h.sweeps(3).await;
    assert_eq!(
        h.count_since(mark, is_board_post),
        1,
        "the result is posted once"
    );

    let over = h.service.game(game.id).await.unwrap();
    assert_eq!(over.status, GameStatus::Finished);
    let result = over.result.unwrap();
    assert_eq!(
        (result.winner, result.reason),
        (Color::White, EndReason::Timeout)
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_challenge_loses_its_buttons() {
    let h = Harness::registered_on_manual_clock().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    let created = h
        .service
        .create_challenge(NewChallenge {
            challenger: alice,
            opponent: Some(bob),
            guild: Some(GuildId(GUILD_ID)),
            channel: ChannelId(CHANNEL_ID),
            reach: monkey_queen::games::Reach::Channel,
            lang: Lang::En,
            options: GameOptions::default(),
            color: ColorChoice::Random,
            move_time_ms: None,
            rated: true,
            ai_level: None,
            rematch_of: None,
        })
        .await
        .unwrap();
    let ChallengeCreated::Pending(challenge) = created else {
        panic!("pending")
    };
    let message = 1_400_000_000_000_000_001;
    h.fake.add_bot_message(CHANNEL_ID, message);
    h.service
        .set_challenge_message(challenge.id, monkey_queen::games::MessageId(message))
        .await
        .unwrap();
    let mark = h.fake.mark();
    h.clock().advance(25 * 60 * MINUTE_MS);
    let path = format!("/channels/{CHANNEL_ID}/messages/{message}");
    let edit = h
        .fake
        .expect_request_since(mark, "the challenge message edit", |r| r.is("PATCH", &path))
        .await;
    assert!(content(&edit).contains("Expired: nobody accepted in time."));
    assert_eq!(edit.pointer("/components"), Some(&serde_json::json!([])));
    h.sweeps(3).await;
    assert_eq!(h.count_since(mark, |r| r.is("PATCH", &path)), 1);
    h.stop().await;
}
