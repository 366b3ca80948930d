//! This process's share of the bot's global rate limit. Discord lets a bot make 50 requests a
//! second in all, outside interactions, however many processes it runs; serenity's rate
//! limiter cannot know of that limit (Discord sends no headers for it) nor of the other
//! processes. So each process is told its share (`DISCORD_REQUESTS_PER_SECOND`, see
//! `docs/running.md`) and keeps to it: a request that counts against the global limit first
//! takes a place in [`Budget`], a sliding window of a little over a second, and waits while it
//! is full.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

/// The window the share is counted in: a second, and a margin for the requests' way to Discord.
pub const WINDOW: Duration = Duration::from_millis(1_050);

/// At most a number of requests in any [`WINDOW`] (see the module's documentation).
#[derive(Debug)]
pub struct Budget {
    per_window: usize,
    /// When each of the requests of the last window was let through, oldest first.
    sent: Mutex<VecDeque<Instant>>,
}

impl Budget {
    /// A budget of `per_second` requests in any second (at least one).
    #[must_use]
    pub fn new(per_second: u32) -> Budget {
        let per_window = usize::try_from(per_second.max(1)).unwrap_or(usize::MAX);
        Budget {
            per_window,
            sent: Mutex::new(VecDeque::with_capacity(per_window)),
        }
    }

    /// Waits until a request may be sent without exceeding the budget, and counts it.
    pub async fn take(&self) {
        while let Some(wait) = self.try_take(Instant::now()) {
            tokio::time::sleep(wait).await;
        }
    }

    /// Counts a request if the budget has room for it now; else counts nothing and says so.
    #[must_use]
    pub fn take_if_free(&self) -> bool {
        self.try_take(Instant::now()).is_none()
    }

    /// Counts a request at `now` if the budget has room (`None`), else says how long until it
    /// may have.
    fn try_take(&self, now: Instant) -> Option<Duration> {
        let mut sent = self
            .sent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        while sent
            .front()
            .is_some_and(|&at| now.saturating_duration_since(at) >= WINDOW)
        {
            sent.pop_front();
        }
        if sent.len() < self.per_window {
            sent.push_back(now);
            return None;
        }
        let oldest = sent.front().copied().unwrap_or(now);
        Some(WINDOW.saturating_sub(now.saturating_duration_since(oldest)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_request_that_only_goes_if_free_counts_nothing_when_the_share_is_full() {
        let budget = Budget::new(2);
        assert!(budget.take_if_free());
        assert!(budget.take_if_free());
        assert!(!budget.take_if_free());
        // The refusals took no place: once the window has passed, the share is whole again.
        tokio::time::sleep(WINDOW).await;
        assert!(budget.take_if_free());
        assert!(budget.take_if_free());
        assert!(!budget.take_if_free());
    }

    #[tokio::test(start_paused = true)]
    async fn no_second_ever_holds_more_requests_than_the_share() {
        let budget = Budget::new(5);
        let started = Instant::now();
        let mut sent = Vec::new();
        for _ in 0..23 {
            budget.take().await;
            sent.push(started.elapsed());
            // A burst, with a pause now and then.
            if sent.len() % 7 == 0 {
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
        }
        for (i, &at) in sent.iter().enumerate() {
            let second = Duration::from_secs(1);
            let within = sent[i..].iter().filter(|&&t| t < at + second).count();
            assert!(
                within <= 5,
                "{within} requests in the second from {at:?}: {sent:?}"
            );
        }
        // The burst is not slowed more than it must be: 23 requests at 5 a second.
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
    }
}
