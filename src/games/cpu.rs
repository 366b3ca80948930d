//! Turns of CPU work, so that no kind of it starves another: the application makes one set
//! and every part (the services' computer and checks; the faces' pictures) shares it.
//!
//! Three limiters, sized from the cores:
//! - every picture, analysis and replay of stored games takes one of [`CpuLimits::work`]'s
//!   turns, one per core (more would only take turns on the cores, and the threads doing it
//!   would take the cores from the handlers: a handler descheduled while it holds the
//!   database's single writing connection holds up every other move);
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
    /// How many turns [`CpuLimits::long`] and [`CpuLimits::search`] each have.
    half: usize,
}

impl CpuLimits {
    /// The limiters for `cores` cores (at least one turn of each kind).
    #[must_use]
    pub fn for_cores(cores: usize) -> CpuLimits {
        let half = (cores / 2).max(1);
        CpuLimits {
            work: Arc::new(Semaphore::new(cores.max(1))),
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
