//! Checking a puzzle again, usually with a deeper search than the one that found it.

use std::fmt;

use crate::moves::Move;

use super::{Config, Puzzle};

/// Why a puzzle's solution is not (or no longer) the only winning line. `index` counts the
/// solution's moves from 0 (even: the solver's).
#[derive(Debug, Clone, PartialEq)]
pub enum Why {
    /// The solution is empty, or ends on the defender's move.
    Shape {
        /// The solution's length.
        len: usize,
    },
    /// A move of the solution is not legal where it stands (or the game is already over).
    Illegal {
        /// Which move.
        index: usize,
    },
    /// The engine prefers another move to the solver's.
    NotBest {
        /// Which move.
        index: usize,
        /// The engine's choice.
        engine: Move,
    },
    /// The solver's move does not leave enough winning chances.
    NotWinning {
        /// Which move.
        index: usize,
        /// The solver's chances after it, 0 to 1.
        chances: f64,
    },
    /// Another move wins nearly as much as the solver's.
    NotOnly {
        /// Which move.
        index: usize,
        /// The second-best move.
        second: Move,
        /// The winning chances between them, 0 to 1.
        gap: f64,
    },
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Shape { len } => write!(f, "a solution of {len} moves must be odd in length"),
            Why::Illegal { index } => write!(f, "move {} is illegal", index + 1),
            Why::NotBest { index, engine } => {
                write!(f, "move {}: the engine prefers {engine}", index + 1)
            }
            Why::NotWinning { index, chances } => {
                write!(
                    f,
                    "move {} leaves {:.0}% winning chances",
                    index + 1,
                    chances * 100.0
                )
            }
            Why::NotOnly { index, second, gap } => write!(
                f,
                "move {}: {second} is only {:.0}% behind",
                index + 1,
                gap * 100.0
            ),
        }
    }
}

impl std::error::Error for Why {}

/// Re-checks `puzzle` with `config` (say [`Config::deeper`] of the one that found it): every
/// solver move must be the engine's best, winning, and the only winning move against the
/// solution's defence (or, after the first, end the game at once), and every move legal.
///
/// # Errors
/// The first move that fails, and how.
pub fn verify(puzzle: &Puzzle, config: &Config) -> Result<(), Why> {
    let len = puzzle.solution.len();
    if len.is_multiple_of(2) {
        return Err(Why::Shape { len });
    }
    let mut pos = puzzle.position.clone();
    for (index, &m) in puzzle.solution.iter().enumerate() {
        if !pos.legal_moves().contains(&m) {
            return Err(Why::Illegal { index });
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        // A later move that ends the game is a finishing blow, whichever one it is.
        let finishes = index > 0 && after.is_game_over();
        if index.is_multiple_of(2) && !finishes {
            let engine = config.judge(&config.top(&pos, 2), index)?;
            if engine != m {
                return Err(Why::NotBest { index, engine });
            }
        }
        pos = after;
    }
    Ok(())
}
