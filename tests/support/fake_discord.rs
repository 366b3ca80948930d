//! A small fake Discord on 127.0.0.1 for end-to-end tests with the real serenity client.
//!
//! - REST (axum): `GET /api/v10/gateway` and `/gateway/bot` give the gateway URL; every other
//!   request is recorded ([`RecordedRequest`]: method, path, content type, body, the JSON payload
//!   — also from multipart `payload_json` — and uploaded files) and answered like Discord does:
//!   message-shaped JSON on message routes, a thread channel on thread routes (a thread
//!   started from a message takes the message's id, as on Discord), 204 on interaction
//!   callbacks and deletes, `[]` on bulk command registration, 404 otherwise. Like Discord, it refuses a second callback for
//!   the same interaction (400, code 40060): later answers must be follow-ups or edits.
//!   Chosen requests can be failed with 500 ([`FakeDiscord::fail_requests`]), rate limited with
//!   429 ([`FakeDiscord::rate_limit_requests`]) or delayed ([`FakeDiscord::delay_requests`]).
//! - Gateway (tokio-tungstenite): HELLO (op 10), READY after IDENTIFY (op 2), heartbeat ACK
//!   (op 11) for every heartbeat (op 1), RESUMED after a RESUME (op 6) of the current session,
//!   with the events it missed replayed first; [`FakeDiscord::dispatch`] /
//!   [`FakeDiscord::push_interaction`] send events (op 0) to the connected session (kept for
//!   replay while it is disconnected). [`FakeDiscord::gateway_fault`] drops or closes the
//!   connection, sends RECONNECT (op 7) or INVALID SESSION (op 9), or stops acknowledging
//!   heartbeats.
//!
//! Waiting is event-driven ([`FakeDiscord::wait_for_request`], [`FakeDiscord::wait_for_ready`]):
//! no fixed sleeps.
//!
//! For long runs (the load test), [`FakeDiscord::tap`] streams every recorded request to a
//! channel as it arrives, and [`FakeDiscord::keep_requests`]`(false)` stops keeping them in
//! memory (uploaded pictures would otherwise add up to gigabytes).

use std::collections::{HashSet, VecDeque};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::serve::ListenerExt;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// The application id the fake reports in READY.
pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_001;
/// The bot user's id.
pub const BOT_USER_ID: u64 = 1_100_000_000_000_000_002;
/// The bot user's name.
pub const BOT_NAME: &str = "Monkey Queen";
/// The token tests give the bot.
pub const TOKEN: &str = "fake-token-for-tests";
/// The heartbeat interval announced in HELLO: short, so every test exercises heartbeat ACKs.
pub const HEARTBEAT_INTERVAL_MS: u64 = 1_000;
/// How long [`FakeDiscord::expect_request`] waits.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(30);
/// How many recent events of a session are kept for replay after a RESUME.
pub const REPLAY_CAPACITY: usize = 1024;

/// A fault the fake gateway inflicts on the connected session ([`FakeDiscord::gateway_fault`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GatewayFault {
    /// Drops the TCP connection without a WebSocket close frame (a network failure).
    Drop,
    /// Closes the WebSocket with this close code (4000 "unknown error" may be resumed).
    Close(u16),
    /// Sends RECONNECT (op 7): the client should reconnect and resume.
    Reconnect,
    /// Sends INVALID SESSION (op 9); `resumable: false` also forgets the session, so the
    /// client must identify again.
    InvalidSession {
        /// The `d` of the frame: whether the session may be resumed.
        resumable: bool,
    },
    /// Stops acknowledging heartbeats, the connection otherwise open (a "zombied"
    /// connection): the client should give up on it and connect again.
    Zombie,
}

/// How [`FakeDiscord::rate_limit_requests`] answers: 429 with Discord's body and headers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RateLimit {
    /// The `retry_after` of the body (seconds, fractional) and the `Retry-After` header.
    pub retry_after: Duration,
    /// Whether this is the global limit (`X-RateLimit-Global`, `"global": true`).
    pub global: bool,
}

/// A file part of a multipart request.
#[derive(Debug, Clone)]
pub struct UploadedFile {
    /// The form field, e.g. `files[0]`.
    pub field: String,
    /// The file name given by the client.
    pub filename: Option<String>,
    /// The part's content type.
    pub content_type: Option<String>,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// One REST request the bot made.
#[derive(Debug, Clone)]
pub struct RecordedRequest {
    /// `GET`, `POST`, `PATCH`, …
    pub method: Method,
    /// The path without the query, e.g. `/api/v10/interactions/1/tok/callback`.
    pub path: String,
    /// The query string, if any.
    pub query: Option<String>,
    /// The `Content-Type` header.
    pub content_type: Option<String>,
    /// The raw body.
    pub body: Vec<u8>,
    /// The JSON payload: the body itself, or a multipart request's `payload_json` part.
    pub json: Option<Value>,
    /// File parts of a multipart request.
    pub files: Vec<UploadedFile>,
    /// When the fake received it.
    pub received_at: Instant,
}

impl RecordedRequest {
    /// The method and path, e.g. `POST /api/v10/interactions/1/t/callback`.
    pub fn line(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    /// Whether this is `method` on exactly `path` (`path` starting after `/api/v10`).
    pub fn is(&self, method: &str, path: &str) -> bool {
        self.method.as_str() == method && self.path.strip_prefix("/api/v10") == Some(path)
    }

    /// Whether the body is multipart form data.
    pub fn is_multipart(&self) -> bool {
        self.content_type
            .as_deref()
            .is_some_and(|c| c.starts_with("multipart/form-data"))
    }

    /// A field of the JSON payload, by JSON pointer (e.g. `/data/content`).
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        self.json.as_ref().and_then(|j| j.pointer(pointer))
    }
}

/// Picks requests the fake should fail or delay.
type FailureRule = Box<dyn Fn(&RecordedRequest) -> bool + Send + Sync>;

/// A request picker that matches only the first `count` requests `matches` accepts (each
/// request is asked once), e.g. to fail one upload and let the retry through.
pub fn first(
    count: usize,
    matches: impl Fn(&RecordedRequest) -> bool + Send + Sync + 'static,
) -> impl Fn(&RecordedRequest) -> bool + Send + Sync + 'static {
    let seen = AtomicUsize::new(0);
    move |request| matches(request) && seen.fetch_add(1, Ordering::SeqCst) < count
}

/// The gateway session the fake remembers, for RESUME and for faults.
#[derive(Default)]
struct GatewaySession {
    /// The id READY gave it; `None` once invalidated.
    id: Option<String>,
    /// The control channel of the connection now serving it.
    control: Option<mpsc::UnboundedSender<GatewayFault>>,
    /// Set by a fault until the session is resumed: events are only kept for replay.
    detached: bool,
    /// The latest events sent (sequence number, frame), replayed after a RESUME.
    sent: VecDeque<(u64, String)>,
}

/// State shared by the REST and gateway tasks.
struct Shared {
    gateway_url: String,
    failures: Mutex<Vec<FailureRule>>,
    /// Requests refused with 403 Missing Permissions.
    refusals: Mutex<Vec<FailureRule>>,
    delays: Mutex<Vec<(FailureRule, Duration)>>,
    rate_limits: Mutex<Vec<(FailureRule, RateLimit)>>,
    /// Requests carried out whose answer is replaced by a 500.
    lost_answers: Mutex<Vec<FailureRule>>,
    /// Handed out by `GET /gateway` instead of `gateway_url` (an unreachable gateway).
    gateway_override: Mutex<Option<String>>,
    /// How many times a client asked REST for the gateway URL.
    gateway_lookups: watch::Sender<u32>,
    requests: Mutex<Vec<RecordedRequest>>,
    /// The number of recorded requests, to wake waiters.
    recorded: watch::Sender<usize>,
    /// The outbox of the session that last sent IDENTIFY.
    session: Mutex<Option<mpsc::UnboundedSender<Message>>>,
    /// How many READY events were sent.
    readies: watch::Sender<u32>,
    /// How many RESUMED events were sent.
    resumes: watch::Sender<u32>,
    /// How many events were replayed after a RESUME.
    replayed: AtomicU64,
    /// While `true`, new gateway connections wait before their WebSocket handshake.
    outage: watch::Sender<bool>,
    /// The current session, for RESUME and faults.
    gateway_session: Mutex<GatewaySession>,
    identify: Mutex<Option<Value>>,
    sequence: AtomicU64,
    heartbeats: AtomicU64,
    next_id: AtomicU64,
    /// Interactions whose callback was answered: Discord refuses a second one.
    acknowledged: Mutex<HashSet<String>>,
    /// Receivers of every recorded request (see [`FakeDiscord::tap`]).
    taps: Mutex<Vec<mpsc::UnboundedSender<RecordedRequest>>>,
    /// Whether recorded requests are kept for [`FakeDiscord::requests`] (the default).
    keep: AtomicBool,
}

/// A running fake Discord; dropping it stops it.
pub struct FakeDiscord {
    rest: SocketAddr,
    shared: Arc<Shared>,
    tasks: Vec<JoinHandle<()>>,
}

impl FakeDiscord {
    /// Starts REST and gateway listeners on free ports of 127.0.0.1.
    pub async fn start() -> FakeDiscord {
        let rest_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let gateway_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let rest = rest_listener.local_addr().unwrap();
        let gateway = gateway_listener.local_addr().unwrap();
        let shared = Arc::new(Shared {
            gateway_url: format!("ws://{gateway}"),
            failures: Mutex::new(Vec::new()),
            refusals: Mutex::new(Vec::new()),
            delays: Mutex::new(Vec::new()),
            rate_limits: Mutex::new(Vec::new()),
            lost_answers: Mutex::new(Vec::new()),
            gateway_override: Mutex::new(None),
            gateway_lookups: watch::channel(0).0,
            requests: Mutex::new(Vec::new()),
            recorded: watch::channel(0).0,
            session: Mutex::new(None),
            readies: watch::channel(0).0,
            resumes: watch::channel(0).0,
            replayed: AtomicU64::new(0),
            outage: watch::channel(false).0,
            gateway_session: Mutex::new(GatewaySession::default()),
            identify: Mutex::new(None),
            sequence: AtomicU64::new(0),
            heartbeats: AtomicU64::new(0),
            next_id: AtomicU64::new(1_300_000_000_000_000_000),
            acknowledged: Mutex::new(HashSet::new()),
            taps: Mutex::new(Vec::new()),
            keep: AtomicBool::new(true),
        });
        let app = Router::new()
            .fallback(rest_handler)
            .layer(DefaultBodyLimit::disable())
            .with_state(shared.clone());
        let rest_task = tokio::spawn(async move {
            let listener = rest_listener.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            axum::serve(listener, app).await.unwrap();
        });
        let gateway_shared = shared.clone();
        let gateway_task = tokio::spawn(async move {
            while let Ok((stream, _)) = gateway_listener.accept().await {
                tokio::spawn(serve_gateway(stream, gateway_shared.clone()));
            }
        });
        FakeDiscord {
            rest,
            shared,
            tasks: vec![rest_task, gateway_task],
        }
    }

    /// The REST base URL to give serenity's `HttpBuilder::proxy`.
    pub fn api_url(&self) -> String {
        format!("http://{}", self.rest)
    }

    /// The gateway URL the REST fake hands out.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url.clone()
    }

    /// From now on, answers requests that `matches` with 500 and a Discord error body (they are
    /// still recorded), to exercise the bot's error handling.
    pub fn fail_requests(
        &self,
        matches: impl Fn(&RecordedRequest) -> bool + Send + Sync + 'static,
    ) {
        self.shared.failures.lock().unwrap().push(Box::new(matches));
    }

    /// From now on, answers requests that `matches` with 403 and Discord's "Missing
    /// Permissions" body (code 50013), as when the bot lacks a permission in the channel. They
    /// are still recorded.
    pub fn refuse_requests(
        &self,
        matches: impl Fn(&RecordedRequest) -> bool + Send + Sync + 'static,
    ) {
        self.shared.refusals.lock().unwrap().push(Box::new(matches));
    }

    /// From now on, answers requests that `matches` only after `delay` (a slow Discord). They
    /// are recorded on arrival.
    pub fn delay_requests(
        &self,
        delay: Duration,
        matches: impl Fn(&RecordedRequest) -> bool + Send + Sync + 'static,
    ) {
        let rule: FailureRule = Box::new(matches);
        self.shared.delays.lock().unwrap().push((rule, delay));
    }

    /// From now on, answers requests that `matches` with 429 Too Many Requests as Discord does:
    /// a body with `retry_after` and `global`, and the `Retry-After` and `X-RateLimit-*` headers
    /// (they are still recorded). Combine with [`first`] to limit only some.
    pub fn rate_limit_requests(
        &self,
        limit: RateLimit,
        matches: impl Fn(&RecordedRequest) -> bool + Send + Sync + 'static,
    ) {
        let rule: FailureRule = Box::new(matches);
        self.shared.rate_limits.lock().unwrap().push((rule, limit));
    }

    /// From now on, carries out requests that `matches` (an interaction callback counts as the
    /// interaction's answer) but answers them with 500, as when Discord's reply is lost on the
    /// way: the client cannot tell whether its request took effect.
    pub fn lose_answers(&self, matches: impl Fn(&RecordedRequest) -> bool + Send + Sync + 'static) {
        self.shared
            .lost_answers
            .lock()
            .unwrap()
            .push(Box::new(matches));
    }

    /// From now on, `GET /gateway` hands out `url` (say, a closed port) instead of the fake's
    /// own gateway.
    pub fn hand_out_gateway_url(&self, url: impl Into<String>) {
        *self.shared.gateway_override.lock().unwrap() = Some(url.into());
    }

    /// Inflicts `fault` on the connection serving the current session; panics when no
    /// connection is serving one. From now until the session is resumed, events are only
    /// kept for replay (after INVALID SESSION that is not resumable, they are lost), so an
    /// event sent after this call reaches the bot only through the RESUME.
    pub fn gateway_fault(&self, fault: GatewayFault) {
        let mut session = self.shared.gateway_session.lock().unwrap();
        session.detached = true;
        let control = session
            .control
            .as_ref()
            .expect("no gateway session: wait_for_ready first");
        control
            .send(fault)
            .expect("the gateway connection has closed");
    }

    /// Waits until a client has asked REST for the gateway URL (it is about to connect);
    /// `false` after `limit`.
    pub async fn wait_for_gateway_lookup(&self, limit: Duration) -> bool {
        let mut lookups = self.shared.gateway_lookups.subscribe();
        tokio::time::timeout(limit, lookups.wait_for(|&n| n >= 1))
            .await
            .is_ok_and(|r| r.is_ok())
    }

    /// Starts (`true`) or ends a gateway outage: meanwhile new connections are held before
    /// the WebSocket handshake, so a client that lost its connection cannot resume yet.
    pub fn gateway_outage(&self, down: bool) {
        self.shared.outage.send_replace(down);
    }

    /// Waits until `count` RESUMED events were sent in all; `false` after `limit`.
    pub async fn wait_for_resumes(&self, count: u32, limit: Duration) -> bool {
        let mut resumes = self.shared.resumes.subscribe();
        tokio::time::timeout(limit, resumes.wait_for(|&n| n >= count))
            .await
            .is_ok_and(|r| r.is_ok())
    }

    /// How many sessions were started (READY sent) so far.
    pub fn sessions(&self) -> u32 {
        *self.shared.readies.borrow()
    }

    /// How many sessions were resumed (RESUMED sent) so far.
    pub fn resumes(&self) -> u32 {
        *self.shared.resumes.borrow()
    }

    /// How many events were replayed to resumed sessions so far.
    pub fn replayed(&self) -> u64 {
        self.shared.replayed.load(Ordering::SeqCst)
    }

    /// Every request recorded so far, in arrival order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.shared.requests.lock().unwrap().clone()
    }

    /// How many requests were recorded so far: a mark for [`Self::wait_for_request_since`].
    pub fn mark(&self) -> usize {
        self.shared.requests.lock().unwrap().len()
    }

    /// The first recorded request matching `matches`, waiting up to `limit` for it.
    pub async fn wait_for_request(
        &self,
        limit: Duration,
        matches: impl Fn(&RecordedRequest) -> bool,
    ) -> Option<RecordedRequest> {
        self.wait_for_request_since(0, limit, matches).await
    }

    /// The first request matching `matches` among those recorded after `mark` (see
    /// [`Self::mark`]), waiting up to `limit` for it.
    pub async fn wait_for_request_since(
        &self,
        mark: usize,
        limit: Duration,
        matches: impl Fn(&RecordedRequest) -> bool,
    ) -> Option<RecordedRequest> {
        let mut changes = self.shared.recorded.subscribe();
        let search = async {
            loop {
                let found = self.requests().into_iter().skip(mark).find(|r| matches(r));
                if let Some(found) = found {
                    return found;
                }
                if changes.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
        };
        tokio::time::timeout(limit, search).await.ok()
    }

    /// Like [`Self::wait_for_request`] with [`DEFAULT_WAIT`], panicking with the recorded
    /// requests when `what` does not arrive.
    pub async fn expect_request(
        &self,
        what: &str,
        matches: impl Fn(&RecordedRequest) -> bool,
    ) -> RecordedRequest {
        self.expect_request_since(0, what, matches).await
    }

    /// Like [`Self::wait_for_request_since`] with [`DEFAULT_WAIT`], panicking with the recorded
    /// requests when `what` does not arrive.
    pub async fn expect_request_since(
        &self,
        mark: usize,
        what: &str,
        matches: impl Fn(&RecordedRequest) -> bool,
    ) -> RecordedRequest {
        match self
            .wait_for_request_since(mark, DEFAULT_WAIT, matches)
            .await
        {
            Some(found) => found,
            None => panic!(
                "no request for {what} within {DEFAULT_WAIT:?}; recorded:\n{}",
                self.describe_requests()
            ),
        }
    }

    /// The recorded requests, one line each with their JSON, for failure messages.
    pub fn describe_requests(&self) -> String {
        self.requests()
            .iter()
            .map(|r| format!("  {} {}", r.line(), r.json.clone().unwrap_or(Value::Null)))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Waits until a session has identified and received READY; `false` after `limit`.
    pub async fn wait_for_ready(&self, limit: Duration) -> bool {
        self.wait_for_sessions(1, limit).await
    }

    /// Waits until `count` READY events were sent in all (a restarted bot makes a second
    /// session); `false` after `limit`.
    pub async fn wait_for_sessions(&self, count: u32, limit: Duration) -> bool {
        let mut readies = self.shared.readies.subscribe();
        tokio::time::timeout(limit, readies.wait_for(|&n| n >= count))
            .await
            .is_ok_and(|r| r.is_ok())
    }

    /// The IDENTIFY payload's `d` (holds the token and intents), once a client identified.
    pub fn identify(&self) -> Option<Value> {
        self.shared.identify.lock().unwrap().clone()
    }

    /// How many heartbeats were acknowledged.
    pub fn heartbeats(&self) -> u64 {
        self.shared.heartbeats.load(Ordering::SeqCst)
    }

    /// Sends dispatch event `name` with `data` to the current session; returns when it was sent.
    /// While the session's connection is down the event is only kept, and replayed when the
    /// client resumes (as Discord does). Panics when no session has identified.
    pub fn dispatch(&self, name: &str, data: Value) -> Instant {
        let session = self.shared.session.lock().unwrap();
        let outbox = session
            .as_ref()
            .expect("no gateway session: wait_for_ready first");
        let sequence = self.shared.sequence.fetch_add(1, Ordering::SeqCst) + 1;
        let frame = json!({ "op": 0, "s": sequence, "t": name, "d": data }).to_string();
        let attached = remember(&self.shared, sequence, &frame);
        let sent_at = Instant::now();
        if attached {
            // A connection that has just closed leaves the event to the RESUME.
            let _ = outbox.send(Message::Text(frame));
        }
        sent_at
    }

    /// Sends an `INTERACTION_CREATE` dispatch (see `payloads`); returns when it was sent.
    pub fn push_interaction(&self, interaction: Value) -> Instant {
        self.dispatch("INTERACTION_CREATE", interaction)
    }

    /// From now on, every recorded request is also sent, as it arrives, to the returned
    /// receiver (one notification per request: no scanning of the log to wait for one).
    pub fn tap(&self) -> mpsc::UnboundedReceiver<RecordedRequest> {
        let (sender, receiver) = mpsc::unbounded_channel();
        self.shared.taps.lock().unwrap().push(sender);
        receiver
    }

    /// Whether requests are kept for [`Self::requests`] and the `wait_for_request` family
    /// (the default). A long run turns this off and reads requests from a [`Self::tap`]
    /// instead, so memory stays flat.
    pub fn keep_requests(&self, keep: bool) {
        self.shared.keep.store(keep, Ordering::SeqCst);
    }
}

/// Hands `request` to every open tap; gives it back if it is to be kept in the log.
fn tap(shared: &Shared, request: RecordedRequest) -> Option<RecordedRequest> {
    let mut taps = shared.taps.lock().unwrap();
    taps.retain(|tap| !tap.is_closed());
    let keep = shared.keep.load(Ordering::SeqCst);
    match taps.split_last() {
        Some((last, others)) => {
            for tap in others {
                let _ = tap.send(request.clone());
            }
            if keep {
                let _ = last.send(request.clone());
                Some(request)
            } else {
                let _ = last.send(request);
                None
            }
        }
        None => keep.then_some(request),
    }
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// The bot user as Discord describes it.
pub fn bot_user() -> Value {
    json!({
        "id": BOT_USER_ID.to_string(),
        "username": BOT_NAME,
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "public_flags": 0,
    })
}

/// One gateway connection: HELLO, then IDENTIFY → READY or RESUME → RESUMED, heartbeats →
/// ACK, queued events, and the faults tests ask for.
async fn serve_gateway(stream: TcpStream, shared: Arc<Shared>) {
    // Without this, Nagle's algorithm holds a small frame sent right after another one until
    // the client's delayed ACK (~40 ms), which would distort the measured latencies.
    let _ = stream.set_nodelay(true);
    let mut outage = shared.outage.subscribe();
    if outage.wait_for(|down| !down).await.is_err() {
        return;
    }
    let Ok(socket) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = socket.split();
    let (outbox, mut queued) = mpsc::unbounded_channel::<Message>();
    let (control, mut faults) = mpsc::unbounded_channel::<GatewayFault>();
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": HEARTBEAT_INTERVAL_MS } });
    if sink.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    let mut zombie = false;
    loop {
        tokio::select! {
            incoming = source.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) => {
                        // tungstenite queued the closing handshake's reply; send it.
                        let _ = sink.close().await;
                        break;
                    }
                    Some(Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                match frame["op"].as_u64() {
                    Some(1) if !zombie => {
                        shared.heartbeats.fetch_add(1, Ordering::SeqCst);
                        let _ = outbox.send(Message::Text(json!({ "op": 11 }).to_string()));
                    }
                    Some(2) => {
                        *shared.identify.lock().unwrap() = Some(frame["d"].clone());
                        // A new session numbers its events from 1 again.
                        shared.sequence.store(1, Ordering::SeqCst);
                        let sequence = 1;
                        let session = shared.readies.borrow().to_owned() + 1;
                        let session_id = format!("fake-session-{session}");
                        let ready = json!({
                            "op": 0, "s": sequence, "t": "READY",
                            "d": {
                                "v": 10,
                                "user": bot_user(),
                                "guilds": [],
                                "session_id": session_id,
                                "resume_gateway_url": shared.gateway_url,
                                "shard": [0, 1],
                                "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
                            }
                        });
                        let _ = outbox.send(Message::Text(ready.to_string()));
                        *shared.gateway_session.lock().unwrap() = GatewaySession {
                            id: Some(session_id),
                            control: Some(control.clone()),
                            detached: false,
                            sent: VecDeque::new(),
                        };
                        *shared.session.lock().unwrap() = Some(outbox.clone());
                        shared.readies.send_modify(|n| *n += 1);
                    }
                    Some(6) => resume(&shared, &frame["d"], &outbox, &control),
                    _ => {}
                }
            }
            Some(message) = queued.recv() => {
                if sink.send(message).await.is_err() {
                    break;
                }
            }
            Some(fault) = faults.recv() => match fault {
                // Dropping both halves closes the TCP connection without a close frame.
                GatewayFault::Drop => return,
                GatewayFault::Close(code) => {
                    let frame = CloseFrame {
                        code: CloseCode::from(code),
                        reason: "fake Discord closed the connection".into(),
                    };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    return;
                }
                GatewayFault::Reconnect => {
                    let _ = outbox.send(Message::Text(json!({ "op": 7, "d": null }).to_string()));
                }
                GatewayFault::InvalidSession { resumable } => {
                    if !resumable {
                        shared.gateway_session.lock().unwrap().id = None;
                    }
                    let frame = json!({ "op": 9, "d": resumable });
                    let _ = outbox.send(Message::Text(frame.to_string()));
                }
                GatewayFault::Zombie => zombie = true,
            },
        }
    }
}

/// Answers RESUME (op 6): for the current session, replays the events after the client's
/// `seq` and sends RESUMED, and this connection serves the session from now on; otherwise
/// INVALID SESSION (op 9, not resumable), as Discord does for an unknown or expired session.
fn resume(
    shared: &Shared,
    resume: &Value,
    outbox: &mpsc::UnboundedSender<Message>,
    control: &mpsc::UnboundedSender<GatewayFault>,
) {
    let seq = resume["seq"].as_u64().unwrap_or(0);
    // Locked in the order `dispatch` locks them, and held so no event slips in between.
    let mut current = shared.session.lock().unwrap();
    let mut session = shared.gateway_session.lock().unwrap();
    let known = session.id.is_some() && session.id.as_deref() == resume["session_id"].as_str();
    // Events older than those kept cannot be replayed: the session is lost.
    let complete = session
        .sent
        .front()
        .is_none_or(|(first, _)| *first <= seq + 1);
    if !(known && complete) {
        let _ = outbox.send(Message::Text(json!({ "op": 9, "d": false }).to_string()));
        return;
    }
    for (_, frame) in session.sent.iter().filter(|(s, _)| *s > seq) {
        let _ = outbox.send(Message::Text(frame.clone()));
        shared.replayed.fetch_add(1, Ordering::SeqCst);
    }
    let sequence = shared.sequence.fetch_add(1, Ordering::SeqCst) + 1;
    let resumed = json!({ "op": 0, "s": sequence, "t": "RESUMED", "d": {} });
    let _ = outbox.send(Message::Text(resumed.to_string()));
    session.control = Some(control.clone());
    session.detached = false;
    *current = Some(outbox.clone());
    shared.resumes.send_modify(|n| *n += 1);
}

/// Keeps a sent event of the current session for replay, dropping the oldest beyond
/// [`REPLAY_CAPACITY`]; returns whether a connection is serving the session (no fault since).
fn remember(shared: &Shared, sequence: u64, frame: &str) -> bool {
    let mut session = shared.gateway_session.lock().unwrap();
    if session.sent.len() == REPLAY_CAPACITY {
        session.sent.pop_front();
    }
    session.sent.push_back((sequence, frame.to_owned()));
    !session.detached
}

/// Records a REST request and answers it the way Discord would.
async fn rest_handler(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_owned();
    let route: Vec<&str> = path
        .strip_prefix("/api/v10/")
        .unwrap_or(&path)
        .split('/')
        .collect();
    if method == Method::GET && matches!(route.as_slice(), ["gateway"] | ["gateway", "bot"]) {
        let handed_out = shared.gateway_override.lock().unwrap().clone();
        shared.gateway_lookups.send_modify(|n| *n += 1);
        return axum::Json(json!({
            "url": handed_out.unwrap_or_else(|| shared.gateway_url.clone()),
            "shards": 1,
            "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
            }
        }))
        .into_response();
    }

    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let (json, files) = parse_body(content_type.as_deref(), &body).await;
    let request = RecordedRequest {
        method: method.clone(),
        path: path.clone(),
        query: uri.query().map(str::to_owned),
        content_type,
        body: body.to_vec(),
        json,
        files,
        received_at: Instant::now(),
    };
    let fail = shared
        .failures
        .lock()
        .unwrap()
        .iter()
        .any(|rule| rule(&request));
    let refuse = shared
        .refusals
        .lock()
        .unwrap()
        .iter()
        .any(|rule| rule(&request));
    let delay = shared
        .delays
        .lock()
        .unwrap()
        .iter()
        .filter(|(rule, _)| rule(&request))
        .map(|(_, delay)| *delay)
        .max();
    let limited = if fail || refuse {
        None
    } else {
        shared
            .rate_limits
            .lock()
            .unwrap()
            .iter()
            .find(|(rule, _)| rule(&request))
            .map(|(_, limit)| *limit)
    };
    let answer = if fail {
        internal_server_error()
    } else if refuse {
        forbidden()
    } else if let Some(limit) = limited {
        too_many_requests(limit)
    } else {
        let answer = answer(&shared, &method, &route, request.json.as_ref());
        let lost = shared
            .lost_answers
            .lock()
            .unwrap()
            .iter()
            .any(|rule| rule(&request));
        if lost {
            internal_server_error()
        } else {
            answer
        }
    };
    if let Some(request) = tap(&shared, request) {
        let mut requests = shared.requests.lock().unwrap();
        requests.push(request);
        let count = requests.len();
        shared.recorded.send_replace(count);
    }
    if let Some(delay) = delay {
        tokio::time::sleep(delay).await;
    }
    answer
}

/// Discord's 500, with its error body.
fn internal_server_error() -> Response {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        axum::Json(json!({ "message": "500: Internal Server Error (fake Discord)", "code": 0 })),
    )
        .into_response()
}

/// Discord's 403 for a missing permission.
fn forbidden() -> Response {
    (
        StatusCode::FORBIDDEN,
        axum::Json(json!({ "message": "Missing Permissions", "code": 50013 })),
    )
        .into_response()
}

/// Discord's 429: the body says how long to wait (seconds, fractional), and so do the
/// headers (`Retry-After` in whole seconds, rounded up, and the `X-RateLimit-*` family).
fn too_many_requests(limit: RateLimit) -> Response {
    let seconds = limit.retry_after.as_secs_f64();
    let body = json!({
        "message": "You are being rate limited.",
        "retry_after": seconds,
        "global": limit.global,
    });
    let mut response = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64();
    let headers = response.headers_mut();
    let mut set = |name: &'static str, value: String| {
        headers.insert(name, HeaderValue::from_str(&value).unwrap());
    };
    set(
        "retry-after",
        limit.retry_after.as_secs_f64().ceil().to_string(),
    );
    set("x-ratelimit-limit", "5".into());
    set("x-ratelimit-remaining", "0".into());
    set("x-ratelimit-reset", format!("{:.3}", now + seconds));
    set("x-ratelimit-reset-after", format!("{seconds:.3}"));
    set("x-ratelimit-bucket", "fake-bucket".into());
    if limit.global {
        set("x-ratelimit-global", "true".into());
        set("x-ratelimit-scope", "global".into());
    } else {
        set("x-ratelimit-scope", "user".into());
    }
    response
}

/// Discord's answer to a recorded request.
fn answer(shared: &Shared, method: &Method, route: &[&str], payload: Option<&Value>) -> Response {
    let m = method.as_str();
    match (m, route) {
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            axum::Json(json!([])).into_response()
        }
        ("POST", ["interactions", id, _, "callback"]) => {
            if shared.acknowledged.lock().unwrap().insert((*id).to_owned()) {
                StatusCode::NO_CONTENT.into_response()
            } else {
                (
                    StatusCode::BAD_REQUEST,
                    axum::Json(json!({
                        "message": "Interaction has already been acknowledged.",
                        "code": 40060
                    })),
                )
                    .into_response()
            }
        }
        ("DELETE", _) => StatusCode::NO_CONTENT.into_response(),
        ("GET" | "PATCH", ["webhooks", _, _, "messages", _]) | ("POST", ["webhooks", _, _]) => {
            axum::Json(message(shared, None, payload)).into_response()
        }
        ("POST", ["channels", channel, "messages"])
        | ("GET" | "PATCH", ["channels", channel, "messages", _]) => {
            axum::Json(message(shared, Some(channel), payload)).into_response()
        }
        ("POST", ["channels", channel, "threads"]) => {
            let id = shared.next_id.fetch_add(1, Ordering::SeqCst).to_string();
            axum::Json(thread(&id, channel, payload)).into_response()
        }
        ("POST", ["channels", channel, "messages", message, "threads"]) => {
            axum::Json(thread(message, channel, payload)).into_response()
        }
        _ => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({ "message": "404: Not Found (fake Discord)", "code": 0 })),
        )
            .into_response(),
    }
}

/// A message object as Discord returns it, with the payload's content, flags and components.
fn message(shared: &Shared, channel: Option<&str>, payload: Option<&Value>) -> Value {
    let id = shared.next_id.fetch_add(1, Ordering::SeqCst);
    let field = |name: &str, default: Value| {
        payload
            .and_then(|p| p.get(name))
            .cloned()
            .unwrap_or(default)
    };
    json!({
        "id": id.to_string(),
        "channel_id": channel.map_or_else(|| super::payloads::CHANNEL_ID.to_string(), str::to_owned),
        "author": bot_user(),
        "content": field("content", json!("")),
        "timestamp": "2025-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": field("flags", json!(0)),
        "components": field("components", json!([])),
        "application_id": APPLICATION_ID.to_string(),
    })
}

/// A thread channel as Discord returns it on creation: `id` in `parent`, named and typed as
/// the payload asks (a public thread by default).
fn thread(id: &str, parent: &str, payload: Option<&Value>) -> Value {
    let field = |name: &str, default: Value| {
        payload
            .and_then(|p| p.get(name))
            .cloned()
            .unwrap_or(default)
    };
    json!({
        "id": id,
        "type": field("type", json!(11)),
        "guild_id": super::payloads::GUILD_ID.to_string(),
        "parent_id": parent,
        "owner_id": BOT_USER_ID.to_string(),
        "name": field("name", json!("thread")),
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "flags": 0,
        "total_message_sent": 0,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": field("auto_archive_duration", json!(1440)),
            "archive_timestamp": "2025-01-01T00:00:00.000000+00:00",
            "locked": false,
            "create_timestamp": "2025-01-01T00:00:00.000000+00:00",
        },
    })
}

/// The JSON payload and file parts of a request body.
async fn parse_body(
    content_type: Option<&str>,
    body: &Bytes,
) -> (Option<Value>, Vec<UploadedFile>) {
    let Some(content_type) = content_type else {
        return (None, Vec::new());
    };
    if content_type.starts_with("application/json") {
        return (serde_json::from_slice(body).ok(), Vec::new());
    }
    let Ok(boundary) = multer::parse_boundary(content_type) else {
        return (None, Vec::new());
    };
    let chunk = body.clone();
    let stream = futures_util::stream::once(async move { Ok::<Bytes, Infallible>(chunk) });
    let mut multipart = multer::Multipart::new(stream, boundary);
    let (mut json, mut files) = (None, Vec::new());
    while let Ok(Some(field)) = multipart.next_field().await {
        let name = field.name().unwrap_or_default().to_owned();
        let filename = field.file_name().map(str::to_owned);
        let part_type = field.content_type().map(ToString::to_string);
        let Ok(bytes) = field.bytes().await else {
            break;
        };
        if name == "payload_json" {
            json = serde_json::from_slice(&bytes).ok();
        } else {
            files.push(UploadedFile {
                field: name,
                filename,
                content_type: part_type,
                bytes: bytes.to_vec(),
            });
        }
    }
    (json, files)
}
