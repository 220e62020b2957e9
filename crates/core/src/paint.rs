//! Painting: blending soft circles into an RGB image.
//!
//! Pixel buffers are owned `Vec<u8>` in row-major order, three bytes per pixel (R, G, B), no
//! padding: the byte for channel `c` of pixel `(x, y)` is at `3 · (y · width + x) + c`.

/// Blends a filled circle into `rgb` (`width × height`, RGB bytes): every pixel whose centre lies
/// within `radius` of `(cx, cy)` moves `opacity` of the way towards `color`
/// (`floor(p + (color − p) · opacity)` per channel). Pixels off the image are skipped.
pub fn stamp_circle(rgb: &mut [u8], width: usize, height: usize, cx: f64, cy: f64, radius: f64, color: [u8; 3], opacity: f64) {
    if width == 0 || height == 0 || rgb.len() < width * height * 3 || !(radius >= 0.0) {
        return;
    }
    let y0 = (cy - radius).floor().max(0.0);
    let y1 = (cy + radius).floor().min(height as f64 - 1.0);
    let x0 = (cx - radius).floor().max(0.0);
    let x1 = (cx + radius).floor().min(width as f64 - 1.0);
    if !(y0 <= y1 && x0 <= x1) {
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
