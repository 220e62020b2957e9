//! `PoissonSampler`: the step-by-step Bridson sampler as a JS class, and `poissonDisk`, Bridson
//! in one call. Both keep their positional arguments: they are the npm package's public API.

use crate::js::{self, err, getters, tries, xyr};
use js_sys::{Float64Array, Uint32Array};
use poisson_live::bridson::{self, Candidate, Sampler, Step};
use poisson_live::history::View;
use wasm_bindgen::prelude::*;

/// How a candidate fared, as the page reads it: the codes in `tried()` and `frame()`, named
/// once here for JS (`Outcome.TooClose`), from the core's `bridson::Outcome`.
#[wasm_bindgen]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Placed: at least r from every point.
    Accepted = 0,
    /// Outside the map.
    OffMap = 1,
    /// Refused by a ground rule.
    WrongGround = 2,
    /// Closer than r to a point (which travels beside the code).
    TooClose = 3,
}

impl Outcome {
    /// The code of a core outcome, and the point a too-close candidate hit (−1 for the rest).
    pub(crate) fn of(outcome: bridson::Outcome) -> (Self, f64) {
        match outcome {
            bridson::Outcome::Accepted => (Self::Accepted, -1.0),
            bridson::Outcome::OffMap => (Self::OffMap, -1.0),
            bridson::Outcome::WrongGround => (Self::WrongGround, -1.0),
            bridson::Outcome::TooClose(i) => (Self::TooClose, i as f64),
        }
    }
}

/// The getters and the step a class over one Bridson run shares with the others (here and in
/// `history.rs`): `$class` has `inner` with `step`, a `view()` of the state it shows and a
/// `sampler()` for the run's radius and grid.
macro_rules! sampler_view {
    ($class:ident) => {
        #[wasm_bindgen]
        impl $class {
            /// One step: 1 placed a point, 2 retired one, 0 finished (nothing changed).
            pub fn step(&mut self) -> u8 {
                $crate::sampler::step_code(self.inner.step())
            }

            /// Points as `x, y, r` triplets, in the order they were placed.
            pub fn points(&self) -> Float64Array {
                $crate::js::xyr(self.view().points)
            }
            /// Indices of the active points, in active-list order.
            pub fn active(&self) -> Uint32Array {
                let v: Vec<u32> = self.view().active.iter().map(|&i| i as u32).collect();
                Uint32Array::from(&v[..])
            }
            /// The last step's candidates as `x, y, outcome, hit` quadruplets: outcome an
            /// `Outcome` code; hit the index of the point a too-close one came near, or −1.
            pub fn tried(&self) -> Float64Array {
                Float64Array::from(&$crate::sampler::tried(self.view().tried)[..])
            }
        }

        $crate::js::getters!($class, self {
            /// True when nothing is active.
            is_finished "isFinished": bool = self.view().is_finished();
            /// Index of the point the last step worked around, or −1 before the first step.
            current "current": i32 = self.view().current.map_or(-1, |c| c as i32);
            /// Number of points placed.
            point_count "pointCount": u32 = self.view().points.len() as u32;
            /// Number of active points.
            active_count "activeCount": u32 = self.view().active.len() as u32;
            /// Number of retired points.
            retired "retired": u32 = self.view().retired as u32;
            /// Productive steps so far (2N − 1 at the end).
            steps "steps": f64 = self.view().steps as f64;
            /// Candidates thrown so far.
            attempted "attempted": f64 = self.view().attempted as f64;
            /// Candidates accepted so far.
            accepted "accepted": f64 = self.view().accepted as f64;
            /// Accepted / attempted candidates, 0 before any.
            accept_rate "acceptRate": f64 = $crate::sampler::accept_rate(&self.view());
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

/// Accepted / attempted candidates of a state, 0 before any.
pub(crate) fn accept_rate(view: &View) -> f64 {
    view.accepted as f64 / view.attempted.max(1) as f64
}

/// Candidates as `x, y, outcome, hit` quadruplets ([`Outcome::of`]).
pub(crate) fn tried(tried: &[Candidate]) -> Vec<f64> {
    let mut v = Vec::with_capacity(tried.len() * 4);
    for c in tried {
        let (code, hit) = Outcome::of(c.outcome);
        v.extend_from_slice(&[c.x, c.y, f64::from(code as u8), hit]);
    }
    v
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
    fn view(&self) -> View<'_> {
        View::from(&self.inner)
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

    /// Up to `maxSteps` steps; true when finished (the core's `Job::run`, which cannot fail
    /// for this sampler).
    pub fn run(&mut self, max_steps: f64) -> Result<bool, JsError> {
        crate::job::run(&mut self.inner, max_steps)
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
