//! The `monkey-queen bot` binary as a process: a missing token is explained, and against the fake
//! Discord it registers commands, answers, then stops cleanly on SIGTERM without ever printing
//! the token (even with debug logging).
#![cfg(unix)]

mod support;

use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;
use support::fake_discord::{APPLICATION_ID, FakeDiscord, TOKEN};
use support::payloads::{ALICE, GUILD_ID, slash_command, token};
use tokio::process::Command;

fn bot_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_monkey-queen"));
    command
        .arg("bot")
        // Away from any developer's .env file.
        .current_dir(std::env::temp_dir())
        .env_remove("DEV_GUILD_ID")
        .env_remove("DISCORD_API_URL")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    command
}

#[tokio::test]
async fn without_a_token_it_says_how_to_get_one() {
    let output = bot_command()
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
    let mut child = bot_command()
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_URL", fake.api_url())
        .env("DEV_GUILD_ID", GUILD_ID.to_string())
        .env("RUST_LOG", "debug")
        .spawn()
        .unwrap();
    // Debug logging writes more than a pipe holds before the bot registers its commands:
    // drain both pipes while it runs, or it blocks writing its logs.
    let stdout = drain(child.stdout.take().unwrap());
    let stderr = drain(child.stderr.take().unwrap());
    let registration = format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands");
    fake.expect_request("command registration", |r| r.is("PUT", &registration))
        .await;

    fake.push_interaction(slash_command(701, ALICE, "rules", vec![]));
    let callback = format!("/interactions/701/{}/callback", token(701));
    let answer = fake
        .expect_request("/rules callback", |r| r.is("POST", &callback))
        .await;
    // Deferred (type 5): /rules renders its diagrams before answering.
    assert_eq!(answer.pointer("/type").and_then(Value::as_u64), Some(5));

    let pid = child.id().unwrap().to_string();
    let killed = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .await
        .unwrap();
    assert!(killed.success());
    let stopping = Instant::now();
    let status = tokio::time::timeout(Duration::from_secs(15), child.wait())
        .await
        .expect("the bot exits within 15 s of SIGTERM")
        .unwrap();
    println!("SIGTERM → exit {:?}", stopping.elapsed());
    let logs = format!(
        "{}{}",
        String::from_utf8_lossy(&stdout.await.unwrap()),
        String::from_utf8_lossy(&stderr.await.unwrap())
    );
    assert!(status.success(), "{status:?}\n{logs}");
    assert!(logs.contains("shutting down"), "{logs}");
    assert!(logs.contains("SIGTERM"), "{logs}");
    assert!(!logs.contains(TOKEN), "the token was logged:\n{logs}");
}

/// Reads a child's pipe to the end in the background.
fn drain(
    mut pipe: impl tokio::io::AsyncRead + Unpin + Send + 'static,
) -> tokio::task::JoinHandle<Vec<u8>> {
    tokio::spawn(async move {
        let mut bytes = Vec::new();
        let _ = tokio::io::AsyncReadExt::read_to_end(&mut pipe, &mut bytes).await;
        bytes
    })
}
