//! `DartThrower`: dart throwing one dart at a time, and `dartThrowing`, all of it in one call.

use crate::js::{budget, err, getters, whole_in, xy, Params};
use js_sys::Float64Array;
use poisson_live::darts::MAX_MISSES;
use poisson_live::DartParams;
use poisson_live::Point;
use wasm_bindgen::prelude::*;

/// The dart thrower's arguments from `{width, height, radius, misses, seed}`.
fn thrower(what: &'static str, params: &JsValue) -> Result<poisson_live::DartThrower, JsError> {
    let p = Params::new(what, params)?;
    let misses = whole_in("misses", p.number("misses")?, 0, MAX_MISSES)?;
    let seed = p.seed()?;
    let (w, h, r) = (p.number("width")?, p.number("height")?, p.number("radius")?);
    poisson_live::DartThrower::new(DartParams {
        width: w,
        height: h,
        radius: r,
        max_misses: misses,
        seed,
    })
    .map_err(err)
}

/// The classic dart thrower. `kept()` and `rejected()` are `x, y` pairs; of the rejected darts
/// it keeps only the latest 4096 (`poisson_live::darts::RECENT_REJECTED`), and counts the rest.
#[wasm_bindgen]
pub struct DartThrower {
    inner: poisson_live::DartThrower,
}

#[wasm_bindgen]
impl DartThrower {
    /// A thrower for `{width, height, radius, misses, seed}`: a `width × height` map, spacing
    /// `radius`, stopping after `misses` misses in a row. Throws on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<DartThrower, JsError> {
        Ok(Self {
            inner: thrower("DartThrower", params)?,
        })
    }

    /// Throws one dart: 1 kept, 0 missed, −1 already finished.
    pub fn throw(&mut self) -> i8 {
        match self.inner.throw() {
            Some(d) if d.kept => 1,
            Some(_) => 0,
            None => -1,
        }
    }
    /// Throws up to `maxDarts` darts; true when finished.
    pub fn run(&mut self, max_darts: f64) -> Result<bool, JsError> {
        poisson_live::Job::run(&mut self.inner, budget(max_darts)).map_err(err)
    }
    /// Throws until finished.
    pub fn finish(&mut self) {
        self.inner.finish();
    }
    /// Kept darts as `x, y` pairs.
    pub fn kept(&self) -> Float64Array {
        xy(self.inner.kept())
    }
    /// Rejected darts from number `from` on, as `x, y` pairs (pass the count already drawn to
    /// fetch only the new ones), of the latest 4096 the thrower keeps: darts older than those
    /// are left out.
    pub fn rejected(&self, from: f64) -> Float64Array {
        let total = self.inner.rejected_count();
        let held = self.inner.recent_rejected();
        let oldest_held = total - held.len() as u64;
        let skip = budget(from).min(total).saturating_sub(oldest_held);
        let recent: Vec<Point> = held.skip(skip as usize).copied().collect();
        xy(&recent)
    }
}

getters!(DartThrower, self {
    /// Darts thrown.
    thrown "thrown": f64 = self.inner.thrown() as f64;
    /// Distance checks had every dart been compared with every point kept before it.
    plain_checks "plainChecks": f64 = self.inner.plain_checks() as f64;
    /// Distance checks the grid's search made: each dart against the kept points in its block.
    grid_checks "gridChecks": f64 = self.inner.grid_checks() as f64;
    /// Darts kept.
    kept_count "keptCount": u32 = self.inner.kept().len() as u32;
    /// Darts rejected.
    rejected_count "rejectedCount": f64 = self.inner.rejected_count() as f64;
    /// Misses since the last kept dart.
    misses_in_a_row "missesInARow": u32 = self.inner.misses_in_a_row();
    /// Share of the last 200 darts that missed, in [0, 1].
    miss_rate "missRate": f64 = self.inner.miss_rate();
    /// Share of the map under the kept darts' disks of radius r / 2 (`metrics::coverage`).
    coverage "coverage": f64 = self.inner.coverage();
    /// True once `misses` darts in a row have missed.
    is_finished "isFinished": bool = self.inner.is_finished();
});

/// Classic dart throwing in one call for `{width, height, radius, misses, seed}`: the kept
/// darts as `x, y` pairs.
#[wasm_bindgen(js_name = dartThrowing)]
pub fn dart_throwing(params: &JsValue) -> Result<Float64Array, JsError> {
    let mut thrower = thrower("dartThrowing", params)?;
    thrower.finish();
    Ok(xy(thrower.kept()))
}
