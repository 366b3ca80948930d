//! The Rematch button: a rematch offered to the other player and accepted like a challenge,
//! and one against the computer, which starts at once.

use crate::support::fake_discord::BOT_USER_ID;
use monkey_queen::games::{
    ChallengeCreated, ChannelId, ColorChoice, GameRef, GuildId, Lang, NewChallenge, PlayerRef,
    UserId,
};
use monkey_queen_core::GameOptions;
use serde_json::Value;

use crate::harness::{
    CHANNEL_MESSAGE, EPHEMERAL, Harness, UPDATE_MESSAGE, button_ids, callback_path, content,
};
use crate::seeded::{decided_game, is_board_post, player, shown};
use crate::support::payloads::{ALICE, BOB, CHANNEL_ID, GUILD_ID, bot_message, button_click};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_offered_by_button_is_accepted_like_a_challenge() {
    let h = Harness::registered_on_manual_clock().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    // Alice played White and won.
    let first = decided_game(&h.service, &alice, &bob).await;
    let board = bot_message(
        1_400_000_000_000_000_010,
        "result",
        &[
            &format!("replay:{}", first.id),
            &format!("rematch:{}", first.id),
        ],
    );

    // Bob asks for a rematch: a challenge message with Accept, Decline and Cancel.
    let offer = h
        .exchange(
            "the rematch offer",
            button_click(301, BOB, &format!("rematch:{}", first.id), board.clone()),
            |r| r.is("POST", &callback_path(301)),
        )
        .await;
    assert_eq!(offer.pointer("/type"), Some(&Value::from(CHANNEL_MESSAGE)));
    let text = content(&offer);
    assert!(
        text.contains(&format!(
            "<@{}> offers <@{}> a rematch of game #{}, colours swapped!",
            BOB.id, ALICE.id, first.id
        )),
        "{text}"
    );
    let ids = button_ids(&offer);
    assert_eq!(ids.len(), 3, "{ids:?}");
    let accept = ids[0].clone();
    assert!(accept.starts_with("accept:"), "{ids:?}");
    // One call, whose reply gives the message the bot remembers (no read back).
    let query = offer.query.as_deref().unwrap_or_default();
    assert!(query.contains("with_response=true"), "{query}");

    // A second click is refused: one rematch at a time.
    let again = h
        .exchange(
            "the second rematch click",
            button_click(302, ALICE, &format!("rematch:{}", first.id), board),
            |r| r.is("POST", &callback_path(302)),
        )
        .await;
    assert_eq!(again.pointer("/data/flags"), Some(&Value::from(EPHEMERAL)));
    assert!(content(&again).contains("already waiting for an answer"));

    // Alice accepts: the message closes and the new game's board is posted, colours swapped.
    let mark = h.fake.mark();
    let closed = h
        .exchange(
            "the accept click",
            button_click(
                303,
                ALICE,
                &accept,
                bot_message(1_400_000_000_000_000_011, text, &[&accept]),
            ),
            |r| r.is("POST", &callback_path(303)),
        )
        .await;
    // The offer becomes the new game's first board, in the click's own answer.
    assert_eq!(closed.pointer("/type"), Some(&Value::from(UPDATE_MESSAGE)));
    assert!(closed.is_multipart(), "the board's picture");
    let started = closed;
    h.fake
        .expect_request_since(mark, "Bob, to move, mentioned", |r| {
            r.delivery.as_ref().is_some_and(|d| d.pinged == [BOB.id])
        })
        .await;
    let rematch = h
        .service
        .active_games(UserId(ALICE.id), None)
        .await
        .unwrap()
        .pop()
        .expect("the rematch is being played");
    assert_eq!(
        (rematch.white.id, rematch.black.id),
        (UserId(BOB.id), UserId(ALICE.id))
    );
    assert!(content(&started).starts_with(&format!("**Game #{}**", rematch.id)));
    assert_eq!(
        button_ids(&started),
        [
            format!("move:{}:0", rematch.id),
            format!("resign:{}:0", rematch.id)
        ]
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_against_the_computer_starts_at_once() {
    let h = Harness::registered_on_manual_clock().await;
    let alice = player(ALICE);
    let computer = PlayerRef::new(UserId(BOT_USER_ID), "Monkey Queen");
    let created = h
        .service
        .create_challenge(NewChallenge {
            challenger: alice.clone(),
            opponent: Some(computer),
            guild: Some(GuildId(GUILD_ID)),
            channel: ChannelId(CHANNEL_ID),
            reach: monkey_queen::games::Reach::Channel,
            lang: Lang::En,
            options: GameOptions::default(),
            color: ColorChoice::White,
            move_time_ms: None,
            rated: false,
            ai_level: Some(monkey_queen::games::Level::Easy),
            rematch_of: None,
        })
        .await
        .unwrap();
    let ChallengeCreated::AiGame(first) = created else {
        panic!("a game against the computer starts at once")
    };
    let first = shown(&h.service, *first).await;
    h.service
        .resign(alice.id, GameRef::Id(first.id), None)
        .await
        .unwrap();
    let rematch = format!("rematch:{}", first.id);
    let mark = h.fake.mark();
    let ack = h
        .exchange(
            "the Rematch click",
            button_click(
                901,
                ALICE,
                &rematch,
                bot_message(1_400_000_000_000_000_050, "x", &[&rematch]),
            ),
            |r| r.is("POST", &callback_path(901)),
        )
        .await;
    assert_eq!(ack.pointer("/type"), Some(&Value::from(6)), "acknowledged");
    // Colours swapped: the computer is White and moves at once; two boards follow.
    let started = h
        .fake
        .expect_request_since(mark, "the rematch's first board", is_board_post)
        .await;
    assert!(
        content(&started).starts_with("**Game #"),
        "{}",
        content(&started)
    );
    h.fake
        .expect_request_since(mark, "the computer's first move", |r| {
            is_board_post(r) && content(r).starts_with("White queen")
        })
        .await;
    let game = h
        .service
        .active_games(alice.id, None)
        .await
        .unwrap()
        .pop()
        .unwrap();
    assert_eq!(
        (game.white.id, game.black.id),
        (UserId(BOT_USER_ID), alice.id)
    );
    assert_eq!(game.ply, 1);
    h.stop().await;
}
