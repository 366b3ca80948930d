//! `monkey-queen doctor` against the fake Discord: all well for the bot the harness runs, and
//! each failure it explains, with the fix it says.

use monkey_queen::app::BotConfig as Config;
use monkey_queen::app::doctor::{DoctorAsked, examine};
use monkey_queen::discord::{Secret, Shards, Token};
use monkey_queen::games::Finding;
use monkey_queen::storage;
use poise::serenity_prelude::GuildId;

use crate::harness::Harness;
use crate::support::database::TestDb;
use crate::support::fake_discord::access::{ChannelKind, permission};
use crate::support::fake_discord::application::VERIFY_KEY;
use crate::support::fake_discord::{CLIENT_SECRET, FakeDiscord, TOKEN};
use crate::support::payloads::{CHANNEL_ID, GUILD_ID};

/// A channel of the test server where the bot may see but not post.
const READ_ONLY_CHANNEL: u64 = 1_200_000_000_000_008_001;
/// A channel no one knows.
const NO_CHANNEL: u64 = 1_200_000_000_000_008_002;

/// The bot's settings against `fake`, with the Activity's client secret and `public_url`.
fn config(fake: &FakeDiscord, token: &str, secret: &str, public_url: Option<String>) -> Config {
    Config {
        token: Token::new(token),
        dev_guild: Some(GuildId::new(GUILD_ID)),
        api_url: Some(fake.api_url()),
        shards: Shards::Auto,
        web_addr: Some("127.0.0.1:0".parse().unwrap()),
        public_url,
        client_secret: Some(Secret::new(secret)),
        trusted_proxies: Vec::new(),
        activity_mock_sdk: false,
        discord_at: None,
        requests_per_second: 50,
        invalid_request_limit: 10_000,
        public_key: None,
        interactions_only: false,
    }
}

fn finding<'a>(findings: &'a [Finding], check: &str) -> &'a Finding {
    findings
        .iter()
        .find(|f| f.check == check)
        .unwrap_or_else(|| panic!("no finding on {check}: {findings:#?}"))
}

/// Asserts the finding on `check` is not well and says `words`.
fn ill(findings: &[Finding], check: &str, words: &str) {
    let found = finding(findings, check);
    assert!(!found.ok, "{found:#?}");
    assert!(found.said.contains(words), "{words:?} in {found:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn all_is_well_for_the_bot_the_harness_runs() {
    let h = Harness::registered_with_activity().await;
    // The client secret is tried with a code that is none: Discord knows the client, and
    // refuses the grant.
    h.fake.expect_refusals(|r| r.status == 400);
    let config = config(&h.fake, TOKEN, CLIENT_SECRET, Some(h.pages(0)));
    let asked = DoctorAsked {
        channel: Some(CHANNEL_ID),
        public_key: Some(VERIFY_KEY.to_owned()),
    };
    let findings = examine(&config, &h.database_url(), &asked).await;
    assert!(findings.iter().all(|f| f.ok), "{findings:#?}");
    let checks: Vec<&str> = findings.iter().map(|f| f.check).collect();
    assert_eq!(
        checks,
        [
            "the database",
            "the token",
            "the install contexts",
            "the interactions endpoint",
            "the Activity",
            "the client secret",
            "the commands",
            "the channel's permissions",
            "PUBLIC_URL",
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_token_is_explained_and_nothing_else_is_asked_of_discord() {
    let fake = FakeDiscord::start().await;
    fake.expect_refusals(|r| r.status == 401);
    let db = TestDb::new().await;
    storage::connect(&db.url).await.unwrap().close().await;
    let config = config(&fake, "not-the-token", CLIENT_SECRET, None);
    let findings = examine(&config, &db.url, &DoctorAsked::default()).await;
    assert!(finding(&findings, "the database").ok, "{findings:#?}");
    ill(&findings, "the token", "Reset Token");
    assert_eq!(findings.len(), 2, "{findings:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_misconfiguration_is_explained_with_its_fix() {
    let fake = FakeDiscord::start().await;
    fake.expect_refusals(|r| matches!(r.status.as_u16(), 400 | 401 | 403 | 404));
    fake.edit_application(|app| {
        app.user_install = false;
        app.interactions_endpoint_url = Some("https://example.org/interactions".to_owned());
    });
    fake.add_channel(
        READ_ONLY_CHANNEL,
        Some(GUILD_ID),
        ChannelKind::Text,
        permission::VIEW_CHANNEL | permission::READ_MESSAGE_HISTORY,
    );
    // Never migrated: the bot has not started on it.
    let db = TestDb::new().await;
    // Nothing listens on port 1 of this machine.
    let config = config(
        &fake,
        TOKEN,
        "not-the-secret",
        Some("http://127.0.0.1:1".to_owned()),
    );
    let asked = DoctorAsked {
        channel: Some(READ_ONLY_CHANNEL),
        public_key: Some("ab".repeat(32)),
    };
    let findings = examine(&config, &db.url, &asked).await;
    assert!(finding(&findings, "the token").ok, "{findings:#?}");
    ill(&findings, "the database", "lacks migrations");
    ill(&findings, "the install contexts", "User Install");
    ill(
        &findings,
        "the interactions endpoint",
        "clear Interactions Endpoint URL",
    );
    ill(&findings, "the Activity", "enable Activities");
    ill(&findings, "the client secret", "reset the secret");
    ill(&findings, "the commands", "missing /abort, /analyse");
    ill(
        &findings,
        "the channel's permissions",
        "lacks Send Messages, Embed Links, Attach Files, Create Public Threads, Send Messages in Threads",
    );
    ill(&findings, "PUBLIC_URL", "does not answer");

    // With the endpoint cleared, the public key is compared.
    fake.edit_application(|app| app.interactions_endpoint_url = None);
    let asked = DoctorAsked {
        channel: Some(NO_CHANNEL),
        public_key: Some("ab".repeat(32)),
    };
    let findings = examine(&config, &db.url, &asked).await;
    ill(&findings, "the interactions endpoint", VERIFY_KEY);
    ill(&findings, "the channel's permissions", "does not exist");
    // A database that can't be opened at all.
    let findings = examine(
        &config,
        "sqlite:///nonexistent-folder/monkey-queen.db",
        &DoctorAsked::default(),
    )
    .await;
    ill(&findings, "the database", "can't be opened");
}
