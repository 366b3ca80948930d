//! Text on the picture: the embedded fonts, measuring, shortening and drawing.
//!
//! Names come from Discord and may hold any Unicode. Characters the font lacks are drawn as
//! `?` and control characters as spaces, so no text can make the renderer fail or panic.
//! There is no shaping: scripts that need it (Arabic, Indic) come out as separate letters.

use ab_glyph::{Font, FontRef, InvalidFont, PxScale, ScaleFont, point};
use image::{Rgb, RgbImage};

use super::glyphs;

/// DejaVu Sans (Bitstream Vera licence, see `assets/fonts/LICENSE-DejaVu.txt`).
pub static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// Names longer than this many characters are cut before they are even measured.
const MAX_CHARS: usize = 64;
/// What a shortened text ends with.
const ELLIPSIS: char = '…';

/// The two faces the picture uses, parsed once.
#[derive(Debug, Clone)]
pub struct Fonts {
    /// For names and the status line.
    pub regular: FontRef<'static>,
    /// For coordinates and queen heights.
    pub bold: FontRef<'static>,
}

impl Fonts {
    /// Parses the embedded fonts.
    ///
    /// # Errors
    /// Only if the embedded font files are corrupt.
    pub fn new() -> Result<Fonts, InvalidFont> {
        Ok(Fonts {
            regular: FontRef::try_from_slice(REGULAR)?,
            bold: FontRef::try_from_slice(BOLD)?,
        })
    }
}

/// `text` with control characters turned into spaces, characters the font lacks into `?`,
/// and at most [`MAX_CHARS`] characters.
#[must_use]
pub fn sanitize(font: &FontRef<'static>, text: &str) -> String {
    text.chars()
        .take(MAX_CHARS)
        .map(|c| {
            if c.is_control() {
                ' '
            } else if font.glyph_id(c).0 == 0 {
                '?'
            } else {
                c
            }
        })
        .collect()
}

/// Width in pixels of `text` at `size` pixels.
#[must_use]
pub fn width(font: &FontRef<'static>, size: f32, text: &str) -> u32 {
    glyphs::lay_out(font, PxScale::from(size), text, |_| {})
}

/// `text` (sanitized) shortened with an ellipsis so that it is at most `max_width` wide; a
/// text of more than [`MAX_CHARS`] characters always ends with the ellipsis.
#[must_use]
pub fn fit(font: &FontRef<'static>, size: f32, text: &str, max_width: u32) -> String {
    let text = text.trim();
    let clean = sanitize(font, text);
    let cut = text.chars().nth(MAX_CHARS).is_some();
    if !cut && width(font, size, &clean) <= max_width {
        return clean;
    }
    let mut chars: Vec<char> = clean.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let mut candidate: String = chars.iter().collect::<String>().trim_end().to_owned();
        candidate.push(ELLIPSIS);
        if width(font, size, &candidate) <= max_width {
            return candidate;
        }
    }
    String::new()
}

/// Draws `text` with its baseline at `baseline` and its left edge at `x`.
pub fn draw_left(
    img: &mut RgbImage,
    font: &FontRef<'static>,
    size: f32,
    color: Rgb<u8>,
    (x, baseline): (i32, i32),
    text: &str,
) {
    let ascent = font.as_scaled(PxScale::from(size)).ascent();
    let top = baseline - ascent.round() as i32;
    glyphs::draw(img, color, (x, top), PxScale::from(size), font, text);
}

/// The baseline that centres capital letters and digits vertically on `centre_y`.
#[must_use]
pub fn centred_baseline(font: &FontRef<'static>, size: f32, centre_y: f32) -> i32 {
    baseline_centring(font, size, centre_y, "H")
}

/// The baseline that centres the ink of `reference` vertically on `centre_y`; text drawn
/// on it shares one baseline, whatever its letters.
#[must_use]
pub fn baseline_centring(
    font: &FontRef<'static>,
    size: f32,
    centre_y: f32,
    reference: &str,
) -> i32 {
    let height =
        ink_bounds(font, size, reference).map_or(size * 0.73, |(_, min_y, _, max_y)| max_y - min_y);
    (centre_y + height / 2.0).round() as i32
}

/// Draws `text` centred horizontally on `cx` with its baseline at `baseline`.
pub fn draw_on_baseline(
    img: &mut RgbImage,
    font: &FontRef<'static>,
    size: f32,
    color: Rgb<u8>,
    (cx, baseline): (f32, i32),
    text: &str,
) {
    let Some((min_x, _, max_x, _)) = ink_bounds(font, size, text) else {
        return;
    };
    let x = (cx - (min_x + max_x) / 2.0).round() as i32;
    draw_left(img, font, size, color, (x, baseline), text);
}

/// Draws `text` so that its ink is centred on `(cx, cy)`.
pub fn draw_centred(
    img: &mut RgbImage,
    font: &FontRef<'static>,
    size: f32,
    color: Rgb<u8>,
    centre: (f32, f32),
    text: &str,
) {
    draw_centred_in(img, font, size, color, (0, 0), centre, text);
}

/// [`draw_centred`] with `centre` measured from `origin`: the ink lands on the same pixels
/// relative to the origin wherever it is (a square drawn alone is drawn as on the board).
pub fn draw_centred_in(
    img: &mut RgbImage,
    font: &FontRef<'static>,
    size: f32,
    color: Rgb<u8>,
    (x0, y0): (u32, u32),
    (cx, cy): (f32, f32),
    text: &str,
) {
    let Some((min_x, min_y, max_x, max_y)) = ink_bounds(font, size, text) else {
        return;
    };
    let x = (cx - (min_x + max_x) / 2.0).round() as i32;
    let y = (cy - (min_y + max_y) / 2.0).round() as i32;
    let (x0, y0) = (
        i32::try_from(x0).unwrap_or(i32::MAX),
        i32::try_from(y0).unwrap_or(i32::MAX),
    );
    let at = (x0.saturating_add(x), y0.saturating_add(y));
    glyphs::draw(img, color, at, PxScale::from(size), font, text);
}

/// The box the ink of `text` covers when drawn at `(0, 0)` the way `imageproc` lays it out.
fn ink_bounds(font: &FontRef<'static>, size: f32, text: &str) -> Option<(f32, f32, f32, f32)> {
    let scale = PxScale::from(size);
    let scaled = font.as_scaled(scale);
    let mut x = 0.0;
    let mut bounds: Option<(f32, f32, f32, f32)> = None;
    for c in text.chars() {
        let id = scaled.glyph_id(c);
        let glyph = id.with_scale_and_position(scale, point(x, scaled.ascent()));
        x += scaled.h_advance(id);
        if let Some(b) = glyphs::bounds(font, glyph) {
            bounds = Some(match bounds {
                None => (b.min.x, b.min.y, b.max.x, b.max.y),
                Some((a, b0, c0, d)) => (
                    a.min(b.min.x),
                    b0.min(b.min.y),
                    c0.max(b.max.x),
                    d.max(b.max.y),
                ),
            });
        }
    }
    bounds
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_glyphs_and_controls_are_replaced() {
        let fonts = Fonts::new().unwrap();
        assert_eq!(sanitize(&fonts.regular, "Zoë\tß"), "Zoë ß");
        // DejaVu has no emoji and no CJK.
        assert_eq!(sanitize(&fonts.regular, "🐒猴"), "??");
    }

    #[test]
    fn long_text_is_shortened_to_fit() {
        let fonts = Fonts::new().unwrap();
        let long = "Constantinople the Magnificent Monkey Queen Player".repeat(3);
        let short = fit(&fonts.regular, 20.0, &long, 200);
        assert!(short.ends_with(ELLIPSIS), "{short}");
        assert!(width(&fonts.regular, 20.0, &short) <= 200);
        assert_eq!(fit(&fonts.regular, 20.0, "Ann", 200), "Ann");
        assert_eq!(fit(&fonts.regular, 20.0, "Ann", 1), "");
        // Cut at MAX_CHARS before measuring: the cut shows even when there is room.
        let cut = fit(&fonts.regular, 10.0, &"a".repeat(MAX_CHARS + 1), 10_000);
        assert_eq!(cut, format!("{}{ELLIPSIS}", "a".repeat(MAX_CHARS - 1)));
        let exact = "a".repeat(MAX_CHARS);
        assert_eq!(fit(&fonts.regular, 10.0, &exact, 10_000), exact);
    }
}
