//! `Comparison`: random vs jittered vs Poisson on one map, with the figures the table shows.

use crate::err;
use js_sys::{Float64Array, Uint32Array};
use poisson_live::compare::{CompareJob, Report};
use poisson_live::Job;
use wasm_bindgen::prelude::*;

/// The three methods of the comparison lab. Each accessor takes the method's name:
/// `"random"`, `"jittered"` or `"poisson"`, and throws for any other.
#[wasm_bindgen]
pub struct Comparison {
    reports: [Report; 3],
}

#[wasm_bindgen]
impl Comparison {
    /// Runs the three methods on a `width × height` map with the lab's `spacing` and seed.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64, spacing: f64, seed: f64) -> Result<Comparison, JsError> {
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        Ok(Self {
            reports: poisson_live::compare::compare(width, height, spacing, seed).map_err(err)?,
        })
    }

    fn get(&self, method: &str) -> Result<&Report, JsError> {
        self.reports
            .iter()
            .find(|r| r.method.name() == method)
            .ok_or_else(|| {
                JsError::new(&format!(
                    "unknown method {method:?}: use random, jittered or poisson"
                ))
            })
    }

    /// The method's points as `x, y` pairs.
    pub fn points(&self, method: &str) -> Result<Float64Array, JsError> {
        Ok(crate::xy(&self.get(method)?.points))
    }
    /// How many points the method placed.
    pub fn count(&self, method: &str) -> Result<u32, JsError> {
        Ok(self.get(method)?.points.len() as u32)
    }
    /// The spacing the method used (the jittered grid's cell side; the lab's spacing otherwise).
    pub fn spacing(&self, method: &str) -> Result<f64, JsError> {
        Ok(self.get(method)?.spacing)
    }
    /// Pairs closer than the lab's spacing, as `i, j` index pairs.
    #[wasm_bindgen(js_name = tooClose)]
    pub fn too_close(&self, method: &str) -> Result<Uint32Array, JsError> {
        let v: Vec<u32> = self
            .get(method)?
            .too_close
            .iter()
            .flat_map(|&(i, j)| [i as u32, j as u32])
            .collect();
        Ok(Uint32Array::from(&v[..]))
    }
    /// The closest pair as `[i, j, distance]`, or an empty array with fewer than two points.
    pub fn tightest(&self, method: &str) -> Result<Float64Array, JsError> {
        let v: Vec<f64> = self
            .get(method)?
            .tightest
            .map_or(vec![], |(i, j, d)| vec![i as f64, j as f64, d]);
        Ok(Float64Array::from(&v[..]))
    }
    /// The largest empty circle centred on the map as `[x, y, radius]` (empty with no points).
    pub fn clearing(&self, method: &str) -> Result<Float64Array, JsError> {
        let v: Vec<f64> = self
            .get(method)?
            .clearing
            .map_or(vec![], |c| vec![c.x, c.y, c.radius]);
        Ok(Float64Array::from(&v[..]))
    }
}

/// The same comparison as `Comparison`, made a stage at a time so that the page keeps drawing
/// at small spacings: `run(steps)` until it returns true, then `comparison()` hands over the
/// finished `Comparison` (once). Throws like `Comparison` for bad input, at construction.
#[wasm_bindgen]
pub struct ComparisonBuilder {
    inner: CompareJob,
}

#[wasm_bindgen]
impl ComparisonBuilder {
    /// Checks the input and starts the Poisson method; measures nothing yet.
    #[wasm_bindgen(constructor)]
    pub fn new(
        width: f64,
        height: f64,
        spacing: f64,
        seed: f64,
    ) -> Result<ComparisonBuilder, JsError> {
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        Ok(Self {
            inner: CompareJob::new(width, height, spacing, seed).map_err(err)?,
        })
    }

    /// Up to `maxSteps` Poisson steps, or one later stage; true when all three are measured.
    pub fn run(&mut self, max_steps: f64) -> Result<bool, JsError> {
        let steps = if max_steps > 0.0 { max_steps as u64 } else { 0 };
        self.inner.run(steps).map_err(err)
    }

    /// True once all three methods are measured.
    #[wasm_bindgen(getter, js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }

    /// The finished comparison; throws before the end, or when it was already taken.
    pub fn comparison(&mut self) -> Result<Comparison, JsError> {
        self.inner
            .take()
            .map(|reports| Comparison { reports })
            .ok_or_else(|| JsError::new("the comparison is not finished yet, or was already taken"))
    }
}
