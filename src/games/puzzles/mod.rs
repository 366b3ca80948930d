//! Puzzles: a position from a game where one move wins, and the line after it (see
//! `docs/puzzles.md`), in a service of their own ([`PuzzleService`], reached through
//! [`GameService::puzzles`]):
//!
//! - `catalogue`: the puzzles stored (the starter set shipped with the bot, those mined from
//!   games), counted, read back, and the JSON lines they are written as;
//! - `attempts`: `/puzzle` gives a player a puzzle they never had, near their puzzle rating; a
//!   right move plays the defender's reply and asks for the next; a wrong move (or asking for
//!   the solution) ends it. Both the player and the puzzle are rated by Glicko-2 as a game's
//!   players are (the puzzle "wins" when the player fails);
//! - `daily`: the daily puzzle, the same for everyone on a [`Day`] (UTC), tried as often as
//!   one likes, unrated; who solved it first, and in how many tries, is its leaderboard; its
//!   post in each server's chosen channel is owed once a day in the outbox;
//! - `mining`: the puzzles of the bot's finished rated games, found and confirmed by the one
//!   function the command line also calls, the games claimed in the database.
//!
//! An attempt moves on by compare-and-swap on its step, in one transaction with the ratings,
//! so two clicks at once apply once.

mod attempts;
mod catalogue;
mod daily;
mod mining;

use monkey_queen_core::puzzle::Theme;
use monkey_queen_core::{Color, Move, Position};

use super::{GameId, GameService, Result, UserError};
use crate::model::{Day, PuzzleId};
use crate::storage::{self, AttemptRow, Conn, PuzzleRow};

pub use attempts::{Verdict, judge_move};
pub use catalogue::{puzzle_line, read_puzzle_lines};
pub use daily::DAILY_SOLVERS_SHOWN;
pub(super) use daily::daily_post;
pub use mining::{
    CONFIRM_FACTOR, GameToMine, MINING_CLAIMS, MINING_LEASE_MS, Mined, MiningDepth, MiningOutcome,
    PuzzleMiner, PuzzleSearch, mine,
};

/// The puzzles' service: the catalogue, the players' attempts and puzzle ratings, the daily
/// puzzle and its posts, and the mining of finished games. Built on the game service (see
/// [`GameService::puzzles`]), whose database, clock and outbox it shares.
#[derive(Clone)]
pub struct PuzzleService {
    games: GameService,
}

impl GameService {
    /// The puzzles' service, over this game service.
    #[must_use]
    pub fn puzzles(&self) -> PuzzleService {
        PuzzleService {
            games: self.clone(),
        }
    }
}

/// A puzzle as its solver sees it now.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleView {
    /// Its number.
    pub id: PuzzleId,
    /// The position now: the puzzle's, with the solution's moves played so far.
    pub position: Position,
    /// The side the player plays.
    pub solver: Color,
    /// The solution's moves played so far (the player's and the replies).
    pub played: Vec<Move>,
    /// How many moves the player makes in all.
    pub solver_moves: usize,
    /// What it shows.
    pub themes: Vec<Theme>,
    /// Its rating now.
    pub rating: f64,
    /// The daily puzzle's day, when it is that.
    pub day: Option<Day>,
    /// Wrong moves made so far (the daily puzzle may be tried again).
    pub tries: u32,
    /// The stored game it comes from, and the plies played there before it.
    pub game: Option<(GameId, u32)>,
}

impl PuzzleView {
    /// Which of the player's moves comes next (0 for the first).
    #[must_use]
    pub fn solver_step(&self) -> usize {
        self.played.len() / 2
    }

    /// The step (plies played) a button made now refers to.
    #[must_use]
    pub fn step(&self) -> u32 {
        u32::try_from(self.played.len()).unwrap_or(u32::MAX)
    }
}

/// A player's puzzle rating before and after an attempt.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatingChange {
    /// Before.
    pub before: f64,
    /// After.
    pub after: f64,
}

/// What a move in a puzzle did.
#[derive(Debug, Clone, PartialEq)]
pub enum PuzzleAnswer {
    /// The right move: the defender replied, and the player moves again.
    Right {
        /// The puzzle after the reply.
        puzzle: PuzzleView,
        /// The player's move.
        mv: Move,
        /// The defender's reply.
        reply: Move,
    },
    /// Solved.
    Solved {
        /// The puzzle after the last move.
        puzzle: PuzzleView,
        /// The player's last move.
        mv: Move,
        /// Their puzzle rating's change, for a rated attempt.
        rating: Option<RatingChange>,
    },
    /// A wrong move: the puzzle as it was before it, and the rest of the solution.
    Wrong {
        /// The puzzle before the wrong move.
        puzzle: PuzzleView,
        /// The wrong move.
        mv: Move,
        /// The solution from there.
        solution: Vec<Move>,
        /// Their puzzle rating's change, for a rated attempt.
        rating: Option<RatingChange>,
        /// Whether the player may try again (the daily puzzle).
        retry: bool,
    },
}

/// A player's puzzle rating and record.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleStats {
    /// Their puzzle rating (1500 before their first).
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Puzzles solved.
    pub solved: u32,
    /// Puzzles failed.
    pub failed: u32,
    /// Puzzles solved in a row, up to the latest.
    pub streak: u32,
    /// The longest such run.
    pub best_streak: u32,
}

/// The view of an attempt as stored.
async fn attempt_view(conn: &mut Conn, attempt: &AttemptRow) -> Result<PuzzleView> {
    let row = storage::puzzle(conn, attempt.puzzle)
        .await?
        .ok_or(UserError::NoSuchPuzzle(attempt.puzzle))?;
    view_of(&row, attempt.step, attempt.day, attempt.tries)
}

/// The puzzle `row` with `step` plies of its solution played.
fn view_of(row: &PuzzleRow, step: u32, day: Option<Day>, tries: u32) -> Result<PuzzleView> {
    let mut position = Position::from_text(&row.position)
        .map_err(|e| corrupt_puzzle(row.id, &format!("position: {e}")))?;
    let solver = position.turn();
    let solution = solution_of(row)?;
    let played: Vec<Move> = solution.iter().take(step as usize).copied().collect();
    for mv in &played {
        position
            .play(mv.text())
            .map_err(|e| corrupt_puzzle(row.id, &format!("{mv}: {e:?}")))?;
    }
    Ok(PuzzleView {
        id: row.id,
        position,
        solver,
        played,
        solver_moves: solution.len().div_ceil(2),
        themes: row
            .themes
            .split(',')
            .filter_map(|t| t.parse().ok())
            .collect(),
        rating: row.rating.rating,
        day,
        tries,
        game: row.game,
    })
}

/// The solution's moves, checked against the position.
fn solution_of(row: &PuzzleRow) -> Result<Vec<Move>> {
    let mut position = Position::from_text(&row.position)
        .map_err(|e| corrupt_puzzle(row.id, &format!("position: {e}")))?;
    row.solution
        .split_whitespace()
        .map(|text| {
            position
                .play_str(text)
                .map_err(|e| corrupt_puzzle(row.id, &format!("{text}: {e}")))
        })
        .collect()
}

/// A stored puzzle that can't be rebuilt.
fn corrupt_puzzle(puzzle: PuzzleId, detail: &str) -> super::ServiceError {
    super::InternalError::CorruptPuzzle {
        puzzle,
        detail: detail.to_owned(),
    }
    .into()
}
