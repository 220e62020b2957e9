//! Painting: blending soft circles into an RGB image.
//!
//! Pixel buffers are owned `Vec<u8>` in row-major order, three bytes per pixel (R, G, B), no
//! padding: the byte for channel `c` of pixel `(x, y)` is at `3 · (y · width + x) + c`.

use crate::base::point::Point;

/// Blends a filled disc into `rgb` (`width × height`, RGB bytes): every pixel whose centre lies
/// within `disc.r` of `(disc.x, disc.y)` moves `opacity` of the way towards `color`
/// (`floor(p + (color − p) · opacity)` per channel). Pixels off the image are skipped.
pub fn stamp_circle(
    rgb: &mut [u8],
    width: usize,
    height: usize,
    disc: Point,
    color: [u8; 3],
    opacity: f64,
) {
    let Point {
        x: cx,
        y: cy,
        r: radius,
    } = disc;
    if width == 0
        || height == 0
        || rgb.len() < width * height * 3
        || radius.is_nan()
        || radius < 0.0
    {
        return;
    }
    let y0 = (cy - radius).floor().max(0.0);
    let y1 = (cy + radius).floor().min(height as f64 - 1.0);
    let x0 = (cx - radius).floor().max(0.0);
    let x1 = (cx + radius).floor().min(width as f64 - 1.0);
    if y0 > y1 || x0 > x1 || y0.is_nan() || x0.is_nan() {
        return;
    }
    let r2 = radius * radius;
    for y in y0 as usize..=y1 as usize {
        let dy = y as f64 + 0.5 - cy;
        for x in x0 as usize..=x1 as usize {
            let dx = x as f64 + 0.5 - cx;
            if dx * dx + dy * dy > r2 {
                continue;
            }
            let at = 3 * (y * width + x);
            for c in 0..3 {
                let p = f64::from(rgb[at + c]);
                rgb[at + c] = (p + (f64::from(color[c]) - p) * opacity).floor() as u8;
            }
        }
    }
}

/// Encodes an RGB image (`width × height`, three bytes per pixel, row-major as above) as an 8-bit
/// RGB PNG file, byte for byte the pixels given: what the world lab's "Download PNG" saves.
///
/// Width and height must be at least 1 and at most 2^31 − 1 (the PNG limits), and `rgb` must hold
/// exactly `width · height · 3` bytes; anything else is [`crate::Error::Invalid`].
///
/// ```
/// use poisson_live::paint::encode_png;
/// let png = encode_png(2, 1, &[255, 0, 0, 0, 0, 255])?;
/// assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
/// assert!(encode_png(2, 2, &[0; 3]).is_err()); // too few bytes
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn encode_png(width: usize, height: usize, rgb: &[u8]) -> crate::base::error::Result<Vec<u8>> {
    let invalid = |message: String| crate::base::error::Error::Invalid { message };
    const PNG_MAX: usize = (1 << 31) - 1;
    if width == 0 || height == 0 || width > PNG_MAX || height > PNG_MAX {
        return Err(invalid(format!(
            "a PNG needs a width and height from 1 to {PNG_MAX}, got {width} × {height}"
        )));
    }
    let expected = width.checked_mul(height).and_then(|n| n.checked_mul(3));
    if expected != Some(rgb.len()) {
        return Err(invalid(format!(
            "a {width} × {height} RGB image needs {} bytes, got {}",
            expected.map_or_else(|| "more than usize::MAX".to_string(), |n| n.to_string()),
            rgb.len()
        )));
    }
    let png_error = |e: png::EncodingError| invalid(format!("PNG encoding failed: {e}"));
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width as u32, height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(png_error)?;
    writer.write_image_data(rgb).map_err(png_error)?;
    writer.finish().map_err(png_error)?;
    Ok(out)
}
