//! The computer's turns: searched on a blocking thread, played through [`GameService::play`]
//! like any player's move, and published ([`GameEvent::MovedAway`]) for the faces to show.
//!
//! A turn the computer owes lives in the database (an active game where it is to move), so it
//! outlives the process that was thinking about it. In this process, each such game is worked
//! on by at most one task ([`TurnClaim`]); the play itself is a compare-and-swap on the ply,
//! like any move. Across processes, the turn at each ply is claimed in the database for the
//! length of a search ([`GameService::claim_computer_turn`]), so exactly one process thinks
//! about it. The tasks run on the tracker the service was given: when its stop is cancelled a
//! search under way is abandoned (the turn is still owed, and the next start picks it up), a
//! move being played is finished. [`GameService::resume_computer_turns`] picks up the turns
//! nobody works on: every owed turn at its first call after start, then those that lost their
//! worker.
//!
//! Searches take turns of their own (the `search` semaphore), so they never queue behind
//! analyses and replays.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use monkey_queen_core::search::{self, Level};
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{error, info, warn};

use super::events::GameEvent;
use super::view;
use super::{
    GameId, GameRef, GameService, GameView, InternalError, PlayRequest, Result, ServiceError,
};
use crate::storage;

/// How long a process's claim of a computer's turn keeps others off it: twice the hardest
/// search's time limit, and short enough that a turn whose process died is soon taken up.
pub const COMPUTER_TURN_LEASE_MS: i64 = 10_000;

/// The most turns [`GameService::computer_turns`] returns at once: a sweep's work stays
/// bounded however many are owed, and the rest come up in the sweeps after.
pub const COMPUTER_TURNS_PER_SWEEP: u32 = 100;

/// The computer's turns this process works on, and where their tasks run.
pub struct Computer {
    /// The games a task is working on now.
    working: Mutex<HashSet<GameId>>,
    /// The owed turns nobody worked on when last looked at, with their ply; `None` until the
    /// first look.
    unattended: Mutex<Option<HashMap<GameId, u32>>>,
    /// Where the tasks run; shutdown waits for them.
    tasks: TaskTracker,
    /// Cancelled at shutdown: searches under way are abandoned.
    stop: CancellationToken,
    /// Turns of the search, apart from other CPU work.
    search: Arc<Semaphore>,
}

impl Computer {
    /// No turn worked on yet; tasks run on `tasks`, take one of `search`'s permits while they
    /// search, and give up their search when `stop` is cancelled.
    #[must_use]
    pub fn new(tasks: TaskTracker, stop: CancellationToken, search: Arc<Semaphore>) -> Computer {
        Computer {
            working: Mutex::default(),
            unattended: Mutex::default(),
            tasks,
            stop,
            search,
        }
    }

    fn claim(self: &Arc<Self>, game: GameId) -> Option<TurnClaim> {
        lock(&self.working).insert(game).then(|| TurnClaim {
            game,
            computer: self.clone(),
        })
    }

    /// Of the owed turns, those nobody works on that were left alone, at the same ply, when
    /// last looked at too. A move that makes it the computer's turn claims that turn as soon
    /// as it is stored, so a turn seen unattended twice in a row has lost its worker (to an
    /// earlier process, or to a failure) rather than not yet got one. At the first look,
    /// right after start, every owed turn nobody works on.
    fn orphans(&self, owed: Vec<GameView>) -> Vec<GameView> {
        let working = lock(&self.working);
        let mut unattended = lock(&self.unattended);
        let before = unattended.replace(HashMap::new());
        let mut orphans = Vec::new();
        for game in owed {
            if working.contains(&game.id) {
                continue;
            }
            let left_alone = before
                .as_ref()
                .is_none_or(|before| before.get(&game.id) == Some(&game.ply()));
            if left_alone {
                orphans.push(game);
            } else if let Some(unattended) = unattended.as_mut() {
                unattended.insert(game.id, game.ply());
            }
        }
        orphans
    }
}

/// One task's claim of a game's computer turns: nobody else in this process works on that
/// game until it is dropped. Hand it to [`GameService::play_computer`].
pub struct TurnClaim {
    game: GameId,
    computer: Arc<Computer>,
}

impl Drop for TurnClaim {
    fn drop(&mut self) {
        lock(&self.computer.working).remove(&self.game);
    }
}

/// A lock whose holder panicked still guards plain sets: carry on with them.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl GameService {
    /// Claims the computer's turn in `game` if it is to move there and no task of this
    /// process is on it yet: done as soon as the move before it is stored, so the sweep does
    /// not take it too. The turn is then played by [`Self::play_computer`]. `None` without a
    /// computer (see [`Self::with_computer`]).
    #[must_use]
    pub fn claim_computer_reply(&self, game: &GameView) -> Option<TurnClaim> {
        let computer = self.computer.as_ref()?;
        self.computer_to_move(game)
            .then(|| computer.claim(game.id))
            .flatten()
    }

    /// Plays the claimed turn in `game`, and any that follow, in the background until it is a
    /// person's turn or the game ends, publishing each move. Never blocks the caller; without
    /// a claim, does nothing.
    pub fn play_computer(&self, claim: Option<TurnClaim>, game: GameView) {
        let Some(claim) = claim else {
            return;
        };
        let service = self.clone();
        claim.computer.tasks.clone().spawn(async move {
            let id = game.id;
            if let Err(e) = service.play_turns(&claim.computer, game).await {
                error!(game = %id, error = %e, "the computer's move failed");
            }
            drop(claim);
        });
    }

    /// Works on the computer's turns that nobody works on: every owed turn at the first call
    /// after start, then those that lost their worker (see the module). Called by each sweep.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn resume_computer_turns(&self) -> Result<()> {
        let Some(computer) = &self.computer else {
            return Ok(());
        };
        let owed = self.computer_turns().await?;
        for game in computer.orphans(owed) {
            warn!(game = %game.id, ply = game.ply(), "the computer's turn had no worker; taking it");
            let claim = self.claim_computer_reply(&game);
            self.play_computer(claim, game);
        }
        Ok(())
    }

    fn computer_to_move(&self, game: &GameView) -> bool {
        game.is_active() && game.to_move.is_some() && game.to_move == self.config.bot_user
    }

    async fn play_turns(&self, computer: &Computer, mut game: GameView) -> Result<()> {
        let (stop, Some(bot)) = (&computer.stop, self.config.bot_user) else {
            return Ok(());
        };
        while self.computer_to_move(&game) && !stop.is_cancelled() {
            let position = game.position.clone();
            let level = game.ai_level.unwrap_or(Level::Medium);
            let seed = (game.id.0 as u64).wrapping_mul(1_000_003) ^ u64::from(game.ply());
            let search = async {
                let Ok(_turn) = super::take_turn(&computer.search, super::TurnKind::Search).await
                else {
                    return Ok(None);
                };
                // Claimed once a turn is ours, so the lease covers the search, not the queue.
                if !self.claim_computer_turn(game.id, game.ply()).await? {
                    return Ok(None);
                }
                let found =
                    tokio::task::spawn_blocking(move || search::best_move(&position, level, seed));
                let found = found
                    .await
                    .map_err(|e| InternalError::Worker(format!("the computer's search: {e}")))?;
                Ok::<_, ServiceError>(found)
            };
            let found = tokio::select! {
                biased;
                () = stop.cancelled() => {
                    info!(game = %game.id, "shutting down: the computer's turn is left for the next start");
                    return Ok(());
                }
                found = search => found?,
            };
            // Another process thinks about this turn (or the game moved on), or no move was
            // found.
            let Some(found) = found else {
                return Ok(());
            };
            let text = found.mv.to_string();
            let request = PlayRequest {
                user: bot,
                game: GameRef::Id(game.id),
                text: &text,
                expected_ply: Some(game.ply()),
                request_key: None,
            };
            match self.play(request).await {
                Ok(played) => {
                    game = played.game.clone();
                    self.publish(GameEvent::MovedAway(Arc::new(played)));
                }
                Err(ServiceError::User(refusal)) => {
                    // The game moved on without us (a resignation, a timeout): nothing to do.
                    warn!(game = %game.id, ?refusal, "the computer's move was refused");
                    return Ok(());
                }
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

impl GameService {
    /// The turns the computer owes that no process is thinking about: the active games
    /// where it is to move and nobody holds a live claim of its turn (see
    /// [`Self::claim_computer_turn`]), oldest first, at most [`COMPUTER_TURNS_PER_SWEEP`]. One
    /// query, through an index of those games alone.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn computer_turns(&self) -> Result<Vec<GameView>> {
        let Some(bot) = self.config.bot_user else {
            return Ok(Vec::new());
        };
        let mut conn = self.db.read().await?;
        let owed = storage::computer_turns(&mut conn, bot, self.now_ms(), COMPUTER_TURNS_PER_SWEEP)
            .await?;
        owed.into_iter()
            .map(|turn| {
                let position = view::position_of(&turn.game)?;
                let last_move =
                    super::last_move_of(&turn.game, &position, turn.last_move.as_deref())?;
                Ok(view::view(turn.game, position, last_move))
            })
            .collect()
    }

    /// Claims the computer's turn at `ply` of `game` for this process, for
    /// [`COMPUTER_TURN_LEASE_MS`]: `false` if the game moved on or another process holds the
    /// claim. With several bot processes, exactly one thinks about each turn; if it dies, the
    /// turn can be claimed again once the lease is over.
    ///
    /// # Errors
    /// Internal errors only.
    pub async fn claim_computer_turn(&self, game: GameId, ply: u32) -> Result<bool> {
        let mut conn = self.db.write().await?;
        let now = self.now_ms();
        let lease = COMPUTER_TURN_LEASE_MS;
        Ok(storage::claim_computer_turn(&mut conn, game, ply, now, lease).await?)
    }
}
