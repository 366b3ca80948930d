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
/// Pixels compared at a time with the picture drawn under them (see
/// [`Palette::indices_over`]).
const STRETCH: usize = 32;
/// NeuQuant's sampling factor: 1 learns from every pixel, 30 from every 30th. The samples
/// are large, so every 10th pixel is plenty.
const SAMPLING: i32 = 3;

/// Maps RGB colours to the indices of one learnt palette.
pub struct Palette {
    /// 256 RGB triples; the last is unused by pictures.
    rgb: Vec<u8>,
    /// The palette index of every colour, by its top [`KEY_BITS`] bits per channel.
    lookup: Vec<u8>,
}

impl Palette {
    /// Learns a palette of [`COLORS`] colours from sample pictures: `pinned` colours
    /// exactly (the flat colours that must not shift: squares, highlights, panels), the
    /// rest learnt. Each pinned colour is looked up as itself.
    #[must_use]
    pub fn learn(samples: &[&RgbImage], pinned: &[[u8; 3]]) -> Palette {
        let pinned = &pinned[..pinned.len().min(COLORS - 1)];
        let mut rgba = Vec::new();
        for img in samples {
            for p in img.pixels() {
                rgba.extend_from_slice(&[p.0[0], p.0[1], p.0[2], 255]);
            }
        }
        let learnt = COLORS - pinned.len();
        let quant = NeuQuant::new(SAMPLING, learnt, &rgba);
        let mut rgb = quant.color_map_rgb();
        rgb.truncate(learnt * 3);
        rgb.resize(learnt * 3, 0);
        for p in pinned {
            rgb.extend_from_slice(p);
        }
        rgb.resize(256 * 3, 0);
        let mask = (1u32 << KEY_BITS) - 1;
        let half = 1u32 << (7 - KEY_BITS);
        let mut lookup: Vec<u8> = (0..1u32 << (3 * KEY_BITS))
            .map(|key| {
                let channel = |shift: u32| (((key >> shift) & mask) << (8 - KEY_BITS) | half) as u8;
                let centre = [channel(2 * KEY_BITS), channel(KEY_BITS), channel(0)];
                let mut best = quant.index_of(&[centre[0], centre[1], centre[2], 255]);
                let mut best_off = off(centre, &rgb[best * 3..best * 3 + 3]);
                for (i, p) in pinned.iter().enumerate() {
                    let d = off(centre, p);
                    if d < best_off {
                        (best, best_off) = (learnt + i, d);
                    }
                }
                u8::try_from(best.min(COLORS - 1)).unwrap_or(0)
            })
            .collect();
        for (i, &p) in pinned.iter().enumerate() {
            lookup[key(p)] = u8::try_from(learnt + i).unwrap_or(0);
        }
        chained(Palette { rgb, lookup })
    }

    /// The palette as 256 RGB triples (768 bytes).
    #[must_use]
    pub fn rgb(&self) -> &[u8] {
        &self.rgb
    }

    /// The palette index of one colour.
    #[must_use]
    pub fn index(&self, color: [u8; 3]) -> u8 {
        self.lookup[key(color)]
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
        let (raw, under) = (img.as_raw(), base.as_raw());
        if img.dimensions() != base.dimensions() || base_indices.len() * 3 != under.len() {
            return self.indices(img);
        }
        let mut out = vec![0u8; raw.len() / 3];
        let stretches = out
            .chunks_mut(STRETCH)
            .zip(raw.chunks(STRETCH * 3))
            .zip(under.chunks(STRETCH * 3).zip(base_indices.chunks(STRETCH)));
        for ((o, pixels), (was, was_indices)) in stretches {
            if pixels == was {
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
        out
    }

    /// The colour palette index `index` stands for.
    #[cfg(test)]
    #[must_use]
    pub fn color(&self, index: u8) -> [u8; 3] {
        let i = usize::from(index) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

/// The same palette with its colours in a chain where each is followed by the nearest one
/// left (as the eye weighs the channels), from the lightest, so that the shades of a gradient
/// or an anti-aliased edge get neighbouring indices: PNG's filters then leave small numbers,
/// which compress better (on the bench board: about 20% smaller than NeuQuant's order, 14% smaller
/// than plain lightness order).
fn chained(palette: Palette) -> Palette {
    let lightness = |i: usize| {
        let c = &palette.rgb[i * 3..i * 3 + 3];
        (
            299 * u32::from(c[0]) + 587 * u32::from(c[1]) + 114 * u32::from(c[2]),
            i,
        )
    };
    // The lightest first, then each followed by the nearest one left.
    let color = |i: usize| {
        [
            palette.rgb[i * 3],
            palette.rgb[i * 3 + 1],
            palette.rgb[i * 3 + 2],
        ]
    };
    let mut left: Vec<usize> = (0..COLORS).collect();
    left.sort_by_key(|&i| lightness(i));
    let mut order = Vec::with_capacity(COLORS);
    let mut current = left.remove(left.len() - 1);
    order.push(current);
    while !left.is_empty() {
        let here = color(current);
        let next = (0..left.len())
            .min_by_key(|&k| (perceived(here, color(left[k])), k))
            .unwrap_or(0);
        current = left.remove(next);
        order.push(current);
    }
    let mut rgb = vec![0; 256 * 3];
    let mut new_index = [0u8; 256];
    for (new, &old) in order.iter().enumerate() {
        rgb[new * 3..new * 3 + 3].copy_from_slice(&palette.rgb[old * 3..old * 3 + 3]);
        new_index[old] = u8::try_from(new).unwrap_or(0);
    }
    let lookup = palette
        .lookup
        .iter()
        .map(|&i| new_index[usize::from(i)])
        .collect();
    Palette { rgb, lookup }
}

/// The lookup table's key of a colour: its top [`KEY_BITS`] bits per channel.
fn key([r, g, b]: [u8; 3]) -> usize {
    let shift = 8 - KEY_BITS;
    usize::from(r >> shift) << (2 * KEY_BITS)
        | usize::from(g >> shift) << KEY_BITS
        | usize::from(b >> shift)
}

/// The squared distance between two colours as the eye weighs the channels (green most).
fn perceived(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| u32::from(a[i].abs_diff(b[i])).pow(2);
    3 * d(0) + 4 * d(1) + 2 * d(2)
}

/// The squared distance between two colours.
fn off(a: [u8; 3], b: &[u8]) -> u32 {
    a.iter()
        .zip(b)
        .map(|(&x, &y)| u32::from(x.abs_diff(y)).pow(2))
        .sum()
}

#[cfg(test)]
mod tests {
    use image::Rgb;

    use super::*;

    #[test]
    fn a_picture_of_fewer_colours_than_the_palette_keeps_them() {
        // 150 flat colours, 40×40 pixels each, spread over the colour cube.
        let colors: Vec<[u8; 3]> = (0..150u32)
            .map(|i| {
                [
                    (i * 37 % 256) as u8,
                    (i * 91 % 256) as u8,
                    (i * 53 % 256) as u8,
                ]
            })
            .collect();
        let mut img = RgbImage::new(40 * 15, 40 * 10);
        for (x, y, p) in img.enumerate_pixels_mut() {
            *p = Rgb(colors[((y / 40) * 15 + x / 40) as usize]);
        }
        let palette = Palette::learn(&[&img], &[[1, 2, 3]]);
        assert_eq!(palette.color(palette.index([1, 2, 3])), [1, 2, 3]);
        for &c in &colors {
            let shown = palette.color(palette.index(c));
            let off: u32 = (0..3).map(|i| u32::from(shown[i].abs_diff(c[i]))).sum();
            assert!(off <= 12, "{c:?} shown as {shown:?}");
        }
        let indices = palette.indices(&img);
        assert_eq!(indices.len(), (img.width() * img.height()) as usize);
        assert!(indices.iter().all(|&i| usize::from(i) < COLORS));
    }
}
