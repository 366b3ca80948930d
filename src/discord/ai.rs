//! The computer's turns: searched on a blocking thread, played through the service like any
//! player's move, and posted as a normal board message.
//!
//! A turn the computer owes lives in the database (an active game where it is to move), so it
//! outlives the process that was thinking about it. In this process, each such game is worked on
//! by at most one task ([`Turns::claim`]); the play itself is a compare-and-swap on the ply, like
//! any move. Across processes, the turn at each ply is claimed in the database for the length
//! of a search ([`GameService::claim_computer_turn`](crate::games::GameService::claim_computer_turn)),
//! so exactly one process thinks about it. The tasks run on the bot's background tracker: at shutdown a search under way is
//! abandoned (the turn is still owed, and the next start picks it up), a move being played and
//! its board are finished. The sweeper picks up the turns nobody works on, every owed turn at
//! its first sweep after start (see [`Turns::orphans`]).
//!
//! Searches take turns of their own ([`Data::search_turn`]), so they never queue behind
//! analyses and replays.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use monkey_queen_core::search::{self, Level};
use poise::serenity_prelude::Http;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tracing::{error, info, warn};

use super::announce;
use super::reply::split;
use super::{Data, Error};
use crate::games::{GameId, GameRef, GameView, PlayRequest};

/// The computer's turns this process works on, and where their tasks run.
pub struct Turns {
    /// The games a task is working on now.
    working: Mutex<HashSet<GameId>>,
    /// The owed turns nobody worked on when the sweeper last looked, with their ply; `None`
    /// until it first looks.
    unattended: Mutex<Option<HashMap<GameId, u32>>>,
    /// The bot's background tasks, which shutdown waits for.
    tasks: TaskTracker,
    /// Cancelled at shutdown: searches under way are abandoned.
    stop: CancellationToken,
}

/// The claim of one game's turns by one task: nobody else in this process works on that game
/// until it is dropped.
pub struct Claim {
    game: GameId,
    turns: Arc<Turns>,
}

impl Drop for Claim {
    fn drop(&mut self) {
        lock(&self.turns.working).remove(&self.game);
    }
}

impl Turns {
    /// No turn worked on yet; tasks run on `tasks` and give up their search when `stop` is
    /// cancelled.
    pub fn new(tasks: TaskTracker, stop: CancellationToken) -> Turns {
        Turns {
            working: Mutex::default(),
            unattended: Mutex::default(),
            tasks,
            stop,
        }
    }

    /// Claims `game` for the caller, unless a task is working on it already.
    pub fn claim(self: &Arc<Self>, game: GameId) -> Option<Claim> {
        lock(&self.working).insert(game).then(|| Claim {
            game,
            turns: self.clone(),
        })
    }

    /// Of the owed turns, those nobody works on that were left alone, at the same ply, when the
    /// sweeper last looked too. A handler that plays a move claims the computer's reply as soon
    /// as the move is stored, so a turn seen unattended twice in a row has lost its worker (to
    /// an earlier process, or to a failure) rather than not yet got one.
    ///
    /// At the sweeper's first look, right after start, every owed turn nobody works on: the
    /// turns an earlier process left are taken up at once. One that a handler has just stored
    /// and not claimed yet may be among them; it is played once all the same, by whichever
    /// task claims it first.
    pub fn orphans(&self, owed: Vec<GameView>) -> Vec<GameView> {
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

/// A lock whose holder panicked still guards plain sets: carry on with them.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Claims the computer's turn in `game` if it is to move there and no task is on it yet. Done
/// as soon as the move before it is stored; the turn is then played by [`play`].
pub fn claim(data: &Data, game: &GameView) -> Option<Claim> {
    computer_to_move(data, game)
        .then(|| data.computer.claim(game.id))
        .flatten()
}

/// Plays the claimed turn in `game`, and any that follow, in the background until it is a
/// person's turn or the game ends; the boards speak the game's language. Never blocks the
/// caller; without a claim, does nothing.
pub fn play(claim: Option<Claim>, http: Arc<Http>, data: Data, game: GameView) {
    let Some(claim) = claim else {
        return;
    };
    let tasks = data.computer.tasks.clone();
    tasks.spawn(async move {
        let id = game.id;
        if let Err(e) = play_turns(&http, &data, game).await {
            error!(game = %id, error = %e, "the computer's move failed");
        }
        drop(claim);
    });
}

/// Claims and plays the computer's turn in `game` (see [`claim`] and [`play`]).
pub fn take_turn(http: Arc<Http>, data: Data, game: GameView) {
    let claim = claim(&data, &game);
    play(claim, http, data, game);
}

fn computer_to_move(data: &Data, game: &GameView) -> bool {
    game.is_active() && game.to_move == Some(data.bot_user)
}

/// The computer's level in a game (medium when none was stored).
fn level(level: Option<Level>) -> Level {
    level.unwrap_or(Level::Medium)
}

async fn play_turns(http: &Http, data: &Data, mut game: GameView) -> Result<(), Error> {
    let stop = &data.computer.stop;
    while computer_to_move(data, &game) && !stop.is_cancelled() {
        let position = game.position.clone();
        let level = level(game.ai_level);
        let seed = (game.id.0 as u64).wrapping_mul(1_000_003) ^ u64::from(game.ply());
        let search = async {
            let _turn = data.search_turn().await?;
            // Claimed once a turn is ours, so the lease covers the search, not the queue.
            let claimed = data.service.claim_computer_turn(game.id, game.ply()).await;
            if split(claimed)? != Ok(true) {
                return Ok(None);
            }
            let found =
                tokio::task::spawn_blocking(move || search::best_move(&position, level, seed));
            Ok::<_, Error>(Some(found.await?))
        };
        let found = tokio::select! {
            biased;
            () = stop.cancelled() => {
                info!(game = %game.id, "shutting down: the computer's turn is left for the next start");
                return Ok(());
            }
            found = search => found?,
        };
        // Another process thinks about this turn (or the game moved on), or no move was found.
        let Some(Some(found)) = found else {
            return Ok(());
        };
        let text = found.mv.to_string();
        let request = PlayRequest {
            user: data.bot_user,
            game: GameRef::Id(game.id),
            text: &text,
            expected_ply: Some(game.ply()),
            request_key: None,
        };
        match split(data.service.play(request).await)? {
            Ok(played) => {
                // Delivered here at once; the outbox retries it if this fails.
                let delivered = announce::board_after_move(http, data, &played.game).await;
                if let Some(id) = played.announcement {
                    announce::report(data, id, 0, delivered).await;
                }
                game = played.game;
            }
            Err(refusal) => {
                // The game moved on without us (a resignation, a timeout): nothing to do.
                warn!(game = %game.id, %refusal, "the computer's move was refused");
                return Ok(());
            }
        }
    }
    Ok(())
}
