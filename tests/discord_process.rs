//! The `monkey-queen` binary as a process (the bot is its default subcommand): a missing token
//! is explained, and against the fake Discord, on a database in a temporary directory, it
//! registers commands, answers, then stops cleanly on SIGTERM without ever printing the token
//! (even with debug logging).
#![cfg(unix)]

mod support;

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;
use support::fake_discord::{APPLICATION_ID, FakeDiscord, TOKEN};
use support::payloads::{ALICE, GUILD_ID, slash_command, token};
use tokio::io::{AsyncRead, AsyncReadExt};
use tokio::process::Command;

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
    let followup = format!("/webhooks/{APPLICATION_ID}/{}", token(701));
    let rules = fake
        .expect_request("/rules answer", |r| r.is("POST", &followup))
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
