//! Between Python and the crate: errors as `ValueError`, seeds and whole numbers read as the
//! crate wants them, points handed over as float64 arrays, rows read from (M, C) arrays.

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2, PyReadonlyArray2};
use poisson_live::{Error, Point};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The crate's error as a `ValueError` with its message.
pub(crate) fn value_error(e: Error) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A seed as Python passes it: a whole number (an int, or a float such as 7.0, as the page
/// takes it) within the crate's 32-bit range, refused with the crate's message otherwise, an
/// int too large for 64 bits included.
pub(crate) struct Seed(pub(crate) i32);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        // Past 2^53 the float is no longer the int, but it is out of range either way.
        let value = match obj.extract::<i64>() {
            Ok(v) => v as f64,
            Err(_) => obj.extract::<f64>()?,
        };
        poisson_live::rng::seed_from_f64(value)
            .map(Seed)
            .map_err(value_error)
    }
}

/// A Python int as a `u32` setting (`k`, misses), refused by name when negative or too large;
/// the crate checks its own range after that.
pub(crate) fn whole(name: &str, value: i64) -> PyResult<u32> {
    u32::try_from(value).map_err(|_| {
        PyValueError::new_err(format!(
            "{name} must be a whole number from 0 to {}, got {value}",
            u32::MAX
        ))
    })
}

/// Points as a float64 array of shape (N, 3): x, y, r.
pub(crate) fn xyr<'py>(py: Python<'py>, points: &[Point]) -> Bound<'py, PyArray2<f64>> {
    let flat: Vec<f64> = points.iter().flat_map(|p| [p.x, p.y, p.r]).collect();
    let array = Array2::from_shape_vec((points.len(), 3), flat).expect("3 numbers per point");
    array.into_pyarray(py)
}

/// Points as a float64 array of shape (N, 2): x, y.
pub(crate) fn xy<'py>(py: Python<'py>, points: &[Point]) -> Bound<'py, PyArray2<f64>> {
    pairs(py, points.iter().map(|p| [p.x, p.y]).collect())
}

/// `[x, y]` pairs as a float64 array of shape (N, 2).
pub(crate) fn pairs<'py>(py: Python<'py>, points: Vec<[f64; 2]>) -> Bound<'py, PyArray2<f64>> {
    let n = points.len();
    let flat: Vec<f64> = points.into_iter().flatten().collect();
    let array = Array2::from_shape_vec((n, 2), flat).expect("2 numbers per point");
    array.into_pyarray(py)
}

/// Rows of an (M, C) float64 array with C ≥ `columns`, checked by `name`.
pub(crate) fn rows_of<const C: usize>(
    name: &str,
    array: &PyReadonlyArray2<'_, f64>,
) -> PyResult<Vec<[f64; C]>> {
    let view = array.as_array();
    if view.ncols() != C {
        return Err(PyValueError::new_err(format!(
            "{name} must be an array of shape (M, {C}), got shape {:?}",
            view.shape()
        )));
    }
    Ok(view
        .rows()
        .into_iter()
        .map(|row| std::array::from_fn(|i| row[i]))
        .collect())
}
