//! `poisson_live._native`: the crate's samplers for Python, numpy arrays in and out.
//!
//! Every function checks its input through the crate and turns the crate's
//! [`poisson_live::Error`] into a `ValueError` with the crate's message (`convert.rs` reads
//! Python's numbers: an int of any size, never a bool). Long work runs in slices with the GIL
//! released, checking for signals in between (`slices.rs`), except that a radius given as a
//! callable keeps the GIL; a sampler asks for its memory before it starts (`memory.rs`; not yet
//! `relax`, `measure`, `sample_mesh` and `eliminate`, which rely on the crate's limits).
//! The Python package (`python/poisson_live/`) re-exports these names and adds `dask.endless`
//! and the signatures' type aliases (`types.py`);
//! the stubs (`_native.pyi`) document each one.

#![forbid(unsafe_code)]

use convert::Int;
use pyo3::prelude::*;

mod convert;
mod edit;
mod eliminate;
mod endless;
mod layers;
mod memory;
mod mesh;
mod paint;
mod relaxing;
mod samplers;
mod slices;
mod space;
mod stepping;
mod variable;

/// The seed the crate, the page and the CLI start from.
pub(crate) const DEFAULT_SEED: i32 = 123_456;
/// Bridson's usual tries per step.
pub(crate) const DEFAULT_K: Int = Int::Fits(30);
/// `poisson darts`'s default misses in a row before the thrower stops.
pub(crate) const DEFAULT_MISSES: Int = Int::Fits(500);
/// A whole-number option that starts at 0.
pub(crate) const ZERO: Int = Int::Fits(0);

/// The crate's version.
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Loads numpy's C API and rust-numpy's borrow checker now. Both load on first use otherwise,
/// by importing Python modules: a first call that returns an array after a signal arrived (a
/// `SIGALRM` handler, Ctrl-C) met the pending exception there, and rust-numpy panicked
/// ("Failed to access NumPy array API capsule").
fn load_numpy(py: Python<'_>) {
    let probe = numpy::PyArray2::<f64>::zeros(py, [0, 3], false);
    drop(numpy::PyArrayMethods::readonly(&probe));
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    load_numpy(m.py());
    m.add_function(wrap_pyfunction!(samplers::poisson_disk, m)?)?;
    m.add_function(wrap_pyfunction!(samplers::fast, m)?)?;
    m.add_function(wrap_pyfunction!(samplers::random_points, m)?)?;
    m.add_function(wrap_pyfunction!(samplers::jittered_grid, m)?)?;
    m.add_function(wrap_pyfunction!(samplers::dart_throwing, m)?)?;
    m.add_function(wrap_pyfunction!(variable::variable_radius, m)?)?;
    m.add_function(wrap_pyfunction!(space::poisson_disk_3d, m)?)?;
    m.add_function(wrap_pyfunction!(relaxing::relax, m)?)?;
    m.add_function(wrap_pyfunction!(mesh::sample_mesh, m)?)?;
    m.add_function(wrap_pyfunction!(eliminate::eliminate, m)?)?;
    m.add_function(wrap_pyfunction!(relaxing::measure, m)?)?;
    m.add_function(wrap_pyfunction!(space::fast_poisson_3d, m)?)?;
    m.add_function(wrap_pyfunction!(layers::layers, m)?)?;
    m.add_function(wrap_pyfunction!(layers::classes, m)?)?;
    m.add_function(wrap_pyfunction!(paint::stamp_circles, m)?)?;
    m.add_function(wrap_pyfunction!(endless::endless, m)?)?;
    m.add_class::<layers::Layer>()?;
    m.add_class::<stepping::Sampler>()?;
    m.add_class::<edit::EditableSet>()?;
    m.add_class::<mesh::MeshSample>()?;
    m.add_class::<endless::Endless>()?;
    m.add("__version__", VERSION)?;
    m.add("DEFAULT_SEED", DEFAULT_SEED)?;
    Ok(())
}
