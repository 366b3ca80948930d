//! Interactions sent by HTTP, as Discord sends them to an app's Interactions Endpoint URL:
//! `POST` with the interaction as JSON, signed with the application's key (Ed25519 over
//! `X-Signature-Timestamp` followed by the body, in `X-Signature-Ed25519`), to one of the
//! bot's workers in turn. The answer must come within 3 seconds: an interaction response in
//! the body (`200`), taken as the callback it stands for (recorded as
//! `POST /interactions/{id}/{token}/callback` without a body of files, checked against the
//! contract like one), or `202` with no body once the callback was made by REST. Every fifth
//! interaction is first sent with a signature of another body, which must get `401` and
//! change nothing, as Discord does to check an endpoint.
//!
//! In front of the workers the fake also plays the operator's load balancer: a worker that
//! refuses the connection (it is down) leaves the rotation and the interaction goes to the
//! next one, since it never reached the dead one; an interaction a worker took and then
//! dropped (killed while holding it) fails for its user, as Discord retries none, and is
//! recorded as a [`Failure`].

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::{Method, StatusCode};
use ed25519_dalek::{Signer, SigningKey};
use serde_json::Value;
use tokio::sync::watch;

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

/// The bot's interactions endpoints as the load balancer in front of them sees them.
#[derive(Debug)]
pub struct Workers {
    /// The endpoints in rotation (empty: interactions go by the gateway).
    rotation: Vec<String>,
    /// The endpoint each interaction sent by HTTP went to last, by interaction id.
    sent_to: HashMap<String, String>,
    /// The interactions that failed for their users, in order.
    failures: Vec<Failure>,
    /// How many exchanges with each endpoint are underway.
    underway: HashMap<String, usize>,
    /// Bumped whenever an exchange ends.
    ended: watch::Sender<u64>,
    /// How many interactions went on to the next worker because theirs refused the connection.
    rerouted: u64,
}

impl Default for Workers {
    fn default() -> Workers {
        Workers {
            rotation: Vec::new(),
            sent_to: HashMap::new(),
            failures: Vec::new(),
            underway: HashMap::new(),
            ended: watch::channel(0).0,
            rerouted: 0,
        }
    }
}

/// An interaction sent by HTTP that no worker answered: its user saw it fail.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The interaction's id.
    pub interaction: u64,
    /// The endpoint that held it (empty when no worker was left to take it).
    pub worker: String,
    /// When the request was sent to that endpoint.
    pub sent: Instant,
    /// What went wrong, in words.
    pub why: String,
}

impl Workers {
    /// Puts these endpoints in rotation, in place of those before.
    pub fn rotate(&mut self, workers: Vec<String>) {
        self.rotation = workers;
    }

    /// The endpoint interaction `id` was last sent to.
    pub fn worker_of(&self, id: u64) -> Option<String> {
        self.sent_to.get(&id.to_string()).cloned()
    }

    /// The interactions that failed for their users.
    pub fn failures(&self) -> Vec<Failure> {
        self.failures.clone()
    }

    /// Takes `worker` out of the rotation, as a load balancer's health check does.
    pub fn take_out(&mut self, worker: &str) {
        self.rotation.retain(|w| w != worker);
    }

    /// How many interactions went on to the next worker because theirs refused the connection.
    pub fn rerouted(&self) -> u64 {
        self.rerouted
    }

    /// Whether `worker` is in the rotation, whether an exchange with it is underway, and a
    /// receiver that changes when an exchange ends.
    pub fn state(&self, worker: &str) -> (bool, bool, watch::Receiver<u64>) {
        let in_rotation = self.rotation.iter().any(|w| w == worker);
        let busy = self.underway.get(worker).is_some_and(|n| *n > 0);
        (in_rotation, busy, self.ended.subscribe())
    }

    /// Picks the next endpoint in the rotation for interaction `id` (counting sends in
    /// `sent`), starts the exchange with it and notes it as where the interaction went;
    /// whether it is first sent with a bad signature.
    fn next(&mut self, sent: &AtomicU64, id: &str) -> Option<(String, bool)> {
        if self.rotation.is_empty() {
            return None;
        }
        let next = sent.fetch_add(1, Ordering::SeqCst);
        let index = usize::try_from(next).unwrap_or(0) % self.rotation.len();
        let worker = self.rotation[index].clone();
        self.sent_to.insert(id.to_owned(), worker.clone());
        *self.underway.entry(worker.clone()).or_default() += 1;
        Some((worker, next.is_multiple_of(FORGED_EVERY)))
    }

    /// Notes the end of an exchange with `worker`.
    fn end_exchange(&mut self, worker: &str) {
        let underway = self.underway.entry(worker.to_owned()).or_default();
        *underway = underway.saturating_sub(1);
        self.ended.send_modify(|n| *n += 1);
    }
}

/// The next endpoint in the rotation for interaction `id`, and whether it is first sent with
/// a bad signature; `None` when none is in rotation. The exchange with it starts now, and it
/// is noted as where the interaction went.
pub fn next_worker(shared: &Shared, id: &str) -> Option<(String, bool)> {
    shared
        .workers
        .lock()
        .unwrap()
        .next(&shared.sent_by_http, id)
}

/// How one attempt to hand an interaction to a worker ended.
enum Handed {
    /// It reached the worker, which answered (or did not) as `send` then checks.
    Reached(Result<reqwest::Response, reqwest::Error>),
    /// The worker refused the connection: it never saw the interaction.
    Unreachable,
}

/// Sends `interaction` to `worker`, and on to the next one in rotation while the one it was
/// sent to refuses the connection (taking that one out of the rotation); then checks and
/// records the answer.
pub async fn send(shared: Arc<Shared>, interaction: Value, worker: String, forge: bool) {
    let id = interaction["id"].as_str().unwrap_or_default().to_owned();
    let (mut worker, mut forge) = (worker, forge);
    loop {
        let sent = Instant::now();
        if let Handed::Reached(answer) = hand(&shared, &interaction, &worker, forge).await {
            take_answer(&shared, &interaction, answer, &worker, sent).await;
            shared.workers.lock().unwrap().end_exchange(&worker);
            return;
        }
        // Where it goes next is decided as the exchange with the dead worker ends, so nobody
        // sees it held by neither.
        let next = {
            let mut workers = shared.workers.lock().unwrap();
            workers.take_out(&worker);
            workers.rerouted += 1;
            let next = workers.next(&shared.sent_by_http, &id);
            workers.end_exchange(&worker);
            next
        };
        match next {
            Some(next) => (worker, forge) = next,
            None => {
                let why = "no worker left in rotation".to_owned();
                return fail(&shared, &interaction, String::new(), Instant::now(), why);
            }
        }
    }
}

/// One attempt to send `interaction` to `worker`: first with a forged signature when `forge`
/// (which must get `401`), then rightly signed, waiting 3 seconds at most for the answer.
async fn hand(shared: &Shared, interaction: &Value, worker: &str, forge: bool) -> Handed {
    let client = reqwest::Client::new();
    let body = interaction.to_string().into_bytes();
    let timestamp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs()
        .to_string();
    // The forged request's answer, when it was not 401; judged once the rightly signed one
    // shows whether the worker was up (one killed while taking it breaks the exchange).
    let mut forged_answer = None;
    if forge {
        let forged = signature(&timestamp, b"{}");
        let answer = client
            .post(worker)
            .header("content-type", "application/json")
            .header("x-signature-ed25519", forged)
            .header("x-signature-timestamp", &timestamp)
            .body(body.clone())
            .send()
            .await;
        match answer.map(|a| a.status()) {
            Ok(StatusCode::UNAUTHORIZED) => {}
            Err(e) if e.is_connect() => return Handed::Unreachable,
            other => forged_answer = Some(format!("{other:?}")),
        }
    }
    let sent = client
        .post(worker)
        .header("content-type", "application/json")
        .header("x-signature-ed25519", signature(&timestamp, &body))
        .header("x-signature-timestamp", &timestamp)
        .body(body)
        .timeout(ANSWER_WITHIN)
        .send()
        .await;
    if let Err(e) = &sent
        && e.is_connect()
    {
        return Handed::Unreachable;
    }
    if let Some(answer) = forged_answer {
        let what = format!("a request with a bad signature was answered {answer}, not 401");
        violation(shared, &what);
    }
    Handed::Reached(sent)
}

/// Checks and records a worker's answer to `interaction`, sent to `worker` at `sent`.
async fn take_answer(
    shared: &Shared,
    interaction: &Value,
    answer: Result<reqwest::Response, reqwest::Error>,
    worker: &str,
    sent: Instant,
) {
    // No answer within 3 seconds, or an error: the interaction failed for its user, as one
    // the gateway brought and no one answered (its callback is refused after 3 seconds too).
    let answer = match answer {
        Ok(answer) => answer,
        Err(e) => return fail(shared, interaction, worker.to_owned(), sent, e.to_string()),
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
                    shared,
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
            let request = serve_refusing(shared, request, &route).1;
            record(shared, request);
        }
        StatusCode::ACCEPTED => {
            if !answered(shared, id) {
                violation(shared, "202 before the interaction was answered by REST");
            }
        }
        StatusCode::UNAUTHORIZED => violation(shared, "a rightly signed interaction got 401"),
        // The bot could not answer: the interaction failed for its user.
        status => {
            let why = format!("answered {status}");
            fail(shared, interaction, worker.to_owned(), sent, why);
        }
    }
}

/// Whether interaction `id` was answered (by the callback REST call).
fn answered(shared: &Shared, id: &str) -> bool {
    let contract = shared.contract.lock().unwrap();
    contract.ledger.get(id).is_some_and(|i| i.is_answered())
}

/// Notes that `interaction`, held by `worker` since `sent`, failed for its user, unless the
/// worker had answered it by REST before the exchange broke.
fn fail(shared: &Shared, interaction: &Value, worker: String, sent: Instant, why: String) {
    let id = interaction["id"].as_str().unwrap_or_default();
    if answered(shared, id) {
        return;
    }
    let failure = Failure {
        interaction: id.parse().unwrap_or_default(),
        worker,
        sent,
        why,
    };
    shared.workers.lock().unwrap().failures.push(failure);
}

/// Records a breach of the endpoint's contract as a refusal, which fails the test.
fn violation(shared: &Shared, what: &str) {
    let mut refusal = Refusal::new(StatusCode::BAD_REQUEST, 0, what);
    refusal.request = "POST /interactions (the bot's endpoint)".to_owned();
    shared.refused.lock().unwrap().push(refusal);
}
