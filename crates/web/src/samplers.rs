//! `SamplerRun`: one run of one of the better samplers (classic, parent cone, Roberts, maximal)
//! with the figures the samplers lab's table shows; `SamplerRunBuilder` makes the same run a
//! bounded number of steps per call.

use crate::err;
use js_sys::Float64Array;
use poisson_live::samplers::{self, Method, Run, SamplerJob, SamplerParams};
use poisson_live::Job;
use wasm_bindgen::prelude::*;

/// A finished run of one sampler. `points()` is `x, y, r` per point, in placement order.
#[wasm_bindgen]
pub struct SamplerRun {
    run: Run,
}

fn method(name: &str) -> Result<Method, JsError> {
    Method::from_name(name).ok_or_else(|| {
        JsError::new(&format!(
            "unknown sampler {name:?}: use classic, parent-cone, roberts or maximal"
        ))
    })
}

/// Checks the method's name, `k` and the seed as JS numbers, then the rest as the core does.
fn staged(
    method_name: &str,
    width: f64,
    height: f64,
    radius: f64,
    k: f64,
    seed: f64,
) -> Result<SamplerJob, JsError> {
    let method = method(method_name)?;
    let params = params(width, height, radius, k, seed)?;
    SamplerJob::new(method, params).map_err(err)
}

/// The run's parameters from the page's numbers (`k` and the seed checked as JS numbers).
fn params(
    width: f64,
    height: f64,
    radius: f64,
    k: f64,
    seed: f64,
) -> Result<SamplerParams, JsError> {
    Ok(SamplerParams {
        width,
        height,
        radius,
        k: crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?,
        seed: poisson_live::rng::seed_from_f64(seed).map_err(err)?,
    })
}

#[wasm_bindgen]
impl SamplerRun {
    /// Runs `method` (`"classic"`, `"parent-cone"`, `"roberts"` or `"maximal"`) on a
    /// `width × height` map with spacing `radius`, `k` tries and a seed; the parent cone uses
    /// its default exponent. Throws with a readable message on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(
        method_name: &str,
        width: f64,
        height: f64,
        radius: f64,
        k: f64,
        seed: f64,
    ) -> Result<SamplerRun, JsError> {
        let mut staged = staged(method_name, width, height, radius, k, seed)?;
        while !staged.run_steps(u64::MAX) {}
        Ok(Self {
            run: staged
                .take()
                .ok_or_else(|| JsError::new("the run was not finished"))?,
        })
    }

    /// The parent-cone sampler with a chosen radius exponent `c` (see the core's docs).
    #[wasm_bindgen(js_name = parentCone)]
    pub fn parent_cone(
        width: f64,
        height: f64,
        radius: f64,
        k: f64,
        exponent: f64,
        seed: f64,
    ) -> Result<SamplerRun, JsError> {
        let params = params(width, height, radius, k, seed)?;
        Ok(Self {
            run: samplers::parent_cone(params, exponent).map_err(err)?,
        })
    }

    /// The method's name as given.
    #[wasm_bindgen(getter)]
    pub fn method(&self) -> String {
        self.run.method.name().to_owned()
    }
    /// The points as `x, y, r` triplets.
    pub fn points(&self) -> Float64Array {
        crate::xyr(&self.run.points)
    }
    /// How many points the run placed.
    #[wasm_bindgen(getter, js_name = pointCount)]
    pub fn point_count(&self) -> u32 {
        self.run.points.len() as u32
    }
    /// The fraction of the map covered by disks of radius `r / 2` (0 to 1).
    #[wasm_bindgen(getter)]
    pub fn coverage(&self) -> f64 {
        self.run.coverage
    }
    /// Candidates tested, the first point included.
    #[wasm_bindgen(getter)]
    pub fn candidates(&self) -> f64 {
        self.run.candidates as f64
    }
    /// Candidates tested per placed point.
    #[wasm_bindgen(getter, js_name = candidatesPerPoint)]
    pub fn candidates_per_point(&self) -> f64 {
        self.run.candidates_per_point()
    }
}

/// The same run as `new SamplerRun(…)`, made a few steps per call so that the page keeps
/// drawing: `run(maxSteps)` until it returns true, then `samplerRun()` hands over the finished
/// `SamplerRun` (once), equal to the one-call run to the bit. Throws like `SamplerRun` for bad
/// input, at construction.
#[wasm_bindgen]
pub struct SamplerRunBuilder {
    inner: SamplerJob,
}

#[wasm_bindgen]
impl SamplerRunBuilder {
    /// Checks the input like `SamplerRun` and places the first point.
    #[wasm_bindgen(constructor)]
    pub fn new(
        method_name: &str,
        width: f64,
        height: f64,
        radius: f64,
        k: f64,
        seed: f64,
    ) -> Result<SamplerRunBuilder, JsError> {
        Ok(Self {
            inner: staged(method_name, width, height, radius, k, seed)?,
        })
    }

    /// Up to `maxSteps` steps: one active point's turn each, or in the maximal sampler's gap
    /// filling one square listed, one dart or one square split. True when the run is finished.
    pub fn run(&mut self, max_steps: f64) -> bool {
        let steps = if max_steps > 0.0 { max_steps as u64 } else { 0 };
        self.inner.run_steps(steps)
    }

    /// True once the run is finished.
    #[wasm_bindgen(getter, js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }

    /// The method's name, as given.
    #[wasm_bindgen(getter)]
    pub fn method(&self) -> String {
        self.inner.method().name().to_owned()
    }

    /// Points placed so far.
    #[wasm_bindgen(getter, js_name = pointCount)]
    pub fn point_count(&self) -> u32 {
        self.inner.point_count() as u32
    }

    /// The finished run; throws before the end, or when it was already taken.
    #[wasm_bindgen(js_name = samplerRun)]
    pub fn sampler_run(&mut self) -> Result<SamplerRun, JsError> {
        self.inner
            .take()
            .map(|run| SamplerRun { run })
            .ok_or_else(|| JsError::new("the run is not finished yet, or was already taken"))
    }
}

/// The parent cone's default radius exponent for `k` tries: `−1.4 − 17 / √k`.
#[wasm_bindgen(js_name = defaultExponent)]
pub fn default_exponent(k: f64) -> Result<f64, JsError> {
    let k = crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?;
    Ok(samplers::default_exponent(k))
}
