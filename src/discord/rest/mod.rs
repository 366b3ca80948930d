//! Discord's REST client and the limits it keeps. serenity's rate limiter stays on wherever
//! the bot talks to Discord itself (in production, and against the end-to-end tests' fake
//! Discord, which serves TLS as `discord.com`): it reads each route's `X-RateLimit-*` headers
//! and holds a request until its bucket has room, and sleeps out a 429 however long Discord
//! asks (the calls of `delivery::retry` each have a patience, and the outbox's deliveries one
//! within their lease, after which they fail and are tried again later). Around it:
//! - `budget`: this process keeps to its share of the bot's global limit;
//! - `invalid`: the requests Discord answered 401, 403 or 429 are counted against its ban
//!   threshold, with a warning well before it.
//!
//! The budget and the count belong to one process ([`Limits`]); the face's work runs with them
//! ([`Limits::scope`]: each gateway event, each delivery of the outbox, each board posted from
//! away), and the retried calls of `delivery::retry` take from them ([`current`]). serenity
//! tells of each wait its rate limiter makes ([`RateLimitEvents`]): a global 429 is counted.

pub mod budget;
pub mod invalid;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::async_trait;
use serenity::http::RatelimitInfo;
use serenity::{Http, HttpBuilder};
use tracing::{debug, warn};

use super::{Config, Error};
use budget::Budget;
use invalid::InvalidRequests;

tokio::task_local! {
    static LIMITS: Arc<Limits>;
}

/// A wait serenity is told of that is worth a line in the log.
const LONG_WAIT: Duration = Duration::from_secs(5);

/// One process's limits on its REST requests (see the module's documentation).
#[derive(Debug)]
pub struct Limits {
    /// This process's share of the global limit.
    pub budget: Budget,
    /// The invalid requests of the last 10 minutes.
    pub invalid: InvalidRequests,
}

impl Limits {
    /// The limits `config` sets.
    #[must_use]
    pub fn new(config: &Config) -> Limits {
        Limits {
            budget: Budget::new(config.requests_per_second),
            invalid: InvalidRequests::new(config.invalid_request_limit),
        }
    }

    /// Runs `work` with these limits (see [`current`]).
    pub async fn scope<T>(self: &Arc<Self>, work: impl Future<Output = T>) -> T {
        LIMITS.scope(self.clone(), work).await
    }
}

/// The limits of the work running now, if it runs with some (see [`Limits::scope`]).
#[must_use]
pub fn current() -> Option<Arc<Limits>> {
    LIMITS.try_with(Arc::clone).ok()
}

/// serenity's REST client for `config`, with the process's [`Limits`]:
/// - by default, to `https://discord.com` with serenity's rate limiter on;
/// - with [`Config::discord_at`], the same, `discord.com` resolved to that address and its
///   certificate trusted (the end-to-end tests' fake Discord);
/// - else with [`Config::api_url`], every request to that base URL with the rate limiter off
///   (serenity bypasses a proxy while its rate limiter is on): a proxy that keeps Discord's
///   rate limits for all the processes behind it, such as twilight's http-proxy.
///
/// # Errors
/// The certificate of [`Config::discord_at`] could not be read.
pub fn http_client(config: &Config) -> Result<(Http, Arc<Limits>), Error> {
    let limits = Arc::new(Limits::new(config));
    let builder = HttpBuilder::new(config.token.expose());
    let http = match (&config.discord_at, &config.api_url) {
        (Some(at), _) => {
            let root = reqwest::Certificate::from_pem(at.root_certificate.as_bytes())
                .map_err(serenity::Error::from)?;
            let client = reqwest::Client::builder()
                .use_rustls_tls()
                .resolve("discord.com", at.addr)
                .add_root_certificate(root)
                .build()
                .map_err(serenity::Error::from)?;
            builder.client(client).build()
        }
        (None, Some(url)) => builder.proxy(url).ratelimiter_disabled(true).build(),
        (None, None) => builder.build(),
    };
    Ok((http, limits))
}

/// Hears what serenity's rate limiter says before each wait (it tells the client's event
/// handlers): each wait is counted (`monkey_queen_discord_rate_limit_waits_total{global}`), a
/// global 429 is an invalid request, and a long wait is logged.
pub struct RateLimitEvents(pub Arc<Limits>);

#[async_trait]
impl serenity::EventHandler for RateLimitEvents {
    async fn ratelimit(&self, info: RatelimitInfo) {
        let global = if info.global { "true" } else { "false" };
        metrics::counter!("monkey_queen_discord_rate_limit_waits_total", "global" => global)
            .increment(1);
        if info.global {
            self.0.invalid.record(&info.path);
        }
        if info.timeout >= LONG_WAIT || info.global {
            warn!(
                path = info.path, global = info.global, wait = ?info.timeout,
                "Discord's rate limit holds a request"
            );
        } else {
            debug!(path = info.path, wait = ?info.timeout, "waiting for Discord's rate limit");
        }
    }
}
