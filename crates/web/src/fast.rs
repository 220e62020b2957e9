//! The fast sampler for games (`poisson_live::fast`): `fastPoisson` in one call, and `FastSampler`,
//! the same run a slice at a time with the figures the samplers lab's table shows.

use crate::job::job_class;
use crate::js::{self, err, getters, xy};
use crate::samplers::run_class;
use js_sys::Float64Array;
use poisson_live::fast;
use wasm_bindgen::prelude::*;

/// Fills a `width × height` map with points at least `radius` apart, with the fast sampler
/// (not the tutorial's draws): `x, y` per point, in the order they were placed. The same seed
/// gives the same points, to the bit, here and in native Rust. Throws with a readable message on
/// bad input. (Positional: it is the npm package's public API, SPEC section 7.)
#[wasm_bindgen(js_name = fastPoisson)]
pub fn fast_poisson(
    width: f64,
    height: f64,
    radius: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let points = poisson_live::fast_poisson(width, height, radius, js::seed(seed)?).map_err(err)?;
    // `[[x, y]; n]` is already the flat `x, y` layout: copied once, straight into JS.
    Ok(Float64Array::from(points.as_flattened()))
}

run_class!(
    /// A finished run of the fast sampler, with the samplers lab's figures. `points()` is
    /// `x, y, r` per point (r the run's spacing), in placement order; `method` is `"fast"` and
    /// `candidates` 16 per point's turn.
    FastRun,
    fast::FastRun,
    |_run| "fast"
);

job_class!(
    /// `fastPoisson`'s run a slice at a time (a unit is 16 points' turns, about one Bridson
    /// step): `take()` hands over the `FastRun`, whose points are `fastPoisson`'s to the bit.
    FastSampler,
    fast::FastSampler,
    FastRun,
    |sampler, pairs| FastRun {
        run: fast::FastRun::new(sampler, &pairs)
    }
);

#[wasm_bindgen]
impl FastSampler {
    /// Gets ready to fill a `width × height` map at spacing `radius` from `seed` (the same
    /// checks and messages as `fastPoisson`); places nothing yet.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64, radius: f64, seed: f64) -> Result<FastSampler, JsError> {
        let sampler = fast::FastSampler::new(width, height, radius, js::seed(seed)?);
        Ok(Self {
            job: sampler.map_err(err)?,
        })
    }

    /// The points placed so far as `x, y` pairs.
    pub fn placed(&self) -> Float64Array {
        xy(self.job.points())
    }
}

getters!(FastSampler, self {
    /// Points placed so far.
    point_count "pointCount": u32 = self.job.points().len() as u32;
});
