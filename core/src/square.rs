//! Squares and their names (R1.2).

use std::fmt;

use crate::error::ParseError;

/// The widest board supported (R1.1): squares are laid out 16 to a rank whatever the size.
pub(crate) const STRIDE: usize = 16;

/// A square of the board, `a1` being White's bottom-left corner (R1.2).
///
/// Squares are small `Copy` values and know nothing of the board size; parsing checks the
/// size, and a [`Position`](crate::Position) never holds a square outside its board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = `a`) and `rank` (0 = rank 1), if both are below 16.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if (file as usize) < STRIDE && (rank as usize) < STRIDE {
            Some(Square(rank * STRIDE as u8 + file))
        } else {
            None
        }
    }

    pub(crate) const fn from_index(index: usize) -> Square {
        Square(index as u8)
    }

    /// The file, 0-based (`a` = 0).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % STRIDE as u8
    }

    /// The rank, 0-based (rank 1 = 0).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / STRIDE as u8
    }

    /// A dense index below 256, for per-square tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the square lies on a `size`×`size` board.
    #[must_use]
    pub const fn is_on_board(self, size: u8) -> bool {
        self.file() < size && self.rank() < size
    }

    /// The squared straight-line distance between two square centres (R6.1).
    #[must_use]
    pub const fn distance_squared(self, other: Square) -> u32 {
        let df = self.file().abs_diff(other.file()) as u32;
        let dr = self.rank().abs_diff(other.rank()) as u32;
        df * df + dr * dr
    }

    /// Reads a square name leniently (any case, surrounding blanks ignored) and checks that
    /// it lies on a `size`×`size` board.
    ///
    /// # Errors
    /// [`ParseError::NotASquare`] when the text is not a square of that board.
    pub fn parse(text: &str, size: u8) -> Result<Square, ParseError> {
        let trimmed = text.trim();
        let not_a_square = || ParseError::NotASquare {
            text: trimmed.to_owned(),
            size,
        };
        let mut chars = trimmed.chars();
        let letter = chars.next().ok_or_else(not_a_square)?.to_ascii_lowercase();
        let digits = chars.as_str();
        if !letter.is_ascii_lowercase()
            || digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(not_a_square());
        }
        let file = letter as u8 - b'a';
        let rank: u8 = digits.parse().map_err(|_| not_a_square())?;
        match Square::new(file, rank.wrapping_sub(1)) {
            Some(square) if square.is_on_board(size) => Ok(square),
            _ => Err(not_a_square()),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_board() {
        for size in [12u8, 14, 16] {
            for rank in 0..size {
                for file in 0..size {
                    let sq = Square::new(file, rank).unwrap();
                    assert_eq!(Square::parse(&sq.to_string(), size), Ok(sq));
                    assert_eq!(Square::parse(&sq.to_string().to_uppercase(), size), Ok(sq));
                }
            }
        }
    }

    #[test]
    fn rejects_squares_off_the_board() {
        for text in ["m1", "a13", "a0", "z9", "", "a", "1a", "a01", "a1x", "é1"] {
            assert!(Square::parse(text, 12).is_err(), "{text}");
        }
        assert!(Square::parse("p16", 16).is_ok());
    }
}
