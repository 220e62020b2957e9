//! The tiles lab's bindings over the core's `wrap`: `TileSet`, a tileable (wrapped) or plain
//! Bridson set, with its seam audit.

use crate::js::{err, getters, pair, xy, Params};
use js_sys::Float64Array;
use poisson_live::wrap::{poisson_disk_wrapped, seam_conflicts, wrap_audit, SeamPair};
use poisson_live::Point;
use poisson_live::SamplerParams;
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
    /// Samples the tile `{width, height, radius, k, seed, wrap}` (`k` tries per step, a 32-bit
    /// seed, `wrap` default true) and audits it. Throws with a readable message on bad input,
    /// including a tile smaller than 2 × radius.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<TileSet, JsError> {
        let p = Params::new("TileSet", params)?;
        let (w, h, r, k, seed) = p.bridson()?;
        let wrapped = p.flag("wrap", true)?;
        // The audit needs a tile at least 2r across either way: check it before sampling.
        seam_conflicts(&[], w, h, r).map_err(err)?;
        let points = if wrapped {
            poisson_disk_wrapped(SamplerParams {
                width: w,
                height: h,
                radius: r,
                k,
                seed,
            })
        } else {
            poisson_live::poisson_disk(w, h, r, k, seed)
        }
        .map_err(err)?;
        Ok(Self {
            audit: wrap_audit(&points, w, h),
            conflicts: seam_conflicts(&points, w, h, r).map_err(err)?,
            points,
            wrapped,
        })
    }

    /// The points as `x, y` pairs.
    pub fn points(&self) -> Float64Array {
        xy(&self.points)
    }
    /// The closest pair on the torus, `[i, j, distance]`, or empty.
    pub fn audit(&self) -> Float64Array {
        pair(self.audit)
    }
    /// Pairs closer than the radius on the torus as `i, j, distance, dx, dy`.
    pub fn conflicts(&self) -> Float64Array {
        let v: Vec<f64> = (self.conflicts.iter())
            .flat_map(|c| [c.i as f64, c.j as f64, c.distance, c.dx, c.dy])
            .collect();
        Float64Array::from(&v[..])
    }
    /// How many pairs are closer than the radius across a seam.
    #[wasm_bindgen(getter, js_name = seamViolations)]
    pub fn seam_violations(&self) -> u32 {
        (self.conflicts.iter())
            .filter(|c| c.crosses_seam(&self.points))
            .count() as u32
    }
}

getters!(TileSet, self {
    /// How many points the tile holds.
    point_count "pointCount": u32 = self.points.len() as u32;
    /// True when the tile was sampled with wrap-around distances.
    wrapped "wrapped": bool = self.wrapped;
    /// The distance of the closest pair on the torus, across the seams; NaN with fewer than two
    /// points.
    min_distance "minDistance": f64 = self.audit.map_or(f64::NAN, |a| a.2);
});
