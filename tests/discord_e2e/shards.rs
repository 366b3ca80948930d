//! Several shards and several bot processes on one database, against a fake Discord that
//! serves a session per shard and sends each event to the shard Discord would use. What one
//! process learns from an interaction (a token to follow up, the server's language, a cooldown
//! started) serves the other.

use monkey_queen::discord::Shards;
use monkey_queen::games::{Reach, UserError};
use monkey_queen::i18n::{Lang, Msg};
use serde_json::Value;

use crate::harness::{
    Harness, assert_deferred_ephemerally, assert_ephemeral_answer, content, followup_path,
    is_any_channel_message, kind,
};
use crate::seeded::{
    MINUTE_MS, channel_messages_path, decided_game, is_board_post, new_game, play, player,
};
use crate::support::payloads::{
    ALICE, BOB, GUILD_ID, in_dm, in_server_without_bot, integer_option, slash_command,
    string_option, with_locale, with_locales,
};

/// The two processes of a bot of two shards: shard 0 in one, shard 1 in the other.
pub(crate) fn two_processes() -> Vec<Shards> {
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

/// The shard of the test server, by Discord's rule; in [`two_processes`] also the place of
/// the process that runs it.
pub(crate) fn server_shard() -> u32 {
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

/// The `clock` choice of `/challenge` for ten minutes a move (poise sends a choice's index).
const TEN_MINUTES: i64 = 1;

/// In a server that never invited the bot, every interaction of a clocked game reaches the
/// process running the server's shard, which keeps the last move's token; once it has
/// stopped, the other process delivers the reminder as a follow-up on that token, not by DM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_other_process_follows_up_the_token_of_the_last_move_with_the_reminder() {
    let mut h = Harness::processes(2, two_processes()).await;
    h.fake.leave_guild(GUILD_ID);
    h.interact_from(|payload| in_server_without_bot(payload, ALICE));
    let clock = vec![integer_option("clock", TEN_MINUTES)];
    let (game, _) = h.start_game_with(ALICE, BOB, clock).await;
    let last = h.next_id();
    h.play_as(last, ALICE, "g1-g4").await.applied();
    h.idle().await;
    assert_eq!(h.game(game).await.place.reach, Reach::Interactions);
    h.stop_process(server_shard() as usize).await;

    let mark = h.fake.mark();
    h.clock().advance(8 * MINUTE_MS + 1_000);
    let reminder = h
        .wait_since(mark, "the reminder", |r| {
            r.is("POST", &followup_path(last)) && content(r).contains("still your move")
        })
        .await;
    assert_eq!(
        reminder.delivery.as_ref().map(|d| d.pinged.clone()),
        Some(vec![BOB.id]),
        "{}",
        reminder.line()
    );
    h.sweeps(1).await;
    let by_dm = h.count_since(mark, is_any_channel_message);
    assert_eq!(by_dm, 0, "{}", h.fake.describe_requests());
    h.stop().await;
}

/// A game in a French server: its reminder and its loss on time, delivered by the process
/// that does not run the server's shard, are in French.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_other_process_announces_a_servers_game_in_the_servers_language() {
    let mut h = Harness::processes(2, two_processes()).await;
    h.interact_from(|payload| with_locales(payload, "en-US", "fr"));
    let clock = vec![integer_option("clock", TEN_MINUTES)];
    let (game, _) = h.start_game_with(ALICE, BOB, clock).await;
    h.play(ALICE, "g1-g7").await.applied();
    h.idle().await;
    let view = h.game(game).await;
    assert_eq!(view.lang, Lang::Fr);
    h.stop_process(server_shard() as usize).await;

    let mark = h.fake.mark();
    h.clock().advance(8 * MINUTE_MS + 1_000);
    let reminder = Lang::Fr.text(&Msg::Reminder(&view));
    h.wait_since(mark, "the reminder in French", |r| {
        r.is("POST", &channel_messages_path()) && content(r) == reminder
    })
    .await;
    h.sweeps(1).await;
    h.clock().advance(2 * MINUTE_MS);
    let board = h.wait_since(mark, "the result board", is_board_post).await;
    let lost = h.game(game).await;
    let result = lost.result.expect("lost on time");
    assert_eq!(
        content(&board),
        Lang::Fr.text(&Msg::GameOver(&lost, &result))
    );
    h.stop().await;
}

/// Alice asks for an analysis in her DM with the bot (shard 0), then for another at once in
/// the server (the other shard, the other process): refused there, only to her, in her
/// language, with the wait.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_analysis_inside_the_cooldown_through_the_other_process_is_refused() {
    let h = Harness::processes(2, two_processes()).await;
    let game = decided_game(&h.service, &player(ALICE), &player(BOB)).await;
    let analyse = |id: u64| {
        let options = vec![integer_option("game", game.id.0)];
        with_locale(slash_command(id, ALICE, "analyse", options), "es-ES")
    };
    let first = h.next_id();
    h.push(in_dm(analyse(first), ALICE));
    assert_deferred_ephemerally(&h.callback(first).await);
    let second = h.next_id();
    h.push(analyse(second));
    let refusal = Lang::Es.text(&Msg::Refused(&UserError::CoolingDown { seconds: 10 }));
    assert_ephemeral_answer(&h.callback(second).await, &refusal);
    h.idle().await;
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
