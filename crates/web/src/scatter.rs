//! The baselines as flat arrays of `x, y` pairs.

use crate::err;
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
    let count = crate::whole("count", count)?;
    let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
    Ok(crate::xy(
        &poisson_live::random_points(count as usize, width, height, seed).map_err(err)?,
    ))
}

/// A jittered grid of side `spacing` as `x, y` pairs.
#[wasm_bindgen(js_name = jitteredGrid)]
pub fn jittered_grid(
    spacing: f64,
    width: f64,
    height: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
    Ok(crate::xy(
        &poisson_live::jittered_grid(spacing, width, height, seed).map_err(err)?,
    ))
}

/// Classic dart throwing in one call, as `x, y` pairs.
#[wasm_bindgen(js_name = dartThrowing)]
pub fn dart_throwing(
    width: f64,
    height: f64,
    radius: f64,
    misses: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let misses = crate::whole_in("misses", misses, 0, poisson_live::darts::MAX_MISSES)?;
    let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
    Ok(crate::xy(
        &poisson_live::dart_throwing(width, height, radius, misses, seed).map_err(err)?,
    ))
}
