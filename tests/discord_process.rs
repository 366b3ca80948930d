//! The `monkey-queen` binary as a process (the bot is its default subcommand): a missing token
//! is explained, and against the fake Discord, on a database in a temporary directory, it
//! registers commands, answers, then stops cleanly on SIGTERM without ever printing the token
//! (even with debug logging); killed with SIGKILL while the computer thinks, it moves once
//! after a restart; asked to stop while its database can't be reached, it stops at once.
#![cfg(unix)]

mod support;

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use monkey_queen::games::{GameService, ServiceConfig, SystemClock, UserId};
use monkey_queen::storage;
use serde_json::{Value, json};
use support::fake_discord::{APPLICATION_ID, BOT_USER_ID, FakeDiscord, RecordedRequest, TOKEN};
use support::payloads::{
    ALICE, CHANNEL_ID, GUILD_ID, integer_option, slash_command, token, with_resolved_bot,
};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, BufReader};
use tokio::process::{Child, Command};

/// How long a test waits for the bot to do what it must (generous: the machine may be busy).
const EXIT_WAIT: Duration = Duration::from_secs(30);

/// The binary with no subcommand, in `dir` (away from any developer's `.env` file), with its
/// database there.
fn bot_command(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_monkey-queen"));
    let database = format!("sqlite://{}?mode=rwc", dir.join("bot.db").display());
    command
        .current_dir(dir)
        .env("DATABASE_URL", database)
        .env_remove("DEV_GUILD_ID")
        .env_remove("DISCORD_API_URL")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    command
}

/// Everything `stream` yields until it closes, as text.
async fn read_all(mut stream: impl AsyncRead + Unpin) -> String {
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).await.unwrap();
    String::from_utf8_lossy(&bytes).into_owned()
}

#[tokio::test]
async fn without_a_token_it_says_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    let output = bot_command(dir.path())
        .env("DISCORD_TOKEN", "")
        .output()
        .await
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("DISCORD_TOKEN is not set"), "{stderr}");
    assert!(
        stderr.contains("discord.com/developers/applications"),
        "{stderr}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serves_then_stops_cleanly_on_sigterm_without_logging_the_token() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut child = bot_command(dir.path())
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_URL", fake.api_url())
        .env("DEV_GUILD_ID", GUILD_ID.to_string())
        .env("RUST_LOG", "debug")
        .spawn()
        .unwrap();
    // Debug logging is plentiful: read it as it comes, or the bot blocks on a full pipe.
    let stdout = tokio::spawn(read_all(child.stdout.take().unwrap()));
    let stderr = tokio::spawn(read_all(child.stderr.take().unwrap()));
    let registration = format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands");
    fake.expect_request("command registration", |r| r.is("PUT", &registration))
        .await;

    fake.push_interaction(slash_command(701, ALICE, "rules", vec![]));
    let callback = format!("/interactions/701/{}/callback", token(701));
    let deferral = fake
        .expect_request("/rules deferral", |r| r.is("POST", &callback))
        .await;
    assert_eq!(deferral.pointer("/type").and_then(Value::as_u64), Some(5));
    let answer = format!(
        "/webhooks/{APPLICATION_ID}/{}/messages/@original",
        token(701)
    );
    let rules = fake
        .expect_request("/rules answer", |r| r.is("PATCH", &answer))
        .await;
    assert_eq!(rules.files.len(), 2, "two example diagrams");

    let pid = child.id().unwrap().to_string();
    let killed = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .await
        .unwrap();
    assert!(killed.success());
    let stopping = Instant::now();
    let status = tokio::time::timeout(EXIT_WAIT, child.wait())
        .await
        .expect("the bot exits after SIGTERM")
        .unwrap();
    println!("SIGTERM → exit {:?}", stopping.elapsed());
    let logs = format!("{}{}", stdout.await.unwrap(), stderr.await.unwrap());
    assert!(status.success(), "{status:?}\n{logs}");
    assert!(logs.contains("shutting down"), "{logs}");
    assert!(logs.contains("SIGTERM"), "{logs}");
    assert!(!logs.contains(TOKEN), "the token was logged:\n{logs}");
    assert!(
        dir.path().join("bot.db").exists(),
        "the bot opened DATABASE_URL"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stops_on_sigterm_when_the_gateway_cannot_be_reached() {
    let fake = FakeDiscord::start().await;
    // The gateway handed out is a port of ours: the bot's first attempt is seen there and
    // dropped, then nothing listens, so every later connection is refused.
    let gateway = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    fake.hand_out_gateway_url(format!("ws://{}", gateway.local_addr().unwrap()));
    let dir = tempfile::tempdir().unwrap();
    let mut child = bot_command(dir.path())
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_URL", fake.api_url())
        .env("RUST_LOG", "info")
        .spawn()
        .unwrap();
    let stdout = tokio::spawn(read_all(child.stdout.take().unwrap()));
    let stderr = tokio::spawn(read_all(child.stderr.take().unwrap()));
    // Once the bot has asked where the gateway is, it tries (and fails) to connect there.
    assert!(
        fake.wait_for_gateway_lookup(EXIT_WAIT).await,
        "the bot never asked for the gateway URL"
    );
    let attempt = tokio::time::timeout(EXIT_WAIT, gateway.accept())
        .await
        .expect("the bot tries to connect to the gateway")
        .unwrap();
    drop((attempt, gateway));
    assert!(fake.identify().is_none(), "no gateway session was possible");

    let pid = child.id().unwrap().to_string();
    let killed = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .await
        .unwrap();
    assert!(killed.success());
    let stopping = Instant::now();
    let status = tokio::time::timeout(EXIT_WAIT, child.wait())
        .await
        .expect("the bot exits after SIGTERM though it never connected")
        .unwrap();
    println!(
        "SIGTERM → exit {:?} (gateway unreachable)",
        stopping.elapsed()
    );
    let logs = format!("{}{}", stdout.await.unwrap(), stderr.await.unwrap());
    assert!(status.success(), "{status:?}\n{logs}");
    assert!(logs.contains("shutting down"), "{logs}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stops_on_sigterm_while_the_database_cannot_be_reached() {
    // Nothing listens on a port we bound and let go: every connection is refused, and the bot
    // keeps trying for about a minute.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let dir = tempfile::tempdir().unwrap();
    let mut child = bot_command(dir.path())
        .env(
            "DATABASE_URL",
            format!("postgres://postgres@127.0.0.1:{port}/none"),
        )
        .env("DATABASE_TIMEOUT_SECS", "1")
        .env("DISCORD_TOKEN", TOKEN)
        .env("RUST_LOG", "info")
        .spawn()
        .unwrap();
    let stderr = tokio::spawn(read_all(child.stderr.take().unwrap()));
    let mut stdout = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut logs = String::new();
    tokio::time::timeout(EXIT_WAIT, async {
        while let Some(line) = stdout.next_line().await.unwrap() {
            logs.push_str(&line);
            logs.push('\n');
            if line.contains("trying again") {
                return;
            }
        }
        panic!("the bot exited before trying the database again:\n{logs}");
    })
    .await
    .expect("the bot says it tries the database again");
    let stdout = tokio::spawn(async move {
        while let Ok(Some(line)) = stdout.next_line().await {
            logs.push_str(&line);
            logs.push('\n');
        }
        logs
    });

    let status = signal(&mut child, "-TERM").await;
    let logs = format!("{}{}", stdout.await.unwrap(), stderr.await.unwrap());
    assert!(status.success(), "{status:?}\n{logs}");
    assert!(logs.contains("asked to stop"), "{logs}");
}

/// The bot against `fake` on the database in `dir`, commands registered in the test server,
/// its output drained (and dropped) as it comes.
async fn start_bot(fake: &FakeDiscord, dir: &Path) -> Child {
    let mark = fake.mark();
    let mut child = bot_command(dir)
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_URL", fake.api_url())
        .env("DEV_GUILD_ID", GUILD_ID.to_string())
        .env("RUST_LOG", "info")
        .spawn()
        .unwrap();
    tokio::spawn(read_all(child.stdout.take().unwrap()));
    tokio::spawn(read_all(child.stderr.take().unwrap()));
    let registration = format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands");
    fake.expect_request_since(mark, "command registration", |r| r.is("PUT", &registration))
        .await;
    child
}

/// Sends `signal` to `child` and waits for it to exit.
async fn signal(child: &mut Child, signal: &str) -> std::process::ExitStatus {
    let pid = child.id().unwrap().to_string();
    let sent = Command::new("kill")
        .args([signal, &pid])
        .status()
        .await
        .unwrap();
    assert!(sent.success(), "kill {signal} failed");
    tokio::time::timeout(EXIT_WAIT, child.wait())
        .await
        .expect("the bot exits")
        .unwrap()
}

/// Whether `r` posts a board (a message with a picture) in the test channel.
fn is_board(r: &RecordedRequest) -> bool {
    r.is("POST", &format!("/channels/{CHANNEL_ID}/messages")) && r.is_multipart()
}

/// A game service on the bot's database, to see what it stored.
async fn service_on(dir: &Path) -> GameService {
    let url = format!("sqlite://{}?mode=rwc", dir.join("bot.db").display());
    GameService::new(
        storage::connect(&url).await.unwrap(),
        std::sync::Arc::new(SystemClock),
        ServiceConfig {
            bot_user: Some(UserId(BOT_USER_ID)),
            ..ServiceConfig::default()
        },
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_moves_once_after_being_killed_while_it_thinks() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut bot = start_bot(&fake, dir.path()).await;

    // Alice takes Black against the computer at `hard` (index 2): it starts thinking once the
    // first board is up, and is killed right then.
    let mark = fake.mark();
    let options = vec![
        json!({ "name": "opponent", "type": 6, "value": BOT_USER_ID.to_string() }),
        integer_option("color", 2),
        integer_option("level", 2),
    ];
    fake.push_interaction(with_resolved_bot(slash_command(
        801,
        ALICE,
        "challenge",
        options,
    )));
    fake.expect_request_since(mark, "the first board", is_board)
        .await;
    let status = signal(&mut bot, "-KILL").await;
    assert!(!status.success(), "{status:?}");
    // Its turn is still owed (while the dead process's claim of it lasts, no sweep lists it).
    let service = service_on(dir.path()).await;
    let games = service.active_games(UserId(ALICE.id), None).await.unwrap();
    assert_eq!(games.len(), 1, "{games:?}");
    let game = games[0].id;
    assert_eq!(
        (games[0].ply, games[0].to_move),
        (0, Some(UserId(BOT_USER_ID))),
        "the computer had not moved"
    );

    // Restarted, it takes up its turn: one board, one move.
    let mark = fake.mark();
    let mut bot = start_bot(&fake, dir.path()).await;
    let board = fake
        .expect_request_since(mark, "the computer's move after the restart", is_board)
        .await;
    assert!(
        board
            .pointer("/content")
            .and_then(Value::as_str)
            .is_some_and(|c| c.starts_with("White")),
        "{:?}",
        board.json
    );
    // A clean stop lets anything still running finish, so every board it meant is sent.
    assert!(signal(&mut bot, "-TERM").await.success());
    let boards = fake
        .requests()
        .into_iter()
        .skip(mark)
        .filter(is_board)
        .count();
    assert_eq!(boards, 1, "{}", fake.describe_requests());
    let view = service.game(game).await.unwrap();
    assert_eq!(view.ply(), 1, "the computer moved once");
    assert_eq!(view.to_move, Some(UserId(ALICE.id)));
    assert!(service.computer_turns().await.unwrap().is_empty());
    service.db().close().await;
}
