//! Points in a box: Bridson's algorithm and the fast sampler in 3D, as `poisson bridson` and
//! `poisson fast` with `--depth`.

use crate::convert::{value_error, whole, Int, Num, Seed};
use crate::memory::{self, ask};
use crate::slices::run_job;
use crate::{DEFAULT_K, DEFAULT_SEED};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2};
use poisson_live::space::{FastSampler3d, SpaceSampler};
use pyo3::prelude::*;

/// Points as a float64 array of shape (N, 3): x, y, z, handed over without a copy.
fn xyz<'py>(py: Python<'py>, points: Vec<[f64; 3]>) -> Bound<'py, PyArray2<f64>> {
    Array2::from(points).into_pyarray(py)
}

/// Bridson's algorithm in the box `[0, width) × [0, height) × [0, depth)`: (N, 3) x, y, z,
/// exactly `poisson bridson --depth`'s points (the crate's `space::poisson_disk_3d`).
#[pyfunction]
#[pyo3(signature = (width, height, depth, radius, *, k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, depth, radius, *, k=30, seed=123456)")]
pub(crate) fn poisson_disk_3d<'py>(
    py: Python<'py>,
    width: Num,
    height: Num,
    depth: Num,
    radius: Num,
    k: Int,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (size, radius) = ([width.0, height.0, depth.0], radius.0);
    let k = whole("k", k)?;
    ask(
        memory::space(size[0], size[1], size[2], radius),
        "poisson_disk_3d",
    )?;
    // `poisson_disk_3d` a slice of steps at a time.
    let mut sampler = SpaceSampler::new(size, radius, k, seed.0).map_err(value_error)?;
    sampler.start_random();
    Ok(xyz(py, run_job(py, sampler)?))
}

/// The fast sampler in the box `[0, width) × [0, height) × [0, depth)`: (N, 3) x, y, z, exactly
/// `poisson fast --depth`'s points (the crate's `space::fast_poisson_3d`).
#[pyfunction]
#[pyo3(signature = (width, height, depth, radius, *, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, depth, radius, *, seed=123456)")]
pub(crate) fn fast_poisson_3d<'py>(
    py: Python<'py>,
    width: Num,
    height: Num,
    depth: Num,
    radius: Num,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (size, radius) = ([width.0, height.0, depth.0], radius.0);
    ask(
        memory::space(size[0], size[1], size[2], radius),
        "fast_poisson_3d",
    )?;
    let sampler = FastSampler3d::new(size, radius, seed.0).map_err(value_error)?;
    Ok(xyz(py, run_job(py, sampler)?))
}
