//! `History`: a Bridson run recorded once, as a job, that the page can scrub through,
//! and the live figures (points per r², coverage, minimum-distance audit) shown beside a map.

use crate::js::{budget, err, Params};
use crate::sampler::{accept_rate, sampler_view, tried};
use js_sys::{Array, Float64Array, Uint32Array};
use poisson_live::bridson::{Outcome, Sampler};
use poisson_live::figures::{live_figures, LiveFigures, HEXAGONAL_COVERAGE, RSA_COVERAGE};
use poisson_live::history::{self, Tally, View};
use poisson_live::job::Job;
use wasm_bindgen::prelude::*;

/// A whole Bridson run (the core's `history::History`), recorded once and visited at any step.
///
/// Making one and starting it steps nothing: `record(maxWork)` records the run in slices (a
/// job's `run`, for the page's job driver), `progress` says how far, `totalSteps` is known once
/// it is all recorded. `seek(step)` jumps anywhere in what is recorded, backward too, reading
/// the record only; `step()` and `run()` move forward, recording first where the record ends,
/// so a lab can use it in place of a `PoissonSampler`. `frame()` hands over everything a frame
/// draws in one array. Getters answer for the step shown; layouts as in `PoissonSampler`.
#[wasm_bindgen]
pub struct History {
    /// `width, height, radius, k, seed`, checked: each start makes its sampler from them.
    recipe: (f64, f64, f64, u32, i32),
    inner: history::History,
}

impl History {
    fn sampler(&self) -> &Sampler {
        self.inner.sampler()
    }
    fn view(&self) -> View<'_> {
        self.inner.view()
    }

    /// Replaces the run with one started by `start` on a fresh sampler; whether it placed.
    fn restart(&mut self, start: impl FnOnce(&mut Sampler) -> Outcome) -> Result<bool, JsError> {
        let (w, h, r, k, seed) = self.recipe;
        let mut sampler = Sampler::new(w, h, r, k, seed).map_err(err)?;
        let placed = start(&mut sampler).accepted();
        self.inner = history::History::new(sampler);
        Ok(placed)
    }
}

sampler_view!(History);

/// The numbers at the head of `frame()`, in order; the arrays follow them.
const FRAME_FIELDS: [&str; 22] = [
    "steps",
    "totalSteps",
    "recorded",
    "pointCount",
    "activeCount",
    "triedCount",
    "current",
    "retired",
    "attempted",
    "accepted",
    "acceptRate",
    "recentAcceptRate",
    "pointsPerR2",
    "coverage",
    "worstI",
    "worstJ",
    "worstDistance",
    "worstRequired",
    "triedAccepted",
    "triedOffMap",
    "triedWrongGround",
    "triedTooClose",
];

#[wasm_bindgen]
impl History {
    /// A run for `{width, height, radius, k, seed}`: a `width × height` map with spacing
    /// `radius`, `k` tries per step and a 32-bit seed; not started yet. Throws with a readable
    /// message on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<History, JsError> {
        let recipe = Params::new("History", params)?.bridson()?;
        let (w, h, r, k, seed) = recipe;
        Ok(Self {
            recipe,
            inner: history::History::new(Sampler::new(w, h, r, k, seed).map_err(err)?),
        })
    }

    /// Starts a new run from the seed's own first point (x, then y), recording nothing yet;
    /// false if the point was refused (an empty run).
    #[wasm_bindgen(js_name = startRandom)]
    pub fn start_random(&mut self) -> Result<bool, JsError> {
        self.restart(|s| s.start_random())
    }

    /// Starts a new run from a clicked point, drawing no random numbers; false if it was
    /// refused (an empty run).
    #[wasm_bindgen(js_name = startAt)]
    pub fn start_at(&mut self, x: f64, y: f64) -> Result<bool, JsError> {
        self.restart(|s| s.start_at(x, y))
    }

    /// Records up to `maxWork` more steps of the run (the job's unit: one step); true once the
    /// whole run is recorded. Moves nothing the page shows.
    pub fn record(&mut self, max_work: f64) -> Result<bool, JsError> {
        crate::job::run(&mut self.inner, max_work)
    }

    /// How much of the run is recorded, from 0 to 1; 1 only once it all is.
    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        self.inner.progress()
    }

    /// Steps recorded so far: how far `seek` reaches.
    #[wasm_bindgen(getter)]
    pub fn recorded(&self) -> f64 {
        self.inner.recorded() as f64
    }

    /// Productive steps in the whole run (2N − 1), the scrubber's maximum; NaN until the run is
    /// recorded.
    #[wasm_bindgen(getter, js_name = totalSteps)]
    pub fn total_steps(&self) -> f64 {
        self.inner.total_steps().map_or(f64::NAN, |t| t as f64)
    }

    /// Goes to `step` (rounded down, clamped to 0..=recorded); returns the step it is at.
    pub fn seek(&mut self, step: f64) -> f64 {
        self.inner.seek(budget(step)).steps as f64
    }

    /// Up to `maxSteps` steps forward, recording where the record ends; true when at the end.
    pub fn run(&mut self, max_steps: f64) -> bool {
        self.inner.forward(budget(max_steps))
    }

    /// Records the rest of the run and goes to its end (blocking: for tests and scripts).
    pub fn finish(&mut self) {
        self.inner.forward(u64::MAX);
    }

    /// How this step's candidates fared: counts in `Outcome` order, `[accepted, offMap,
    /// wrongGround, tooClose]`.
    pub fn tally(&self) -> Uint32Array {
        Uint32Array::from(&tally(&self.view()).map(|n| n as u32)[..])
    }

    /// The share of candidates placed over the last `window` steps up to this one (fewer near
    /// the start); NaN when those steps threw none. The running total is `acceptRate`.
    #[wasm_bindgen(js_name = recentAcceptRate)]
    pub fn recent_accept_rate(&self, window: f64) -> f64 {
        self.inner
            .recent_accept_rate(budget(window))
            .unwrap_or(f64::NAN)
    }

    /// The run along its recorded steps, for a time plot: `samples` steps spread evenly from 0
    /// to `recorded` (every step when there are fewer), each as `step, active, rate` — the
    /// active list's length after it and the accept rate over the `window` steps up to it (NaN
    /// where those steps threw none).
    pub fn timeline(&self, window: f64, samples: f64) -> Float64Array {
        let last = self.inner.recorded();
        let samples = budget(samples).clamp(2, 4096);
        let count = samples.min(last + 1);
        let window = budget(window);
        let mut v = Vec::with_capacity(3 * count as usize);
        for i in 0..count {
            let step = if count > 1 { i * last / (count - 1) } else { 0 };
            let active = self
                .inner
                .active_len_at(step)
                .map_or(f64::NAN, |n| n as f64);
            let rate = self.inner.accept_rate_at(step, window).unwrap_or(f64::NAN);
            v.extend_from_slice(&[step as f64, active, rate]);
        }
        Float64Array::from(&v[..])
    }

    /// What the run had spent after `step` steps, as `[candidates, placed, checks]`: `checks`
    /// counts every candidate on the map against every point in its searched block. Known once
    /// that step is recorded; NaNs before, and for a step that is not a number.
    #[wasm_bindgen(js_name = costAt)]
    pub fn cost_at(&self, step: f64) -> Float64Array {
        let cost = (!step.is_nan())
            .then(|| self.inner.cost_at(budget(step)))
            .flatten();
        let v = match cost {
            Some(c) => [c.candidates as f64, c.placed as f64, c.checks as f64],
            None => [f64::NAN; 3],
        };
        Float64Array::from(&v[..])
    }

    /// The live figures of the points placed so far; layout as `liveFigures`.
    pub fn figures(&self) -> Float64Array {
        Float64Array::from(&figures_array(self.live())[..])
    }

    /// The names of the numbers that open `frame()`, in order: `steps, totalSteps, recorded,
    /// pointCount, activeCount, triedCount, current, retired, attempted, accepted, acceptRate,
    /// recentAcceptRate, pointsPerR2, coverage, worstI, worstJ, worstDistance, worstRequired`
    /// and the step's tally `triedAccepted, triedOffMap, triedWrongGround, triedTooClose`.
    #[wasm_bindgen(js_name = frameFields)]
    pub fn frame_fields() -> Array {
        FRAME_FIELDS.iter().map(|&f| JsValue::from_str(f)).collect()
    }

    /// Everything a frame draws of the step shown, in one array: the numbers `frameFields()`
    /// names (each as its getter gives it; `totalSteps` NaN while recording, the recent accept
    /// rate over `window` steps, the figures as in `liveFigures`, the tally as in `tally()`),
    /// then `pointCount` points as `x, y, r`, `activeCount` active indices, and `triedCount`
    /// candidates as `x, y, outcome, hit` (as in `tried()`).
    pub fn frame(&self, window: f64) -> Float64Array {
        let view = self.view();
        let figures = figures_array(self.live());
        let current = view.current.map_or(-1.0, |c| c as f64);
        let counts = [view.points.len(), view.active.len(), view.tried.len()].map(|n| n as f64);
        let mut v = Vec::with_capacity(
            FRAME_FIELDS.len() + 3 * view.points.len() + view.active.len() + 4 * view.tried.len(),
        );
        v.extend_from_slice(&[view.steps as f64, self.total_steps(), self.recorded()]);
        v.extend_from_slice(&counts);
        v.extend_from_slice(&[current, view.retired as f64]);
        v.extend_from_slice(&[view.attempted as f64, view.accepted as f64]);
        v.extend_from_slice(&[accept_rate(&view), self.recent_accept_rate(window)]);
        v.extend_from_slice(&figures);
        v.extend(tally(&view).map(|n| n as f64));
        debug_assert_eq!(v.len(), FRAME_FIELDS.len());
        v.extend(view.points.iter().flat_map(|p| [p.x, p.y, p.r]));
        v.extend(view.active.iter().map(|&i| i as f64));
        v.extend(tried(view.tried));
        Float64Array::from(&v[..])
    }
}

impl History {
    /// The live figures of the points placed by the step shown.
    fn live(&self) -> LiveFigures {
        let g = self.sampler().grid();
        live_figures(
            self.view().points,
            g.width(),
            g.height(),
            self.sampler().radius(),
        )
    }
}

/// A step's tally in `Outcome` order.
fn tally(view: &View) -> [usize; 4] {
    let t = Tally::of(view.tried);
    [t.accepted, t.off_map, t.wrong_ground, t.too_close]
}

/// `[pointsPerR2, coverage, i, j, distance, required]`; see `liveFigures`.
fn figures_array(f: LiveFigures) -> [f64; 6] {
    let v = match f.violation {
        Some(v) => [v.i as f64, v.j as f64, v.distance, v.required],
        None => [-1.0, -1.0, f64::NAN, f64::NAN],
    };
    [f.points_per_r2, f.coverage, v[0], v[1], v[2], v[3]]
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
    Ok(Float64Array::from(
        &figures_array(live_figures(&pts, width, height, radius))[..],
    ))
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
