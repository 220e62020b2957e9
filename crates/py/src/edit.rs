//! The level editor's point set: strokes that erase, paint or refill a patch.

use crate::convert::{rows_of, value_error, whole, xyr, Int, Num, Seed};
use crate::memory::{self, ask};
use crate::slices::run_job;
use crate::{DEFAULT_K, DEFAULT_SEED};
use numpy::ndarray::Array1;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray2};
use poisson_live::edit::{EditableSetFill, Stroke, Tool};
use poisson_live::SamplerParams;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A tool name as the crate's tool.
pub(crate) fn tool(name: &str) -> PyResult<Tool> {
    name.parse::<Tool>().map_err(value_error)
}

/// A stroke from an (M, 2) path array or one (x, y) pair.
pub(crate) fn stroke(path: &Bound<'_, PyAny>, radius: Num) -> PyResult<Stroke> {
    let points: Vec<[f64; 2]> = if let Ok(array) = path.extract::<PyReadonlyArray2<'_, f64>>() {
        rows_of::<2>("path", &array)?
    } else if let Ok((x, y)) = path.extract::<(f64, f64)>() {
        vec![[x, y]]
    } else {
        path.extract::<Vec<(f64, f64)>>()
            .map_err(|_| {
                PyValueError::new_err(
                    "path must be (x, y), a list of (x, y) or an (M, 2) float64 array",
                )
            })?
            .into_iter()
            .map(|(x, y)| [x, y])
            .collect()
    };
    Stroke::new(&points, radius.0).map_err(value_error)
}

/// A level editor's point set: erase, paint or refill a patch; every other point keeps its
/// place and its id.
#[pyclass(module = "poisson_live")]
pub(crate) struct EditableSet {
    inner: poisson_live::EditableSet,
}

#[pymethods]
impl EditableSet {
    /// A `width × height` map filled by Bridson (exactly `poisson_disk`'s points, ids 0, 1, …),
    /// or empty with `fill=False`.
    #[new]
    #[pyo3(signature = (width, height, radius, *, k = DEFAULT_K, seed = Seed(DEFAULT_SEED), fill = true), text_signature = "(width, height, radius, *, k=30, seed=123456, fill=True)")]
    fn new(
        py: Python<'_>,
        width: Num,
        height: Num,
        radius: Num,
        k: Int,
        seed: Seed,
        fill: bool,
    ) -> PyResult<Self> {
        let (width, height, radius) = (width.0, height.0, radius.0);
        let params = SamplerParams {
            width,
            height,
            radius,
            k: whole("k", k)?,
            seed: seed.0,
        };
        // Room for a full map even when empty: strokes fill it later.
        ask(
            memory::bridson(width, height, radius, memory::EDIT_POINT),
            "EditableSet",
        )?;
        let inner = if fill {
            run_job(py, EditableSetFill::plain(params).map_err(value_error)?)?
        } else {
            poisson_live::EditableSet::new(params).map_err(value_error)?
        };
        Ok(Self { inner })
    }

    /// Applies `tool` ("paint", "erase" or "refill") along `path` with a brush of `radius`;
    /// returns `(added, removed)`.
    fn apply(
        &mut self,
        py: Python<'_>,
        tool: &str,
        path: &Bound<'_, PyAny>,
        radius: Num,
    ) -> PyResult<(usize, usize)> {
        let (tool, stroke) = (self::tool(tool)?, self::stroke(path, radius)?);
        // `EditableSet::apply` a slice at a time: the edit's job, then its commit.
        let patch = run_job(py, self.inner.edit(tool, &stroke).map_err(value_error)?)?;
        let inner = &mut self.inner;
        let change = py.detach(|| inner.commit(patch)).map_err(value_error)?;
        Ok((change.added, change.removed))
    }

    /// Removes the points under the stroke; `(added, removed)`.
    fn erase(
        &mut self,
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        radius: Num,
    ) -> PyResult<(usize, usize)> {
        self.apply(py, "erase", path, radius)
    }

    /// Removes the points under the stroke and fills the patch again; `(added, removed)`.
    fn refill(
        &mut self,
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        radius: Num,
    ) -> PyResult<(usize, usize)> {
        self.apply(py, "refill", path, radius)
    }

    /// Adds points under the stroke where there is room; `(added, removed)`.
    fn paint(
        &mut self,
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        radius: Num,
    ) -> PyResult<(usize, usize)> {
        self.apply(py, "paint", path, radius)
    }

    /// Undoes the last edit; False when there is none.
    fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// The points, (N, 3).
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        xyr(py, self.inner.points())
    }

    /// Their ids, (N,) uint32, stable for each point's life.
    #[getter]
    fn ids<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        Array1::from(self.inner.ids().to_vec()).into_pyarray(py)
    }

    /// Pairs of indices closer than their spacing (empty unless something is wrong).
    fn too_close(&self) -> Vec<(usize, usize)> {
        self.inner.too_close()
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }
}
