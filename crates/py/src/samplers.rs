//! The one-call samplers of a fixed spacing: Bridson, the fast sampler, the tutorial's
//! baselines (uniform random, jittered grid) and dart throwing.

use crate::convert::{pairs, value_error, whole, xy, xyr, Int, Num, Seed};
use crate::memory::{self, ask};
use crate::slices::run_job;
use crate::{DEFAULT_K, DEFAULT_MISSES, DEFAULT_SEED};
use numpy::PyArray2;
use poisson_live::fast::FastSampler;
use poisson_live::{DartParams, DartThrower, Sampler};
use pyo3::prelude::*;

/// Bridson's algorithm in one call: points at least `radius` apart filling `width × height`.
#[pyfunction]
#[pyo3(signature = (width, height, radius, *, k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, *, k=30, seed=123456)")]
pub(crate) fn poisson_disk<'py>(
    py: Python<'py>,
    width: Num,
    height: Num,
    radius: Num,
    k: Int,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (width, height, radius) = (width.0, height.0, radius.0);
    let (k, seed) = (whole("k", k)?, seed.0);
    let bytes = memory::bridson(width, height, radius, memory::BRIDSON_POINT);
    ask(bytes, "poisson_disk")?;
    let mut sampler = Sampler::new(width, height, radius, k, seed).map_err(value_error)?;
    sampler.start_random();
    let points = run_job(py, sampler)?;
    xyr(py, &points)
}

/// The fast sampler: the densest, quickest fill, (N, 2).
#[pyfunction]
#[pyo3(signature = (width, height, radius, *, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, *, seed=123456)")]
pub(crate) fn fast<'py>(
    py: Python<'py>,
    width: Num,
    height: Num,
    radius: Num,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (width, height, radius) = (width.0, height.0, radius.0);
    ask(memory::fast(width, height, radius), "fast")?;
    let sampler = FastSampler::new(width, height, radius, seed.0).map_err(value_error)?;
    Ok(pairs(py, run_job(py, sampler)?))
}

/// `count` uniform random points, (N, 2).
#[pyfunction]
#[pyo3(signature = (count, width, height, *, seed = Seed(DEFAULT_SEED)), text_signature = "(count, width, height, *, seed=123456)")]
pub(crate) fn random_points<'py>(
    py: Python<'py>,
    count: Int,
    width: Num,
    height: Num,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (width, height, seed) = (width.0, height.0, seed.0);
    let count = count.count::<usize>("count")?;
    // The crate's points, then the array: 40 bytes a point (the crate refuses past its limit).
    if count <= poisson_live::error::DEFAULT_MAX_CELLS {
        ask(count as f64 * 40.0, "random_points")?;
    }
    let points = py
        .detach(|| poisson_live::random_points(count, width, height, seed))
        .map_err(value_error)?;
    xy(py, &points)
}

/// One random point in each cell of a grid of side `spacing`, (N, 2).
#[pyfunction]
#[pyo3(signature = (spacing, width, height, *, seed = Seed(DEFAULT_SEED)), text_signature = "(spacing, width, height, *, seed=123456)")]
pub(crate) fn jittered_grid<'py>(
    py: Python<'py>,
    spacing: Num,
    width: Num,
    height: Num,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (width, height, spacing, seed) = (width.0, height.0, spacing.0, seed.0);
    ask(memory::jittered(width, height, spacing), "jittered_grid")?;
    let points = py
        .detach(|| poisson_live::jittered_grid(spacing, width, height, seed))
        .map_err(value_error)?;
    xy(py, &points)
}

/// Dart throwing: random darts, each kept when at least `radius` from every kept one, until
/// `max_misses` in a row miss; (N, 2).
#[pyfunction]
#[pyo3(signature = (width, height, radius, *, max_misses = DEFAULT_MISSES, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, *, max_misses=500, seed=123456)")]
pub(crate) fn dart_throwing<'py>(
    py: Python<'py>,
    width: Num,
    height: Num,
    radius: Num,
    max_misses: Int,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (width, height, radius) = (width.0, height.0, radius.0);
    let (misses, seed) = (whole("max_misses", max_misses)?, seed.0);
    // A dart thrower's map holds no more points than Bridson's (fewer: darts leave gaps).
    ask(
        memory::bridson(width, height, radius, memory::BRIDSON_POINT),
        "dart_throwing",
    )?;
    let thrower = DartThrower::new(DartParams {
        width,
        height,
        radius,
        max_misses: misses,
        seed,
    })
    .map_err(value_error)?;
    xy(py, &run_job(py, thrower)?)
}
