//! Invalid requests, counted against Discord's ban threshold: an address that makes 10,000
//! requests answered 401, 403 or 429 (except a 429 of `X-RateLimit-Scope: shared`) within 10
//! minutes is shut out of Discord's API for a while, and every bot process behind it with it.
//! This process counts those it sees in a sliding window of 10 minutes and logs a warning when
//! they pass half the threshold (`DISCORD_INVALID_REQUEST_LIMIT`, see `docs/running.md`), again
//! each time the count doubles past it, and again once it has gone back below it and passes it
//! anew.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use poise::serenity_prelude::StatusCode;
use tokio::time::Instant;
use tracing::warn;

/// Discord's ban threshold: invalid requests per [`WINDOW`].
pub const DISCORD_LIMIT: u32 = 10_000;
/// The window Discord counts invalid requests in.
pub const WINDOW: Duration = Duration::from_secs(10 * 60);

/// Whether Discord counts an answer of `status` as an invalid request (a shared-scope 429,
/// which Discord does not count, is never told apart by serenity, so every 429 counts here).
#[must_use]
pub fn is_invalid(status: StatusCode) -> bool {
    matches!(
        status,
        StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN | StatusCode::TOO_MANY_REQUESTS
    )
}

/// The invalid requests of the last [`WINDOW`] (see the module's documentation).
#[derive(Debug)]
pub struct InvalidRequests {
    limit: u32,
    state: Mutex<State>,
    warnings: AtomicU32,
}

#[derive(Debug, Default)]
struct State {
    /// When each invalid request of the window was answered, oldest first.
    seen: VecDeque<Instant>,
    /// The count at the last warning; 0 once the count went back below the warning line.
    warned_at: usize,
}

impl InvalidRequests {
    /// Counts against `limit` invalid requests per [`WINDOW`] ([`DISCORD_LIMIT`] normally).
    #[must_use]
    pub fn new(limit: u32) -> InvalidRequests {
        InvalidRequests {
            limit: limit.max(2),
            state: Mutex::new(State::default()),
            warnings: AtomicU32::new(0),
        }
    }

    /// Counts one invalid request (`what` was being done), warning as the module says; the
    /// counter `monkey_queen_discord_invalid_requests_total` and the gauges of the window's
    /// count and of the threshold follow.
    pub fn record(&self, what: &str) {
        let now = Instant::now();
        let mut state = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while state
            .seen
            .front()
            .is_some_and(|&at| now.saturating_duration_since(at) >= WINDOW)
        {
            state.seen.pop_front();
        }
        state.seen.push_back(now);
        let count = state.seen.len();
        metrics::counter!("monkey_queen_discord_invalid_requests_total").increment(1);
        #[allow(clippy::cast_precision_loss)] // a count far below 2^52
        metrics::gauge!("monkey_queen_discord_invalid_requests_in_window").set(count as f64);
        metrics::gauge!("monkey_queen_discord_invalid_requests_limit").set(f64::from(self.limit));
        let line = usize::try_from(self.limit / 2).unwrap_or(usize::MAX);
        if count < line {
            state.warned_at = 0;
        } else if state.warned_at == 0 || count >= state.warned_at.saturating_mul(2) {
            state.warned_at = count;
            self.warnings.fetch_add(1, Ordering::Relaxed);
            let limit = self.limit;
            warn!(
                count,
                limit,
                what,
                "this process made {count} invalid Discord requests (401, 403, 429) in the last \
                 10 minutes; at {limit} Discord shuts the address out of its API for a while"
            );
        }
    }

    /// How many warnings were logged.
    #[must_use]
    pub fn warnings(&self) -> u32 {
        self.warnings.load(Ordering::Relaxed)
    }

    /// How many invalid requests the window holds now.
    #[must_use]
    pub fn count(&self) -> usize {
        let state = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let now = Instant::now();
        state
            .seen
            .iter()
            .filter(|&&at| now.saturating_duration_since(at) < WINDOW)
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_401_403_and_429_are_invalid() {
        for status in [401, 403, 429] {
            assert!(
                is_invalid(StatusCode::from_u16(status).unwrap()),
                "{status}"
            );
        }
        for status in [200, 400, 404, 500, 502] {
            assert!(
                !is_invalid(StatusCode::from_u16(status).unwrap()),
                "{status}"
            );
        }
    }

    /// Captures what a test logs.
    #[derive(Clone, Default)]
    struct Captured(std::sync::Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_warning_is_logged_at_half_the_limit_then_as_the_count_doubles() {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        let _logging = tracing::subscriber::set_default(subscriber);
        let invalid = InvalidRequests::new(20);
        let mut warned_after = Vec::new();
        for n in 1..=25 {
            invalid.record("posting a board");
            if invalid.warnings() as usize > warned_after.len() {
                warned_after.push(n);
            }
        }
        assert_eq!(
            warned_after,
            [10, 20],
            "at half the limit, then at twice that"
        );
        let logged = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        assert_eq!(logged.matches("WARN").count(), 2, "{logged}");
        assert!(
            logged.contains("made 10 invalid Discord requests"),
            "{logged}"
        );
        assert!(logged.contains("posting a board"), "{logged}");

        // Ten minutes on, the count starts again, and so do the warnings.
        tokio::time::advance(WINDOW).await;
        for _ in 0..10 {
            invalid.record("posting a board");
        }
        assert_eq!(invalid.warnings(), 3);
    }

    #[tokio::test(start_paused = true)]
    async fn the_window_forgets_requests_older_than_ten_minutes() {
        let invalid = InvalidRequests::new(100);
        for _ in 0..10 {
            invalid.record("test");
        }
        assert_eq!(invalid.count(), 10);
        tokio::time::advance(WINDOW).await;
        invalid.record("test");
        assert_eq!(invalid.count(), 1);
    }
}
