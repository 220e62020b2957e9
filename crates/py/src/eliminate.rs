//! Exactly `count` points by weighted sample elimination: `poisson eliminate`.

use crate::convert::{value_error, Int, Num, Seed};
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
/// `wrap`): (N, 2) or (N, 3) float64; or on the mesh `vertices` × `faces`: a `MeshSample`.
#[pyfunction]
#[pyo3(signature = (count, *, width = None, height = None, depth = None, vertices = None, faces = None, wrap = false, seed = Seed(DEFAULT_SEED)), text_signature = "(count, *, width=None, height=None, depth=None, vertices=None, faces=None, wrap=False, seed=123456)")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn eliminate<'py>(
    py: Python<'py>,
    count: Int,
    width: Option<Num>,
    height: Option<Num>,
    depth: Option<Num>,
    vertices: Option<&Bound<'py, PyAny>>,
    faces: Option<&Bound<'py, PyAny>>,
    wrap: bool,
    seed: Seed,
) -> PyResult<Bound<'py, PyAny>> {
    let count = count.count::<usize>("count")?;
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
            (None, None, None, Some(v), Some(f)) if !wrap => Domain::Surface(read_mesh(v, f)?),
            _ => return Err(PyValueError::new_err(
                "eliminate takes width and height (and depth, wrap) for a box, or vertices and \
                 faces for a mesh (not wrapped)",
            )),
        };
    let job = Elimination::new(&domain, count, seed.0).map_err(value_error)?;
    drop(domain);
    Ok(match run_job(py, job)? {
        Samples::Plane(p) => Array2::from(p).into_pyarray(py).into_any(),
        Samples::Space(p) => Array2::from(p).into_pyarray(py).into_any(),
        Samples::Surface(p) => Bound::new(py, mesh_sample(py, &p))?.into_any(),
    })
}
