//! `PoissonSampler`: the step-by-step Bridson sampler as a JS class.

use crate::err;
use js_sys::{Float64Array, Uint32Array};
use poisson_live::bridson::{Outcome, Sampler, Step};
use wasm_bindgen::prelude::*;

/// Bridson's sampler, one step at a time, with its state readable between steps.
///
/// Array layouts: `points()` is `x, y, r` per point; `active()` holds point indices;
/// `tried()` is `x, y, outcome, hit` per candidate of the last step, where outcome is
/// 0 accepted, 1 off the map, 2 wrong ground, 3 too close, and hit is the index (into the
/// grid's points) of the point it came too close to, or −1.
#[wasm_bindgen(js_name = PoissonSampler)]
pub struct PoissonSampler {
    inner: Sampler,
}

#[wasm_bindgen(js_class = PoissonSampler)]
impl PoissonSampler {
    /// A sampler on a `width × height` map with spacing `radius`, `k` tries per step and a
    /// 32-bit seed. Throws with a readable message on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(
        width: f64,
        height: f64,
        radius: f64,
        k: f64,
        seed: f64,
    ) -> Result<PoissonSampler, JsError> {
        let k = crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?;
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        Ok(Self {
            inner: Sampler::new(width, height, radius, k, seed).map_err(err)?,
        })
    }

    /// Draws the first point from the seed (x, then y); false if it was refused.
    #[wasm_bindgen(js_name = startRandom)]
    pub fn start_random(&mut self) -> bool {
        self.inner.start_random().accepted()
    }

    /// Starts from a clicked point, drawing no random numbers; false if it was refused.
    #[wasm_bindgen(js_name = startAt)]
    pub fn start_at(&mut self, x: f64, y: f64) -> bool {
        self.inner.start_at(x, y).accepted()
    }

    /// One step: 1 placed a point, 2 retired one, 0 finished (nothing changed).
    pub fn step(&mut self) -> u8 {
        match self.inner.step() {
            Step::Placed(_) => 1,
            Step::Retired(_) => 2,
            Step::Finished => 0,
        }
    }

    /// Up to `max_steps` steps; true when finished.
    pub fn run(&mut self, max_steps: f64) -> bool {
        self.inner
            .run(if max_steps > 0.0 { max_steps as u64 } else { 0 })
    }

    /// Steps until finished.
    pub fn finish(&mut self) {
        self.inner.finish();
    }

    /// True when nothing is active.
    #[wasm_bindgen(getter, js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }

    /// Points as `x, y, r` triplets, in the order they were placed.
    pub fn points(&self) -> Float64Array {
        crate::xyr(self.inner.points())
    }

    /// Indices of the active points.
    pub fn active(&self) -> Uint32Array {
        let v: Vec<u32> = self.inner.active().iter().map(|&i| i as u32).collect();
        Uint32Array::from(&v[..])
    }

    /// The last step's candidates as `x, y, outcome, hit` quadruplets (see the class docs).
    pub fn tried(&self) -> Float64Array {
        let mut v = Vec::with_capacity(self.inner.tried().len() * 4);
        for c in self.inner.tried() {
            let (code, hit) = match c.outcome {
                Outcome::Accepted => (0.0, -1.0),
                Outcome::OffMap => (1.0, -1.0),
                Outcome::WrongGround => (2.0, -1.0),
                Outcome::TooClose(i) => (3.0, i as f64),
            };
            v.extend_from_slice(&[c.x, c.y, code, hit]);
        }
        Float64Array::from(&v[..])
    }

    /// Index of the point the last step worked around, or −1 before the first step.
    #[wasm_bindgen(getter)]
    pub fn current(&self) -> i32 {
        self.inner.current().map_or(-1, |c| c as i32)
    }
    /// Number of points placed.
    #[wasm_bindgen(getter, js_name = pointCount)]
    pub fn point_count(&self) -> u32 {
        self.inner.points().len() as u32
    }
    /// Number of active points.
    #[wasm_bindgen(getter, js_name = activeCount)]
    pub fn active_count(&self) -> u32 {
        self.inner.active().len() as u32
    }
    /// Number of retired points.
    #[wasm_bindgen(getter)]
    pub fn retired(&self) -> u32 {
        self.inner.retired() as u32
    }
    /// Productive steps so far (2N − 1 at the end).
    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> f64 {
        self.inner.steps() as f64
    }
    /// Candidates thrown so far.
    #[wasm_bindgen(getter)]
    pub fn attempted(&self) -> f64 {
        self.inner.attempted() as f64
    }
    /// Candidates accepted so far.
    #[wasm_bindgen(getter)]
    pub fn accepted(&self) -> f64 {
        self.inner.accepted() as f64
    }
    /// Accepted / attempted candidates, 0 before any.
    #[wasm_bindgen(getter, js_name = acceptRate)]
    pub fn accept_rate(&self) -> f64 {
        match self.inner.attempted() {
            0 => 0.0,
            n => self.inner.accepted() as f64 / n as f64,
        }
    }
    /// Minimum spacing.
    #[wasm_bindgen(getter)]
    pub fn radius(&self) -> f64 {
        self.inner.radius()
    }
    /// Side of a background-grid cell.
    #[wasm_bindgen(getter, js_name = cellSize)]
    pub fn cell_size(&self) -> f64 {
        self.inner.grid().cell()
    }
    /// Grid columns.
    #[wasm_bindgen(getter)]
    pub fn cols(&self) -> u32 {
        self.inner.grid().cols() as u32
    }
    /// Grid rows.
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> u32 {
        self.inner.grid().rows() as u32
    }
}

/// Bridson's algorithm in one call: `x, y, r` triplets.
#[wasm_bindgen(js_name = poissonDisk)]
pub fn poisson_disk_flat(
    width: f64,
    height: f64,
    radius: f64,
    k: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let k = crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?;
    let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
    Ok(crate::xyr(
        &poisson_live::poisson_disk(width, height, radius, k, seed).map_err(err)?,
    ))
}
