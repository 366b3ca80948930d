//! Animated GIF replays: one frame for the start position and one after every ply, the last
//! held longer.
//!
//! All frames share the boards' 255-colour palette (see `palette`), so colours stay stable
//! between frames. After the first frame, each frame covers
//! only the bounding box of the pixels that changed and leaves unchanged pixels transparent,
//! as `lichess-org/lila-gif` does, so a long game stays small.

use std::borrow::Cow;

use super::palette::{COLORS, Palette};

/// Palette index left for "unchanged since the previous frame": the slot after the colours.
const TRANSPARENT: u8 = COLORS as u8;
/// Shown time of every frame but the last, in hundredths of a second.
pub const FRAME_DELAY: u16 = 90;
/// Shown time of the last frame, in hundredths of a second.
pub const LAST_FRAME_DELAY: u16 = 400;

/// Writes frames into a GIF, each as the difference from the previous one.
pub struct GifWriter {
    encoder: gif::Encoder<Vec<u8>>,
    width: u16,
    height: u16,
    previous: Option<Vec<u8>>,
}

impl GifWriter {
    /// Starts a looping GIF of `width` × `height` with `palette`.
    ///
    /// # Errors
    /// An internal encoder failure.
    pub fn new(
        width: u16,
        height: u16,
        palette: &Palette,
    ) -> Result<GifWriter, gif::EncodingError> {
        let mut encoder =
            gif::Encoder::new(Vec::with_capacity(256 * 1024), width, height, palette.rgb())?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        Ok(GifWriter {
            encoder,
            width,
            height,
            previous: None,
        })
    }

    /// Adds a frame shown for `delay` hundredths of a second.
    ///
    /// # Errors
    /// An internal encoder failure.
    pub fn frame(&mut self, indices: Vec<u8>, delay: u16) -> Result<(), gif::EncodingError> {
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        let frame = match &self.previous {
            None => gif::Frame {
                width: self.width,
                height: self.height,
                delay,
                buffer: Cow::Borrowed(&indices),
                ..gif::Frame::default()
            },
            Some(previous) => {
                let (left, top, right, bottom) = changed_box(previous, &indices, w, h);
                let mut buffer = Vec::with_capacity((right - left) * (bottom - top));
                for y in top..bottom {
                    let row = y * w;
                    for x in left..right {
                        let (old, new) = (previous[row + x], indices[row + x]);
                        buffer.push(if old == new { TRANSPARENT } else { new });
                    }
                }
                gif::Frame {
                    left: u16::try_from(left).unwrap_or(0),
                    top: u16::try_from(top).unwrap_or(0),
                    width: u16::try_from(right - left).unwrap_or(1),
                    height: u16::try_from(bottom - top).unwrap_or(1),
                    delay,
                    transparent: Some(TRANSPARENT),
                    buffer: Cow::Owned(buffer),
                    ..gif::Frame::default()
                }
            }
        };
        self.encoder.write_frame(&frame)?;
        self.previous = Some(indices);
        Ok(())
    }

    /// The finished GIF.
    ///
    /// # Errors
    /// An internal encoder failure.
    pub fn finish(self) -> Result<Vec<u8>, gif::EncodingError> {
        self.encoder.into_inner()
    }
}

/// The box `(left, top, right, bottom)`, ends exclusive, around the pixels that differ; a
/// single pixel when none does (a GIF frame can't be empty).
fn changed_box(a: &[u8], b: &[u8], w: usize, h: usize) -> (usize, usize, usize, usize) {
    let (mut left, mut top, mut right, mut bottom) = (w, h, 0, 0);
    for y in 0..h {
        let row = &a[y * w..(y + 1) * w];
        let other = &b[y * w..(y + 1) * w];
        if row == other {
            continue;
        }
        top = top.min(y);
        bottom = y + 1;
        let first = row.iter().zip(other).position(|(p, q)| p != q).unwrap_or(0);
        let last = row
            .iter()
            .zip(other)
            .rposition(|(p, q)| p != q)
            .unwrap_or(0);
        left = left.min(first);
        right = right.max(last + 1);
    }
    if bottom == 0 {
        (0, 0, 1, 1)
    } else {
        (left, top, right, bottom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_box_bounds_the_differences() {
        let a = vec![0u8; 5 * 4];
        let mut b = a.clone();
        assert_eq!(changed_box(&a, &b, 5, 4), (0, 0, 1, 1));
        b[5 + 3] = 1;
        b[2 * 5 + 1] = 1;
        assert_eq!(changed_box(&a, &b, 5, 4), (1, 1, 4, 3));
    }
}
