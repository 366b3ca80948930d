//! Game records: the options plus the moves (R9.3), as a text that can be pasted back.
//!
//! ```text
//! monkey-queen size=12 height=20 pie=off
//! 1. g1-g7 f12-f6 2. g7xf6
//! ```
//!
//! Reading is lenient: the `monkey-queen` header, move numbers and line breaks are optional,
//! options not given take their standard values, and moves may be in any R9.2 form.

use std::fmt::{self, Write};

use crate::error::RecordError;
use crate::moves::{Move, MoveText};
use crate::options::GameOptions;
use crate::position::Position;

/// A game as options plus the moves played, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// The options the game was created with.
    pub options: GameOptions,
    /// The moves, first ply first.
    pub moves: Vec<Move>,
}

impl Record {
    /// Replays typed moves from the start, checking each.
    ///
    /// # Errors
    /// The first move that can't be read or is illegal, with its 1-based ply.
    pub fn from_moves<S: AsRef<str>>(
        options: GameOptions,
        moves: &[S],
    ) -> Result<(Record, Position), RecordError> {
        let mut pos = Position::start(options);
        let mut played = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            let ply = i + 1;
            let parsed = MoveText::parse(text, options.size())
                .map_err(|error| RecordError::Parse { ply, error })?;
            let m = pos.play(parsed).map_err(|error| RecordError::Illegal {
                ply,
                text: text.to_owned(),
                error,
            })?;
            played.push(m);
        }
        Ok((
            Record {
                options,
                moves: played,
            },
            pos,
        ))
    }

    /// Reads the text form (see the [module docs](self)) and replays it.
    ///
    /// # Errors
    /// Bad options, or the first unreadable or illegal move.
    pub fn parse(text: &str) -> Result<(Record, Position), RecordError> {
        let mut size = 12;
        let mut height = 20;
        let mut pie = false;
        let mut moves = Vec::new();
        for token in text.split_whitespace() {
            if token.eq_ignore_ascii_case("monkey-queen") || is_move_number(token) {
                continue;
            }
            let Some((key, value)) = token.split_once('=') else {
                moves.push(token);
                continue;
            };
            let bad = || RecordError::Options(format!("`{token}`"));
            match key.to_ascii_lowercase().as_str() {
                "size" => size = value.parse().map_err(|_| bad())?,
                "height" => height = value.parse().map_err(|_| bad())?,
                "pie" => {
                    pie = match value.to_ascii_lowercase().as_str() {
                        "on" | "yes" | "true" => true,
                        "off" | "no" | "false" => false,
                        _ => return Err(bad()),
                    }
                }
                _ => return Err(bad()),
            }
        }
        let options =
            GameOptions::new(size, height, pie).map_err(|e| RecordError::Options(e.to_string()))?;
        Record::from_moves(options, &moves)
    }

    /// The position after every move.
    #[must_use]
    pub fn final_position(&self) -> Position {
        let mut pos = Position::start(self.options);
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        pos
    }
}

impl fmt::Display for Record {
    /// The header line with the options, then numbered moves, ten plies a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "monkey-queen {}", self.options)?;
        let mut line = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            if i % 10 == 0 {
                if !line.is_empty() {
                    write!(f, "\n{}", line.trim_end())?;
                }
                line.clear();
            }
            if i % 2 == 0 {
                let _ = write!(line, "{}. ", i / 2 + 1);
            }
            let _ = write!(line, "{m} ");
        }
        if !line.is_empty() {
            write!(f, "\n{}", line.trim_end())?;
        }
        Ok(())
    }
}

fn is_move_number(token: &str) -> bool {
    token
        .strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}
