//! The interactions endpoint itself: what Discord checks before it saves an Interactions
//! Endpoint URL (a PING answered with a PONG, a bad signature refused), and how each first
//! answer leaves (in the HTTP response, or by REST for a board). The scenarios of every other
//! file run over HTTP too when `MQ_TEST_TRANSPORT=http` (as `.ci/run` does).

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

use crate::harness::{CHANNEL_MESSAGE, EPHEMERAL, Harness, Transport, callback_path, kind};
use crate::support::fake_discord::FakeDiscord;
use crate::support::payloads::{ALICE, BOB, slash_command, string_option, token};

/// Now, as Discord's `X-Signature-Timestamp` gives it (seconds).
fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// Posts `body` to the bot's endpoint, signed at `timestamp` with `signature` (the right one
/// when `None`); its status and body.
async fn post(h: &Harness, body: &Value, timestamp: u64, signature: Option<&str>) -> (u16, String) {
    let body = body.to_string();
    let timestamp = timestamp.to_string();
    let signature = signature.map_or_else(
        || FakeDiscord::signature(&timestamp, body.as_bytes()),
        str::to_owned,
    );
    let answer = reqwest::Client::new()
        .post(format!("{}/interactions", h.pages(0)))
        .header("content-type", "application/json")
        .header("x-signature-ed25519", signature)
        .header("x-signature-timestamp", timestamp)
        .body(body)
        .send()
        .await
        .unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ping_gets_a_pong_and_bad_or_stale_signatures_get_401() {
    let h = Harness::registered_by_http().await;
    let ping = json!({ "id": "1", "application_id": "2", "type": 1, "token": "t", "version": 1 });
    let (status, body) = post(&h, &ping, now(), None).await;
    assert_eq!(
        (status, serde_json::from_str::<Value>(&body).unwrap()),
        (200, json!({"type": 1}))
    );

    let forged = FakeDiscord::signature(&now().to_string(), b"{}");
    assert_eq!(post(&h, &ping, now(), Some(&forged)).await.0, 401);
    assert_eq!(post(&h, &ping, now(), Some("not hex")).await.0, 401);
    assert_eq!(
        post(&h, &ping, now() - 3600, None).await.0,
        401,
        "an hour old"
    );
    let unsigned = reqwest::Client::new()
        .post(format!("{}/interactions", h.pages(0)))
        .body(ping.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(unsigned.status().as_u16(), 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_badly_signed_command_changes_nothing() {
    let h = Harness::registered_by_http().await;
    let id = h.next_id();
    let rules = slash_command(id, ALICE, "rules", Vec::new());
    let forged = FakeDiscord::signature(&now().to_string(), b"{}");
    assert_eq!(post(&h, &rules, now(), Some(&forged)).await.0, 401);
    h.idle().await;
    let token = token(id);
    assert!(
        h.fake.requests().iter().all(|r| !r.path.contains(&token)),
        "the refused interaction was answered"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_is_answered_in_the_http_response_and_a_board_by_rest() {
    let h = Harness::registered_by_http().await;
    // No game here: `/move` is refused, in the HTTP response (no REST call, so no token).
    let id = h.next_id();
    let command = slash_command(id, ALICE, "move", vec![string_option("move", "a1-a2")]);
    let refused = h
        .exchange("/move", command, |r| r.is("POST", &callback_path(id)))
        .await;
    assert_eq!(kind(&refused), CHANNEL_MESSAGE);
    assert_eq!(refused.authorization, None, "in the HTTP response");
    let flags = refused
        .pointer("/data/flags")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    assert_eq!(flags & EPHEMERAL, EPHEMERAL);

    // A board has a picture: its answer goes by REST, as the bot's own call.
    let (game, _) = h.start_game(ALICE, BOB).await;
    let (_, who, moves) = h.two_moves(game).await;
    let played = h.play(who, &moves[0]).await;
    assert!(played.board.is_some(), "{:?}", played.refusal);
    assert!(played.answer.is_multipart(), "the board's picture");
    assert!(
        played.answer.authorization.is_some(),
        "a REST call of the bot's"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_with_no_gateway_connection_registers_its_commands_and_plays_a_game() {
    let h = Harness::registered_by(Transport::HttpOnly).await;
    // Ready with no gateway: the endpoint is what brings its interactions.
    let ready = reqwest::get(format!("{}/readyz", h.admin(0)))
        .await
        .unwrap();
    assert_eq!(
        ready.status().as_u16(),
        200,
        "{}",
        ready.text().await.unwrap()
    );
    let (game, _) = h.start_game(ALICE, BOB).await;
    let (_, who, moves) = h.two_moves(game).await;
    h.play(who, &moves[0]).await.applied();
    assert_eq!(h.fake.sessions(), 0, "no gateway connection was made");
    assert_eq!(
        h.fake.gateway_lookups(),
        0,
        "the gateway was not even looked up"
    );
}
