// Step 7: layers (say rocks, then trees, then flowers) placed one after another on one shared
// grid, so every layer keeps its distance from the layers placed before it.

use crate::bridson::{Outcome, Sampler, Step};
use crate::grid::{Grid, Point};
use crate::random::check_positive;

/// Where a layer may stand. "Inside" is strictly inside some disc (x, y, r); on an edge is outside.
#[derive(Debug, Clone, PartialEq)]
pub enum Mask {
    Everywhere,
    InsideDiscs(Vec<Point>),
    OutsideDiscs(Vec<Point>),
}

impl Mask {
    pub fn allows(&self, x: f64, y: f64) -> bool {
        let inside = |discs: &[Point]| {
            discs
                .iter()
                .any(|d| (x - d.x) * (x - d.x) + (y - d.y) * (y - d.y) < d.r * d.r)
        };
        match self {
            Mask::Everywhere => true,
            Mask::InsideDiscs(discs) => inside(discs),
            Mask::OutsideDiscs(discs) => !inside(discs),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    pub radius: f64,
    pub k: u32,
    pub seed: i32,
    pub mask: Mask,
}

/// The cell must suit the smallest radius of any layer, or two small points could share a cell.
pub fn shared_grid(
    width: f64,
    height: f64,
    radii: impl IntoIterator<Item = f64>,
) -> Result<Grid, String> {
    let smallest = radii.into_iter().fold(f64::INFINITY, f64::min);
    check_positive("every layer's radius", smallest)?;
    Grid::new(width, height, smallest / std::f64::consts::SQRT_2)
}

/// A layer starts from a seed point in every 2r block, not from one point: earlier layers and its
/// ground rule may cut the map into pieces that one growing front would never reach. Gives the
/// grid back (now holding this layer too) with the layer's own points.
pub fn place_layer(grid: Grid, layer: Layer) -> Result<(Grid, Vec<Point>), String> {
    let Layer {
        radius,
        k,
        seed,
        mask,
    } = layer;
    place_layer_where(grid, radius, k, seed, move |x, y| mask.allows(x, y))
}

/// `place_layer` with any ground rule: `allowed(x, y)` says where the layer may stand.
pub fn place_layer_where(
    grid: Grid,
    radius: f64,
    k: u32,
    seed: i32,
    allowed: impl Fn(f64, f64) -> bool + 'static,
) -> Result<(Grid, Vec<Point>), String> {
    let (width, height) = (grid.width, grid.height);
    // Sampler::new checks the radius: a spacing of 0 or NaN would never move the loops on.
    let mut sampler = Sampler::new(grid, radius, k, seed)?.with_allowed(allowed);
    let spacing = 2.0 * radius;
    let mut y = 0.0;
    while y < height {
        let mut x = 0.0;
        while x < width {
            for _ in 0..k {
                let sx = x + sampler.rng.next_float() * spacing.min(width - x);
                let sy = y + sampler.rng.next_float() * spacing.min(height - y);
                if sampler.try_add(sx, sy) == Outcome::Accepted {
                    break;
                }
            }
            x += spacing;
        }
        y += spacing;
    }
    while sampler.step() != Step::Finished {}
    Ok((sampler.grid, sampler.points))
}

/// Place big radii first: a large rock cannot squeeze in between small flowers afterwards.
pub fn place_layers(
    width: f64,
    height: f64,
    layers: Vec<Layer>,
) -> Result<Vec<Vec<Point>>, String> {
    if layers.is_empty() {
        return Ok(Vec::new());
    }
    let mut grid = shared_grid(width, height, layers.iter().map(|l| l.radius))?;
    let mut placed = Vec::with_capacity(layers.len());
    for layer in layers {
        let (back, points) = place_layer(grid, layer)?;
        grid = back;
        placed.push(points);
    }
    Ok(placed)
}
