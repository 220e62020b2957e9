//! Several sets of points on one map: layers placed in order on a shared grid, and classes
//! placed in one pass.

use crate::convert::{rows_of, value_error, whole, xyr, Int, Num, Seed};
use crate::memory::{self, ask};
use crate::slices::{detached, run_job};
use crate::{DEFAULT_K, DEFAULT_SEED};
use numpy::ndarray::Array1;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray2};
use poisson_live::classes::{Between, Class, ClassParams};
use poisson_live::layers::{place_layers, shared_grid, Layer as CoreLayer, Mask};
use poisson_live::{ClassSampler, Job, Sampler};
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
    #[pyo3(signature = (radius, *, k = DEFAULT_K, seed = Seed(DEFAULT_SEED), inside = None, outside = None), text_signature = "(radius, *, k=30, seed=123456, inside=None, outside=None)")]
    fn new(
        radius: Num,
        k: Int,
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
            (Some(d), None) => Mask::InsideDiscs(discs("inside", &d)?),
            (None, Some(d)) => Mask::OutsideDiscs(discs("outside", &d)?),
            (None, None) => Mask::Everywhere,
        };
        Ok(Self {
            radius: radius.0,
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

/// A mask's discs: an (M, 3) array of cx, cy, r, each centre finite and each radius a finite
/// number ≥ 0 (NaN would make the mask allow everything or nothing, silently).
fn discs(name: &str, array: &PyReadonlyArray2<'_, f64>) -> PyResult<Vec<[f64; 3]>> {
    let discs = rows_of::<3>(name, array)?;
    let bad = discs
        .iter()
        .position(|&[x, y, r]| !(x.is_finite() && y.is_finite() && r.is_finite() && r >= 0.0));
    match bad {
        Some(i) => {
            let [x, y, r] = discs[i];
            Err(PyValueError::new_err(format!(
                "{name} disc {i} must have a finite centre and a finite radius ≥ 0, got \
                 ({x}, {y}, {r})"
            )))
        }
        None => Ok(discs),
    }
}

/// Layers on one shared grid, placed in order: a list of (N, 3) arrays, one per layer.
#[pyfunction]
pub(crate) fn layers<'py>(
    py: Python<'py>,
    width: Num,
    height: Num,
    layers: Vec<PyRef<'py, Layer>>,
) -> PyResult<Vec<Bound<'py, PyArray2<f64>>>> {
    let (width, height) = (width.0, height.0);
    let radii: Vec<f64> = layers.iter().map(|l| l.radius).collect();
    ask(memory::layered(width, height, &radii), "layers")?;
    let core: Vec<CoreLayer> = layers
        .into_iter()
        .map(|l| CoreLayer::new(l.radius, l.k, l.seed).with_mask(l.mask.clone()))
        .collect();
    if core.is_empty() {
        // Checks the map; no layers place nothing.
        place_layers(width, height, Vec::new()).map_err(value_error)?;
        return Ok(Vec::new());
    }
    // `place_layers` a slice at a time: each layer seeded block by block on the shared grid,
    // then stepped to its end.
    let mut grid = shared_grid(width, height, radii).map_err(value_error)?;
    let mut out = Vec::with_capacity(core.len());
    for layer in core {
        let mut s =
            Sampler::with_grid(grid, layer.radius, layer.k, layer.seed).map_err(value_error)?;
        if let Some(allowed) = layer.allowed {
            s = s.with_allowed(allowed);
        }
        s.seed_blocks();
        detached(py, |budget| s.run(budget).map_err(value_error))?;
        let (points, g) = s.into_parts();
        grid = g;
        out.push(xyr(py, &points)?);
    }
    Ok(out)
}

/// Several classes in one pass: `(points (N, 3), classes (N,) uint16)`.
#[pyfunction]
#[pyo3(signature = (width, height, classes, *, between = Vec::new(), k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(width, height, classes, *, between=(), k=30, seed=123456)")]
#[allow(clippy::type_complexity)]
pub(crate) fn classes<'py>(
    py: Python<'py>,
    width: Num,
    height: Num,
    classes: Vec<Bound<'py, PyAny>>,
    between: Vec<(String, String, Num)>,
    k: Int,
    seed: Seed,
) -> PyResult<(Bound<'py, PyArray2<f64>>, Bound<'py, PyArray1<u16>>)> {
    let (width, height) = (width.0, height.0);
    let mut params = ClassParams::new(width, height);
    params.k = whole("k", k)?;
    params.seed = seed.0;
    for c in &classes {
        let class = if let Ok((name, spacing)) = c.extract::<(String, Num)>() {
            Class::new(name, spacing.0)
        } else if let Ok((name, spacing, weight)) = c.extract::<(String, Num, Num)>() {
            Class::new(name, spacing.0).weight(weight.0)
        } else {
            return Err(PyValueError::new_err(format!(
                "a class is (name, spacing) or (name, spacing, weight), got {c}"
            )));
        };
        params.classes.push(class);
    }
    params.between = between
        .into_iter()
        .map(|(a, b, spacing)| Between::new(a, b, spacing.0))
        .collect();
    let spacings = params.classes.iter().map(|c| c.spacing);
    let closest = spacings
        .chain(params.between.iter().map(|b| b.spacing))
        .fold(f64::INFINITY, f64::min);
    ask(
        memory::bridson(width, height, closest, memory::BRIDSON_POINT + 2.0),
        "classes",
    )?;
    let placed = run_job(py, ClassSampler::new(&params).map_err(value_error)?)?;
    Ok((
        xyr(py, &placed.points)?,
        Array1::from(placed.classes).into_pyarray(py),
    ))
}
