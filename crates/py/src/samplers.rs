//! The one-call samplers of a fixed spacing: Bridson, the fast sampler, the tutorial's
//! baselines (uniform random, jittered grid) and dart throwing.

use crate::convert::{pairs, value_error, whole, xy, xyr, Seed};
use crate::{DEFAULT_K, DEFAULT_MISSES, DEFAULT_SEED};
use numpy::PyArray2;
use poisson_live::DartParams;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Bridson's algorithm in one call: points at least `radius` apart filling `width × height`.
#[pyfunction]
#[pyo3(signature = (width, height, radius, k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, k=30, seed=123456)")]
pub(crate) fn poisson_disk<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    radius: f64,
    k: i64,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (k, seed) = (whole("k", k)?, seed.0);
    let points = py
        .detach(|| poisson_live::poisson_disk(width, height, radius, k, seed))
        .map_err(value_error)?;
    Ok(xyr(py, &points))
}

/// The fast sampler: the densest, quickest fill, (N, 2).
#[pyfunction]
#[pyo3(signature = (width, height, radius, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, seed=123456)")]
pub(crate) fn fast<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    radius: f64,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let seed = seed.0;
    let points = py
        .detach(|| poisson_live::fast_poisson(width, height, radius, seed))
        .map_err(value_error)?;
    Ok(pairs(py, points))
}

/// `count` uniform random points, (N, 2).
#[pyfunction]
#[pyo3(signature = (width, height, count, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, count, seed=123456)")]
pub(crate) fn random_points<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    count: i64,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let seed = seed.0;
    let count = usize::try_from(count)
        .map_err(|_| PyValueError::new_err(format!("count must be ≥ 0, got {count}")))?;
    let points = py
        .detach(|| poisson_live::random_points(count, width, height, seed))
        .map_err(value_error)?;
    Ok(xy(py, &points))
}

/// One random point in each cell of a grid of side `spacing`, (N, 2).
#[pyfunction]
#[pyo3(signature = (width, height, spacing, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, spacing, seed=123456)")]
pub(crate) fn jittered_grid<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    spacing: f64,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let seed = seed.0;
    let points = py
        .detach(|| poisson_live::jittered_grid(spacing, width, height, seed))
        .map_err(value_error)?;
    Ok(xy(py, &points))
}

/// Dart throwing: random darts, each kept when at least `radius` from every kept one, until
/// `max_misses` in a row miss; (N, 2).
#[pyfunction]
#[pyo3(signature = (width, height, radius, max_misses = DEFAULT_MISSES, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, max_misses=500, seed=123456)")]
pub(crate) fn dart_throwing<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    radius: f64,
    max_misses: i64,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (misses, seed) = (whole("max_misses", max_misses)?, seed.0);
    let points = py
        .detach(|| {
            poisson_live::dart_throwing(DartParams {
                width,
                height,
                radius,
                max_misses: misses,
                seed,
            })
        })
        .map_err(value_error)?;
    Ok(xy(py, &points))
}
