//! The fake Discord itself, held to Discord's contract: each rule it enforces is broken here on
//! purpose by a plain HTTP client, and the fake must answer as Discord does (status, JSON code,
//! error shape). A fake that silently accepted would make every end-to-end test weaker.

mod support;

use std::panic::AssertUnwindSafe;
use std::time::Duration;

use serde_json::{Value, json};
use support::fake_discord::access::{ChannelKind, permission};
use support::fake_discord::delivery::Change;
use support::fake_discord::{
    APPLICATION_ID, BOT_USER_ID, CLIENT_SECRET, Delivery, FakeDiscord, Refusal, TOKEN, nonces,
    schema,
};
use support::payloads::{
    ALICE, BOB, CHANNEL_ID, DM_CHANNEL_ID, GUILD_ID, autocomplete, bot_message, button_click,
    entry_point_command, focused_string, in_dm, slash_command, token,
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

/// A plain HTTP client for the fake's REST side, sending the bot's token unless told otherwise.
struct Client {
    http: reqwest::Client,
    base: String,
    authorization: Option<String>,
}

impl Client {
    fn new(fake: &FakeDiscord) -> Client {
        Client {
            http: reqwest::Client::new(),
            base: format!("{}/api/v10", fake.api_url()),
            authorization: Some(format!("Bot {TOKEN}")),
        }
    }

    /// The same client sending `authorization` as its `Authorization` header (none: `None`).
    fn authorized(&self, authorization: Option<&str>) -> Client {
        Client {
            http: self.http.clone(),
            base: self.base.clone(),
            authorization: authorization.map(str::to_owned),
        }
    }

    /// A request with the client's `Authorization` header, if any.
    fn request(&self, method: &str, path: &str) -> reqwest::RequestBuilder {
        let request = self
            .http
            .request(method.parse().unwrap(), format!("{}{path}", self.base));
        match &self.authorization {
            Some(authorization) => request.header("authorization", authorization),
            None => request,
        }
    }

    async fn send(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        let mut request = self.request(method, path);
        if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body.to_string());
        }
        answer(request.send().await.unwrap()).await
    }

    /// `POST /oauth2/token` with the form `fields`, and the client's credentials by HTTP Basic
    /// auth when `basic` is given (instead of the client's own `Authorization` header).
    async fn exchange(&self, fields: &[(&str, &str)], basic: Option<(&str, &str)>) -> Answer {
        let form = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(fields)
            .finish();
        let mut request = self
            .http
            .post(format!("{}/oauth2/token", self.base))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form);
        if let Some((id, secret)) = basic {
            request = request.basic_auth(id, Some(secret));
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
            .request(method, path)
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

/// Create Message's `nonce` with `enforce_nonce`: the same nonce again within two minutes (the
/// least "a few minutes" can mean) answers the message it made and makes no other, whatever
/// the channel (the author is the same); without `enforce_nonce` a nonce changes nothing; past
/// the window it makes a new message. A nonce of more than 25 characters is Invalid Form Body.
#[tokio::test]
async fn an_enforced_nonce_makes_one_message_within_two_minutes() {
    let (fake, client) = strict_fake().await;
    fake.pause_clock();
    let client = &client;
    let post = |channel: u64, body: &Value| {
        let (path, body) = (messages(channel), body.clone());
        async move { client.send("POST", &path, Some(body)).await }
    };
    let made = || {
        fake.deliveries()
            .iter()
            .filter(|d| d.change == Change::New)
            .count()
    };
    let once = json!({ "content": "daily", "nonce": "daily-2023-11-14", "enforce_nonce": true });
    let first = post(CHANNEL_ID, &once).await;
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.body["nonce"], "daily-2023-11-14");
    let again = post(CHANNEL_ID, &once).await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(id_of(&again), id_of(&first));
    let elsewhere = post(NO_UPLOADS_CHANNEL, &once).await;
    assert_eq!(id_of(&elsewhere), id_of(&first), "the same author's nonce");
    assert_eq!(made(), 1);

    // Not enforced: a message each time.
    let loose = json!({ "content": "daily", "nonce": "daily-2023-11-14" });
    let a = post(CHANNEL_ID, &loose).await;
    let b = post(CHANNEL_ID, &loose).await;
    assert_ne!(id_of(&a), id_of(&b));
    assert_eq!(made(), 3);

    // Past the window, the nonce makes a message again.
    fake.advance_clock(nonces::WINDOW);
    let later = post(CHANNEL_ID, &once).await;
    assert_eq!(later.status, 200, "{}", later.body);
    assert_ne!(id_of(&later), id_of(&first));
    assert_eq!(made(), 4);

    // Up to 25 characters.
    let longest = json!({ "content": "x", "nonce": "n".repeat(25), "enforce_nonce": true });
    assert_eq!(post(CHANNEL_ID, &longest).await.status, 200);
    let long = json!({ "content": "x", "nonce": "n".repeat(26), "enforce_nonce": true });
    let refused = post(CHANNEL_ID, &long).await;
    assert_eq!(
        (refused.status, refused.code()),
        (400, 50035),
        "{}",
        refused.body
    );
    assert!(
        refused.body["errors"]["nonce"]["_errors"].is_array(),
        "{}",
        refused.body
    );
    assert_eq!(made(), 5);
    assert_eq!(fake.refusals().len(), 1);
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

// --- 6. Credentials ---

/// Another application, whose tokens and codes the bot's application must not take.
const OTHER_APP: u64 = 1_100_000_000_000_000_999;

/// Asserts that `answer` (to `method` on the spec's `template`) has the shape the spec gives it.
fn assert_spec_answer(method: &str, template: &str, answer: &Answer) {
    let errors = schema::validate_answer(method, template, answer.status, &answer.body);
    assert!(
        errors.is_empty(),
        "{method} {template}: {errors:?}\n{}",
        answer.body
    );
}

/// Asserts Discord's 401 with no code.
fn assert_unauthorized(answer: &Answer, what: &str) {
    assert_eq!(answer.status, 401, "{what}: {}", answer.body);
    assert_eq!(
        answer.body,
        json!({ "message": "401: Unauthorized", "code": 0 }),
        "{what}"
    );
}

#[tokio::test]
async fn a_route_takes_only_the_credentials_its_security_lists() {
    let (fake, client) = strict_fake().await;
    let text = json!({ "content": "hello" });
    let user_token = fake.access_token(ALICE.id, APPLICATION_ID);
    let bearer = format!("Bearer {user_token}");
    let cases = [
        (None, "no Authorization header"),
        (Some("Bot another-bots-token"), "another bot's token"),
        (Some(TOKEN), "the token without its scheme"),
        (Some(bearer.as_str()), "a user's Bearer token"),
    ];
    for (authorization, what) in cases {
        let answer = client
            .authorized(authorization)
            .send("POST", &messages(CHANNEL_ID), Some(text.clone()))
            .await;
        assert_unauthorized(&answer, what);
    }
    let posted = client.send("POST", &messages(CHANNEL_ID), Some(text)).await;
    assert_eq!(posted.status, 200, "{}", posted.body);
    let recorded = fake.requests().pop().unwrap();
    assert_eq!(recorded.authorization, Some(format!("Bot {TOKEN}")));

    // An interaction's callback and webhook take its token alone.
    dispatch_command(&fake, 200);
    let anonymous = client.authorized(None);
    let answered = anonymous
        .send("POST", &callback(200), Some(json!({ "type": 5 })))
        .await;
    assert_eq!(answered.status, 204, "{}", answered.body);
    let edited = anonymous
        .send(
            "PATCH",
            &webhook(200, "/messages/@original"),
            Some(json!({ "content": "board" })),
        )
        .await;
    assert_eq!(edited.status, 200, "{}", edited.body);
    assert_eq!(fake.requests().pop().unwrap().authorization, None);
}

// --- 7. OAuth2 ---

#[tokio::test]
async fn a_code_is_exchanged_once_for_a_token_that_names_its_user() {
    let (fake, client) = strict_fake().await;
    fake.name_user(ALICE.id, "alice");
    let code = fake.authorization_code(ALICE.id, APPLICATION_ID);
    let app = APPLICATION_ID.to_string();
    let fields = [
        ("grant_type", "authorization_code"),
        ("code", code.as_str()),
        ("redirect_uri", "https://example.com/activity"),
    ];
    let exchanged = client.exchange(&fields, Some((&app, CLIENT_SECRET))).await;
    assert_eq!(exchanged.status, 200, "{}", exchanged.body);
    let body = &exchanged.body;
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(body["expires_in"], 604_800);
    assert_eq!(body["scope"], "identify");
    assert!(body["refresh_token"].is_string(), "{body}");
    let access_token = body["access_token"].as_str().unwrap().to_owned();

    let bearer = format!("Bearer {access_token}");
    let user = client.authorized(Some(&bearer));
    let me = user.send("GET", "/users/@me", None).await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.body["id"], ALICE.id.to_string());
    assert_eq!(me.body["username"], "alice");
    assert_eq!(me.body["global_name"], "alice");
    assert_eq!(me.body["discriminator"], "0");
    assert_spec_answer("GET", "/users/@me", &me);

    let authorization = user.send("GET", "/oauth2/@me", None).await;
    assert_eq!(authorization.status, 200, "{}", authorization.body);
    assert_eq!(authorization.body["application"]["id"], app);
    assert_eq!(authorization.body["scopes"], json!(["identify"]));
    assert_eq!(authorization.body["user"]["id"], ALICE.id.to_string());
    assert!(authorization.body["expires"].is_string());
    assert_spec_answer("GET", "/oauth2/@me", &authorization);

    // The same code a second time.
    let again = client.exchange(&fields, Some((&app, CLIENT_SECRET))).await;
    assert_eq!(again.status, 400, "{}", again.body);
    assert_eq!(
        again.body,
        json!({ "error": "invalid_grant", "error_description": "Invalid \"code\" in request." })
    );
    // A user never named is `user{id}`.
    let bob = fake.access_token(BOB.id, APPLICATION_ID);
    let me = client
        .authorized(Some(&format!("Bearer {bob}")))
        .send("GET", "/users/@me", None)
        .await;
    assert_eq!(me.body["username"], format!("user{}", BOB.id));
}

#[tokio::test]
async fn the_client_proves_itself_by_basic_auth_or_in_the_form_never_both() {
    let (fake, client) = strict_fake().await;
    let app = APPLICATION_ID.to_string();
    let other = OTHER_APP.to_string();
    let refused = [
        (
            Some((app.as_str(), "not-the-secret")),
            vec![],
            401,
            "invalid_client",
        ),
        (
            Some((other.as_str(), CLIENT_SECRET)),
            vec![],
            401,
            "invalid_client",
        ),
        (None, vec![], 401, "invalid_client"),
        (
            None,
            vec![("client_id", app.as_str())],
            401,
            "invalid_client",
        ),
        (
            Some((app.as_str(), CLIENT_SECRET)),
            vec![
                ("client_id", app.as_str()),
                ("client_secret", CLIENT_SECRET),
            ],
            400,
            "invalid_request",
        ),
    ];
    for (basic, credentials, status, error) in refused {
        let mut fields = vec![("grant_type", "authorization_code"), ("code", "whatever")];
        fields.extend(credentials);
        let answer = client.exchange(&fields, basic).await;
        assert_eq!(
            (answer.status, &answer.body),
            (status, &json!({ "error": error })),
            "{basic:?} {fields:?}"
        );
    }
    let code = fake.authorization_code(BOB.id, APPLICATION_ID);
    let fields = [
        ("grant_type", "authorization_code"),
        ("code", code.as_str()),
        ("client_id", app.as_str()),
        ("client_secret", CLIENT_SECRET),
    ];
    let answer = client.exchange(&fields, None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[tokio::test]
async fn a_code_is_good_for_10_minutes_and_for_its_own_client() {
    let (fake, client) = strict_fake().await;
    fake.pause_clock();
    let app = APPLICATION_ID.to_string();
    let basic = Some((app.as_str(), CLIENT_SECRET));
    let in_time = fake.authorization_code(ALICE.id, APPLICATION_ID);
    let late = fake.authorization_code(BOB.id, APPLICATION_ID);
    let others = fake.authorization_code(ALICE.id, OTHER_APP);
    fake.advance_clock(Duration::from_secs(10 * 60));
    let client = &client;
    let exchange = |code: String| async move {
        let fields = [
            ("grant_type", "authorization_code"),
            ("code", code.as_str()),
        ];
        client.exchange(&fields, basic).await
    };
    assert_eq!(exchange(in_time).await.status, 200);
    fake.advance_clock(Duration::from_secs(1));
    for (code, what) in [
        (late, "a code older than 10 minutes"),
        (others, "a code handed out for another client"),
        ("code-1".to_owned(), "a code never handed out"),
    ] {
        let answer = exchange(code).await;
        assert_eq!(answer.status, 400, "{what}: {}", answer.body);
        assert_eq!(answer.body["error"], "invalid_grant", "{what}");
    }
}

#[tokio::test]
async fn the_token_endpoint_takes_a_form_of_the_authorization_code_grant() {
    let fake = FakeDiscord::start().await;
    fake.expect_refusals(|r: &Refusal| r.request == "POST /api/v10/oauth2/token");
    let client = Client::new(&fake);
    let app = APPLICATION_ID.to_string();
    let basic = Some((app.as_str(), CLIENT_SECRET));
    let code = fake.authorization_code(ALICE.id, APPLICATION_ID);
    let json_body = client
        .authorized(None)
        .send(
            "POST",
            "/oauth2/token",
            Some(json!({ "grant_type": "authorization_code", "code": code })),
        )
        .await;
    assert_eq!(
        (json_body.status, json_body.code()),
        (400, 50035),
        "{}",
        json_body.body
    );
    let unsupported = client.exchange(&[("grant_type", "password")], basic).await;
    assert_eq!(
        (unsupported.status, &unsupported.body),
        (400, &json!({ "error": "unsupported_grant_type" }))
    );
    let missing = client.exchange(&[("code", code.as_str())], basic).await;
    assert_eq!(
        (missing.status, &missing.body),
        (400, &json!({ "error": "invalid_request" }))
    );
    let no_code = client
        .exchange(&[("grant_type", "authorization_code")], basic)
        .await;
    assert_eq!(no_code.body, json!({ "error": "invalid_request" }));
    // Documented, but not served by the fake yet: it says so rather than pretend.
    let refresh = client
        .exchange(
            &[("grant_type", "refresh_token"), ("refresh_token", "r")],
            basic,
        )
        .await;
    assert_eq!(refresh.status, 501, "{}", refresh.body);
    // Each refused exchange is a refusal like any other.
    let refusals = fake.refusals();
    assert_eq!(refusals.len(), 5, "{refusals:?}");
    assert_eq!(refusals[1].message, "unsupported_grant_type");
    assert!(fake.unexpected_refusals().is_empty());
}

#[tokio::test]
async fn users_me_answers_the_bot_or_the_bearers_user_and_401_otherwise() {
    let (fake, client) = strict_fake().await;
    fake.pause_clock();
    let bot = client.send("GET", "/users/@me", None).await;
    assert_eq!(bot.status, 200, "{}", bot.body);
    assert_eq!(bot.body["id"], BOT_USER_ID.to_string());
    assert_eq!(bot.body["bot"], true);
    assert_spec_answer("GET", "/users/@me", &bot);
    // The bot's token does not say which app a user's authorization belongs to.
    let bot_authorization = client.send("GET", "/oauth2/@me", None).await;
    assert_unauthorized(&bot_authorization, "/oauth2/@me with the bot's token");

    let others = fake.access_token(ALICE.id, OTHER_APP);
    let others = client.authorized(Some(&format!("Bearer {others}")));
    let authorization = others.send("GET", "/oauth2/@me", None).await;
    assert_eq!(
        authorization.body["application"]["id"],
        OTHER_APP.to_string()
    );
    assert_eq!(
        others.send("GET", "/users/@me", None).await.body["id"],
        ALICE.id.to_string()
    );

    let expiring = fake.access_token(BOB.id, APPLICATION_ID);
    let expiring = client.authorized(Some(&format!("Bearer {expiring}")));
    fake.advance_clock(Duration::from_secs(604_800));
    assert_eq!(expiring.send("GET", "/users/@me", None).await.status, 200);
    fake.advance_clock(Duration::from_secs(1));
    let cases = [
        (expiring, "an expired token"),
        (client.authorized(None), "no token"),
        (
            client.authorized(Some("Bearer never-handed-out")),
            "an unknown token",
        ),
    ];
    for (who, what) in cases {
        assert_unauthorized(&who.send("GET", "/users/@me", None).await, what);
        assert_unauthorized(&who.send("GET", "/oauth2/@me", None).await, what);
    }
}

// --- 8. Application commands ---

fn global_commands() -> String {
    format!("/applications/{APPLICATION_ID}/commands")
}

fn guild_commands() -> String {
    format!("/applications/{APPLICATION_ID}/guilds/{GUILD_ID}/commands")
}

fn chat_input(name: &str, description: &str) -> Value {
    json!({
        "name": name,
        "description": description,
        "type": 1,
        "options": [{ "type": 3, "name": "size", "description": "d" }],
        "default_member_permissions": "32",
    })
}

fn entry_point(name: &str, handler: u64) -> Value {
    json!({ "name": name, "description": "Play Monkey Queen", "type": 4, "handler": handler })
}

fn id_str(command: &Value) -> String {
    command["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_bulk_overwrite_replaces_the_list_and_keeps_ids_by_name_and_type() {
    let (fake, client) = strict_fake().await;
    let first = json!([chat_input("play", "d"), chat_input("board", "d")]);
    let put = client.send("PUT", &global_commands(), Some(first)).await;
    assert_eq!(put.status, 200, "{}", put.body);
    assert_spec_answer("PUT", "/applications/{application_id}/commands", &put);
    // serenity reads them as commands.
    let commands: Vec<serenity::all::Command> = serde_json::from_value(put.body.clone()).unwrap();
    assert_eq!(commands.len(), 2);
    let (play, board) = (&put.body[0], &put.body[1]);
    assert_eq!(play["application_id"], APPLICATION_ID.to_string());
    assert_eq!(play["default_member_permissions"], "32");
    assert_eq!(play["integration_types"], json!([0]));
    assert_eq!(play["contexts"], json!([0, 1, 2]));
    assert_eq!(play["options"][0]["name"], "size");
    assert_ne!(id_str(play), id_str(board));

    let listed = client.send("GET", &global_commands(), None).await;
    assert_eq!(listed.body, put.body);
    assert_eq!(fake.global_commands(), put.body.as_array().unwrap().clone());

    // The same again changes nothing; a changed command keeps its id with a new version.
    let second = json!([chat_input("board", "the board"), chat_input("rules", "d")]);
    let again = client.send("PUT", &global_commands(), Some(second)).await;
    let (kept, new) = (&again.body[0], &again.body[1]);
    assert_eq!(id_str(kept), id_str(board));
    assert_ne!(kept["version"], board["version"]);
    assert_eq!(kept["description"], "the board");
    assert!(id_str(new) != id_str(play) && id_str(new) != id_str(board));
    assert_eq!(fake.global_commands().len(), 2, "play is gone");
    let unchanged = client
        .send(
            "PUT",
            &global_commands(),
            Some(json!([
                chat_input("board", "the board"),
                chat_input("rules", "d")
            ])),
        )
        .await;
    assert_eq!(unchanged.body, again.body);
    // An id names the command to keep, even renamed; an unknown one is refused.
    let mut renamed = chat_input("plateau", "the board");
    renamed["id"] = kept["id"].clone();
    let answer = client
        .send("PUT", &global_commands(), Some(json!([renamed])))
        .await;
    assert_eq!(id_str(&answer.body[0]), id_str(board));
    let mut unknown = chat_input("x", "d");
    unknown["id"] = json!("1300000000000999999");
    let answer = client
        .send("PUT", &global_commands(), Some(json!([unknown])))
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (404, 10063),
        "{}",
        answer.body
    );

    // A server's list is its own.
    let guild = client
        .send(
            "PUT",
            &guild_commands(),
            Some(json!([chat_input("settings", "d")])),
        )
        .await;
    assert_eq!(guild.status, 200, "{}", guild.body);
    assert_eq!(guild.body[0]["guild_id"], GUILD_ID.to_string());
    assert_eq!(
        fake.guild_commands(GUILD_ID),
        guild.body.as_array().unwrap().clone()
    );
    assert_eq!(fake.global_commands().len(), 1);
    assert!(fake.guild_commands(1).is_empty());
}

#[tokio::test]
async fn commands_are_created_edited_and_deleted_one_by_one() {
    let (_fake, client) = strict_fake().await;
    let created = client
        .send("POST", &global_commands(), Some(chat_input("play", "d")))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    assert_spec_answer("POST", "/applications/{application_id}/commands", &created);
    let id = id_str(&created.body);
    let overwritten = client
        .send(
            "POST",
            &global_commands(),
            Some(chat_input("play", "again")),
        )
        .await;
    assert_eq!(overwritten.status, 200, "{}", overwritten.body);
    assert_eq!(id_str(&overwritten.body), id);
    // Same name, another type: another command.
    let user_command = json!({ "name": "Play Here", "type": 2 });
    let other = client
        .send("POST", &global_commands(), Some(user_command))
        .await;
    assert_eq!(other.status, 201, "{}", other.body);
    assert_eq!(other.body["description"], "");

    let one = format!("{}/{id}", global_commands());
    let edited = client
        .send("PATCH", &one, Some(json!({ "description": "edited" })))
        .await;
    assert_eq!(edited.status, 200, "{}", edited.body);
    assert_eq!(edited.body["description"], "edited");
    assert_eq!(edited.body["options"][0]["name"], "size");
    assert_ne!(edited.body["version"], overwritten.body["version"]);
    assert_eq!(client.send("GET", &one, None).await.body, edited.body);
    let second = client
        .send("POST", &global_commands(), Some(chat_input("rules", "d")))
        .await;
    let taken = client
        .send(
            "PATCH",
            &format!("{}/{}", global_commands(), id_str(&second.body)),
            Some(json!({ "name": "play" })),
        )
        .await;
    assert_eq!((taken.status, taken.code()), (400, 40041), "{}", taken.body);
    let duplicated = client
        .send(
            "PUT",
            &global_commands(),
            Some(json!([chat_input("play", "d"), chat_input("play", "e")])),
        )
        .await;
    assert_eq!(
        (duplicated.status, duplicated.code()),
        (400, 50035),
        "{}",
        duplicated.body
    );
    assert!(duplicated.body["errors"]["1"]["name"]["_errors"].is_array());

    let deleted = client.send("DELETE", &one, None).await;
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    for method in ["GET", "PATCH", "DELETE"] {
        let body = (method == "PATCH").then(|| json!({ "description": "x" }));
        let gone = client.send(method, &one, body).await;
        assert_eq!(
            (gone.status, gone.code()),
            (404, 10063),
            "{method}: {}",
            gone.body
        );
        assert_eq!(gone.body["message"], "Unknown application command");
    }
    let elsewhere = client
        .send("GET", &format!("/applications/{OTHER_APP}/commands"), None)
        .await;
    assert_eq!(
        (elsewhere.status, elsewhere.code()),
        (404, 10002),
        "{}",
        elsewhere.body
    );
}

#[tokio::test]
async fn options_belong_to_chat_input_commands_and_handler_to_the_entry_point() {
    let (fake, client) = strict_fake().await;
    fake.enable_activities();
    let mut with_handler = chat_input("play", "d");
    with_handler["handler"] = json!(1);
    let mut with_options = entry_point("launch", 1);
    with_options["options"] = chat_input("x", "d")["options"].clone();
    let user_with_options =
        json!({ "name": "Play", "type": 2, "options": with_options["options"] });
    for (command, field) in [
        (with_handler, "handler"),
        (with_options, "options"),
        (user_with_options, "options"),
    ] {
        let answer = client
            .send("PUT", &global_commands(), Some(json!([command])))
            .await;
        assert_eq!(
            (answer.status, answer.code()),
            (400, 50035),
            "{}",
            answer.body
        );
        assert!(
            answer.body["errors"]["0"][field]["_errors"].is_array(),
            "{}",
            answer.body
        );
    }
}

#[tokio::test]
async fn the_entry_point_command_is_global_alone_and_needs_activities() {
    let (fake, client) = strict_fake().await;
    assert!(fake.global_commands().is_empty());
    for (method, body) in [
        ("POST", entry_point("launch", 2)),
        ("PUT", json!([entry_point("launch", 2)])),
    ] {
        let answer = client.send(method, &global_commands(), Some(body)).await;
        assert_eq!(
            (answer.status, answer.code()),
            (400, 50035),
            "without Activities, {method}: {}",
            answer.body
        );
    }

    fake.enable_activities();
    let launch = fake.global_commands();
    assert_eq!(launch.len(), 1);
    assert_eq!(
        (
            &launch[0]["name"],
            &launch[0]["type"],
            &launch[0]["handler"]
        ),
        (&json!("Launch"), &json!(4), &json!(2))
    );
    let listed = client.send("GET", &global_commands(), None).await;
    assert_spec_answer("GET", "/applications/{application_id}/commands", &listed);

    let in_guild = client
        .send(
            "PUT",
            &guild_commands(),
            Some(json!([entry_point("launch", 2)])),
        )
        .await;
    assert_eq!(
        (in_guild.status, in_guild.code()),
        (400, 50035),
        "{}",
        in_guild.body
    );
    assert!(in_guild.body["errors"]["0"]["type"]["_errors"].is_array());
    let second = client
        .send("POST", &global_commands(), Some(entry_point("play", 1)))
        .await;
    assert_eq!(
        (second.status, second.code()),
        (400, 50035),
        "{}",
        second.body
    );
    let two = json!([entry_point("launch", 2), entry_point("play", 1)]);
    let answer = client.send("PUT", &global_commands(), Some(two)).await;
    assert_eq!(
        (answer.status, answer.code()),
        (400, 50035),
        "{}",
        answer.body
    );

    // The default one may be overwritten by name, or edited into another.
    let mut own = entry_point("Launch", 1);
    own["description"] = json!("Play Monkey Queen here");
    let replaced = client.send("POST", &global_commands(), Some(own)).await;
    assert_eq!(replaced.status, 200, "{}", replaced.body);
    assert_eq!(id_str(&replaced.body), id_str(&launch[0]));
    assert_eq!(replaced.body["handler"], 1);
    let renamed = client
        .send(
            "PATCH",
            &format!("{}/{}", global_commands(), id_str(&launch[0])),
            Some(json!({ "name": "Play" })),
        )
        .await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);

    // A bulk overwrite without it removes it, as every other command it leaves out.
    let bot = json!([chat_input("play", "d")]);
    let answer = client.send("PUT", &global_commands(), Some(bot)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(fake.global_commands().iter().all(|c| c["type"] == 1));
    let created = client
        .send("POST", &global_commands(), Some(entry_point("launch", 2)))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    // A chat command cannot become a second entry point.
    let play = &fake.global_commands()[0];
    let answer = client
        .send(
            "PATCH",
            &format!("{}/{}", global_commands(), id_str(play)),
            Some(json!({ "type": 4, "options": [] })),
        )
        .await;
    assert_eq!(
        (answer.status, answer.code()),
        (400, 50035),
        "{}",
        answer.body
    );
}

// --- 9. The Activity ---

fn activity_instance(instance: &str) -> String {
    format!("/applications/{APPLICATION_ID}/activity-instances/{instance}")
}

#[tokio::test]
async fn launch_activity_needs_activities_and_an_interaction_that_may_launch() {
    let (fake, client) = strict_fake().await;
    let launch = json!({ "type": 12 });
    fake.remember_interaction(&entry_point_command(
        300,
        ALICE,
        1_300_000_000_000_000_300,
        "launch",
    ));
    let disabled = client
        .send("POST", &callback(300), Some(launch.clone()))
        .await;
    assert_eq!(
        (disabled.status, disabled.code()),
        (400, 50035),
        "{}",
        disabled.body
    );
    assert!(disabled.body["errors"]["type"]["_errors"].is_array());
    assert_eq!(fake.activity_in(CHANNEL_ID), None);

    fake.enable_activities();
    let with_data = client
        .send(
            "POST",
            &callback(300),
            Some(json!({ "type": 12, "data": { "content": "launching" } })),
        )
        .await;
    assert_eq!(
        (with_data.status, with_data.code()),
        (400, 50035),
        "{}",
        with_data.body
    );
    assert!(with_data.body["errors"]["data"]["_errors"].is_array());
    let launched = client
        .send(
            "POST",
            &format!("{}?with_response=true", callback(300)),
            Some(launch.clone()),
        )
        .await;
    assert_eq!(launched.status, 200, "{}", launched.body);
    assert_spec_answer(
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
        &launched,
    );
    let instance = fake
        .activity_in(CHANNEL_ID)
        .expect("an instance in the channel");
    assert_eq!(launched.body["resource"]["type"], 12);
    assert_eq!(
        launched.body["resource"]["activity_instance"]["id"],
        instance
    );
    assert_eq!(
        launched.body["interaction"]["activity_instance_id"],
        instance
    );
    assert_eq!(launched.body["interaction"]["type"], 2);
    let again = client
        .send("POST", &callback(300), Some(launch.clone()))
        .await;
    assert_eq!((again.status, again.code()), (400, 40060), "{}", again.body);

    // Autocomplete cannot launch it.
    fake.remember_interaction(&autocomplete(
        301,
        ALICE,
        "play",
        vec![focused_string("size", "")],
    ));
    let refused = client.send("POST", &callback(301), Some(launch)).await;
    assert_eq!(
        (refused.status, refused.code()),
        (400, 50035),
        "{}",
        refused.body
    );
}

#[tokio::test]
async fn launches_in_a_channel_join_its_instance_until_everyone_leaves() {
    let (fake, client) = strict_fake().await;
    fake.enable_activities();
    let instance = fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), ALICE.id);
    let (launch_id, location) = instance
        .strip_prefix("i-")
        .and_then(|rest| rest.split_once('-'))
        .unwrap();
    assert!(launch_id.parse::<u64>().is_ok(), "{instance}");
    assert_eq!(location, format!("gc-{GUILD_ID}-{CHANNEL_ID}"));

    // Bob joins through a button answered with LAUNCH_ACTIVITY.
    let clicked = bot_message(9_310, "play here", &["play"]);
    fake.remember_interaction(&button_click(310, BOB, "play", clicked));
    let joined = client
        .send("POST", &callback(310), Some(json!({ "type": 12 })))
        .await;
    assert_eq!(joined.status, 204, "{}", joined.body);
    assert_eq!(
        fake.activity_in(CHANNEL_ID).as_deref(),
        Some(instance.as_str())
    );
    let found = client
        .send("GET", &activity_instance(&instance), None)
        .await;
    assert_eq!(found.status, 200, "{}", found.body);
    assert_spec_answer(
        "GET",
        "/applications/{application_id}/activity-instances/{instance_id}",
        &found,
    );
    assert_eq!(
        found.body,
        json!({
            "application_id": APPLICATION_ID.to_string(),
            "instance_id": instance,
            "launch_id": launch_id,
            "location": {
                "id": location,
                "kind": "gc",
                "channel_id": CHANNEL_ID.to_string(),
                "guild_id": GUILD_ID.to_string(),
            },
            "users": [ALICE.id.to_string(), BOB.id.to_string()],
        })
    );

    // In a DM: a private channel, no server.
    let dm = entry_point_command(311, ALICE, 1_300_000_000_000_000_300, "launch");
    fake.remember_interaction(&in_dm(dm, ALICE));
    let launched = client
        .send(
            "POST",
            &format!("{}?with_response=true", callback(311)),
            Some(json!({ "type": 12 })),
        )
        .await;
    let private = launched.body["resource"]["activity_instance"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        private.ends_with(&format!("-pc-{DM_CHANNEL_ID}")),
        "{private}"
    );
    let found = client.send("GET", &activity_instance(&private), None).await;
    assert_eq!(found.body["location"]["kind"], "pc");
    assert!(
        found.body["location"].get("guild_id").is_none(),
        "{}",
        found.body
    );
    assert_spec_answer(
        "GET",
        "/applications/{application_id}/activity-instances/{instance_id}",
        &found,
    );

    // Once everyone has left, the instance is over; the next launch starts another.
    fake.leave_activity(&instance, ALICE.id);
    assert!(fake.activity_in(CHANNEL_ID).is_some());
    fake.leave_activity(&instance, BOB.id);
    assert_eq!(fake.activity_in(CHANNEL_ID), None);
    let over = client
        .send("GET", &activity_instance(&instance), None)
        .await;
    assert_eq!(over.status, 404);
    assert_eq!(over.body, json!({ "message": "404: Not Found", "code": 0 }));
    let next = fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), BOB.id);
    assert_ne!(next, instance);
}

#[tokio::test]
async fn an_activity_instance_is_read_with_the_bots_token_of_its_own_app() {
    let (fake, client) = strict_fake().await;
    fake.enable_activities();
    let instance = fake.launch_activity(CHANNEL_ID, Some(GUILD_ID), ALICE.id);
    let user_token = fake.access_token(ALICE.id, APPLICATION_ID);
    let bearer = format!("Bearer {user_token}");
    for (authorization, what) in [
        (None, "no token"),
        (Some(bearer.as_str()), "a user's token"),
    ] {
        let answer = client
            .authorized(authorization)
            .send("GET", &activity_instance(&instance), None)
            .await;
        assert_unauthorized(&answer, what);
    }
    let other_app = client
        .send(
            "GET",
            &format!("/applications/{OTHER_APP}/activity-instances/{instance}"),
            None,
        )
        .await;
    assert_eq!(
        (other_app.status, other_app.code()),
        (404, 10002),
        "{}",
        other_app.body
    );
    let unknown = client
        .send("GET", &activity_instance("i-1-gc-2-3"), None)
        .await;
    assert_eq!(unknown.status, 404);
    assert_eq!(unknown.body["code"], 0);
}
