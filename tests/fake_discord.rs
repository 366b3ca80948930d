//! The fake Discord itself, held to Discord's contract: each rule it enforces is broken here on
//! purpose by a plain HTTP client, and the fake must answer as Discord does (status, JSON code,
//! error shape). A fake that silently accepted would make every end-to-end test weaker.

mod support;

use std::panic::AssertUnwindSafe;
use std::time::Duration;

use serde_json::{Value, json};
use support::fake_discord::access::{ChannelKind, permission};
use support::fake_discord::delivery::Change;
use support::fake_discord::{APPLICATION_ID, Delivery, FakeDiscord, Refusal};
use support::payloads::{
    ALICE, BOB, CHANNEL_ID, DM_CHANNEL_ID, GUILD_ID, autocomplete, bot_message, button_click,
    focused_string, in_dm, slash_command, token,
};

/// A server the bot was not invited to.
const OTHER_GUILD: u64 = 1_200_000_000_000_000_900;
/// A channel of [`OTHER_GUILD`].
const OTHER_GUILD_CHANNEL: u64 = 1_200_000_000_000_000_901;
/// A channel of the test server where the bot may only read.
const READ_ONLY_CHANNEL: u64 = 1_200_000_000_000_000_902;
/// A channel of the test server where the bot may post but not upload.
const NO_UPLOADS_CHANNEL: u64 = 1_200_000_000_000_000_903;
/// A group DM the bot is not part of.
const GROUP_DM: u64 = 1_200_000_000_000_000_904;

/// What the fake answered: status, headers, JSON body (`null` when empty).
struct Answer {
    status: u16,
    headers: reqwest::header::HeaderMap,
    body: Value,
}

impl Answer {
    /// Discord's JSON error code.
    fn code(&self) -> u64 {
        self.body["code"].as_u64().unwrap_or(u64::MAX)
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// A plain HTTP client for the fake's REST side.
struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    fn new(fake: &FakeDiscord) -> Client {
        Client {
            http: reqwest::Client::new(),
            base: format!("{}/api/v10", fake.api_url()),
        }
    }

    async fn send(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        let mut request = self
            .http
            .request(method.parse().unwrap(), format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body.to_string());
        }
        answer(request.send().await.unwrap()).await
    }

    /// A multipart request: `payload_json` and the files `files[0]`, `files[1]`, ….
    async fn send_files(
        &self,
        method: &str,
        path: &str,
        payload: Value,
        files: &[Vec<u8>],
    ) -> Answer {
        const BOUNDARY: &str = "fake-discord-test-boundary";
        let mut body = Vec::new();
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\
                 Content-Type: application/json\r\n\r\n{payload}\r\n"
            )
            .as_bytes(),
        );
        for (i, file) in files.iter().enumerate() {
            body.extend_from_slice(
                format!(
                    "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"files[{i}]\"; \
                     filename=\"board{i}.png\"\r\nContent-Type: image/png\r\n\r\n"
                )
                .as_bytes(),
            );
            body.extend_from_slice(file);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
        let request = self
            .http
            .request(method.parse().unwrap(), format!("{}{path}", self.base))
            .header(
                "content-type",
                format!("multipart/form-data; boundary={BOUNDARY}"),
            )
            .body(body);
        answer(request.send().await.unwrap()).await
    }
}

async fn answer(response: reqwest::Response) -> Answer {
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap();
    Answer {
        status,
        headers,
        body: serde_json::from_str(&text).unwrap_or(Value::Null),
    }
}

/// A fake whose refusals are the point of the test (each is checked by its answer), with a
/// few more channels: one in a server the bot is not in, one where it may only read, one where
/// it may not upload, and a group DM.
async fn strict_fake() -> (FakeDiscord, Client) {
    let fake = FakeDiscord::start().await;
    fake.expect_refusals(|_| true);
    fake.add_channel(
        OTHER_GUILD_CHANNEL,
        Some(OTHER_GUILD),
        ChannelKind::Text,
        permission::INVITED,
    );
    fake.add_channel(
        READ_ONLY_CHANNEL,
        Some(GUILD_ID),
        ChannelKind::Text,
        permission::VIEW_CHANNEL | permission::READ_MESSAGE_HISTORY,
    );
    fake.add_channel(
        NO_UPLOADS_CHANNEL,
        Some(GUILD_ID),
        ChannelKind::Text,
        permission::INVITED & !permission::ATTACH_FILES,
    );
    fake.add_channel(GROUP_DM, None, ChannelKind::OthersDm, 0);
    let client = Client::new(&fake);
    (fake, client)
}

fn messages(channel: u64) -> String {
    format!("/channels/{channel}/messages")
}

/// A `/move` interaction with `id`, dispatched (no bot is connected: the fake only records it).
fn dispatch_command(fake: &FakeDiscord, id: u64) {
    fake.remember_interaction(&slash_command(id, ALICE, "board", vec![]));
}

fn callback(id: u64) -> String {
    format!("/interactions/{id}/{}/callback", token(id))
}

fn webhook(id: u64, rest: &str) -> String {
    format!("/webhooks/{APPLICATION_ID}/{}{rest}", token(id))
}

fn button_row(count: usize, prefix: &str) -> Value {
    let buttons: Vec<Value> = (0..count)
        .map(
            |i| json!({ "type": 2, "style": 2, "label": "b", "custom_id": format!("{prefix}{i}") }),
        )
        .collect();
    json!({ "type": 1, "components": buttons })
}

fn select(custom_id: &str) -> Value {
    json!({
        "type": 3, "custom_id": custom_id,
        "options": [{ "label": "g1", "value": "g1" }]
    })
}

// --- 1. The published schema ---

#[tokio::test]
async fn a_body_that_breaks_the_schema_is_invalid_form_body_with_its_errors() {
    let (fake, client) = strict_fake().await;
    let answer = client
        .send(
            "POST",
            &messages(CHANNEL_ID),
            Some(json!({ "content": 7, "tts": "yes" })),
        )
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (400, 50035),
        "{}",
        answer.body
    );
    assert_eq!(answer.body["message"], "Invalid Form Body");
    let errors = &answer.body["errors"];
    assert!(
        errors["content"]["_errors"][0]["message"].is_string(),
        "{errors}"
    );
    assert!(errors["tts"]["_errors"].is_array(), "{errors}");

    dispatch_command(&fake, 10);
    let answer = client
        .send("POST", &callback(10), Some(json!({ "type": 99 })))
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (400, 50035),
        "{}",
        answer.body
    );
    assert_eq!(fake.refusals().len(), 2);
}

#[tokio::test]
async fn the_two_known_discrepancies_of_the_spec_are_tolerated_and_nothing_else() {
    let (_fake, client) = strict_fake().await;
    // serenity sends upload placeholders as integers; the spec wants a snowflake string.
    let answer = client
        .send_files(
            "POST",
            &messages(CHANNEL_ID),
            json!({ "content": "board", "attachments": [{ "id": 0, "filename": "board0.png" }] }),
            &[vec![1, 2, 3]],
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    // serenity sends default_member_permissions as a string of digits; the spec wants an integer.
    let commands =
        json!([{ "name": "settings", "description": "d", "default_member_permissions": "32" }]);
    let path = format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands");
    let answer = client.send("PUT", &path, Some(commands)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    // A string where the spec wants an integer, anywhere else, is refused.
    let answer = client
        .send(
            "POST",
            &messages(CHANNEL_ID),
            Some(json!({ "content": "x", "flags": "64" })),
        )
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (400, 50035),
        "{}",
        answer.body
    );
    let commands =
        json!([{ "name": "settings", "description": "d", "default_member_permissions": "all" }]);
    let answer = client.send("PUT", &path, Some(commands)).await;
    assert_eq!(
        (answer.status, answer.code()),
        (400, 50035),
        "{}",
        answer.body
    );
}

#[tokio::test]
async fn a_route_discord_does_not_have_is_refused_and_reported() {
    let (fake, client) = strict_fake().await;
    let answer = client
        .send(
            "POST",
            &format!("/channels/{CHANNEL_ID}/boards"),
            Some(json!({})),
        )
        .await;
    assert_eq!(answer.status, 404);
    let refusals = fake.refusals();
    assert_eq!(refusals.len(), 1);
    assert!(refusals[0].request.ends_with("/boards"), "{}", refusals[0]);
}

// --- 2. Rules the schema cannot say ---

#[tokio::test]
async fn content_over_2000_characters_is_refused() {
    let (_fake, client) = strict_fake().await;
    let at_limit = client
        .send(
            "POST",
            &messages(CHANNEL_ID),
            Some(json!({ "content": "é".repeat(2_000) })),
        )
        .await;
    assert_eq!(at_limit.status, 200, "{}", at_limit.body);
    let over = client
        .send(
            "POST",
            &messages(CHANNEL_ID),
            Some(json!({ "content": "é".repeat(2_001) })),
        )
        .await;
    assert_eq!((over.status, over.code()), (400, 50035));
    assert!(
        over.body["errors"]["content"]["_errors"].is_array(),
        "{}",
        over.body
    );
}

#[tokio::test]
async fn component_layouts_beyond_discords_limits_are_refused() {
    let (fake, client) = strict_fake().await;
    let six_rows: Vec<Value> = (0..6).map(|r| button_row(1, &format!("r{r}-"))).collect();
    let cases = [
        ("six action rows", json!(six_rows)),
        ("six buttons in a row", json!([button_row(6, "b")])),
        (
            "two selects in a row",
            json!([{ "type": 1, "components": [select("s1"), select("s2")] }]),
        ),
        (
            "a select beside a button",
            json!([{ "type": 1, "components": [select("s1"), button_row(1, "b")["components"][0]] }]),
        ),
        (
            "a duplicated custom id",
            json!([button_row(2, "same"), button_row(1, "same")]),
        ),
        (
            "a custom id of 101 characters",
            json!([{ "type": 1, "components": [{ "type": 2, "style": 2, "label": "b", "custom_id": "x".repeat(101) }] }]),
        ),
    ];
    fake.pause_clock();
    for (what, components) in cases {
        // Each in a fresh window of the channel's bucket: five messages per five seconds.
        fake.advance_clock(Duration::from_secs(5));
        let answer = client
            .send(
                "POST",
                &messages(CHANNEL_ID),
                Some(json!({ "content": "x", "components": components })),
            )
            .await;
        assert_eq!(
            (answer.status, answer.code()),
            (400, 50035),
            "{what}: {}",
            answer.body
        );
    }
    let fine =
        json!([button_row(5, "a"), button_row(5, "b"), { "type": 1, "components": [select("s")] }]);
    dispatch_command(&fake, 20);
    let answer = client
        .send(
            "POST",
            &callback(20),
            Some(json!({ "type": 4, "data": { "components": fine } })),
        )
        .await;
    assert_eq!(answer.status, 204, "{}", answer.body);
}

#[tokio::test]
async fn more_than_25_autocomplete_choices_are_refused() {
    let (fake, client) = strict_fake().await;
    for (id, count, status) in [(30, 26, 400), (31, 25, 204)] {
        fake.remember_interaction(&autocomplete(
            id,
            ALICE,
            "move",
            vec![focused_string("move", "")],
        ));
        let choices: Vec<Value> = (0..count)
            .map(|i| json!({ "name": format!("m{i}"), "value": format!("m{i}") }))
            .collect();
        let answer = client
            .send(
                "POST",
                &callback(id),
                Some(json!({ "type": 8, "data": { "choices": choices } })),
            )
            .await;
        assert_eq!(answer.status, status, "{count} choices: {}", answer.body);
    }
}

#[tokio::test]
async fn parse_users_with_a_list_of_users_is_refused() {
    let (_fake, client) = strict_fake().await;
    let user = ALICE.id.to_string();
    let contradictory =
        json!({ "content": "x", "allowed_mentions": { "parse": ["users"], "users": [user] } });
    let answer = client
        .send("POST", &messages(CHANNEL_ID), Some(contradictory))
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (400, 50035),
        "{}",
        answer.body
    );
    let listed = json!({ "content": "x", "allowed_mentions": { "parse": [], "users": [user] } });
    let answer = client
        .send("POST", &messages(CHANNEL_ID), Some(listed))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[tokio::test]
async fn command_and_option_names_follow_discords_rule_in_every_locale() {
    let (_fake, client) = strict_fake().await;
    let path = format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands");
    // Letters of any script, accented ones included, are letters.
    let accented = json!([{
        "name": "challenge",
        "description": "d",
        "name_localizations": { "es-ES": "desafiar", "de": "herausfordern" },
        "options": [{
            "type": 3,
            "name": "size",
            "description": "d",
            "name_localizations": { "es-ES": "tamaño", "pt-BR": "relógio", "de": "größe", "fr": "échange" },
        }],
    }]);
    let answer = client.send("PUT", &path, Some(accented)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    // Capitals, spaces and punctuation other than `-`, `_` and `'` are not.
    let invalid = json!([{
        "name": "Challenge",
        "description": "d",
        "options": [{
            "type": 3,
            "name": "size",
            "description": "d",
            "name_localizations": { "es-ES": "tamaño del tablero", "fr": "taille!" },
        }],
    }]);
    let answer = client.send("PUT", &path, Some(invalid)).await;
    assert_eq!(
        (answer.status, answer.code()),
        (400, 50035),
        "{}",
        answer.body
    );
    let errors = &answer.body["errors"]["0"];
    assert_eq!(
        errors["name"]["_errors"][0]["code"], "APPLICATION_COMMAND_INVALID_NAME",
        "{errors}"
    );
    let localized = &errors["options"]["0"]["name_localizations"];
    assert!(localized["es-ES"]["_errors"].is_array(), "{errors}");
    assert!(localized["fr"]["_errors"].is_array(), "{errors}");
}

#[tokio::test]
async fn an_attachment_must_name_an_uploaded_file_and_fit_the_size_limit() {
    let (fake, client) = strict_fake().await;
    let payload = json!({ "content": "x", "attachments": [{ "id": 1, "filename": "board1.png" }] });
    let answer = client
        .send_files("POST", &messages(CHANNEL_ID), payload, &[vec![0; 10]])
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (400, 50035),
        "{}",
        answer.body
    );

    let mut interaction = slash_command(40, ALICE, "board", vec![]);
    interaction["attachment_size_limit"] = json!(1_000);
    fake.remember_interaction(&interaction);
    let board =
        json!({ "type": 4, "data": { "attachments": [{ "id": 0, "filename": "board0.png" }] } });
    let answer = client
        .send_files("POST", &callback(40), board.clone(), &[vec![0; 1_001]])
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (413, 40005),
        "{}",
        answer.body
    );
    let answer = client
        .send_files("POST", &callback(40), board, &[vec![0; 1_000]])
        .await;
    assert_eq!(answer.status, 204, "{}", answer.body);
}

// --- 3. Interaction deadlines and tokens ---

#[tokio::test]
async fn an_interaction_is_answered_once_and_within_3_seconds() {
    let (fake, client) = strict_fake().await;
    let defer = json!({ "type": 5 });
    let unknown = client
        .send("POST", &callback(49), Some(defer.clone()))
        .await;
    assert_eq!(
        (unknown.status, unknown.code()),
        (404, 10062),
        "{}",
        unknown.body
    );

    fake.pause_clock();
    dispatch_command(&fake, 50);
    dispatch_command(&fake, 51);
    fake.advance_clock(Duration::from_millis(2_900));
    let in_time = client
        .send("POST", &callback(50), Some(defer.clone()))
        .await;
    assert_eq!(in_time.status, 204);
    let twice = client
        .send("POST", &callback(50), Some(defer.clone()))
        .await;
    assert_eq!((twice.status, twice.code()), (400, 40060), "{}", twice.body);
    fake.advance_clock(Duration::from_millis(200));
    let late = client.send("POST", &callback(51), Some(defer)).await;
    assert_eq!((late.status, late.code()), (404, 10062), "{}", late.body);
    assert_eq!(late.body["message"], "Unknown interaction");
}

#[tokio::test]
async fn a_token_serves_edits_and_follow_ups_for_15_minutes_and_only_after_an_answer() {
    let (fake, client) = strict_fake().await;
    fake.pause_clock();
    dispatch_command(&fake, 60);
    let edit = json!({ "content": "edited" });
    let too_soon = client
        .send(
            "PATCH",
            &webhook(60, "/messages/@original"),
            Some(edit.clone()),
        )
        .await;
    assert_eq!(
        (too_soon.status, too_soon.code()),
        (404, 10008),
        "{}",
        too_soon.body
    );

    let answered = client
        .send("POST", &callback(60), Some(json!({ "type": 5 })))
        .await;
    assert_eq!(answered.status, 204);
    let edited = client
        .send(
            "PATCH",
            &webhook(60, "/messages/@original"),
            Some(edit.clone()),
        )
        .await;
    assert_eq!(edited.status, 200, "{}", edited.body);
    let follow_up = client
        .send(
            "POST",
            &webhook(60, ""),
            Some(json!({ "content": "follow-up" })),
        )
        .await;
    assert_eq!(follow_up.status, 200, "{}", follow_up.body);
    let follow_up_id = follow_up.body["id"].as_str().unwrap().to_owned();
    let stranger = client
        .send(
            "PATCH",
            &webhook(60, "/messages/1300000000000999999"),
            Some(edit.clone()),
        )
        .await;
    assert_eq!(
        (stranger.status, stranger.code()),
        (404, 10008),
        "{}",
        stranger.body
    );

    fake.advance_clock(Duration::from_secs(15 * 60 + 1));
    let expired = client
        .send(
            "PATCH",
            &webhook(60, &format!("/messages/{follow_up_id}")),
            Some(edit),
        )
        .await;
    assert_eq!(
        (expired.status, expired.code()),
        (401, 50027),
        "{}",
        expired.body
    );
    let late = client
        .send(
            "POST",
            &webhook(60, ""),
            Some(json!({ "content": "too late" })),
        )
        .await;
    assert_eq!((late.status, late.code()), (401, 50027), "{}", late.body);
    assert_eq!(late.body["message"], "Invalid Webhook Token");
}

/// Defers interaction `id` (callback type 5, ephemeral or not); returns the loading message's
/// id, from the callback's `with_response` answer.
async fn defer(client: &Client, id: u64, ephemeral: bool) -> String {
    let flags = if ephemeral { 64 } else { 0 };
    let deferral = json!({ "type": 5, "data": { "flags": flags } });
    let path = format!("{}?with_response=true", callback(id));
    let answer = client.send("POST", &path, Some(deferral)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.body["resource"]["message"]["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// A follow-up of interaction `id` with `content`, `flags` and no `allowed_mentions` (every
/// mention in the content may ping).
async fn follow_up(client: &Client, id: u64, content: &str, flags: u64) -> Answer {
    let body = json!({ "content": content, "flags": flags });
    client.send("POST", &webhook(id, ""), Some(body)).await
}

/// The message id in an answer that returns a message.
fn id_of(answer: &Answer) -> u64 {
    answer.body["id"].as_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn the_first_follow_up_after_a_deferral_edits_its_loading_message() {
    let (fake, client) = strict_fake().await;
    let ping = format!("<@{}> your move", ALICE.id);

    // A public deferral: the first follow-up is the loading message, edited (it stays public
    // though it asks to be ephemeral, and pings nobody); the second is a new message.
    dispatch_command(&fake, 70);
    let loading: u64 = defer(&client, 70, false).await.parse().unwrap();
    let first = follow_up(&client, 70, &ping, 64).await;
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(id_of(&first), loading);
    assert_eq!(first.body["flags"], 0, "{}", first.body);
    let second = follow_up(&client, 70, &ping, 0).await;
    assert_eq!(second.status, 200, "{}", second.body);
    assert_ne!(id_of(&second), loading);
    let deliveries = fake.deliveries();
    assert_eq!(
        deliveries,
        vec![
            Delivery {
                change: Change::New,
                message: loading,
                channel: Some(CHANNEL_ID),
                ephemeral: false,
                pinged: vec![],
            },
            Delivery {
                change: Change::Edit,
                message: loading,
                channel: Some(CHANNEL_ID),
                ephemeral: false,
                pinged: vec![],
            },
            Delivery {
                change: Change::New,
                message: id_of(&second),
                channel: Some(CHANNEL_ID),
                ephemeral: false,
                pinged: vec![ALICE.id],
            },
        ]
    );
    // The edited loading message and the follow-up are both the token's to edit.
    for message in [loading, id_of(&second)] {
        let path = webhook(70, &format!("/messages/{message}"));
        let edit = client
            .send("PATCH", &path, Some(json!({ "content": "e" })))
            .await;
        assert_eq!(edit.status, 200, "{}", edit.body);
    }

    // An ephemeral deferral stays ephemeral, though its first follow-up asks to be public.
    dispatch_command(&fake, 71);
    let loading: u64 = defer(&client, 71, true).await.parse().unwrap();
    let first = follow_up(&client, 71, &ping, 0).await;
    assert_eq!(id_of(&first), loading);
    assert_eq!(first.body["flags"], 64, "{}", first.body);
    let edit = fake.deliveries().pop().unwrap();
    assert_eq!((edit.change, edit.ephemeral), (Change::Edit, true));

    // Once `@original` was edited, the first follow-up is a new message.
    dispatch_command(&fake, 72);
    let loading: u64 = defer(&client, 72, false).await.parse().unwrap();
    let edited = client
        .send(
            "PATCH",
            &webhook(72, "/messages/@original"),
            Some(json!({ "content": "board" })),
        )
        .await;
    assert_eq!(id_of(&edited), loading);
    let first = follow_up(&client, 72, &ping, 0).await;
    assert_ne!(id_of(&first), loading);
    let made = fake.deliveries().pop().unwrap();
    assert_eq!((made.change, made.pinged), (Change::New, vec![ALICE.id]));

    // After a deferred update (type 6) a follow-up is a new message too.
    let clicked = bot_message(9_073, "challenge", &["accept:1"]);
    fake.remember_interaction(&button_click(73, BOB, "accept:1", clicked));
    let update = client
        .send("POST", &callback(73), Some(json!({ "type": 6 })))
        .await;
    assert_eq!(update.status, 204, "{}", update.body);
    let first = follow_up(&client, 73, &ping, 0).await;
    assert_ne!(id_of(&first), 9_073);
    let made = fake.deliveries().pop().unwrap();
    assert_eq!((made.change, made.message), (Change::New, id_of(&first)));
    assert!(fake.refusals().is_empty(), "{:?}", fake.refusals());
}

#[tokio::test]
async fn an_interaction_only_a_user_installed_the_app_for_gets_five_follow_ups() {
    let (fake, client) = strict_fake().await;
    let user_install = in_dm(slash_command(80, ALICE, "board", vec![]), ALICE);
    let mut both = slash_command(82, ALICE, "board", vec![]);
    both["authorizing_integration_owners"] =
        json!({ "0": GUILD_ID.to_string(), "1": ALICE.id.to_string() });
    fake.remember_interaction(&user_install);
    dispatch_command(&fake, 81);
    fake.remember_interaction(&both);
    for id in [80, 81, 82] {
        // The first follow-up edits the loading message: it counts all the same.
        defer(&client, id, false).await;
        for n in 1..=5 {
            let answer = follow_up(&client, id, &format!("follow-up {n}"), 0).await;
            assert_eq!(answer.status, 200, "{id}, follow-up {n}: {}", answer.body);
        }
    }
    let sixth = follow_up(&client, 80, "follow-up 6", 0).await;
    assert_eq!((sixth.status, sixth.code()), (400, 40094), "{}", sixth.body);
    assert_eq!(
        sixth.body["message"],
        "This interaction has hit the maximum number of follow up messages"
    );
    // Installed in the server (alone or beside the user install): no such limit.
    for id in [81, 82] {
        let sixth = follow_up(&client, id, "follow-up 6", 0).await;
        assert_eq!(sixth.status, 200, "{id}: {}", sixth.body);
    }
    // The token still edits its messages.
    let edit = client
        .send(
            "PATCH",
            &webhook(80, "/messages/@original"),
            Some(json!({ "content": "e" })),
        )
        .await;
    assert_eq!(edit.status, 200, "{}", edit.body);
    let refusals = fake.refusals();
    assert_eq!(refusals.len(), 1, "{refusals:?}");
    assert_eq!(fake.deliveries()[1].channel, Some(DM_CHANNEL_ID));
}

#[tokio::test]
async fn a_deferral_whose_loading_message_was_deleted_takes_no_follow_up() {
    let (fake, client) = strict_fake().await;
    dispatch_command(&fake, 90);
    defer(&client, 90, true).await;
    let deleted = client
        .send("DELETE", &webhook(90, "/messages/@original"), None)
        .await;
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    let refused = follow_up(&client, 90, "the board", 0).await;
    assert_eq!(
        (refused.status, refused.code()),
        (404, 10008),
        "{}",
        refused.body
    );
    assert_eq!(refused.body["message"], "Unknown Message");

    // A deferral edited into an answer, then deleted, is no longer loading: a follow-up is a
    // new message.
    dispatch_command(&fake, 91);
    defer(&client, 91, false).await;
    let edit = json!({ "content": "answer" });
    let path = webhook(91, "/messages/@original");
    assert_eq!(client.send("PATCH", &path, Some(edit)).await.status, 200);
    assert_eq!(client.send("DELETE", &path, None).await.status, 204);
    let made = follow_up(&client, 91, "the board", 0).await;
    assert_eq!(made.status, 200, "{}", made.body);
    assert_eq!(fake.refusals().len(), 1, "{:?}", fake.refusals());
}

#[tokio::test]
async fn a_new_public_message_pings_whom_its_allowed_mentions_allow_and_an_edit_nobody() {
    let (fake, client) = strict_fake().await;
    let content = format!("<@{}> and <@!{}>, <@&{}>", ALICE.id, BOB.id, GUILD_ID);
    let alice = ALICE.id.to_string();
    let cases = [
        (
            None,
            vec![ALICE.id, BOB.id],
            "no allowed_mentions: every mention",
        ),
        (
            Some(json!({ "parse": ["users"] })),
            vec![ALICE.id, BOB.id],
            "parse users",
        ),
        (
            Some(json!({ "users": [alice] })),
            vec![ALICE.id],
            "the listed users",
        ),
        (
            Some(json!({ "parse": [], "users": [], "roles": [] })),
            vec![],
            "nobody",
        ),
        (Some(json!({})), vec![], "empty allowed_mentions"),
    ];
    fake.pause_clock();
    let mut posted = 0;
    for (allowed, pinged, what) in cases {
        let mut body = json!({ "content": content });
        if let Some(allowed) = allowed {
            body["allowed_mentions"] = allowed;
        }
        let answer = client.send("POST", &messages(CHANNEL_ID), Some(body)).await;
        assert_eq!(answer.status, 200, "{what}: {}", answer.body);
        posted = id_of(&answer);
        let made = fake.deliveries().pop().unwrap();
        assert_eq!(made.change, Change::New, "{what}");
        assert_eq!(made.pinged, pinged, "{what}");
    }
    let path = format!("{}/{posted}", messages(CHANNEL_ID));
    let edit = client
        .send("PATCH", &path, Some(json!({ "content": content })))
        .await;
    assert_eq!(edit.status, 200, "{}", edit.body);
    assert_eq!(
        fake.deliveries().pop().unwrap(),
        Delivery {
            change: Change::Edit,
            message: posted,
            channel: Some(CHANNEL_ID),
            ephemeral: false,
            pinged: vec![],
        }
    );

    // An ephemeral answer pings nobody; a public one pings.
    for (id, flags, pinged) in [(95, 64, vec![]), (96, 0, vec![ALICE.id])] {
        dispatch_command(&fake, id);
        let answer = json!({ "type": 4, "data": { "content": content, "flags": flags,
            "allowed_mentions": { "users": [alice] } } });
        let answered = client.send("POST", &callback(id), Some(answer)).await;
        assert_eq!(answered.status, 204, "{}", answered.body);
        let made = fake.deliveries().pop().unwrap();
        assert_eq!((made.ephemeral, made.pinged), (flags == 64, pinged));
    }
    assert!(fake.refusals().is_empty(), "{:?}", fake.refusals());
}

// --- 4. Where the bot may post ---

#[tokio::test]
async fn the_bot_posts_only_where_it_is_a_member_with_the_permissions() {
    let (_fake, client) = strict_fake().await;
    let text = json!({ "content": "hello" });
    let cases = [
        (
            OTHER_GUILD_CHANNEL,
            403,
            50001,
            "a server the bot is not in",
        ),
        (GROUP_DM, 403, 50001, "a group DM the bot is not part of"),
        (
            READ_ONLY_CHANNEL,
            403,
            50013,
            "a channel where it may only read",
        ),
        (
            1_200_000_000_000_000_999,
            404,
            10003,
            "a channel that does not exist",
        ),
    ];
    for (channel, status, code, what) in cases {
        let answer = client
            .send("POST", &messages(channel), Some(text.clone()))
            .await;
        assert_eq!(
            (answer.status, answer.code()),
            (status, code),
            "{what}: {}",
            answer.body
        );
    }
    let upload = json!({ "content": "x", "attachments": [{ "id": 0, "filename": "board0.png" }] });
    let answer = client
        .send_files(
            "POST",
            &messages(NO_UPLOADS_CHANNEL),
            upload.clone(),
            &[vec![1]],
        )
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (403, 50013),
        "{}",
        answer.body
    );
    let answer = client
        .send("POST", &messages(NO_UPLOADS_CHANNEL), Some(text))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[tokio::test]
async fn edits_and_threads_need_a_message_that_exists_and_a_channel_that_allows_them() {
    let (_fake, client) = strict_fake().await;
    let posted = client
        .send(
            "POST",
            &messages(CHANNEL_ID),
            Some(json!({ "content": "board" })),
        )
        .await;
    let id = posted.body["id"].as_str().unwrap().to_owned();
    let edit = json!({ "content": "edited" });
    let answer = client
        .send(
            "PATCH",
            &format!("{}/{id}", messages(CHANNEL_ID)),
            Some(edit.clone()),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let answer = client
        .send(
            "PATCH",
            &format!("{}/1300000000000999999", messages(CHANNEL_ID)),
            Some(edit),
        )
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (404, 10008),
        "{}",
        answer.body
    );

    let thread = json!({ "name": "game 1", "auto_archive_duration": 1440 });
    let started = client
        .send(
            "POST",
            &format!("{}/{id}/threads", messages(CHANNEL_ID)),
            Some(thread.clone()),
        )
        .await;
    assert_eq!(started.status, 200, "{}", started.body);
    let in_thread = client
        .send(
            "POST",
            &messages(id.parse().unwrap()),
            Some(json!({ "content": "in the thread" })),
        )
        .await;
    assert_eq!(in_thread.status, 200, "{}", in_thread.body);
    let nested = in_thread.body["id"].as_str().unwrap();
    let answer = client
        .send(
            "POST",
            &format!("/channels/{id}/messages/{nested}/threads"),
            Some(thread),
        )
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (400, 50024),
        "{}",
        answer.body
    );
}

// --- 5. Rate limits ---

#[tokio::test]
async fn five_messages_per_five_seconds_in_a_channel_then_429_with_discords_headers() {
    let (fake, client) = strict_fake().await;
    fake.pause_clock();
    let text = json!({ "content": "move" });
    for remaining in (0..5).rev() {
        let answer = client
            .send("POST", &messages(CHANNEL_ID), Some(text.clone()))
            .await;
        assert_eq!(answer.status, 200);
        assert_eq!(answer.header("x-ratelimit-limit"), Some("5"));
        assert_eq!(
            answer.header("x-ratelimit-remaining"),
            Some(remaining.to_string().as_str())
        );
        assert!(answer.header("x-ratelimit-bucket").is_some());
        assert_eq!(answer.header("x-ratelimit-reset-after"), Some("5.000"));
    }
    let limited = client
        .send("POST", &messages(CHANNEL_ID), Some(text.clone()))
        .await;
    assert_eq!(limited.status, 429, "{}", limited.body);
    assert_eq!(limited.body["retry_after"], 5.0);
    assert_eq!(limited.body["global"], false);
    assert_eq!(limited.header("retry-after"), Some("5"));
    assert_eq!(limited.header("x-ratelimit-scope"), Some("user"));
    // Another channel has its own bucket.
    let elsewhere = client
        .send("POST", &messages(NO_UPLOADS_CHANNEL), Some(text.clone()))
        .await;
    assert_eq!(elsewhere.status, 200);
    fake.advance_clock(Duration::from_secs(5));
    let later = client.send("POST", &messages(CHANNEL_ID), Some(text)).await;
    assert_eq!(later.status, 200);
    assert_eq!(later.header("x-ratelimit-remaining"), Some("4"));
}

#[tokio::test]
async fn interaction_callbacks_are_not_limited_per_channel_nor_globally() {
    let (fake, client) = strict_fake().await;
    fake.pause_clock();
    for id in 100..160 {
        dispatch_command(&fake, id);
        let answer = client
            .send(
                "POST",
                &callback(id),
                Some(json!({ "type": 4, "data": { "content": "board" } })),
            )
            .await;
        assert_eq!(answer.status, 204, "callback {id}: {}", answer.body);
        let follow_up = client
            .send(
                "POST",
                &webhook(id, ""),
                Some(json!({ "content": "follow-up" })),
            )
            .await;
        assert_eq!(follow_up.status, 200, "follow-up {id}: {}", follow_up.body);
    }
}

#[tokio::test]
async fn fifty_requests_a_second_in_all_then_the_global_429() {
    let (fake, client) = strict_fake().await;
    fake.pause_clock();
    // Ten channels, five messages each: no channel bucket is full, the global limit is.
    for channel in 0..10 {
        let id = 1_200_000_000_000_001_000 + channel;
        fake.add_channel(id, Some(GUILD_ID), ChannelKind::Text, permission::INVITED);
        for _ in 0..5 {
            let answer = client
                .send("POST", &messages(id), Some(json!({ "content": "x" })))
                .await;
            assert_eq!(answer.status, 200, "{}", answer.body);
        }
    }
    let limited = client
        .send(
            "POST",
            &messages(CHANNEL_ID),
            Some(json!({ "content": "x" })),
        )
        .await;
    assert_eq!(limited.status, 429, "{}", limited.body);
    assert_eq!(limited.body["global"], true);
    assert_eq!(limited.header("x-ratelimit-global"), Some("true"));
    fake.advance_clock(Duration::from_secs(1));
    let later = client
        .send(
            "POST",
            &messages(CHANNEL_ID),
            Some(json!({ "content": "x" })),
        )
        .await;
    assert_eq!(later.status, 200);
}

// --- Reporting ---

#[tokio::test]
async fn a_refusal_the_test_did_not_declare_fails_it_when_the_fake_is_dropped() {
    let fake = FakeDiscord::start().await;
    let client = Client::new(&fake);
    client
        .send("POST", &messages(CHANNEL_ID), Some(json!({ "content": 1 })))
        .await;
    let dropped = std::panic::catch_unwind(AssertUnwindSafe(|| drop(fake)));
    let message = dropped.expect_err("an undeclared refusal fails the test");
    let text = message
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert!(text.contains("50035"), "{text}");

    let fake = FakeDiscord::start().await;
    fake.expect_refusals(|r: &Refusal| r.code == 50035);
    let client = Client::new(&fake);
    client
        .send("POST", &messages(CHANNEL_ID), Some(json!({ "content": 1 })))
        .await;
    assert_eq!(fake.unexpected_refusals().len(), 0);
    drop(fake);
}
