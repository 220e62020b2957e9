//! Points on a triangle mesh: `poisson mesh`, by Bridson's algorithm or the fast sampler, with
//! an even spacing or one from per-vertex weights.

use crate::convert::{float64, room, rows_of, value_error, whole, Int, Num, Seed};
use crate::memory::{self, ask};
use crate::slices::run_job;
use crate::{DEFAULT_K, DEFAULT_SEED};
use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use poisson_live::space::{FastMeshSampler, Mesh, MeshPoint, MeshSampler, MeshSpacing};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// Points on a mesh: `points` (N, 3) float64, `faces` (N,) int64 (the triangle each lies on)
/// and `barycentric` (N, 2) float64 (u, v: the point is (1 − u − v)·A + u·B + v·C).
#[pyclass(module = "poisson_live", frozen)]
pub(crate) struct MeshSample {
    #[pyo3(get)]
    points: Py<PyArray2<f64>>,
    #[pyo3(get)]
    faces: Py<PyArray1<i64>>,
    #[pyo3(get)]
    barycentric: Py<PyArray2<f64>>,
}

#[pymethods]
impl MeshSample {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.faces.bind(py).len()
    }
}

/// A mesh's triangles: an (F, 3) integer array of vertex indices.
fn triangles(faces: &Bound<'_, PyAny>) -> PyResult<Vec<[u32; 3]>> {
    let kind: Option<String> = faces
        .getattr("dtype")
        .and_then(|d| d.getattr("kind"))
        .and_then(|k| k.extract())
        .ok();
    if !matches!(kind.as_deref(), Some("i" | "u")) {
        return Err(PyTypeError::new_err(
            "faces must be an (F, 3) numpy array of integers (vertex indices)",
        ));
    }
    let array = faces
        .call_method1("astype", ("int64",))?
        .cast_into::<PyArray2<i64>>()
        .map_err(|_| PyValueError::new_err("faces must be an (F, 3) array"))?;
    let array = array.readonly();
    let view = array.as_array();
    if view.ncols() != 3 {
        return Err(PyValueError::new_err(format!(
            "faces must be an array of shape (F, 3), got shape {:?}",
            array.shape()
        )));
    }
    let mut out = room(view.nrows(), "faces")?;
    for (i, row) in view.rows().into_iter().enumerate() {
        let mut t = [0u32; 3];
        for (c, v) in t.iter_mut().zip(row) {
            *c = u32::try_from(*v).map_err(|_| {
                PyValueError::new_err(format!(
                    "face {i} has the vertex index {v}, not one of the mesh's"
                ))
            })?;
        }
        out.push(t);
    }
    Ok(out)
}

/// Points on the mesh `vertices` (V, 3) × `faces` (F, 3), every pair at least `radius` apart
/// in 3D: `poisson mesh`'s points, as a [`MeshSample`].
#[pyfunction]
#[pyo3(signature = (vertices, faces, radius, *, method = "bridson", weights = None, radius_max = None, k = DEFAULT_K, seed = Seed(DEFAULT_SEED)), text_signature = "(vertices, faces, radius, *, method='bridson', weights=None, radius_max=None, k=30, seed=123456)")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn sample_mesh(
    py: Python<'_>,
    vertices: &Bound<'_, PyAny>,
    faces: &Bound<'_, PyAny>,
    radius: Num,
    method: &str,
    weights: Option<Vec<f64>>,
    radius_max: Option<Num>,
    k: Int,
    seed: Seed,
) -> PyResult<MeshSample> {
    let fast = match method {
        "bridson" => false,
        "fast" => true,
        _ => {
            return Err(PyValueError::new_err(format!(
                "method must be \"bridson\" or \"fast\", got {method:?}"
            )))
        }
    };
    let k = whole("k", k)?;
    let mesh = read_mesh(vertices, faces)?;
    let spacing = match (weights, radius_max) {
        (Some(w), Some(r2)) => {
            Some(MeshSpacing::new(&mesh, radius.0, r2.0, w).map_err(value_error)?)
        }
        (None, None) => None,
        _ => {
            return Err(PyValueError::new_err(
                "weights and radius_max go together: give both or neither",
            ))
        }
    };
    let (radius, seed) = (radius.0, seed.0);
    ask(memory::mesh(&mesh, radius, !fast), "sample_mesh")?;
    let points: Vec<MeshPoint> = if fast {
        let s = match &spacing {
            None => FastMeshSampler::new(&mesh, radius, seed),
            Some(spacing) => FastMeshSampler::with_spacing(&mesh, spacing, seed),
        };
        run_job(py, s.map_err(value_error)?)?
    } else {
        let s = match &spacing {
            None => MeshSampler::new(&mesh, radius, k, seed),
            Some(spacing) => MeshSampler::with_spacing(&mesh, spacing, k, seed),
        };
        run_job(py, s.map_err(value_error)?)?
    };
    Ok(mesh_sample(py, &points))
}

/// The crate's mesh from a (V, 3) array of vertices and an (F, 3) integer array of faces.
pub(crate) fn read_mesh(vertices: &Bound<'_, PyAny>, faces: &Bound<'_, PyAny>) -> PyResult<Mesh> {
    let vertices = rows_of::<3>("vertices", &float64("vertices", vertices)?.readonly())?;
    Mesh::new(vertices, triangles(faces)?).map_err(value_error)
}

/// Points on a mesh as the arrays of a [`MeshSample`].
pub(crate) fn mesh_sample(py: Python<'_>, points: &[MeshPoint]) -> MeshSample {
    let xyz: Vec<[f64; 3]> = points.iter().map(|p| p.position).collect();
    let uv: Vec<[f64; 2]> = points.iter().map(|p| p.barycentric).collect();
    let face: Vec<i64> = points.iter().map(|p| p.face as i64).collect();
    MeshSample {
        points: Array2::from(xyz).into_pyarray(py).unbind(),
        faces: Array1::from(face).into_pyarray(py).unbind(),
        barycentric: Array2::from(uv).into_pyarray(py).unbind(),
    }
}
