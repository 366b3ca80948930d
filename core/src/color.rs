//! Colours, roles and pieces (R2).

use std::fmt;

/// One of the two sides. White (ivory) moves first (R3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The ivory side, which starts on rank 1 and moves first.
    White,
    /// The tobacco side, which starts on the last rank.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The opponent's colour.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case English name, `white` or `black`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The side-to-move letter of the text form: `w` or `b`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a piece is: the one queen stack of a side, or a single-checker baby (R2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// A stack of two or more checkers; each side has exactly one.
    Queen,
    /// A single checker.
    Baby,
}

impl Role {
    /// The lower-case English name, `queen` or `baby`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Queen => "queen",
            Role::Baby => "baby",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on the board: its colour and its role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Queen or baby.
    pub role: Role,
}

impl Piece {
    /// The text-form letter: `Q`/`B` for White, `q`/`b` for Black.
    #[must_use]
    pub const fn letter(self) -> char {
        match (self.color, self.role) {
            (Color::White, Role::Queen) => 'Q',
            (Color::White, Role::Baby) => 'B',
            (Color::Black, Role::Queen) => 'q',
            (Color::Black, Role::Baby) => 'b',
        }
    }

    /// The piece a text-form letter stands for.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Piece> {
        let (color, role) = match letter {
            'Q' => (Color::White, Role::Queen),
            'B' => (Color::White, Role::Baby),
            'q' => (Color::Black, Role::Queen),
            'b' => (Color::Black, Role::Baby),
            _ => return None,
        };
        Some(Piece { color, role })
    }
}
