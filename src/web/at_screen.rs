//! Play at this screen, wired whole (what `monkey-queen web` runs): a game service whose
//! computer is [`LocalPlayers::computer`], with no challenge limits for the people at the
//! screen, the pages with local play on, the other processes' changes on PostgreSQL, and a
//! sweep that takes up the computer's turns owed since an earlier run.

use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::{LocalPlayers, RateLimit, WebConfig, WebDeps};
use crate::games::{ChallengeLimits, Computer, GameService, ServiceConfig, SystemClock};
use crate::render::{RenderError, Renderer};
use crate::storage::Db;

/// How often the computer's owed turns are looked for (after a restart, say).
const SWEEP_INTERVAL: Duration = Duration::from_secs(5);

/// What play at this screen runs on.
pub struct AtScreen {
    /// Where to serve.
    pub listener: TcpListener,
    /// The games' database.
    pub db: Db,
    /// Turns of the computer's search.
    pub search: Arc<Semaphore>,
    /// Turns of CPU work for pictures.
    pub work: Arc<Semaphore>,
    /// How many requests one address may make.
    pub rate_limit: RateLimit,
}

/// Serves play at this screen on `tasks` until `stop`; the game service it plays through.
///
/// # Errors
/// The board renderer could not be built (its embedded font).
pub fn spawn_at_screen(
    at: AtScreen,
    tasks: &TaskTracker,
    stop: CancellationToken,
) -> Result<GameService, RenderError> {
    let local = LocalPlayers::STANDARD;
    let config = ServiceConfig {
        bot_user: Some(local.computer),
        // One person (or two) at one screen: their games are not held to the limits that
        // keep one Discord user from flooding a channel with challenges.
        challenge_limits: ChallengeLimits::NONE,
        ..ServiceConfig::default()
    };
    let computer = Computer::new(tasks.clone(), stop.clone(), at.search);
    let service = GameService::new(at.db, Arc::new(SystemClock), config).with_computer(computer);
    let deps = WebDeps {
        service: service.clone(),
        renderer: Arc::new(Renderer::new()?),
        cpu: at.work,
    };
    let config = WebConfig {
        public_url: None,
        local: Some(local),
        activity: None,
        rate_limit: at.rate_limit,
    };
    super::spawn(at.listener, deps, config, tasks, stop.clone());
    service.relay_other_processes(tasks, stop.clone());
    spawn_sweeps(service.clone(), tasks, stop);
    Ok(service)
}

/// Takes up the computer's turns owed since an earlier run, now and every few seconds.
fn spawn_sweeps(service: GameService, tasks: &TaskTracker, stop: CancellationToken) {
    tasks.spawn(async move {
        let mut ticks = tokio::time::interval(SWEEP_INTERVAL);
        loop {
            tokio::select! {
                () = stop.cancelled() => break,
                _ = ticks.tick() => {
                    if let Err(e) = service.resume_computer_turns().await {
                        tracing::error!(error = %e, "could not read the computer's turns");
                    }
                }
            }
        }
    });
}
