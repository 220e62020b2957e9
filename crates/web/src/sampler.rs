//! `PoissonSampler`: the step-by-step Bridson sampler as a JS class, and `poissonDisk`, Bridson
//! in one call. Both keep their positional arguments: they are the npm package's public API.

use crate::js::{self, budget, err, getters, tries, xyr};
use js_sys::{Float64Array, Uint32Array};
use poisson_live::bridson::{Outcome, Sampler, Step};
use wasm_bindgen::prelude::*;

/// The getters and steps a class over one Bridson sampler shares with the others (here and in
/// `history.rs`): `$class` has `inner` with `start_random`, `start_at` and `step`, and a
/// `sampler()` that shows the sampler where it stands.
macro_rules! sampler_view {
    ($class:ident) => {
        #[wasm_bindgen]
        impl $class {
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
                $crate::sampler::step_code(self.inner.step())
            }

            /// Points as `x, y, r` triplets, in the order they were placed.
            pub fn points(&self) -> Float64Array {
                $crate::js::xyr(self.sampler().points())
            }
            /// Indices of the active points, in active-list order.
            pub fn active(&self) -> Uint32Array {
                let v: Vec<u32> = self.sampler().active().iter().map(|&i| i as u32).collect();
                Uint32Array::from(&v[..])
            }
            /// The last step's candidates as `x, y, outcome, hit` quadruplets: outcome 0
            /// accepted, 1 off the map, 2 wrong ground, 3 too close; hit is the index of the
            /// point it came too close to, or −1.
            pub fn tried(&self) -> Float64Array {
                $crate::sampler::tried(self.sampler())
            }
        }

        $crate::js::getters!($class, self {
            /// True when nothing is active.
            is_finished "isFinished": bool = self.sampler().is_finished();
            /// Index of the point the last step worked around, or −1 before the first step.
            current "current": i32 = self.sampler().current().map_or(-1, |c| c as i32);
            /// Number of points placed.
            point_count "pointCount": u32 = self.sampler().points().len() as u32;
            /// Number of active points.
            active_count "activeCount": u32 = self.sampler().active().len() as u32;
            /// Number of retired points.
            retired "retired": u32 = self.sampler().retired() as u32;
            /// Productive steps so far (2N − 1 at the end).
            steps "steps": f64 = self.sampler().steps() as f64;
            /// Candidates thrown so far.
            attempted "attempted": f64 = self.sampler().attempted() as f64;
            /// Candidates accepted so far.
            accepted "accepted": f64 = self.sampler().accepted() as f64;
            /// Accepted / attempted candidates, 0 before any.
            accept_rate "acceptRate": f64 =
                self.sampler().accepted() as f64 / self.sampler().attempted().max(1) as f64;
            /// Minimum spacing.
            radius "radius": f64 = self.sampler().radius();
            /// Side of a background-grid cell.
            cell_size "cellSize": f64 = self.sampler().grid().cell();
        });
    };
}
pub(crate) use sampler_view;

/// A step as the page reads it.
pub(crate) fn step_code(step: Step) -> u8 {
    match step {
        Step::Placed(_) => 1,
        Step::Retired(_) => 2,
        Step::Finished => 0,
    }
}

/// The last step's candidates as `x, y, outcome, hit` quadruplets.
pub(crate) fn tried(sampler: &Sampler) -> Float64Array {
    let mut v = Vec::with_capacity(sampler.tried().len() * 4);
    for c in sampler.tried() {
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

/// Bridson's sampler, one step at a time, with its state readable between steps.
#[wasm_bindgen]
pub struct PoissonSampler {
    inner: Sampler,
}

impl PoissonSampler {
    fn sampler(&self) -> &Sampler {
        &self.inner
    }
}

sampler_view!(PoissonSampler);

#[wasm_bindgen]
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
        let (k, seed) = (tries(k)?, js::seed(seed)?);
        Ok(Self {
            inner: Sampler::new(width, height, radius, k, seed).map_err(err)?,
        })
    }

    /// Up to `maxSteps` steps; true when finished.
    pub fn run(&mut self, max_steps: f64) -> bool {
        self.inner.run(budget(max_steps))
    }

    /// Steps until finished.
    pub fn finish(&mut self) {
        self.inner.finish();
    }
}

getters!(PoissonSampler, self {
    /// Grid columns.
    cols "cols": u32 = self.inner.grid().cols() as u32;
    /// Grid rows.
    rows "rows": u32 = self.inner.grid().rows() as u32;
});

/// Bridson's algorithm in one call: `x, y, r` triplets.
#[wasm_bindgen(js_name = poissonDisk)]
pub fn poisson_disk_flat(
    width: f64,
    height: f64,
    radius: f64,
    k: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let (k, seed) = (tries(k)?, js::seed(seed)?);
    Ok(xyr(&poisson_live::poisson_disk(
        width, height, radius, k, seed,
    )
    .map_err(err)?))
}
