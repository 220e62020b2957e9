//! `fastPoisson`: the fast sampler for games in one call.

use crate::err;
use js_sys::Float64Array;
use wasm_bindgen::prelude::*;

/// Fills a `width × height` map with points at least `radius` apart, with the fast sampler
/// (not the tutorial's draws): `x, y` per point, in the order they were placed. The same seed
/// gives the same points, to the bit, here and in native Rust. Throws with a readable message on
/// bad input.
#[wasm_bindgen(js_name = fastPoisson)]
pub fn fast_poisson(
    width: f64,
    height: f64,
    radius: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
    let points = poisson_live::fast_poisson(width, height, radius, seed).map_err(err)?;
    // `[[x, y]; n]` is already the flat `x, y` layout: copied once, straight into JS.
    Ok(Float64Array::from(points.as_flattened()))
}
