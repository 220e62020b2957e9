//! `Comparison`: random vs jittered vs Poisson on one map, with the figures the table shows;
//! `CompareJob` makes it a stage at a time.

use crate::job::job_class;
use crate::js::{self, err, pair, xy};
use js_sys::{Float64Array, Uint32Array};
use poisson_live::compare::{self, Report};
use wasm_bindgen::prelude::*;

/// The three methods of the comparison lab. Each accessor takes the method's name:
/// `"random"`, `"jittered"` or `"poisson"`, and throws for any other.
#[wasm_bindgen]
pub struct Comparison {
    comparison: compare::Comparison,
}

impl Comparison {
    fn get(&self, method: &JsValue) -> Result<&Report, JsError> {
        let method = js::text("method", method)?;
        self.comparison.get(&method).map_err(err)
    }
}

#[wasm_bindgen]
impl Comparison {
    /// The method's points as `x, y` pairs.
    pub fn points(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] method: &JsValue,
    ) -> Result<Float64Array, JsError> {
        Ok(xy(&self.get(method)?.points))
    }
    /// How many points the method placed.
    pub fn count(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] method: &JsValue,
    ) -> Result<u32, JsError> {
        Ok(self.get(method)?.points.len() as u32)
    }
    /// The spacing the method used (the jittered grid's cell side; the lab's spacing otherwise).
    pub fn spacing(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] method: &JsValue,
    ) -> Result<f64, JsError> {
        Ok(self.get(method)?.spacing)
    }
    /// Pairs closer than the lab's spacing, as `i, j` index pairs.
    #[wasm_bindgen(js_name = tooClose)]
    pub fn too_close(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] method: &JsValue,
    ) -> Result<Uint32Array, JsError> {
        let v: Vec<u32> = (self.get(method)?.too_close.iter())
            .flat_map(|&(i, j)| [i as u32, j as u32])
            .collect();
        Ok(Uint32Array::from(&v[..]))
    }
    /// The closest pair as `[i, j, distance]`, or an empty array with fewer than two points.
    pub fn tightest(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] method: &JsValue,
    ) -> Result<Float64Array, JsError> {
        Ok(pair(self.get(method)?.tightest))
    }
    /// The largest empty circle centred on the map as `[x, y, radius]` (empty with no points).
    pub fn clearing(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] method: &JsValue,
    ) -> Result<Float64Array, JsError> {
        let v: Vec<f64> = (self.get(method)?.clearing).map_or(vec![], |c| vec![c.x, c.y, c.radius]);
        Ok(Float64Array::from(&v[..]))
    }
}

job_class!(
    /// The comparison, made a stage at a time: `new CompareJob(width, height, spacing, seed)`
    /// checks the input, `run` places the Poisson points a few steps per unit and then measures
    /// one method per call, and `take()` hands over the `Comparison`.
    CompareJob,
    compare::CompareJob,
    Comparison,
    |comparison| Comparison { comparison }
);

#[wasm_bindgen]
impl CompareJob {
    /// The three methods on a `width × height` map with the lab's `spacing` and seed; throws on
    /// bad input. Measures nothing yet.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64, spacing: f64, seed: f64) -> Result<CompareJob, JsError> {
        Ok(Self {
            job: compare::CompareJob::new(width, height, spacing, js::seed(seed)?).map_err(err)?,
        })
    }
}
