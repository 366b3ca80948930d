//! Retrying a Discord REST call that failed without taking effect: rate limited (429), Discord
//! unavailable (502, 503, 504), or no connection made. A call that may have been carried out
//! anyway (500, a lost connection) is repeated only when repeating it is harmless.
//!
//! serenity's own rate limiter reads Discord's `X-RateLimit-*` headers, holds each request
//! until its bucket has room and sleeps out a 429 before sending it again, however long. Each
//! attempt here is given only so long (the policy's patience): one that takes longer is
//! dropped (almost always while serenity sleeps, before it sends again) and fails as rate
//! limited; it is retried when repeating it is harmless, after a back-off that doubles each
//! time (with jitter), at least [`RATE_LIMITED_WAIT`] doubling, so that the waits outlast a
//! channel's 5-second message bucket. The same back-off serves a 429 serenity hands back (its rate
//! limiter is off behind a proxy, `DISCORD_API_URL`), whose `retry_after` serenity does not
//! keep. Each attempt of a call that may count against the bot's global limit first takes its
//! place in the process's share (`rest::budget`), and each answer of 401, 403 or 429 is counted
//! against Discord's ban threshold (`rest::invalid`).

use std::future::Future;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use backon::{ExponentialBuilder, Retryable};
use poise::serenity_prelude as serenity;
use serenity::StatusCode;
use serenity::http::HttpError;
use tracing::warn;

use crate::discord::rest::{self, invalid};

/// The first wait after a 429: with the doubling, 1 + 2 + 4 s outlasts the 5-second window of
/// a channel's message bucket.
pub const RATE_LIMITED_WAIT: Duration = Duration::from_secs(1);

/// What an attempt fails with when it outlasts its patience (Discord's rate limit holds it).
const HELD_TOO_LONG: &str = "the request took too long (Discord's rate limit held it)";

/// What a call fails with when the process's share had no room for it ([`Retry::SPARE_EDIT`]).
const NO_ROOM_IN_THE_SHARE: &str = "not made: the process's share of the global limit was full";

/// Discord's error code for a second answer to the same interaction.
const ALREADY_ACKNOWLEDGED: isize = 40060;

/// How often and how patiently a call is retried.
#[derive(Debug, Clone, Copy)]
pub struct Retry {
    /// Attempts in all, the first included.
    attempts: u32,
    /// The wait before the first retry; each later wait is twice the one before.
    first_wait: Duration,
    /// Whether doing the call twice does no harm (an edit, a bulk overwrite), so a failure that
    /// may have taken effect is retried too.
    idempotent: bool,
    /// How long one attempt may take (serenity waiting out Discord's rate limits in it) before
    /// it is dropped and fails as rate limited.
    patience: Duration,
    /// How the call stands to the bot's global limit.
    global: Share,
}

/// How a call stands to the bot's global limit, which Discord counts for anything but an
/// interaction's answer and the follow-ups and edits made with its token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Share {
    /// Not counted: the call is made at once.
    Exempt,
    /// Counted: each attempt waits for its place in the process's share.
    Waits,
    /// Counted, and worth making only if the share has room at once: otherwise it fails as
    /// [`skipped_for_the_share`].
    OnlyIfFree,
}

impl Retry {
    /// Answering an interaction: quick, since Discord waits only 3 seconds for the first
    /// answer. Discord refuses a second answer ([`already_acknowledged`]) rather than showing
    /// it, so repeating one is harmless.
    pub const INTERACTION: Retry = Retry {
        attempts: 3,
        first_wait: Duration::from_millis(250),
        idempotent: true,
        patience: Duration::from_secs(2),
        global: Share::Exempt,
    };
    /// Editing a message in a channel.
    pub const EDIT: Retry = Retry {
        attempts: 4,
        first_wait: Duration::from_millis(500),
        idempotent: true,
        patience: Duration::from_secs(10),
        global: Share::Waits,
    };
    /// Editing an interaction's answer through its token (which lasts 15 minutes): as
    /// [`Retry::EDIT`], but Discord does not count it against the bot's global limit.
    pub const ANSWER_EDIT: Retry = Retry {
        global: Share::Exempt,
        ..Retry::EDIT
    };
    /// Taking the buttons off a board a newer one replaced: an edit in a channel, made only
    /// when the process's share has room for it at once, so that it never holds up a board.
    pub const SPARE_EDIT: Retry = Retry {
        global: Share::OnlyIfFree,
        ..Retry::EDIT
    };
    /// Posting a board: the move is saved already, and the board is what pings the opponent.
    pub const BOARD: Retry = Retry {
        attempts: 4,
        first_wait: Duration::from_millis(500),
        idempotent: false,
        patience: Duration::from_secs(10),
        global: Share::Waits,
    };
    /// A follow-up message (a refusal after a deferral): a repeat would show it twice, so only
    /// failures that did not take effect are retried.
    pub const FOLLOW_UP: Retry = Retry {
        attempts: 3,
        first_wait: Duration::from_millis(250),
        idempotent: false,
        patience: Duration::from_secs(10),
        global: Share::Exempt,
    };
    /// Registering the commands (an overwrite, in the background): patient.
    pub const REGISTRATION: Retry = Retry {
        attempts: 6,
        first_wait: Duration::from_secs(1),
        idempotent: true,
        patience: Duration::from_secs(30),
        global: Share::Waits,
    };

    /// Whether `error` is worth another attempt under this policy.
    fn retries(&self, error: &serenity::Error) -> bool {
        if matches!(error, serenity::Error::Other(HELD_TOO_LONG)) {
            // Dropped while serenity slept, as a rule; but perhaps while it was sending.
            return self.idempotent;
        }
        let serenity::Error::Http(error) = error else {
            return false;
        };
        match error {
            HttpError::UnsuccessfulRequest(response) => match response.status_code {
                StatusCode::TOO_MANY_REQUESTS
                | StatusCode::BAD_GATEWAY
                | StatusCode::SERVICE_UNAVAILABLE
                | StatusCode::GATEWAY_TIMEOUT => true,
                status => self.idempotent && status.is_server_error(),
            },
            HttpError::Request(request) => {
                request.is_connect() || (self.idempotent && request.is_timeout())
            }
            _ => false,
        }
    }
}

/// Runs `call` until it succeeds, fails for good, or `policy` runs out of attempts; each retry
/// is logged with `what` was being done. Returns the last result.
///
/// The loop is `backon`'s: waits that double from the policy's first one, each lengthened by a
/// random part of itself (jitter), so that many processes failing at once do not all come back
/// at once. After a 429 the waits are at least 1, 2, 4 s ([`RATE_LIMITED_WAIT`] doubling).
pub async fn retry<T, F, Fut>(what: &str, policy: Retry, call: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let backoff = ExponentialBuilder::new()
        .with_min_delay(policy.first_wait)
        .with_factor(2.0)
        .without_max_delay()
        .with_max_times(policy.attempts.saturating_sub(1) as usize)
        .with_jitter();
    let retries = AtomicU32::new(0);
    let mut call = call;
    let attempt = || once(what, policy, call());
    attempt
        .retry(backoff)
        .sleep(tokio::time::sleep)
        .when(|error| policy.retries(error))
        .adjust(|error, wait| {
            let retry = retries.fetch_add(1, Ordering::Relaxed);
            let floor = if is_rate_limited(error) {
                RATE_LIMITED_WAIT.saturating_mul(2_u32.saturating_pow(retry))
            } else {
                Duration::ZERO
            };
            wait.map(|wait| wait.max(floor))
        })
        .notify(|error, wait| {
            // A 429's body lacks the `code` serenity expects, so its text says little: the
            // status tells what happened.
            let status = status(error).map(|s| s.as_u16());
            warn!(
                what, attempt = retries.load(Ordering::Relaxed), ?status, %error, retry_in = ?wait,
                "Discord request failed; retrying"
            );
        })
        .await
}

/// One attempt of a call, not retried: its place in the process's share of the global limit
/// first (if `policy` says it may count), then the call, dropped and failing as rate limited
/// if it outlasts the policy's patience; an invalid request it meets is counted.
///
/// # Errors
/// The call's, or a rate limit that would hold it too long.
pub async fn once<T>(
    what: &str,
    policy: Retry,
    call: impl Future<Output = serenity::Result<T>>,
) -> serenity::Result<T> {
    let limits = rest::current();
    if let Some(limits) = &limits {
        match policy.global {
            Share::Exempt => {}
            Share::Waits => limits.budget.take().await,
            Share::OnlyIfFree => {
                if !limits.budget.take_if_free() {
                    return Err(serenity::Error::Other(NO_ROOM_IN_THE_SHARE));
                }
            }
        }
    }
    let result = tokio::time::timeout(policy.patience, call)
        .await
        .unwrap_or(Err(serenity::Error::Other(HELD_TOO_LONG)));
    count(what, &result);
    if let (Err(error), Some(limits)) = (&result, &limits)
        && status(error).is_some_and(invalid::is_invalid)
    {
        limits.invalid.record(what);
    }
    result
}

/// Counts a call's answer (`monkey_queen_discord_requests_total{call, status}`: the status,
/// `ok`, `held` when Discord's rate limit held it past its patience, or `failed` without an
/// answer) and a rate limit met (`monkey_queen_discord_rate_limited_total{call}`).
fn count<T>(what: &str, result: &serenity::Result<T>) {
    let status = match result {
        Ok(_) => "ok".to_owned(),
        Err(serenity::Error::Other(HELD_TOO_LONG)) => "held".to_owned(),
        Err(error) => status(error).map_or_else(|| "failed".to_owned(), |s| s.as_u16().to_string()),
    };
    if let Err(error) = result
        && is_rate_limited(error)
    {
        metrics::counter!("monkey_queen_discord_rate_limited_total", "call" => what.to_owned())
            .increment(1);
    }
    metrics::counter!(
        "monkey_queen_discord_requests_total",
        "call" => what.to_owned(),
        "status" => status
    )
    .increment(1);
}

fn is_rate_limited(error: &serenity::Error) -> bool {
    status(error) == Some(StatusCode::TOO_MANY_REQUESTS)
        || matches!(error, serenity::Error::Other(HELD_TOO_LONG))
}

/// Whether the call was not made because the process's share had no room for it at once
/// ([`Retry::SPARE_EDIT`]).
pub fn skipped_for_the_share(error: &serenity::Error) -> bool {
    matches!(error, serenity::Error::Other(NO_ROOM_IN_THE_SHARE))
}

/// Whether Discord refused the request for good: a client error other than a rate limit (the
/// channel or message is gone, the bot lost access, the user takes no DMs), which the same
/// request would meet again.
pub fn refused_for_good(error: &serenity::Error) -> bool {
    status(error).is_some_and(|s| s.is_client_error() && s != StatusCode::TOO_MANY_REQUESTS)
}

/// The HTTP status of a request Discord answered with an error.
fn status(error: &serenity::Error) -> Option<StatusCode> {
    match error {
        serenity::Error::Http(error) => error.status_code(),
        _ => None,
    }
}

/// Whether Discord refused an interaction answer because the interaction was answered already
/// (for example by an earlier attempt whose reply was lost).
pub fn already_acknowledged(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
            if response.error.code == ALREADY_ACKNOWLEDGED
    )
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;
    use poise::serenity_prelude::http::ErrorResponse;

    /// The error serenity makes of a Discord answer with `status` and error `code`.
    async fn failure_of(status: u16, code: isize) -> serenity::Error {
        let body = format!(r#"{{"code": {code}, "message": "fake"}}"#);
        let answer = axum::http::Response::builder()
            .status(status)
            .body(body)
            .unwrap();
        let response =
            ErrorResponse::from_response(reqwest::Response::from(answer), reqwest::Method::POST)
                .await;
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
    }

    fn failure(status: u16, code: isize) -> serenity::Error {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(failure_of(status, code))
    }

    #[test]
    fn only_failures_that_did_nothing_are_retried_unless_repeating_is_harmless() {
        let post = Retry::BOARD;
        let edit = Retry::EDIT;
        for status in [429, 502, 503, 504] {
            assert!(post.retries(&failure(status, 0)), "{status}");
            assert!(edit.retries(&failure(status, 0)), "{status}");
        }
        assert!(!post.retries(&failure(500, 0)));
        assert!(edit.retries(&failure(500, 0)));
        for status in [400, 403, 404] {
            assert!(!edit.retries(&failure(status, 0)), "{status}");
        }
    }

    #[tokio::test]
    async fn retries_until_success_or_the_attempts_run_out() {
        let quick = Retry {
            first_wait: Duration::from_millis(1),
            ..Retry::BOARD
        };
        let calls = AtomicU32::new(0);
        let result = retry("test", quick, || async {
            match calls.fetch_add(1, Ordering::SeqCst) {
                0 | 1 => Err(failure_of(503, 0).await),
                n => Ok(n),
            }
        })
        .await;
        assert_eq!(result.unwrap(), 2);

        calls.store(0, Ordering::SeqCst);
        let result: serenity::Result<()> = retry("test", quick, || async {
            calls.fetch_add(1, Ordering::SeqCst);
            Err(failure_of(503, 0).await)
        })
        .await;
        assert!(result.is_err());
        assert_eq!(calls.load(Ordering::SeqCst), Retry::BOARD.attempts);

        calls.store(0, Ordering::SeqCst);
        let result: serenity::Result<()> = retry("test", quick, || async {
            calls.fetch_add(1, Ordering::SeqCst);
            Err(failure_of(500, 0).await)
        })
        .await;
        assert!(result.is_err());
        assert_eq!(
            calls.load(Ordering::SeqCst),
            1,
            "a 500 POST may have posted"
        );
    }

    /// On tokio's paused clock: the sleeps take no real time, and their lengths are exact.
    #[tokio::test(start_paused = true)]
    async fn a_rate_limited_call_waits_out_a_channel_bucket_before_giving_up() {
        let started = tokio::time::Instant::now();
        let calls = AtomicU32::new(0);
        let result: serenity::Result<()> = retry("test", Retry::INTERACTION, || async {
            calls.fetch_add(1, Ordering::SeqCst);
            Err(failure_of(429, 0).await)
        })
        .await;
        assert!(result.is_err());
        assert_eq!(calls.load(Ordering::SeqCst), Retry::INTERACTION.attempts);
        // 1 and 2 s at least; the jitter adds up to as much again.
        let waited = started.elapsed();
        assert!(
            (Duration::from_secs(1 + 2)..Duration::from_secs(2 * (1 + 2))).contains(&waited),
            "{waited:?}"
        );

        let started = tokio::time::Instant::now();
        let _ = retry("test", Retry::BOARD, || async {
            Err::<(), _>(failure_of(429, 0).await)
        })
        .await;
        assert!(
            started.elapsed() > Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }

    /// With the process's share spent: an edit through an interaction's token goes at once
    /// (Discord does not count it), an edit in a channel waits for room, and an old board's
    /// unbuttoning is not made.
    #[tokio::test(start_paused = true)]
    async fn only_calls_discord_counts_globally_wait_for_the_share() {
        let limits = std::sync::Arc::new(rest::Limits {
            budget: rest::budget::Budget::new(1),
            invalid: invalid::InvalidRequests::new(10_000),
        });
        let calls = AtomicU32::new(0);
        let call = || async {
            calls.fetch_add(1, Ordering::SeqCst);
            Ok(())
        };
        limits
            .scope(async {
                once("spend the share", Retry::EDIT, call()).await.unwrap();

                let started = tokio::time::Instant::now();
                once("an answer's edit", Retry::ANSWER_EDIT, call())
                    .await
                    .unwrap();
                assert_eq!(started.elapsed(), Duration::ZERO);

                let skipped = once("unbuttoning", Retry::SPARE_EDIT, call()).await;
                assert!(skipped.is_err_and(|e| skipped_for_the_share(&e)));
                assert_eq!(started.elapsed(), Duration::ZERO);

                once("an edit in a channel", Retry::EDIT, call())
                    .await
                    .unwrap();
                assert!(started.elapsed() > Duration::from_millis(900));
            })
            .await;
        assert_eq!(
            calls.load(Ordering::SeqCst),
            3,
            "the unbuttoning was not made"
        );
    }

    #[test]
    fn a_second_answer_to_an_interaction_is_recognised() {
        assert!(already_acknowledged(&failure(400, 40060)));
        assert!(!already_acknowledged(&failure(400, 50035)));
        assert!(!already_acknowledged(&failure(500, 0)));
    }
}
