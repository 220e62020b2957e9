//! `poisson_live._native`: the crate's samplers for Python, numpy arrays in and out.
//!
//! Every function checks its input through the crate and turns the crate's [`poisson_live::Error`] into a
//! `ValueError` with the crate's message. Long work runs with the GIL released
//! ([`Python::detach`]), except where it calls back into Python (a radius given as a callable).
//! The Python package (`python/poisson_live/`) re-exports these names and adds `dask.endless`;
//! the stubs (`_native.pyi`) document each one.

#![forbid(unsafe_code)]

use pyo3::prelude::*;

mod convert;
mod edit;
mod endless;
mod layers;
mod paint;
mod samplers;
mod stepping;
mod variable;

/// The seed the crate, the page and the CLI start from.
pub(crate) const DEFAULT_SEED: i32 = 123_456;
/// Bridson's usual tries per step.
pub(crate) const DEFAULT_K: i64 = 30;
/// `poisson darts`'s default misses in a row before the thrower stops.
pub(crate) const DEFAULT_MISSES: i64 = 500;

/// The crate's version.
const VERSION: &str = env!("CARGO_PKG_VERSION");

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(samplers::poisson_disk, m)?)?;
    m.add_function(wrap_pyfunction!(samplers::fast, m)?)?;
    m.add_function(wrap_pyfunction!(samplers::random_points, m)?)?;
    m.add_function(wrap_pyfunction!(samplers::jittered_grid, m)?)?;
    m.add_function(wrap_pyfunction!(samplers::dart_throwing, m)?)?;
    m.add_function(wrap_pyfunction!(variable::variable_radius, m)?)?;
    m.add_function(wrap_pyfunction!(layers::layers, m)?)?;
    m.add_function(wrap_pyfunction!(layers::classes, m)?)?;
    m.add_function(wrap_pyfunction!(paint::stamp_circles, m)?)?;
    m.add_function(wrap_pyfunction!(endless::endless, m)?)?;
    m.add_class::<layers::Layer>()?;
    m.add_class::<stepping::Sampler>()?;
    m.add_class::<edit::EditableSet>()?;
    m.add_class::<endless::Endless>()?;
    m.add("__version__", VERSION)?;
    m.add("DEFAULT_SEED", DEFAULT_SEED)?;
    Ok(())
}
