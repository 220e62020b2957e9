//! Relaxation and the quality figures: `poisson relax` and `poisson measure` on numpy points.

use crate::convert::{float64, rows_of, value_error, Int, Num};
use crate::memory::{self, ask};
use crate::slices::run_job_apart;
use numpy::{PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use poisson_live::relax::{Method, Relaxation};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The x, y of `points`: an (N, 2) array, or (N, 3) whose third column (a radius) is left
/// out; float32 and integer arrays converted.
fn xy_of(points: &Bound<'_, PyAny>) -> PyResult<Vec<[f64; 2]>> {
    let array = float64("points", points)?;
    let array = array.readonly();
    if array.shape()[1] == 3 {
        return Ok(rows_of::<3>("points", &array)?
            .into_iter()
            .map(|[x, y, _]| [x, y])
            .collect());
    }
    rows_of::<2>("points", &array)
}

/// Moves `points` by `iterations` of `method` ("lloyd" or "fpo") on the `width × height` map
/// (a torus with `wrap`), in the same order: (N, 2), `poisson relax`'s points.
#[pyfunction]
#[pyo3(signature = (points, width, height, *, method, iterations, wrap = false), text_signature = "(points, width, height, *, method, iterations, wrap=False)")]
pub(crate) fn relax<'py>(
    py: Python<'py>,
    points: &Bound<'py, PyAny>,
    width: Num,
    height: Num,
    method: &str,
    iterations: Int,
    wrap: bool,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let method = Method::from_name(method).ok_or_else(|| {
        PyValueError::new_err(format!(
            "method must be \"lloyd\" or \"fpo\", got {method:?}"
        ))
    })?;
    let iterations = iterations.count::<usize>("iterations")?;
    let points = xy_of(points)?;
    // Asked before the job copies the points; more points than the crate's is its to refuse.
    if points.len() <= poisson_live::relax::MAX_POINTS {
        ask(points.len() as f64 * memory::RELAX_POINT, "relax")?;
    }
    let job = Relaxation::new(&points, width.0, height.0, method, iterations, wrap)
        .map_err(value_error)?;
    drop(points);
    // Lloyd's method triangulates all the points in one slice: a thread of its own keeps
    // Ctrl-C prompt.
    Ok(crate::convert::pairs(py, run_job_apart(py, job)?))
}

/// The quality figures of `points` on the `width × height` map (a torus with `wrap`), as
/// `poisson measure` prints them: a dict of `points`, `min_distance`, `mean_distance`,
/// `delta_x`, `mean_delta_x`, `per_r2` and `hexagonal_distance`.
#[pyfunction]
#[pyo3(signature = (points, width, height, *, wrap = false), text_signature = "(points, width, height, *, wrap=False)")]
pub(crate) fn measure<'py>(
    py: Python<'py>,
    points: &Bound<'py, PyAny>,
    width: Num,
    height: Num,
    wrap: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let points = xy_of(points)?;
    let (width, height) = (width.0, height.0);
    ask(points.len() as f64 * memory::MEASURE_POINT, "measure")?;
    let q = py
        .detach(|| poisson_live::quality::quality(&points, width, height, wrap))
        .map_err(value_error)?;
    let out = PyDict::new(py);
    out.set_item("points", q.points)?;
    out.set_item("min_distance", q.min_distance)?;
    out.set_item("mean_distance", q.mean_distance)?;
    out.set_item("delta_x", q.delta_x)?;
    out.set_item("mean_delta_x", q.mean_delta_x)?;
    out.set_item("per_r2", q.per_r2)?;
    let hex = poisson_live::quality::hexagonal_distance(q.points, width * height);
    out.set_item("hexagonal_distance", hex)?;
    Ok(out)
}
