//! The options a game is created with (R1.1, R3.3, R8).

use std::fmt;

/// How a game is set up: board size, starting queen height and the pie rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameOptions {
    size: u8,
    queen_height: u8,
    pie: bool,
}

/// Why a set of game options is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionsError {
    /// R1.1: the board is 12×12, 14×14 or 16×16.
    BoardSize(u8),
    /// R3.3: queens start 20 to 40 checkers tall.
    QueenHeight(u8),
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::BoardSize(n) => {
                write!(f, "the board must be 12, 14 or 16 squares wide, not {n}")
            }
            OptionsError::QueenHeight(h) => {
                write!(f, "queens start 20 to 40 checkers tall, not {h}")
            }
        }
    }
}

impl std::error::Error for OptionsError {}

impl GameOptions {
    /// The board sizes allowed (R1.1).
    pub const SIZES: [u8; 3] = [12, 14, 16];
    /// The lowest and highest starting queen height (R3.3).
    pub const HEIGHTS: std::ops::RangeInclusive<u8> = 20..=40;

    /// Checked options.
    ///
    /// # Errors
    /// When the size or the height is outside what R1.1 and R3.3 allow.
    pub fn new(size: u8, queen_height: u8, pie: bool) -> Result<GameOptions, OptionsError> {
        if !Self::SIZES.contains(&size) {
            return Err(OptionsError::BoardSize(size));
        }
        if !Self::HEIGHTS.contains(&queen_height) {
            return Err(OptionsError::QueenHeight(queen_height));
        }
        Ok(GameOptions {
            size,
            queen_height,
            pie,
        })
    }

    /// The standard game on a board of `size` (height 20, no pie rule).
    ///
    /// # Errors
    /// When `size` is not 12, 14 or 16.
    pub fn with_size(size: u8) -> Result<GameOptions, OptionsError> {
        Self::new(size, 20, false)
    }

    /// The same options with the pie rule on or off.
    #[must_use]
    pub const fn pie_rule(self, pie: bool) -> GameOptions {
        GameOptions { pie, ..self }
    }

    /// Squares per side of the board.
    #[must_use]
    pub const fn size(self) -> u8 {
        self.size
    }

    /// How many checkers each queen starts with.
    #[must_use]
    pub const fn queen_height(self) -> u8 {
        self.queen_height
    }

    /// Whether Black may answer White's first move with `swap` (R8).
    #[must_use]
    pub const fn pie(self) -> bool {
        self.pie
    }
}

impl Default for GameOptions {
    /// The standard game: 12×12, queens of 20, no pie rule.
    fn default() -> GameOptions {
        GameOptions {
            size: 12,
            queen_height: 20,
            pie: false,
        }
    }
}

impl fmt::Display for GameOptions {
    /// `size=12 height=20 pie=off`, the options line of a [`Record`](crate::Record).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pie = if self.pie { "on" } else { "off" };
        write!(
            f,
            "size={} height={} pie={pie}",
            self.size, self.queen_height
        )
    }
}
