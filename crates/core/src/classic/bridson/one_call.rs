//! Bridson's algorithm in one call, for a game: [`poisson_disk`], [`variable_radius`], and the
//! partly filled map of the grid lab.

use super::params::SamplerParams;
use super::sampler::Sampler;
use crate::base::error::{in_range, radius_range, Result};
use crate::base::job::Job;
use crate::base::point::Point;
use crate::classic::grid::Grid;

/// Bridson's algorithm in one call: a `width × height` map filled with points at least `radius`
/// apart, `k` tries per step, from a 32-bit seed. Every point carries `r = radius`. This is a
/// [`Sampler`] started at random and run to the end as a [`Job`].
///
/// ```
/// let pts = poisson_live::poisson_disk(200.0, 100.0, 10.0, 30, 7).unwrap();
/// for (i, a) in pts.iter().enumerate() {
///     assert!(a.x >= 0.0 && a.x < 200.0 && a.y >= 0.0 && a.y < 100.0);
///     for b in &pts[i + 1..] {
///         assert!((a.x - b.x).hypot(a.y - b.y) >= 10.0);
///     }
/// }
/// ```
pub fn poisson_disk(width: f64, height: f64, radius: f64, k: u32, seed: i32) -> Result<Vec<Point>> {
    let mut s = Sampler::new(width, height, radius, k, seed)?;
    s.start_random();
    Job::run_to_end(s)
}

/// Bridson's algorithm with a spacing that varies over the map: a point at `(x, y)` keeps
/// `clamp(radius_at(x, y), params.radius, max_radius)` from its neighbours (the smaller of two
/// radii decides between two points). The grid is built for the smallest radius, `params.radius`.
pub fn variable_radius(
    params: SamplerParams,
    max_radius: f64,
    radius_at: impl Fn(f64, f64) -> f64 + Send + Sync + 'static,
) -> Result<Vec<Point>> {
    let mut s = variable_sampler(params, max_radius, radius_at)?;
    s.start_random();
    Job::run_to_end(s)
}

/// A map only partly filled, for the grid lab: Bridson fills it (the lab uses k = 30), then each
/// point is kept with probability `keep` (a draw per point from the same generator), leaving holes
/// where a reader can add points by hand. Returns the grid holding the kept points.
pub fn partly_filled(params: SamplerParams, keep: f64) -> Result<Grid> {
    let keep = in_range("keep", keep, 0.0, 1.0)?;
    let mut s = Sampler::from_params(params)?;
    s.start_random();
    Sampler::finish(&mut s);
    let mut grid = Grid::for_radius(params.width, params.height, params.radius)?;
    let mut rng = s.rng.clone();
    for p in s.points() {
        if rng.next_f64() < keep {
            grid.add_unchecked(p.x, p.y, p.r);
        }
    }
    Ok(grid)
}

/// The sampler behind [`variable_radius`], for labs that step it.
pub fn variable_sampler(
    params: SamplerParams,
    max_radius: f64,
    radius_at: impl Fn(f64, f64) -> f64 + Send + Sync + 'static,
) -> Result<Sampler> {
    let (min_radius, max_radius) = radius_range(params.radius, max_radius)?;
    Ok(Sampler::from_params(SamplerParams {
        radius: min_radius,
        ..params
    })?
    .with_radius_fn(move |x, y| radius_at(x, y).min(max_radius)))
}
