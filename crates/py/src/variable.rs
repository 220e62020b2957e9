//! Bridson with a spacing that varies over the map: from a radius field (an array) or a
//! Python callable.

use crate::convert::{room, value_error, whole, xyr, Int, Num, Seed};
use crate::memory::{self, ask};
use crate::slices::{attached, run_job};
use crate::{DEFAULT_K, DEFAULT_SEED};
use numpy::{PyArray2, PyReadonlyArray2};
use poisson_live::bridson::variable_sampler;
use poisson_live::error::DEFAULT_MAX_CELLS;
use poisson_live::{Job, SamplerParams};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// A radius field: an (rows, cols) array over the map, each cell the radius of the points in it.
pub(crate) struct Field {
    values: Vec<f64>,
    rows: usize,
    cols: usize,
    width: f64,
    height: f64,
}

impl Field {
    fn at(&self, x: f64, y: f64) -> f64 {
        // The cell holding (x, y); a point on the far edge belongs to the last cell.
        let cell = |v: f64, size: f64, n: usize| {
            ((v / size * n as f64).floor().max(0.0) as usize).min(n - 1)
        };
        self.values[cell(y, self.height, self.rows) * self.cols + cell(x, self.width, self.cols)]
    }
}

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
        let mut sampler = variable_sampler(params, max_radius, move |x, y| field.at(x, y))
            .map_err(value_error)?;
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

/// The radius field of `variable_radius`, checked and copied: at least one cell, no more than
/// the crate's cell limit (a broadcast view may claim far more than it holds, and the copy is
/// whole), finite numbers only.
fn read_field(field: &PyReadonlyArray2<'_, f64>, width: f64, height: f64) -> PyResult<Field> {
    let view = field.as_array();
    let (rows, cols) = view.dim();
    if rows == 0 || cols == 0 {
        return Err(PyValueError::new_err(format!(
            "the radius field must have at least one row and one column, got shape ({rows}, {cols})"
        )));
    }
    let size = rows.checked_mul(cols).filter(|&n| n <= DEFAULT_MAX_CELLS);
    let Some(size) = size else {
        return Err(PyValueError::new_err(format!(
            "the radius field has shape ({rows}, {cols}), more than {DEFAULT_MAX_CELLS} cells: \
             give a coarser field (the crate reads one radius per cell)"
        )));
    };
    let mut values = room(size, "the radius field")?;
    for &v in view.iter() {
        if !v.is_finite() {
            return Err(PyValueError::new_err(format!(
                "the radius field must hold finite numbers, got {v}"
            )));
        }
        values.push(v);
    }
    Ok(Field {
        values,
        rows,
        cols,
        width,
        height,
    })
}
