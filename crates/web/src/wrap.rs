//! `TileSet`: a tileable (wrapped) or plain Bridson set, with its seam audit.

use crate::err;
use js_sys::Float64Array;
use poisson_live::wrap::{poisson_disk_wrapped, seam_conflicts, wrap_audit, SeamPair};
use poisson_live::Point;
use wasm_bindgen::prelude::*;

/// One tile of `width × height`, sampled with wrap-around distances (`wrap` true) or with plain
/// Bridson (`wrap` false), and audited on the torus: what happens at the seams when the tile is
/// laid side by side with copies of itself.
///
/// Array layouts: `points()` is `x, y` per point; `audit()` is `[i, j, distance]` (the closest
/// pair on the torus, empty with fewer than two points); `conflicts()` is
/// `i, j, distance, dx, dy` per pair closer than the radius on the torus, where `(dx, dy)` is
/// the offset from point `i` to the copy of point `j` that is too close.
#[wasm_bindgen]
pub struct TileSet {
    points: Vec<Point>,
    audit: Option<(usize, usize, f64)>,
    conflicts: Vec<SeamPair>,
    wrapped: bool,
}

#[wasm_bindgen]
impl TileSet {
    /// Samples the tile (`k` tries per step, a 32-bit seed) and audits it. Throws with a readable
    /// message on bad input, including a tile smaller than 2 × radius.
    #[wasm_bindgen(constructor)]
    pub fn new(
        width: f64,
        height: f64,
        radius: f64,
        k: f64,
        seed: f64,
        wrap: bool,
    ) -> Result<TileSet, JsError> {
        let k = crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?;
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        // The audit needs a tile at least 2r across either way: check it before sampling.
        seam_conflicts(&[], width, height, radius).map_err(err)?;
        let points = if wrap {
            poisson_disk_wrapped(width, height, radius, k, seed)
        } else {
            poisson_live::poisson_disk(width, height, radius, k, seed)
        }
        .map_err(err)?;
        let conflicts = seam_conflicts(&points, width, height, radius).map_err(err)?;
        Ok(Self {
            audit: wrap_audit(&points, width, height),
            points,
            conflicts,
            wrapped: wrap,
        })
    }

    /// The points as `x, y` pairs.
    pub fn points(&self) -> Float64Array {
        let v: Vec<f64> = self.points.iter().flat_map(|p| [p.x, p.y]).collect();
        Float64Array::from(&v[..])
    }
    /// How many points the tile holds.
    #[wasm_bindgen(getter, js_name = pointCount)]
    pub fn point_count(&self) -> u32 {
        self.points.len() as u32
    }
    /// True when the tile was sampled with wrap-around distances.
    #[wasm_bindgen(getter)]
    pub fn wrapped(&self) -> bool {
        self.wrapped
    }
    /// The closest pair on the torus, `[i, j, distance]`, or empty.
    pub fn audit(&self) -> Float64Array {
        let v = self
            .audit
            .map_or(vec![], |(i, j, d)| vec![i as f64, j as f64, d]);
        Float64Array::from(&v[..])
    }
    /// The distance of the closest pair on the torus, across the seams; NaN with fewer than two
    /// points.
    #[wasm_bindgen(getter, js_name = minDistance)]
    pub fn min_distance(&self) -> f64 {
        self.audit.map_or(f64::NAN, |a| a.2)
    }
    /// Pairs closer than the radius on the torus as `i, j, distance, dx, dy`.
    pub fn conflicts(&self) -> Float64Array {
        let v: Vec<f64> = self
            .conflicts
            .iter()
            .flat_map(|c| [c.i as f64, c.j as f64, c.distance, c.dx, c.dy])
            .collect();
        Float64Array::from(&v[..])
    }
    /// How many pairs are closer than the radius across a seam.
    #[wasm_bindgen(getter, js_name = seamViolations)]
    pub fn seam_violations(&self) -> u32 {
        self.conflicts
            .iter()
            .filter(|c| c.crosses_seam(&self.points))
            .count() as u32
    }
}
