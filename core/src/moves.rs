//! Moves and their notation (R9).

use std::fmt;

use crate::color::Role;
use crate::error::ParseError;
use crate::square::Square;

/// A legal move, as the engine knows it: what moved, where, and what it captured.
///
/// Obtain one from [`Position::legal_moves`](crate::Position::legal_moves) or
/// [`Position::legalize`](crate::Position::legalize). It prints in canonical notation (R9.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves in a straight line.
    Normal {
        /// The moving piece: the queen stack or a baby.
        role: Role,
        /// Where it starts.
        from: Square,
        /// Where it ends.
        to: Square,
        /// The enemy piece removed, if the move is a capture (R4.4).
        capture: Option<Role>,
    },
    /// The pie rule's colour exchange (R8).
    Swap,
}

impl Move {
    /// The origin square, unless this is `swap`.
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Swap => None,
        }
    }

    /// The destination square, unless this is `swap`.
    #[must_use]
    pub const fn to(self) -> Option<Square> {
        match self {
            Move::Normal { to, .. } => Some(to),
            Move::Swap => None,
        }
    }

    /// Whether the move removes an enemy piece.
    #[must_use]
    pub const fn is_capture(self) -> bool {
        matches!(
            self,
            Move::Normal {
                capture: Some(_),
                ..
            }
        )
    }

    /// Whether the move is a queen's non-capturing move, which leaves a newborn baby on its
    /// origin (R5.1).
    #[must_use]
    pub const fn gives_birth(self) -> bool {
        matches!(
            self,
            Move::Normal {
                role: Role::Queen,
                capture: None,
                ..
            }
        )
    }

    /// The move as typed input, forgetting what the engine knows about it.
    #[must_use]
    pub const fn text(self) -> MoveText {
        match self {
            Move::Normal { from, to, .. } => MoveText::Squares { from, to },
            Move::Swap => MoveText::Swap,
        }
    }
}

impl fmt::Display for Move {
    /// Canonical notation: `g1-g7`, `g1xg7` or `swap` (R9.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Normal {
                from, to, capture, ..
            } => {
                let sep = if capture.is_some() { 'x' } else { '-' };
                write!(f, "{from}{sep}{to}")
            }
            Move::Swap => f.write_str("swap"),
        }
    }
}

/// A move as a player wrote it: two squares, or `swap`. Not yet checked against a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveText {
    /// From one square to another.
    Squares {
        /// The square the player wants to move from.
        from: Square,
        /// The square the player wants to move to.
        to: Square,
    },
    /// The pie rule's colour exchange.
    Swap,
}

impl MoveText {
    /// Reads a move leniently (R9.2): any case; `-`, `x`, spaces or nothing between the squares.
    ///
    /// # Errors
    /// [`ParseError`] when the text is not two squares of a `size`×`size` board, nor `swap`.
    pub fn parse(text: &str, size: u8) -> Result<MoveText, ParseError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(ParseError::Empty);
        }
        if trimmed.eq_ignore_ascii_case("swap") {
            return Ok(MoveText::Swap);
        }
        let (first, rest) = split_square(trimmed);
        let rest = rest.trim_start_matches(is_separator);
        let (second, tail) = split_square(rest);
        if first.is_empty() || second.is_empty() || !tail.trim().is_empty() {
            return Err(ParseError::Malformed(trimmed.to_owned()));
        }
        Ok(MoveText::Squares {
            from: Square::parse(first, size)?,
            to: Square::parse(second, size)?,
        })
    }
}

impl fmt::Display for MoveText {
    /// `g1-g7` (the engine decides later whether it captures) or `swap`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveText::Squares { from, to } => write!(f, "{from}-{to}"),
            MoveText::Swap => f.write_str("swap"),
        }
    }
}

/// Characters allowed between the two squares of a move.
fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '-' | 'x' | 'X' | '×' | '–' | '—' | ':')
}

/// Splits a leading square-like token (one letter, then digits) off `text`.
fn split_square(text: &str) -> (&str, &str) {
    let mut chars = text.char_indices();
    match chars.next() {
        Some((_, c)) if c.is_alphabetic() => {}
        _ => return ("", text),
    }
    let end = chars
        .find(|(_, c)| !c.is_ascii_digit())
        .map_or(text.len(), |(i, _)| i);
    text.split_at(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name, 16).unwrap()
    }

    #[test]
    fn reads_every_lenient_form() {
        let expected = MoveText::Squares {
            from: sq("g1"),
            to: sq("g7"),
        };
        for text in [
            "g1-g7",
            "g1xg7",
            "G1G7",
            "g1 g7",
            " g1  -  g7 ",
            "g1g7",
            "G1Xg7",
            "g1×g7",
        ] {
            assert_eq!(MoveText::parse(text, 12), Ok(expected), "{text}");
        }
        assert_eq!(
            MoveText::parse("a12a11", 12),
            Ok(MoveText::Squares {
                from: sq("a12"),
                to: sq("a11")
            })
        );
        assert_eq!(MoveText::parse("SWAP", 12), Ok(MoveText::Swap));
    }

    #[test]
    fn says_which_part_is_wrong() {
        assert_eq!(MoveText::parse("", 12), Err(ParseError::Empty));
        assert_eq!(
            MoveText::parse("z9-a1", 12),
            Err(ParseError::NotASquare {
                text: "z9".into(),
                size: 12
            })
        );
        assert_eq!(
            MoveText::parse("a1-a13", 12),
            Err(ParseError::NotASquare {
                text: "a13".into(),
                size: 12
            })
        );
        for text in ["g1", "hello", "g1-g7-g8", "1g-7g", "g1 -", "-"] {
            assert!(
                matches!(MoveText::parse(text, 12), Err(ParseError::Malformed(_))),
                "{text}"
            );
        }
    }
}
