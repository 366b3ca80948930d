//! The limits the bot keeps on its requests to Discord besides serenity's per-route rate
//! limiter: its process's share of the bot's global limit of 50 requests a second, and the
//! count of invalid requests (401, 403, 429) against Discord's ban threshold, with a warning
//! at half of it.

use std::time::{Duration, Instant};

use crate::harness::{Harness, content};
use crate::seeded::{MINUTE_MS, challenge_in, pending, play, player, shown};
use crate::support::fake_discord::RecordedRequest;
use crate::support::fake_discord::access::{ChannelKind, permission};
use crate::support::payloads::{ALICE, BOB, GUILD_ID};
use monkey_queen::i18n::Lang;

/// The first of the channels the games of these tests are played in, one game each.
const FIRST_CHANNEL: u64 = 1_200_000_000_000_009_000;

/// Starts `count` games of ten minutes a move, each in a channel of its own, with Bob to move.
async fn games_in_their_own_channels(h: &Harness, count: u64) {
    let (alice, bob) = (player(ALICE), player(BOB));
    for channel in FIRST_CHANNEL..FIRST_CHANNEL + count {
        h.fake.add_channel(
            channel,
            Some(GUILD_ID),
            ChannelKind::Text,
            permission::INVITED,
        );
        let new = challenge_in(channel, alice.clone(), bob.clone(), Some(10 * MINUTE_MS));
        let challenge = pending(&h.service, new).await;
        let started = h
            .service
            .accept_challenge(challenge.id, &bob, Lang::En)
            .await
            .unwrap();
        let game = shown(&h.service, started).await;
        play(&h.service, &game, &alice, "g1-g7").await;
    }
}

fn is_reminder(r: &RecordedRequest) -> bool {
    r.method == "POST" && r.path.ends_with("/messages") && content(r).contains("still your move")
}

/// Whether Discord counts `r` against the bot's global limit: all but interactions' answers
/// and the follow-ups and edits made with their tokens.
fn counts_globally(r: &RecordedRequest) -> bool {
    !r.path.contains("/interactions/") && !r.path.contains("/webhooks/")
}

/// Twenty reminders fall due at once, each in its own channel (so no channel's bucket slows
/// them): the outbox posts them as fast as the process's share allows, 5 a second here, and
/// no second at the fake ever holds more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_posts_keeps_to_the_process_share_of_the_global_limit() {
    let share = 5;
    let h = Harness::registered_on_manual_clock_with_limits(share, 10_000).await;
    games_in_their_own_channels(&h, 20).await;
    let mark = h.fake.mark();
    let started = Instant::now();
    h.clock().advance(8 * MINUTE_MS + 1_000);
    assert!(
        h.fake
            .wait_for_count(Duration::from_secs(60), 20, is_reminder)
            .await,
        "twenty reminders: {}",
        h.fake.describe_requests()
    );
    let sent: Vec<Instant> = h.fake.requests()[mark..]
        .iter()
        .filter(|r| counts_globally(r))
        .map(|r| r.received_at)
        .collect();
    assert!(sent.len() >= 20);
    for (i, &at) in sent.iter().enumerate() {
        let second = sent[i..]
            .iter()
            .filter(|&&t| t < at + Duration::from_secs(1))
            .count();
        assert!(
            second <= share as usize,
            "{second} requests in one second: {}",
            h.fake.describe_requests()
        );
    }
    println!("20 reminders at {share} a second: {:?}", started.elapsed());
    h.stop().await;
}

/// Discord refuses four reminders with 403 (the bot lost its permission in their channels):
/// four invalid requests, past half of a limit of 6, and the bot warns.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_requests_past_half_the_limit_are_warned_of() {
    let h = Harness::registered_on_manual_clock_with_limits(50, 6).await;
    games_in_their_own_channels(&h, 4).await;
    h.fake.refuse_requests(is_reminder);
    let limits = h.discord_limits();
    assert_eq!(limits.invalid.count(), 0);
    h.clock().advance(8 * MINUTE_MS + 1_000);
    assert!(
        h.fake
            .wait_for_count(Duration::from_secs(30), 4, is_reminder)
            .await,
        "four reminders: {}",
        h.fake.describe_requests()
    );
    h.sweeps(2).await;
    assert_eq!(limits.invalid.count(), 4, "{}", h.fake.describe_requests());
    assert_eq!(limits.invalid.warnings(), 1, "warned once, at 3");
    h.stop().await;
}
