//! PNG encoding with settings chosen for speed: fdeflate's fast mode, and the `Paeth` filter,
//! which turns the flat rows of a picture into runs of zeros. Boards are written as indexed
//! images with the boards' palette (its colours chained so that close colours get close
//! indices, and the filter leaves small numbers on gradients and edges), from bands of rows
//! filtered and coded apart ([`filter_band`], [`indexed_png_of`]); other pictures (charts) as
//! RGB.

use image::RgbImage;

/// Encodes an RGB picture as PNG.
///
/// # Errors
/// Only on an internal failure of the encoder.
pub fn png(img: &RgbImage) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::with_capacity(96 * 1024);
    let mut encoder = png::Encoder::new(&mut out, img.width(), img.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Paeth);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(img.as_raw())?;
    writer.finish()?;
    Ok(out)
}

/// Encodes a picture given as palette indices (one byte a pixel, row by row) with its
/// palette (RGB triples, at most 256).
///
/// # Errors
/// Only on an internal failure of the encoder (or indices that don't fill the picture).
pub fn indexed_png(
    (width, height): (u32, u32),
    indices: &[u8],
    palette: &[u8],
) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::with_capacity(32 * 1024);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    encoder.set_compression(png::Compression::Fast);
    // `Paeth` throughout. Each row with the filter that leaves it smallest (`Adaptive`) made
    // boards 2.5% smaller (31.0 KB against 31.8 KB) for 40% more encoding time, a tenth of a
    // millisecond a board: the bot's CPU is the scarcer.
    encoder.set_filter(png::Filter::Paeth);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(indices)?;
    writer.finish()?;
    Ok(out)
}

/// The rows of a band of a picture given as palette indices (`width` a row), filtered for a
/// PNG, each after its filter type: the first by `Sub`, which does not look at the row above
/// (another band's), the others by `Paeth`.
#[must_use]
pub fn filter_band(indices: &[u8], width: usize) -> Vec<u8> {
    if width == 0 {
        return Vec::new();
    }
    let rows = indices.len() / width;
    let mut out = vec![0; rows * (width + 1)];
    let mut above: Option<&[u8]> = None;
    for (row, out) in indices
        .chunks_exact(width)
        .zip(out.chunks_exact_mut(width + 1))
    {
        match above {
            None => {
                out[0] = 1;
                out[1] = row[0];
                sub(&row[1..], &row[..width - 1], &mut out[2..]);
            }
            Some(up) => {
                out[0] = 4;
                out[1] = row[0].wrapping_sub(up[0]);
                let pixels = (&row[1..], &row[..width - 1]);
                paeth(pixels, (&up[1..width], &up[..width - 1]), &mut out[2..]);
            }
        }
        above = Some(row);
    }
    out
}

/// Bytes at a time in the filters' loops, for the compiler to vectorize them (as `png` does).
const CHUNK: usize = 32;

/// `Sub`: each pixel less the one to its left (`left`).
fn sub(pixels: &[u8], left: &[u8], out: &mut [u8]) {
    let len = out.len();
    let whole = len - len % CHUNK;
    for start in (0..whole).step_by(CHUNK) {
        let at = start..start + CHUNK;
        let (out, x, a) = (&mut out[at.clone()], &pixels[at.clone()], &left[at]);
        for i in 0..CHUNK {
            out[i] = x[i].wrapping_sub(a[i]);
        }
    }
    for i in whole..len {
        out[i] = pixels[i].wrapping_sub(left[i]);
    }
}

/// `Paeth`: each pixel less its predictor from the pixels to its left, above and above left,
/// into `out` (zeros).
fn paeth((pixels, left): (&[u8], &[u8]), (up, up_left): (&[u8], &[u8]), out: &mut [u8]) {
    let len = out.len();
    let whole = len - len % CHUNK;
    for start in (0..whole).step_by(CHUNK) {
        let at = start..start + CHUNK;
        let (out, x, a) = (&mut out[at.clone()], &pixels[at.clone()], &left[at.clone()]);
        let (b, c) = (&up[at.clone()], &up_left[at]);
        if x == b && a == c {
            // As the pixels above: all zeros, as `out` is already.
            continue;
        }
        for i in 0..CHUNK {
            out[i] = x[i].wrapping_sub(predict(a[i], b[i], c[i]));
        }
    }
    for i in whole..len {
        out[i] = pixels[i].wrapping_sub(predict(left[i], up[i], up_left[i]));
    }
}

/// The `Paeth` predictor of a pixel from the one to its left (`a`), above (`b`) and above
/// left (`c`): the one closest to `a + b - c`. Worked out on bytes alone, so the compiler can
/// vectorize it (Luca Versari's form for FPNGE, as `png` has it).
#[inline]
fn predict(a: u8, b: u8, c: u8) -> u8 {
    // |p - a| = |b - c| and |p - b| = |a - c|; |p - c| is |pa - pb| when c lies between a
    // and b, and larger than both otherwise.
    let to_a = b.max(c) - b.min(c);
    let to_b = a.max(c) - a.min(c);
    let to_c = if (a < c) == (c < b) {
        to_a.max(to_b) - to_a.min(to_b)
    } else {
        255
    };
    if to_a <= to_b && to_a <= to_c {
        a
    } else if to_b <= to_c {
        b
    } else {
        c
    }
}

/// Writes a PNG of palette indices whose filtered rows the zlib stream `image_data` codes,
/// with its palette (RGB triples, at most 256).
///
/// # Errors
/// Only on an internal failure of the encoder.
pub fn indexed_png_of(
    (width, height): (u32, u32),
    image_data: &[u8],
    palette: &[u8],
) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::with_capacity(image_data.len() + palette.len() + 128);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    let mut writer = encoder.write_header()?;
    writer.write_chunk(png::chunk::IDAT, image_data)?;
    writer.finish()?;
    Ok(out)
}
