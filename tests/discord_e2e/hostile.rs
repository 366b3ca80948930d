//! Hostile and malformed interactions (issue 8, item 3): slash commands with options missing,
//! mistyped, undeclared or out of range, unknown commands, overlong and strange text, forged
//! or stale `custom_id`s, buttons and commands aimed at someone else's game or challenge,
//! autocomplete for a game the caller is not in, and `/settings` by a non-manager or in a DM.
//!
//! Every case asserts the same contract: the answer is an ephemeral refusal with a specific,
//! human text (or no suggestions, for autocomplete); the database (every table) is exactly as
//! before; nothing but the answer was sent to Discord (no channel message); the answer names
//! nobody of a game the caller is not in; and the bot still answers a valid command afterwards.

use std::collections::BTreeMap;
use std::time::Duration;

use monkey_queen::games::{ChallengeId, GameId, GameRef, GameView, UserError, UserId};
use monkey_queen::i18n::{Lang, Msg};
use monkey_queen_core::{GameOptions, Position};
use serde_json::{Value, json};

use crate::harness::{
    AUTOCOMPLETE_RESULT, CHANNEL_MESSAGE, Board, DEFERRED_CHANNEL_MESSAGE, EPHEMERAL, Harness,
    PostedChallenge, UPDATE_MESSAGE, kind,
};
use crate::support::payloads::{
    ALICE, BOB, CAROL, Caller, DAVE, MANAGER_PERMISSIONS, autocomplete, bool_option, bot_message,
    button_click, focused_string, in_dm, integer_option, slash_command, string_option, token,
    user_option, with_locales, with_permissions, with_resolved_user, without_permissions,
};

/// Every table the bot writes, row by row, each row as its quoted column values.
type Snapshot = BTreeMap<&'static str, Vec<String>>;

const TABLES: [&str; 6] = [
    "players",
    "games",
    "moves",
    "challenges",
    "guild_settings",
    "ai_ratings",
];

/// Dumps every table of the bot's database (through the harness's own connection).
async fn snapshot(h: &Harness) -> Snapshot {
    let pool = h.service.db().reader();
    let mut tables = Snapshot::new();
    for table in TABLES {
        let columns: Vec<String> = sqlx::query_scalar("SELECT name FROM pragma_table_info($1)")
            .bind(table)
            .fetch_all(pool)
            .await
            .unwrap();
        assert!(!columns.is_empty(), "no table {table}");
        let row = columns
            .iter()
            .map(|c| format!("quote(\"{c}\")"))
            .collect::<Vec<_>>()
            .join(" || '|' || ");
        let query = format!("SELECT {row} FROM {table} ORDER BY rowid");
        let rows: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(query))
            .fetch_all(pool)
            .await
            .unwrap();
        tables.insert(table, rows);
    }
    tables
}

fn en(msg: &Msg<'_>) -> String {
    Lang::En.text(msg)
}

fn refusal(error: &UserError) -> String {
    en(&Msg::Refused(error))
}

/// What a refused interaction was answered with.
struct Answer {
    /// The answer's text.
    text: String,
    /// Everything the bot sent back, as JSON text (to look for leaks).
    sent: String,
}

/// Gives `payload` a fresh interaction id and token, pushes it and waits for its answer: the
/// callback, and for a deferral the edit that replaces it. Asserts the answer is ephemeral.
async fn exchange(h: &Harness, mut payload: Value) -> (u64, Answer) {
    let id = h.next_id();
    payload["id"] = Value::String(id.to_string());
    payload["token"] = Value::String(token(id));
    let what = payload.pointer("/data/name").cloned().unwrap_or_default();
    h.push(payload);
    let callback = h.callback(id).await;
    let flags = callback.pointer("/data/flags").and_then(Value::as_u64);
    assert_eq!(flags, Some(EPHEMERAL), "{what}: {:?}", callback.json);
    let mut sent = callback.json.clone().unwrap_or_default().to_string();
    let text = match kind(&callback) {
        CHANNEL_MESSAGE => callback
            .pointer("/data/content")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        DEFERRED_CHANNEL_MESSAGE => {
            let edit = h.original_edit(id).await;
            sent.push_str(&edit.json.clone().unwrap_or_default().to_string());
            edit.pointer("/content")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        }
        other => panic!("{what}: answered with callback type {other}: {:?}", callback.json),
    };
    (id, Answer { text, sent })
}

/// Asserts that nothing but interaction `id`'s own answer reached Discord since `mark`.
async fn assert_only_answered(h: &Harness, mark: usize, id: u64) {
    // A stray post would follow the answer closely; give it the time to show up.
    tokio::time::sleep(Duration::from_millis(60)).await;
    let own = token(id);
    let stray: Vec<String> = h
        .fake
        .requests()
        .into_iter()
        .skip(mark)
        .filter(|r| !r.path.contains(&own))
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert!(stray.is_empty(), "sent beside the answer: {stray:?}");
}

/// A text for people: no debug dump, no internal error, no Markdown-escaped input gone wild.
fn assert_human(text: &str) {
    assert!(!text.trim().is_empty(), "an empty answer");
    for internal in [
        "Error", "error:", "panicked", "{", "}", "Some(", "None", "Cannot parse", "\\u",
    ] {
        assert!(!text.contains(internal), "{internal:?} in {text:?}");
    }
    assert!(text.chars().count() <= 2_000, "{} characters", text.len());
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "control characters in {text:?}"
    );
}

/// Asserts none of `others` (players of games the caller is not in) is named in `sent`.
fn assert_names_nobody(sent: &str, others: &[Caller]) {
    for other in others {
        assert!(
            !sent.contains(&other.id.to_string()) && !sent.contains(other.username),
            "{} ({}) appears in {sent}",
            other.username,
            other.id
        );
    }
}

/// Sends `payload` and asserts the full contract: an ephemeral answer saying exactly
/// `expected`, in human words, naming none of `others`; nothing else sent; no table changed.
async fn assert_refused(h: &Harness, what: &str, payload: Value, expected: &str, others: &[Caller]) {
    let before = snapshot(h).await;
    let mark = h.fake.mark();
    let (id, answer) = exchange(h, payload).await;
    assert_eq!(answer.text, expected, "{what}");
    assert_human(&answer.text);
    assert_names_nobody(&answer.sent, others);
    assert_only_answered(h, mark, id).await;
    assert_eq!(snapshot(h).await, before, "{what} changed the database");
}

/// Asserts the bot still answers a valid command (`/games`, ephemeral) after the abuse.
async fn assert_alive(h: &Harness) {
    let (_, answer) = exchange(h, slash_command(0, ALICE, "games", Vec::new())).await;
    assert_eq!(answer.text, en(&Msg::GamesList { games: &h.service.active_games(UserId(ALICE.id), None).await.unwrap(), viewer: UserId(ALICE.id) }));
}

/// `who` clicks `custom_id` on a bot message carrying it.
fn click(who: Caller, custom_id: &str) -> Value {
    button_click(0, who, custom_id, bot_message(9_999, "a message", &[custom_id]))
}

/// Two games in the test channel: Alice (White) against Bob, and Carol (White) against Dave.
struct Games {
    h: Harness,
    ours: GameId,
    board: Board,
    theirs: GameId,
}

async fn two_games() -> Games {
    let h = Harness::registered().await;
    let (ours, board) = h.start_game(ALICE, BOB).await;
    let (theirs, _) = h.start_game(CAROL, DAVE).await;
    Games {
        h,
        ours,
        board,
        theirs,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_that_do_not_match_their_registration_are_refused_and_run_nothing() {
    let Games { h, ours, .. } = two_games().await;
    let malformed = en(&Msg::MalformedCommand);
    let unknown = en(&Msg::UnknownCommand);
    let low = GameOptions::new(12, 3, false).unwrap_err();
    let cmd = |name: &str, options: Vec<Value>| slash_command(0, ALICE, name, options);
    let cases: Vec<(&str, Value, String)> = vec![
        ("/move without its move", cmd("move", vec![]), malformed.clone()),
        (
            "/move with the move as a number",
            cmd("move", vec![integer_option("move", 17)]),
            malformed.clone(),
        ),
        (
            "/move with the game as text",
            cmd(
                "move",
                vec![
                    string_option("move", "g1-g7"),
                    string_option("game", &ours.to_string()),
                ],
            ),
            malformed.clone(),
        ),
        (
            "/move with a misspelt option",
            cmd("move", vec![string_option("mvoe", "g1-g7")]),
            malformed.clone(),
        ),
        (
            "/move with an option it does not declare",
            cmd(
                "move",
                vec![
                    string_option("move", "g1-g7"),
                    user_option("as", BOB),
                ],
            ),
            malformed.clone(),
        ),
        (
            "/move with the move given twice",
            cmd(
                "move",
                vec![string_option("move", "g1-g7"), string_option("move", "g1-g2")],
            ),
            malformed.clone(),
        ),
        (
            "/move with a subcommand it does not have",
            cmd(
                "move",
                vec![json!({ "name": "undo", "type": 1, "options": [] })],
            ),
            unknown.clone(),
        ),
        (
            "/challenge naming a user Discord did not resolve",
            cmd("challenge", vec![user_option("opponent", BOB)]),
            malformed.clone(),
        ),
        (
            "/challenge with the opponent as text",
            cmd("challenge", vec![string_option("opponent", "bob")]),
            malformed.clone(),
        ),
        (
            "/challenge with a height no u8 holds",
            cmd("challenge", vec![integer_option("height", 100_000)]),
            malformed.clone(),
        ),
        (
            "/challenge with a negative height",
            cmd("challenge", vec![integer_option("height", -20)]),
            malformed.clone(),
        ),
        (
            "/challenge with a size choice that does not exist",
            cmd("challenge", vec![integer_option("size", 7)]),
            malformed.clone(),
        ),
        (
            "/challenge with a colour choice as text",
            cmd("challenge", vec![string_option("color", "white")]),
            malformed.clone(),
        ),
        (
            "/challenge with a pie rule as a number",
            cmd("challenge", vec![integer_option("pie", 1)]),
            malformed.clone(),
        ),
        (
            // R3.3: queens start 20 to 40 high; Discord's min/max are not trusted.
            "/challenge with a height below R3.3's minimum",
            cmd("challenge", vec![integer_option("height", 3)]),
            refusal(&UserError::BadOptions(low)),
        ),
        ("/replay without a game", cmd("replay", vec![]), malformed.clone()),
        (
            "/replay with the game as text",
            cmd("replay", vec![string_option("game", "1")]),
            malformed.clone(),
        ),
        (
            "/stats naming a user Discord did not resolve",
            cmd("stats", vec![user_option("user", CAROL)]),
            malformed.clone(),
        ),
        (
            "/board with private as text",
            cmd("board", vec![string_option("private", "yes")]),
            malformed.clone(),
        ),
        (
            "/settings with threads as text, by a manager",
            with_permissions(
                cmd("settings", vec![string_option("threads", "on")]),
                MANAGER_PERMISSIONS,
            ),
            malformed.clone(),
        ),
        ("an unknown command", cmd("frobnicate", vec![]), unknown.clone()),
        ("a command name in capitals", cmd("MOVE", vec![string_option("move", "g1-g7")]), unknown.clone()),
        ("an empty command name", cmd("", vec![]), unknown.clone()),
    ];
    for (what, payload, expected) in cases {
        assert_refused(&h, what, payload, &expected, &[CAROL, DAVE]).await;
    }
    // The same refusals speak Spanish to a Spanish client.
    let spanish = with_locales(cmd("move", vec![]), "es-ES", "en-US");
    assert_refused(&h, "/mover sin jugada", spanish, &Lang::Es.text(&Msg::MalformedCommand), &[]).await;
    let spanish = with_locales(cmd("nada", vec![]), "es-ES", "en-US");
    assert_refused(&h, "/nada", spanish, &Lang::Es.text(&Msg::UnknownCommand), &[]).await;
    assert_eq!(h.game(ours).await.ply(), 0);
    assert_alive(&h).await;
    h.play(ALICE, "g1-g7").await.applied();
    h.stop().await;
}
