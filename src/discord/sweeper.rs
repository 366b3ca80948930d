//! The background sweeper: at start and then every few seconds it asks the service to settle
//! what the clock has made due (lapsed challenges, reminders, losses on time, tournaments whose
//! start time came), then delivers
//! the announcements the service has queued (see [`announce`]): those just settled, the
//! boards (a move's, a new game's first, the computer's) that their handler could not deliver,
//! and any left by a failed attempt or an earlier process. Each is claimed as its delivery
//! starts, so one slow delivery leaves the rest free for another process to take up.
//!
//! It also has the service take up the computer's turns that lost their worker, and at its
//! first sweep every turn the computer owes.
//!
//! The service settles each deadline once (claimed in the database) and hands out each
//! announcement to one deliverer at a time, so a sweep that runs twice, or after a restart,
//! settles nothing twice; what fell due while the bot was down is settled by the first sweep.
//! Each sweep also has the service forget the shared state that lapsed (interaction tokens,
//! cooldowns; see [`GameService::forget_lapsed`](crate::games::GameService::forget_lapsed)).

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude::Http;
use tokio::time::MissedTickBehavior;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{debug, error};

use super::{Data, announce};
use crate::games::PuzzleMiner;

/// Announcements one sweep delivers at most; the rest wait for the next sweep.
const ANNOUNCEMENTS_PER_SWEEP: usize = 50;

/// What a sweep needs: Discord's REST client, the handlers' shared state, and the search of
/// games for puzzles, if it is on.
#[derive(Clone)]
pub struct Sweeper {
    http: Arc<Http>,
    data: Data,
    miner: Option<PuzzleMiner>,
}

impl Sweeper {
    /// A sweeper posting through `http`, searching games for puzzles on `scan_on`'s tasks
    /// (until its token is cancelled) if given.
    pub fn new(
        http: Arc<Http>,
        data: Data,
        scan_on: Option<(TaskTracker, CancellationToken)>,
    ) -> Sweeper {
        let miner = scan_on.map(|(tasks, stop)| {
            let (long, work) = (data.cpu.long.clone(), data.cpu.work.clone());
            PuzzleMiner::new(data.service.clone(), long, work, tasks, stop)
        });
        Sweeper { http, data, miner }
    }

    /// Sweeps now and then every `interval` on `tasks`, until `stop` is cancelled; a sweep
    /// under way when that happens is finished first. Between sweeps, announcements due at
    /// once (a tournament's new round and its first boards) are delivered as soon as the
    /// service rings for them.
    pub fn spawn(self, tasks: &TaskTracker, stop: CancellationToken, interval: Duration) {
        tasks.spawn(async move {
            let mut ticks = tokio::time::interval(interval);
            ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    biased;
                    () = stop.cancelled() => break,
                    _ = ticks.tick() => self.sweep().await,
                    () = self.data.service.outbox_rung() => self.deliver_announcements().await,
                }
            }
            debug!("sweeper stopped");
        });
    }

    /// One sweep: the service's timed work (see
    /// [`GameService::run_due_jobs`](crate::games::GameService::run_due_jobs): deadlines, the
    /// daily puzzle's posts owed, the computer's turns), then the announcements that are due,
    /// and the search of the next game for puzzles (beside the sweeps, one at a time in this
    /// process: see [`PuzzleMiner`]). Failures are logged; the next sweep carries on.
    pub async fn sweep(&self) {
        self.data.service.run_due_jobs().await;
        self.deliver_announcements().await;
        if let Some(miner) = &self.miner {
            miner.mine_next();
        }
        self.data.sweeps_done.send_modify(|n| *n += 1);
    }

    /// Delivers the announcements that are due, up to [`ANNOUNCEMENTS_PER_SWEEP`], each
    /// claimed just before it is delivered and reported back before the next (see
    /// [`announce`]), so each claim's lease covers its own delivery only.
    async fn deliver_announcements(&self) {
        for _ in 0..ANNOUNCEMENTS_PER_SWEEP {
            let announcement = match self.data.service.next_announcement().await {
                Ok(Some(announcement)) => announcement,
                Ok(None) => return,
                Err(e) => return error!(error = %e, "could not claim a due announcement"),
            };
            let delivered = announce::deliver(&self.http, &self.data, &announcement.what).await;
            announce::report(&self.data, announcement.id, announcement.attempt, delivered).await;
        }
    }
}
