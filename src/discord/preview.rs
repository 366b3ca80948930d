//! A plain board picture (squares and discs) for `/diagram`, until the real renderer is wired in.
//! Synchronous: call it on a blocking thread.

use std::io::Cursor;

use image::{ImageFormat, Rgb, RgbImage};
use monkey_queen_core::{Color, GameOptions, Position, Role};

/// Pixels per square.
pub const CELL: u32 = 32;

const LIGHT: Rgb<u8> = Rgb([240, 217, 181]);
const DARK: Rgb<u8> = Rgb([181, 136, 99]);
/// Ivory and tobacco (R2.1).
const WHITE_PIECE: Rgb<u8> = Rgb([255, 250, 235]);
const BLACK_PIECE: Rgb<u8> = Rgb([92, 51, 23]);
/// The ring marking a queen.
const QUEEN_RING: Rgb<u8> = Rgb([200, 30, 30]);

/// The starting position of `options` as PNG bytes, White at the bottom.
pub fn start_position_png(options: GameOptions) -> Result<Vec<u8>, image::ImageError> {
    let position = Position::start(options);
    let n = u32::from(position.size());
    let mut image = RgbImage::from_fn(n * CELL, n * CELL, |x, y| {
        let (file, rank) = (x / CELL, n - 1 - y / CELL);
        if (file + rank) % 2 == 0 { DARK } else { LIGHT }
    });
    for (square, piece) in position.pieces() {
        let left = u32::from(square.file()) * CELL;
        let top = (n - 1 - u32::from(square.rank())) * CELL;
        let fill = match piece.color {
            Color::White => WHITE_PIECE,
            Color::Black => BLACK_PIECE,
        };
        draw_disc(&mut image, left, top, fill, piece.role == Role::Queen);
    }
    let mut png = Cursor::new(Vec::new());
    image.write_to(&mut png, ImageFormat::Png)?;
    Ok(png.into_inner())
}

/// A disc filling most of the square at (`left`, `top`), with a ring for a queen.
fn draw_disc(image: &mut RgbImage, left: u32, top: u32, fill: Rgb<u8>, queen: bool) {
    let centre = f64::from(CELL) / 2.0;
    let radius = f64::from(CELL) * 0.4;
    for dy in 0..CELL {
        for dx in 0..CELL {
            let distance = (f64::from(dx) + 0.5 - centre).hypot(f64::from(dy) + 0.5 - centre);
            if distance <= radius {
                let ring = queen && distance > radius - 3.0;
                image.put_pixel(left + dx, top + dy, if ring { QUEEN_RING } else { fill });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel_at_centre(image: &RgbImage, n: u32, file: u32, rank: u32) -> Rgb<u8> {
        let x = file * CELL + CELL / 2;
        let y = (n - 1 - rank) * CELL + CELL / 2;
        *image.get_pixel(x, y)
    }

    #[test]
    fn the_png_shows_both_queens_on_their_start_squares() {
        for size in [12u8, 14, 16] {
            let options = GameOptions::new(size, 20, false).unwrap();
            let png = start_position_png(options).unwrap();
            let image = image::load_from_memory_with_format(&png, ImageFormat::Png)
                .unwrap()
                .to_rgb8();
            let n = u32::from(size);
            assert_eq!(image.dimensions(), (n * CELL, n * CELL));
            // R3.2: White's queen on file N/2 of rank 1, Black's on file N/2 - 1 of rank N.
            assert_eq!(pixel_at_centre(&image, n, n / 2, 0), WHITE_PIECE);
            assert_eq!(pixel_at_centre(&image, n, n / 2 - 1, n - 1), BLACK_PIECE);
            // a1 is a dark square, b1 light.
            assert_eq!(pixel_at_centre(&image, n, 0, 0), DARK);
            assert_eq!(pixel_at_centre(&image, n, 1, 0), LIGHT);
        }
    }
}
