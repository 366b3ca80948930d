//! Glyphs outlined and rasterized once, then kept: a board's header and strips are mostly the
//! same names, counts and words at the same places, picture after picture.
//!
//! Text is laid out and blended exactly as `imageproc`'s `draw_text_mut` and `text_size` do
//! (the same advances, kerning, pixel boxes and weights), so a picture is the same pixel for
//! pixel; only the outlining and rasterizing of each glyph at each position is kept. A glyph's
//! coverage depends on where it falls within a pixel, so it is kept by its exact position.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use ab_glyph::{Font, FontRef, Glyph, GlyphId, PxScale, Rect, ScaleFont, point};
use image::{Rgb, RgbImage};
use imageproc::pixelops::weighted_sum;

/// The most glyphs kept (about 1.5 KB each); past that, the kept ones are forgotten.
const MAX_KEPT: usize = 4096;

/// One glyph at one position, as drawing it needs it.
#[derive(Debug)]
pub struct Raster {
    /// Its pixel box, relative to the text's origin.
    pub bounds: Rect,
    /// The coverage of each pixel of the box, row by row.
    coverage: Box<[f32]>,
}

/// A glyph by font (its data's address), size, id and exact position.
type Key = (usize, [u32; 2], GlyphId, [u32; 2]);

/// Every glyph kept: `None` for one with no outline (a space).
static KEPT: LazyLock<Mutex<HashMap<Key, Option<Arc<Raster>>>>> = LazyLock::new(Mutex::default);

/// `glyph` of `font` outlined and rasterized, kept or done now; `None` if it has no outline.
fn raster(font: &FontRef<'static>, glyph: Glyph) -> Option<Arc<Raster>> {
    let key = (
        font.font_data().as_ptr() as usize,
        [glyph.scale.x.to_bits(), glyph.scale.y.to_bits()],
        glyph.id,
        [glyph.position.x.to_bits(), glyph.position.y.to_bits()],
    );
    let kept = KEPT
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
        .cloned();
    if let Some(kept) = kept {
        return kept;
    }
    let made = font.outline_glyph(glyph).map(|outlined| {
        let bounds = outlined.px_bounds();
        let width = bounds.width() as usize;
        let mut coverage = vec![0.0; width * bounds.height() as usize];
        outlined.draw(|x, y, v| {
            if let Some(c) = coverage.get_mut(y as usize * width + x as usize) {
                *c = v;
            }
        });
        Arc::new(Raster {
            bounds,
            coverage: coverage.into_boxed_slice(),
        })
    });
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    if kept.len() >= MAX_KEPT {
        kept.clear();
    }
    kept.insert(key, made.clone());
    made
}

/// Lays `text` out as `imageproc` does, calling `each` with every glyph that has an outline;
/// returns the width it takes, as `imageproc::drawing::text_size` does.
pub fn lay_out(
    font: &FontRef<'static>,
    scale: PxScale,
    text: &str,
    mut each: impl FnMut(&Raster),
) -> u32 {
    if text.is_empty() {
        return 0;
    }
    let scaled = font.as_scaled(scale);
    let mut w = 0.0;
    let mut prev: Option<GlyphId> = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        let glyph = id.with_scale_and_position(scale, point(w, scaled.ascent()));
        w += scaled.h_advance(id);
        if let Some(raster) = raster(font, glyph) {
            if let Some(prev) = prev {
                w += scaled.kern(id, prev);
            }
            prev = Some(id);
            each(&raster);
        }
    }
    1 + w.ceil().max(0.0) as u32
}

/// The pixel box of `glyph` (with its scale and position), if it has an outline.
pub fn bounds(font: &FontRef<'static>, glyph: Glyph) -> Option<Rect> {
    raster(font, glyph).map(|raster| raster.bounds)
}

/// Draws `text` with the top left of its layout at `(x, y)`, as `imageproc`'s
/// `draw_text_mut` does.
pub fn draw(
    img: &mut RgbImage,
    color: Rgb<u8>,
    (x, y): (i32, i32),
    scale: PxScale,
    font: &FontRef<'static>,
    text: &str,
) {
    let (width, height) = (img.width() as i32, img.height() as i32);
    lay_out(font, scale, text, |raster| {
        let x_shift = x + raster.bounds.min.x.round() as i32;
        let y_shift = y + raster.bounds.min.y.round() as i32;
        let row = raster.bounds.width() as usize;
        for (i, &v) in raster.coverage.iter().enumerate() {
            let (gx, gy) = ((i % row) as i32, (i / row) as i32);
            let (px, py) = (gx + x_shift, gy + y_shift);
            if (0..width).contains(&px) && (0..height).contains(&py) {
                let (px, py) = (px as u32, py as u32);
                let gv = v.clamp(0.0, 1.0);
                let pixel = weighted_sum(*img.get_pixel(px, py), color, 1.0 - gv, gv);
                img.put_pixel(px, py, pixel);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::text::Fonts;
    use imageproc::drawing::{draw_text_mut, text_size};

    /// Drawn twice (the second time from kept glyphs), text is what `imageproc` draws, pixel
    /// for pixel, and as wide: names, counts and the status line, at the sizes boards use, on
    /// a picture whose edges cut some of it off.
    #[test]
    fn kept_glyphs_draw_what_imageproc_draws() {
        let fonts = Fonts::new().unwrap();
        let texts = [
            "Ana",
            "Żaneta Ünal-O'Brien",
            "20",
            "×",
            "Black to move · ply 41",
            "AVAWAY fi",
            "",
        ];
        for font in [&fonts.regular, &fonts.bold] {
            for size in [18.0, 23.0, 25.0, 26.0, 31.5] {
                for text in texts {
                    let scale = PxScale::from(size);
                    for at in [(3, 2), (-4, 17), (150, -6)] {
                        let mut expected = RgbImage::from_pixel(200, 40, Rgb([40, 44, 52]));
                        let color = Rgb([230, 225, 210]);
                        draw_text_mut(&mut expected, color, at.0, at.1, scale, font, text);
                        for _ in 0..2 {
                            let mut drawn = RgbImage::from_pixel(200, 40, Rgb([40, 44, 52]));
                            draw(&mut drawn, color, at, scale, font, text);
                            assert!(drawn == expected, "{text:?} at {size} px, {at:?}");
                        }
                    }
                    let width = lay_out(font, scale, text, |_| {});
                    assert_eq!(
                        width,
                        text_size(scale, font, text).0,
                        "{text:?} at {size} px"
                    );
                }
            }
        }
    }
}
