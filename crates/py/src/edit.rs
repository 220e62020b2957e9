//! The level editor's point set: strokes that erase, paint or refill a patch.

use crate::convert::{rows_of, value_error, whole, xyr, Int, Num, Seed};
use crate::memory::{self, ask};
use crate::slices::run_job;
use crate::{DEFAULT_K, DEFAULT_SEED};
use numpy::ndarray::Array1;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2};
use poisson_live::edit::{EditableSetFill, Stroke, Tool};
use poisson_live::point::{Item, Point};
use poisson_live::SamplerParams;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::types::PyType;

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

    /// A set rebuilt from saved `points` ((N, 3) x, y, r or (N, 2) x, y at `radius`) and their
    /// `ids` (N whole numbers, unique, 0 to 2^32 − 1): the crate's `EditableSet::with_items`,
    /// which refuses a point off the map or two closer than their spacing. New ids start above
    /// the largest given; the undo history starts empty.
    #[classmethod]
    #[pyo3(signature = (width, height, radius, points, ids, *, k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, points, ids, *, k=30, seed=123456)")]
    #[allow(clippy::too_many_arguments)]
    fn from_saved(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        width: Num,
        height: Num,
        radius: Num,
        points: &Bound<'_, PyAny>,
        ids: &Bound<'_, PyAny>,
        k: Int,
        seed: Seed,
    ) -> PyResult<Self> {
        let params = SamplerParams {
            width: width.0,
            height: height.0,
            radius: radius.0,
            k: whole("k", k)?,
            seed: seed.0,
        };
        let rows = saved_points(points, params.radius)?;
        let ids: Vec<Int> = ids.extract().map_err(|_| {
            PyTypeError::new_err("ids must be a sequence or 1-D array of whole numbers")
        })?;
        if ids.len() != rows.len() {
            return Err(PyValueError::new_err(format!(
                "{} points need {0} ids, got {}",
                rows.len(),
                ids.len()
            )));
        }
        let mut items = crate::convert::room(rows.len(), "the saved points")?;
        for (point, id) in rows.into_iter().zip(ids) {
            items.push(Item {
                id: id.within("ids", 0, u32::MAX)?,
                class: 0,
                point,
            });
        }
        ask(
            memory::bridson(
                params.width,
                params.height,
                params.radius,
                memory::EDIT_POINT,
            ),
            "EditableSet",
        )?;
        let inner = py
            .detach(|| poisson_live::EditableSet::with_items(params, items))
            .map_err(value_error)?;
        Ok(Self { inner })
    }

    /// Pickles as `from_saved`'s arguments: the map, k, seed, points and ids (not the undo
    /// history, nor the counters that number new ids and seed the next edits).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let this = slf.borrow();
        let set = &this.inner;
        let restore = slf.get_type().getattr("_restore")?;
        let args = (
            set.width(),
            set.height(),
            set.radius(),
            set.k(),
            set.seed(),
            xyr(py, set.points())?,
            Array1::from(set.ids().to_vec()).into_pyarray(py),
        )
            .into_pyobject(py)?;
        Ok((restore, args))
    }

    /// `from_saved` with every argument by position, for pickle.
    #[classmethod]
    #[allow(clippy::too_many_arguments)]
    fn _restore(
        cls: &Bound<'_, PyType>,
        py: Python<'_>,
        width: Num,
        height: Num,
        radius: Num,
        k: Int,
        seed: Seed,
        points: &Bound<'_, PyAny>,
        ids: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        Self::from_saved(cls, py, width, height, radius, points, ids, k, seed)
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

/// Saved points: an (N, 3) float64 array of x, y, r, or (N, 2) of x, y at `radius`.
fn saved_points(points: &Bound<'_, PyAny>, radius: f64) -> PyResult<Vec<Point>> {
    let array = crate::convert::float64("points", points)?;
    let array = array.readonly();
    if array.as_array().ncols() == 2 {
        let rows = rows_of::<2>("points", &array)?;
        return Ok(rows
            .into_iter()
            .map(|[x, y]| Point { x, y, r: radius })
            .collect());
    }
    let rows = rows_of::<3>("points", &array)?;
    Ok(rows
        .into_iter()
        .map(|[x, y, r]| Point { x, y, r })
        .collect())
}
