//! The fast sampler for games (`poisson_live::fast`): `fastPoisson` in one call, and `FastJob`,
//! the same run a slice at a time with the figures the samplers lab's table shows.

use crate::job::job_class;
use crate::js::{self, err, getters, xy};
use js_sys::Float64Array;
use poisson_live::fast::FastSampler;
use poisson_live::job::Job;
use poisson_live::metrics::coverage;
use poisson_live::Point;
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

/// A finished run of the fast sampler, with the samplers lab's figures. `points()` is `x, y, r`
/// per point (r the run's spacing), in placement order.
#[wasm_bindgen]
pub struct FastRun {
    points: Vec<Point>,
    candidates: u64,
    coverage: f64,
}

#[wasm_bindgen]
impl FastRun {
    /// The points as `x, y, r` triplets.
    pub fn points(&self) -> Float64Array {
        js::xyr(&self.points)
    }
}

getters!(FastRun, self {
    /// `"fast"`, as a row of the samplers lab names it.
    method "method": String = "fast".to_owned();
    /// How many points the run placed.
    point_count "pointCount": u32 = self.points.len() as u32;
    /// The fraction of the map covered by disks of radius `r / 2` (0 to 1), measured as for
    /// the other samplers (`metrics::coverage`).
    coverage "coverage": f64 = self.coverage;
    /// Candidates tested: 16 per point's turn.
    candidates "candidates": f64 = self.candidates as f64;
    /// Candidates tested per placed point.
    candidates_per_point "candidatesPerPoint": f64 =
        self.candidates as f64 / self.points.len().max(1) as f64;
});

/// The core's sampler, handing over its points with the run's figures.
pub(crate) struct Fast(FastSampler);

impl Job for Fast {
    type Output = FastRun;
    fn run(&mut self, budget: u64) -> poisson_live::Result<bool> {
        self.0.run(budget)
    }
    fn progress(&self) -> f64 {
        self.0.progress()
    }
    fn take(&mut self) -> Option<FastRun> {
        let (width, height, r) = (self.0.width(), self.0.height(), self.0.radius());
        let candidates = self.0.candidates();
        let pairs = self.0.take()?;
        let points: Vec<Point> = pairs.iter().map(|&[x, y]| Point { x, y, r }).collect();
        Some(FastRun {
            coverage: coverage(points.iter().map(|p| p.r), width, height),
            candidates,
            points,
        })
    }
}

job_class!(
    /// `fastPoisson`'s run a slice at a time (a unit is 16 points' turns, about one Bridson
    /// step): `take()` hands over the `FastRun`, whose points are `fastPoisson`'s to the bit.
    FastJob,
    Fast,
    FastRun,
    |run| run
);

#[wasm_bindgen]
impl FastJob {
    /// Gets ready to fill a `width × height` map at spacing `radius` from `seed` (the same
    /// checks and messages as `fastPoisson`); places nothing yet.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64, radius: f64, seed: f64) -> Result<FastJob, JsError> {
        let sampler = FastSampler::new(width, height, radius, js::seed(seed)?).map_err(err)?;
        Ok(Self { job: Fast(sampler) })
    }

    /// The points placed so far as `x, y` pairs.
    pub fn placed(&self) -> Float64Array {
        xy(self.job.0.points())
    }
}

getters!(FastJob, self {
    /// Points placed so far.
    point_count "pointCount": u32 = self.job.0.points().len() as u32;
});
