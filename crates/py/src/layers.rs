//! Several kinds of point on one map: layers placed in order on a shared grid, and classes
//! placed in one pass.

use crate::convert::{rows_of, value_error, whole, xyr, Seed};
use crate::{DEFAULT_K, DEFAULT_SEED};
use numpy::ndarray::Array1;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray2};
use poisson_live::classes::{Between, Class, ClassParams};
use poisson_live::layers::{place_layers, Layer as CoreLayer, Mask};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// One layer for [`layers`]: its spacing, tries, seed, and where it may place points.
#[pyclass(module = "poisson_live", frozen)]
pub(crate) struct Layer {
    radius: f64,
    k: u32,
    seed: i32,
    mask: Mask,
}

#[pymethods]
impl Layer {
    #[new]
    #[pyo3(signature = (radius, k = DEFAULT_K, seed = Seed(DEFAULT_SEED), *, inside = None, outside = None), text_signature = "(radius, k=30, seed=123456, *, inside=None, outside=None)")]
    fn new(
        radius: f64,
        k: i64,
        seed: Seed,
        inside: Option<PyReadonlyArray2<'_, f64>>,
        outside: Option<PyReadonlyArray2<'_, f64>>,
    ) -> PyResult<Self> {
        let mask = match (inside, outside) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err(
                    "a layer takes inside or outside discs, not both",
                ))
            }
            (Some(d), None) => Mask::InsideDiscs(rows_of::<3>("inside", &d)?),
            (None, Some(d)) => Mask::OutsideDiscs(rows_of::<3>("outside", &d)?),
            (None, None) => Mask::Everywhere,
        };
        Ok(Self {
            radius,
            k: whole("k", k)?,
            seed: seed.0,
            mask,
        })
    }

    #[getter]
    fn radius(&self) -> f64 {
        self.radius
    }

    #[getter]
    fn k(&self) -> u32 {
        self.k
    }

    #[getter]
    fn seed(&self) -> i32 {
        self.seed
    }

    fn __repr__(&self) -> String {
        let mask = match &self.mask {
            Mask::Everywhere => String::new(),
            Mask::InsideDiscs(d) => format!(", inside=<{} discs>", d.len()),
            Mask::OutsideDiscs(d) => format!(", outside=<{} discs>", d.len()),
        };
        format!(
            "Layer(radius={}, k={}, seed={}{mask})",
            self.radius, self.k, self.seed
        )
    }
}

/// Layers on one shared grid, placed in order: a list of (N, 3) arrays, one per layer.
#[pyfunction]
pub(crate) fn layers<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    layers: Vec<PyRef<'py, Layer>>,
) -> PyResult<Vec<Bound<'py, PyArray2<f64>>>> {
    let core: Vec<CoreLayer> = layers
        .into_iter()
        .map(|l| CoreLayer::new(l.radius, l.k, l.seed).with_mask(l.mask.clone()))
        .collect();
    let placed = py
        .detach(|| place_layers(width, height, core))
        .map_err(value_error)?;
    Ok(placed.iter().map(|p| xyr(py, p)).collect())
}

/// Several classes in one pass: `(points (N, 3), classes (N,) uint16)`.
#[pyfunction]
#[pyo3(signature = (width, height, classes, between = Vec::new(), k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, classes, between=(), k=30, seed=123456)")]
#[allow(clippy::type_complexity)]
pub(crate) fn classes<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    classes: Vec<Bound<'py, PyAny>>,
    between: Vec<(String, String, f64)>,
    k: i64,
    seed: Seed,
) -> PyResult<(Bound<'py, PyArray2<f64>>, Bound<'py, PyArray1<u16>>)> {
    let mut params = ClassParams::new(width, height);
    params.k = whole("k", k)?;
    params.seed = seed.0;
    for c in &classes {
        let class = if let Ok((name, spacing)) = c.extract::<(String, f64)>() {
            Class::new(name, spacing)
        } else if let Ok((name, spacing, weight)) = c.extract::<(String, f64, f64)>() {
            Class::new(name, spacing).weight(weight)
        } else {
            return Err(PyValueError::new_err(format!(
                "a class is (name, spacing) or (name, spacing, weight), got {c}"
            )));
        };
        params.classes.push(class);
    }
    params.between = between
        .into_iter()
        .map(|(a, b, spacing)| Between::new(a, b, spacing))
        .collect();
    let placed = py
        .detach(|| poisson_live::poisson_classes(&params))
        .map_err(value_error)?;
    Ok((
        xyr(py, &placed.points),
        Array1::from(placed.classes).into_pyarray(py),
    ))
}
