//! The one palette of every board picture: 255 colours learnt once (NeuQuant) from sample
//! boards, and a fast map from RGB to palette indices. Board PNGs are written with it as
//! indexed images (a third of the bytes, or less), and replay GIFs use it for every frame.
//!
//! A board has few flat colours and the anti-aliased shades between them; 255 colours cover
//! both. The map looks colours up by their top 6 bits per channel (a table of 2^18 entries
//! built once), so a pixel is at most 2 levels per channel from the colour it is looked up
//! as, and a run of equal pixels (most of a board) is looked up once.

use color_quant::NeuQuant;
use image::RgbImage;

/// How many colours are learnt; the last palette slot stays free (a GIF's transparent index).
pub const COLORS: usize = 255;
/// Bits per channel of the lookup table's key.
const KEY_BITS: u32 = 6;
/// NeuQuant's sampling factor: 1 learns from every pixel, 30 from every 30th. The samples
/// are large, so every 10th pixel is plenty.
const SAMPLING: i32 = 10;

/// Maps RGB colours to the indices of one learnt palette.
pub struct Palette {
    /// 256 RGB triples; the last is unused by pictures.
    rgb: Vec<u8>,
    /// The palette index of every colour, by its top [`KEY_BITS`] bits per channel.
    lookup: Vec<u8>,
}

impl Palette {
    /// Learns a palette of [`COLORS`] colours from sample pictures.
    #[must_use]
    pub fn learn(samples: &[&RgbImage]) -> Palette {
        let mut rgba = Vec::new();
        for img in samples {
            for p in img.pixels() {
                rgba.extend_from_slice(&[p.0[0], p.0[1], p.0[2], 255]);
            }
        }
        let quant = NeuQuant::new(SAMPLING, COLORS, &rgba);
        let mut rgb = quant.color_map_rgb();
        rgb.resize(256 * 3, 0);
        let mask = (1u32 << KEY_BITS) - 1;
        let half = 1u32 << (7 - KEY_BITS);
        let lookup = (0..1u32 << (3 * KEY_BITS))
            .map(|key| {
                let channel =
                    |shift: u32| (((key >> shift) & mask) << (8 - KEY_BITS) | half) as u8;
                let centre = [channel(2 * KEY_BITS), channel(KEY_BITS), channel(0), 255];
                let index = quant.index_of(&centre);
                u8::try_from(index.min(COLORS - 1)).unwrap_or(0)
            })
            .collect();
        Palette { rgb, lookup }
    }

    /// The palette as 256 RGB triples (768 bytes).
    #[must_use]
    pub fn rgb(&self) -> &[u8] {
        &self.rgb
    }

    /// The palette index of one colour.
    #[must_use]
    pub fn index(&self, [r, g, b]: [u8; 3]) -> u8 {
        let shift = 8 - KEY_BITS;
        let key = usize::from(r >> shift) << (2 * KEY_BITS)
            | usize::from(g >> shift) << KEY_BITS
            | usize::from(b >> shift);
        self.lookup[key]
    }

    /// The palette index of every pixel, row by row.
    #[must_use]
    pub fn indices(&self, img: &RgbImage) -> Vec<u8> {
        let raw = img.as_raw();
        let mut out = Vec::with_capacity(raw.len() / 3);
        let mut last = None;
        let mut last_index = 0;
        for p in raw.chunks_exact(3) {
            let color = [p[0], p[1], p[2]];
            if last != Some(color) {
                last = Some(color);
                last_index = self.index(color);
            }
            out.push(last_index);
        }
        out
    }

    /// The colour palette index `index` stands for.
    #[must_use]
    pub fn color(&self, index: u8) -> [u8; 3] {
        let i = usize::from(index) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

#[cfg(test)]
mod tests {
    use image::Rgb;

    use super::*;

    #[test]
    fn every_learnt_colour_maps_to_itself_or_a_close_one() {
        let mut img = RgbImage::new(64, 64);
        for (x, y, p) in img.enumerate_pixels_mut() {
            *p = Rgb([(x * 4) as u8, (y * 4) as u8, 128]);
        }
        let palette = Palette::learn(&[&img]);
        for p in img.pixels().step_by(7) {
            let shown = palette.color(palette.index(p.0));
            let off: u32 = (0..3).map(|i| u32::from(shown[i].abs_diff(p.0[i]))).sum();
            assert!(off <= 30, "{:?} shown as {shown:?}", p.0);
        }
        assert!(palette.indices(&img).iter().all(|&i| usize::from(i) < COLORS));
    }
}
