//! End to end with the real serenity client and poise framework, against the fake Discord of
//! `support::fake_discord`: command registration, a slash command answered at once, autocomplete,
//! a deferred command that edits its response with a PNG, and button clicks routed by custom_id.
//!
//! Timings (dispatch on the fake gateway → request recorded by the fake REST server) are printed;
//! run with `cargo test --test discord_e2e -- --nocapture` to see them.

mod support;

use std::time::{Duration, Instant};

use monkey_queen::discord::{self, Config, Data, GENERIC_FAILURE, RunningBot, Token};
use poise::serenity_prelude::GuildId;
use serde_json::Value;
use support::fake_discord::{APPLICATION_ID, FakeDiscord, RecordedRequest, TOKEN};
use support::payloads::{
    ALICE, BOB, GUILD_ID, autocomplete, bot_message, button_click, focused_string, integer_option,
    slash_command, token,
};

/// Interaction callback types (Discord API).
const CHANNEL_MESSAGE: u64 = 4;
const DEFERRED_CHANNEL_MESSAGE: u64 = 5;
const UPDATE_MESSAGE: u64 = 7;
const AUTOCOMPLETE_RESULT: u64 = 8;
/// Message flag: only the invoking user sees it.
const EPHEMERAL: u64 = 64;

/// A fake Discord with the bot connected to it and its commands registered.
struct Harness {
    fake: FakeDiscord,
    bot: RunningBot,
}

impl Harness {
    /// Starts a fake Discord and the bot on it.
    async fn start(dev_guild: Option<GuildId>) -> Harness {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(
                tracing_subscriber::EnvFilter::try_from_default_env()
                    .unwrap_or_else(|_| "warn".into()),
            )
            .with_test_writer()
            .try_init();
        Harness::start_on(FakeDiscord::start().await, dev_guild, 1).await
    }

    /// Starts the bot on `fake`, as its `session`-th gateway session.
    async fn start_on(fake: FakeDiscord, dev_guild: Option<GuildId>, session: u32) -> Harness {
        let config = Config {
            token: Token::new(TOKEN),
            dev_guild,
            api_url: Some(fake.api_url()),
        };
        let bot = discord::start(&config, Data::default())
            .await
            .expect("the bot starts");
        assert!(
            fake.wait_for_sessions(session, Duration::from_secs(10))
                .await,
            "the bot never identified on the fake gateway"
        );
        Harness { fake, bot }
    }

    /// Starts with commands registered in the test server, and waits for the registration.
    async fn registered() -> Harness {
        let harness = Harness::start(Some(GuildId::new(GUILD_ID))).await;
        harness.await_registration(0).await;
        harness
    }

    /// Waits for a guild command registration recorded after `mark`.
    async fn await_registration(&self, mark: usize) {
        self.fake
            .expect_request_since(mark, "guild command registration", |r| {
                r.is("PUT", &guild_commands_path())
            })
            .await;
    }

    /// Pushes `interaction` and waits for the request `matches` picks; returns it with the time
    /// it took.
    async fn exchange(
        &self,
        what: &str,
        interaction: Value,
        matches: impl Fn(&RecordedRequest) -> bool,
    ) -> (RecordedRequest, Duration) {
        let sent = self.fake.push_interaction(interaction);
        let request = self.fake.expect_request(what, matches).await;
        let took = request.received_at.duration_since(sent);
        (request, took)
    }

    /// Stops the bot, which must finish promptly, and hands back the fake.
    async fn stop(self) -> FakeDiscord {
        let stopping = Instant::now();
        tokio::time::timeout(Duration::from_secs(15), self.bot.shutdown())
            .await
            .expect("the bot stops within 15 s")
            .expect("the bot stops without error");
        println!("shutdown took {:?}", stopping.elapsed());
        self.fake
    }
}

fn guild_commands_path() -> String {
    format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands")
}

fn callback_path(id: u64) -> String {
    format!("/interactions/{id}/{}/callback", token(id))
}

fn original_path(id: u64) -> String {
    format!(
        "/webhooks/{APPLICATION_ID}/{}/messages/@original",
        token(id)
    )
}

fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn command_names(registration: &RecordedRequest) -> Vec<String> {
    let commands = registration
        .json
        .as_ref()
        .and_then(Value::as_array)
        .unwrap();
    commands
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_commands_in_the_dev_guild_and_identifies() {
    let harness = Harness::start(Some(GuildId::new(GUILD_ID))).await;
    let registration = harness
        .fake
        .expect_request("guild command registration", |r| {
            r.is("PUT", &guild_commands_path())
        })
        .await;
    let mut names = command_names(&registration);
    names.sort();
    assert_eq!(names, ["diagram", "rules"]);
    let commands = registration
        .json
        .as_ref()
        .and_then(Value::as_array)
        .unwrap();
    let command = |name: &str| commands.iter().find(|c| c["name"] == name).unwrap().clone();
    // The doc comment of each command is its description.
    let rules = command("rules");
    assert_eq!(rules["description"], "The rules of Monkey Queen in short.");
    assert_eq!(rules["options"][0]["name"], "section");
    assert_eq!(rules["options"][0]["autocomplete"], true);
    let diagram = command("diagram");
    assert_eq!(diagram["options"][0]["name"], "size");
    assert_eq!(
        diagram["options"][0]["choices"].as_array().unwrap().len(),
        3
    );

    let identify = harness.fake.identify().unwrap();
    assert_eq!(identify["token"], format!("Bot {TOKEN}"));
    assert_eq!(identify["intents"], 1, "GUILDS only");
    // Nothing but registration went to REST on start-up.
    assert_eq!(
        harness.fake.requests().len(),
        1,
        "{}",
        harness.fake.describe_requests()
    );
    harness.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_globally_without_a_dev_guild() {
    let harness = Harness::start(None).await;
    let path = format!("/applications/{APPLICATION_ID}/commands");
    let registration = harness
        .fake
        .expect_request("global command registration", |r| r.is("PUT", &path))
        .await;
    assert_eq!(command_names(&registration).len(), 2);
    harness.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_answers_at_once_with_page_buttons() {
    let harness = Harness::registered().await;
    let (callback, took) = harness
        .exchange(
            "/rules callback",
            slash_command(201, ALICE, "rules", vec![]),
            |r| r.is("POST", &callback_path(201)),
        )
        .await;
    println!("/rules: dispatch → callback {:.1} ms", millis(took));
    assert_eq!(
        callback.pointer("/type").and_then(Value::as_u64),
        Some(CHANNEL_MESSAGE)
    );
    let content = callback
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap();
    assert!(content.contains("Board and pieces"), "{content}");
    assert!(content.contains("[R3]"), "{content}");
    let buttons = callback.pointer("/data/components/0/components").unwrap();
    assert_eq!(buttons[0]["custom_id"], "rules:0");
    assert_eq!(buttons[0]["disabled"], true);
    assert_eq!(buttons[1]["custom_id"], "rules:1");
    assert_eq!(buttons[1]["disabled"], false);
    harness.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_section_autocompletes_and_unknown_sections_are_refused_ephemerally() {
    let harness = Harness::registered().await;
    let typing = autocomplete(301, BOB, "rules", vec![focused_string("section", "MOV")]);
    let (callback, took) = harness
        .exchange("autocomplete callback", typing, |r| {
            r.is("POST", &callback_path(301))
        })
        .await;
    println!("autocomplete: dispatch → callback {:.1} ms", millis(took));
    assert_eq!(
        callback.pointer("/type").and_then(Value::as_u64),
        Some(AUTOCOMPLETE_RESULT)
    );
    let choices = callback
        .pointer("/data/choices")
        .and_then(Value::as_array)
        .unwrap();
    assert_eq!(choices.len(), 1);
    assert_eq!(choices[0]["name"], "Moving and capturing");

    let bad = slash_command(
        302,
        BOB,
        "rules",
        vec![support::payloads::string_option("section", "Castling")],
    );
    let (callback, _) = harness
        .exchange("refusal", bad, |r| r.is("POST", &callback_path(302)))
        .await;
    assert_eq!(
        callback.pointer("/data/flags").and_then(Value::as_u64),
        Some(EPHEMERAL)
    );
    let content = callback
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap();
    assert!(content.contains("Castling"), "{content}");
    harness.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_buttons_turn_the_page_in_place() {
    let harness = Harness::registered().await;
    let message = bot_message(950, "page 1", &["rules:0", "rules:1"]);
    let click = button_click(401, ALICE, "rules:1", message);
    let (callback, took) = harness
        .exchange("page turn", click, |r| r.is("POST", &callback_path(401)))
        .await;
    println!("button: dispatch → callback {:.1} ms", millis(took));
    assert_eq!(
        callback.pointer("/type").and_then(Value::as_u64),
        Some(UPDATE_MESSAGE)
    );
    let content = callback
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap();
    assert!(content.contains("Moving and capturing"), "{content}");
    assert!(content.contains("(2/3)"), "{content}");
    harness.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_and_inactive_buttons_get_an_ephemeral_answer() {
    let harness = Harness::registered().await;
    let cases = [
        (501, "frobnicate:7"), // not ours
        (502, "rules:9"),      // no such page
        (503, "accept:5"),     // a game action this build does not handle
    ];
    for (id, custom_id) in cases {
        let message = bot_message(960, "old message", &[custom_id]);
        let click = button_click(id, BOB, custom_id, message);
        let (callback, took) = harness
            .exchange(custom_id, click, |r| r.is("POST", &callback_path(id)))
            .await;
        println!("{custom_id}: dispatch → callback {:.1} ms", millis(took));
        assert_eq!(
            callback.pointer("/type").and_then(Value::as_u64),
            Some(CHANNEL_MESSAGE)
        );
        assert_eq!(
            callback.pointer("/data/flags").and_then(Value::as_u64),
            Some(EPHEMERAL)
        );
        let content = callback
            .pointer("/data/content")
            .and_then(Value::as_str)
            .unwrap();
        assert!(content.contains("no longer active"), "{content}");
    }
    harness.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn diagram_defers_then_edits_the_response_with_a_png() {
    let harness = Harness::registered().await;
    let runs = 10u64;
    let (mut to_defer, mut to_image) = (Vec::new(), Vec::new());
    for run in 0..runs {
        let id = 600 + run;
        // Index 1 = 14×14 (poise sends choices by index).
        let sent = harness.fake.push_interaction(slash_command(
            id,
            ALICE,
            "diagram",
            vec![integer_option("size", 1)],
        ));
        let deferral = harness
            .fake
            .expect_request("deferral", |r| r.is("POST", &callback_path(id)))
            .await;
        assert_eq!(
            deferral.pointer("/type").and_then(Value::as_u64),
            Some(DEFERRED_CHANNEL_MESSAGE)
        );
        let edit = harness
            .fake
            .expect_request("edit of @original", |r| r.is("PATCH", &original_path(id)))
            .await;
        assert!(deferral.received_at <= edit.received_at);
        to_defer.push(deferral.received_at.duration_since(sent));
        to_image.push(edit.received_at.duration_since(sent));

        assert!(edit.is_multipart(), "{:?}", edit.content_type);
        let content = edit.pointer("/content").and_then(Value::as_str).unwrap();
        assert!(content.contains("14×14"), "{content}");
        assert_eq!(
            edit.pointer("/attachments/0/filename")
                .and_then(Value::as_str),
            Some("board.png")
        );
        assert_eq!(edit.files.len(), 1);
        let file = &edit.files[0];
        assert_eq!(file.filename.as_deref(), Some("board.png"));
        let image = image::load_from_memory_with_format(&file.bytes, image::ImageFormat::Png)
            .expect("the upload is a PNG");
        assert_eq!((image.width(), image.height()), (14 * 32, 14 * 32));
    }
    let summary = |name: &str, mut times: Vec<Duration>| {
        times.sort();
        println!(
            "/diagram {name} over {runs} runs: median {:.1} ms, worst {:.1} ms",
            millis(times[times.len() / 2]),
            millis(times[times.len() - 1])
        );
    };
    summary("dispatch → deferral", to_defer);
    summary("dispatch → PNG edit", to_image);
    harness.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_internal_failure_shows_a_generic_ephemeral_line() {
    let harness = Harness::registered().await;
    let id = 801;
    let failing = original_path(id);
    harness.fake.fail_requests(move |r| r.is("PATCH", &failing));
    let followup = format!("/webhooks/{APPLICATION_ID}/{}", token(id));
    let (apology, _) = harness
        .exchange(
            "the apology follow-up",
            slash_command(id, ALICE, "diagram", vec![]),
            |r| r.is("POST", &followup),
        )
        .await;
    assert_eq!(
        apology.pointer("/content").and_then(Value::as_str),
        Some(GENERIC_FAILURE)
    );
    assert_eq!(
        apology.pointer("/flags").and_then(Value::as_u64),
        Some(EPHEMERAL)
    );
    // The Discord error text never reaches the user.
    let shown = apology.json.as_ref().unwrap().to_string();
    assert!(!shown.contains("500"), "{shown}");
    harness.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_buttons_of_old_messages_still_work() {
    let guild = Some(GuildId::new(GUILD_ID));
    let first = Harness::registered().await;
    let (callback, _) = first
        .exchange(
            "/rules callback",
            slash_command(901, ALICE, "rules", vec![]),
            |r| r.is("POST", &callback_path(901)),
        )
        .await;
    // The message the first run posted, with the buttons it had.
    let buttons = callback.pointer("/data/components/0/components").unwrap();
    let ids: Vec<&str> = buttons
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["custom_id"].as_str().unwrap())
        .collect();
    let old_message = bot_message(970, "rules page 1", &ids);
    let fake = first.stop().await;

    let mark = fake.mark();
    let second = Harness::start_on(fake, guild, 2).await;
    second.await_registration(mark).await;
    let click = button_click(902, BOB, ids[1], old_message);
    let (callback, _) = second
        .exchange("page turn after restart", click, |r| {
            r.is("POST", &callback_path(902))
        })
        .await;
    assert_eq!(
        callback.pointer("/type").and_then(Value::as_u64),
        Some(UPDATE_MESSAGE)
    );
    let content = callback
        .pointer("/data/content")
        .and_then(Value::as_str)
        .unwrap();
    assert!(content.contains("Moving and capturing"), "{content}");
    second.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_lets_a_running_command_finish() {
    let harness = Harness::registered().await;
    let id = 1001;
    let deferral = callback_path(id);
    // Discord is slow to acknowledge the deferral, so the handler outlives the gateway shutdown
    // (about 0.5 s in serenity).
    harness
        .fake
        .delay_requests(Duration::from_millis(1500), move |r| {
            r.is("POST", &deferral)
        });
    harness
        .fake
        .push_interaction(slash_command(id, ALICE, "diagram", vec![]));
    harness
        .fake
        .expect_request("deferral", |r| r.is("POST", &callback_path(id)))
        .await;
    let fake = harness.stop().await;
    let edited = fake
        .requests()
        .iter()
        .any(|r| r.is("PATCH", &original_path(id)));
    assert!(
        edited,
        "shutdown returned before the command finished:\n{}",
        fake.describe_requests()
    );
}
