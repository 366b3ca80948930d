//! Puzzles: positions where the side to move has one move that is clearly best, and the line
//! that follows it (issue 27; the criteria and thresholds are in `docs/puzzles.md`).
//!
//! A position is a puzzle when the engine's best move leaves its mover winning (at least
//! [`Config::winning`] of the winning chances, [`Score::chances`](crate::analysis::Score::chances))
//! and the second best is at least [`Config::gap`] behind. The solution goes on with the
//! engine's best defence and the solver's next move, as long as that move is again the only
//! winning one, and always ends on a solver's move: the game won, or a won position. A last
//! move that ends the game is kept even when other moves would end it too: a player may
//! finish either way.
//!
//! ```
//! use monkey_queen_core::puzzle::{self, Config, Source, Theme};
//! use monkey_queen_core::Position;
//!
//! // White's baby on d4 sees Black's queen on j10; nothing else wins.
//! let text = "12/1b8b1/9q2/12/12/12/12/12/3B8/2B9/12/6Q5 w 12 12 40 20 -";
//! let pos = Position::from_text(text).unwrap();
//! let source = Source { game: "example".into(), ply: 40 };
//! let config = Config { nodes: 10_000, ..Config::default() };
//! let found = puzzle::find_puzzle(&pos, source, &config).unwrap();
//! assert_eq!(found.solution[0].to_string(), "d4xj10");
//! assert!(found.themes.contains(&Theme::QueenCapture));
//! assert_eq!(found.to_string().parse::<puzzle::Puzzle>().unwrap(), found);
//! ```

mod find;
mod self_play;
mod text;
mod theme;
mod verify;

use std::time::Duration;

use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::search::{self, Limits, TopMoves, WEIGHTS};

pub use find::{find_puzzle, puzzles_in_game, puzzles_in_game_until};
pub use self_play::self_play;
pub use text::PuzzleTextError;
pub use theme::Theme;
pub use verify::{Why, verify};

/// A puzzle: a position, the line that solves it, what it is about and how hard it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The position the solver starts from; the side to move is the solver.
    pub position: Position,
    /// The solution: the solver's move, the defence, the solver's move, …; odd in length.
    pub solution: Vec<Move>,
    /// What the puzzle shows, in [`Theme::ALL`] order.
    pub themes: Vec<Theme>,
    /// Its initial difficulty rating (see `docs/puzzles.md`).
    pub rating: u32,
    /// Where the position comes from.
    pub source: Source,
}

impl Puzzle {
    /// The side that solves the puzzle: the side to move in its position.
    #[must_use]
    pub fn solver(&self) -> Color {
        self.position.turn()
    }
}

/// Where a puzzle's position comes from: a game and the plies played in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The game: the bot's game id, or a label such as `self-play easy 7` (one line: the text
    /// form writes line breaks and other control characters as spaces).
    pub game: String,
    /// Plies played in that game before the puzzle's position.
    pub ply: u32,
}

/// How puzzles are searched for and judged.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    /// The node budget of every search (two moves ranked per search).
    pub nodes: u64,
    /// The seed of every search.
    pub seed: u64,
    /// The solver's best move must leave at least these winning chances (0 to 1).
    pub winning: f64,
    /// The solver's second-best move must leave at least this much less (0 to 1).
    pub gap: f64,
    /// The solution holds at most this many solver moves.
    pub max_solver_moves: usize,
}

/// The node budget per search of [`Config::default`].
pub const DEFAULT_NODES: u64 = 100_000;

impl Default for Config {
    /// The thresholds of `docs/puzzles.md` with [`DEFAULT_NODES`] per search.
    fn default() -> Config {
        Config {
            nodes: DEFAULT_NODES,
            seed: 0x5055_5a5a,
            winning: 0.80,
            gap: 0.25,
            max_solver_moves: 8,
        }
    }
}

impl Config {
    /// The same criteria with `factor` times the node budget: for [`verify`].
    #[must_use]
    pub fn deeper(self, factor: u64) -> Config {
        Config {
            nodes: self.nodes.saturating_mul(factor),
            ..self
        }
    }

    /// The best `k` moves of `pos` within this budget.
    fn top(&self, pos: &Position, k: usize) -> TopMoves {
        let limits = Limits {
            nodes: self.nodes,
            max_depth: 64,
            // A safety net only: the node budget decides, so results repeat.
            time: Duration::from_secs(600),
            noise: 0,
            weights: WEIGHTS,
        };
        search::top_moves(pos, k, limits, self.seed)
    }

    /// The solver's move if `top` (the two best moves of a position, the solver to move)
    /// shows exactly one winning move, else why not. `index` is the move's place in the
    /// solution: after the first move, a move that ends the game at once (R7.1, R7.2) is the
    /// finishing blow however many others would also end it.
    fn judge(&self, top: &TopMoves, index: usize) -> Result<Move, Why> {
        let &(best, score) = top.moves.first().ok_or(Why::Illegal { index })?;
        if index > 0 && score == FINISHING_BLOW {
            return Ok(best);
        }
        let chances = mover_chances(score);
        if chances < self.winning {
            return Err(Why::NotWinning { index, chances });
        }
        match top.moves.get(1) {
            Some(&(second, s)) if chances - mover_chances(s) < self.gap => Err(Why::NotOnly {
                index,
                second,
                gap: chances - mover_chances(s),
            }),
            _ => Ok(best),
        }
    }
}

/// The search value of a move that ends the game at once.
const FINISHING_BLOW: i32 = search::MATE - 1;

/// The winning chances of the side to move for a search value (see [`search::MATE`]).
fn mover_chances(score: i32) -> f64 {
    // Read as if White were to move: the chances are the mover's either way.
    crate::analysis::Score::from_search(score, Color::White).chances(Color::White)
}
