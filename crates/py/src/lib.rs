//! `poisson_live._native`: the crate's samplers for Python, numpy arrays in and out.
//!
//! Every function checks its input through the crate and turns the crate's [`Error`] into a
//! `ValueError` with the crate's message. Long work runs with the GIL released
//! ([`Python::detach`]), except where it calls back into Python (a radius given as a callable).
//! The Python package (`python/poisson_live/`) re-exports these names and adds `dask.endless`;
//! the stubs (`_native.pyi`) document each one.

#![forbid(unsafe_code)]

use numpy::ndarray::{Array1, Array2};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyReadonlyArray2, PyReadonlyArray3, PyUntypedArrayMethods,
};
use poisson_live::bridson::{Outcome, Step};
use poisson_live::classes::{Between, Class, ClassParams};
use poisson_live::edit::{Stroke, Tool};
use poisson_live::layers::{place_layers, Layer as CoreLayer, Mask};
use poisson_live::stream::ChunkRows;
use poisson_live::{DartParams, SamplerParams};
use poisson_live::{Error, Point};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// The seed the crate, the page and the CLI start from.
const DEFAULT_SEED: i32 = 123_456;
/// Bridson's usual tries per step.
const DEFAULT_K: i64 = 30;
/// `poisson darts`'s default misses in a row before the thrower stops.
const DEFAULT_MISSES: i64 = 500;

/// The crate's error as a `ValueError` with its message.
fn value_error(e: Error) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A seed as Python passes it: a whole number (an int, or a float such as 7.0, as the page
/// takes it) within the crate's 32-bit range, refused with the crate's message otherwise, an
/// int too large for 64 bits included.
struct Seed(i32);

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
fn whole(name: &str, value: i64) -> PyResult<u32> {
    u32::try_from(value).map_err(|_| {
        PyValueError::new_err(format!(
            "{name} must be a whole number from 0 to {}, got {value}",
            u32::MAX
        ))
    })
}

/// Points as a float64 array of shape (N, 3): x, y, r.
fn xyr<'py>(py: Python<'py>, points: &[Point]) -> Bound<'py, PyArray2<f64>> {
    let flat: Vec<f64> = points.iter().flat_map(|p| [p.x, p.y, p.r]).collect();
    let array = Array2::from_shape_vec((points.len(), 3), flat).expect("3 numbers per point");
    array.into_pyarray(py)
}

/// Points as a float64 array of shape (N, 2): x, y.
fn xy<'py>(py: Python<'py>, points: &[Point]) -> Bound<'py, PyArray2<f64>> {
    pairs(py, points.iter().map(|p| [p.x, p.y]).collect())
}

/// `[x, y]` pairs as a float64 array of shape (N, 2).
fn pairs<'py>(py: Python<'py>, points: Vec<[f64; 2]>) -> Bound<'py, PyArray2<f64>> {
    let n = points.len();
    let flat: Vec<f64> = points.into_iter().flatten().collect();
    let array = Array2::from_shape_vec((n, 2), flat).expect("2 numbers per point");
    array.into_pyarray(py)
}

/// Rows of an (M, C) float64 array with C ≥ `columns`, checked by `name`.
fn rows_of<const C: usize>(
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

/// Bridson's algorithm in one call: points at least `radius` apart filling `width × height`.
#[pyfunction]
#[pyo3(signature = (width, height, radius, k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, k=30, seed=123456)")]
fn poisson_disk<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    radius: f64,
    k: i64,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (k, seed) = (whole("k", k)?, seed.0);
    let points = py
        .detach(|| poisson_live::poisson_disk(width, height, radius, k, seed))
        .map_err(value_error)?;
    Ok(xyr(py, &points))
}

/// The fast sampler: the densest, quickest fill, (N, 2).
#[pyfunction]
#[pyo3(signature = (width, height, radius, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, seed=123456)")]
fn fast<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    radius: f64,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let seed = seed.0;
    let points = py
        .detach(|| poisson_live::fast_poisson(width, height, radius, seed))
        .map_err(value_error)?;
    Ok(pairs(py, points))
}

/// `count` uniform random points, (N, 2).
#[pyfunction]
#[pyo3(signature = (width, height, count, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, count, seed=123456)")]
fn random_points<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    count: i64,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let seed = seed.0;
    let count = usize::try_from(count)
        .map_err(|_| PyValueError::new_err(format!("count must be ≥ 0, got {count}")))?;
    let points = py
        .detach(|| poisson_live::random_points(count, width, height, seed))
        .map_err(value_error)?;
    Ok(xy(py, &points))
}

/// One random point in each cell of a grid of side `spacing`, (N, 2).
#[pyfunction]
#[pyo3(signature = (width, height, spacing, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, spacing, seed=123456)")]
fn jittered_grid<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    spacing: f64,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let seed = seed.0;
    let points = py
        .detach(|| poisson_live::jittered_grid(spacing, width, height, seed))
        .map_err(value_error)?;
    Ok(xy(py, &points))
}

/// Dart throwing: random darts, each kept when at least `radius` from every kept one, until
/// `max_misses` in a row miss; (N, 2).
#[pyfunction]
#[pyo3(signature = (width, height, radius, max_misses = DEFAULT_MISSES, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, max_misses=500, seed=123456)")]
fn dart_throwing<'py>(
    py: Python<'py>,
    width: f64,
    height: f64,
    radius: f64,
    max_misses: i64,
    seed: Seed,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let (misses, seed) = (whole("max_misses", max_misses)?, seed.0);
    let points = py
        .detach(|| {
            poisson_live::dart_throwing(DartParams {
                width,
                height,
                radius,
                max_misses: misses,
                seed,
            })
        })
        .map_err(value_error)?;
    Ok(xy(py, &points))
}

/// A radius field: an (rows, cols) array over the map, each cell the radius of the points in it.
struct Field {
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
fn variable_radius<'py>(
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

/// One layer for [`layers`]: its spacing, tries, seed, and where it may place points.
#[pyclass(module = "poisson_live", frozen)]
struct Layer {
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
fn layers<'py>(
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
fn classes<'py>(
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

/// Blends discs into an RGB image, as the page paints: a new (H, W, 3) uint8 array.
#[pyfunction]
fn stamp_circles<'py>(
    py: Python<'py>,
    image: PyReadonlyArray3<'py, u8>,
    circles: PyReadonlyArray2<'py, f64>,
    colors: PyReadonlyArray2<'py, u8>,
    opacities: Vec<f64>,
) -> PyResult<Bound<'py, numpy::PyArray3<u8>>> {
    let shape = image.shape().to_vec();
    if shape[2] != 3 {
        return Err(PyValueError::new_err(format!(
            "image must be an (H, W, 3) uint8 array, got shape {shape:?}"
        )));
    }
    let discs = rows_of::<3>("circles", &circles)?;
    let view = colors.as_array();
    if view.dim() != (discs.len(), 3) || opacities.len() != discs.len() {
        return Err(PyValueError::new_err(format!(
            "{} circles need colors of shape ({0}, 3) and {0} opacities, got {:?} and {}",
            discs.len(),
            view.shape(),
            opacities.len()
        )));
    }
    let colors: Vec<[u8; 3]> = view
        .rows()
        .into_iter()
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    let (h, w) = (shape[0], shape[1]);
    let mut rgb: Vec<u8> = image.as_array().iter().copied().collect();
    py.detach(|| {
        for ((&[x, y, r], &color), &opacity) in discs.iter().zip(&colors).zip(&opacities) {
            poisson_live::paint::stamp_circle(&mut rgb, w, h, Point { x, y, r }, color, opacity);
        }
    });
    let array = numpy::ndarray::Array3::from_shape_vec((h, w, 3), rgb).expect("H × W × 3 bytes");
    Ok(array.into_pyarray(py))
}

/// What one step did, as `(kind, index)`.
fn step_tuple(step: Step) -> (&'static str, Option<usize>) {
    match step {
        Step::Placed(i) => ("placed", Some(i)),
        Step::Retired(i) => ("retired", Some(i)),
        Step::Finished => ("finished", None),
    }
}

fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Accepted => "accepted",
        Outcome::OffMap => "off_map",
        Outcome::WrongGround => "wrong_ground",
        Outcome::TooClose(_) => "too_close",
    }
}

/// Bridson's algorithm one step at a time, its state open between steps.
#[pyclass(module = "poisson_live")]
struct Sampler {
    inner: poisson_live::Sampler,
}

#[pymethods]
impl Sampler {
    #[new]
    #[pyo3(signature = (width, height, radius, k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, radius, k=30, seed=123456)")]
    fn new(width: f64, height: f64, radius: f64, k: i64, seed: Seed) -> PyResult<Self> {
        let inner = poisson_live::Sampler::new(width, height, radius, whole("k", k)?, seed.0)
            .map_err(value_error)?;
        Ok(Self { inner })
    }

    /// Places the first point at random; returns what happened to it.
    fn start_random(&mut self) -> &'static str {
        outcome_name(self.inner.start_random())
    }

    /// Places a first point at (x, y); returns what happened to it.
    fn start_at(&mut self, x: f64, y: f64) -> &'static str {
        outcome_name(self.inner.start_at(x, y))
    }

    /// Tries to add a point at (x, y) by hand; returns what happened to it.
    fn try_add(&mut self, x: f64, y: f64) -> &'static str {
        outcome_name(self.inner.try_add(x, y))
    }

    /// One step: `("placed", i)`, `("retired", i)` or `("finished", None)`.
    fn step(&mut self) -> (&'static str, Option<usize>) {
        step_tuple(self.inner.step())
    }

    /// Up to `max_steps` steps with the GIL released; True once finished.
    fn run(&mut self, py: Python<'_>, max_steps: u64) -> bool {
        let inner = &mut self.inner;
        py.detach(|| inner.run(max_steps))
    }

    /// Steps to the end with the GIL released.
    fn finish(&mut self, py: Python<'_>) {
        let inner = &mut self.inner;
        py.detach(|| inner.finish());
    }

    #[getter]
    fn is_finished(&self) -> bool {
        self.inner.is_finished()
    }

    /// The points so far, (N, 3).
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        xyr(py, self.inner.points())
    }

    /// The active list: indices into `points`, (M,) int64.
    #[getter]
    fn active<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let active: Vec<i64> = self.inner.active().iter().map(|&i| i as i64).collect();
        Array1::from(active).into_pyarray(py)
    }

    /// The point the last step worked from, or None.
    #[getter]
    fn current(&self) -> Option<usize> {
        self.inner.current()
    }

    /// The candidates the last step tried, (C, 3): x, y, 1.0 if accepted else 0.0.
    #[getter]
    fn tried<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
        let tried = self.inner.tried();
        let flat: Vec<f64> = tried
            .iter()
            .flat_map(|c| [c.x, c.y, if c.outcome.accepted() { 1.0 } else { 0.0 }])
            .collect();
        Array2::from_shape_vec((tried.len(), 3), flat)
            .expect("3 numbers per candidate")
            .into_pyarray(py)
    }

    /// Productive steps so far (placed or retired).
    #[getter]
    fn steps(&self) -> u64 {
        self.inner.steps()
    }

    #[getter]
    fn radius(&self) -> f64 {
        self.inner.radius()
    }

    #[getter]
    fn k(&self) -> u32 {
        self.inner.k()
    }
}

/// A tool name as the crate's tool.
fn tool(name: &str) -> PyResult<Tool> {
    name.parse::<Tool>().map_err(value_error)
}

/// A stroke from an (M, 2) path array or one (x, y) pair.
fn stroke(path: &Bound<'_, PyAny>, radius: f64) -> PyResult<Stroke> {
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
    Stroke::new(&points, radius).map_err(value_error)
}

/// A level editor's point set: erase, paint or refill a patch; every other point keeps its
/// place and its id.
#[pyclass(module = "poisson_live")]
struct EditableSet {
    inner: poisson_live::EditableSet,
}

#[pymethods]
impl EditableSet {
    /// A `width × height` map filled by Bridson (exactly `poisson_disk`'s points, ids 0, 1, …),
    /// or empty with `fill=False`.
    #[new]
    #[pyo3(signature = (width, height, radius, k = DEFAULT_K, seed = Seed(DEFAULT_SEED), *, fill = true), text_signature = "(width, height, radius, k=30, seed=123456, *, fill=True)")]
    fn new(
        py: Python<'_>,
        width: f64,
        height: f64,
        radius: f64,
        k: i64,
        seed: Seed,
        fill: bool,
    ) -> PyResult<Self> {
        let (k, seed) = (whole("k", k)?, seed.0);
        let inner = py
            .detach(|| {
                if fill {
                    poisson_live::EditableSet::fill(SamplerParams {
                        width,
                        height,
                        radius,
                        k,
                        seed,
                    })
                } else {
                    poisson_live::EditableSet::new(SamplerParams {
                        width,
                        height,
                        radius,
                        k,
                        seed,
                    })
                }
            })
            .map_err(value_error)?;
        Ok(Self { inner })
    }

    /// Applies `tool` ("paint", "erase" or "refill") along `path` with a brush of `radius`;
    /// returns `(added, removed)`.
    fn apply(
        &mut self,
        py: Python<'_>,
        tool: &str,
        path: &Bound<'_, PyAny>,
        radius: f64,
    ) -> PyResult<(usize, usize)> {
        let (tool, stroke) = (self::tool(tool)?, self::stroke(path, radius)?);
        let inner = &mut self.inner;
        let change = py
            .detach(|| inner.apply(tool, &stroke))
            .map_err(value_error)?;
        Ok((change.added, change.removed))
    }

    /// Removes the points under the stroke; `(added, removed)`.
    fn erase(
        &mut self,
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        radius: f64,
    ) -> PyResult<(usize, usize)> {
        self.apply(py, "erase", path, radius)
    }

    /// Removes the points under the stroke and fills the patch again; `(added, removed)`.
    fn refill(
        &mut self,
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        radius: f64,
    ) -> PyResult<(usize, usize)> {
        self.apply(py, "refill", path, radius)
    }

    /// Adds points under the stroke where there is room; `(added, removed)`.
    fn paint(
        &mut self,
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        radius: f64,
    ) -> PyResult<(usize, usize)> {
        self.apply(py, "paint", path, radius)
    }

    /// Undoes the last edit; False when there is none.
    fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// The points, (N, 3).
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f64>> {
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

/// The chunked world of `poisson endless`, a row of chunks at a time: an iterator of (N, 2)
/// arrays whose concatenation is exactly the CLI's points in its order.
#[pyclass(module = "poisson_live")]
struct Endless {
    rows: ChunkRows,
}

#[pymethods]
impl Endless {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> Option<Bound<'py, PyArray2<f64>>> {
        let rows = &mut self.rows;
        let row = py.detach(|| rows.next())?;
        Some(xy(py, &row))
    }

    /// Rows of chunks not handed over yet.
    fn __len__(&self) -> usize {
        self.rows.len()
    }

    /// All the stream's rows of chunks, handed over or not.
    #[getter]
    fn chunk_rows(&self) -> u64 {
        self.rows.chunk_rows()
    }

    /// The chunk side (16 radii).
    #[getter]
    fn chunk_size(&self) -> f64 {
        self.rows.chunk_size()
    }
}

/// `poisson endless`'s world over `[0, width) × [0, height)`, as an iterator of row arrays;
/// `first_row` and `rows` keep one band of its rows of chunks.
#[pyfunction]
#[pyo3(signature = (width, height, radius, seed = Seed(DEFAULT_SEED), *, first_row = 0, rows = None), text_signature = "(width, height, radius, seed=123456, *, first_row=0, rows=None)")]
fn endless(
    width: f64,
    height: f64,
    radius: f64,
    seed: Seed,
    first_row: u64,
    rows: Option<u64>,
) -> PyResult<Endless> {
    let mut stream = ChunkRows::for_map(width, height, radius, seed.0).map_err(value_error)?;
    if first_row != 0 || rows.is_some() {
        let count = rows.unwrap_or(u64::MAX);
        stream = stream.band(first_row, count).map_err(value_error)?;
    }
    Ok(Endless { rows: stream })
}

/// The crate's version.
const VERSION: &str = env!("CARGO_PKG_VERSION");

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(poisson_disk, m)?)?;
    m.add_function(wrap_pyfunction!(fast, m)?)?;
    m.add_function(wrap_pyfunction!(random_points, m)?)?;
    m.add_function(wrap_pyfunction!(jittered_grid, m)?)?;
    m.add_function(wrap_pyfunction!(dart_throwing, m)?)?;
    m.add_function(wrap_pyfunction!(variable_radius, m)?)?;
    m.add_function(wrap_pyfunction!(layers, m)?)?;
    m.add_function(wrap_pyfunction!(classes, m)?)?;
    m.add_function(wrap_pyfunction!(stamp_circles, m)?)?;
    m.add_function(wrap_pyfunction!(endless, m)?)?;
    m.add_class::<Layer>()?;
    m.add_class::<Sampler>()?;
    m.add_class::<EditableSet>()?;
    m.add_class::<Endless>()?;
    m.add("__version__", VERSION)?;
    m.add("DEFAULT_SEED", DEFAULT_SEED)?;
    Ok(())
}
