//! `SamplerHistory`: a Bridson run the page can scrub through, and the live figures
//! (points per r², coverage, minimum-distance audit) shown beside a map.

use crate::err;
use js_sys::{Float64Array, Uint32Array};
use poisson_live::bridson::{Outcome, Step};
use poisson_live::history::{
    live_figures, History, LiveFigures, Tally, HEXAGONAL_COVERAGE, RSA_COVERAGE,
};
use wasm_bindgen::prelude::*;

/// A whole Bridson run that can be visited at any step (the core's `history::History`).
///
/// It answers the same getters as `PoissonSampler` for the step it is at, and `step()`, `run()`
/// and `finish()` move it forward just as they move a sampler, so a lab can use it in place of
/// one. `seek(step)` jumps anywhere in `0..=totalSteps`, backward too; the state there is
/// exactly what stepping that far from the start gives. Array layouts as in `PoissonSampler`.
#[wasm_bindgen(js_name = SamplerHistory)]
pub struct SamplerHistory {
    inner: History,
}

#[wasm_bindgen(js_class = SamplerHistory)]
impl SamplerHistory {
    /// A run on a `width × height` map with spacing `radius`, `k` tries per step and a 32-bit
    /// seed; not started yet. Throws with a readable message on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(
        width: f64,
        height: f64,
        radius: f64,
        k: f64,
        seed: f64,
    ) -> Result<SamplerHistory, JsError> {
        let k = crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?;
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        Ok(Self {
            inner: History::new(width, height, radius, k, seed).map_err(err)?,
        })
    }

    /// Starts from the seed's first point and counts the whole run; false if it was refused.
    #[wasm_bindgen(js_name = startRandom)]
    pub fn start_random(&mut self) -> bool {
        self.inner.start_random().accepted()
    }

    /// Starts from a clicked point (no random draws) and counts the run; false if refused.
    #[wasm_bindgen(js_name = startAt)]
    pub fn start_at(&mut self, x: f64, y: f64) -> bool {
        self.inner.start_at(x, y).accepted()
    }

    /// Productive steps in the whole run (2N − 1), the scrubber's maximum.
    #[wasm_bindgen(getter, js_name = totalSteps)]
    pub fn total_steps(&self) -> f64 {
        self.inner.total_steps() as f64
    }

    /// Goes to `step` (rounded down, clamped to 0..=totalSteps); returns the step it is at.
    pub fn seek(&mut self, step: f64) -> f64 {
        let step = if step > 0.0 { step as u64 } else { 0 };
        self.inner.seek(step);
        self.inner.at() as f64
    }

    /// One step: 1 placed a point, 2 retired one, 0 finished (nothing changed).
    pub fn step(&mut self) -> u8 {
        match self.inner.step() {
            Step::Placed(_) => 1,
            Step::Retired(_) => 2,
            Step::Finished => 0,
        }
    }

    /// Up to `max_steps` steps forward; true when at the end.
    pub fn run(&mut self, max_steps: f64) -> bool {
        let n = if max_steps > 0.0 { max_steps as u64 } else { 0 };
        self.inner.seek(self.inner.at().saturating_add(n));
        self.inner.sampler().is_finished()
    }

    /// Goes to the end of the run.
    pub fn finish(&mut self) {
        self.inner.seek(u64::MAX);
    }

    /// How this step's candidates fared: `[accepted, offMap, wrongGround, tooClose]`.
    pub fn tally(&self) -> Uint32Array {
        let t = Tally::of(self.inner.sampler().tried());
        let v = [t.accepted, t.off_map, t.wrong_ground, t.too_close].map(|n| n as u32);
        Uint32Array::from(&v[..])
    }

    /// The live figures of the points placed so far; layout as `liveFigures`.
    pub fn figures(&self) -> Float64Array {
        let s = self.inner.sampler();
        let g = s.grid();
        figures_array(live_figures(s.points(), g.width(), g.height(), s.radius()))
    }

    /// True at the end of the run (nothing active).
    #[wasm_bindgen(getter, js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.inner.sampler().is_finished()
    }
    /// Points as `x, y, r` triplets, in the order they were placed.
    pub fn points(&self) -> Float64Array {
        crate::xyr(self.inner.sampler().points())
    }
    /// Indices of the active points, in active-list order.
    pub fn active(&self) -> Uint32Array {
        let v: Vec<u32> = self
            .inner
            .sampler()
            .active()
            .iter()
            .map(|&i| i as u32)
            .collect();
        Uint32Array::from(&v[..])
    }
    /// This step's candidates as `x, y, outcome, hit` (outcome 0 accepted, 1 off the map,
    /// 2 wrong ground, 3 too close; hit is the point it came too close to, else −1).
    pub fn tried(&self) -> Float64Array {
        let mut v = Vec::with_capacity(self.inner.sampler().tried().len() * 4);
        for c in self.inner.sampler().tried() {
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
    /// Index of the point this step worked around, or −1 at step 0.
    #[wasm_bindgen(getter)]
    pub fn current(&self) -> i32 {
        self.inner.sampler().current().map_or(-1, |c| c as i32)
    }
    /// Points placed by this step.
    #[wasm_bindgen(getter, js_name = pointCount)]
    pub fn point_count(&self) -> u32 {
        self.inner.sampler().points().len() as u32
    }
    /// Active points at this step.
    #[wasm_bindgen(getter, js_name = activeCount)]
    pub fn active_count(&self) -> u32 {
        self.inner.sampler().active().len() as u32
    }
    /// Retired points at this step.
    #[wasm_bindgen(getter)]
    pub fn retired(&self) -> u32 {
        self.inner.sampler().retired() as u32
    }
    /// The step the history is at (productive steps so far).
    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> f64 {
        self.inner.at() as f64
    }
    /// Candidates thrown up to this step.
    #[wasm_bindgen(getter)]
    pub fn attempted(&self) -> f64 {
        self.inner.sampler().attempted() as f64
    }
    /// Candidates accepted up to this step.
    #[wasm_bindgen(getter)]
    pub fn accepted(&self) -> f64 {
        self.inner.sampler().accepted() as f64
    }
    /// Accepted / attempted candidates up to this step, 0 before any.
    #[wasm_bindgen(getter, js_name = acceptRate)]
    pub fn accept_rate(&self) -> f64 {
        let s = self.inner.sampler();
        match s.attempted() {
            0 => 0.0,
            n => s.accepted() as f64 / n as f64,
        }
    }
    /// Minimum spacing.
    #[wasm_bindgen(getter)]
    pub fn radius(&self) -> f64 {
        self.inner.sampler().radius()
    }
    /// Side of a background-grid cell.
    #[wasm_bindgen(getter, js_name = cellSize)]
    pub fn cell_size(&self) -> f64 {
        self.inner.sampler().grid().cell()
    }
}

fn figures_array(f: LiveFigures) -> Float64Array {
    let v = match f.violation {
        Some(v) => [v.i as f64, v.j as f64, v.distance, v.required],
        None => [-1.0, -1.0, f64::NAN, f64::NAN],
    };
    Float64Array::from(&[f.points_per_r2, f.coverage, v[0], v[1], v[2], v[3]][..])
}

/// Points per r², coverage and the minimum-distance audit of a point set, as
/// `[pointsPerR2, coverage, i, j, distance, required]`: `i, j` is the worst pair closer than its
/// spacing (then `distance` < `required`), or −1, −1, NaN, NaN when every pair keeps it.
///
/// `points` is flat with `stride` numbers per point: 2 (`x, y`, every point keeping `radius`)
/// or 3 (`x, y, r`, each its own). `radius` is the set's nominal spacing, for points per r².
#[wasm_bindgen(js_name = liveFigures)]
pub fn live_figures_flat(
    points: &[f64],
    stride: u32,
    radius: f64,
    width: f64,
    height: f64,
) -> Result<Float64Array, JsError> {
    if stride != 2 && stride != 3 {
        return Err(JsError::new(&format!(
            "stride must be 2 (x, y) or 3 (x, y, r), got {stride}"
        )));
    }
    let s = stride as usize;
    if !points.len().is_multiple_of(s) {
        return Err(JsError::new(&format!(
            "{} numbers do not make whole points of {s}",
            points.len()
        )));
    }
    let pts: Vec<poisson_live::Point> = points
        .chunks_exact(s)
        .map(|c| poisson_live::Point {
            x: c[0],
            y: c[1],
            r: if s == 3 { c[2] } else { radius },
        })
        .collect();
    Ok(figures_array(live_figures(&pts, width, height, radius)))
}

/// The coverage random sequential adsorption jams at (about 0.547), a reference line.
#[wasm_bindgen(js_name = rsaCoverage)]
pub fn rsa_coverage() -> f64 {
    RSA_COVERAGE
}

/// The coverage of hexagonal packing, π / √12 ≈ 0.9069, the most any spacing allows.
#[wasm_bindgen(js_name = hexagonalCoverage)]
pub fn hexagonal_coverage() -> f64 {
    HEXAGONAL_COVERAGE
}
