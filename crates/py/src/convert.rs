//! Between Python and the crate: errors as `ValueError`, seeds and whole numbers read as the
//! crate wants them, points handed over as float64 arrays, rows read from (M, C) arrays.

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2, PyReadonlyArray2};
use poisson_live::{Error, Point};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

/// The crate's error as a `ValueError` with its message.
pub(crate) fn value_error(e: Error) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Refuses a bool (Python's or numpy's) where a number goes: `True` is an int to Python, but
/// as a width or a seed it is a mistake.
fn refuse_bool(obj: &Borrowed<'_, '_, PyAny>) -> PyResult<()> {
    let kind = obj.get_type();
    let numpy_bool = kind.name().is_ok_and(|n| n == "bool" || n == "bool_")
        && kind.module().is_ok_and(|m| m == "numpy");
    if obj.is_instance_of::<PyBool>() || numpy_bool {
        return Err(PyTypeError::new_err(format!(
            "expected a number, got the bool {}",
            obj.as_any()
        )));
    }
    Ok(())
}

/// A number as Python passes it (a float, an int or a numpy scalar; never a bool). An int too
/// large for a float reads as an infinity of its sign, which the crate refuses in its own words
/// ("must be finite") instead of Python's `OverflowError`.
pub(crate) struct Num(pub(crate) f64);

impl<'a, 'py> FromPyObject<'a, 'py> for Num {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        refuse_bool(&obj)?;
        match obj.extract::<f64>() {
            Ok(v) => Ok(Num(v)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                let negative = obj.lt(0)?;
                Ok(Num(if negative {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                }))
            }
            Err(e) => Err(e),
        }
    }
}

/// A whole number as Python passes it (an int or a numpy integer; never a bool), of any size:
/// one past `i128` is kept as its sign and length in bits, for the message that refuses it.
#[derive(Clone, Copy)]
pub(crate) enum Int {
    /// A value within `i128`.
    Fits(i128),
    /// A value beyond `i128`: negative or not, and its bit length.
    Huge(bool, u64),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        refuse_bool(&obj)?;
        match obj.extract::<i128>() {
            Ok(v) => Ok(Int::Fits(v)),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                let bits = obj.call_method0("bit_length")?.extract::<u64>()?;
                Ok(Int::Huge(obj.lt(0)?, bits))
            }
            Err(e) => Err(e),
        }
    }
}

impl Int {
    /// The value as a `T`, or a `ValueError` naming `name` and the range `low..=high`.
    pub(crate) fn within<T>(self, name: &str, low: T, high: T) -> PyResult<T>
    where
        T: TryFrom<i128> + std::fmt::Display + PartialOrd + Copy,
    {
        let fits = match self {
            Int::Fits(v) => T::try_from(v).ok().filter(|v| *v >= low && *v <= high),
            Int::Huge(..) => None,
        };
        fits.ok_or_else(|| {
            PyValueError::new_err(format!(
                "{name} must be a whole number from {low} to {high}, got {self}"
            ))
        })
    }
}

impl Int {
    /// The value as a count from 0 up, or a `ValueError` naming `name`.
    pub(crate) fn count<T: TryFrom<i128>>(self, name: &str) -> PyResult<T> {
        let fits = match self {
            Int::Fits(v) if v >= 0 => T::try_from(v).ok(),
            _ => None,
        };
        fits.ok_or_else(|| {
            PyValueError::new_err(format!("{name} must be a whole number ≥ 0, got {self}"))
        })
    }
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Int::Fits(v) => write!(f, "{v}"),
            Int::Huge(negative, bits) => {
                let sign = if negative { "-" } else { "" };
                write!(f, "{sign}2^{} or more", bits - 1)
            }
        }
    }
}

/// A seed as Python passes it: a whole number (an int, or a float such as 7.0, as the page
/// takes it; never a bool) within the crate's 32-bit range, refused with the crate's message
/// otherwise, an int of any size included.
pub(crate) struct Seed(pub(crate) i32);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        // Past 2^53 the float is no longer the int, but it is out of range either way.
        let value = match obj.extract::<Int>() {
            Ok(Int::Fits(v)) => v as f64,
            Ok(Int::Huge(true, _)) => f64::NEG_INFINITY,
            Ok(Int::Huge(false, _)) => f64::INFINITY,
            Err(_) => obj.extract::<Num>()?.0,
        };
        poisson_live::rng::seed_from_f64(value)
            .map(Seed)
            .map_err(value_error)
    }
}

/// A whole-number setting (`k`, misses) as a `u32`, refused by name when negative or too
/// large; the crate checks its own range after that.
pub(crate) fn whole(name: &str, value: Int) -> PyResult<u32> {
    value.within(name, 0, u32::MAX)
}

/// An empty vector with room for `n` items, or a `MemoryError` naming `what`: the binding's
/// own copies ask before they allocate, so running out of memory is an exception, not an abort.
pub(crate) fn room<T>(n: usize, what: &str) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| crate::memory::out_of_memory(n as f64 * size_of::<T>() as f64, what))?;
    Ok(v)
}

/// Points as a float64 array of shape (N, 3): x, y, r.
pub(crate) fn xyr<'py>(py: Python<'py>, points: &[Point]) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let mut flat = room(points.len().saturating_mul(3), "the points' array")?;
    flat.extend(points.iter().flat_map(|p| [p.x, p.y, p.r]));
    let array = Array2::from_shape_vec((points.len(), 3), flat).expect("3 numbers per point");
    Ok(array.into_pyarray(py))
}

/// Points as a float64 array of shape (N, 2): x, y.
pub(crate) fn xy<'py>(py: Python<'py>, points: &[Point]) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let mut flat = room(points.len(), "the points' array")?;
    flat.extend(points.iter().map(|p| [p.x, p.y]));
    Ok(pairs(py, flat))
}

/// `[x, y]` pairs as a float64 array of shape (N, 2), handed over without a copy.
pub(crate) fn pairs<'py>(py: Python<'py>, points: Vec<[f64; 2]>) -> Bound<'py, PyArray2<f64>> {
    Array2::from(points).into_pyarray(py)
}

/// Rows of an (M, C) float64 array, checked by `name`: its shape, its length (at most the
/// crate's cell limit) and room for the copy.
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
    // A broadcast view may claim far more rows than it holds, and the copy is whole.
    let limit = poisson_live::error::DEFAULT_MAX_CELLS;
    if view.nrows() > limit {
        return Err(PyValueError::new_err(format!(
            "{name} has {} rows, more than the crate's limit of {limit}",
            view.nrows()
        )));
    }
    let mut rows = room(view.nrows(), name)?;
    rows.extend(
        view.rows()
            .into_iter()
            .map(|row| std::array::from_fn(|i| row[i])),
    );
    Ok(rows)
}

/// A 2-D array as float64, by `name`: a float64 array as it is, a float32 or integer array
/// converted (a copy), anything else (bools included) a `TypeError` that names it.
pub(crate) fn float64<'py>(
    name: &str,
    obj: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    if let Ok(array) = obj.cast::<PyArray2<f64>>() {
        return Ok(array.clone());
    }
    let kind: Option<String> = obj
        .getattr("dtype")
        .and_then(|d| d.getattr("kind"))
        .and_then(|k| k.extract())
        .ok();
    let ndim: Option<usize> = obj.getattr("ndim").and_then(|n| n.extract()).ok();
    match (kind.as_deref(), ndim) {
        (Some("f" | "i" | "u"), Some(2)) => Ok(obj
            .call_method1("astype", ("float64",))?
            .cast_into::<PyArray2<f64>>()?),
        _ => Err(PyTypeError::new_err(format!(
            "{name} must be a 2-D numpy array of numbers (float64, float32 or integers), got {}",
            describe(obj)
        ))),
    }
}

/// A short description of a value for a type error: its type, and a numpy array's dtype and
/// shape.
fn describe(obj: &Bound<'_, PyAny>) -> String {
    let kind = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    match (obj.getattr("dtype"), obj.getattr("shape")) {
        (Ok(dtype), Ok(shape)) => format!("a {kind} of {dtype} and shape {shape}"),
        _ => format!("a {kind}"),
    }
}
