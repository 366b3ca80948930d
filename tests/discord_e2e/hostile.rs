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

use monkey_queen::games::{
    ChallengeCreated, ChallengeId, ChannelId, ColorChoice, GameId, GameRef, GuildId, Level,
    NewChallenge, PlayerRef, Reach, UserError, UserId, Viewer,
};
use monkey_queen::i18n::{Lang, Msg};
use monkey_queen::storage;
use monkey_queen_core::{GameOptions, MoveError, Position, Square};
use serde_json::{Value, json};

use crate::harness::{
    AUTOCOMPLETE_RESULT, Board, CHANNEL_MESSAGE, COLOR_WHITE, DEFERRED_CHANNEL_MESSAGE, EPHEMERAL,
    Harness, PostedChallenge, UPDATE_MESSAGE, kind, millis,
};
use crate::seeded::shown;
use crate::support::fake_discord::{BOT_NAME, BOT_USER_ID};
use crate::support::payloads::{
    ALICE, BOB, CAROL, Caller, DAVE, DM_CHANNEL_ID, GUILD_ID, MANAGER_PERMISSIONS, autocomplete,
    bool_option, bot_message, button_click, focused_string, in_dm, integer_option, slash_command,
    string_option, token, user_option, with_locales, with_permissions, with_resolved_user,
    without_permissions,
};

/// Every table of the database, row by row, each row as its quoted column values.
pub(crate) type Snapshot = BTreeMap<String, Vec<String>>;

/// Dumps every table of the bot's database (through the harness's own connection): players,
/// games, moves, challenges, settings, and whatever later migrations add, on either engine.
pub(crate) async fn snapshot(h: &Harness) -> Snapshot {
    let mut pool = h.service.db().read().await.unwrap();
    let catalogue = match h.service.db().backend() {
        storage::Backend::Sqlite => {
            "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'
               AND m.name <> '_sqlx_migrations'
             ORDER BY m.name, p.cid"
        }
        storage::Backend::Postgres => {
            "SELECT table_name::TEXT, column_name::TEXT FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name <> '_sqlx_migrations'
             ORDER BY table_name, ordinal_position"
        }
    };
    let columns: Vec<(String, String)> = sqlx::query_as(catalogue)
        .fetch_all(&mut *pool)
        .await
        .unwrap();
    let mut tables: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (table, column) in columns {
        tables.entry(table).or_default().push(column);
    }
    for table in ["players", "games", "moves", "challenges"] {
        assert!(tables.contains_key(table), "no table {table}");
    }
    let mut snapshot = Snapshot::new();
    for (table, columns) in tables {
        // Each value in <>, NULL as a bare word; the rows sorted, as neither engine promises
        // an order without a key.
        let row = columns
            .iter()
            .map(|c| format!("COALESCE('<' || CAST(\"{c}\" AS TEXT) || '>', 'NULL')"))
            .collect::<Vec<_>>()
            .join(" || '|' || ");
        let query = format!("SELECT {row} FROM \"{table}\"");
        let mut rows: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(query))
            .fetch_all(&mut *pool)
            .await
            .unwrap();
        rows.sort_unstable();
        snapshot.insert(table, rows);
    }
    snapshot
}

/// `msg` in English (the test payloads' locale).
fn en(msg: &Msg<'_>) -> String {
    Lang::En.text(msg)
}

/// The English refusal for `error`.
fn refusal(error: &UserError) -> String {
    en(&Msg::Refused(error))
}

/// What a refused interaction was answered with.
struct Answer {
    /// The answer's text.
    text: String,
    /// Everything the bot sent back, as JSON text (to look for leaks).
    sent: String,
    /// From the interaction's dispatch to the first answer.
    took: Duration,
}

/// Gives `payload` a fresh interaction id and token, pushes it and waits for its answer: the
/// callback, and for a deferral the edit that replaces it. Asserts the answer is ephemeral.
async fn exchange(h: &Harness, mut payload: Value) -> (u64, Answer) {
    let id = h.next_id();
    payload["id"] = Value::String(id.to_string());
    payload["token"] = Value::String(token(id));
    let what = payload.pointer("/data/name").cloned().unwrap_or_default();
    let sent = h.push(payload);
    let callback = h.callback(id).await;
    let took = callback.received_at.duration_since(sent);
    let flags = callback.pointer("/data/flags").and_then(Value::as_u64);
    assert_eq!(flags, Some(EPHEMERAL), "{what}: {:?}", callback.json);
    let mut shown = callback.json.clone().unwrap_or_default().to_string();
    let text = match kind(&callback) {
        CHANNEL_MESSAGE => callback
            .pointer("/data/content")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        DEFERRED_CHANNEL_MESSAGE => {
            let edit = h.original_edit(id).await;
            shown.push_str(&edit.json.clone().unwrap_or_default().to_string());
            edit.pointer("/content")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        }
        other => panic!(
            "{what}: answered with callback type {other}: {:?}",
            callback.json
        ),
    };
    let answer = Answer {
        text,
        sent: shown,
        took,
    };
    (id, answer)
}

/// Asserts that nothing but interaction `id`'s own answer reached Discord since `mark`.
async fn assert_only_answered(h: &Harness, mark: usize, id: u64) {
    // Whatever the handler was going to send, it has sent once it is done.
    h.idle().await;
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

/// A text for people: no debug dump or internal detail, no control characters, and within
/// Discord's 2,000 characters.
fn assert_human(text: &str) {
    assert!(!text.trim().is_empty(), "an empty answer");
    for internal in [
        "Error",
        "error:",
        "panicked",
        "{",
        "}",
        "Some(",
        "None",
        "Cannot parse",
        "\\u",
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
async fn assert_refused(
    h: &Harness,
    what: &str,
    payload: Value,
    expected: &str,
    others: &[Caller],
) {
    let before = snapshot(h).await;
    let mark = h.fake.mark();
    let (id, answer) = exchange(h, payload).await;
    println!("{what}: answered in {:.1} ms", millis(answer.took));
    assert_eq!(answer.text, expected, "{what}");
    assert_human(&answer.text);
    assert_names_nobody(&answer.sent, others);
    assert_only_answered(h, mark, id).await;
    assert_eq!(snapshot(h).await, before, "{what} changed the database");
}

/// Asserts the bot still answers a valid command (`/games`, ephemeral) after the abuse.
async fn assert_alive(h: &Harness) {
    let (_, answer) = exchange(h, slash_command(0, ALICE, "games", Vec::new())).await;
    let alice = Viewer {
        user: UserId(ALICE.id),
        guild: Some(GuildId(GUILD_ID)),
    };
    // Alice has fewer games than a page holds (8): the whole list.
    let page = h.service.games_in_progress(alice, 0, 8).await.unwrap();
    assert_eq!(page.total_pages, 1);
    assert_eq!(
        answer.text,
        en(&Msg::GamesList {
            page: &page,
            viewer: alice.user,
        })
    );
}

/// `who` clicks `custom_id` on a bot message carrying it.
fn click(who: Caller, custom_id: &str) -> Value {
    button_click(
        0,
        who,
        custom_id,
        bot_message(9_999, "a message", &[custom_id]),
    )
}

/// A member of the test server who plays no game at all.
const EVE: Caller = Caller {
    id: 1_200_000_000_000_000_105,
    username: "eve",
};

/// Two games in the test channel: Alice (White) against Bob, and Carol (White) against Dave.
struct Games {
    h: Harness,
    ours: GameId,
    board: Board,
    theirs: GameId,
}

/// A registered bot with [`Games`] under way, nobody having moved yet.
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
        (
            "/move without its move",
            cmd("move", vec![]),
            malformed.clone(),
        ),
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
                vec![string_option("move", "g1-g7"), user_option("as", BOB)],
            ),
            malformed.clone(),
        ),
        (
            "/move with the move given twice",
            cmd(
                "move",
                vec![
                    string_option("move", "g1-g7"),
                    string_option("move", "g1-g2"),
                ],
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
        (
            "/replay without a game",
            cmd("replay", vec![]),
            malformed.clone(),
        ),
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
        (
            "/move naming a negative game number",
            cmd(
                "move",
                vec![string_option("move", "g1-g7"), integer_option("game", -1)],
            ),
            refusal(&UserError::NoSuchGame(GameId(-1))),
        ),
        (
            "/board naming the largest game number",
            cmd("board", vec![integer_option("game", i64::MAX)]),
            refusal(&UserError::NoSuchGame(GameId(i64::MAX))),
        ),
        (
            "/challenge against oneself",
            with_resolved_user(
                cmd("challenge", vec![user_option("opponent", ALICE)]),
                &[ALICE],
            ),
            refusal(&UserError::ChallengeSelf),
        ),
        (
            "/challenge against another bot",
            {
                let mut payload = with_resolved_user(
                    cmd("challenge", vec![user_option("opponent", EVE)]),
                    &[EVE],
                );
                payload["data"]["resolved"]["users"][EVE.id.to_string()]["bot"] = json!(true);
                payload
            },
            en(&Msg::OtherBot),
        ),
        (
            "an unknown command",
            cmd("frobnicate", vec![]),
            unknown.clone(),
        ),
        (
            "a command name in capitals",
            cmd("MOVE", vec![string_option("move", "g1-g7")]),
            unknown.clone(),
        ),
        ("an empty command name", cmd("", vec![]), unknown.clone()),
    ];
    for (what, payload, expected) in cases {
        assert_refused(&h, what, payload, &expected, &[CAROL, DAVE]).await;
    }
    // The same refusals speak Spanish to a Spanish client.
    let spanish = with_locales(cmd("move", vec![]), "es-ES", "en-US");
    assert_refused(
        &h,
        "/mover sin jugada",
        spanish,
        &Lang::Es.text(&Msg::MalformedCommand),
        &[],
    )
    .await;
    let spanish = with_locales(cmd("nada", vec![]), "es-ES", "en-US");
    assert_refused(
        &h,
        "/nada",
        spanish,
        &Lang::Es.text(&Msg::UnknownCommand),
        &[],
    )
    .await;
    assert_eq!(h.game(ours).await.ply(), 0);
    assert_alive(&h).await;
    // The snapshot does see a change: a valid move afterwards is one.
    let before = snapshot(&h).await;
    h.play(ALICE, "g1-g7").await.applied();
    assert_ne!(snapshot(&h).await, before);
    h.stop().await;
}

/// The bot's cut of echoed text: `max` characters, then `…`.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_owned()
    } else {
        text.chars().take(max).chain(['…']).collect()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn overlong_and_strange_text_is_refused_and_quoted_back_harmlessly() {
    let Games { h, ours, .. } = two_games().await;
    let start = Position::start(GameOptions::default());
    // More than the 6,000 characters Discord allows in a string option; the bot reads 24.
    let long = "g1-g7".repeat(1_300);
    let texts = [
        long.as_str(),
        "g1-g7\u{0}",
        "\u{202e}7g-1g",
        "g1\u{200b}-g7",
        "ｇ１－ｇ７",
        "🐒🐒🐒",
        "g1-g7\n@everyone",
        "`` ` ``",
        "<@1200000000000000102>",
        "é\u{301}",
    ];
    for text in texts {
        // Alice is to move: every refusal is about the text itself (R9.2).
        let reason = start.clone().play_str(&clip(text, 24)).unwrap_err();
        let expected = refusal(&UserError::Illegal(reason));
        let payload = slash_command(0, ALICE, "move", vec![string_option("move", text)]);
        assert_refused(
            &h,
            &format!("/move {text:.30?}"),
            payload,
            &expected,
            &[CAROL, DAVE],
        )
        .await;
        let reason = Square::parse(&clip(text, 8), 12).unwrap_err();
        let expected = refusal(&UserError::Illegal(MoveError::Parse(reason)));
        let payload = slash_command(0, ALICE, "moves", vec![string_option("square", text)]);
        assert_refused(
            &h,
            &format!("/moves {text:.30?}"),
            payload,
            &expected,
            &[CAROL, DAVE],
        )
        .await;
    }
    // What is quoted back is cut, and carries no control or invisible characters.
    let cut = refusal(&UserError::Illegal(
        start.clone().play_str(&clip(&long, 24)).unwrap_err(),
    ));
    assert!(
        cut.starts_with("`g1-g7g1-g7g1-g7g1-g7g1-g…` is not a move"),
        "{cut}"
    );
    let garbled = start.clone().play_str("g1\u{200b}-g7\n").unwrap_err();
    assert_eq!(
        refusal(&UserError::Illegal(garbled)),
        "`g1\u{fffd}-g7` is not a move; write two squares like g1-g7, or swap."
    );
    let blank = Square::parse("   ", 12).unwrap_err();
    assert_eq!(
        refusal(&UserError::Illegal(MoveError::Parse(blank))),
        "That is not a square on a 12×12 board; write one like g1."
    );
    assert_eq!(h.game(ours).await.ply(), 0);
    assert_alive(&h).await;
    h.play(ALICE, "g1-g7").await.applied();
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_and_forged_custom_ids_are_answered_and_change_nothing() {
    let Games { h, .. } = two_games().await;
    let unknown = en(&Msg::UnknownButton);
    let long_number = format!("accept:{}", "9".repeat(5_000));
    let long_word = "x".repeat(5_000);
    let garbage = [
        "",
        ":",
        "::::",
        "accept",
        "accept:",
        "accept:99999999999999999999",
        "accept:1.0",
        "accept:0x1",
        "accept:１",
        "accept:1\u{0}",
        "accept: 1",
        "cancel:-1",
        "resign:-5:0",
        "ACCEPT:1",
        "resign:1:4294967296",
        "resign:1:-1",
        "resign-yes:x:0",
        "rematch:1:2",
        "replay:",
        "leaderboard:server:4294967296:next",
        "leaderboard:everyone:0:next",
        "moves:1",
        long_number.as_str(),
        long_word.as_str(),
    ];
    for custom_id in garbage {
        let what = format!("button {custom_id:.40?}");
        assert_refused(&h, &what, click(BOB, custom_id), &unknown, &[CAROL, DAVE]).await;
    }
    // Well formed, but nothing has that number.
    let max = i64::MAX;
    let missing: Vec<(String, UserError)> = vec![
        (
            "accept:999999".into(),
            UserError::NoSuchChallenge(ChallengeId(999_999)),
        ),
        (
            "decline:999999".into(),
            UserError::NoSuchChallenge(ChallengeId(999_999)),
        ),
        (
            format!("accept:{max}"),
            UserError::NoSuchChallenge(ChallengeId(max)),
        ),
        (
            "resign:999999:0".into(),
            UserError::NoSuchGame(GameId(999_999)),
        ),
        (
            format!("resign-yes:{max}:0"),
            UserError::NoSuchGame(GameId(max)),
        ),
        (
            "replay:999999".into(),
            UserError::NoSuchGame(GameId(999_999)),
        ),
        (
            "rematch:999999".into(),
            UserError::NoSuchGame(GameId(999_999)),
        ),
    ];
    for (custom_id, error) in missing {
        let what = format!("button {custom_id}");
        assert_refused(
            &h,
            &what,
            click(BOB, &custom_id),
            &refusal(&error),
            &[CAROL, DAVE],
        )
        .await;
    }
    assert_alive(&h).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_buttons_refuse_everyone_but_the_right_player() {
    let h = Harness::registered().await;
    let white = vec![integer_option("color", COLOR_WHITE)];
    let direct = h.challenge(ALICE, Some(BOB), white).await;
    let theirs = h.challenge(CAROL, Some(DAVE), Vec::new()).await;
    let open = h.challenge(DAVE, None, Vec::new()).await;
    let press = |who: Caller, challenge: &PostedChallenge, action: &str| {
        let custom_id = challenge.button(action);
        let ids: Vec<&str> = challenge.custom_ids.iter().map(String::as_str).collect();
        button_click(
            0,
            who,
            &custom_id,
            bot_message(9_998, &challenge.content, &ids),
        )
    };
    let for_bob = UserError::NotChallenged {
        challenged: Some(UserId(BOB.id)),
    };
    let for_dave = UserError::NotChallenged {
        challenged: Some(UserId(DAVE.id)),
    };
    let cases = [
        (
            "the challenger accepts",
            press(ALICE, &direct, "accept"),
            UserError::OwnChallenge,
        ),
        (
            "a stranger accepts",
            press(CAROL, &direct, "accept"),
            for_bob.clone(),
        ),
        (
            "a stranger declines",
            press(CAROL, &direct, "decline"),
            for_bob.clone(),
        ),
        (
            "the challenger declines",
            press(ALICE, &direct, "decline"),
            for_bob,
        ),
        (
            "a stranger cancels",
            press(CAROL, &direct, "cancel"),
            UserError::NotChallenger {
                challenger: UserId(ALICE.id),
            },
        ),
        (
            "the challenged cancels",
            press(BOB, &direct, "cancel"),
            UserError::NotChallenger {
                challenger: UserId(ALICE.id),
            },
        ),
        // Alice presses buttons that point at Carol's challenge to Dave.
        (
            "someone else's challenge, accepted",
            press(ALICE, &theirs, "accept"),
            for_dave.clone(),
        ),
        (
            "someone else's challenge, declined",
            press(ALICE, &theirs, "decline"),
            for_dave,
        ),
        (
            "someone else's challenge, cancelled",
            press(ALICE, &theirs, "cancel"),
            UserError::NotChallenger {
                challenger: UserId(CAROL.id),
            },
        ),
        (
            "the open challenger accepts",
            press(DAVE, &open, "accept"),
            UserError::OwnChallenge,
        ),
        (
            "an open challenge, cancelled by a taker",
            press(ALICE, &open, "cancel"),
            UserError::NotChallenger {
                challenger: UserId(DAVE.id),
            },
        ),
    ];
    for (what, payload, error) in cases {
        // The refusals say who may answer only by mention of the challenge's own players,
        // which the clicker saw on the challenge message already.
        assert_refused(&h, what, payload, &refusal(&error), &[]).await;
    }
    // The right players still can: Bob accepts, Carol withdraws.
    let mark = h.fake.mark();
    h.accept(BOB, &direct).await;
    h.idle().await;
    h.assert_pinged_since(mark, ALICE.id);
    let (cancelled, _) = h
        .click(
            CAROL,
            &theirs.button("cancel"),
            &theirs.content,
            &theirs.custom_ids,
        )
        .await;
    assert_eq!(kind(&cancelled), UPDATE_MESSAGE);
    assert_alive(&h).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_refuses_strangers_stale_or_future_plies_and_finished_games() {
    let Games {
        h,
        ours,
        board,
        theirs,
    } = two_games().await;
    assert_eq!(board.resign_button(), Some(&format!("resign:{ours}:0")));
    let stranger = UserError::NotParticipant { game: ours };
    let changed = UserError::PositionChanged;
    // Who clicks, what, the refusal, and the players the answer must not name.
    let cases = [
        (
            "a stranger presses Resign",
            click(CAROL, &format!("resign:{ours}:0")),
            stranger.clone(),
            [ALICE, BOB],
        ),
        (
            "a stranger confirms",
            click(CAROL, &format!("resign-yes:{ours}:0")),
            stranger.clone(),
            [ALICE, BOB],
        ),
        (
            "a player presses Resign of another game",
            click(ALICE, &format!("resign:{theirs}:0")),
            UserError::NotParticipant { game: theirs },
            [CAROL, DAVE],
        ),
        (
            "a player confirms for another game",
            click(BOB, &format!("resign-yes:{theirs}:0")),
            UserError::NotParticipant { game: theirs },
            [CAROL, DAVE],
        ),
        (
            "a future ply",
            click(ALICE, &format!("resign:{ours}:7")),
            changed.clone(),
            [CAROL, DAVE],
        ),
        (
            "a future ply, confirmed",
            click(ALICE, &format!("resign-yes:{ours}:7")),
            changed.clone(),
            [CAROL, DAVE],
        ),
        (
            "/resign of a game by a stranger",
            slash_command(0, CAROL, "resign", vec![integer_option("game", ours.0)]),
            stranger.clone(),
            [ALICE, BOB],
        ),
        (
            // R7.4: only the players may abort.
            "/abort of a game by a stranger",
            slash_command(0, CAROL, "abort", vec![integer_option("game", ours.0)]),
            stranger.clone(),
            [ALICE, BOB],
        ),
    ];
    for (what, payload, error, others) in cases {
        assert_refused(&h, what, payload, &refusal(&error), &others).await;
    }
    // A past ply: the board of ply 0 after White has moved.
    h.play(ALICE, "g1-g7").await.applied();
    // The move's handler may also take the buttons off the old board: let it finish first.
    h.idle().await;
    for custom_id in [format!("resign:{ours}:0"), format!("resign-yes:{ours}:0")] {
        let what = format!("a past ply ({custom_id})");
        assert_refused(
            &h,
            &what,
            click(BOB, &custom_id),
            &refusal(&changed),
            &[CAROL, DAVE],
        )
        .await;
    }
    // A finished game: Dave resigned.
    h.service
        .resign(UserId(DAVE.id), GameRef::Id(theirs), None)
        .await
        .unwrap();
    let over = UserError::GameOver { game: theirs };
    for (what, payload) in [
        (
            "Resign on a finished game",
            click(CAROL, &format!("resign:{theirs}:0")),
        ),
        (
            "a confirmation on a finished game",
            click(CAROL, &format!("resign-yes:{theirs}:0")),
        ),
        (
            "/resign of a finished game",
            slash_command(0, CAROL, "resign", vec![integer_option("game", theirs.0)]),
        ),
        (
            "/move in a finished game",
            slash_command(
                0,
                CAROL,
                "move",
                vec![
                    string_option("move", "g1-g7"),
                    integer_option("game", theirs.0),
                ],
            ),
        ),
    ] {
        assert_refused(&h, what, payload, &refusal(&over), &[ALICE, BOB]).await;
    }
    assert_eq!(h.game(ours).await.ply(), 1);
    assert!(h.game(ours).await.is_active());
    assert_alive(&h).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_replay_and_leaderboard_buttons_with_forged_targets() {
    let Games {
        h, ours, theirs, ..
    } = two_games().await;
    h.service
        .resign(UserId(DAVE.id), GameRef::Id(theirs), None)
        .await
        .unwrap();
    let cases = [
        (
            "a stranger asks for a rematch",
            click(ALICE, &format!("rematch:{theirs}")),
            UserError::NotParticipant { game: theirs },
            [CAROL, DAVE],
        ),
        (
            "a rematch of a game still being played",
            click(ALICE, &format!("rematch:{ours}")),
            UserError::NotFinished {
                game: ours,
                status: monkey_queen::games::GameStatus::Active,
            },
            [CAROL, DAVE],
        ),
        (
            "a stranger asks for a rematch of a game still being played",
            click(CAROL, &format!("rematch:{ours}")),
            UserError::NotParticipant { game: ours },
            [ALICE, BOB],
        ),
        (
            "the replay of another server's game, from a DM",
            in_dm(click(ALICE, &format!("replay:{theirs}")), ALICE),
            UserError::NoSuchGame(theirs),
            [CAROL, DAVE],
        ),
    ];
    for (what, payload, error, others) in cases {
        assert_refused(&h, what, payload, &refusal(&error), &others).await;
    }
    // A leaderboard arrow of Bob's with a page far past the end shows the last page (it is
    // public), and changes nothing.
    let before = snapshot(&h).await;
    let mark = h.fake.mark();
    let arrow = format!("leaderboard:global:4294967295:next:{}", BOB.id);
    let (answer, _) = h
        .click(BOB, &arrow, "old leaderboard", std::slice::from_ref(&arrow))
        .await;
    assert_eq!(kind(&answer), UPDATE_MESSAGE);
    let text = answer
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap();
    assert_human(text);
    assert!(text.starts_with("**Leaderboard"), "{text}");
    assert_eq!(h.channel_messages_since(mark).len(), 0);
    assert_eq!(snapshot(&h).await, before);
    assert_alive(&h).await;
    h.stop().await;
}

/// The suggestions Discord got for autocomplete `payload`.
async fn suggestions(h: &Harness, mut payload: Value) -> Vec<Value> {
    let id = h.next_id();
    payload["id"] = Value::String(id.to_string());
    payload["token"] = Value::String(token(id));
    let before = snapshot(h).await;
    let mark = h.fake.mark();
    h.push(payload);
    let callback = h.callback(id).await;
    assert_eq!(kind(&callback), AUTOCOMPLETE_RESULT, "{:?}", callback.json);
    assert_only_answered(h, mark, id).await;
    assert_eq!(snapshot(h).await, before);
    callback
        .pointer("/data/choices")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_of_a_game_reaches_someone_who_is_not_in_it() {
    let Games {
        h, ours, theirs, ..
    } = two_games().await;
    let not_hers = refusal(&UserError::NotParticipant { game: ours });
    // Carol names Alice's game: no move, no piece's moves, no board from elsewhere.
    let cases = [
        (
            "/move in a game one does not play",
            slash_command(
                0,
                CAROL,
                "move",
                vec![
                    string_option("move", "g1-g7"),
                    integer_option("game", ours.0),
                ],
            ),
            not_hers.clone(),
        ),
        (
            "/moves in a game one does not play",
            slash_command(
                0,
                CAROL,
                "moves",
                vec![
                    string_option("square", "g1"),
                    integer_option("game", ours.0),
                ],
            ),
            not_hers.clone(),
        ),
        (
            "/board of another server's game, from a DM",
            in_dm(
                slash_command(0, CAROL, "board", vec![integer_option("game", ours.0)]),
                CAROL,
            ),
            refusal(&UserError::NoSuchGame(ours)),
        ),
        (
            "/replay of another server's game, from a DM",
            in_dm(
                slash_command(0, CAROL, "replay", vec![integer_option("game", ours.0)]),
                CAROL,
            ),
            refusal(&UserError::NoSuchGame(ours)),
        ),
        (
            "/move in a DM, naming no game",
            in_dm(
                slash_command(0, CAROL, "move", vec![string_option("move", "g1-g7")]),
                CAROL,
            ),
            refusal(&UserError::NoActiveGame),
        ),
        (
            "/board by someone with no game here",
            slash_command(0, EVE, "board", Vec::new()),
            refusal(&UserError::NoActiveGame),
        ),
        (
            "/moves by someone with no game here",
            slash_command(0, EVE, "moves", vec![string_option("square", "g1")]),
            refusal(&UserError::NoActiveGame),
        ),
        (
            "/resign by someone with no game here",
            slash_command(0, EVE, "resign", Vec::new()),
            refusal(&UserError::NoActiveGame),
        ),
        (
            "/abort by someone with no game here",
            slash_command(0, EVE, "abort", Vec::new()),
            refusal(&UserError::NoActiveGame),
        ),
        (
            "/board of a game that does not exist",
            slash_command(0, CAROL, "board", vec![integer_option("game", 999_999)]),
            refusal(&UserError::NoSuchGame(GameId(999_999))),
        ),
    ];
    for (what, payload, expected) in cases {
        assert_refused(&h, what, payload, &expected, &[ALICE, BOB]).await;
    }
    // Alice plays the computer in her DM with the bot: nobody else sees that game, from a DM
    // or from a server, while Alice does, from anywhere.
    let created = h
        .service
        .create_challenge(NewChallenge {
            challenger: PlayerRef::new(UserId(ALICE.id), ALICE.username),
            opponent: Some(PlayerRef::new(UserId(BOT_USER_ID), BOT_NAME)),
            guild: None,
            channel: ChannelId(DM_CHANNEL_ID),
            reach: Reach::Channel,
            lang: Lang::En,
            options: GameOptions::default(),
            color: ColorChoice::White,
            move_time_ms: None,
            rated: false,
            ai_level: Some(Level::Easy),
            rematch_of: None,
        })
        .await
        .unwrap();
    let ChallengeCreated::AiGame(private) = created else {
        panic!("a challenge to the bot starts a game at once")
    };
    let private = shown(&h.service, *private).await;
    let hidden = refusal(&UserError::NoSuchGame(private.id));
    let board_of =
        |who: Caller| slash_command(0, who, "board", vec![integer_option("game", private.id.0)]);
    assert_refused(
        &h,
        "another's DM game, from a DM",
        in_dm(board_of(CAROL), CAROL),
        &hidden,
        &[ALICE],
    )
    .await;
    assert_refused(
        &h,
        "a DM game, from a server",
        board_of(CAROL),
        &hidden,
        &[ALICE],
    )
    .await;
    let replay_of = in_dm(click(CAROL, &format!("replay:{}", private.id)), CAROL);
    assert_refused(
        &h,
        "the replay of another's DM game",
        replay_of,
        &hidden,
        &[ALICE],
    )
    .await;
    let id = h.next_id();
    let mut own = board_of(ALICE);
    own["id"] = json!(id.to_string());
    own["token"] = json!(token(id));
    h.push(own);
    let edit = h.original_edit(id).await;
    assert_eq!(
        edit.files.len(),
        1,
        "Alice sees her own DM game from the server"
    );
    // Suggestions: none for a game she is not in (whoever's turn it is), nor for a game that
    // does not exist; her own game is the only one the `game` option offers.
    let typing = |who: Caller, game: Option<i64>| {
        let mut options = vec![focused_string("move", "")];
        if let Some(game) = game {
            options.push(integer_option("game", game));
        }
        autocomplete(0, who, "move", options)
    };
    assert!(
        suggestions(&h, typing(CAROL, Some(ours.0)))
            .await
            .is_empty()
    );
    assert!(suggestions(&h, typing(DAVE, Some(ours.0))).await.is_empty());
    assert!(
        suggestions(&h, typing(CAROL, Some(999_999)))
            .await
            .is_empty()
    );
    assert_eq!(
        suggestions(&h, typing(CAROL, Some(theirs.0))).await.len(),
        25
    );
    let games = suggestions(
        &h,
        autocomplete(
            0,
            CAROL,
            "move",
            vec![
                string_option("move", "g1-g7"),
                json!({ "name": "game", "type": 4, "value": "", "focused": true }),
            ],
        ),
    )
    .await;
    let offered: Vec<i64> = games.iter().filter_map(|c| c["value"].as_i64()).collect();
    assert_eq!(offered, [theirs.0]);
    assert_names_nobody(&Value::Array(games).to_string(), &[ALICE, BOB]);
    // Malformed autocomplete: an undeclared option, an unknown command.
    let mut odd = typing(CAROL, None);
    odd["data"]["options"]
        .as_array_mut()
        .unwrap()
        .push(string_option("as", "alice"));
    assert!(suggestions(&h, odd).await.is_empty());
    let mut unknown = typing(CAROL, None);
    unknown["data"]["name"] = json!("frobnicate");
    assert!(suggestions(&h, unknown).await.is_empty());
    assert_eq!(h.game(ours).await.ply(), 0);
    assert_alive(&h).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_refuse_non_managers_even_when_discord_shows_them_the_command() {
    let h = Harness::registered().await;
    let threads = || vec![bool_option("threads", true)];
    let not_manager = en(&Msg::NotManager);
    let cases = [
        (
            "a plain member",
            slash_command(0, BOB, "settings", threads()),
            not_manager.clone(),
        ),
        (
            "a member whose permissions are not in the payload",
            without_permissions(slash_command(0, BOB, "settings", threads())),
            not_manager.clone(),
        ),
        (
            "a plain member only looking",
            slash_command(0, BOB, "settings", Vec::new()),
            not_manager,
        ),
        (
            "a Spanish plain member",
            with_locales(
                slash_command(0, BOB, "settings", threads()),
                "es-ES",
                "es-ES",
            ),
            Lang::Es.text(&Msg::NotManager),
        ),
        (
            "a DM",
            in_dm(slash_command(0, BOB, "settings", threads()), BOB),
            en(&Msg::ServerOnly),
        ),
    ];
    for (what, payload, expected) in cases {
        assert_refused(&h, what, payload, &expected, &[]).await;
    }
    // A manager may.
    let payload = with_permissions(
        slash_command(0, ALICE, "settings", threads()),
        MANAGER_PERMISSIONS,
    );
    let (_, answer) = exchange(&h, payload).await;
    assert!(answer.text.starts_with("Saved."), "{}", answer.text);
    assert_alive(&h).await;
    h.stop().await;
}
