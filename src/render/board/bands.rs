//! A board's PNG from bands of rows, each filtered and coded apart ([`deflate`]): the
//! players' strips, drawn for each picture; the header, the frame's rows above and below the
//! board, and each row of squares, kept in the kit by what they show (the header's line, how
//! the row's squares look). A move changes the rows of squares it left and entered, and those
//! of the move before (their shades), so a board codes a few rows of squares and joins the
//! others as they were coded for the boards before it.

use std::sync::Arc;

use image::RgbImage;
use monkey_queen_core::Position;

use super::{Icons, Kit, SquareLook, draw_header, draw_strip, looks, rows_of, status};
use crate::render::deflate::{self, Coded};
use crate::render::encode;
use crate::render::layout::{Layout, Rect};
use crate::render::palette::Palette;
use crate::render::text::Fonts;
use crate::render::view::BoardView;

/// How many bytes of coded bands a kit keeps (a band of a row of squares is 1–4 KB).
const KEPT_BYTES: u64 = 12 << 20;

/// The bands a kit keeps, by what they show.
pub(super) type Bands = mini_moka::sync::Cache<Band, Arc<Coded>>;

/// The bands kept for `kit`'s boards.
pub(super) fn kept() -> Bands {
    mini_moka::sync::Cache::builder()
        .weigher(|_: &Band, coded: &Arc<Coded>| u32::try_from(coded.size()).unwrap_or(u32::MAX))
        .max_capacity(KEPT_BYTES)
        .build()
}

/// A band of rows of a board that looks the same on every board showing what it does.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Band {
    /// The header, with its line.
    Header { status: String },
    /// The frame's rows above the board (with the files' letters), White at the bottom or not.
    Above { flipped: bool },
    /// The frame's rows below the board.
    Below { flipped: bool },
    /// A row of squares, counted from the top, with the looks of those not as on the empty
    /// board, by column (and whether the square is light).
    Squares {
        flipped: bool,
        row: u32,
        looks: Vec<(u32, bool, SquareLook)>,
    },
}

/// The PNG of `pos` as `view` asks, which must have no frames, in `palette` (the kit's
/// theme's): the picture `super::draw` makes, made of bands (see the module).
///
/// # Errors
/// Only on an internal failure of the PNG encoder.
pub fn draw_png(
    fonts: &Fonts,
    kit: &Kit,
    icons: &Icons,
    (pos, view): (&Position, &BoardView),
    palette: &Palette,
) -> Result<Vec<u8>, png::EncodingError> {
    let layout = Layout::new(kit.size, view.flipped);
    let (empty, empty_indices) = kit.empty(view.flipped, |img| palette.indices(img));
    let width = layout.width() as usize;
    let band_of = |rows: std::ops::Range<u32>, make: &dyn Fn(&mut [u8], &[u8])| {
        let span = rows.start as usize * width..rows.end as usize * width;
        let under = &empty_indices[span];
        let mut indices = under.to_vec();
        make(&mut indices, under);
        Coded::code(&encode::filter_band(&indices, width))
    };
    let flipped = view.flipped;
    let board = layout.board();
    let side = layout.square_px();
    let mut rows: Vec<Vec<(u32, bool, SquareLook)>> = vec![Vec::new(); usize::from(kit.size)];
    for (sq, look) in looks(&layout, pos, view) {
        let r = layout.square_rect(sq);
        if let Some(row) = rows.get_mut(((r.y - board.y) / side) as usize) {
            row.push(((r.x - board.x) / side, Layout::is_light(sq), look));
        }
    }

    // The header is the picture's first rows, drawn where it is.
    let header = layout.header();
    let line = status(pos, view);
    let mut pieces = Vec::with_capacity(rows.len() + 5);
    let band = Band::Header {
        status: line.clone(),
    };
    pieces.push(kit.band(band, || {
        let mut drawn = rows_of(empty, header.y, header.h);
        draw_header(&mut drawn, fonts, &layout, &line);
        band_of(header.y..header.y + header.h, &|out, under| {
            index_over(palette, (&drawn, empty, header.y), under, out);
        })
    }));
    // A strip is drawn on a band of its own.
    let strip = |color| {
        let strip = layout.strip(color);
        let mut drawn = rows_of(empty, strip.y, strip.h);
        let at = Rect { y: 0, ..strip };
        draw_strip(&mut drawn, fonts, icons, at, pos, view, color);
        Arc::new(band_of(strip.y..strip.y + strip.h, &|out, under| {
            index_over(palette, (&drawn, empty, strip.y), under, out);
        }))
    };
    let top_strip = layout.top_strip();
    pieces.push(strip(layout.bottom_color().other()));
    let top_end = top_strip.y + top_strip.h;
    let above = Band::Above { flipped };
    pieces.push(kit.band(above, || band_of(top_end..board.y, &|_, _| {})));
    for (row, mut looks) in (0..).zip(rows) {
        looks.sort_unstable_by_key(|&(column, _, _)| column);
        let y = board.y + row * side;
        let make = |out: &mut [u8], _: &[u8]| {
            for &(column, light, look) in &looks {
                let x = board.x + column * side;
                let tile = kit.tile(fonts, light, look, palette);
                for (line, pixels) in tile.chunks_exact(side as usize).enumerate() {
                    let at = line * width + x as usize;
                    out[at..at + pixels.len()].copy_from_slice(pixels);
                }
            }
        };
        let band = Band::Squares {
            flipped,
            row,
            looks: looks.clone(),
        };
        pieces.push(kit.band(band, || band_of(y..y + side, &make)));
    }
    let below = Band::Below { flipped };
    let board_end = board.y + board.h;
    let bottom_strip = layout.bottom_strip();
    pieces.push(kit.band(below, || band_of(board_end..bottom_strip.y, &|_, _| {})));
    pieces.push(strip(layout.bottom_color()));

    let image_data = deflate::zlib(pieces.iter().map(|piece| &**piece));
    let size = (layout.width(), layout.height());
    encode::indexed_png_of(size, &image_data, palette.rgb())
}

/// The indices of `band`, drawn over the rows of `empty` from `y` (whose indices are
/// `under`), into `out`.
fn index_over(
    palette: &Palette,
    (band, empty, y): (&RgbImage, &RgbImage, u32),
    under: &[u8],
    out: &mut [u8],
) {
    let row = empty.width() as usize * 3;
    let start = y as usize * row;
    let pixels = &empty.as_raw()[start..start + band.as_raw().len()];
    palette.index_over(band.as_raw(), pixels, under, out);
}
