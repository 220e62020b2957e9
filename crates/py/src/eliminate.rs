//! Exactly `count` points by weighted sample elimination: `poisson eliminate`.

use crate::convert::{value_error, Int, Num, Seed};
use crate::memory::{self, ask};
use crate::mesh::{mesh_sample, read_mesh};
use crate::slices::run_job;
use crate::DEFAULT_SEED;
use numpy::ndarray::Array2;
use numpy::IntoPyArray;
use poisson_live::eliminate::{Domain, Elimination, Samples};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Exactly `count` points spread as far apart as elimination gets them, in progressive order
/// (any first n are spread out too), over the box `width × height [× depth]` (a torus with
/// `wrap`): (N, 2) or (N, 3) float64; or on the mesh `vertices` × `faces`: a `MeshSample`,
/// its spacing varied by `weights` (one in [0, 1] per vertex) with `radius_max` (≥ 1: the
/// spacing at weight 0 over the spacing at weight 1).
#[pyfunction]
#[pyo3(signature = (count, *, width = None, height = None, depth = None, vertices = None, faces = None, weights = None, radius_max = None, wrap = false, seed = Seed(DEFAULT_SEED)), text_signature = "(count, *, width=None, height=None, depth=None, vertices=None, faces=None, weights=None, radius_max=None, wrap=False, seed=123456)")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn eliminate<'py>(
    py: Python<'py>,
    count: Int,
    width: Option<Num>,
    height: Option<Num>,
    depth: Option<Num>,
    vertices: Option<&Bound<'py, PyAny>>,
    faces: Option<&Bound<'py, PyAny>>,
    weights: Option<Vec<f64>>,
    radius_max: Option<Num>,
    wrap: bool,
    seed: Seed,
) -> PyResult<Bound<'py, PyAny>> {
    let count = count.count::<usize>("count")?;
    let mesh_only = weights.is_some() || radius_max.is_some();
    if mesh_only && vertices.is_none() {
        return Err(PyValueError::new_err(
            "weights and radius_max go with vertices and faces (a mesh)",
        ));
    }
    let domain =
        match (width, height, depth, vertices, faces) {
            (Some(w), Some(h), depth, None, None) => match depth {
                Some(d) => Domain::Space {
                    size: [w.0, h.0, d.0],
                    wrap,
                },
                None => Domain::Plane {
                    size: [w.0, h.0],
                    wrap,
                },
            },
            (None, None, None, Some(v), Some(f)) if !wrap => {
                let mesh = read_mesh(v, f)?;
                match (weights, radius_max) {
                    (None, None) => Domain::Surface(mesh),
                    (Some(weights), Some(r2)) => Domain::WeightedSurface {
                        mesh,
                        weights,
                        radius_max: r2.0,
                    },
                    _ => {
                        return Err(PyValueError::new_err(
                            "weights and radius_max go together: give both or neither",
                        ))
                    }
                }
            }
            _ => return Err(PyValueError::new_err(
                "eliminate takes width and height (and depth, wrap) for a box, or vertices and \
                 faces for a mesh (not wrapped)",
            )),
        };
    // Asked before the job reserves its candidates; a count past the crate's is its to refuse.
    if count <= poisson_live::eliminate::MAX_COUNT {
        let (dims, surface) = match domain {
            Domain::Plane { .. } => (2, false),
            Domain::Space { .. } => (3, false),
            Domain::Surface(_) | Domain::WeightedSurface { .. } => (3, true),
        };
        ask(memory::eliminated(count, dims, surface), "eliminate")?;
    }
    let job = Elimination::new(&domain, count, seed.0).map_err(value_error)?;
    drop(domain);
    Ok(match run_job(py, job)? {
        Samples::Plane(p) => Array2::from(p).into_pyarray(py).into_any(),
        Samples::Space(p) => Array2::from(p).into_pyarray(py).into_any(),
        Samples::Surface(p) => Bound::new(py, mesh_sample(py, &p))?.into_any(),
    })
}
