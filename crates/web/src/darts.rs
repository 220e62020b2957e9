//! `DartThrower`: dart throwing one dart at a time.

use crate::err;
use js_sys::Float64Array;
use wasm_bindgen::prelude::*;

/// The classic dart thrower. `kept()` and `rejected()` are `x, y` pairs.
#[wasm_bindgen]
pub struct DartThrower {
    inner: poisson_live::DartThrower,
}

#[wasm_bindgen]
impl DartThrower {
    /// A thrower for a `width × height` map, spacing `radius`, that stops after `misses`
    /// misses in a row. Throws on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(
        width: f64,
        height: f64,
        radius: f64,
        misses: f64,
        seed: f64,
    ) -> Result<DartThrower, JsError> {
        let misses = crate::whole_in("misses", misses, 0, poisson_live::darts::MAX_MISSES)?;
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        Ok(Self {
            inner: poisson_live::DartThrower::new(width, height, radius, misses, seed)
                .map_err(err)?,
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
    /// Throws up to `max_darts` darts; true when finished.
    pub fn run(&mut self, max_darts: f64) -> bool {
        self.inner
            .run(if max_darts > 0.0 { max_darts as u64 } else { 0 })
    }
    /// Throws until finished.
    pub fn finish(&mut self) {
        self.inner.finish();
    }
    /// Kept darts as `x, y` pairs.
    pub fn kept(&self) -> Float64Array {
        crate::xy(self.inner.kept())
    }
    /// Rejected darts from index `from` on, as `x, y` pairs (pass the count already drawn to
    /// fetch only the new ones).
    pub fn rejected(&self, from: u32) -> Float64Array {
        let all = self.inner.rejected();
        crate::xy(&all[(from as usize).min(all.len())..])
    }
    /// Darts thrown.
    #[wasm_bindgen(getter)]
    pub fn thrown(&self) -> f64 {
        self.inner.thrown() as f64
    }
    /// Darts kept.
    #[wasm_bindgen(getter, js_name = keptCount)]
    pub fn kept_count(&self) -> u32 {
        self.inner.kept().len() as u32
    }
    /// Darts rejected.
    #[wasm_bindgen(getter, js_name = rejectedCount)]
    pub fn rejected_count(&self) -> u32 {
        self.inner.rejected().len() as u32
    }
    /// Misses since the last kept dart.
    #[wasm_bindgen(getter, js_name = missesInARow)]
    pub fn misses_in_a_row(&self) -> u32 {
        self.inner.misses_in_a_row()
    }
    /// Share of the last 200 darts that missed, in [0, 1].
    #[wasm_bindgen(getter, js_name = missRate)]
    pub fn miss_rate(&self) -> f64 {
        self.inner.miss_rate()
    }
    /// True once `misses` darts in a row have missed.
    #[wasm_bindgen(getter, js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }
}
