//! Turns of CPU work, so that no kind of it starves another: the application makes one set
//! and every part (the services' computer, mining and checks; the faces' pictures) shares it.
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

#[cfg(test)]
mod tests {
    use super::*;

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
