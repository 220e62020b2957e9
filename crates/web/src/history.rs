//! `History`: a Bridson run the page can scrub through, and the live figures
//! (points per r², coverage, minimum-distance audit) shown beside a map.

use crate::js::{budget, err, Params};
use crate::sampler::sampler_view;
use js_sys::{Float64Array, Uint32Array};
use poisson_live::bridson::Sampler;
use poisson_live::history::{
    self, live_figures, LiveFigures, Tally, HEXAGONAL_COVERAGE, RSA_COVERAGE,
};
use wasm_bindgen::prelude::*;

/// A whole Bridson run that can be visited at any step (the core's `history::History`).
///
/// It answers the same getters as `PoissonSampler` for the step it is at, and `step()`, `run()`
/// and `finish()` move it forward just as they move a sampler, so a lab can use it in place of
/// one. `seek(step)` jumps anywhere in `0..=totalSteps`, backward too; the state there is
/// exactly what stepping that far from the start gives. Array layouts as in `PoissonSampler`.
#[wasm_bindgen]
pub struct History {
    inner: history::History,
}

impl History {
    fn sampler(&self) -> &Sampler {
        self.inner.sampler()
    }
}

sampler_view!(History);

#[wasm_bindgen]
impl History {
    /// A run for `{width, height, radius, k, seed}`: a `width × height` map with spacing
    /// `radius`, `k` tries per step and a 32-bit seed; not started yet. Throws with a readable
    /// message on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<History, JsError> {
        let (w, h, r, k, seed) = Params::new("History", params)?.bridson()?;
        Ok(Self {
            inner: history::History::new(w, h, r, k, seed).map_err(err)?,
        })
    }

    /// Productive steps in the whole run (2N − 1), the scrubber's maximum.
    #[wasm_bindgen(getter, js_name = totalSteps)]
    pub fn total_steps(&self) -> f64 {
        self.inner.total_steps() as f64
    }

    /// Goes to `step` (rounded down, clamped to 0..=totalSteps); returns the step it is at.
    pub fn seek(&mut self, step: f64) -> f64 {
        self.inner.seek(budget(step));
        self.inner.at() as f64
    }

    /// Up to `maxSteps` steps forward; true when at the end.
    pub fn run(&mut self, max_steps: f64) -> bool {
        self.inner
            .seek(self.inner.at().saturating_add(budget(max_steps)))
            .is_finished()
    }

    /// Goes to the end of the run.
    pub fn finish(&mut self) {
        self.inner.seek(u64::MAX);
    }

    /// How this step's candidates fared: `[accepted, offMap, wrongGround, tooClose]`.
    pub fn tally(&self) -> Uint32Array {
        let t = Tally::of(self.sampler().tried());
        let v = [t.accepted, t.off_map, t.wrong_ground, t.too_close].map(|n| n as u32);
        Uint32Array::from(&v[..])
    }

    /// The share of candidates placed over the last `window` steps up to this one (fewer near
    /// the start); NaN when those steps threw none. The running total is `acceptRate`.
    #[wasm_bindgen(js_name = recentAcceptRate)]
    pub fn recent_accept_rate(&self, window: f64) -> f64 {
        self.inner
            .recent_accept_rate(budget(window))
            .unwrap_or(f64::NAN)
    }

    /// What the run had spent after `step` steps, as `[candidates, placed, checks]`: `checks`
    /// counts every candidate on the map against every point in its searched block. Known once
    /// the history has been at that step (`finish()` visits them all); NaNs before.
    #[wasm_bindgen(js_name = costAt)]
    pub fn cost_at(&self, step: f64) -> Float64Array {
        let v = match self.inner.cost_at(budget(step)) {
            Some(c) => [c.candidates as f64, c.placed as f64, c.checks as f64],
            None => [f64::NAN; 3],
        };
        Float64Array::from(&v[..])
    }

    /// The live figures of the points placed so far; layout as `liveFigures`.
    pub fn figures(&self) -> Float64Array {
        let s = self.sampler();
        let g = s.grid();
        figures_array(live_figures(s.points(), g.width(), g.height(), s.radius()))
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
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] points: &JsValue,
    stride: f64,
    radius: f64,
    width: f64,
    height: f64,
) -> Result<Float64Array, JsError> {
    let points = crate::js::numbers("points", points)?;
    let s = crate::export::stride(&points, stride)?;
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
