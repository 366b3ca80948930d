//! PNG encoding with settings chosen for speed: fdeflate's fast mode, and the `Paeth` filter,
//! which turns the flat rows of a picture into runs of zeros. Boards are written as indexed
//! images with the boards' palette (its colours chained so that close colours get close
//! indices, and the filter leaves small numbers on gradients and edges); other pictures
//! (charts) as RGB.

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
