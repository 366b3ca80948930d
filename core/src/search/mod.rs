//! The computer opponent: an alpha-beta search over [`Position`]s, with playing levels.
//!
//! The search deepens iteratively within a node budget and a time cap, with a
//! Zobrist-hashed transposition table and move ordering that tries queen captures, safe
//! captures, threats and killer moves first. Its evaluation ([`evaluate`]) weighs material,
//! queen height (and a low queen's shortage of moves, R5.2), mobility, pieces with a clear
//! line to the queen and the babies' approach. Before searching, it takes any immediate win
//! (R7.1, R7.2) and sets aside the moves that let the opponent take its queen at once.
//!
//! [`best_move`] is a plain blocking function over `Send` data: call it from any thread (a
//! bot should use a blocking thread pool). For a given position, level and seed it always
//! returns the same move, unless the level's wall-time safety cap cuts the search short.
//!
//! ```
//! use monkey_queen_core::{GameOptions, Position};
//! use monkey_queen_core::search::{self, Level};
//!
//! let pos = Position::start(GameOptions::default());
//! let found = search::best_move(&pos, Level::Easy, 7).unwrap();
//! assert!(pos.legal_moves().contains(&found.mv));
//! ```

mod alphabeta;
mod baseline;
mod eval;
mod ordering;
mod tt;
mod zobrist;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::moves::Move;
use crate::position::Position;

pub use baseline::{greedy_move, random_move};
pub(crate) use eval::defended;
pub use eval::{WEIGHTS, Weights, evaluate};

/// The score of a won position, less the plies until the win: scores within 1000 of it (or of
/// its negation) are forced wins (losses).
pub const MATE: i32 = 1_000_000;

/// How hard the computer tries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// A shallow search with noisy judgement: beatable by a beginner, but never a random mover.
    Easy,
    /// A modest search.
    Medium,
    /// A strong search that answers in at most about two seconds.
    Hard,
    /// The strongest level, with a bigger budget and a longer time cap.
    Max,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Max];

    /// The lower-case name, as typed on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Max => "max",
        }
    }

    /// The search budget of the level.
    #[must_use]
    pub const fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits {
                nodes: 10_000,
                max_depth: 1,
                time: Duration::from_millis(500),
                noise: 150,
                weights: WEIGHTS,
            },
            Level::Medium => Limits {
                nodes: 30_000,
                max_depth: 64,
                time: Duration::from_millis(1_000),
                noise: 0,
                weights: WEIGHTS,
            },
            Level::Hard => Limits {
                nodes: 250_000,
                max_depth: 64,
                time: Duration::from_millis(1_500),
                noise: 0,
                weights: WEIGHTS,
            },
            Level::Max => Limits {
                nodes: 2_000_000,
                max_depth: 64,
                time: Duration::from_secs(5),
                noise: 0,
                weights: WEIGHTS,
            },
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one of `easy`, `medium`, `hard`, `max`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a level; choose easy, medium, hard or max",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    /// Reads a level name in any case.
    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|level| text.trim().eq_ignore_ascii_case(level.name()))
            .ok_or_else(|| UnknownLevel(text.trim().to_owned()))
    }
}

/// A search budget. The node budget makes the result deterministic; the time cap is only a
/// safety net for slow machines.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// The search stops after visiting this many positions.
    pub nodes: u64,
    /// The deepest iteration, in plies.
    pub max_depth: u32,
    /// The search stops after this much wall time.
    pub time: Duration,
    /// Seeded noise added to every evaluation, up to this many hundredths of a baby either way.
    pub noise: i32,
    /// The evaluation's weights.
    pub weights: Weights,
}

/// The move a search chose, and what it found out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    /// The chosen move, legal in the searched position.
    pub mv: Move,
    /// Its value for the side to move, in hundredths of a baby (see [`MATE`]).
    pub score: i32,
    /// The deepest iteration completed, in plies (1 for an immediate win).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

impl SearchResult {
    /// Plies to a forced win (positive) or loss (negative), if the search proved one.
    #[must_use]
    pub fn mate_in(&self) -> Option<i32> {
        mate_in(self.score)
    }
}

/// Plies to a forced win (positive) or loss (negative) that a search `score` (see [`MATE`])
/// proves, if it proves one.
#[must_use]
pub const fn mate_in(score: i32) -> Option<i32> {
    const BOUND: i32 = MATE - 1_000;
    match score {
        s if s >= BOUND => Some(MATE - s),
        s if s <= -BOUND => Some(-(MATE + s)),
        _ => None,
    }
}

/// The best root moves of a position and their values: what [`top_moves`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TopMoves {
    /// Up to `k` legal moves with their values for the side to move (as
    /// [`SearchResult::score`]), best first; among equal values, the one searched first.
    pub moves: Vec<(Move, i32)>,
    /// The deepest iteration completed, in plies (1 when every move ranked wins at once).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

/// The move `level` plays in `pos`, or `None` when the game is over. `seed` varies the choice
/// between equally good moves (and the easy level's noise); the same seed gives the same move.
#[must_use]
pub fn best_move(pos: &Position, level: Level, seed: u64) -> Option<SearchResult> {
    search(pos, level.limits(), seed)
}

/// Searches `pos` within explicit `limits`; see [`best_move`].
#[must_use]
pub fn search(pos: &Position, limits: Limits, seed: u64) -> Option<SearchResult> {
    alphabeta::Searcher::new(limits, seed).run(pos)
}

/// The best `k` moves of `pos` within `limits` (a multi-PV search), best first: each with its
/// exact value from the same iterative deepening as [`search`], which the `k = 1` case is.
/// Moves that win at once are ranked first; moves that let the opponent take the queen at
/// once come last. Fewer than `k` moves when fewer are legal; none once the game is over.
/// The same inputs give the same result unless the time cap cuts the search short.
#[must_use]
pub fn top_moves(pos: &Position, k: usize, limits: Limits, seed: u64) -> TopMoves {
    alphabeta::Searcher::new(limits, seed).run_ranked(pos, k)
}
