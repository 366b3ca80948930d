//! Pure geometry of the board picture: where every square, label and strip goes.
//!
//! From top to bottom the picture is: the status header, the strip of the player at the top,
//! the framed board (coordinates in the frame), the strip of the player at the bottom. White
//! sits at the bottom unless the board is flipped (R1.2: `a1` is White's bottom-left corner).

use monkey_queen_core::{Color, Square};

/// Width in pixels that the squares of any board size share, at most.
const BOARD_TARGET: u32 = 720;
/// Width of the frame around the board that holds the coordinates.
pub const FRAME: u32 = 30;
/// Height of the status header at the very top.
pub const HEADER: u32 = 50;
/// Height of each player strip.
pub const STRIP: u32 = 52;

/// An axis-aligned rectangle in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
}

impl Rect {
    /// Whether the pixel `(x, y)` lies inside.
    #[must_use]
    pub const fn contains(self, x: u32, y: u32) -> bool {
        x >= self.x && x < self.x + self.w && y >= self.y && y < self.y + self.h
    }
}

/// The geometry of one board size in one orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    size: u8,
    flipped: bool,
    square: u32,
}

impl Layout {
    /// The layout of a `size`×`size` board; `flipped` puts Black at the bottom.
    #[must_use]
    pub fn new(size: u8, flipped: bool) -> Layout {
        let size = size.max(1);
        Layout {
            size,
            flipped,
            square: BOARD_TARGET / u32::from(size),
        }
    }

    /// The board size in squares.
    #[must_use]
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// Whether Black is at the bottom.
    #[must_use]
    pub const fn flipped(&self) -> bool {
        self.flipped
    }

    /// The side of one square in pixels.
    #[must_use]
    pub const fn square_px(&self) -> u32 {
        self.square
    }

    /// The side of the square area (without the frame) in pixels.
    #[must_use]
    pub const fn board_px(&self) -> u32 {
        self.square * self.size as u32
    }

    /// Width of the whole picture.
    #[must_use]
    pub const fn width(&self) -> u32 {
        self.board_px() + 2 * FRAME
    }

    /// Height of the whole picture.
    #[must_use]
    pub const fn height(&self) -> u32 {
        HEADER + 2 * STRIP + self.board_px() + 2 * FRAME
    }

    /// The status header.
    #[must_use]
    pub const fn header(&self) -> Rect {
        Rect {
            x: 0,
            y: 0,
            w: self.width(),
            h: HEADER,
        }
    }

    /// The strip of the player whose side is at the top (Black unless flipped).
    #[must_use]
    pub const fn top_strip(&self) -> Rect {
        Rect {
            x: 0,
            y: HEADER,
            w: self.width(),
            h: STRIP,
        }
    }

    /// The strip of the player whose side is at the bottom (White unless flipped).
    #[must_use]
    pub const fn bottom_strip(&self) -> Rect {
        Rect {
            x: 0,
            y: HEADER + STRIP + self.board_px() + 2 * FRAME,
            w: self.width(),
            h: STRIP,
        }
    }

    /// The strip of `color`'s player.
    #[must_use]
    pub fn strip(&self, color: Color) -> Rect {
        if color == self.bottom_color() {
            self.bottom_strip()
        } else {
            self.top_strip()
        }
    }

    /// The colour whose pieces start at the bottom of the picture.
    #[must_use]
    pub const fn bottom_color(&self) -> Color {
        if self.flipped {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The framed board: the squares plus the coordinate frame around them.
    #[must_use]
    pub const fn frame(&self) -> Rect {
        Rect {
            x: 0,
            y: HEADER + STRIP,
            w: self.width(),
            h: self.board_px() + 2 * FRAME,
        }
    }

    /// The square area alone.
    #[must_use]
    pub const fn board(&self) -> Rect {
        Rect {
            x: FRAME,
            y: HEADER + STRIP + FRAME,
            w: self.board_px(),
            h: self.board_px(),
        }
    }

    /// The screen column (0 = left) that shows `file`.
    #[must_use]
    pub const fn column_of_file(&self, file: u8) -> u32 {
        if self.flipped {
            (self.size - 1 - file) as u32
        } else {
            file as u32
        }
    }

    /// The screen row (0 = top) that shows `rank`.
    #[must_use]
    pub const fn row_of_rank(&self, rank: u8) -> u32 {
        if self.flipped {
            rank as u32
        } else {
            (self.size - 1 - rank) as u32
        }
    }

    /// The pixel rectangle of a square.
    #[must_use]
    pub const fn square_rect(&self, sq: Square) -> Rect {
        let board = self.board();
        Rect {
            x: board.x + self.column_of_file(sq.file()) * self.square,
            y: board.y + self.row_of_rank(sq.rank()) * self.square,
            w: self.square,
            h: self.square,
        }
    }

    /// The centre of a square, in pixels (may be fractional).
    #[must_use]
    pub fn square_centre(&self, sq: Square) -> (f32, f32) {
        let r = self.square_rect(sq);
        let half = self.square as f32 / 2.0;
        (r.x as f32 + half, r.y as f32 + half)
    }

    /// The square under the pixel `(x, y)`, if any.
    #[must_use]
    pub fn square_at(&self, x: u32, y: u32) -> Option<Square> {
        let board = self.board();
        if !board.contains(x, y) {
            return None;
        }
        let column = u8::try_from((x - board.x) / self.square).ok()?;
        let row = u8::try_from((y - board.y) / self.square).ok()?;
        let (file, rank) = if self.flipped {
            (self.size - 1 - column, row)
        } else {
            (column, self.size - 1 - row)
        };
        Square::new(file, rank)
    }

    /// Whether a square is a light one (`a1` is dark, as on a chessboard).
    #[must_use]
    pub const fn is_light(sq: Square) -> bool {
        (sq.file() + sq.rank()) % 2 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str, size: u8) -> Square {
        Square::parse(name, size).unwrap()
    }

    #[test]
    fn standard_board_is_700_to_900_wide() {
        let layout = Layout::new(12, false);
        assert_eq!(layout.square_px(), 60);
        assert!((700..=900).contains(&layout.width()), "{}", layout.width());
        for size in [14, 16] {
            let w = Layout::new(size, false).width();
            assert!((700..=900).contains(&w), "{size}: {w}");
        }
    }

    #[test]
    fn a1_is_bottom_left_white_view_and_top_right_flipped() {
        // R1.2: a1 is White's bottom-left corner.
        for size in [12, 14, 16] {
            let white = Layout::new(size, false);
            let board = white.board();
            let a1 = white.square_rect(sq("a1", size));
            assert_eq!((a1.x, a1.y + a1.h), (board.x, board.y + board.h));
            let black = Layout::new(size, true);
            let a1 = black.square_rect(sq("a1", size));
            assert_eq!((a1.x + a1.w, a1.y), (board.x + board.w, board.y));
            let top_left = Square::new(size - 1, 0).unwrap();
            assert_eq!(black.square_rect(top_left).x, board.x);
        }
    }

    #[test]
    fn pixel_and_square_round_trip_in_both_orientations() {
        for size in [12, 14, 16] {
            for flipped in [false, true] {
                let layout = Layout::new(size, flipped);
                let mut seen = std::collections::HashSet::new();
                for rank in 0..size {
                    for file in 0..size {
                        let s = Square::new(file, rank).unwrap();
                        let r = layout.square_rect(s);
                        assert!(layout.board().contains(r.x, r.y));
                        assert!(seen.insert((r.x, r.y)), "two squares share {r:?}");
                        for (x, y) in [(r.x, r.y), (r.x + r.w - 1, r.y + r.h - 1)] {
                            assert_eq!(layout.square_at(x, y), Some(s));
                        }
                        let (cx, cy) = layout.square_centre(s);
                        assert_eq!(layout.square_at(cx as u32, cy as u32), Some(s));
                    }
                }
            }
        }
    }

    #[test]
    fn pixels_outside_the_squares_have_no_square() {
        let layout = Layout::new(12, false);
        let b = layout.board();
        assert_eq!(layout.square_at(b.x - 1, b.y), None);
        assert_eq!(layout.square_at(b.x, b.y - 1), None);
        assert_eq!(layout.square_at(b.x + b.w, b.y), None);
        assert_eq!(layout.square_at(b.x, b.y + b.h), None);
        assert_eq!(layout.square_at(0, 0), None);
    }

    #[test]
    fn strips_and_board_tile_the_picture() {
        for size in [12, 14, 16] {
            for flipped in [false, true] {
                let l = Layout::new(size, flipped);
                let parts = [l.header(), l.top_strip(), l.frame(), l.bottom_strip()];
                let mut y = 0;
                for part in parts {
                    assert_eq!((part.x, part.y, part.w), (0, y, l.width()));
                    y += part.h;
                }
                assert_eq!(y, l.height());
                assert_eq!(l.strip(l.bottom_color()), l.bottom_strip());
                assert_eq!(l.strip(l.bottom_color().other()), l.top_strip());
            }
        }
    }

    #[test]
    fn square_colours_alternate_with_a1_dark() {
        assert!(!Layout::is_light(sq("a1", 12)));
        assert!(Layout::is_light(sq("b1", 12)));
        assert!(Layout::is_light(sq("a2", 12)));
        assert!(!Layout::is_light(sq("l12", 12)));
    }
}
