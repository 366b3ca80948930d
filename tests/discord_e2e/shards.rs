//! Several shards and several bot processes on one database, against a fake Discord that
//! serves a session per shard and sends each event to the shard Discord would use.

use monkey_queen::discord::Shards;
use serde_json::Value;

use crate::harness::{Harness, content, kind};
use crate::seeded::{MINUTE_MS, channel_messages_path, is_board_post, new_game, play, player};
use crate::support::payloads::{ALICE, BOB, GUILD_ID, in_dm, slash_command, string_option};

/// The two processes of a bot of two shards: shard 0 in one, shard 1 in the other.
fn two_processes() -> Vec<Shards> {
    vec![
        Shards::Range {
            first: 0,
            last: 0,
            count: 2,
        },
        Shards::Range {
            first: 1,
            last: 1,
            count: 2,
        },
    ]
}

/// The shard of the test server, by Discord's rule.
fn server_shard() -> u32 {
    u32::try_from((GUILD_ID >> 22) % 2).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_runs_every_shard_discord_recommends_and_each_answers_its_events() {
    let h = Harness::processes(2, vec![Shards::Auto]).await;
    assert_eq!(h.fake.shards(), vec![(0, 2), (1, 2)]);
    // A game in the server (its shard) and the rules in a DM (shard 0): both answered.
    let (game, _) = h.start_game(ALICE, BOB).await;
    h.play(ALICE, "g1-g6").await.applied();
    let id = h.next_id();
    h.push(in_dm(slash_command(id, ALICE, "rules", vec![]), ALICE));
    // Answered at once or deferred: either way shard 0 delivered it.
    let rules = h.callback(id).await;
    assert!([4, 5].contains(&kind(&rules)), "{:?}", rules.json);
    assert_eq!(h.game(game).await.ply(), 1);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_clicked_through_two_processes_at_once_applies_one_move_per_ply() {
    let h = Harness::processes(2, two_processes()).await;
    assert_eq!(h.fake.shards(), vec![(0, 2), (1, 2)]);
    let (game, _) = h.start_game(ALICE, BOB).await;
    for round in 0..4u32 {
        let (_, mover, texts) = h.two_moves(game).await;
        // The same player's two moves for one ply, one through each process (as while a bot
        // reshards, when a server's events may reach either).
        let ids = [h.next_id(), h.next_id()];
        for (shard, (id, text)) in ids.iter().zip(&texts).enumerate() {
            let payload = slash_command(*id, mover, "move", vec![string_option("move", text)]);
            h.fake
                .dispatch_on(u32::try_from(shard).unwrap(), "INTERACTION_CREATE", payload);
        }
        let mut applied = Vec::new();
        for (i, id) in ids.into_iter().enumerate() {
            if h.callback(id).await.is_multipart() {
                applied.push(i);
            }
        }
        assert_eq!(applied.len(), 1, "round {round}");
        let record = h.service.record(game).await.unwrap();
        assert_eq!(record.moves.len() as u32, round + 1, "round {round}");
        assert_eq!(record.moves.last().unwrap().notation, texts[applied[0]]);
    }
    h.idle().await;
    assert!(h.service.verify_games().await.unwrap().is_empty());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_two_processes_sweeping_each_reminder_and_loss_on_time_comes_once() {
    let h = Harness::processes(2, two_processes()).await;
    let (alice, bob) = (player(ALICE), player(BOB));
    let game = new_game(&h.service, &alice, &bob, Some(10 * MINUTE_MS)).await;
    play(&h.service, &game, &alice, "g1-g7").await;
    let start = h.fake.mark();
    h.clock().advance(8 * MINUTE_MS + 1_000);
    h.fake
        .expect_request_since(start, "the reminder", |r| {
            r.is("POST", &channel_messages_path()) && content(r).contains("still your move")
        })
        .await;
    // Each process finishes a sweep, so the delivered reminder is off the outbox before the
    // clock jumps past its claim's lease.
    h.sweeps(1).await;
    h.clock().advance(2 * MINUTE_MS);
    h.fake
        .expect_request_since(start, "the result board", is_board_post)
        .await;
    // Both processes sweep three more times: nothing more is posted.
    h.sweeps(3).await;
    h.idle().await;
    let reminders = h.count_since(start, |r| content(r).contains("still your move"));
    assert_eq!(reminders, 1, "{}", h.fake.describe_requests());
    assert_eq!(h.count_since(start, is_board_post), 1);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_closes_a_shard_beyond_its_count_and_too_few_shards_as_discord_does() {
    use crate::support::fake_discord::FakeDiscord;
    let fake = FakeDiscord::with_shards(2).await;
    // Fewer shards than Discord requires: 4011; a shard not below its count: 4010.
    assert_eq!(identify(&fake, [0, 1]).await, Err(4011));
    assert_eq!(identify(&fake, [2, 2]).await, Err(4010));
    assert_eq!(identify(&fake, [1, 2]).await, Ok([1, 2]));
    assert_eq!(server_shard(), 1, "the test server is on shard 1 of 2");
}

/// Identifies on `fake`'s gateway as `shard` with a bare WebSocket client: the shard READY
/// names, or the close code the connection was refused with.
async fn identify(
    fake: &crate::support::fake_discord::FakeDiscord,
    shard: [u32; 2],
) -> Result<[u64; 2], u16> {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let (mut socket, _) = tokio_tungstenite::connect_async(fake.gateway_url())
        .await
        .unwrap();
    let hello = socket.next().await.unwrap().unwrap();
    assert!(hello.to_text().unwrap().contains("heartbeat_interval"));
    let identify = serde_json::json!({
        "op": 2,
        "d": { "token": "t", "intents": 1, "properties": {}, "shard": shard },
    });
    socket
        .send(Message::Text(identify.to_string()))
        .await
        .unwrap();
    match socket.next().await.unwrap().unwrap() {
        Message::Close(Some(frame)) => Err(u16::from(frame.code)),
        Message::Text(text) => {
            let ready: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(ready["t"], "READY");
            let shard = |i: usize| ready["d"]["shard"][i].as_u64().unwrap();
            Ok([shard(0), shard(1)])
        }
        other => panic!("unexpected frame {other:?}"),
    }
}
