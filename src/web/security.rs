//! What every answer carries and every request is held to:
//! - a Content-Security-Policy that runs only the server's own scripts and styles (no inline
//!   script), lets only this app's Activity in Discord frame the page (none other when there is
//!   no Activity), and sends nothing elsewhere; `X-Content-Type-Options: nosniff`; no
//!   referrer; `Strict-Transport-Security` when the public address is https;
//! - request bodies of at most [`MAX_BODY`] bytes (413 beyond);
//! - per client ([`Client`]: the person a valid session names, else the address, read through
//!   trusted proxies), at most [`RateLimit`] requests for pages and the API, and ten times as
//!   many for the page's own files (429 beyond), so one client's flood slows only itself;
//! - compressed answers where the browser takes them (not the event streams).

use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, RETRY_AFTER, STRICT_TRANSPORT_SECURITY,
    X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use super::client::{Client, TrustedProxies, bearer};
use crate::model::UserId;

/// The largest request body taken: a move or a new game's options are a few dozen bytes.
pub const MAX_BODY: usize = 4 * 1024;

/// The policy: own scripts, styles and connections only; pictures also as `data:`.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'";

/// How long browsers keep to https once told (a year).
const HSTS: &str = "max-age=31536000";

/// The whole policy: [`POLICY`], and who may frame the pages: with the Activity of the app
/// `activity_client`, Discord's clients and that app's own proxy
/// (`https://{client id}.discordsays.com`, as Discord's Activity documentation builds it), as
/// every ancestor frame is checked; else the pages' own only.
fn policy(activity_client: Option<u64>) -> String {
    match activity_client {
        Some(id) => format!(
            "{POLICY}; frame-ancestors 'self' https://discord.com https://ptb.discord.com \
             https://canary.discord.com https://{id}.discordsays.com"
        ),
        None => format!("{POLICY}; frame-ancestors 'self'"),
    }
}

/// How many requests one address may make: `per_second` on average, `burst` at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimit {
    /// Requests a second, on average.
    pub per_second: u32,
    /// Requests at once, after a quiet spell.
    pub burst: u32,
}

impl Default for RateLimit {
    /// 10 a second, 60 at once: a page loads in 8 requests, and a person steps through
    /// games far slower.
    fn default() -> RateLimit {
        RateLimit {
            per_second: 10,
            burst: 60,
        }
    }
}

/// The person a session token names, if it is valid.
pub(super) type SignedInPerson = Arc<dyn Fn(&str) -> Option<UserId> + Send + Sync>;

/// Who requests come from: the trusted proxies, and how a session names its person.
#[derive(Clone)]
pub(super) struct Clients {
    /// The proxies whose `X-Forwarded-For` is believed.
    pub(super) proxies: Arc<TrustedProxies>,
    /// The person a session names (with the Activity on).
    pub(super) person: Option<SignedInPerson>,
}

impl Clients {
    /// Who the request from `peer` with `headers` is counted against: the person its session
    /// (`Authorization: Bearer`) names, else its client's address.
    pub(super) fn of(&self, peer: SocketAddr, headers: &HeaderMap) -> Client {
        self.with_session(peer, headers, bearer(headers))
    }

    /// [`Self::of`], with the session `token` given some other way (a WebSocket's address:
    /// a browser can't set its headers).
    pub(super) fn with_session(
        &self,
        peer: SocketAddr,
        headers: &HeaderMap,
        token: Option<&str>,
    ) -> Client {
        let person = token
            .zip(self.person.as_ref())
            .and_then(|(t, person)| person(t));
        match person {
            Some(person) => Client::Person(person),
            None => Client::Network(self.proxies.client_address(peer.ip(), headers)),
        }
    }
}

/// The requests of each client, for [`RateLimit`].
#[derive(Clone)]
pub(super) struct Limiter {
    counts: Arc<DefaultKeyedRateLimiter<Client>>,
    clients: Clients,
}

impl Limiter {
    fn new(limit: RateLimit, clients: Clients) -> Limiter {
        let per_second = NonZeroU32::new(limit.per_second).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(limit.burst).unwrap_or(NonZeroU32::MIN);
        Limiter {
            counts: Arc::new(RateLimiter::keyed(
                Quota::per_second(per_second).allow_burst(burst),
            )),
            clients,
        }
    }
}

/// The limits of each address: one for pages and the API, and one [`FILES_FACTOR`] times as
/// large for the page's own files, since a page loads a dozen of them at once (served from
/// memory, revalidated by their ETags).
#[derive(Clone)]
pub(super) struct Limiters {
    pages: Limiter,
    files: Limiter,
}

/// How many more requests for the page's files an address may make than for pages.
const FILES_FACTOR: u32 = 10;

impl Limiters {
    pub(super) fn new(limit: RateLimit, clients: &Clients) -> Limiters {
        Limiters {
            pages: Limiter::new(limit, clients.clone()),
            files: Limiter::new(
                RateLimit {
                    per_second: limit.per_second.saturating_mul(FILES_FACTOR),
                    burst: limit.burst.saturating_mul(FILES_FACTOR),
                },
                clients.clone(),
            ),
        }
    }

    /// Forgets quiet addresses every minute until `stop`, so the tables do not grow.
    pub(super) fn spawn_cleanup(&self, tasks: &TaskTracker, stop: CancellationToken) {
        let limiters = [self.pages.counts.clone(), self.files.counts.clone()];
        tasks.spawn(async move {
            let mut ticks = tokio::time::interval(Duration::from_secs(60));
            loop {
                tokio::select! {
                    () = stop.cancelled() => break,
                    _ = ticks.tick() => for limiter in &limiters {
                        limiter.retain_recent();
                        limiter.shrink_to_fit();
                    },
                }
            }
        });
    }
}

/// Refuses a request over its client's limit with 429.
async fn limit(
    State(limiter): State<Limiter>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let client = limiter.clients.of(peer, request.headers());
    if limiter.counts.check_key(&client).is_err() {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            [(RETRY_AFTER, "1")],
            "too many requests",
        )
            .into_response();
    }
    next.run(request).await
}

/// `routes` and the page's `files`, each held to its limit, with the headers, the body limit
/// and compression above; framed only by the Activity of the app `activity_client` (see
/// [`policy`]), and kept to https by browsers when `https` (the public address is).
pub(super) fn layers<S: Clone + Send + Sync + 'static>(
    routes: Router<S>,
    files: Router<S>,
    limiters: &Limiters,
    activity_client: Option<u64>,
    https: bool,
) -> Router<S> {
    let header =
        |name, value| SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value));
    let policy =
        HeaderValue::from_str(&policy(activity_client)).expect("a policy of ASCII text and digits");
    let routes = routes.layer(middleware::from_fn_with_state(
        limiters.pages.clone(),
        limit,
    ));
    let files = files.layer(middleware::from_fn_with_state(
        limiters.files.clone(),
        limit,
    ));
    routes
        .merge(files)
        .layer(CompressionLayer::new())
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(SetResponseHeaderLayer::overriding(
            CONTENT_SECURITY_POLICY,
            policy,
        ))
        .layer(header(X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header(REFERRER_POLICY, "no-referrer"))
        .layer(SetResponseHeaderLayer::if_not_present(
            STRICT_TRANSPORT_SECURITY,
            https.then(|| HeaderValue::from_static(HSTS)),
        ))
}
