//! Delivery: how what the players must see reaches them, shared by every process. The outbox
//! (`outbox`): the face that reaches the players implements [`Deliver`]; the service claims
//! each due announcement (see [`DeliveryService::next_announcement`]), hands it over, and
//! records how it went: delivered, refused for good, or failed and retried later. Besides, the
//! interaction tokens kept for follow-ups where the bot may not post (`tokens`), each game's
//! latest board and the thread it is shown in (`boards`), and where each person opened the
//! Activity (its launches).

mod boards;
mod outbox;
mod tokens;

use std::future::Future;
use std::pin::Pin;

use tracing::{error, warn};

pub use boards::Replaced;
pub use outbox::{Announcement, DELIVERY_LEASE_MS, MAX_ATTEMPTS, Retried, retry_delay_ms};
pub use tokens::{KEPT_TOKEN_FOLLOW_UPS, TOKEN_LIFETIME_MS, token_serves};

use super::{Announced, AnnouncementId, ChannelId, GameId, GameService, Reach, Result, UserId};
use crate::storage::{self, LaunchRow};

/// How one delivery went, as the face that tried it reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    /// The players were shown it.
    Delivered,
    /// Refused for good (the channel is gone, the bot lost access, the player takes no DMs):
    /// trying again would not help.
    Refused(String),
    /// Failed in a way that may pass (a rate limit, an outage): tried again later.
    Failed(String),
}

/// A face that shows the outbox's announcements to the players.
pub trait Deliver: Send + Sync {
    /// Shows `what`, in its game's (or challenge's) language.
    fn deliver<'a>(
        &'a self,
        what: &'a Announced,
    ) -> Pin<Box<dyn Future<Output = Delivery> + Send + 'a>>;
}

/// Delivery's service (see the module's documentation), over the game service.
#[derive(Clone)]
pub struct DeliveryService {
    games: GameService,
}

impl GameService {
    /// The delivery service, over this game service.
    #[must_use]
    pub fn delivery(&self) -> DeliveryService {
        DeliveryService {
            games: self.clone(),
        }
    }
}

impl DeliveryService {
    /// Delivers the announcements that are due, at most `most`, through `deliverer`: each is
    /// claimed just before it is delivered and reported before the next is claimed, so each
    /// claim's lease covers its own delivery only. Failures are logged.
    pub async fn deliver_due(&self, deliverer: &dyn Deliver, most: usize) {
        for _ in 0..most {
            let announcement = match self.next_announcement().await {
                Ok(Some(announcement)) => announcement,
                Ok(None) => return,
                Err(e) => return error!(error = %e, "could not claim a due announcement"),
            };
            let delivery = deliverer.deliver(&announcement.what).await;
            self.report_delivery(announcement.id, announcement.attempt, delivery)
                .await;
        }
    }

    /// Records how the `attempt`-th delivery of announcement `id` went: delivered or refused
    /// for good, it is done; failed, it is handed out again later (see
    /// [`Self::announcement_failed`]). A failure to record it is logged, and the announcement
    /// is handed out again once its lease runs out.
    pub async fn report_delivery(&self, id: AnnouncementId, attempt: u32, delivery: Delivery) {
        let reported = match delivery {
            Delivery::Delivered => self.announced(id).await,
            Delivery::Refused(why) => {
                warn!(announcement = %id, error = %why, "an announcement was refused for good");
                self.announced(id).await
            }
            Delivery::Failed(why) => match self.announcement_failed(id, attempt).await {
                Ok(Retried::At(at_ms)) => {
                    warn!(announcement = %id, attempt, at_ms, error = %why, "an announcement failed; retrying later");
                    Ok(())
                }
                Ok(Retried::GivenUp) => {
                    error!(announcement = %id, attempt, error = %why, "an announcement failed; given up");
                    Ok(())
                }
                Err(reporting) => Err(reporting),
            },
        };
        if let Err(e) = reported {
            error!(announcement = %id, error = %e, "could not report an announcement");
        }
    }

    /// Records that `user` opened the Activity in `channel`, on `game` (from a board) or on
    /// none (from the App Launcher), where the bot reaches the channel as `reach` says.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn record_launch(
        &self,
        user: UserId,
        channel: ChannelId,
        game: Option<GameId>,
        reach: Reach,
    ) -> Result<()> {
        let mut conn = self.games.db.write().await?;
        let launch = LaunchRow { game, reach };
        storage::record_launch(&mut conn, user, channel, launch, self.games.now_ms()).await?;
        Ok(())
    }
}
