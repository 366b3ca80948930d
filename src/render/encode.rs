//! PNG encoding with settings chosen for speed: fdeflate's fast mode and the `Paeth` filter,
//! which turns the flat rows of a board into runs of zeros.

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
