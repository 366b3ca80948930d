//! Small board diagrams: the squares, pieces and queen heights of a position with one move
//! highlighted, no frame text, drawn into a larger picture (the analysis shows a mistake and
//! the engine's better move this way).

use image::{Rgb, RgbImage};
use monkey_queen_core::{Color, Move, Position, Role, Square};

use super::layout::{Layout, Rect};
use super::sprites::{PieceSprites, blit, tint};
use super::text::{self, Fonts};
use super::theme;

/// Width of the dark line around a diagram.
pub const BORDER: u32 = 2;

/// The side of one square of a `size`×`size` diagram that is at most `width` pixels wide
/// (border included).
#[must_use]
pub fn square_px(size: u8, width: u32) -> u32 {
    (width.saturating_sub(2 * BORDER) / u32::from(size.max(1))).max(1)
}

/// Where a diagram's squares go: its top-left corner (border included) and square size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiagramPlace {
    /// Left edge of the border.
    pub x: u32,
    /// Top edge of the border.
    pub y: u32,
    /// Side of a square.
    pub square: u32,
    /// The board size in squares.
    pub size: u8,
}

impl DiagramPlace {
    /// The whole diagram, border included.
    #[must_use]
    pub const fn rect(&self) -> Rect {
        let side = self.square * self.size as u32 + 2 * BORDER;
        Rect {
            x: self.x,
            y: self.y,
            w: side,
            h: side,
        }
    }

    /// The pixel rectangle of a square, White at the bottom (R1.2).
    #[must_use]
    pub const fn square_rect(&self, sq: Square) -> Rect {
        let column = sq.file() as u32;
        let row = (self.size - 1 - sq.rank()) as u32;
        Rect {
            x: self.x + BORDER + column * self.square,
            y: self.y + BORDER + row * self.square,
            w: self.square,
            h: self.square,
        }
    }
}

/// Draws `pos` at `place` with `highlight` (the move that led to it) tinted: its origin in
/// the last-move colour, its destination in `accent` (the colour that tells played from
/// better). Pieces are painted for the diagram's square size.
pub fn draw(
    img: &mut RgbImage,
    fonts: &Fonts,
    pos: &Position,
    place: DiagramPlace,
    highlight: Option<Move>,
    accent: (Rgb<u8>, f32),
) {
    let outer = place.rect();
    fill(img, outer, theme::BOARD_EDGE);
    for rank in 0..place.size {
        for file in 0..place.size {
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let color = if Layout::is_light(sq) {
                theme::LIGHT_SQUARE
            } else {
                theme::DARK_SQUARE
            };
            fill(img, place.square_rect(sq), color);
        }
    }
    if let Some(Move::Normal { from, to, .. }) = highlight
        && from.is_on_board(place.size)
        && to.is_on_board(place.size)
    {
        let area = |sq: Square| {
            let r = place.square_rect(sq);
            (r.x, r.y, r.w, r.h)
        };
        let (color, alpha) = theme::LAST_MOVE;
        tint(img, area(from), color, alpha);
        let (color, alpha) = accent;
        tint(img, area(to), color, alpha);
    }
    let sprites = PieceSprites::new(place.square, &theme::STANDARD);
    for (sq, piece) in pos.pieces() {
        let r = place.square_rect(sq);
        let i = piece.color.index();
        match piece.role {
            Role::Baby => blit(img, &sprites.babies[i], r.x, r.y),
            Role::Queen => {
                blit(img, &sprites.queens[i], r.x, r.y);
                draw_height(img, fonts, &sprites, pos, piece.color, r);
            }
        }
    }
}

/// The queen's height on top of its stack, when the square is big enough to read it.
fn draw_height(
    img: &mut RgbImage,
    fonts: &Fonts,
    sprites: &PieceSprites,
    pos: &Position,
    color: Color,
    r: Rect,
) {
    if r.w < 12 {
        return;
    }
    let height = pos.height(color).unwrap_or(0).to_string();
    let (dx, dy) = sprites.queen_top;
    let size = r.w as f32 * if height.len() > 1 { 0.42 } else { 0.5 };
    text::draw_centred(
        img,
        &fonts.bold,
        size,
        theme::STANDARD.checkers(color).number,
        (r.x as f32 + dx, r.y as f32 + dy),
        &height,
    );
}

fn fill(img: &mut RgbImage, r: Rect, color: Rgb<u8>) {
    let (w, h) = img.dimensions();
    for y in r.y..(r.y + r.h).min(h) {
        for x in r.x..(r.x + r.w).min(w) {
            img.put_pixel(x, y, color);
        }
    }
}
