//! The baselines as flat arrays of `x, y` pairs.

use crate::js::{self, err, xy};
use js_sys::Float64Array;
use wasm_bindgen::prelude::*;

/// `count` uniform random points as `x, y` pairs.
#[wasm_bindgen(js_name = randomPoints)]
pub fn random_points(
    count: f64,
    width: f64,
    height: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let (count, seed) = (js::whole("count", count)?, js::seed(seed)?);
    let points = poisson_live::random_points(count as usize, width, height, seed).map_err(err)?;
    Ok(xy(&points))
}

/// A jittered grid of side `spacing` as `x, y` pairs.
#[wasm_bindgen(js_name = jitteredGrid)]
pub fn jittered_grid(
    spacing: f64,
    width: f64,
    height: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let points = poisson_live::jittered_grid(spacing, width, height, js::seed(seed)?);
    Ok(xy(&points.map_err(err)?))
}
