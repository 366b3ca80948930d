//! `/replay` and the Replay button: the GIF with a frame per ply and the record to paste back;
//! `/stats` and `/history` of the game's players.

use monkey_queen::games::GameStatus;
use monkey_queen_core::Record;
use serde_json::Value;

use crate::harness::{
    DEFERRED_CHANNEL_MESSAGE, EPHEMERAL, Harness, callback_path, content, original_path,
};
use crate::seeded::{decided_game, new_game, play, player};
use crate::support::payloads::{
    ALICE, BOB, CAROL, DAVE, bot_message, button_click, integer_option, slash_command, with_locale,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_uploads_a_gif_with_a_frame_per_ply_and_the_record() {
    let h = Harness::registered_on_manual_clock().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    let game = new_game(&h.service, &alice, &bob, None).await;
    // R4: births; R7.1: White's queen takes Black's and wins.
    let mut view = game.clone();
    for (by, text) in [(&alice, "g1-g7"), (&bob, "f12-f8"), (&alice, "g7xf8")] {
        view = play(&h.service, &view, by, text).await;
    }
    assert_eq!(view.status, GameStatus::Finished);

    let id = 501;
    let deferred = h
        .exchange(
            "/replay callback",
            slash_command(id, BOB, "replay", vec![integer_option("game", game.id.0)]),
            |r| r.is("POST", &callback_path(id)),
        )
        .await;
    assert_eq!(
        deferred.pointer("/type"),
        Some(&Value::from(DEFERRED_CHANNEL_MESSAGE))
    );
    let edit = h
        .fake
        .expect_request("the replay upload", |r| r.is("PATCH", &original_path(id)))
        .await;
    let gif = edit
        .files
        .iter()
        .find(|f| f.filename.as_deref() == Some(&format!("monkey-queen-{}.gif", game.id)))
        .expect("a GIF is attached");
    let mut decoder = gif::DecodeOptions::new()
        .read_info(gif.bytes.as_slice())
        .expect("a valid GIF");
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 3 + 1, "the start and one frame per ply");

    // The caption carries the record; pasted back, it gives the same game.
    let text = content(&edit);
    assert!(
        text.starts_with(&format!("**Replay of game #{}**", game.id)),
        "{text}"
    );
    let record_text = text
        .split("```")
        .nth(1)
        .expect("the record in a code block")
        .trim();
    let (record, _) = Record::parse(record_text).unwrap();
    let moves: Vec<String> = record.moves.iter().map(ToString::to_string).collect();
    assert_eq!(moves, ["g1-g7", "f12-f8", "g7xf8"]);

    // A game that does not exist is refused, only to the caller.
    let missing = h
        .exchange(
            "/replay of no game",
            slash_command(502, BOB, "replay", vec![integer_option("game", 999)]),
            |r| r.is("POST", &callback_path(502)),
        )
        .await;
    assert_eq!(
        missing.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL))
    );
    assert_eq!(content(&missing), "There is no game #999.");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_replay_button_shows_the_replay_to_the_clicker_and_stats_speak_spanish() {
    let h = Harness::registered_on_manual_clock().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    let game = decided_game(&h.service, &alice, &bob).await;
    let replay = format!("replay:{}", game.id);
    let message = bot_message(1_400_000_000_000_000_040, "result", &[&replay]);
    let deferred = h
        .exchange(
            "the Replay click",
            button_click(801, BOB, &replay, message),
            |r| r.is("POST", &callback_path(801)),
        )
        .await;
    assert_eq!(
        deferred.pointer("/type"),
        Some(&Value::from(DEFERRED_CHANNEL_MESSAGE))
    );
    assert_eq!(
        deferred.pointer("/data/flags"),
        Some(&Value::from(EPHEMERAL))
    );
    let edit = h
        .fake
        .expect_request("the replay upload", |r| r.is("PATCH", &original_path(801)))
        .await;
    let gif = &edit.files[0].bytes;
    assert!(gif.starts_with(b"GIF89a"), "an animated GIF");
    assert!(
        content(&edit).contains("monkey-queen"),
        "{}",
        content(&edit)
    );

    let stats = h
        .exchange(
            "/stats in Spanish",
            with_locale(slash_command(802, BOB, "stats", vec![]), "es-ES"),
            |r| r.is("POST", &callback_path(802)),
        )
        .await;
    let text = content(&stats);
    assert!(
        text.starts_with(&format!("**Estadísticas de <@{}>**", BOB.id)),
        "{text}"
    );
    assert!(
        text.contains("1 partida (1 puntuable): 0 victorias, 1 derrota"),
        "{text}"
    );
    assert!(text.contains("Racha actual: 1 derrota seguida"), "{text}");
    assert!(text.contains("perdida con negras contra <@"), "{text}");

    let history = h
        .exchange(
            "/history",
            slash_command(803, BOB, "history", vec![]),
            |r| r.is("POST", &callback_path(803)),
        )
        .await;
    let text = content(&history);
    assert!(
        text.contains(&format!("#{} — lost as Black", game.id)),
        "{text}"
    );
    assert!(text.contains("resignation"), "{text}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_replays_from_one_player_is_cooled_down_and_holds_up_no_one() {
    let h = Harness::registered_on_manual_clock().await;
    let (alice, bob) = (player(ALICE), player(BOB));
    let (carol, dave) = (player(CAROL), player(DAVE));
    // A long game to replay: its GIF takes a while to draw.
    let mut long = new_game(&h.service, &alice, &bob, None).await;
    while long.is_active() && long.ply() < 40 {
        let by = if long.to_move == Some(alice.id) {
            &alice
        } else {
            &bob
        };
        let text = long.position.legal_moves()[0].to_string();
        long = play(&h.service, &long, by, &text).await;
    }
    let waiting = new_game(&h.service, &carol, &dave, None).await;

    let mark = h.fake.mark();
    let replays: Vec<u64> = (0..4).map(|_| h.next_id()).collect();
    for &id in &replays {
        h.push(slash_command(
            id,
            ALICE,
            "replay",
            vec![integer_option("game", long.id.0)],
        ));
    }
    let board = h.play(CAROL, "g1-g7").await.applied();
    board.assert_pings(DAVE.id);
    assert_eq!(h.game(waiting.id).await.ply(), 1);

    // One replay is drawn; the others are answered at once, only to Alice, with the wait.
    let mut drawn = 0;
    for &id in &replays {
        let answer = h.callback(id).await;
        if answer.pointer("/type") == Some(&Value::from(DEFERRED_CHANNEL_MESSAGE)) {
            drawn += 1;
            continue;
        }
        assert_eq!(
            answer.pointer("/data/flags").and_then(Value::as_u64),
            Some(EPHEMERAL)
        );
        let text = answer.pointer("/data/content").and_then(Value::as_str);
        assert_eq!(
            text,
            Some("Give me 10 s before you ask for that again."),
            "{:?}",
            answer.json
        );
    }
    assert_eq!(drawn, 1, "one replay at a time per player");
    h.wait_since(mark, "the replay upload", |r| {
        r.method == "PATCH" && r.path.ends_with("/messages/@original")
    })
    .await;
    // Ten seconds later Alice may ask again.
    h.clock().advance(10_000);
    let again = h.next_id();
    h.push(slash_command(
        again,
        ALICE,
        "replay",
        vec![integer_option("game", long.id.0)],
    ));
    assert_eq!(
        h.callback(again).await.pointer("/type"),
        Some(&Value::from(DEFERRED_CHANNEL_MESSAGE))
    );
    h.wait_since(mark, "the second replay", |r| {
        r.is("PATCH", &original_path(again))
    })
    .await;
    h.stop().await;
}
