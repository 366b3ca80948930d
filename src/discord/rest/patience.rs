//! Bounded waits for Discord's rate limits. serenity's rate limiter holds a request while its
//! bucket is empty and sleeps out a 429's `Retry-After` before sending it again, however long
//! Discord asks: ten minutes, in a busy hour. A call made [`within`] a bound fails instead
//! ([`TooLong`]) as soon as serenity says it would wait past it, before it sends anything
//! again, so the caller can give up or try later: an announcement stays owed in the outbox
//! and is retried after its delay, rather than outliving its lease (after which another
//! process would deliver it too).
//!
//! serenity tells of each wait through its rate limit callback, [`on_wait`], which runs in the
//! task making the request; the bounds are kept in a task-local, so each call has its own.
//! Bounds nest: a wait must end before every enclosing bound, the nearest failing first.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

tokio::task_local! {
    static BOUND: Arc<Bound>;
}

/// One call's bound: the time its waits must end by.
struct Bound {
    until: Instant,
    /// Notified once a wait would end past `until`.
    exceeded: Notify,
    /// The bound this one runs within, if any.
    outer: Option<Arc<Bound>>,
}

/// A call gave up: Discord's rate limits would have held it past its bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLong;

/// Runs `call`, failing with [`TooLong`] as soon as a rate limit would hold it beyond `bound`
/// from now (or beyond an enclosing bound). The call is then dropped while it waits, before it
/// sends its request again.
///
/// # Errors
/// [`TooLong`], as said.
pub async fn within<T>(bound: Duration, call: impl Future<Output = T>) -> Result<T, TooLong> {
    let scope = Arc::new(Bound {
        until: Instant::now() + bound,
        exceeded: Notify::new(),
        outer: BOUND.try_with(Arc::clone).ok(),
    });
    let exceeded = scope.exceeded.notified();
    tokio::select! {
        biased;
        done = BOUND.scope(scope.clone(), call) => Ok(done),
        () = exceeded => Err(TooLong),
    }
}

/// Called by serenity before it waits `wait` for a rate limit: tells every bound of the
/// calling task that the wait would overrun to give up.
pub fn on_wait(wait: Duration) {
    let Ok(mut bound) = BOUND.try_with(Arc::clone) else {
        return;
    };
    let ends = Instant::now() + wait;
    loop {
        if ends > bound.until {
            bound.exceeded.notify_one();
        }
        match &bound.outer {
            Some(outer) => bound = outer.clone(),
            None => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for serenity's rate limiter: tells of the wait, then sleeps it out.
    async fn rate_limited(wait: Duration) -> &'static str {
        on_wait(wait);
        tokio::time::sleep(wait).await;
        "sent"
    }

    #[tokio::test(start_paused = true)]
    async fn a_wait_within_the_bound_is_waited_and_a_longer_one_fails_at_once() {
        let started = Instant::now();
        let short = within(Duration::from_secs(5), rate_limited(Duration::from_secs(2))).await;
        assert_eq!(short, Ok("sent"));
        assert_eq!(started.elapsed(), Duration::from_secs(2));

        let started = Instant::now();
        let long = within(Duration::from_secs(5), rate_limited(Duration::from_secs(600))).await;
        assert!(long.is_err());
        assert_eq!(started.elapsed(), Duration::ZERO, "gave up without waiting");
    }

    #[tokio::test(start_paused = true)]
    async fn waits_add_up_and_an_outer_bound_holds_inside_an_inner_one() {
        let twice = async {
            rate_limited(Duration::from_secs(3)).await;
            rate_limited(Duration::from_secs(3)).await
        };
        assert!(within(Duration::from_secs(5), twice).await.is_err());

        let started = Instant::now();
        let nested = within(
            Duration::from_secs(4),
            within(Duration::from_secs(60), rate_limited(Duration::from_secs(10))),
        )
        .await;
        assert!(nested.is_err(), "the outer bound holds");
        assert_eq!(started.elapsed(), Duration::ZERO);
        // Without a bound, serenity waits as long as it is told.
        assert_eq!(rate_limited(Duration::from_secs(1)).await, "sent");
    }
}
