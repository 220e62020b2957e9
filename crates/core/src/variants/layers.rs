//! Layers on one shared grid: chests, rocks, trees and flowers that never overlap.
//!
//! Place the biggest objects first. Each layer runs its own sampler (own radius, seed and ground
//! rule) on a grid that already holds the earlier layers' points; because two points need only
//! the smaller of their radii between them, a flower can grow near a rock but not inside it.
//! With a grid per layer instead, every layer is well spaced on its own and they overlap freely —
//! [`overlaps`] finds those collisions.

use crate::base::error::{positive, Error, Result};
use crate::base::point::Point;
use crate::classic::bridson::{AllowedFn, Sampler};
use crate::classic::grid::Grid;
use crate::measures::buckets::Buckets;
use std::f64::consts::SQRT_2;

mod discs;

/// Where a layer may place points.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Mask {
    /// Anywhere on the map.
    #[default]
    Everywhere,
    /// Strictly inside at least one of these discs `[cx, cy, r]`.
    InsideDiscs(Vec<[f64; 3]>),
    /// Not strictly inside any of these discs (a point on an edge is outside).
    OutsideDiscs(Vec<[f64; 3]>),
}

impl Mask {
    /// Whether a point at `(x, y)` is allowed.
    pub fn allows(&self, x: f64, y: f64) -> bool {
        let inside = |d: &[[f64; 3]]| d.iter().any(|disc| discs::holds(disc, x, y));
        match self {
            Mask::Everywhere => true,
            Mask::InsideDiscs(d) => inside(d),
            Mask::OutsideDiscs(d) => !inside(d),
        }
    }
}

/// One layer: its spacing, tries, seed and ground rule.
///
/// With the `serde` feature a layer is written as its spacing, tries and seed. A ground rule is
/// code, which no format can hold: serializing a layer that has one is an error (write its
/// [`Mask`] beside it instead, and apply it with [`Layer::with_mask`] after reading), and a layer
/// read back has none.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Layer {
    /// Minimum spacing between this layer's points (and, by the smaller-radius rule, to others).
    pub radius: f64,
    /// Tries per step.
    pub k: u32,
    /// The layer's own seed.
    pub seed: i32,
    /// Where it may place points; `None` is everywhere.
    #[cfg_attr(
        feature = "serde",
        serde(
            skip_deserializing,
            skip_serializing_if = "Option::is_none",
            serialize_with = "refuse_rule"
        )
    )]
    pub allowed: Option<AllowedFn>,
}

/// Called only for a layer that has a ground rule, which cannot be written.
#[cfg(feature = "serde")]
fn refuse_rule<S: serde::Serializer>(
    _: &Option<AllowedFn>,
    _: S,
) -> std::result::Result<S::Ok, S::Error> {
    Err(serde::ser::Error::custom(
        "a layer's ground rule is a closure and cannot be serialized; write its Mask beside the layer and apply it with Layer::with_mask after reading",
    ))
}

impl Layer {
    /// A layer allowed everywhere.
    pub fn new(radius: f64, k: u32, seed: i32) -> Self {
        Self {
            radius,
            k,
            seed,
            allowed: None,
        }
    }

    /// The same layer with a ground rule.
    pub fn with_allowed(self, allowed: impl Fn(f64, f64) -> bool + Send + Sync + 'static) -> Self {
        let allowed: AllowedFn = Box::new(allowed);
        Layer {
            allowed: Some(allowed),
            ..self
        }
    }

    /// The same layer restricted by a [`Mask`]: [`Mask::allows`] to the bit, with the discs
    /// indexed by cell so each point asks only the discs near it.
    pub fn with_mask(self, mask: Mask) -> Self {
        match mask {
            Mask::Everywhere => self,
            Mask::InsideDiscs(d) => {
                let index = discs::DiscIndex::new(&d);
                self.with_allowed(move |x, y| index.inside(x, y))
            }
            Mask::OutsideDiscs(d) => {
                let index = discs::DiscIndex::new(&d);
                self.with_allowed(move |x, y| !index.inside(x, y))
            }
        }
    }
}

/// The ground rule is a closure, so it shows only whether there is one.
impl std::fmt::Debug for Layer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Layer {
            radius, k, seed, ..
        } = self;
        let masked = self.allowed.is_some();
        write!(
            f,
            "Layer {{ radius: {radius:?}, k: {k:?}, seed: {seed:?}, masked: {masked:?} }}"
        )
    }
}

/// Places one layer on `grid`: seeds it block by block ([`Sampler::seed_blocks`]), then steps
/// until finished. Returns the layer's points and the grid, which now holds them too.
pub fn place_layer(grid: Grid, layer: Layer) -> Result<(Vec<Point>, Grid)> {
    let mut s = Sampler::with_grid(grid, layer.radius, layer.k, layer.seed)?;
    if let Some(allowed) = layer.allowed {
        s = s.with_allowed(allowed);
    }
    s.seed_blocks();
    s.finish();
    Ok(s.into_parts())
}

/// The grid that layers of these radii can share: cells of the smallest radius over √2.
pub fn shared_grid(width: f64, height: f64, radii: impl IntoIterator<Item = f64>) -> Result<Grid> {
    let mut min = f64::INFINITY;
    for r in radii {
        min = min.min(positive("layer radius", r)?);
    }
    if !min.is_finite() {
        return Err(Error::Invalid {
            message: "at least one layer is needed".into(),
        });
    }
    Grid::for_radius(width, height, min)
}

/// Places every layer, in order, on one shared grid: no point of any layer comes closer to
/// another than the smaller of their radii. Put the biggest radius first.
///
/// ```
/// use poisson_live::layers::{place_layers, overlaps, Layer};
/// let layers = vec![Layer::new(40.0, 30, 1), Layer::new(12.0, 30, 2)];
/// let placed = place_layers(300.0, 200.0, layers).unwrap();
/// assert!(!placed[0].is_empty() && !placed[1].is_empty());
/// assert!(overlaps(&placed).is_empty());
/// ```
pub fn place_layers(width: f64, height: f64, layers: Vec<Layer>) -> Result<Vec<Vec<Point>>> {
    if layers.is_empty() {
        // No layers is valid, if dull: nothing to place.
        positive("width", width)?;
        positive("height", height)?;
        return Ok(Vec::new());
    }
    let mut grid = shared_grid(width, height, layers.iter().map(|l| l.radius))?;
    let mut out = Vec::with_capacity(layers.len());
    for layer in layers {
        let (points, g) = place_layer(grid, layer)?;
        grid = g;
        out.push(points);
    }
    Ok(out)
}

/// Places every layer on a grid of its own: each is well spaced, but layers ignore each other.
pub fn place_layers_separately(
    width: f64,
    height: f64,
    layers: Vec<Layer>,
) -> Result<Vec<Vec<Point>>> {
    layers
        .into_iter()
        .map(|layer| {
            let grid = Grid::for_radius(width, height, layer.radius)?;
            Ok(place_layer(grid, layer)?.0)
        })
        .collect()
}

/// Two points of different layers closer than the smaller of their radii.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Overlap {
    /// The earlier layer.
    pub layer_a: usize,
    /// Index of its point.
    pub index_a: usize,
    /// The later layer.
    pub layer_b: usize,
    /// Index of its point.
    pub index_b: usize,
}

/// Every pair of points from different layers that breaks the smaller-radius rule, sorted.
pub fn overlaps(layers: &[Vec<Point>]) -> Vec<Overlap> {
    let all: Vec<(usize, usize, Point)> = layers
        .iter()
        .enumerate()
        .flat_map(|(l, pts)| pts.iter().enumerate().map(move |(i, p)| (l, i, *p)))
        .filter(|a| a.2.x.is_finite() && a.2.y.is_finite() && a.2.r > 0.0)
        .collect();
    // The crate's bucket index, cells as wide as the smallest radius. Two points conflict only
    // closer than the smaller of their radii, so each point looks only as far as its own radius: a flower checks the
    // buckets next to it, a chest the few dozen around it. (Buckets as wide as the largest
    // radius would make every flower check the thousands of points near a chest's spacing.)
    let Some(side) = all.iter().map(|a| a.2.r).reduce(f64::min) else {
        return Vec::new();
    };
    let (minx, miny) = all
        .iter()
        .fold((f64::INFINITY, f64::INFINITY), |(a, b), p| {
            (a.min(p.2.x), b.min(p.2.y))
        });
    let xy = |a: &(usize, usize, Point)| [a.2.x, a.2.y];
    let index = Buckets::plane(
        all.iter().map(xy).enumerate(),
        [minx, miny],
        [side, side],
        [i64::MAX; 2],
    );
    let (max_bx, max_by) = all.iter().fold((0, 0), |(mx, my), a| {
        let (bx, by) = index.cell_of(xy(a));
        (mx.max(bx), my.max(by))
    });
    let mut out = Vec::new();
    let mut check = |a: &(usize, usize, Point), b: &(usize, usize, Point)| {
        if b.0 <= a.0 {
            return; // each cross-layer pair once, earlier layer first
        }
        let (dx, dy) = (a.2.x - b.2.x, a.2.y - b.2.y);
        let r = a.2.r.min(b.2.r);
        if dx * dx + dy * dy < r * r {
            out.push(Overlap {
                layer_a: a.0,
                index_a: a.1,
                layer_b: b.0,
                index_b: b.1,
            });
        }
    };
    for a in &all {
        let (bx, by) = index.cell_of(xy(a));
        // Buckets within this point's radius, clamped to where points are.
        let reach = (a.2.r / side).ceil().min(1e9) as i64;
        let (x0, x1) = (
            bx.saturating_sub(reach).max(0),
            bx.saturating_add(reach).min(max_bx),
        );
        let (y0, y1) = (
            by.saturating_sub(reach).max(0),
            by.saturating_add(reach).min(max_by),
        );
        let block = (x1 - x0 + 1) as f64 * (y1 - y0 + 1) as f64;
        if block > all.len() as f64 {
            // A reach wider than there are points: checking them all is cheaper.
            for b in &all {
                check(a, b);
            }
            continue;
        }
        for nx in x0..=x1 {
            for m in index.column(nx, y0, y1) {
                check(a, &all[m]);
            }
        }
    }
    out.sort_unstable();
    out
}

/// The cell side a shared grid uses for these radii (exposed for the lab's "show grid").
pub fn shared_cell(radii: &[f64]) -> f64 {
    radii.iter().copied().fold(f64::INFINITY, f64::min) / SQRT_2
}
