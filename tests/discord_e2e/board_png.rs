//! Checks on uploaded board pictures: they decode as PNG, have the renderer's size, and show
//! each piece in its colour on its square (probed through the renderer's `Layout`).

use image::RgbImage;
use monkey_queen::render::Layout;
use monkey_queen_core::{Color, Position, Role, Square};

/// A decoded board picture.
pub struct Picture(pub RgbImage);

/// Decodes `bytes`, which must be a PNG.
pub fn decode(bytes: &[u8]) -> Picture {
    let image = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .expect("the upload is a PNG");
    Picture(image.to_rgb8())
}

/// At least this share of a queen's centre shows its checkers (the rest is its gold ring and
/// height number).
const QUEEN_SHARE: f64 = 0.45;
/// At least this share of a baby's centre shows its checker.
const BABY_SHARE: f64 = 0.6;

impl Picture {
    /// Asserts the picture is `position` drawn by the renderer with White at the bottom: the
    /// renderer's size for the board, and every piece in its side's colour on its square
    /// (R2.1), probed at the square's centre.
    pub fn assert_shows(&self, position: &Position) {
        let layout = Layout::new(position.size(), false);
        assert_eq!(
            (self.0.width(), self.0.height()),
            (layout.width(), layout.height()),
            "picture size"
        );
        for (square, piece) in position.pieces() {
            let own = self.piece_share(&layout, square, piece.color);
            let other = self.piece_share(&layout, square, piece.color.other());
            let least = match piece.role {
                Role::Queen => QUEEN_SHARE,
                Role::Baby => BABY_SHARE,
            };
            assert!(
                own > least && other < own,
                "{piece:?} on {square}: own colour {own:.2}, other {other:.2}"
            );
        }
    }

    /// The colour of `square` of a `size`×`size` board drawn with White at the bottom,
    /// probed in its top-left corner (clear of any piece).
    pub fn square_color(&self, square: Square, size: u8) -> image::Rgb<u8> {
        let r = Layout::new(size, false).square_rect(square);
        *self.0.get_pixel(r.x + 1, r.y + 1)
    }

    /// The share of pixels within a quarter square of the centre of `square` that look like
    /// `color`'s checkers (ivory: light and warm; tobacco: brown).
    fn piece_share(&self, layout: &Layout, square: Square, color: Color) -> f64 {
        let r = layout.square_rect(square);
        let (cx, cy) = layout.square_centre(square);
        let radius = r.w as f32 / 4.0;
        let (mut hits, mut total) = (0u32, 0u32);
        for y in r.y..r.y + r.h {
            for x in r.x..r.x + r.w {
                if (x as f32 + 0.5 - cx).hypot(y as f32 + 0.5 - cy) > radius {
                    continue;
                }
                total += 1;
                let [red, green, blue] = self.0.get_pixel(x, y).0;
                let looks = match color {
                    Color::White => red > 190 && green > 170 && blue > 130 && red > green,
                    Color::Black => red > green && green > blue && red < 200 && blue < 110,
                };
                hits += u32::from(looks);
            }
        }
        f64::from(hits) / f64::from(total)
    }
}
