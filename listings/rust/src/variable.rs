// Step 6: a radius that changes across the map, read from a field s(x, y) in [0, 1]: its
// sparseness, 0 where the woods are densest (min_radius) and 1 where they are most open
// (max_radius). A density map d, 1 at the densest as in the lab, is the sparseness 1 − d.

use crate::bridson::Sampler;
use crate::grid::{Grid, Point};
use crate::random::check_positive;

/// Sparseness grows from 0 at the left edge to 1 at the right.
pub fn linear_x(width: f64) -> impl Fn(f64, f64) -> f64 {
    move |x, _y| x / width
}

/// Sparseness grows from 0 at the centre to 1 at the corners. `sqrt`, not `hypot`: hypot may
/// round differently from one language to the next.
pub fn radial(width: f64, height: f64) -> impl Fn(f64, f64) -> f64 {
    let (cx, cy) = (width / 2.0, height / 2.0);
    let reach = (cx * cx + cy * cy).sqrt();
    move |x, y| {
        let (dx, dy) = (x - cx, y - cy);
        ((dx * dx + dy * dy).sqrt() / reach).min(1.0)
    }
}

/// The grid is sized for the smallest radius: a radius only grows from there, so one point per
/// cell still holds, and the grid's reach (ceil(r / cell)) covers the larger ones.
pub fn variable_radius(
    width: f64,
    height: f64,
    min_radius: f64,
    max_radius: f64,
    sparseness: impl Fn(f64, f64) -> f64 + 'static,
    k: u32,
    seed: i32,
) -> Result<Vec<Point>, String> {
    check_positive("min_radius", min_radius)?;
    check_positive("max_radius", max_radius)?;
    if min_radius > max_radius {
        return Err(format!(
            "min_radius {min_radius} is above max_radius {max_radius}"
        ));
    }
    let radius_at =
        move |x, y| (min_radius + sparseness(x, y) * (max_radius - min_radius)).min(max_radius);
    let grid = Grid::new(width, height, min_radius / std::f64::consts::SQRT_2)?;
    let mut sampler = Sampler::new(grid, min_radius, k, seed)?.with_radius_at(radius_at);
    sampler.start_random();
    Ok(sampler.run())
}
