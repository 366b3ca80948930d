//! What every answer carries and every request is held to:
//! - a Content-Security-Policy that runs only the server's own scripts and styles (no inline
//!   script), lets only Discord frame the page (for the Activity), and sends nothing
//!   elsewhere; `X-Content-Type-Options: nosniff`; no referrer;
//! - request bodies of at most [`MAX_BODY`] bytes (413 beyond);
//! - per address, at most [`RateLimit`] requests for pages and the API, and ten times as many
//!   for the page's own files (429 beyond), so one address's flood slows only itself;
//! - compressed answers where the browser takes them (not the event streams).

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::{
    CONTENT_SECURITY_POLICY, REFERRER_POLICY, RETRY_AFTER, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;

/// The largest request body taken: a move or a new game's options are a few dozen bytes.
pub const MAX_BODY: usize = 4 * 1024;

/// The policy: own scripts, styles and connections only; pictures also as `data:`; framed
/// only by Discord's clients and its Activity proxy.
const POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; \
     base-uri 'none'; form-action 'self'; frame-ancestors 'self' https://discord.com \
     https://ptb.discord.com https://canary.discord.com https://*.discordsays.com";

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

/// The requests of each address, for [`RateLimit`].
#[derive(Clone)]
pub(super) struct Limiter(Arc<DefaultKeyedRateLimiter<IpAddr>>);

impl Limiter {
    fn new(limit: RateLimit) -> Limiter {
        let per_second = NonZeroU32::new(limit.per_second).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(limit.burst).unwrap_or(NonZeroU32::MIN);
        Limiter(Arc::new(RateLimiter::keyed(
            Quota::per_second(per_second).allow_burst(burst),
        )))
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
    pub(super) fn new(limit: RateLimit) -> Limiters {
        Limiters {
            pages: Limiter::new(limit),
            files: Limiter::new(RateLimit {
                per_second: limit.per_second.saturating_mul(FILES_FACTOR),
                burst: limit.burst.saturating_mul(FILES_FACTOR),
            }),
        }
    }

    /// Forgets quiet addresses every minute until `stop`, so the tables do not grow.
    pub(super) fn spawn_cleanup(&self, tasks: &TaskTracker, stop: CancellationToken) {
        let limiters = [self.pages.0.clone(), self.files.0.clone()];
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

/// Refuses a request over its address's limit with 429.
async fn limit(
    State(limiter): State<Limiter>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    if limiter.0.check_key(&peer.ip()).is_err() {
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
/// and compression above.
pub(super) fn layers<S: Clone + Send + Sync + 'static>(
    routes: Router<S>,
    files: Router<S>,
    limiters: &Limiters,
) -> Router<S> {
    let header =
        |name, value| SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value));
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
        .layer(header(CONTENT_SECURITY_POLICY, POLICY))
        .layer(header(X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(header(REFERRER_POLICY, "no-referrer"))
}
