//! The background job that mines the bot's finished rated games for puzzles: one game at a
//! time in this process, started by a timed sweep ([`PuzzleMiner::mine_next`]) unless one is
//! under way. Each search claims the next game, searches it on the miner's [`Background`]
//! thread (the CPU play leaves: it takes no turn of CPU work) while renewing the claim, and
//! reports.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::time::{Instant, MissedTickBehavior};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{error, info, warn};

use super::super::PuzzleService;
use super::{GameToMine, MINING_LEASE_MS, Mined, MiningDepth, mine};
use crate::games::{Background, GameId, Result};

/// How often a searcher renews its claim: a quarter of the lease.
const RENEW_EVERY: Duration = Duration::from_millis(MINING_LEASE_MS.unsigned_abs() / 4);

/// Searches finished games for puzzles in the background (see the module).
#[derive(Clone)]
pub struct PuzzleMiner {
    puzzles: PuzzleService,
    /// The thread the searches run on.
    thread: Background,
    tasks: TaskTracker,
    /// Cancelled at shutdown: a search under way gives up between positions.
    stop: CancellationToken,
    /// Whether a search of this miner runs.
    busy: Arc<AtomicBool>,
    depth: MiningDepth,
}

/// What one game's search came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MiningOutcome {
    /// Searched, and the game marked so.
    Stored {
        /// Puzzles found.
        found: usize,
        /// Of those, confirmed by the deeper search.
        confirmed: usize,
        /// Of those, new (not stored before).
        added: u64,
    },
    /// The search failed for this reason: the game is marked with it, never searched again.
    Failed(String),
    /// Stopped at shutdown: the claim was given back, the game is searched again later.
    Stopped,
    /// The claim lapsed and another searcher took the game: nothing was stored.
    Lost,
}

/// How the search itself ended.
enum Searched {
    /// It ran to its end.
    Done(Mined),
    /// It was stopped: at shutdown, or because the claim was lost.
    Stopped,
    /// It failed (the search panicked).
    Failed(String),
}

impl PuzzleMiner {
    /// A miner of the finished games of `puzzles`' database at the default depth, searching
    /// on `thread`; its tasks run on `tasks`, and give up between positions when `stop` is
    /// cancelled.
    #[must_use]
    pub fn new(
        puzzles: PuzzleService,
        thread: Background,
        tasks: TaskTracker,
        stop: CancellationToken,
    ) -> PuzzleMiner {
        PuzzleMiner {
            puzzles,
            thread,
            tasks,
            stop,
            busy: Arc::default(),
            depth: MiningDepth::default(),
        }
    }

    /// The same miner searching at `depth`.
    #[must_use]
    pub fn with_depth(self, depth: MiningDepth) -> PuzzleMiner {
        PuzzleMiner { depth, ..self }
    }

    /// Starts searching the next game on the miner's tasks, unless a search of this miner
    /// runs. Never blocks; the outcome is logged.
    pub fn mine_next(&self) {
        if self.busy.swap(true, Ordering::AcqRel) {
            return;
        }
        let miner = self.clone();
        self.tasks.spawn(async move {
            let _free = Free(miner.busy.clone());
            match miner.mine_one().await {
                Ok(None) => {}
                Ok(Some((game, MiningOutcome::Failed(why)))) => {
                    warn!(%game, error = %why, "the search of a game for puzzles failed");
                }
                Ok(Some((game, outcome))) => info!(%game, ?outcome, "searched a game for puzzles"),
                Err(e) => error!(error = %e, "could not search a game for puzzles"),
            }
        });
    }

    /// Searches the next game, here and now (on the miner's thread), and reports it: which
    /// game, and what came of it; `None` when there is no game to search (or at shutdown,
    /// before one was claimed).
    ///
    /// # Errors
    /// Internal errors only; a claim they leave lapses with its lease.
    pub async fn mine_one(&self) -> Result<Option<(GameId, MiningOutcome)>> {
        if self.stop.is_cancelled() {
            return Ok(None);
        }
        let Some(job) = self.puzzles.next_game_to_mine().await? else {
            return Ok(None);
        };
        let outcome = match self.search(&job).await {
            (Searched::Done(mined), _) => match self.puzzles.mined(&job, &mined.confirmed).await {
                Ok(Some(added)) => MiningOutcome::Stored {
                    found: mined.found,
                    confirmed: mined.confirmed.len(),
                    added,
                },
                Ok(None) => MiningOutcome::Lost,
                Err(e) => self.failed(&job, e.to_string()).await?,
            },
            (Searched::Failed(why), _) => self.failed(&job, why).await?,
            (Searched::Stopped, true) => MiningOutcome::Lost,
            (Searched::Stopped, false) => {
                self.puzzles.release_mining(&job).await?;
                MiningOutcome::Stopped
            }
        };
        Ok(Some((job.game, outcome)))
    }

    /// Searches `job`'s game on the miner's thread, renewing the claim meanwhile; stopped if
    /// the miner stops or the claim is lost (then `true`).
    async fn search(&self, job: &GameToMine) -> (Searched, bool) {
        let stop = self.stop.child_token();
        let running = {
            let (stop, depth) = (stop.clone(), self.depth);
            let (record, label) = (job.record.clone(), format!("game {}", job.game));
            let stopped = {
                let stop = stop.clone();
                move || stop.is_cancelled()
            };
            let searching = self
                .thread
                .run(move || mine(&record, &label, &depth, &stopped));
            async move {
                // A stop does not wait for the position being searched (seconds in a debug
                // build): the search gives up at the next one, and nothing waits for its result.
                tokio::select! {
                    searched = searching => match searched {
                        Ok(Some(mined)) => Searched::Done(mined),
                        Ok(None) => Searched::Stopped,
                        Err(_) => Searched::Failed("the search panicked".to_owned()),
                    },
                    () = stop.cancelled() => Searched::Stopped,
                }
            }
        };
        tokio::pin!(running);
        let mut renew = tokio::time::interval_at(Instant::now() + RENEW_EVERY, RENEW_EVERY);
        renew.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut lost = false;
        loop {
            tokio::select! {
                searched = &mut running => return (searched, lost),
                _ = renew.tick(), if !lost => match self.puzzles.renew_mining(job).await {
                    Ok(true) => {}
                    Ok(false) => {
                        warn!(game = %job.game, "lost the claim of a game being searched");
                        lost = true;
                        stop.cancel();
                    }
                    Err(e) => warn!(game = %job.game, error = %e, "could not renew a claim"),
                },
            }
        }
    }

    /// Marks `job`'s game failed with `why`: [`MiningOutcome::Failed`], or
    /// [`MiningOutcome::Lost`] if the claim was lost meanwhile.
    async fn failed(&self, job: &GameToMine, why: String) -> Result<MiningOutcome> {
        Ok(if self.puzzles.mining_failed(job, &why).await? {
            MiningOutcome::Failed(why)
        } else {
            MiningOutcome::Lost
        })
    }
}

/// Frees the miner for the next search when its task ends, however it ends.
struct Free(Arc<AtomicBool>);

impl Drop for Free {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}
