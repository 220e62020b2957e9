// Step 8: paint the points as circles into an RGB image (3 bytes per pixel, rows top to bottom),
// and a small world with them: ground from two noise fields, then layers of objects on it.

use crate::layers::{place_layer_where, shared_grid};
use crate::random::check_positive;
use crate::variable::fbm;

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

/// The kinds of ground, each with its colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Ground {
    Water,
    Beach,
    Meadow,
    Forest,
}

impl Ground {
    pub fn color(self) -> [u8; 3] {
        match self {
            Ground::Water => [38, 84, 140],
            Ground::Beach => [222, 204, 150],
            Ground::Meadow => [128, 170, 80],
            Ground::Forest => [60, 110, 60],
        }
    }
}

/// The ground at (x, y) of a `width × height` island. Elevation is noise minus a bowl that is 0
/// at the centre and 0.5 at the middle of each edge, so the land stays off the map's border;
/// moisture, a second noise field, splits the land into forest and meadow.
pub fn ground(width: f64, height: f64, seed: i32) -> Result<impl Fn(f64, f64) -> Ground, String> {
    let patch = check_positive("width", width)? / 4.0;
    check_positive("height", height)?;
    let elevation = fbm(patch, 4, seed)?;
    let moisture = fbm(patch, 3, seed.wrapping_add(1000))?;
    Ok(move |x: f64, y: f64| {
        let dx = (x - width / 2.0) / (width / 2.0);
        let dy = (y - height / 2.0) / (height / 2.0);
        let e = elevation(x, y) - 0.5 * (dx * dx + dy * dy);
        if e < 0.25 {
            Ground::Water
        } else if e < 0.3 {
            Ground::Beach
        } else if moisture(x, y) >= 0.5 {
            Ground::Forest
        } else {
            Ground::Meadow
        }
    })
}

/// A `width × height` island from one seed: the ground, then rocks on any land, trees on forest
/// floor and flowers on meadow, biggest spacing first on one shared grid, each stamped as a
/// disc of its own size. Returns the RGB bytes.
pub fn paint_world(width: usize, height: usize, seed: i32) -> Result<Vec<u8>, String> {
    let (w, h) = (width as f64, height as f64);
    if w * h > crate::grid::MAX_CELLS {
        return Err(format!("a {width} × {height} image is too big"));
    }
    let ground_at = ground(w, h, seed)?;
    let mut rgb = vec![0; 3 * width * height];
    for y in 0..height {
        for x in 0..width {
            let color = ground_at(x as f64 + 0.5, y as f64 + 0.5).color();
            rgb[3 * (y * width + x)..][..3].copy_from_slice(&color);
        }
    }
    // Spacing, size, where it may stand and colour per layer, biggest spacing first.
    type Stands = fn(Ground) -> bool;
    let layers: [(f64, f64, Stands, [u8; 3]); 3] = [
        (24.0, 5.0, |g| g != Ground::Water, [120, 120, 128]),
        (7.0, 3.0, |g| g == Ground::Forest, [30, 70, 35]),
        (4.0, 1.5, |g| g == Ground::Meadow, [240, 220, 90]),
    ];
    let mut grid = shared_grid(w, h, layers.iter().map(|l| l.0))?;
    for (i, &(radius, size, stands, color)) in layers.iter().enumerate() {
        let ground_at = ground(w, h, seed)?;
        let layer_seed = seed.wrapping_add(1 + i as i32);
        let allowed = move |x: f64, y: f64| stands(ground_at(x, y));
        let (back, points) = place_layer_where(grid, radius, 30, layer_seed, allowed)?;
        grid = back;
        for p in points {
            stamp_circle(&mut rgb, width, height, p.x, p.y, size, color, 1.0)?;
        }
    }
    Ok(rgb)
}
