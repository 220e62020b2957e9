//! Bridson with a spacing that varies over the map: from a radius field (an array) or a
//! Python callable.

use crate::convert::{room, value_error, whole, xyr, Int, Num, Seed};
use crate::memory::{self, ask};
use crate::slices::{attached, run_job};
use crate::{DEFAULT_K, DEFAULT_SEED};
use numpy::{PyArray2, PyReadonlyArray2};
use poisson_live::bridson::variable_sampler;
use poisson_live::density::RadiusRaster;
use poisson_live::{Job, SamplerParams};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// Bridson's algorithm with a spacing that varies over the map: `radius` is a callable
/// `radius(x, y) -> float` or a 2-D float64 array over the map; the spacing is clamped to
/// `[min_radius, max_radius]`. (N, 3).
#[pyfunction]
#[pyo3(signature = (width, height, min_radius, max_radius, radius, *, k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, min_radius, max_radius, radius, *, k=30, seed=123456)")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn variable_radius<'py>(
    py: Python<'py>,
    width: Num,
    height: Num,
    min_radius: Num,
    max_radius: Num,
    radius: &Bound<'py, PyAny>,
    k: Int,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (width, height) = (width.0, height.0);
    let (min_radius, max_radius) = (min_radius.0, max_radius.0);
    let params = SamplerParams {
        width,
        height,
        radius: min_radius,
        k: whole("k", k)?,
        seed: seed.0,
    };
    if let Ok(field) = radius.extract::<PyReadonlyArray2<'py, f64>>() {
        let field = read_field(&field, width, height)?;
        ask(
            memory::bridson(width, height, min_radius, memory::BRIDSON_POINT),
            "variable_radius",
        )?;
        let mut sampler = field.sampler(params, max_radius).map_err(value_error)?;
        sampler.start_random();
        return xyr(py, &run_job(py, sampler)?);
    }
    if !radius.is_callable() {
        return Err(PyValueError::new_err(
            "radius must be a callable radius(x, y) -> float or a 2-D float64 array over the map",
        ));
    }
    ask(
        memory::bridson(width, height, min_radius, memory::BRIDSON_POINT),
        "variable_radius",
    )?;
    // The callable runs Python, so the GIL stays held, and the run goes in slices: its first
    // error ends the run at the end of that slice (the sampler sees the smallest radius and no
    // more calls until then), and so does a signal.
    let call: Py<PyAny> = radius.clone().unbind();
    let failed: Arc<Mutex<Option<PyErr>>> = Arc::default();
    let seen = Arc::clone(&failed);
    let mut sampler = variable_sampler(params, max_radius, move |x, y| {
        let mut first = seen.lock().unwrap_or_else(|e| e.into_inner());
        if first.is_some() {
            return min_radius;
        }
        Python::attach(
            |py| match call.call1(py, (x, y)).and_then(|v| v.extract::<f64>(py)) {
                Ok(r) if r.is_finite() => r,
                Ok(r) => {
                    *first = Some(PyValueError::new_err(format!(
                        "radius(x, y) must return a finite number, got {r} at ({x}, {y})"
                    )));
                    min_radius
                }
                Err(e) => {
                    *first = Some(e);
                    min_radius
                }
            },
        )
    })
    .map_err(value_error)?;
    sampler.start_random();
    let raise = || match failed.lock().unwrap_or_else(|e| e.into_inner()).take() {
        Some(e) => Err(e),
        None => Ok(()),
    };
    attached(py, |budget| {
        let done = sampler.run(budget).map_err(value_error)?;
        raise()?;
        Ok(done)
    })?;
    raise()?;
    xyr(py, &sampler.into_points())
}

/// The radius field of `variable_radius`, checked and copied (the core's checks): the shape
/// before the copy (a broadcast view may claim far more than it holds, and the copy is whole),
/// then the numbers.
fn read_field(
    field: &PyReadonlyArray2<'_, f64>,
    width: f64,
    height: f64,
) -> PyResult<RadiusRaster> {
    let view = field.as_array();
    let (rows, cols) = view.dim();
    let size = RadiusRaster::cells([rows, cols]).map_err(value_error)?;
    let mut values = room(size, "the radius field")?;
    values.extend(view.iter().copied());
    RadiusRaster::new(values, [rows, cols], width, height).map_err(value_error)
}
