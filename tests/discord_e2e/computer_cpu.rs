//! The computer's search has CPU turns of its own: with every turn of long work taken (as by
//! replays and analyses), the computer still moves, and a replay asked for meanwhile waits for
//! a turn of long work.

use monkey_queen::games::UserId;
use serde_json::Value;

use crate::harness::{
    Board, DEFERRED_CHANNEL_MESSAGE, Harness, callback_path, is_channel_message, original_path,
};
use crate::seeded::{computer_plays_white, decided_game, player};
use crate::support::fake_discord::BOT_USER_ID;
use crate::support::payloads::{ALICE, BOB, CAROL, integer_option, slash_command};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_moves_while_long_work_holds_every_long_turn() {
    let h = Harness::registered_on_manual_clock().await;
    let cpu = h.cpu().clone();
    let turns = u32::try_from(cpu.long_turns()).unwrap();
    let held = cpu.long.clone().acquire_many_owned(turns).await.unwrap();

    // A replay asked for now is deferred, and its GIF waits for a turn of long work.
    let finished = decided_game(&h.service, &player(BOB), &player(CAROL)).await;
    let replay = 901;
    let deferred = h
        .exchange(
            "/replay callback",
            slash_command(
                replay,
                BOB,
                "replay",
                vec![integer_option("game", finished.id.0)],
            ),
            |r| r.is("POST", &callback_path(replay)),
        )
        .await;
    assert_eq!(
        deferred.pointer("/type"),
        Some(&Value::from(DEFERRED_CHANNEL_MESSAGE))
    );

    // The computer, to move in a game nobody works on, moves all the same.
    let mark = h.fake.mark();
    let game = computer_plays_white(&h.service, ALICE).await;
    assert_eq!(game.to_move, Some(UserId(BOT_USER_ID)));
    let moved = h
        .wait_since(mark, "the computer's move", is_channel_message)
        .await;
    Board::from_request(moved, std::time::Instant::now()).assert_pings(ALICE.id);
    assert_eq!(h.game(game.id).await.ply(), 1);
    let uploaded =
        |r: &crate::support::fake_discord::RecordedRequest| r.is("PATCH", &original_path(replay));
    assert_eq!(
        h.count_since(0, uploaded),
        0,
        "the replay got a turn of long work that the test holds"
    );

    // Once the turns are free, the replay is uploaded.
    drop(held);
    let edit = h.wait_since(0, "the replay upload", uploaded).await;
    assert!(edit.files.iter().any(|f| f.bytes.starts_with(b"GIF89a")));
    h.stop().await;
}
