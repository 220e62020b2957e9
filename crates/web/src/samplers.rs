//! `SamplerRun`: one run of one of the better samplers (classic, parent cone, Roberts, maximal)
//! with the figures the samplers lab's table shows.

use crate::err;
use js_sys::Float64Array;
use poisson_live::samplers::{self, Method, Run};
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
        let method = method(method_name)?;
        let k = crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?;
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        Ok(Self {
            run: samplers::sample(method, width, height, radius, k, seed).map_err(err)?,
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
        let k = crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?;
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        Ok(Self {
            run: samplers::parent_cone(width, height, radius, k, exponent, seed).map_err(err)?,
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

/// The parent cone's default radius exponent for `k` tries: `−1.4 − 17 / √k`.
#[wasm_bindgen(js_name = defaultExponent)]
pub fn default_exponent(k: f64) -> Result<f64, JsError> {
    let k = crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?;
    Ok(samplers::default_exponent(k))
}
