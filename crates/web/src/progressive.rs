//! The progressive order for the page: which points to show first, so that any first `n` are
//! spread over the map (a detail slider, a budget of objects, a fade-in).
//!
//! Points come in as the page keeps them, a flat `Float64Array` of `x, y, r` triples (the radius
//! is carried by the page and ignored here). The answer is the permutation, a `Uint32Array` of
//! triple numbers, first to show first: the page reorders whatever else it keeps beside the
//! points (ids, classes, colours) with the same indices. `poisson_live::progressive` holds the
//! method and its guarantees.

use crate::job::job_class;
use crate::js::err;
use js_sys::Uint32Array;
use poisson_live::progressive;
use wasm_bindgen::prelude::*;

/// The positions of a flat `x, y, r` array, refused unless it holds whole triples.
fn positions(xyr: &JsValue) -> Result<Vec<[f64; 2]>, JsError> {
    let xyr = crate::js::numbers("points", xyr)?;
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
pub fn progressive_order_flat(
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] xyr: &JsValue,
) -> Result<Uint32Array, JsError> {
    let order = poisson_live::progressive::progressive_order(&positions(xyr)?).map_err(err)?;
    Ok(indices(&order))
}

job_class!(
    /// The progressive order a slice at a time (a unit is about one Bridson step): `take()`
    /// hands over the whole permutation, the same as `progressiveOrder(xyr)`.
    ProgressiveOrder,
    progressive::ProgressiveOrder,
    Uint32Array,
    |order| indices(&order)
);

#[wasm_bindgen]
impl ProgressiveOrder {
    /// Gets ready to order the points of `xyr` (`x, y, r` triples; the same errors as
    /// `progressiveOrder`); orders nothing yet.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] xyr: &JsValue,
    ) -> Result<ProgressiveOrder, JsError> {
        Ok(Self {
            job: progressive::ProgressiveOrder::new(&positions(xyr)?).map_err(err)?,
        })
    }

    /// The triple numbers placed so far, first to last: already final, a prefix of the
    /// finished order.
    pub fn placed(&self) -> Uint32Array {
        indices(self.job.placed())
    }
}
