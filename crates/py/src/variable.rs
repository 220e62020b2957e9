//! Bridson with a spacing that varies over the map: from a radius field (an array) or a
//! Python callable.

use crate::convert::{value_error, whole, xyr, Seed};
use crate::{DEFAULT_K, DEFAULT_SEED};
use numpy::{PyArray2, PyReadonlyArray2};
use poisson_live::SamplerParams;
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
#[pyo3(signature = (width, height, min_radius, max_radius, radius, k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, min_radius, max_radius, radius, k=30, seed=123456)")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn variable_radius<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    min_radius: f64,
    max_radius: f64,
    radius: &Bound<'py, PyAny>,
    k: i64,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (k, seed) = (whole("k", k)?, seed.0);
    if let Ok(field) = radius.extract::<PyReadonlyArray2<'py, f64>>() {
        let view = field.as_array();
        let (rows, cols) = view.dim();
        if rows == 0 || cols == 0 {
            return Err(PyValueError::new_err(format!(
                "the radius field must have at least one row and one column, got shape ({rows}, {cols})"
            )));
        }
        if let Some(bad) = view.iter().find(|v| !v.is_finite()) {
            return Err(PyValueError::new_err(format!(
                "the radius field must hold finite numbers, got {bad}"
            )));
        }
        let field = Field {
            values: view.iter().copied().collect(),
            rows,
            cols,
            width,
            height,
        };
        let points = py
            .detach(|| {
                poisson_live::variable_radius(
                    SamplerParams {
                        width,
                        height,
                        radius: min_radius,
                        k,
                        seed,
                    },
                    max_radius,
                    move |x, y| field.at(x, y),
                )
            })
            .map_err(value_error)?;
        return Ok(xyr(py, &points));
    }
    if !radius.is_callable() {
        return Err(PyValueError::new_err(
            "radius must be a callable radius(x, y) -> float or a 2-D float64 array over the map",
        ));
    }
    // The callable runs Python, so the GIL stays held. Its first error is kept and raised once
    // the run is over; from then on the sampler sees the smallest radius and no more calls.
    let call: Py<PyAny> = radius.clone().unbind();
    let failed: Arc<Mutex<Option<PyErr>>> = Arc::default();
    let seen = Arc::clone(&failed);
    let points = poisson_live::variable_radius(
        SamplerParams {
            width,
            height,
            radius: min_radius,
            k,
            seed,
        },
        max_radius,
        move |x, y| {
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
        },
    )
    .map_err(value_error)?;
    if let Some(e) = failed.lock().unwrap_or_else(|e| e.into_inner()).take() {
        return Err(e);
    }
    Ok(xyr(py, &points))
}
