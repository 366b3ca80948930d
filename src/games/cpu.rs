//! Turns of CPU work, so that no kind of it starves another: the application makes one set
//! and every part (the services' computer and checks; the faces' pictures) shares it.
//!
//! Three limiters, sized from the cores:
//! - every picture, analysis and replay of stored games takes one of [`CpuLimits::work`]'s
//!   turns, one per core (more would only take turns on the cores, and the threads doing it
//!   would take the cores from the handlers: a handler descheduled while it holds the
//!   database's single writing connection holds up every other move); the faces' pictures are
//!   drawn by [`Workers`], threads that take those turns themselves;
//! - long work (replay GIFs, analyses, the start-up check of stored games) first takes one of
//!   [`CpuLimits::long`]'s turns, for half the cores: however much of it is asked for, boards
//!   always find a core;
//! - the computer's search takes one of [`CpuLimits::search`]'s turns, for half the cores,
//!   and nothing else: it never queues behind analyses and replays, so a clocked game against
//!   the computer is not lost on time because others asked for pictures. A search stops at its
//!   level's wall-time cap, so sharing a core with a picture costs it depth, never time.
//!
//! Work that nobody waits for (searching finished games for puzzles) takes no turn: it runs on
//! a [`Background`] thread at the lowest priority of ordinary threads, so it has the CPU that
//! play leaves and hardly any while play wants it all.

use std::sync::Arc;

use tokio::sync::{AcquireError, OwnedSemaphorePermit, Semaphore, SemaphorePermit};

/// The bot's CPU limiters (see the module). Clones share the same turns.
#[derive(Clone, Debug)]
pub struct CpuLimits {
    /// Turns of CPU work, one per core: pictures of every kind, analyses, replays of stored
    /// games.
    pub work: Arc<Semaphore>,
    /// Turns of long work (replay GIFs, analyses, the start-up check), for half the cores;
    /// each also takes a turn of [`CpuLimits::work`] while it computes.
    pub long: Arc<Semaphore>,
    /// Turns of the computer's search, for half the cores, apart from the others.
    pub search: Arc<Semaphore>,
    /// The threads that do the pictures' work, on turns of [`CpuLimits::work`].
    pub workers: Workers,
    /// How many turns [`CpuLimits::long`] and [`CpuLimits::search`] each have.
    half: usize,
}

impl CpuLimits {
    /// The limiters for `cores` cores (at least one turn of each kind).
    #[must_use]
    pub fn for_cores(cores: usize) -> CpuLimits {
        let half = (cores / 2).max(1);
        let work = Arc::new(Semaphore::new(cores.max(1)));
        CpuLimits {
            workers: Workers::start(cores.max(1), &work),
            work,
            long: Arc::new(Semaphore::new(half)),
            search: Arc::new(Semaphore::new(half)),
            half,
        }
    }

    /// The limiters for the cores of this machine (two when they can't be counted).
    #[must_use]
    pub fn for_this_machine() -> CpuLimits {
        CpuLimits::for_cores(std::thread::available_parallelism().map_or(2, std::num::NonZero::get))
    }

    /// How many turns of long work there are, and as many of the computer's search.
    #[must_use]
    pub fn long_turns(&self) -> usize {
        self.half
    }
}

/// A kind of turn, as the label of the gauge of those waiting for one
/// (`monkey_queen_cpu_turns_waiting{kind}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnKind {
    /// A turn of [`CpuLimits::work`].
    Work,
    /// A turn of [`CpuLimits::long`].
    Long,
    /// A turn of [`CpuLimits::search`].
    Search,
}

impl TurnKind {
    fn label(self) -> &'static str {
        match self {
            TurnKind::Work => "work",
            TurnKind::Long => "long",
            TurnKind::Search => "search",
        }
    }
}

/// Takes a turn of `turns` (of `kind`), counted among those waiting while none is free.
///
/// # Errors
/// The semaphore was closed.
pub async fn take_turn(
    turns: &Semaphore,
    kind: TurnKind,
) -> Result<SemaphorePermit<'_>, AcquireError> {
    if let Ok(turn) = turns.try_acquire() {
        return Ok(turn);
    }
    let _waiting = Waiting::new(kind);
    turns.acquire().await
}

/// [`take_turn`], the turn owning its share of `turns`.
///
/// # Errors
/// The semaphore was closed.
pub async fn take_owned_turn(
    turns: Arc<Semaphore>,
    kind: TurnKind,
) -> Result<OwnedSemaphorePermit, AcquireError> {
    if let Ok(turn) = turns.clone().try_acquire_owned() {
        return Ok(turn);
    }
    let _waiting = Waiting::new(kind);
    turns.acquire_owned().await
}

/// One waiter counted in the gauge until dropped (also when its wait is cancelled).
struct Waiting(TurnKind);

impl Waiting {
    fn new(kind: TurnKind) -> Waiting {
        metrics::gauge!("monkey_queen_cpu_turns_waiting", "kind" => kind.label()).increment(1.0);
        Waiting(kind)
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        metrics::gauge!("monkey_queen_cpu_turns_waiting", "kind" => self.0.label()).decrement(1.0);
    }
}

/// A job for [`Workers`].
type Job = Box<dyn FnOnce() + Send>;

/// Threads doing the pictures' CPU work, one per turn of [`CpuLimits::work`]. Each takes the
/// next job asked for, then a turn for it on its own thread, and gives the turn back as soon
/// as the job is done: a turn taken by the task that asks is held until the runtime polls that
/// task again, both to start the work and to take its result, and on a busy bot (hundreds of
/// tasks ready) the turns sat idle that long while boards waited for them.
#[derive(Clone, Debug)]
pub struct Workers {
    jobs: crossbeam_channel::Sender<Job>,
    /// The turns, for a job that finds no thread running.
    turns: Arc<Semaphore>,
}

/// The work was lost: it panicked, or the runtime is shutting down.
#[derive(Debug, thiserror::Error)]
#[error("the CPU work was lost: it panicked, or the bot is stopping")]
pub struct WorkLost;

impl Workers {
    /// Starts `threads` threads doing jobs on turns of `turns`. They end when every clone of
    /// the handle is dropped.
    fn start(threads: usize, turns: &Arc<Semaphore>) -> Workers {
        let (jobs, queue) = crossbeam_channel::unbounded::<Job>();
        for i in 0..threads {
            let (queue, turns) = (queue.clone(), turns.clone());
            let started = std::thread::Builder::new()
                .name(format!("cpu-work-{i}"))
                .spawn(move || {
                    for job in queue {
                        // Closed only when the bot stops.
                        let Ok(_turn) = futures_executor::block_on(turns.acquire()) else {
                            return;
                        };
                        // A job that panics loses its answer (its caller sees the channel
                        // closed), not the thread.
                        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                    }
                });
            if let Err(error) = started {
                tracing::warn!(%error, "could not start a CPU work thread");
            }
        }
        Workers {
            jobs,
            turns: turns.clone(),
        }
    }

    /// Runs `work` once a thread and a turn are free, after the jobs asked for before it;
    /// counted among those waiting for a turn of work until it starts.
    ///
    /// # Errors
    /// The work panicked, or the bot is stopping.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, WorkLost> {
        let (answer, result) = tokio::sync::oneshot::channel();
        let waiting = Waiting::new(TurnKind::Work);
        let job: Job = Box::new(move || {
            drop(waiting);
            // Unless whoever asked has gone.
            if !answer.is_closed() {
                let _ = answer.send(work());
            }
        });
        if let Err(crossbeam_channel::SendError(job)) = self.jobs.send(job) {
            // No thread could be started: a blocking thread of the runtime does it.
            let _turn = self.turns.acquire().await.map_err(|_| WorkLost)?;
            tokio::task::spawn_blocking(job)
                .await
                .map_err(|_| WorkLost)?;
        }
        result.await.map_err(|_| WorkLost)
    }
}

/// A thread of its own for work nobody waits for, at the lowest priority of ordinary threads
/// (nice 19 on Linux): under load it gets about a seventieth of a core where play's threads
/// want it all, on an idle machine all it asks for. One job at a time, in the order given.
#[derive(Clone, Debug)]
pub struct Background {
    jobs: std::sync::mpsc::Sender<Box<dyn FnOnce() + Send>>,
}

impl Background {
    /// Starts the thread, named `name` (as `top -H` and `/proc/PID/task/*/comm` show it; at
    /// most 15 bytes on Linux). It ends when every clone of the handle is dropped.
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn start(name: &str) -> std::io::Result<Background> {
        let (jobs, queue) = std::sync::mpsc::channel::<Box<dyn FnOnce() + Send>>();
        std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                lower_own_priority();
                for job in queue {
                    // A job that panics loses its answer (its caller sees the channel closed),
                    // not the thread.
                    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
                }
            })?;
        Ok(Background { jobs })
    }

    /// Runs `work` on the thread after the jobs given before it; its result comes on the
    /// channel returned, which closes without one if `work` panics.
    pub fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> tokio::sync::oneshot::Receiver<T> {
        let (answer, result) = tokio::sync::oneshot::channel();
        let job = Box::new(move || {
            let _ = answer.send(work());
        });
        // The thread only ends once every handle is gone, so it takes the job; were it gone,
        // the answer's sender is dropped with the job and the channel closes.
        let _ = self.jobs.send(job);
        result
    }
}

/// Lowers the calling thread's priority to nice 19 (Linux keeps a nice value per thread).
#[cfg(target_os = "linux")]
fn lower_own_priority() {
    // SAFETY: `setpriority` only reads its integer arguments; `who = 0` is the calling thread.
    let done = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 19) };
    if done != 0 {
        tracing::warn!(error = %std::io::Error::last_os_error(), "could not lower a background thread's priority");
    }
}

/// Elsewhere the thread keeps the ordinary priority.
#[cfg(not(target_os = "linux"))]
fn lower_own_priority() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_background_thread_runs_its_jobs_in_order_at_the_lowest_priority() {
        let thread = Background::start("test-background").unwrap();
        let panicked = thread.run(|| -> u8 { panic!("a job that panics") });
        let name = thread.run(|| std::thread::current().name().map(str::to_owned));
        assert!(panicked.await.is_err(), "a panic closes the job's channel");
        assert_eq!(
            name.await.unwrap().as_deref(),
            Some("test-background"),
            "the thread outlives a job that panicked"
        );
        #[cfg(target_os = "linux")]
        {
            // SAFETY: `getpriority` only reads its integer arguments.
            let nice = thread.run(|| unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) });
            assert_eq!(nice.await.unwrap(), 19);
            // SAFETY: as above.
            let own = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
            assert_ne!(own, 19, "only the background thread is lowered");
        }
    }

    #[tokio::test]
    async fn workers_take_a_turn_for_each_job_on_their_own_threads() {
        let limits = CpuLimits::for_cores(2);
        let name = limits
            .workers
            .run(|| std::thread::current().name().map(str::to_owned))
            .await
            .unwrap();
        assert!(name.is_some_and(|name| name.starts_with("cpu-work-")));
        assert!(
            limits
                .workers
                .run(|| -> u8 { panic!("a job that panics") })
                .await
                .is_err(),
            "a panic loses the job's answer"
        );
        assert_eq!(limits.workers.run(|| 7).await.unwrap(), 7, "not the thread");

        // While every turn is taken elsewhere, jobs wait for one; then each runs holding one.
        let held = limits.work.clone().acquire_many_owned(2).await.unwrap();
        let work = limits.work.clone();
        let job = tokio::spawn({
            let workers = limits.workers.clone();
            async move { workers.run(move || work.available_permits()).await }
        });
        tokio::task::yield_now().await;
        assert!(!job.is_finished());
        drop(held);
        assert_eq!(
            job.await.unwrap().unwrap(),
            1,
            "the job holds one turn of two"
        );
        assert_eq!(limits.work.available_permits(), 2, "and gives it back");
    }

    #[test]
    fn long_work_and_searches_each_get_half_the_cores_and_at_least_one() {
        let two = CpuLimits::for_cores(2);
        assert_eq!(two.work.available_permits(), 2);
        assert_eq!(two.long.available_permits(), 1);
        assert_eq!(two.search.available_permits(), 1);
        assert_eq!(two.long_turns(), 1);
        let one = CpuLimits::for_cores(1);
        assert_eq!((one.work.available_permits(), one.long_turns()), (1, 1));
        let eight = CpuLimits::for_cores(8);
        assert_eq!(
            (
                eight.work.available_permits(),
                eight.search.available_permits()
            ),
            (8, 4)
        );
    }
}
