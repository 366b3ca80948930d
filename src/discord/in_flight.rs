//! Keeps count of the events being handled, so shutdown can let them finish (a move that is
//! being saved is completed, not cut off).

use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio_util::task::TaskTracker;

use super::{Data, Error};

/// The poise framework, wrapped so every dispatched event is tracked until its handler returns.
pub struct InFlight {
    framework: poise::Framework<Data, Error>,
    tracker: TaskTracker,
}

/// The other end of an [`InFlight`]: waits for the tracked handlers.
pub struct Drain(TaskTracker);

/// Wraps `framework`; the [`Drain`] waits for its running handlers at shutdown.
pub fn tracked(framework: poise::Framework<Data, Error>) -> (InFlight, Drain) {
    let tracker = TaskTracker::new();
    let drain = Drain(tracker.clone());
    (InFlight { framework, tracker }, drain)
}

impl Drain {
    /// Waits until every handler that started has returned, at most `limit`; `false` if some
    /// were still running.
    pub async fn wait(&self, limit: Duration) -> bool {
        self.0.close();
        tokio::time::timeout(limit, self.0.wait()).await.is_ok()
    }
}

#[serenity::async_trait]
impl serenity::Framework for InFlight {
    async fn init(&mut self, client: &serenity::Client) {
        self.framework.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let _running = self.tracker.token();
        self.framework.dispatch(ctx, event).await;
    }
}
