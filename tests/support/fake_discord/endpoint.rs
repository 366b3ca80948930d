//! Interactions sent by HTTP, as Discord sends them to an app's Interactions Endpoint URL:
//! `POST` with the interaction as JSON, signed with the application's key (Ed25519 over
//! `X-Signature-Timestamp` followed by the body, in `X-Signature-Ed25519`), to one of the
//! bot's workers in turn. The answer must come within 3 seconds: an interaction response in
//! the body (`200`), taken as the callback it stands for (recorded as
//! `POST /interactions/{id}/{token}/callback` without a body of files, checked against the
//! contract like one), or `202` with no body once the callback was made by REST. Every fifth
//! interaction is first sent with a signature of another body, which must get `401` and
//! change nothing, as Discord does to check an endpoint.

use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::{Method, StatusCode};
use ed25519_dalek::{Signer, SigningKey};
use serde_json::Value;

use super::refusal::Refusal;
use super::{RecordedRequest, Shared, record, serve_refusing};

/// How long Discord waits for the HTTP response.
const ANSWER_WITHIN: Duration = Duration::from_secs(3);

/// Every how many interactions one is first sent with a bad signature.
pub const FORGED_EVERY: u64 = 5;

/// The application's signing key: made for the tests.
fn key() -> SigningKey {
    SigningKey::from_bytes(&[42; 32])
}

/// The application's public key, in hexadecimal as the developer portal shows it.
pub fn public_key() -> String {
    hex::encode(key().verifying_key().to_bytes())
}

/// The signature of `body` sent at `timestamp`.
pub fn signature(timestamp: &str, body: &[u8]) -> String {
    let message = [timestamp.as_bytes(), body].concat();
    hex::encode(key().sign(&message).to_bytes())
}

/// Sends `interaction` to the next worker, then checks and records its answer.
pub async fn send(shared: Arc<Shared>, interaction: Value, worker: String, forge: bool) {
    let client = reqwest::Client::new();
    let body = interaction.to_string().into_bytes();
    let timestamp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs()
        .to_string();
    if forge {
        let forged = signature(&timestamp, b"{}");
        let answer = client
            .post(&worker)
            .header("content-type", "application/json")
            .header("x-signature-ed25519", forged)
            .header("x-signature-timestamp", &timestamp)
            .body(body.clone())
            .send()
            .await;
        match answer.map(|a| a.status()) {
            Ok(StatusCode::UNAUTHORIZED) => {}
            other => violation(
                &shared,
                &format!("a request with a bad signature was answered {other:?}, not 401"),
            ),
        }
    }
    let sent = client
        .post(&worker)
        .header("content-type", "application/json")
        .header("x-signature-ed25519", signature(&timestamp, &body))
        .header("x-signature-timestamp", &timestamp)
        .body(body)
        .timeout(ANSWER_WITHIN)
        .send()
        .await;
    // No answer within 3 seconds, or an error: the interaction failed for its user, as one
    // the gateway brought and no one answered (its callback is refused after 3 seconds too).
    let Ok(answer) = sent else {
        return;
    };
    let id = interaction["id"].as_str().unwrap_or_default();
    let token = interaction["token"].as_str().unwrap_or_default();
    match answer.status() {
        StatusCode::OK => {
            let content_type = answer
                .headers()
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .map(str::to_owned);
            let body = answer.bytes().await.map(|b| b.to_vec()).unwrap_or_default();
            let json: Option<Value> = serde_json::from_slice(&body).ok();
            if json.is_none() || content_type.as_deref() != Some("application/json") {
                return violation(
                    &shared,
                    "a 200 answer that is not a JSON interaction response",
                );
            }
            let request = RecordedRequest {
                method: Method::POST,
                path: format!("/api/v10/interactions/{id}/{token}/callback"),
                query: None,
                content_type,
                authorization: None,
                body,
                json,
                files: Vec::new(),
                received_at: Instant::now(),
                delivery: None,
            };
            let route = ["interactions", id, token, "callback"];
            let request = serve_refusing(&shared, request, &route).1;
            record(&shared, request);
        }
        StatusCode::ACCEPTED => {
            let answered = shared
                .contract
                .lock()
                .unwrap()
                .ledger
                .get(id)
                .is_some_and(|i| i.is_answered());
            if !answered {
                violation(&shared, "202 before the interaction was answered by REST");
            }
        }
        StatusCode::UNAUTHORIZED => violation(&shared, "a rightly signed interaction got 401"),
        // The bot could not answer: the interaction failed for its user.
        _ => {}
    }
}

/// Records a breach of the endpoint's contract as a refusal, which fails the test.
fn violation(shared: &Shared, what: &str) {
    let mut refusal = Refusal::new(StatusCode::BAD_REQUEST, 0, what);
    refusal.request = "POST /interactions (the bot's endpoint)".to_owned();
    shared.refused.lock().unwrap().push(refusal);
}
