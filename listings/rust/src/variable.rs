// Step 6: a radius that changes across the map, read from a field t(x, y) in [0, 1].

use crate::bridson::Sampler;
use crate::grid::{Grid, Point};

/// t grows from 0 at the left edge to 1 at the right.
pub fn linear_x(width: f64) -> impl Fn(f64, f64) -> f64 {
    move |x, _y| x / width
}

/// t grows from 0 at the centre to 1 at the corners. `sqrt`, not `hypot`: hypot may round
/// differently from one language to the next.
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
    density: impl Fn(f64, f64) -> f64 + 'static,
    k: u32,
    seed: i32,
) -> Option<Vec<Point>> {
    let radius_at =
        move |x, y| (min_radius + density(x, y) * (max_radius - min_radius)).min(max_radius);
    let grid = Grid::new(width, height, min_radius / std::f64::consts::SQRT_2);
    let mut sampler =
        Sampler::new(grid, width, height, min_radius, k, seed)?.with_radius_at(radius_at);
    sampler.start_random();
    Some(sampler.run())
}
