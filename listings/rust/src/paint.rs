// Step 8: paint the points as circles into an RGB image (3 bytes per pixel, rows top to bottom).

/// A pixel belongs to the circle when its centre (x + 0.5, y + 0.5) does. Only the rows and
/// columns the circle can reach are visited, clipped to the image.
#[allow(clippy::too_many_arguments)] // each one is a plain number a reader can see at the call
pub fn stamp_circle(
    rgb: &mut [u8],
    width: usize,
    height: usize,
    cx: f64,
    cy: f64,
    radius: f64,
    color: [u8; 3],
    opacity: f64,
) -> Result<(), String> {
    if rgb.len() != 3 * width * height {
        return Err(format!(
            "the image holds {} bytes, not 3 × {width} × {height}",
            rgb.len()
        ));
    }
    // A NaN would pass no test below and paint the whole image.
    if !(cx.is_finite() && cy.is_finite() && radius.is_finite()) {
        return Err(format!(
            "circle ({cx}, {cy}) of radius {radius} is not finite"
        ));
    }
    if !(0.0..=1.0).contains(&opacity) {
        return Err(format!("opacity must be between 0 and 1, got {opacity}"));
    }
    let y0 = (cy - radius).floor().max(0.0);
    let y1 = (cy + radius).floor().min(height as f64 - 1.0);
    let x0 = (cx - radius).floor().max(0.0);
    let x1 = (cx + radius).floor().min(width as f64 - 1.0);
    // A circle wholly off the image leaves an empty range (and negative ends must not wrap).
    if y0 > y1 || x0 > x1 {
        return Ok(());
    }
    for y in y0 as usize..=y1 as usize {
        let dy = y as f64 + 0.5 - cy;
        for x in x0 as usize..=x1 as usize {
            let dx = x as f64 + 0.5 - cx;
            if dx * dx + dy * dy > radius * radius {
                continue;
            }
            let at = 3 * (y * width + x);
            // Blend towards the colour; flooring (not rounding) is what every language agrees on.
            for c in 0..3 {
                let p = f64::from(rgb[at + c]);
                rgb[at + c] = (p + (f64::from(color[c]) - p) * opacity).floor() as u8;
            }
        }
    }
    Ok(())
}
