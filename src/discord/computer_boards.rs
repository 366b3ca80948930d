//! Shows the computer's moves in Discord: the service plays them (see
//! [`GameService::play_computer`](crate::games::GameService::play_computer)) and publishes
//! each; this posts its board where the game lives and reports the board's announcement, so
//! the outbox posts it only if this could not.

use std::sync::Arc;

use poise::serenity_prelude::Http;
use tokio::sync::broadcast::error::RecvError;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{debug, warn};

use super::{Data, announce};
use crate::games::{GameEvent, MovePlayed, Reach};

/// Shows the computer's moves until `stop`, on `tasks`. Subscribed before it returns, so no
/// move played after it is missed.
pub fn spawn(http: Arc<Http>, data: Data, tasks: &TaskTracker, stop: CancellationToken) {
    let mut events = data.service.subscribe();
    let shows = tasks.clone();
    tasks.spawn(async move {
        loop {
            let event = tokio::select! {
                biased;
                () = stop.cancelled() => break,
                event = events.recv() => event,
            };
            match event {
                Ok(GameEvent::ComputerMoved(played)) => {
                    let (http, data) = (http.clone(), data.clone());
                    shows.spawn(async move { show(&http, &data, &played).await });
                }
                Ok(GameEvent::Changed(_)) => {}
                // Their boards are owed in the outbox, which posts them after its grace.
                Err(RecvError::Lagged(missed)) => {
                    warn!(
                        missed,
                        "fell behind the service's events; the outbox posts what was missed"
                    );
                }
                Err(RecvError::Closed) => break,
            }
        }
        debug!("stopped showing the computer's moves");
    });
}

/// Posts the board after the computer's move and reports it (attempt 0 of its announcement).
async fn show(http: &Http, data: &Data, played: &MovePlayed) {
    if played.game.place.reach == Reach::Web {
        return;
    }
    let delivered = announce::board_after_move(http, data, &played.game).await;
    if let Some(id) = played.announcement {
        announce::report(data, id, 0, delivered).await;
    }
}
