//! The progressive order for the page: which points to show first, so that any first `n` are
//! spread over the map (a detail slider, a budget of objects, a fade-in).
//!
//! Points come in as the page keeps them, a flat `Float64Array` of `x, y, r` triples (the radius
//! is carried by the page and ignored here). The answer is the permutation, a `Uint32Array` of
//! triple numbers, first to show first: the page reorders whatever else it keeps beside the
//! points (ids, classes, colours) with the same indices. `poisson_live::progressive` holds the
//! method and its guarantees.

use crate::err;
use js_sys::Uint32Array;
use poisson_live::job::Job;
use poisson_live::progressive::Progressive;
use wasm_bindgen::prelude::*;

/// The positions of a flat `x, y, r` array, refused unless it holds whole triples.
fn positions(xyr: &[f64]) -> Result<Vec<[f64; 2]>, JsError> {
    if !xyr.len().is_multiple_of(3) {
        return Err(JsError::new(&format!(
            "points must be x, y, r triples, but {} numbers do not make whole triples",
            xyr.len()
        )));
    }
    Ok(xyr.chunks_exact(3).map(|p| [p[0], p[1]]).collect())
}

fn indices(order: &[usize]) -> Uint32Array {
    // At most `MAX_POINTS` (2^25) points, so every index fits in 32 bits.
    let v: Vec<u32> = order.iter().map(|&i| i as u32).collect();
    Uint32Array::from(&v[..])
}

/// `progressiveOrder(xyr)`: the points of `xyr` (`x, y, r` triples) in progressive order, as a
/// `Uint32Array` of triple numbers (`order[i]` is the triple to show `i`-th); each number
/// appears once. Throws a readable error for an array that is not whole triples or a coordinate
/// that is not finite. In one call: for sets that may take longer than a frame, use
/// `ProgressiveOrder`.
#[wasm_bindgen(js_name = progressiveOrder)]
pub fn progressive_order_flat(xyr: &[f64]) -> Result<Uint32Array, JsError> {
    let order = poisson_live::progressive::progressive_order(&positions(xyr)?).map_err(err)?;
    Ok(indices(&order))
}

/// The progressive order a slice at a time: `new ProgressiveOrder(xyr)` checks the points (the
/// same errors as `progressiveOrder`), `run(budget)` works a little and says whether it is done,
/// `placed()` is the order so far (already final: the finished order starts with it), and
/// `order()` hands over the whole permutation, the same as `progressiveOrder(xyr)`.
#[wasm_bindgen]
pub struct ProgressiveOrder {
    inner: Progressive,
}

#[wasm_bindgen]
impl ProgressiveOrder {
    /// Gets ready to order the points of `xyr` (`x, y, r` triples); orders nothing yet.
    #[wasm_bindgen(constructor)]
    pub fn new(xyr: &[f64]) -> Result<ProgressiveOrder, JsError> {
        Ok(Self {
            inner: Progressive::new(&positions(xyr)?).map_err(err)?,
        })
    }

    /// Works up to `budget` units (about one Bridson step each: a few microseconds); true once
    /// the order is complete. A page calls it while its frame's time lasts.
    pub fn run(&mut self, budget: f64) -> Result<bool, JsError> {
        let budget = if budget > 0.0 { budget as u64 } else { 0 };
        self.inner.run(budget).map_err(err)
    }

    /// How far it has come, from 0 to 1 (an estimate that never goes backwards; 1 only once
    /// complete).
    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        self.inner.progress()
    }

    /// What it is doing, in a few words for a status line.
    #[wasm_bindgen(getter)]
    pub fn stage(&self) -> String {
        self.inner.stage().to_owned()
    }

    /// The triple numbers placed so far, first to last: a prefix of the finished order.
    pub fn placed(&self) -> Uint32Array {
        indices(self.inner.placed())
    }

    /// The whole order once `run` has returned true; throws before that, and after it was
    /// handed over once.
    pub fn order(&mut self) -> Result<Uint32Array, JsError> {
        let done = self.inner.progress() >= 1.0;
        let order = self.inner.take().ok_or_else(|| {
            JsError::new(if done {
                "this order was already handed over by order()"
            } else {
                "the order is not finished: call run() until it returns true"
            })
        })?;
        Ok(indices(&order))
    }
}
