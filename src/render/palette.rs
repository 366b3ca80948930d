//! The palettes of board pictures, one per theme: 255 colours and a fast map from RGB to
//! palette indices. Board PNGs are written with their theme's as indexed images (a third of
//! the bytes, or less), and replay GIFs use their theme's for every frame.
//!
//! A board has few flat colours and the anti-aliased shades between them; 255 colours cover
//! both. The map looks colours up by their top 6 bits per channel (a table of 2^18 entries),
//! so a pixel is at most 2 levels per channel from the colour it is looked up as, and a run
//! of equal pixels (most of a board) is looked up once.
//!
//! The palettes ship with the program, in `assets/board-palette*.bin` (one per theme): the 256
//! RGB triples, then the table. Each was learnt from sample boards in its theme (see `learn`,
//! built for the tests only); a test learns them again and checks they are the shipped ones.
//! After an intended change of the boards' colours, write the new ones with
//! `UPDATE_PALETTE=1 cargo test --lib render::palette`, and commit them.

#[cfg(test)]
mod learn;

use std::borrow::Cow;

use image::RgbImage;

use super::layout::Rect;
use crate::model::BoardColors;

/// How many colours pictures use; the last palette slot stays free (a GIF's transparent index).
pub const COLORS: usize = 255;
/// Bits per channel of the lookup table's key.
const KEY_BITS: u32 = 6;
/// Bytes of the 256 RGB triples at the start of the table.
const RGB_BYTES: usize = 256 * 3;
/// Bytes of the whole table: the triples, then the index of every key.
const TABLE_BYTES: usize = RGB_BYTES + (1 << (3 * KEY_BITS));
/// Pixels compared at a time with the picture drawn under them (see
/// [`Palette::indices_over`]).
const STRETCH: usize = 32;

/// The shipped palettes and lookup tables, by theme (see the module).
const SHIPPED: [&[u8; TABLE_BYTES]; 3] = [
    include_bytes!("../../assets/board-palette.bin"),
    include_bytes!("../../assets/board-palette-colorblind.bin"),
    include_bytes!("../../assets/board-palette-high.bin"),
];

/// The palette of boards in the bot's own colours.
static BOARDS: Palette = Palette {
    table: Cow::Borrowed(SHIPPED[0]),
};
/// The palette of boards in the colour-blind-safe colours.
static COLORBLIND_BOARDS: Palette = Palette {
    table: Cow::Borrowed(SHIPPED[1]),
};
/// The palette of boards in the high-contrast colours.
static HIGH_BOARDS: Palette = Palette {
    table: Cow::Borrowed(SHIPPED[2]),
};

/// The palette of boards drawn in `colors`.
#[must_use]
pub fn of(colors: BoardColors) -> &'static Palette {
    match colors {
        BoardColors::Standard => &BOARDS,
        BoardColors::Colorblind => &COLORBLIND_BOARDS,
        BoardColors::High => &HIGH_BOARDS,
    }
}

/// Where the shipped palette of `colors` lives, from the crate's root.
#[cfg(test)]
fn shipped_path(colors: BoardColors) -> &'static str {
    match colors {
        BoardColors::Standard => "assets/board-palette.bin",
        BoardColors::Colorblind => "assets/board-palette-colorblind.bin",
        BoardColors::High => "assets/board-palette-high.bin",
    }
}

/// Maps RGB colours to the indices of one palette.
pub struct Palette {
    /// 256 RGB triples (the last unused by pictures), then the palette index of every colour
    /// by its top [`KEY_BITS`] bits per channel.
    table: Cow<'static, [u8]>,
}

impl Palette {
    /// The palette as 256 RGB triples (768 bytes).
    #[must_use]
    pub fn rgb(&self) -> &[u8] {
        &self.table[..RGB_BYTES]
    }

    /// The palette index of one colour.
    #[must_use]
    pub fn index(&self, color: [u8; 3]) -> u8 {
        self.table[RGB_BYTES + key(color)]
    }

    /// The palette index of every pixel, row by row.
    #[must_use]
    pub fn indices(&self, img: &RgbImage) -> Vec<u8> {
        let raw = img.as_raw();
        let mut out = vec![0u8; raw.len() / 3];
        let pack = |p: &[u8]| u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2]);
        // An impossible colour, so the first pixel is looked up.
        let mut last = u32::MAX;
        let mut index = 0;
        for (o, p) in out.iter_mut().zip(raw.chunks_exact(3)) {
            let color = pack(p);
            if color != last {
                last = color;
                index = self.index([p[0], p[1], p[2]]);
            }
            *o = index;
        }
        out
    }

    /// The palette index of every pixel of `img`, which was drawn over `base` (same size),
    /// whose indices are `base_indices`: stretches of pixels left as they were in `base` are
    /// copied, only the others looked up. A board is mostly its empty board, so this is a
    /// fraction of the work of [`Palette::indices`].
    #[must_use]
    pub fn indices_over(&self, img: &RgbImage, base: &RgbImage, base_indices: &[u8]) -> Vec<u8> {
        if img.dimensions() != base.dimensions() || base_indices.len() * 3 != base.as_raw().len() {
            return self.indices(img);
        }
        let mut out = vec![0u8; base_indices.len()];
        self.index_over(img.as_raw(), base.as_raw(), base_indices, &mut out);
        out
    }

    /// [`Palette::indices_over`] for some pixels (RGB, in a row), drawn over `under` (as
    /// many) whose indices are `under_indices`, into `out`.
    pub fn index_over(&self, pixels: &[u8], under: &[u8], under_indices: &[u8], out: &mut [u8]) {
        let stretches = out
            .chunks_mut(STRETCH)
            .zip(pixels.chunks(STRETCH * 3))
            .zip(under.chunks(STRETCH * 3).zip(under_indices.chunks(STRETCH)));
        for ((o, pixels), (was, was_indices)) in stretches {
            if pixels == was && o.len() == was_indices.len() {
                o.copy_from_slice(was_indices);
                continue;
            }
            let mut last = None;
            let mut index = 0;
            for (o, p) in o.iter_mut().zip(pixels.chunks_exact(3)) {
                let color = [p[0], p[1], p[2]];
                if last != Some(color) {
                    last = Some(color);
                    index = self.index(color);
                }
                *o = index;
            }
        }
    }

    /// The colour palette index `index` stands for.
    #[must_use]
    pub fn color(&self, index: u8) -> [u8; 3] {
        let i = usize::from(index) * 3;
        [self.table[i], self.table[i + 1], self.table[i + 2]]
    }
}

impl Palette {
    /// This palette's colours, in which each colour of `frames` that it holds only roughly gets
    /// a slot of its own (one no pixel of the picture uses, the free last one first), and
    /// `indices` (the picture `img`'s) of the pixels of exactly that colour within the frame's
    /// rectangle pointed at it. The lessons frame squares in colours a board has nowhere else
    /// (a saturated green) that the learnt palettes lack; a picture without frames never comes
    /// here, so its palette stays the shipped one. Colours beyond the free slots stay rough.
    #[must_use]
    pub fn holding(
        &self,
        img: &RgbImage,
        indices: &mut [u8],
        frames: &[([u8; 3], Rect)],
    ) -> Vec<u8> {
        let mut rgb = self.rgb().to_vec();
        let mut used = [false; 256];
        for &i in indices.iter() {
            used[usize::from(i)] = true;
        }
        let mut free = (0..=u8::MAX).rev().filter(|&i| !used[usize::from(i)]);
        let mut slots: Vec<([u8; 3], u8)> = Vec::new();
        let (width, height) = img.dimensions();
        for &(color, area) in frames {
            let slot = match slots.iter().find(|(held, _)| *held == color) {
                Some(&(_, slot)) => slot,
                None if self.color(self.index(color)) == color => continue,
                None => {
                    let Some(slot) = free.next() else {
                        continue;
                    };
                    let at = usize::from(slot) * 3;
                    rgb[at..at + 3].copy_from_slice(&color);
                    slots.push((color, slot));
                    slot
                }
            };
            for y in area.y..(area.y + area.h).min(height) {
                for x in area.x..(area.x + area.w).min(width) {
                    if img.get_pixel(x, y).0 == color {
                        indices[(y * width + x) as usize] = slot;
                    }
                }
            }
        }
        rgb
    }
}

/// The lookup table's key of a colour: its top [`KEY_BITS`] bits per channel.
fn key([r, g, b]: [u8; 3]) -> usize {
    let shift = 8 - KEY_BITS;
    usize::from(r >> shift) << (2 * KEY_BITS)
        | usize::from(g >> shift) << KEY_BITS
        | usize::from(b >> shift)
}
