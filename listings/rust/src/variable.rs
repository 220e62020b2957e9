// Step 6: a radius that changes across the map, read from a field s(x, y) in [0, 1]: its
// sparseness, 0 where the woods are densest (min_radius) and 1 where they are most open
// (max_radius). A density map d, 1 at the densest as in the lab, is the sparseness 1 − d. Two
// simple fields the tests pin down, and fractal value noise, a cousin of the lab's Perlin fBm.

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

/// A lattice value in [0, 1) for the corner (ix, iy): an integer hash of the corner and the seed,
/// in wrapping 32-bit arithmetic that every language computes alike.
fn corner(seed: u32, ix: u32, iy: u32) -> f64 {
    let mut h = seed ^ ix.wrapping_mul(0x27d4_eb2d) ^ iy.wrapping_mul(0x1656_67b1);
    h ^= h >> 15;
    h = h.wrapping_mul(0x2c1b_3c6d);
    h ^= h >> 12;
    h = h.wrapping_mul(0x297a_2d39);
    h ^= h >> 15;
    f64::from(h) / 4_294_967_296.0
}

/// Value noise: the four corners of the unit square around (x, y), blended with the smooth
/// step 3t² − 2t³ so the field has no creases at the squares' edges. |x| and |y| must stay
/// below 2^31, where a corner's number still fits in 32 bits.
pub fn value_noise(x: f64, y: f64, seed: u32) -> f64 {
    let (fx, fy) = (x.floor(), y.floor());
    let (tx, ty) = (x - fx, y - fy);
    let (sx, sy) = (tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty));
    let (x0, y0) = (fx as i32 as u32, fy as i32 as u32);
    let (x1, y1) = (x0.wrapping_add(1), y0.wrapping_add(1));
    let top = corner(seed, x0, y0) + (corner(seed, x1, y0) - corner(seed, x0, y0)) * sx;
    let bottom = corner(seed, x0, y1) + (corner(seed, x1, y1) - corner(seed, x0, y1)) * sx;
    top + (bottom - top) * sy
}

/// Sparseness from fractal noise (fBm): `octaves` layers of value noise, each twice as fine and
/// half as strong as the one before, averaged, so the result stays in [0, 1). `patch` is the
/// side of the coarsest layer's squares, about the width of a grove or a clearing. Layer i is
/// seeded with seed + i.
pub fn fbm(patch: f64, octaves: u32, seed: i32) -> Result<impl Fn(f64, f64) -> f64, String> {
    check_positive("patch", patch)?;
    if !(1..=16).contains(&octaves) {
        return Err(format!("octaves must be 1 to 16, got {octaves}"));
    }
    Ok(move |x: f64, y: f64| {
        let (mut total, mut weights, mut amplitude, mut scale) = (0.0, 0.0, 1.0, 1.0 / patch);
        for octave in 0..octaves {
            let layer = (seed as u32).wrapping_add(octave);
            total += amplitude * value_noise(x * scale, y * scale, layer);
            weights += amplitude;
            amplitude *= 0.5;
            scale *= 2.0;
        }
        total / weights
    })
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
