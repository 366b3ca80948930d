//! The check of stored games at start: every active game replays to its stored position. It
//! runs in the background, page by page, so the faces answer from the start: each page is read
//! on a connection given back before its games are replayed, replayed as long work (see
//! [`CpuLimits`]), and followed by a yield. It stops at shutdown.

use std::time::Instant;

use tokio::sync::watch;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{error, info};

use super::{CheckedPage, CpuLimits, GameId, GameService, InternalError, Result};

/// Active games replayed at a time: a few milliseconds of CPU and of database time.
const PAGE: u32 = 100;

/// What the check of stored games found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GamesChecked {
    /// The active games replayed.
    pub games: u64,
    /// Those whose stored position disagrees with their moves (each is logged).
    pub mismatches: u64,
}

/// Starts the check of every active game on `tasks`, which gives up when `stop` is cancelled;
/// once it is done, what it found is sent on `checked`. Each mismatch is logged, then a
/// summary; a database failure is logged and ends the check.
pub fn spawn_check_games(
    service: GameService,
    cpu: CpuLimits,
    tasks: &TaskTracker,
    stop: CancellationToken,
    checked: watch::Sender<Option<GamesChecked>>,
) {
    tasks.spawn(async move {
        tokio::select! {
            biased;
            () = stop.cancelled() => {
                info!("shutting down: the check of stored games is left for the next start");
            }
            found = check_games(&service, &cpu) => {
                if let Some(found) = found {
                    checked.send_replace(Some(found));
                }
            }
        }
    });
}

/// Replays every active game, a page at a time, and logs any whose stored position disagrees
/// with its moves; `None` if the database failed.
async fn check_games(service: &GameService, cpu: &CpuLimits) -> Option<GamesChecked> {
    let started = Instant::now();
    let mut found = GamesChecked {
        games: 0,
        mismatches: 0,
    };
    let mut after = GameId(0);
    loop {
        let page = match check_page(service, cpu, after).await {
            Ok(Some(page)) => page,
            Ok(None) => break,
            Err(e) => {
                error!(error = %e, "could not check the stored games");
                return None;
            }
        };
        found.games += page.games as u64;
        found.mismatches += page.mismatches.len() as u64;
        for mismatch in page.mismatches {
            error!(%mismatch, "a stored game does not replay to its snapshot");
        }
        after = page.last;
        tokio::task::yield_now().await;
    }
    let took_ms = started.elapsed().as_millis();
    if found.mismatches == 0 {
        info!(
            games = found.games,
            took_ms, "every active game replays cleanly"
        );
    } else {
        let (games, mismatches) = (found.games, found.mismatches);
        error!(
            games,
            mismatches, took_ms, "some stored games do not replay"
        );
    }
    Some(found)
}

/// Checks the page of active games after `after`, on a turn of long work.
async fn check_page(
    service: &GameService,
    cpu: &CpuLimits,
    after: GameId,
) -> Result<Option<CheckedPage>> {
    let _long = cpu
        .long
        .acquire()
        .await
        .map_err(|e| InternalError::Worker(e.to_string()))?;
    service.check_active_games(after, PAGE, &cpu.work).await
}
