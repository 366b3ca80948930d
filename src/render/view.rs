//! What the caller chooses about a picture besides the position: orientation, highlights,
//! names, the status line and the colours.

use monkey_queen_core::{Color, Move, Position, Square};

use crate::model::BoardColors;

/// The two players' names, as shown in the strips. Any Unicode; long names are shortened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Players {
    /// The name shown for the White (ivory) side.
    pub white: String,
    /// The name shown for the Black (tobacco) side.
    pub black: String,
}

impl Players {
    /// Players with these names.
    #[must_use]
    pub fn new(white: impl Into<String>, black: impl Into<String>) -> Players {
        Players {
            white: white.into(),
            black: black.into(),
        }
    }

    /// The name shown for `color`.
    #[must_use]
    pub fn name(&self, color: Color) -> &str {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    /// The same people after the pie rule's `swap` (R8.1): each now plays the other colour.
    #[must_use]
    pub fn swapped(&self) -> Players {
        Players {
            white: self.black.clone(),
            black: self.white.clone(),
        }
    }
}

impl Default for Players {
    /// `White` and `Black`.
    fn default() -> Players {
        Players::new("White", "Black")
    }
}

/// How to draw one position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardView {
    /// Black at the bottom (coordinates follow).
    pub flipped: bool,
    /// The move that led to the position: its origin and destination are highlighted, a
    /// capture's destination in red.
    pub last_move: Option<Move>,
    /// Squares to mark, e.g. the legal destinations of the selected piece.
    pub marks: Vec<Square>,
    /// A square to highlight as selected.
    pub selected: Option<Square>,
    /// The names in the strips.
    pub players: Players,
    /// The header line; `None` shows [`default_status`].
    pub status: Option<String>,
    /// Squares framed in colour, each with what it shows (the lessons' explanations).
    pub frames: Vec<Frame>,
    /// The board's colours.
    pub colors: BoardColors,
    /// Only the corner of this many squares a side at `a1` is drawn, its coordinates and all
    /// (the lessons' small boards: `a`–`h`, `1`–`8`); `None` draws the whole board. Pieces,
    /// marks and frames outside it are not drawn.
    pub corner: Option<u8>,
}

/// What a framed square shows, as the lessons' page frames it (`web/learn.css`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameKind {
    /// The piece that moves, or that is asked to move: blue.
    Piece,
    /// A square asked for: yellow.
    Target,
    /// A square the piece may go to: dashed green.
    Allowed,
    /// The square tried, or the piece in the way: red.
    Wrong,
    /// The enemy queen, or a square of the opponent's answer: dashed dark red.
    Danger,
}

/// A square framed on the picture, with a short label at its top (a distance: `√50`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    /// The square.
    pub square: Square,
    /// What it shows.
    pub kind: FrameKind,
    /// A few characters drawn at its top.
    pub label: Option<String>,
}

/// The English header line: whose turn it is or the result, and the ply count.
///
/// `White to move · ply 40`, `Black wins by queen capture · ply 57`.
#[must_use]
pub fn default_status(pos: &Position) -> String {
    let ply = pos.ply();
    match pos.outcome() {
        None => format!("{} to move · ply {ply}", side(pos.turn())),
        Some(outcome) => {
            let text = outcome.to_string();
            let mut chars = text.chars();
            let capitalized = chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default();
            format!("{capitalized} · ply {ply}")
        }
    }
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use monkey_queen_core::GameOptions;

    use super::*;

    #[test]
    fn status_says_whose_turn_and_the_result() {
        let mut pos = Position::start(GameOptions::default());
        assert_eq!(default_status(&pos), "White to move · ply 0");
        pos.play_str("g1-f2").unwrap();
        assert_eq!(default_status(&pos), "Black to move · ply 1");
        // R7.1: capturing the queen wins at once.
        for m in ["f12-c9", "f2-f11", "c9-f6", "f11xf6"] {
            pos.play_str(m).unwrap();
        }
        assert_eq!(default_status(&pos), "White wins by queen capture · ply 5");
    }

    #[test]
    fn swap_exchanges_the_names() {
        let players = Players::new("Ann", "Bob").swapped();
        assert_eq!(players.name(Color::White), "Bob");
        assert_eq!(players.name(Color::Black), "Ann");
    }
}
