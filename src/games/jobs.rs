//! The service's timed work, for whatever runs the application to call on every tick: what the
//! clock has made due (lapsed challenges, reminders, losses on time, tournaments whose start
//! time came, the day's puzzle posts), the shared state that lapsed, and the computer's turns nobody works on.
//!
//! Each deadline is settled once (claimed in the database) and queues its announcement in the
//! outbox in the same transaction, so a tick that runs twice, in two processes or after a
//! restart, settles nothing twice; what fell due while no process ran is settled by the first
//! tick. Failures are logged; the next tick carries on.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;
use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{debug, error};

use super::{Deliver, GameService, PuzzleMiner};

impl GameService {
    /// Runs the timed work that is due now: settles deadlines, forgets what lapsed, and takes
    /// up the computer's turns that lost their worker (their searches start at once, and don't
    /// hold up the caller).
    pub async fn run_due_jobs(&self) {
        if let Err(e) = self.expire_challenges().await {
            error!(error = %e, "could not expire challenges");
        }
        if let Err(e) = self.due_reminders().await {
            error!(error = %e, "could not claim due reminders");
        }
        if let Err(e) = self.apply_timeouts().await {
            error!(error = %e, "could not apply timeouts");
        }
        if let Err(e) = self.tournaments().start_due().await {
            error!(error = %e, "could not start the tournaments due");
        }
        if let Err(e) = self.puzzles().queue_daily_posts().await {
            error!(error = %e, "could not queue the daily puzzle's posts");
        }
        match self.forget_lapsed().await {
            Ok(lapsed) => debug!(?lapsed, "forgot what lapsed"),
            Err(e) => error!(error = %e, "could not forget lapsed tokens and cooldowns"),
        }
        if let Err(e) = self.resume_computer_turns().await {
            error!(error = %e, "could not read the computer's turns");
        }
    }
}

/// Announcements one sweep delivers at most; the rest wait for the next sweep.
const ANNOUNCEMENTS_PER_SWEEP: usize = 50;

/// The application's sweeps: now and then every interval, the service's timed work (see
/// [`GameService::run_due_jobs`]), the announcements that are due delivered through the face
/// that reaches the players (if any), and the search of the next game for puzzles (if on).
/// Between sweeps, announcements due at once (a tournament's new round, a resignation on the
/// Activity) are delivered as soon as the service rings for them.
pub struct Sweeps {
    service: GameService,
    deliverer: Option<Arc<dyn Deliver>>,
    miner: Option<PuzzleMiner>,
    done: Arc<watch::Sender<u64>>,
}

impl Sweeps {
    /// Sweeps of `service`, delivering through `deliverer` and searching games with `miner`,
    /// each counted on `done` once it is over.
    #[must_use]
    pub fn new(
        service: GameService,
        deliverer: Option<Arc<dyn Deliver>>,
        miner: Option<PuzzleMiner>,
        done: Arc<watch::Sender<u64>>,
    ) -> Sweeps {
        Sweeps {
            service,
            deliverer,
            miner,
            done,
        }
    }

    /// Sweeps now and then every `interval` on `tasks`, until `stop` is cancelled; a sweep
    /// under way when that happens is finished first.
    pub fn spawn(self, tasks: &TaskTracker, stop: CancellationToken, interval: Duration) {
        tasks.spawn(async move {
            let mut ticks = tokio::time::interval(interval);
            ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    biased;
                    () = stop.cancelled() => break,
                    _ = ticks.tick() => self.sweep().await,
                    () = self.service.outbox_rung() => self.deliver().await,
                }
            }
            debug!("sweeps stopped");
        });
    }

    /// One sweep: the timed work, then the deliveries, then the next search for puzzles
    /// (beside the sweeps, one at a time in this process).
    async fn sweep(&self) {
        self.service.run_due_jobs().await;
        self.deliver().await;
        if let Some(miner) = &self.miner {
            miner.mine_next();
        }
        self.done.send_modify(|n| *n += 1);
    }

    /// Delivers what is due, if a face delivers.
    async fn deliver(&self) {
        if let Some(deliverer) = &self.deliverer {
            let deliverer = deliverer.as_ref();
            self.service
                .delivery()
                .deliver_due(deliverer, ANNOUNCEMENTS_PER_SWEEP)
                .await;
        }
    }
}
