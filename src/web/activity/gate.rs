//! How many sign-ins ask Discord. Each sign-in asks Discord three times (the code's exchange,
//! whose token it is, the instance), and Discord bans an address for an hour after 10,000
//! invalid requests in 10 minutes, which would take the whole bot off Discord. So sign-ins
//! pass this gate first: at most [`PER_SECOND`] a second on average and [`BURST`] at once,
//! whoever sends them, so even if every one were refused, 10 minutes hold at most
//! `(BURST + 600 × PER_SECOND) × 3` = 3,630 requests. And when Discord answers one with 429,
//! none asks again before its `Retry-After` has passed.

use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};

/// Sign-ins a second, on average.
const PER_SECOND: u32 = 2;
/// Sign-ins at once, after a quiet spell: a channel's friends opening the Activity together.
const BURST: u32 = 10;

/// The gate every sign-in passes before it asks Discord.
pub(crate) struct SignInGate {
    rate: DefaultDirectRateLimiter,
    clock: DefaultClock,
    /// Until when Discord asked to be left alone.
    held_until: Mutex<Option<Instant>>,
}

impl SignInGate {
    /// A gate letting [`PER_SECOND`] sign-ins through a second, [`BURST`] at once.
    pub(crate) fn new() -> SignInGate {
        let per_second = NonZeroU32::new(PER_SECOND).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(BURST).unwrap_or(NonZeroU32::MIN);
        SignInGate {
            rate: RateLimiter::direct(Quota::per_second(per_second).allow_burst(burst)),
            clock: DefaultClock::default(),
            held_until: Mutex::new(None),
        }
    }

    /// Lets one sign-in through, or says how long to wait before the next may ask.
    pub(crate) fn admit(&self) -> Result<(), Duration> {
        let now = Instant::now();
        if let Some(until) = *self.held()
            && until > now
        {
            return Err(until - now);
        }
        self.rate
            .check()
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }

    /// Discord answered 429: nobody asks again for `wait`.
    pub(crate) fn hold(&self, wait: Duration) {
        let until = Instant::now() + wait;
        let mut held = self.held();
        if held.is_none_or(|h| h < until) {
            *held = Some(until);
        }
    }

    fn held(&self) -> std::sync::MutexGuard<'_, Option<Instant>> {
        // A poisoned lock still holds a valid instant.
        self.held_until
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_sign_ins_wait_their_turn() {
        let gate = SignInGate::new();
        for _ in 0..BURST {
            assert!(gate.admit().is_ok());
        }
        let wait = gate.admit().expect_err("the burst is spent");
        assert!(wait <= Duration::from_millis(500), "{wait:?}");
    }

    #[test]
    fn nobody_asks_while_discord_asked_to_wait() {
        let gate = SignInGate::new();
        gate.hold(Duration::from_secs(30));
        gate.hold(Duration::from_secs(1));
        let wait = gate.admit().expect_err("held");
        assert!(
            wait > Duration::from_secs(29),
            "the longer wait stands: {wait:?}"
        );
    }
}
