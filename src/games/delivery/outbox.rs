//! The outbox's side of delivery: a deliverer claims the next due announcement, delivers it
//! and reports how it went (what each says, and when it is owed: [`Announced`]).

use super::DeliveryService;
use crate::games::{Announced, Result};
use crate::model::AnnouncementId;
use crate::storage;

/// How long a deliverer has to report on a claimed announcement before it is handed out again.
/// Each announcement is claimed just before its delivery (see
/// [`DeliveryService::next_announcement`]), so the lease covers one delivery with its retries.
pub const DELIVERY_LEASE_MS: i64 = 60_000;

/// Deliveries tried before an announcement is given up: with [`retry_delay_ms`] the last
/// attempt comes about an hour after the first.
pub const MAX_ATTEMPTS: u32 = 8;

/// An announcement to deliver, with what it needs.
#[derive(Debug, Clone)]
pub struct Announcement {
    /// Its id, to report back with.
    pub id: AnnouncementId,
    /// Which delivery this is, the first being 1.
    pub attempt: u32,
    /// What to announce.
    pub what: Announced,
}

/// What a deliverer reports after a failed delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retried {
    /// It will be handed out again at this time.
    At(i64),
    /// It was given up: [`MAX_ATTEMPTS`] deliveries failed.
    GivenUp,
}

/// The wait after the `attempt`-th failed delivery: 30 s, doubling up to 32 minutes.
#[must_use]
pub fn retry_delay_ms(attempt: u32) -> i64 {
    30_000 << attempt.saturating_sub(1).min(6)
}

impl DeliveryService {
    /// Claims the oldest announcement due now, for the caller to deliver at once and report
    /// on with [`Self::announced`] or [`Self::announcement_failed`] before claiming the next.
    /// It is handed to one caller at a time: another sees it only once [`DELIVERY_LEASE_MS`]
    /// has passed without a report. Claiming one at a time keeps each lease to its own
    /// delivery: those waiting behind a slow one stay unclaimed, so another process may
    /// deliver them meanwhile, and this one is then not handed them too. Those the game has
    /// made stale are dropped on the way.
    ///
    /// # Errors
    /// Internal errors only; nothing is claimed then.
    pub async fn next_announcement(&self) -> Result<Option<Announcement>> {
        let now = self.games.now_ms();
        let mut tx = self.games.db.begin_write().await?;
        let due = loop {
            let lease = now + DELIVERY_LEASE_MS;
            let Some(row) = storage::claim_announcement(&mut tx, now, lease).await? else {
                break None;
            };
            match self.games.announced_now(&mut tx, row).await? {
                Some(what) => {
                    break Some(Announcement {
                        id: row.id,
                        attempt: row.attempts,
                        what,
                    });
                }
                None => {
                    storage::delete_announcement(&mut tx, row.id).await?;
                }
            }
        };
        tx.commit().await?;
        Ok(due)
    }

    /// Reports an announcement delivered, or refused for good by Discord: it is not handed
    /// out again. The time since it was owed is measured, by kind
    /// (`monkey_queen_announcement_delivery_seconds{kind="board"}`: a board's delivery).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn announced(&self, id: AnnouncementId) -> Result<()> {
        let mut conn = self.games.db.write().await?;
        if let Some((kind, created_ms)) = storage::delete_announcement(&mut conn, id).await? {
            self.record_delivery(&kind, created_ms);
        }
        Ok(())
    }

    /// Measures how long an announcement of `kind`, queued at `created_ms`, waited to be
    /// delivered.
    pub(super) fn record_delivery(&self, kind: &str, created_ms: i64) {
        let waited_ms = self.games.now_ms().saturating_sub(created_ms).max(0);
        #[allow(clippy::cast_precision_loss)] // milliseconds far below 2^52
        let waited = waited_ms as f64 / 1000.0;
        metrics::histogram!("monkey_queen_announcement_delivery_seconds", "kind" => kind.to_owned())
            .record(waited);
    }

    /// Reports the `attempt`-th delivery of an announcement failed in a way that may pass: it
    /// is handed out again after [`retry_delay_ms`], or given up after [`MAX_ATTEMPTS`].
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn announcement_failed(&self, id: AnnouncementId, attempt: u32) -> Result<Retried> {
        let mut conn = self.games.db.write().await?;
        if attempt >= MAX_ATTEMPTS {
            storage::delete_announcement(&mut conn, id).await?;
            return Ok(Retried::GivenUp);
        }
        let at = self.games.now_ms() + retry_delay_ms(attempt);
        storage::postpone_announcement(&mut conn, id, at).await?;
        Ok(Retried::At(at))
    }

    /// How many announcements are waiting to be delivered (or being delivered).
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn pending_announcements(&self) -> Result<u64> {
        let mut conn = self.games.db.read().await?;
        Ok(storage::count_announcements(&mut conn).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_each_time_and_end_within_about_an_hour() {
        let waits: Vec<i64> = (1..MAX_ATTEMPTS).map(retry_delay_ms).collect();
        assert_eq!(waits[0], 30_000);
        assert!(waits.windows(2).all(|w| w[1] >= w[0]));
        let total: i64 = waits.iter().sum();
        assert!((45 * 60_000..=90 * 60_000).contains(&total), "{total}");
    }
}
