//! The bot as a Discord application: command registration, the gateway session, buttons it
//! does not know, internal failures, and a shutdown that lets running handlers finish.

use std::time::Duration;

use monkey_queen::games::{ChallengeId, UserError};
use monkey_queen::i18n::{Lang, Msg};
use poise::serenity_prelude::GuildId;
use serde_json::Value;

use crate::harness::{
    DEFERRED_CHANNEL_MESSAGE, EPHEMERAL, Harness, UPDATE_MESSAGE, assert_ephemeral_answer,
    callback_path, kind, millis,
};
use crate::support::fake_discord::{APPLICATION_ID, RecordedRequest, TOKEN};
use crate::support::payloads::{
    ALICE, BOB, GUILD_ID, integer_option, slash_command, token, with_locales,
};

/// The commands this bot registers (others may be added beside them).
const COMMANDS: [&str; 8] = [
    "abort",
    "board",
    "challenge",
    "games",
    "move",
    "moves",
    "resign",
    "rules",
];

fn commands(registration: &RecordedRequest) -> Vec<Value> {
    registration
        .json
        .as_ref()
        .and_then(Value::as_array)
        .unwrap()
        .clone()
}

fn assert_registers_our_commands(registration: &RecordedRequest) {
    let names: Vec<String> = commands(registration)
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_owned())
        .collect();
    for name in COMMANDS {
        assert!(
            names.iter().any(|n| n == name),
            "{name} missing from {names:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_commands_in_the_dev_guild_and_identifies() {
    let h = Harness::start(Some(GuildId::new(GUILD_ID))).await;
    let registration = h.await_registration(0).await;
    assert_registers_our_commands(&registration);
    let commands = commands(&registration);
    let command = |name: &str| commands.iter().find(|c| c["name"] == name).unwrap().clone();
    // The doc comment of each command is its description.
    let play = command("move");
    assert_eq!(
        play["description"],
        "Make a move in your game here, e.g. g1-g7 (suggestions list your legal moves)."
    );
    assert_eq!(play["options"][0]["name"], "move");
    assert_eq!(play["options"][0]["required"], true);
    assert_eq!(play["options"][0]["autocomplete"], true);
    assert_eq!(play["options"][1]["name"], "game");
    assert_eq!(play["options"][1]["autocomplete"], true);
    let challenge = command("challenge");
    assert_eq!(challenge["options"][0]["name"], "opponent");
    assert_eq!(challenge["options"][0]["type"], 6, "a user option");
    let color = challenge["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "color")
        .unwrap();
    assert_eq!(color["choices"].as_array().unwrap().len(), 3);

    let identify = h.fake.identify().unwrap();
    assert_eq!(identify["token"], format!("Bot {TOKEN}"));
    assert_eq!(identify["intents"], 1, "GUILDS only");
    // On start-up, REST was asked who the bot is (before the gateway connected) and the
    // commands were registered; nothing else.
    let requests = h.fake.requests();
    let asked: Vec<_> = requests
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert_eq!(asked.len(), 3, "{}", h.fake.describe_requests());
    assert!(requests[0].is("GET", "/users/@me"), "{asked:?}");
    assert!(
        requests[1].is("GET", "/oauth2/applications/@me"),
        "{asked:?}"
    );
    assert!(requests[2].method.as_str() == "PUT", "{asked:?}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_globally_without_a_dev_guild() {
    let h = Harness::start(None).await;
    let path = format!("/applications/{APPLICATION_ID}/commands");
    let registration = h
        .wait_since(0, "global command registration", |r| r.is("PUT", &path))
        .await;
    assert_registers_our_commands(&registration);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_buttons_get_an_ephemeral_answer() {
    let h = Harness::registered().await;
    let unknown = Lang::En.text(&Msg::UnknownButton);
    for custom_id in ["frobnicate:7", "accept:x", "resign:5", "rules:1"] {
        let (answer, sent) = h
            .click(BOB, custom_id, "old message", &[custom_id.to_owned()])
            .await;
        println!(
            "{custom_id}: dispatch → callback {:.1} ms",
            millis(answer.received_at.duration_since(sent))
        );
        assert_ephemeral_answer(&answer, &unknown);
    }
    // Well formed, but no such challenge.
    let (answer, _) = h
        .click(BOB, "accept:999", "old message", &["accept:999".to_owned()])
        .await;
    let missing = UserError::NoSuchChallenge(ChallengeId(999));
    assert_ephemeral_answer(&answer, &Lang::En.text(&Msg::Refused(&missing)));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_internal_failure_shows_a_generic_ephemeral_line_in_the_callers_language() {
    let h = Harness::registered().await;
    let (game, _) = h.start_game(ALICE, BOB).await;
    // Discord refuses to edit interaction responses from now on: `/board` defers, draws, and
    // then cannot show its picture.
    h.fake
        .fail_requests(|r| r.method == "PATCH" && r.path.ends_with("/messages/@original"));
    for (lang, locale) in [(Lang::En, "en-US"), (Lang::Es, "es-ES")] {
        let id = h.next_id();
        let who = if lang == Lang::En { ALICE } else { BOB };
        let payload = with_locales(
            slash_command(id, who, "board", vec![integer_option("game", game.0)]),
            locale,
            "en-US",
        );
        h.push(payload);
        let followup = format!("/webhooks/{APPLICATION_ID}/{}", token(id));
        let apology = h
            .wait_since(0, "the apology follow-up", |r| r.is("POST", &followup))
            .await;
        assert_eq!(
            apology.pointer("/content").and_then(Value::as_str),
            Some(lang.text(&Msg::Internal).as_str())
        );
        assert_eq!(
            apology.pointer("/flags").and_then(Value::as_u64),
            Some(EPHEMERAL)
        );
        // The Discord error text never reaches the user.
        let shown = apology.json.as_ref().unwrap().to_string();
        assert!(!shown.contains("500"), "{shown}");
    }
    // Nothing changed: the failure was only in showing the board.
    assert_eq!(h.game(game).await.ply(), 0);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_that_cannot_be_posted_loses_nothing() {
    let h = Harness::registered().await;
    let challenge = h.challenge(ALICE, Some(BOB), Vec::new()).await;
    // Discord refuses new channel messages for a while: the first board cannot be posted.
    h.fake
        .fail_requests(|r| r.method == "POST" && r.path.ends_with("/messages"));
    let (answer, _) = h
        .click(
            BOB,
            &challenge.button("accept"),
            &challenge.content,
            &challenge.custom_ids,
        )
        .await;
    // The challenge was accepted and its message updated; the game exists.
    assert_eq!(kind(&answer), UPDATE_MESSAGE);
    let games = h
        .service
        .active_games(monkey_queen::games::UserId(BOB.id), None)
        .await
        .unwrap();
    assert_eq!(games.len(), 1, "the accepted game is stored");
    assert_eq!(games[0].ply, 0);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_lets_a_running_command_finish() {
    let h = Harness::registered().await;
    let id = h.next_id();
    // Discord is slow to acknowledge the deferral, so the handler outlives the gateway shutdown
    // (about 0.5 s in serenity).
    let deferral = callback_path(id);
    h.fake
        .delay_requests(Duration::from_millis(1500), move |r| {
            r.is("POST", &deferral)
        });
    h.push(slash_command(id, ALICE, "rules", Vec::new()));
    let deferred = h.callback(id).await;
    assert_eq!(kind(&deferred), DEFERRED_CHANNEL_MESSAGE);
    let (fake, _db) = h.stop().await;
    let edit = format!(
        "/webhooks/{APPLICATION_ID}/{}/messages/@original",
        token(id)
    );
    let answered = fake.requests().into_iter().find(|r| r.is("PATCH", &edit));
    let answered = answered.unwrap_or_else(|| {
        panic!(
            "shutdown returned before the command finished:\n{}",
            fake.describe_requests()
        )
    });
    assert_eq!(answered.files.len(), 2, "two example diagrams");
    let alt = |i: usize| {
        answered
            .pointer(&format!("/attachments/{i}/description"))
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    assert!(alt(0).contains("at the start"), "{}", alt(0));
    assert!(
        alt(1).contains("Last move: White queen g7×f8 captures the queen!"),
        "{}",
        alt(1)
    );
}
