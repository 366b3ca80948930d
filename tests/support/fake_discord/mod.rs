//! A fake Discord on 127.0.0.1 for end-to-end tests with the real serenity client, as strict
//! as Discord itself.
//!
//! - REST (axum), on plain HTTP ([`FakeDiscord::api_url`]) and over TLS as `discord.com`
//!   ([`FakeDiscord::discord_at`], see [`tls`]: how the bot reaches it with serenity's rate
//!   limiter on, as in production): every request is recorded ([`RecordedRequest`]: method, path, content type,
//!   body, the JSON payload — also from multipart `payload_json` — and uploaded files), then held
//!   to Discord's contract before it is carried out; a request that breaks it gets Discord's own
//!   status, code and error body, and is kept as a [`Refusal`]:
//!   - the route must be one Discord publishes ([`schema`], the vendored OpenAPI document), and
//!     the body must match its request schema (400, code 50035, with the `errors` tree; a
//!     `LAUNCH_ACTIVITY` callback is `{"type": 12}` and nothing else);
//!   - the `Authorization` header ([`RecordedRequest::authorization`]) must hold credentials
//!     the route's `security` in the spec takes: `Bot <TOKEN>`, a live Bearer token of scope
//!     `identify` where OAuth2 is allowed, or none where no credentials are needed (interaction
//!     callbacks and webhooks); else 401 `{"message": "401: Unauthorized", "code": 0}`;
//!   - OAuth2 ([`oauth`]): `POST /oauth2/token` (not in the spec; a form body and the client's
//!     credentials, [`CLIENT_SECRET`]) exchanges a code from [`FakeDiscord::authorization_code`]
//!     once, within 10 minutes, for an access token of 7 days, with RFC 6749's errors
//!     (`invalid_client` 401, `invalid_grant`, `unsupported_grant_type`, `invalid_request`
//!     400); `GET /users/@me` answers the Bearer token's user ([`FakeDiscord::name_user`]) or
//!     the bot, `GET /oauth2/@me` which app a Bearer token belongs to;
//!   - application commands ([`commands`]): kept per scope (global, each server), replaced
//!     whole by a bulk overwrite, created, edited, deleted (unknown: 10063); names unique per
//!     type (50035, 40041 for an edit); options only on `CHAT_INPUT`, `handler` only on the
//!     Entry Point command (`PRIMARY_ENTRY_POINT`), which is global, needs Activities enabled
//!     and is the app's only one (50035);
//!   - the Activity ([`activities`], [`FakeDiscord::enable_activities`]): a `LAUNCH_ACTIVITY`
//!     answer (callback type 12) needs Activities enabled and answers only application command,
//!     component and modal submit interactions (50035); it launches the Activity for the
//!     interaction's user in its channel, joining the instance running there or starting one
//!     (`with_response` names it). `GET /applications/{app}/activity-instances/{id}` takes the
//!     bot's token and answers a running instance (another app: 10002; none: 404, code 0);
//!   - the rules the schema cannot say ([`limits`]): 2,000 characters of content, 5 action
//!     rows of 5 buttons or 1 select, unique custom ids of at most 100 characters, 25
//!     autocomplete choices, `allowed_mentions` that contradict themselves, attachments that name
//!     files the request lacks (50035), uploads over the interaction's limit (40005);
//!   - interactions ([`interactions`]): answered once (40060), within 3 seconds of their
//!     dispatch (10062); their token serves edits and follow-ups for 15 minutes (50027), and
//!     `@original` exists only once answered (10008). The first follow-up after a deferral
//!     (callback type 5) edits its loading message instead of making one (same id, the
//!     deferral's ephemeral state, no pings); an interaction whose
//!     `authorizing_integration_owners` hold only `USER_INSTALL` gets 5 follow-ups (the sixth
//!     is 40094); a deferral whose loading message was deleted takes no follow-up (10008:
//!     Discord does not say what it does, so the bot must not depend on it).
//!     [`FakeDiscord::advance_clock`] moves the fake's clock;
//!   - where the bot may post ([`access`]): servers it was invited to, channels it can see,
//!     its permissions there (50001, 50013), messages that exist (10008); `GET
//!     /channels/{id}`, `/guilds/{id}` and `/guilds/{id}/members/{bot}` tell them as Discord
//!     does, the bot's permissions as the roles and overwrites it computes them from;
//!   - the application ([`application`], [`FakeDiscord::edit_application`]): `GET
//!     /applications/@me` and `/oauth2/applications/@me`, with what the Developer Portal sets
//!     (install contexts, the interactions endpoint URL, the public key) and its `EMBEDDED`
//!     flag while Activities are enabled;
//!   - rate limits ([`rate_limits`]): 5 messages per 5 s in a channel, 50 requests a second in
//!     all outside interactions (429 with `retry_after` and the `X-RateLimit-*` headers);
//!   - a channel message's `nonce` ([`nonces`]): with `enforce_nonce`, the same nonce within
//!     two minutes answers the message it made and makes no other; a nonce longer than 25
//!     characters is refused (50035).
//!
//!   Each accepted request that makes or edits a message keeps what it did as Discord's outcome
//!   ([`Delivery`], see [`delivery`]): a new message or an edit, its id and channel, whether it
//!   is ephemeral, and whom it pinged ([`RecordedRequest::delivery`],
//!   [`FakeDiscord::deliveries`]).
//!
//!   When a fake is dropped at the end of a test, every refusal that test did not declare with
//!   [`FakeDiscord::expect_refusals`] fails it. Faults a test injects on purpose
//!   ([`FakeDiscord::fail_requests`] with 500, [`FakeDiscord::refuse_requests`] with 403,
//!   [`FakeDiscord::rate_limit_requests`] with 429, [`FakeDiscord::lose_answers`],
//!   [`FakeDiscord::garble_answers`],
//!   [`FakeDiscord::delay_requests`]) are not refusals.
//! - Gateway ([`gateway`], tokio-tungstenite): HELLO, READY, heartbeat ACKs, RESUME with replay;
//!   [`FakeDiscord::dispatch`] / [`FakeDiscord::push_interaction`] send events (op 0) to the
//!   connected session (kept for replay while it is disconnected). [`FakeDiscord::gateway_fault`]
//!   drops or closes the connection, sends RECONNECT (op 7) or INVALID SESSION (op 9), or stops
//!   acknowledging heartbeats.
//! - Interactions by HTTP ([`endpoint`], after [`FakeDiscord::send_interactions_to`]): signed
//!   requests to the bot's endpoints in turn, the HTTP answer held to Discord's 3 seconds and
//!   taken as the callback it stands for, and from time to time a bad signature that must get
//!   401.
//!
//! Waiting is event-driven ([`FakeDiscord::wait_for_request`], [`FakeDiscord::wait_for_ready`]):
//! no fixed sleeps.
//!
//! For long runs (the load test), [`FakeDiscord::tap`] streams every recorded request to a
//! channel as it arrives, and [`FakeDiscord::keep_requests`]`(false)` stops keeping them in
//! memory (uploaded pictures would otherwise add up to gigabytes).

pub mod access;
pub mod activities;
pub mod application;
pub mod commands;
pub mod delivery;
mod endpoint;
mod gateway;
pub mod interactions;
pub mod limits;
pub mod nonces;
pub mod oauth;
pub mod rate_limits;
pub mod refusal;
pub mod schema;
mod tls;

pub use endpoint::Failure;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::serve::ListenerExt;
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

use access::{Action, Channel, ChannelKind, World};
use activities::Activities;
use commands::{Commands, Scope};
pub use delivery::Delivery;
use interactions::{Ledger, Target, is_ephemeral};
use oauth::{Caller, Grants};
pub use refusal::Refusal;

/// The application id the fake reports in READY.
pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_001;
/// The bot user's id.
pub const BOT_USER_ID: u64 = 1_100_000_000_000_000_002;
/// The bot user's name.
pub const BOT_NAME: &str = "Monkey Queen";
/// The token tests give the bot.
pub const TOKEN: &str = "fake-token-for-tests";
/// The client secret of the bot's application (its client id is [`APPLICATION_ID`]), for
/// OAuth2's token exchange ([`oauth`]).
pub const CLIENT_SECRET: &str = "fake-client-secret-for-tests";
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
    /// The `Authorization` header, as sent (`Bot <token>`, `Bearer <token>`, `Basic …`).
    pub authorization: Option<String>,
    /// The raw body.
    pub body: Vec<u8>,
    /// The JSON payload: the body itself, or a multipart request's `payload_json` part.
    pub json: Option<Value>,
    /// File parts of a multipart request.
    pub files: Vec<UploadedFile>,
    /// When the fake received it.
    pub received_at: Instant,
    /// What it did, when the fake accepted it and it made or edited a message: Discord's
    /// outcome (a follow-up may have edited the loading message; who was pinged), not what the
    /// request asked for.
    pub delivery: Option<Delivery>,
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
    /// Requests carried out whose successful answer is cut short (unreadable JSON).
    garbled_answers: Mutex<Vec<FailureRule>>,
    /// Handed out by `GET /gateway` instead of `gateway_url` (an unreachable gateway).
    gateway_override: Mutex<Option<String>>,
    /// How many times a client asked REST for the gateway URL.
    gateway_lookups: watch::Sender<u32>,
    requests: Mutex<Vec<RecordedRequest>>,
    /// The number of recorded requests, to wake waiters.
    recorded: watch::Sender<usize>,
    /// The shard count `GET /gateway/bot` recommends, and the fewest a client may use.
    shard_count: u32,
    /// Every shard's session.
    shards: Mutex<gateway::Shards>,
    /// How many READY events were sent.
    readies: watch::Sender<u32>,
    /// How many RESUMED events were sent.
    resumes: watch::Sender<u32>,
    /// How many events were replayed after a RESUME.
    replayed: AtomicU64,
    /// While `true`, new gateway connections wait before their WebSocket handshake.
    outage: watch::Sender<bool>,
    /// The last IDENTIFY's `d`.
    identify: Mutex<Option<Value>>,
    heartbeats: AtomicU64,
    next_id: AtomicU64,
    /// The bot's interactions endpoints, when interactions go by HTTP, and what became of the
    /// interactions sent to them.
    workers: Mutex<endpoint::Workers>,
    /// How many interactions were pushed, to pick the next worker and the ones first sent
    /// with a bad signature.
    sent_by_http: AtomicU64,
    /// What Discord's contract is checked against: interactions, the world, the buckets.
    contract: Mutex<Contract>,
    /// The fake's clock (see [`FakeDiscord::advance_clock`]).
    clock: Mutex<Clock>,
    /// Requests refused for breaking the contract, in order.
    refused: Mutex<Vec<Refusal>>,
    /// Refusals the test provokes on purpose ([`FakeDiscord::expect_refusals`]).
    expected_refusals: Mutex<Vec<RefusalRule>>,
    /// Receivers of every recorded request (see [`FakeDiscord::tap`]).
    taps: Mutex<Vec<mpsc::UnboundedSender<RecordedRequest>>>,
    /// Whether recorded requests are kept for [`FakeDiscord::requests`] (the default).
    keep: AtomicBool,
}

/// Picks refusals a test expects.
type RefusalRule = Box<dyn Fn(&Refusal) -> bool + Send + Sync>;

/// The state Discord's contract is checked against.
#[derive(Default)]
struct Contract {
    ledger: Ledger,
    world: World,
    limiter: rate_limits::Limiter,
    commands: Commands,
    activities: Activities,
    oauth: Grants,
    nonces: nonces::Nonces,
    application: application::Application,
}

/// The fake's clock: the real one, or the instant it was paused at, moved ahead by tests.
#[derive(Default)]
struct Clock {
    paused_at: Option<Instant>,
    ahead: Duration,
}

impl Shared {
    /// The fake's time now.
    fn now(&self) -> Instant {
        let clock = self.clock.lock().unwrap();
        clock.paused_at.unwrap_or_else(Instant::now) + clock.ahead
    }

    /// A fresh snowflake for a message or a channel.
    fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::SeqCst)
    }
}

/// The world every fake starts with: the bot invited to the test server
/// ([`super::payloads::GUILD_ID`]) with the invite link's permissions in its channel
/// ([`super::payloads::CHANNEL_ID`]), and a DM with the bot ([`super::payloads::DM_CHANNEL_ID`]).
fn test_world() -> World {
    use super::payloads::{CHANNEL_ID, DM_CHANNEL_ID, GUILD_ID};
    let mut world = World::default();
    world.join(GUILD_ID);
    world.add_channel(
        CHANNEL_ID,
        Channel {
            guild: Some(GUILD_ID),
            kind: ChannelKind::Text,
            permissions: access::permission::INVITED,
        },
    );
    world.add_channel(
        DM_CHANNEL_ID,
        Channel {
            guild: None,
            kind: ChannelKind::BotDm,
            permissions: 0,
        },
    );
    world
}

/// A running fake Discord; dropping it stops it.
pub struct FakeDiscord {
    rest: SocketAddr,
    /// The same REST API over TLS as `discord.com` (see [`FakeDiscord::discord_at`]).
    rest_tls: SocketAddr,
    shared: Arc<Shared>,
    tasks: Vec<JoinHandle<()>>,
}

impl FakeDiscord {
    /// Starts REST and gateway listeners on free ports of 127.0.0.1, for a bot of one shard.
    pub async fn start() -> FakeDiscord {
        FakeDiscord::with_shards(1).await
    }

    /// Like [`Self::start`], recommending (and requiring) `shard_count` shards.
    pub async fn with_shards(shard_count: u32) -> FakeDiscord {
        let rest_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let gateway_listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let tls_listener = tls::Listener::bind().await;
        let rest_tls = tls_listener.addr();
        let rest = rest_listener.local_addr().unwrap();
        let gateway = gateway_listener.local_addr().unwrap();
        let shared = Arc::new(Shared {
            gateway_url: format!("ws://{gateway}"),
            failures: Mutex::new(Vec::new()),
            refusals: Mutex::new(Vec::new()),
            delays: Mutex::new(Vec::new()),
            rate_limits: Mutex::new(Vec::new()),
            lost_answers: Mutex::new(Vec::new()),
            garbled_answers: Mutex::new(Vec::new()),
            gateway_override: Mutex::new(None),
            gateway_lookups: watch::channel(0).0,
            requests: Mutex::new(Vec::new()),
            recorded: watch::channel(0).0,
            shard_count,
            shards: Mutex::new(gateway::Shards::new()),
            readies: watch::channel(0).0,
            resumes: watch::channel(0).0,
            replayed: AtomicU64::new(0),
            outage: watch::channel(false).0,
            identify: Mutex::new(None),
            heartbeats: AtomicU64::new(0),
            next_id: AtomicU64::new(1_300_000_000_000_000_000),
            workers: Mutex::new(endpoint::Workers::default()),
            sent_by_http: AtomicU64::new(0),
            contract: Mutex::new(Contract {
                world: test_world(),
                ..Contract::default()
            }),
            clock: Mutex::new(Clock::default()),
            refused: Mutex::new(Vec::new()),
            expected_refusals: Mutex::new(Vec::new()),
            taps: Mutex::new(Vec::new()),
            keep: AtomicBool::new(true),
        });
        let app = Router::new()
            .fallback(rest_handler)
            .layer(DefaultBodyLimit::disable())
            .with_state(shared.clone());
        let tls_app = app.clone();
        let rest_task = tokio::spawn(async move {
            let listener = rest_listener.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            axum::serve(listener, app).await.unwrap();
        });
        let tls_task = tokio::spawn(async move {
            axum::serve(tls_listener, tls_app).await.unwrap();
        });
        let gateway_shared = shared.clone();
        let gateway_task = tokio::spawn(async move {
            while let Ok((stream, _)) = gateway_listener.accept().await {
                tokio::spawn(gateway::serve_gateway(stream, gateway_shared.clone()));
            }
        });
        FakeDiscord {
            rest,
            rest_tls,
            shared,
            tasks: vec![rest_task, tls_task, gateway_task],
        }
    }

    /// The REST base URL to give serenity's `HttpBuilder::proxy` (which turns its rate
    /// limiter off).
    pub fn api_url(&self) -> String {
        format!("http://{}", self.rest)
    }

    /// Where the same REST API answers over TLS as `discord.com`, with the certificate to
    /// trust: the bot sends there with serenity's rate limiter on, as in production.
    pub fn discord_at(&self) -> monkey_queen::discord::DiscordAt {
        monkey_queen::discord::DiscordAt {
            addr: self.rest_tls,
            root_certificate: tls::CERTIFICATE.to_owned(),
        }
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

    /// From now on, carries out requests that `matches` and answers them with their success
    /// status but a body cut short, as when a connection breaks while the answer is read: the
    /// request took effect, yet its answer cannot be decoded.
    pub fn garble_answers(
        &self,
        matches: impl Fn(&RecordedRequest) -> bool + Send + Sync + 'static,
    ) {
        self.shared
            .garbled_answers
            .lock()
            .unwrap()
            .push(Box::new(matches));
    }

    /// From now on, `GET /gateway` hands out `url` (say, a closed port) instead of the fake's
    /// own gateway.
    pub fn hand_out_gateway_url(&self, url: impl Into<String>) {
        *self.shared.gateway_override.lock().unwrap() = Some(url.into());
    }

    /// Inflicts `fault` on the connection serving shard 0's session; panics when no
    /// connection is serving one. From now until the session is resumed, events are only
    /// kept for replay (after INVALID SESSION that is not resumable, they are lost), so an
    /// event sent after this call reaches the bot only through the RESUME.
    pub fn gateway_fault(&self, fault: GatewayFault) {
        let mut shards = self.shared.shards.lock().unwrap();
        let session = &mut shards
            .get_mut(&0)
            .expect("no gateway session: wait_for_ready first")
            .session;
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

    /// How many times a client asked REST for the gateway's URL.
    pub fn gateway_lookups(&self) -> u32 {
        *self.shared.gateway_lookups.borrow()
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

    /// What the accepted message requests recorded so far did, in arrival order (see
    /// [`RecordedRequest::delivery`]).
    pub fn deliveries(&self) -> Vec<Delivery> {
        let requests = self.shared.requests.lock().unwrap();
        requests.iter().filter_map(|r| r.delivery.clone()).collect()
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

    /// Waits until `count` recorded requests match; `false` after `limit`.
    pub async fn wait_for_count(
        &self,
        limit: Duration,
        count: usize,
        matches: impl Fn(&RecordedRequest) -> bool,
    ) -> bool {
        let mut changes = self.shared.recorded.subscribe();
        let search = async {
            while self.requests().iter().filter(|r| matches(r)).count() < count {
                if changes.changed().await.is_err() {
                    std::future::pending::<()>().await;
                }
            }
        };
        tokio::time::timeout(limit, search).await.is_ok()
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

    /// Sends dispatch event `name` with `data` to the shard Discord would send it to (by its
    /// `guild_id`; shard 0 without one); returns when it was sent. While the shard's
    /// connection is down the event is only kept, and replayed when the client resumes (as
    /// Discord does). Panics when that shard has not identified.
    pub fn dispatch(&self, name: &str, data: Value) -> Instant {
        let count = {
            let shards = self.shared.shards.lock().unwrap();
            shards.values().map(|s| s.count).max().unwrap_or(1)
        };
        let shard = gateway::shard_of(&data, count);
        self.dispatch_on(shard, name, data)
    }

    /// Sends dispatch event `name` with `data` to `shard`, whatever its server: as Discord
    /// does while a bot is resharding, when one server's events may reach either process.
    /// Panics when that shard has not identified.
    pub fn dispatch_on(&self, shard: u32, name: &str, data: Value) -> Instant {
        if name == "INTERACTION_CREATE" {
            self.remember_interaction(&data);
        }
        let mut shards = self.shared.shards.lock().unwrap();
        let state = shards
            .get_mut(&shard)
            .unwrap_or_else(|| panic!("no gateway session on shard {shard}: wait_for_ready first"));
        state.sequence += 1;
        let sequence = state.sequence;
        let frame = json!({ "op": 0, "s": sequence, "t": name, "d": data }).to_string();
        let attached = gateway::remember(state, sequence, &frame);
        let sent_at = Instant::now();
        if attached && let Some(outbox) = &state.outbox {
            // A connection that has just closed leaves the event to the RESUME.
            let _ = outbox.send(Message::Text(frame));
        }
        sent_at
    }

    /// The shard count `GET /gateway/bot` recommends.
    pub fn recommended_shards(&self) -> u32 {
        self.shared.shard_count
    }

    /// The shards that have identified, with the shard count each gave.
    pub fn shards(&self) -> Vec<(u32, u32)> {
        let shards = self.shared.shards.lock().unwrap();
        shards.iter().map(|(id, s)| (*id, s.count)).collect()
    }

    /// Sends an interaction (see `payloads`): as an `INTERACTION_CREATE` dispatch, or after
    /// [`Self::send_interactions_to`] by HTTP to the next worker (see `endpoint`); returns
    /// when it was sent (by HTTP: when it was handed to the task that sends it).
    pub fn push_interaction(&self, interaction: Value) -> Instant {
        let id = interaction["id"].as_str().unwrap_or_default();
        let Some((worker, forge)) = endpoint::next_worker(&self.shared, id) else {
            return self.dispatch("INTERACTION_CREATE", interaction);
        };
        self.remember_interaction(&interaction);
        tokio::spawn(endpoint::send(
            self.shared.clone(),
            interaction,
            worker,
            forge,
        ));
        Instant::now()
    }

    /// From now on, interactions go by HTTP to these endpoints (`http://…/interactions`), in
    /// turn, instead of the gateway; one that refuses a connection leaves the rotation.
    pub fn send_interactions_to(&self, workers: Vec<String>) {
        self.shared.workers.lock().unwrap().rotate(workers);
    }

    /// The endpoint interaction `id` was last sent to by HTTP.
    pub fn worker_of(&self, id: u64) -> Option<String> {
        self.shared.workers.lock().unwrap().worker_of(id)
    }

    /// The interactions sent by HTTP that failed for their users (a worker took one and never
    /// answered it), in order.
    pub fn failed_interactions(&self) -> Vec<Failure> {
        self.shared.workers.lock().unwrap().failures()
    }

    /// How many interactions sent by HTTP went on to the next worker because the one they were
    /// sent to refused the connection (it was down).
    pub fn rerouted_interactions(&self) -> u64 {
        self.shared.workers.lock().unwrap().rerouted()
    }

    /// Waits until the worker at `endpoint`, which is down, is out of the rotation (taken out
    /// by the first connection it refuses, or else by the load balancer's health check, `check`
    /// from now) and no exchange with it is underway: from then on [`Self::worker_of`] says
    /// for good which interactions it held.
    pub async fn wait_out_of_rotation(&self, endpoint: &str, check: Duration) {
        let checked = tokio::time::Instant::now() + check;
        loop {
            let (in_rotation, busy, mut ended) = {
                let mut workers = self.shared.workers.lock().unwrap();
                if tokio::time::Instant::now() >= checked {
                    workers.take_out(endpoint);
                }
                workers.state(endpoint)
            };
            if !in_rotation && !busy {
                return;
            }
            tokio::select! {
                changed = ended.changed() => {
                    if changed.is_err() {
                        return;
                    }
                }
                () = tokio::time::sleep_until(checked), if in_rotation => {}
            }
        }
    }

    /// The application's public key (hexadecimal) that signs the interactions sent by HTTP.
    pub fn public_key() -> String {
        endpoint::public_key()
    }

    /// The `X-Signature-Ed25519` the application's key gives `body` sent at `timestamp`.
    pub fn signature(timestamp: &str, body: &[u8]) -> String {
        endpoint::signature(timestamp, body)
    }

    /// From now on, every recorded request is also sent, as it arrives, to the returned
    /// receiver (one notification per request: no scanning of the log to wait for one).
    pub fn tap(&self) -> mpsc::UnboundedReceiver<RecordedRequest> {
        let (sender, receiver) = mpsc::unbounded_channel();
        self.shared.taps.lock().unwrap().push(sender);
        receiver
    }

    /// Moves the fake's clock `by` ahead: interaction deadlines, token lifetimes and rate-limit
    /// windows are measured on it.
    pub fn advance_clock(&self, by: Duration) {
        self.shared.clock.lock().unwrap().ahead += by;
    }

    /// Stops the fake's clock where it is: from now on only [`Self::advance_clock`] moves it.
    pub fn pause_clock(&self) {
        let mut clock = self.shared.clock.lock().unwrap();
        clock.paused_at.get_or_insert_with(Instant::now);
    }

    /// Records `interaction` as dispatched now, as [`Self::push_interaction`] does, without
    /// sending it (for tests of the fake itself, with no bot connected).
    pub fn remember_interaction(&self, interaction: &Value) {
        let now = self.shared.now();
        let mut contract = self.shared.contract.lock().unwrap();
        contract.ledger.dispatched(interaction, now);
        contract.world.learn(interaction);
    }

    /// Declares refusals this test provokes on purpose: those `matches` accepts do not fail it.
    pub fn expect_refusals(&self, matches: impl Fn(&Refusal) -> bool + Send + Sync + 'static) {
        self.shared
            .expected_refusals
            .lock()
            .unwrap()
            .push(Box::new(matches));
    }

    /// Every request refused so far for breaking Discord's contract.
    pub fn refusals(&self) -> Vec<Refusal> {
        self.shared.refused.lock().unwrap().clone()
    }

    /// The refusals no [`Self::expect_refusals`] declared.
    pub fn unexpected_refusals(&self) -> Vec<Refusal> {
        let expected = self.shared.expected_refusals.lock().unwrap();
        self.refusals()
            .into_iter()
            .filter(|r| !expected.iter().any(|rule| rule(r)))
            .collect()
    }

    /// Makes the bot a member of server `guild` (as if invited there).
    pub fn join_guild(&self, guild: u64) {
        self.shared.contract.lock().unwrap().world.join(guild);
    }

    /// Makes the bot leave `guild` (as if its managers had never invited it).
    pub fn leave_guild(&self, guild: u64) {
        self.shared.contract.lock().unwrap().world.leave(guild);
    }

    /// Adds (or replaces) a channel the fake knows, with the bot's `permissions` in it.
    pub fn add_channel(&self, id: u64, guild: Option<u64>, kind: ChannelKind, permissions: u64) {
        let channel = Channel {
            guild,
            kind,
            permissions,
        };
        self.shared
            .contract
            .lock()
            .unwrap()
            .world
            .add_channel(id, channel);
    }

    /// Changes what the Developer Portal sets for the app (see [`application::Application`]).
    pub fn edit_application(&self, edit: impl FnOnce(&mut application::Application)) {
        edit(&mut self.shared.contract.lock().unwrap().application);
    }

    /// Enables Activities for the app: `LAUNCH_ACTIVITY` answers and Entry Point commands are
    /// accepted from now on, and Discord's default Entry Point command ("Launch", handler
    /// `DISCORD_LAUNCH_ACTIVITY`) joins the global commands unless there is one already.
    pub fn enable_activities(&self) {
        let id = self.shared.next_id();
        let mut contract = self.shared.contract.lock().unwrap();
        contract.activities.enable();
        contract.commands.add_default_entry_point(id);
    }

    /// `user` launches the Activity in `channel` (of `guild`; `None` for a DM or group DM), from
    /// the App Launcher or by joining: joins the instance running there or starts one. Returns
    /// the instance's id.
    pub fn launch_activity(&self, channel: u64, guild: Option<u64>, user: u64) -> String {
        let launch_id = self.shared.next_id();
        let mut contract = self.shared.contract.lock().unwrap();
        contract.activities.launch(channel, guild, user, launch_id)
    }

    /// `user` leaves Activity instance `instance`; the instance is over once nobody is left.
    pub fn leave_activity(&self, instance: &str, user: u64) {
        let mut contract = self.shared.contract.lock().unwrap();
        contract.activities.leave(instance, user);
    }

    /// The id of the Activity instance running in `channel`, if any.
    pub fn activity_in(&self, channel: u64) -> Option<String> {
        self.shared
            .contract
            .lock()
            .unwrap()
            .activities
            .in_channel(channel)
    }

    /// A fresh one-time OAuth2 code that the authorize step (the Activity's `authorize`
    /// command) hands `user` for client `client_id`, scope `identify`; it may be exchanged for
    /// 10 minutes on the fake's clock ([`oauth::CODE_LIFETIME`]).
    pub fn authorization_code(&self, user: u64, client_id: u64) -> String {
        let (serial, now) = (self.shared.next_id(), self.shared.now());
        let mut contract = self.shared.contract.lock().unwrap();
        contract.oauth.code(user, client_id, serial, now)
    }

    /// A fresh access token of `user` for client `client_id` (scope `identify`, valid 7 days on
    /// the fake's clock), as if a code had been exchanged: e.g. a token of another app.
    pub fn access_token(&self, user: u64, client_id: u64) -> String {
        let (serial, now) = (self.shared.next_id(), self.shared.now());
        let mut contract = self.shared.contract.lock().unwrap();
        contract.oauth.access_token(user, client_id, serial, now)
    }

    /// Gives `user` the username `username` (and display name) that `GET /users/@me` answers;
    /// `user{id}` until then.
    pub fn name_user(&self, user: u64, username: &str) {
        self.shared
            .contract
            .lock()
            .unwrap()
            .oauth
            .name(user, username);
    }

    /// The app's global commands as Discord keeps them (application command objects).
    pub fn global_commands(&self) -> Vec<Value> {
        let contract = self.shared.contract.lock().unwrap();
        contract.commands.list(Scope::Global)
    }

    /// The app's commands in server `guild` as Discord keeps them.
    pub fn guild_commands(&self, guild: u64) -> Vec<Value> {
        let contract = self.shared.contract.lock().unwrap();
        contract.commands.list(Scope::Guild(guild))
    }

    /// The channel a request of the bot's puts a message in: the channel of a channel message,
    /// or the channel of the interaction an answer or follow-up belongs to.
    pub fn posted_in(&self, request: &RecordedRequest) -> Option<u64> {
        let path = request
            .path
            .strip_prefix("/api/v10/")
            .unwrap_or(&request.path);
        let route: Vec<&str> = path.split('/').collect();
        let contract = self.shared.contract.lock().unwrap();
        match route.as_slice() {
            ["channels", channel, "messages"] => channel.parse().ok(),
            ["interactions", id, _, "callback"] => contract.ledger.get(id)?.channel,
            ["webhooks", _, token, ..] => contract.ledger.by_token(token)?.channel,
            _ => None,
        }
    }

    /// The user whose DM with the bot `channel` is, if it is one the bot opened.
    pub fn dm_of(&self, channel: u64) -> Option<u64> {
        let contract = self.shared.contract.lock().unwrap();
        contract
            .world
            .dm_channels()
            .into_iter()
            .find_map(|(user, dm)| (dm == channel).then_some(user))
    }

    /// Records that the bot posted message `message` in `channel` earlier (a test that stores a
    /// message id itself, without the bot posting it).
    pub fn add_bot_message(&self, channel: u64, message: u64) {
        self.shared
            .contract
            .lock()
            .unwrap()
            .world
            .posted(channel, message);
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
    /// Stops the fake and fails the test with every refusal it did not expect.
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
        let unexpected = self.unexpected_refusals();
        if !unexpected.is_empty() && !std::thread::panicking() {
            panic!(
                "the fake Discord refused {} request(s) the test did not expect:\n  {}",
                unexpected.len(),
                unexpected
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n  ")
            );
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

/// Records a REST request and answers it the way Discord would.
async fn rest_handler(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_owned();
    let api_path = path.strip_prefix("/api/v10").unwrap_or(&path).to_owned();
    let route: Vec<&str> = api_path.trim_start_matches('/').split('/').collect();
    if method == Method::GET && matches!(route.as_slice(), ["gateway"] | ["gateway", "bot"]) {
        let handed_out = shared.gateway_override.lock().unwrap().clone();
        shared.gateway_lookups.send_modify(|n| *n += 1);
        return axum::Json(json!({
            "url": handed_out.unwrap_or_else(|| shared.gateway_url.clone()),
            "shards": shared.shard_count,
            "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
            }
        }))
        .into_response();
    }

    let header = |name| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let content_type = header(header::CONTENT_TYPE);
    let (json, files) = parse_body(content_type.as_deref(), &body).await;
    let mut request = RecordedRequest {
        method: method.clone(),
        path: path.clone(),
        query: uri.query().map(str::to_owned),
        content_type,
        authorization: header(header::AUTHORIZATION),
        body: body.to_vec(),
        json,
        files,
        received_at: Instant::now(),
        delivery: None,
    };
    let picked = |rules: &Mutex<Vec<FailureRule>>, request: &RecordedRequest| {
        rules.lock().unwrap().iter().any(|r| r(request))
    };
    let fail = picked(&shared.failures, &request);
    let refuse = picked(&shared.refusals, &request);
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
        Refusal::missing_permissions().response()
    } else if let Some(limit) = limited {
        injected_rate_limit(limit)
    } else {
        let answer;
        (answer, request) = serve_refusing(&shared, request, &route);
        let lost = picked(&shared.lost_answers, &request);
        let garbled = answer.status().is_success() && picked(&shared.garbled_answers, &request);
        if lost {
            internal_server_error()
        } else if garbled {
            cut_short(answer.status())
        } else {
            answer
        }
    };
    record(&shared, request);
    if let Some(delay) = delay {
        tokio::time::sleep(delay).await;
    }
    answer
}

/// Serves `request` on `route` as Discord would; a request that breaks the contract is
/// refused, and the refusal kept. Gives the answer, and the request with what it delivered.
fn serve_refusing(
    shared: &Shared,
    mut request: RecordedRequest,
    route: &[&str],
) -> (Response, RecordedRequest) {
    let answer = match serve(shared, &request, route) {
        Ok((answer, delivery)) => {
            request.delivery = delivery;
            answer
        }
        Err(mut refusal) => {
            refusal.request = request.line();
            let answer = refusal.response();
            shared.refused.lock().unwrap().push(refusal);
            answer
        }
    };
    (answer, request)
}

/// Records `request` (unless a tap took it) and wakes whoever waits for it.
fn record(shared: &Shared, request: RecordedRequest) {
    if let Some(request) = tap(shared, request) {
        let mut requests = shared.requests.lock().unwrap();
        requests.push(request);
        let count = requests.len();
        shared.recorded.send_replace(count);
    }
}

/// A JSON answer with `status` whose body stops halfway.
fn cut_short(status: StatusCode) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        r#"{"interaction": {"id": "#,
    )
        .into_response()
}

/// Discord's 500, with its error body.
fn internal_server_error() -> Response {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        axum::Json(json!({ "message": "500: Internal Server Error (fake Discord)", "code": 0 })),
    )
        .into_response()
}

/// The 429 a test asked for ([`FakeDiscord::rate_limit_requests`]), with Discord's headers.
fn injected_rate_limit(limit: RateLimit) -> Response {
    let bucket = rate_limits::Bucket {
        name: "injected".into(),
        limit: 5,
        per: limit.retry_after,
    };
    let mut limiter = rate_limits::Limiter::default();
    let now = Instant::now();
    for _ in 0..bucket.limit {
        let _ = limiter.take(Some(&bucket), false, now);
    }
    match limiter.take(Some(&bucket), false, now) {
        Err(mut refusal) => {
            if let Some((_, global, headers)) = refusal.rate_limit.as_deref_mut() {
                *global = limit.global;
                if limit.global {
                    headers.insert("x-ratelimit-global", HeaderValue::from_static("true"));
                    headers.insert("x-ratelimit-scope", HeaderValue::from_static("global"));
                }
            }
            refusal.response()
        }
        Ok(_) => internal_server_error(),
    }
}

/// The interaction token of a `/webhooks/{application}/{token}/…` request, when the application
/// is the bot's and the token an interaction's.
fn interaction_token<'a>(contract: &Contract, route: &[&'a str]) -> Option<&'a str> {
    match route {
        ["webhooks", application, token, ..]
            if *application == APPLICATION_ID.to_string()
                && contract.ledger.by_token(token).is_some() =>
        {
            Some(token)
        }
        _ => None,
    }
}

/// Checks a request against Discord's contract and carries it out: the route exists, its
/// credentials are ones it takes, the rate limits allow it, the body matches the published
/// schema and the limits the schema cannot say, the interaction or token is still valid, and
/// the bot may act in that channel. Returns the answer and, for a request that made or edited a
/// message, what it did.
fn serve(
    shared: &Shared,
    request: &RecordedRequest,
    route: &[&str],
) -> Result<(Response, Option<Delivery>), Refusal> {
    let method = request.method.as_str();
    let now = shared.now();
    let mut contract = shared.contract.lock().unwrap();
    let contract = &mut *contract;
    if let ("POST", ["oauth2", "token"]) = (method, route) {
        // OAuth2's token URL is not in the OpenAPI document: `oauth` holds it to RFC 6749.
        let answer = contract.oauth.exchange(request, shared.next_id(), now)?;
        return Ok((axum::Json(answer).into_response(), None));
    }
    let api_path = format!("/{}", route.join("/"));
    let template = schema::route(method, &api_path).ok_or_else(Refusal::not_found)?;
    let caller = contract.oauth.caller(request.authorization.as_deref(), now);
    caller.check(&schema::security(method, &template))?;
    let token = interaction_token(contract, route);
    let channel = match route {
        ["channels", channel, ..] => Some(*channel),
        _ => None,
    };
    let bucket = rate_limits::bucket(method, &template, channel);
    // The global limit is the bot's: a user's Bearer token has limits of its own.
    let global = rate_limits::counts_globally(&template, token.is_some()) && caller == Caller::Bot;
    let headers = contract.limiter.take(bucket.as_ref(), global, now)?;

    if let Some(json) = &request.json {
        let errors: Vec<_> = schema::validate(method, &template, json)
            .into_iter()
            .map(|e| (e.at, "SCHEMA".to_owned(), e.message))
            .collect();
        if !errors.is_empty() {
            return Err(Refusal::invalid_form_body(schema::error_tree(&errors)));
        }
    }
    let body = limits::Body {
        template: &template,
        json: request.json.as_ref(),
        files: &request.files,
    };
    let violations = limits::form_violations(&body);
    if !violations.is_empty() {
        return Err(Refusal::invalid_form_body(schema::error_tree(&violations)));
    }
    let interaction = match route {
        ["interactions", id, ..] => contract.ledger.get(id),
        _ => token.and_then(|t| contract.ledger.by_token(t)),
    };
    let upload_limit = interaction.map_or(limits::CHANNEL_UPLOAD_LIMIT, |i| i.upload_limit);
    let interaction_channel = interaction.and_then(|i| i.channel);
    let interaction_guild = interaction.and_then(|i| i.guild);
    let interaction_user = interaction.and_then(|i| i.user);
    let interaction_kind = interaction.map_or(2, |i| i.kind);
    if limits::oversized_upload(&request.files, upload_limit).is_some() {
        return Err(Refusal::too_large());
    }

    let payload = request.json.as_ref();
    let snowflake = |s: &str| s.parse::<u64>().map_err(|_| Refusal::unknown_message());
    let mut delivery = None;
    let mut answer = match (method, route) {
        (_, ["applications", app, "commands"]) => {
            let target = (Scope::Global, None);
            serve_commands(shared, contract, method, app, target, payload)?
        }
        (_, ["applications", app, "commands", command]) => {
            let target = (Scope::Global, Some(*command));
            serve_commands(shared, contract, method, app, target, payload)?
        }
        (_, ["applications", app, "guilds", guild, "commands"]) => {
            let target = (guild_scope(guild)?, None);
            serve_commands(shared, contract, method, app, target, payload)?
        }
        // `…/commands/permissions` is another route.
        (_, ["applications", app, "guilds", guild, "commands", command])
            if *command != "permissions" =>
        {
            let target = (guild_scope(guild)?, Some(*command));
            serve_commands(shared, contract, method, app, target, payload)?
        }
        ("GET", ["applications", application, "activity-instances", instance]) => {
            check_own_application(application)?;
            let found = contract.activities.instance(instance);
            axum::Json(found.ok_or_else(Refusal::not_found)?).into_response()
        }
        ("GET", ["users", "@me"]) => axum::Json(contract.oauth.me(caller)?).into_response(),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => {
            let enabled = contract.activities.enabled();
            axum::Json(contract.application.object(enabled)).into_response()
        }
        ("GET", ["channels", channel]) => {
            let channel = snowflake(channel).map_err(|_| Refusal::unknown_channel())?;
            axum::Json(contract.world.channel_object(channel)?).into_response()
        }
        ("GET", ["guilds", guild]) => {
            let guild = snowflake(guild).map_err(|_| Refusal::unknown_guild())?;
            axum::Json(contract.world.guild_object(guild)?).into_response()
        }
        ("GET", ["guilds", guild, "members", user]) => {
            let guild = snowflake(guild).map_err(|_| Refusal::unknown_guild())?;
            let user = snowflake(user).map_err(|_| Refusal::unknown_member())?;
            axum::Json(contract.world.member_object(guild, user)?).into_response()
        }
        ("GET", ["oauth2", "@me"]) => {
            axum::Json(contract.oauth.authorization(caller, now)?).into_response()
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            contract.ledger.check_callback(id, token, now)?;
            let kind = payload.and_then(|p| p["type"].as_u64()).unwrap_or(0);
            if kind == 12 {
                contract.activities.check_launch(interaction_kind)?;
            }
            let data = payload.map(|p| &p["data"]);
            let message_id = shared.next_id();
            let original = contract.ledger.answer(id, kind, data, message_id);
            let launched = match (kind, interaction_channel, interaction_user) {
                (12, Some(channel), Some(user)) => {
                    let launch_id = shared.next_id();
                    let activities = &mut contract.activities;
                    Some(activities.launch(channel, interaction_guild, user, launch_id))
                }
                _ => None,
            };
            if let (4 | 5, Some(channel)) = (kind, interaction_channel) {
                contract.world.posted(channel, message_id);
            }
            delivery = match (kind, original) {
                (4, Some((message, ephemeral))) => Some(Delivery::new_message(
                    message,
                    interaction_channel,
                    ephemeral,
                    data,
                )),
                // The loading message says nothing, so it pings nobody.
                (5, Some((message, ephemeral))) => Some(Delivery::new_message(
                    message,
                    interaction_channel,
                    ephemeral,
                    None,
                )),
                (7, Some((message, ephemeral))) => {
                    Some(Delivery::edit(message, interaction_channel, ephemeral))
                }
                _ => None,
            };
            let with_response = request
                .query
                .as_deref()
                .is_some_and(|q| q.split('&').any(|p| p == "with_response=true"));
            if let (true, Some(instance)) = (with_response, &launched) {
                // Discord's InteractionCallbackResponse for a launch: the instance launched or
                // joined.
                axum::Json(json!({
                    "interaction": {
                        "id": id,
                        "type": interaction_kind,
                        "activity_instance_id": instance,
                    },
                    "resource": { "type": 12, "activity_instance": { "id": instance } },
                }))
                .into_response()
            } else if with_response {
                // Discord's InteractionCallbackResponse: the interaction and the message the
                // answer made (for a message answer).
                let ephemeral = data.is_some_and(is_ephemeral);
                let mut answer = json!({
                    "interaction": {
                        "id": id,
                        "type": interaction_kind,
                        "response_message_id": message_id.to_string(),
                        "response_message_loading": kind == 5,
                        "response_message_ephemeral": ephemeral,
                    }
                });
                if let 4 | 5 = kind {
                    answer["resource"] = json!({
                        "type": kind,
                        "message": message(message_id, interaction_channel, data, ephemeral),
                    });
                }
                axum::Json(answer).into_response()
            } else {
                StatusCode::NO_CONTENT.into_response()
            }
        }
        ("POST", ["webhooks", application, token]) => {
            check_application(application)?;
            let ledger = &mut contract.ledger;
            ledger.check_webhook(token, Target::NewFollowUp, now)?;
            let asked_ephemeral = payload.is_some_and(is_ephemeral);
            let made = ledger.follow_up(token, shared.next_id(), asked_ephemeral);
            delivery = Some(if made.new {
                if let Some(channel) = interaction_channel {
                    contract.world.posted(channel, made.message);
                }
                Delivery::new_message(made.message, interaction_channel, made.ephemeral, payload)
            } else {
                Delivery::edit(made.message, interaction_channel, made.ephemeral)
            });
            let made = message(made.message, interaction_channel, payload, made.ephemeral);
            axum::Json(made).into_response()
        }
        (_, ["webhooks", application, token, "messages", target]) => {
            check_application(application)?;
            let target = match *target {
                "@original" => Target::Original,
                id => Target::Message(id),
            };
            let ledger = &mut contract.ledger;
            ledger.check_webhook(token, target, now)?;
            let (message_id, ephemeral) = ledger
                .message(token, target)
                .ok_or_else(Refusal::unknown_message)?;
            match method {
                "DELETE" => {
                    ledger.deleted(token, target);
                    contract.world.deleted(message_id);
                    StatusCode::NO_CONTENT.into_response()
                }
                "PATCH" => {
                    ledger.edited(token, target);
                    delivery = Some(Delivery::edit(message_id, interaction_channel, ephemeral));
                    let edited = message(message_id, interaction_channel, payload, ephemeral);
                    axum::Json(edited).into_response()
                }
                _ => {
                    let read = message(message_id, interaction_channel, None, ephemeral);
                    axum::Json(read).into_response()
                }
            }
        }
        ("POST", ["users", "@me", "channels"]) => {
            let user = payload
                .and_then(|p| p["recipient_id"].as_str())
                .and_then(|id| id.parse::<u64>().ok())
                .ok_or_else(|| Refusal::new(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"))?;
            let channel = contract.world.open_dm(user, shared.next_id());
            axum::Json(json!({
                "id": channel.to_string(),
                "type": 1,
                "last_message_id": null,
                "flags": 0,
                "recipients": [{
                    "id": user.to_string(),
                    "username": format!("user{user}"),
                    "discriminator": "0",
                    "global_name": null,
                    "avatar": null,
                }],
            }))
            .into_response()
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel = snowflake(channel).map_err(|_| Refusal::unknown_channel())?;
            let uploads = !request.files.is_empty();
            contract
                .world
                .check(channel, None, Action::Post { uploads })?;
            contract.world.check_dm(channel)?;
            let made = match contract.nonces.made(payload, now) {
                // Sent again with its nonce enforced: the message it made, and no other.
                Some(made) => made,
                None => {
                    let message_id = shared.next_id();
                    contract.world.posted(channel, message_id);
                    delivery = Some(Delivery::new_message(
                        message_id,
                        Some(channel),
                        false,
                        payload,
                    ));
                    let made = message(message_id, Some(channel), payload, false);
                    contract.nonces.remember(payload, &made, now);
                    made
                }
            };
            axum::Json(made).into_response()
        }
        (_, ["channels", channel, "messages", message_id]) => {
            let channel = snowflake(channel).map_err(|_| Refusal::unknown_channel())?;
            let message_id = snowflake(message_id)?;
            let action = match method {
                "GET" => Action::Read,
                "PATCH" => Action::Edit,
                _ => Action::Delete,
            };
            contract.world.check(channel, Some(message_id), action)?;
            if action == Action::Edit {
                delivery = Some(Delivery::edit(message_id, Some(channel), false));
            }
            if action == Action::Delete {
                contract.world.deleted(message_id);
                StatusCode::NO_CONTENT.into_response()
            } else {
                axum::Json(message(message_id, Some(channel), payload, false)).into_response()
            }
        }
        ("POST", ["channels", channel, "threads"]) => {
            let parent = snowflake(channel).map_err(|_| Refusal::unknown_channel())?;
            let kind = payload.and_then(|p| p["type"].as_u64()).unwrap_or(11);
            contract
                .world
                .check(parent, None, Action::StartThread(kind))?;
            let id = shared.next_id();
            contract.world.thread_started(parent, id);
            axum::Json(thread(id, parent, payload)).into_response()
        }
        ("POST", ["channels", channel, "messages", message_id, "threads"]) => {
            let parent = snowflake(channel).map_err(|_| Refusal::unknown_channel())?;
            let id = snowflake(message_id)?;
            contract
                .world
                .check(parent, Some(id), Action::StartThread(11))?;
            // A thread started from a message takes the message's id, as on Discord.
            contract.world.thread_started(parent, id);
            axum::Json(thread(id, parent, payload)).into_response()
        }
        _ => {
            return Err(Refusal::new(
                StatusCode::NOT_IMPLEMENTED,
                0,
                format!("the fake Discord does not serve {template} yet"),
            ));
        }
    };
    answer.headers_mut().extend(headers);
    Ok((answer, delivery))
}

/// Serves `method` on the commands of `application` (see [`commands`]): `target` is the scope
/// and the command the path names, if any.
fn serve_commands(
    shared: &Shared,
    contract: &mut Contract,
    method: &str,
    application: &str,
    target: (Scope, Option<&str>),
    payload: Option<&Value>,
) -> Result<Response, Refusal> {
    check_own_application(application)?;
    let (scope, command) = target;
    let activities = contract.activities.enabled();
    let ids = || shared.next_id();
    let (status, body) = contract
        .commands
        .serve(method, scope, command, payload, activities, &ids)?;
    Ok(if body.is_null() {
        status.into_response()
    } else {
        (status, axum::Json(body)).into_response()
    })
}

/// The scope of a server's commands route; a server id that is no snowflake is an unknown
/// server (10004).
fn guild_scope(guild: &str) -> Result<Scope, Refusal> {
    guild
        .parse()
        .map(Scope::Guild)
        .map_err(|_| Refusal::new(StatusCode::NOT_FOUND, 10004, "Unknown Guild"))
}

/// The bot's credentials reach only its own application: any other is an unknown application
/// (404, 10002; Discord does not document this answer, 10002 is its code for the case).
fn check_own_application(application: &str) -> Result<(), Refusal> {
    if application == APPLICATION_ID.to_string() {
        Ok(())
    } else {
        Err(Refusal::unknown_application())
    }
}

/// Interaction webhooks belong to the bot's application: any other id is an unknown webhook.
fn check_application(application: &str) -> Result<(), Refusal> {
    if application == APPLICATION_ID.to_string() {
        Ok(())
    } else {
        Err(Refusal::unknown_webhook())
    }
}

/// A message object as Discord returns it, with the payload's content, flags and components;
/// its `EPHEMERAL` flag is the message's own (`ephemeral`), whatever the payload asks.
fn message(id: u64, channel: Option<u64>, payload: Option<&Value>, ephemeral: bool) -> Value {
    let field = |name: &str, default: Value| {
        payload
            .and_then(|p| p.get(name))
            .cloned()
            .unwrap_or(default)
    };
    let asked = payload.and_then(|p| p["flags"].as_u64()).unwrap_or(0);
    let flags = if ephemeral {
        asked | interactions::EPHEMERAL
    } else {
        asked & !interactions::EPHEMERAL
    };
    json!({
        "id": id.to_string(),
        "channel_id": channel.unwrap_or(super::payloads::CHANNEL_ID).to_string(),
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
        "flags": flags,
        "components": field("components", json!([])),
        "application_id": APPLICATION_ID.to_string(),
        "nonce": field("nonce", Value::Null),
    })
}

/// A thread channel as Discord returns it on creation: `id` in `parent`, named and typed as
/// the payload asks (a public thread by default).
fn thread(id: u64, parent: u64, payload: Option<&Value>) -> Value {
    let field = |name: &str, default: Value| {
        payload
            .and_then(|p| p.get(name))
            .cloned()
            .unwrap_or(default)
    };
    json!({
        "id": id.to_string(),
        "type": field("type", json!(11)),
        "guild_id": super::payloads::GUILD_ID.to_string(),
        "parent_id": parent.to_string(),
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
