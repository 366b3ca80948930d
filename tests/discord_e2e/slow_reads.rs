//! A database slow to answer never makes an answer late: the commands and buttons that read
//! (or write) before they answer — `/board`, `/moves`, `/resign` and the Resign button,
//! `/replay` and Replay, `/analyse` and Analyse — defer within a moment when their work waits,
//! and answer once it is done. Here the bot's every database connection is held while each is
//! sent: its deferral comes while nothing can be read, its answer once the database is back.
//! (Play on the board is in `activity.rs`.)

use std::time::Duration;

use monkey_queen::games::{GameId, GameRef, UserId};
use serde_json::Value;

use crate::harness::{
    DEFERRED_CHANNEL_MESSAGE, EPHEMERAL, Harness, callback_path, content, followup_path, kind,
    original_path,
};
use crate::support::fake_discord::RecordedRequest;
use crate::support::fake_discord::delivery::Change;
use crate::support::payloads::{
    ALICE, BOB, Caller, bot_message, button_click, integer_option, slash_command, string_option,
    token,
};

/// How long the handlers wait for their work before deferring: the bot's default.
const QUICKLY: Duration = Duration::from_millis(50);

/// Sends interaction `id` (`payload`) while the bot's database is held, and checks that its
/// private deferral came while it was held; returns the first request that answers it after
/// the database is back.
async fn deferred_then_answered(
    h: &Harness,
    what: &str,
    id: u64,
    payload: Value,
) -> RecordedRequest {
    let held = h.hold_database().await;
    let mark = h.fake.mark();
    h.push(payload);
    let deferral = h
        .wait_since(mark, &format!("{what}: its deferral"), |r| {
            r.is("POST", &callback_path(id))
        })
        .await;
    assert_eq!(kind(&deferral), DEFERRED_CHANNEL_MESSAGE, "{what}");
    assert_eq!(
        deferral.pointer("/data/flags").and_then(Value::as_u64),
        Some(EPHEMERAL),
        "{what}: deferred privately (a refusal may still come)"
    );
    let of_it = |r: &RecordedRequest| r.path.contains(&token(id));
    assert_eq!(
        h.count_since(mark, of_it),
        1,
        "{what}: only the deferral yet"
    );
    drop(held);
    let answer = h
        .wait_since(mark, &format!("{what}: its answer"), |r| {
            of_it(r) && !r.path.ends_with("/callback")
        })
        .await;
    h.idle().await;
    answer
}

/// `who`'s `/name options` as interaction `id`.
fn command(id: u64, who: Caller, name: &str, options: Vec<Value>) -> Value {
    slash_command(id, who, name, options)
}

/// `who` clicks `custom_id` on a board of the test channel, as interaction `id`.
fn click(id: u64, who: Caller, custom_id: &str) -> Value {
    button_click(
        id,
        who,
        custom_id,
        bot_message(9_000 + id, "a board", &[custom_id]),
    )
}

/// A public answer made after a private deferral: the deferral says it is done, then the
/// answer follows as a public message of its own, with `file`.
fn assert_public_after(h: &Harness, what: &str, id: u64, edit: &RecordedRequest, file: &str) {
    assert!(
        edit.is("PATCH", &original_path(id)),
        "{what}: {}",
        edit.line()
    );
    assert_eq!(content(edit), "Done.", "{what}");
    let requests = h.fake.requests();
    let public = requests
        .iter()
        .find(|r| r.is("POST", &followup_path(id)))
        .unwrap_or_else(|| panic!("{what}: no public answer"));
    let delivery = public.delivery.as_ref().expect("carried out");
    assert_eq!(delivery.change, Change::New, "{what}: a message of its own");
    assert!(!delivery.ephemeral, "{what}: everyone sees it");
    assert_eq!(
        public.files.first().and_then(|f| f.filename.as_deref()),
        Some(file),
        "{what}"
    );
}

/// A private answer edited into the deferral, with `file` or the buttons `buttons` start with.
fn assert_edited_with(what: &str, id: u64, edit: &RecordedRequest, expected: &str) {
    assert!(
        edit.is("PATCH", &original_path(id)),
        "{what}: {}",
        edit.line()
    );
    let files: Vec<&str> = edit
        .files
        .iter()
        .filter_map(|f| f.filename.as_deref())
        .collect();
    let buttons = crate::harness::button_ids(edit);
    assert!(
        files.iter().any(|f| f.ends_with(expected))
            || buttons.iter().any(|b| b.starts_with(expected)),
        "{what}: {files:?} {buttons:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_and_buttons_that_read_first_defer_while_the_database_is_slow() {
    let h = Harness::registered_deferring_after(QUICKLY).await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    h.play(ALICE, "g1-g4").await.applied();
    h.play(BOB, "f12-f9").await.applied();
    h.idle().await;

    let id = h.next_id();
    let edit = deferred_then_answered(&h, "/board", id, command(id, ALICE, "board", vec![])).await;
    assert_public_after(&h, "/board", id, &edit, "board.png");

    let id = h.next_id();
    let square = vec![string_option("square", "g4")];
    let edit = deferred_then_answered(&h, "/moves", id, command(id, ALICE, "moves", square)).await;
    assert_edited_with("/moves", id, &edit, "board.png");

    let id = h.next_id();
    let edit =
        deferred_then_answered(&h, "/resign", id, command(id, ALICE, "resign", vec![])).await;
    assert_edited_with("/resign", id, &edit, "resign-yes:");

    let id = h.next_id();
    let resign = format!("resign:{game}:2");
    let edit = deferred_then_answered(&h, "Resign", id, click(id, BOB, &resign)).await;
    assert_edited_with("Resign", id, &edit, "resign-yes:");

    finish(&h, game).await;
    let number = vec![integer_option("game", game.0)];
    let id = h.next_id();
    let payload = command(id, ALICE, "replay", number.clone());
    let edit = deferred_then_answered(&h, "/replay", id, payload).await;
    assert_public_after(
        &h,
        "/replay",
        id,
        &edit,
        &format!("monkey-queen-{game}.gif"),
    );

    let id = h.next_id();
    let replay = format!("replay:{game}");
    let edit = deferred_then_answered(&h, "Replay", id, click(id, BOB, &replay)).await;
    assert_edited_with("Replay", id, &edit, ".gif");

    let id = h.next_id();
    let payload = command(id, ALICE, "analyse", number);
    let edit = deferred_then_answered(&h, "/analyse", id, payload).await;
    assert_public_after(&h, "/analyse", id, &edit, "analysis.png");

    let id = h.next_id();
    let analyse = format!("analyse:{game}");
    let edit = deferred_then_answered(&h, "Analyse", id, click(id, BOB, &analyse)).await;
    assert_edited_with("Analyse", id, &edit, "analysis.png");
    h.stop().await;
}

/// Bob resigns `game` through the service (its board is the outbox's to post).
async fn finish(h: &Harness, game: GameId) {
    h.service
        .resign(UserId(BOB.id), GameRef::Id(game), None)
        .await
        .expect("Bob resigns");
}
