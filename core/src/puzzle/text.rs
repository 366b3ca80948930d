//! The one-line text form of a puzzle: five fields separated by ` | `, fit for a line of a
//! file or a string field of a JSON line.
//!
//! ```text
//! 12/1b8b1/9q2/12/12/12/12/12/3B8/2B9/12/6Q5 w 12 12 40 20 - | d4xj10 | queen-capture,baby-takes-queen,one-move | 1000 | 40 example
//! ```
//!
//! 1. the position ([`Position::to_text`]);
//! 2. the solution, moves in R9.1 notation separated by spaces;
//! 3. the themes' names, separated by commas;
//! 4. the rating;
//! 5. the source: the ply, a space, then the game's label to the end of the line.

use std::fmt;
use std::str::FromStr;

use crate::moves::MoveText;
use crate::position::Position;

use super::{Puzzle, Source, Theme};

/// Why a line is not a puzzle's text form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleTextError(String);

impl fmt::Display for PuzzleTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unreadable puzzle: {}", self.0)
    }
}

impl std::error::Error for PuzzleTextError {}

impl fmt::Display for Puzzle {
    /// The text form (see the module docs); [`Puzzle::from_str`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.solution.iter().map(ToString::to_string).collect();
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        let game: String = self
            .source
            .game
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        write!(
            f,
            "{} | {} | {} | {} | {} {game}",
            self.position.to_text(),
            moves.join(" "),
            themes.join(","),
            self.rating,
            self.source.ply
        )
    }
}

impl FromStr for Puzzle {
    type Err = PuzzleTextError;

    /// Reads the text form, checking that the solution is legal from the position.
    fn from_str(line: &str) -> Result<Puzzle, PuzzleTextError> {
        let bad = |what: &str| PuzzleTextError(what.to_owned());
        let fields: Vec<&str> = line
            .trim_end_matches(['\r', '\n'])
            .splitn(5, " | ")
            .collect();
        let [position, moves, themes, rating, source] = fields[..] else {
            return Err(bad("expected five fields separated by ` | `"));
        };
        let position = Position::from_text(position).map_err(|e| bad(&e.to_string()))?;
        let mut pos = position.clone();
        let mut solution = Vec::new();
        for text in moves.split_whitespace() {
            let parsed = MoveText::parse(text, pos.size()).map_err(|e| bad(&e.to_string()))?;
            solution.push(pos.play(parsed).map_err(|e| bad(&format!("{text}: {e}")))?);
        }
        let themes = themes
            .split(',')
            .filter(|t| !t.is_empty())
            .map(|t| t.parse::<Theme>().map_err(|e| bad(&e)))
            .collect::<Result<Vec<_>, _>>()?;
        let rating = rating
            .trim()
            .parse()
            .map_err(|_| bad(&format!("`{rating}` is not a rating")))?;
        let (ply, game) = source.split_once(' ').unwrap_or((source, ""));
        let ply = ply
            .parse()
            .map_err(|_| bad(&format!("`{ply}` is not a ply")))?;
        Ok(Puzzle {
            position,
            solution,
            themes,
            rating,
            source: Source {
                game: game.to_owned(),
                ply,
            },
        })
    }
}
