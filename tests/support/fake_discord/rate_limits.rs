//! Discord's rate limits: per-route buckets (messages in one channel: 5 per 5 s) and the global
//! limit of 50 requests a second. Interaction callbacks and requests made with an interaction's
//! token count against neither.

use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::refusal::Refusal;

/// Messages posted, edited or deleted in one channel per [`CHANNEL_WINDOW`].
pub const CHANNEL_MESSAGES: u32 = 5;
/// The window of the channel message buckets.
pub const CHANNEL_WINDOW: Duration = Duration::from_secs(5);
/// Requests a bot may make per [`GLOBAL_WINDOW`], outside interactions.
pub const GLOBAL_REQUESTS: u32 = 50;
/// The window of the global limit.
pub const GLOBAL_WINDOW: Duration = Duration::from_secs(1);

/// A fixed window: how many requests it has taken since it started.
#[derive(Debug, Clone, Copy)]
struct Window {
    started: Instant,
    taken: u32,
}

/// One bucket a request falls in.
#[derive(Debug, Clone)]
pub struct Bucket {
    /// Discord's opaque bucket name (`X-RateLimit-Bucket`), here the route and its channel.
    pub name: String,
    /// Requests per window.
    pub limit: u32,
    /// The window.
    pub per: Duration,
}

/// The bucket of a request to `template` (the spec's route) with `method`, on `channel`:
/// message routes are limited per channel; other routes have no bucket of their own here.
pub fn bucket(method: &str, template: &str, channel: Option<&str>) -> Option<Bucket> {
    let route = match (method, template) {
        ("POST", "/channels/{channel_id}/messages") => "create-message",
        ("PATCH" | "DELETE", "/channels/{channel_id}/messages/{message_id}") => "edit-message",
        _ => return None,
    };
    Some(Bucket {
        name: format!("{route}:{}", channel.unwrap_or_default()),
        limit: CHANNEL_MESSAGES,
        per: CHANNEL_WINDOW,
    })
}

/// Whether a request counts against the global limit: everything but interaction callbacks
/// and the interaction webhooks (`/webhooks/{application}/{interaction token}`).
pub fn counts_globally(template: &str, interaction_token: bool) -> bool {
    !(template.starts_with("/interactions/") || interaction_token)
}

/// The state of every bucket.
#[derive(Debug, Default)]
pub struct Limiter {
    buckets: HashMap<String, Window>,
    global: Option<Window>,
}

impl Limiter {
    /// Takes a request from `bucket` (if any) and, when `global`, from the global limit, at
    /// `now`: the bucket's headers for the answer, or Discord's 429.
    pub fn take(
        &mut self,
        bucket: Option<&Bucket>,
        global: bool,
        now: Instant,
    ) -> Result<HeaderMap, Refusal> {
        if global {
            let window = self.global.get_or_insert(Window {
                started: now,
                taken: 0,
            });
            if let Some(wait) = take(window, GLOBAL_REQUESTS, GLOBAL_WINDOW, now) {
                let mut headers = HeaderMap::new();
                set(&mut headers, "x-ratelimit-global", "true".into());
                set(&mut headers, "x-ratelimit-scope", "global".into());
                set(
                    &mut headers,
                    "retry-after",
                    wait.as_secs_f64().ceil().to_string(),
                );
                return Err(Refusal::rate_limited(wait, true, headers));
            }
        }
        let Some(bucket) = bucket else {
            return Ok(HeaderMap::new());
        };
        let window = self.buckets.entry(bucket.name.clone()).or_insert(Window {
            started: now,
            taken: 0,
        });
        let limited = take(window, bucket.limit, bucket.per, now);
        let reset_after = (window.started + bucket.per).saturating_duration_since(now);
        let mut headers = bucket_headers(bucket, bucket.limit - window.taken, reset_after);
        match limited {
            None => Ok(headers),
            Some(wait) => {
                set(&mut headers, "x-ratelimit-scope", "user".into());
                set(
                    &mut headers,
                    "retry-after",
                    wait.as_secs_f64().ceil().to_string(),
                );
                Err(Refusal::rate_limited(wait, false, headers))
            }
        }
    }
}

/// Takes one request from `window` (restarting it when `per` has passed); `Some(wait)` when it
/// is full.
fn take(window: &mut Window, limit: u32, per: Duration, now: Instant) -> Option<Duration> {
    if now.duration_since(window.started) >= per {
        *window = Window {
            started: now,
            taken: 0,
        };
    }
    if window.taken < limit {
        window.taken += 1;
        None
    } else {
        Some((window.started + per).saturating_duration_since(now))
    }
}

/// Discord's `X-RateLimit-*` headers for a bucket.
fn bucket_headers(bucket: &Bucket, remaining: u32, reset_after: Duration) -> HeaderMap {
    let mut headers = HeaderMap::new();
    let epoch = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs_f64();
    let seconds = reset_after.as_secs_f64();
    set(&mut headers, "x-ratelimit-limit", bucket.limit.to_string());
    set(&mut headers, "x-ratelimit-remaining", remaining.to_string());
    set(
        &mut headers,
        "x-ratelimit-reset",
        format!("{:.3}", epoch + seconds),
    );
    set(
        &mut headers,
        "x-ratelimit-reset-after",
        format!("{seconds:.3}"),
    );
    set(&mut headers, "x-ratelimit-bucket", bucket.name.clone());
    headers
}

fn set(headers: &mut HeaderMap, name: &'static str, value: String) {
    if let Ok(value) = HeaderValue::from_str(&value) {
        headers.insert(name, value);
    }
}

/// Discord's 429: the body says how long to wait (seconds, fractional) and whether the limit is
/// global.
pub fn too_many_requests(retry_after: Duration, global: bool, headers: HeaderMap) -> Response {
    let body = json!({
        "message": "You are being rate limited.",
        "retry_after": retry_after.as_secs_f64(),
        "global": global,
    });
    let mut response = (StatusCode::TOO_MANY_REQUESTS, axum::Json(body)).into_response();
    response.headers_mut().extend(headers);
    response
}
