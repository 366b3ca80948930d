//! Anti-aliased piece sprites, painted once per square size, and blitting them.
//!
//! A baby is one checker seen from above: rim, shaded face, a groove ring. A queen is a
//! stack of checkers, each a little higher than the one below, with a gold ring on top where
//! the board draws its height.

use image::{Rgb, RgbImage, Rgba, RgbaImage};
use monkey_queen_core::Color;

use super::theme::{BoardTheme, CheckerColors};

/// Checkers drawn in a queen's stack.
const QUEEN_LAYERS: u32 = 4;

/// Everything drawn on squares, for one square size.
#[derive(Debug)]
pub struct PieceSprites {
    /// Babies, indexed by [`Color::index`].
    pub babies: [RgbaImage; 2],
    /// Queens without their number, indexed by [`Color::index`].
    pub queens: [RgbaImage; 2],
    /// The marker of an empty legal destination.
    pub dot: RgbaImage,
    /// The marker of an occupied legal destination (a capture).
    pub ring: RgbaImage,
    /// Where a queen's number goes, relative to the sprite's top-left corner.
    pub queen_top: (f32, f32),
}

impl PieceSprites {
    /// Paints every sprite for squares of `square` pixels, in the colours of `theme`.
    #[must_use]
    pub fn new(square: u32, theme: &BoardTheme) -> PieceSprites {
        let s = square as f32;
        let c = s / 2.0;
        let step = queen_step(s);
        let top = c - step * (QUEEN_LAYERS - 1) as f32 / 2.0;
        PieceSprites {
            babies: Color::ALL.map(|color| baby(square, theme, theme.checkers(color), 0.37 * s)),
            queens: Color::ALL.map(|color| queen(square, theme, theme.checkers(color))),
            dot: marker(square, theme.mark, 0.0, 0.15 * s),
            ring: marker(square, theme.mark, 0.42 * s, 0.49 * s),
            queen_top: (c, top),
        }
    }
}

/// A side's baby in the colours of `theme` as an icon of `side` pixels, for the player
/// strips.
#[must_use]
pub fn baby_icon(theme: &BoardTheme, color: Color, side: u32) -> RgbaImage {
    baby(side, theme, theme.checkers(color), 0.42 * side as f32)
}

/// A side's queen in the colours of `theme` as an icon of `side` pixels, for the player
/// strips.
#[must_use]
pub fn queen_icon(theme: &BoardTheme, color: Color, side: u32) -> RgbaImage {
    queen(side, theme, theme.checkers(color))
}

/// A ring of `color` on a transparent square of `side` pixels: inner radius `radius`, `width`
/// pixels thick.
#[must_use]
pub fn ring(side: u32, radius: f32, width: f32, color: Rgb<u8>) -> RgbaImage {
    let mut canvas = Canvas::new(side);
    let c = side as f32 / 2.0;
    canvas.paint(|x, y| {
        let d = (x - c).hypot(y - c);
        Some((color, disc(radius + width, d) - disc(radius, d)))
    });
    canvas.into_image()
}

/// Vertical distance between the checkers of a queen's stack.
fn queen_step(s: f32) -> f32 {
    (0.085 * s).max(1.5)
}

/// A float RGBA canvas in premultiplied alpha, painted with "over".
struct Canvas {
    side: u32,
    px: Vec<[f32; 4]>,
}

impl Canvas {
    fn new(side: u32) -> Canvas {
        Canvas {
            side,
            px: vec![[0.0; 4]; (side * side) as usize],
        }
    }

    /// Paints every pixel with the colour and coverage `f` gives for its centre.
    fn paint(&mut self, f: impl Fn(f32, f32) -> Option<(Rgb<u8>, f32)>) {
        for y in 0..self.side {
            for x in 0..self.side {
                let Some((color, alpha)) = f(x as f32 + 0.5, y as f32 + 0.5) else {
                    continue;
                };
                let a = alpha.clamp(0.0, 1.0);
                if a <= 0.0 {
                    continue;
                }
                let p = &mut self.px[(y * self.side + x) as usize];
                for (channel, &c) in p.iter_mut().zip(&color.0) {
                    *channel = f32::from(c) / 255.0 * a + *channel * (1.0 - a);
                }
                p[3] = a + p[3] * (1.0 - a);
            }
        }
    }

    fn into_image(self) -> RgbaImage {
        let mut img = RgbaImage::new(self.side, self.side);
        for (dst, p) in img.pixels_mut().zip(&self.px) {
            let a = p[3];
            let un = |v: f32| {
                if a > 0.0 {
                    (v / a * 255.0).round().clamp(0.0, 255.0) as u8
                } else {
                    0
                }
            };
            *dst = Rgba([un(p[0]), un(p[1]), un(p[2]), (a * 255.0).round() as u8]);
        }
        img
    }
}

/// Coverage of a disc of radius `r` at distance `d` from its centre (one pixel of smoothing).
fn disc(r: f32, d: f32) -> f32 {
    (r - d + 0.5).clamp(0.0, 1.0)
}

fn mix(a: Rgb<u8>, b: Rgb<u8>, t: f32) -> Rgb<u8> {
    let t = t.clamp(0.0, 1.0);
    Rgb(std::array::from_fn(|i| {
        (f32::from(a.0[i]) * (1.0 - t) + f32::from(b.0[i]) * t).round() as u8
    }))
}

/// Paints one checker seen from above, centred on `(cx, cy)`, with the queen's ring (in
/// `crown`'s colour) when there is one.
fn checker(
    canvas: &mut Canvas,
    (cx, cy): (f32, f32),
    r: f32,
    colors: CheckerColors,
    crown: Option<Rgb<u8>>,
) {
    let rim = (0.07 * r).max(1.2);
    let groove_r = 0.62 * r;
    let groove_w = (0.06 * r).max(1.0);
    canvas.paint(|x, y| {
        let d = (x - cx).hypot(y - cy);
        Some((colors.rim, disc(r, d)))
    });
    canvas.paint(|x, y| {
        let d = (x - cx).hypot(y - cy);
        // Light from the top left: shine there, the plain face towards the bottom right.
        let t = ((x - cx) + (y - cy)) / (2.0 * r) + 0.5;
        Some((mix(colors.shine, colors.face, t), disc(r - rim, d)))
    });
    canvas.paint(|x, y| {
        let d = (x - cx).hypot(y - cy);
        let ring = disc(groove_r + groove_w / 2.0, d) - disc(groove_r - groove_w / 2.0, d);
        Some((colors.groove, ring))
    });
    if let Some(crown) = crown {
        let crown_r = 0.8 * r;
        let crown_w = (0.12 * r).max(1.5);
        canvas.paint(|x, y| {
            let d = (x - cx).hypot(y - cy);
            let ring = disc(crown_r + crown_w / 2.0, d) - disc(crown_r - crown_w / 2.0, d);
            Some((crown, ring))
        });
    }
}

/// The soft shadow (colour and opacity) under a checker centred on `(cx, cy)`.
fn shadow(canvas: &mut Canvas, (cx, cy): (f32, f32), r: f32, (color, strength): (Rgb<u8>, f32)) {
    let soft = (0.18 * r).max(1.5);
    canvas.paint(|x, y| {
        let d = (x - cx - 0.06 * r).hypot(y - cy - 0.12 * r);
        Some((color, strength * ((r - d) / soft + 0.5).clamp(0.0, 1.0)))
    });
}

fn baby(side: u32, theme: &BoardTheme, colors: CheckerColors, r: f32) -> RgbaImage {
    let mut canvas = Canvas::new(side);
    let c = side as f32 / 2.0;
    shadow(&mut canvas, (c, c), r, theme.shadow);
    checker(&mut canvas, (c, c), r, colors, None);
    canvas.into_image()
}

fn queen(side: u32, theme: &BoardTheme, colors: CheckerColors) -> RgbaImage {
    let s = side as f32;
    let r = 0.355 * s;
    let step = queen_step(s);
    let mut canvas = Canvas::new(side);
    let c = s / 2.0;
    let bottom = c + step * (QUEEN_LAYERS - 1) as f32 / 2.0;
    shadow(&mut canvas, (c, bottom), r, theme.shadow);
    for layer in 0..QUEEN_LAYERS {
        let cy = bottom - step * layer as f32;
        let top = layer + 1 == QUEEN_LAYERS;
        // Lower checkers show only their edge below the next one: draw them darker.
        let shade = CheckerColors {
            face: mix(colors.face, colors.rim, 0.45),
            shine: mix(colors.face, colors.rim, 0.3),
            ..colors
        };
        checker(
            &mut canvas,
            (c, cy),
            r,
            if top { colors } else { shade },
            top.then_some(theme.crown),
        );
    }
    canvas.into_image()
}

/// A legal-destination marker in `mark`'s colour and opacity: a dot when `inner` is 0, else a
/// ring from `inner` to `outer`.
fn marker(side: u32, (color, strength): (Rgb<u8>, f32), inner: f32, outer: f32) -> RgbaImage {
    let mut canvas = Canvas::new(side);
    let c = side as f32 / 2.0;
    canvas.paint(|x, y| {
        let d = (x - c).hypot(y - c);
        let cover = if inner > 0.0 {
            disc(outer, d) - disc(inner, d)
        } else {
            disc(outer, d)
        };
        Some((color, strength * cover))
    });
    canvas.into_image()
}

/// Draws `sprite` over `img` with its top-left corner at `(x, y)`, clipping at the edges.
pub fn blit(img: &mut RgbImage, sprite: &RgbaImage, x: u32, y: u32) {
    let width = img.width();
    let height = img.height();
    let w = sprite.width().min(width.saturating_sub(x));
    let h = sprite.height().min(height.saturating_sub(y));
    let dst = img.as_mut();
    let src = sprite.as_raw();
    for row in 0..h {
        let d0 = (((y + row) * width + x) * 3) as usize;
        let s0 = (row * sprite.width() * 4) as usize;
        let d = &mut dst[d0..d0 + w as usize * 3];
        let s = &src[s0..s0 + w as usize * 4];
        for (dp, sp) in d.chunks_exact_mut(3).zip(s.chunks_exact(4)) {
            let a = u32::from(sp[3]);
            if a == 0 {
                continue;
            }
            for i in 0..3 {
                let v = u32::from(sp[i]) * a + u32::from(dp[i]) * (255 - a);
                dp[i] = ((v + 127) / 255) as u8;
            }
        }
    }
}

/// Blends `color` with strength `alpha` over a rectangle of `img`.
pub fn tint(img: &mut RgbImage, (x, y, w, h): (u32, u32, u32, u32), color: Rgb<u8>, alpha: f32) {
    let a = (alpha.clamp(0.0, 1.0) * 255.0).round() as u32;
    let width = img.width();
    let w = w.min(width.saturating_sub(x));
    let h = h.min(img.height().saturating_sub(y));
    let dst = img.as_mut();
    for row in y..y + h {
        let d0 = ((row * width + x) * 3) as usize;
        for dp in dst[d0..d0 + w as usize * 3].chunks_exact_mut(3) {
            for (channel, &c) in dp.iter_mut().zip(&color.0) {
                let v = u32::from(c) * a + u32::from(*channel) * (255 - a);
                *channel = ((v + 127) / 255) as u8;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::theme::{COLORBLIND, HIGH, STANDARD};

    #[test]
    fn sprites_are_opaque_in_the_middle_and_clear_in_the_corners() {
        let themes = [STANDARD, COLORBLIND, HIGH];
        for (square, theme) in [45, 51, 60]
            .into_iter()
            .flat_map(|s| themes.map(|t| (s, t)))
        {
            let sprites = PieceSprites::new(square, &theme);
            for sprite in sprites.babies.iter().chain(&sprites.queens) {
                assert_eq!(sprite.dimensions(), (square, square));
                assert_eq!(sprite.get_pixel(square / 2, square / 2).0[3], 255);
                assert_eq!(sprite.get_pixel(0, 0).0[3], 0);
            }
            assert_eq!(sprites.ring.get_pixel(square / 2, square / 2).0[3], 0);
            assert!(sprites.dot.get_pixel(square / 2, square / 2).0[3] > 0);
        }
    }

    #[test]
    fn blit_blends_and_clips() {
        let mut img = RgbImage::from_pixel(4, 4, Rgb([0, 0, 0]));
        let mut sprite = RgbaImage::from_pixel(3, 3, Rgba([255, 255, 255, 255]));
        sprite.put_pixel(0, 0, Rgba([255, 255, 255, 0]));
        sprite.put_pixel(1, 0, Rgba([255, 255, 255, 128]));
        blit(&mut img, &sprite, 2, 2);
        assert_eq!(img.get_pixel(2, 2).0, [0, 0, 0]);
        assert_eq!(img.get_pixel(3, 2).0, [128, 128, 128]);
        assert_eq!(img.get_pixel(3, 3).0, [255, 255, 255]);
        assert_eq!(img.get_pixel(1, 1).0, [0, 0, 0]);
    }
}
