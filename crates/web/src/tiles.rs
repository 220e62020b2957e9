//! The tiles lab's bindings over the core's `wrap`: `TileSet`, a tileable (wrapped) or plain
//! Bridson set, with its seam audit.

use crate::js::{err, getters, pair, xy, Params};
use js_sys::Float64Array;
use poisson_live::wrap;
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
    tile: wrap::TileSet,
}

#[wasm_bindgen]
impl TileSet {
    /// Samples the tile `{width, height, radius, k, seed, wrap}` (`k` tries per step, a 32-bit
    /// seed, `wrap` default true) and audits it. Throws with a readable message on bad input,
    /// including a tile smaller than 2 × radius.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<TileSet, JsError> {
        let p = Params::new("TileSet", params)?;
        let (width, height, radius, k, seed) = p.bridson()?;
        let wrapped = p.flag("wrap", true)?;
        let params = SamplerParams {
            width,
            height,
            radius,
            k,
            seed,
        };
        Ok(Self {
            tile: wrap::TileSet::new(params, wrapped).map_err(err)?,
        })
    }

    /// The points as `x, y` pairs.
    pub fn points(&self) -> Float64Array {
        xy(self.tile.points())
    }
    /// The closest pair on the torus, `[i, j, distance]`, or empty.
    pub fn audit(&self) -> Float64Array {
        pair(self.tile.audit())
    }
    /// Pairs closer than the radius on the torus as `i, j, distance, dx, dy`.
    pub fn conflicts(&self) -> Float64Array {
        let v: Vec<f64> = (self.tile.conflicts().iter())
            .flat_map(|c| [c.i as f64, c.j as f64, c.distance, c.dx, c.dy])
            .collect();
        Float64Array::from(&v[..])
    }
    /// How many pairs are closer than the radius across a seam.
    #[wasm_bindgen(getter, js_name = seamViolations)]
    pub fn seam_violations(&self) -> u32 {
        self.tile.seam_violations() as u32
    }
}

getters!(TileSet, self {
    /// How many points the tile holds.
    point_count "pointCount": u32 = self.tile.points().len() as u32;
    /// True when the tile was sampled with wrap-around distances.
    wrapped "wrapped": bool = self.tile.wrapped();
    /// The distance of the closest pair on the torus, across the seams; NaN with fewer than two
    /// points.
    min_distance "minDistance": f64 = self.tile.min_distance().unwrap_or(f64::NAN);
});
