//! Beyond the plane (`poisson_live::space`): `poissonDisk3d` and `fastPoisson3d` in one call,
//! `sampleMesh` on vertex and index arrays, and the 3D lab's samplers run a slice at a time.

use crate::job::job_class;
use crate::js::{self, err, getters};
use js_sys::Float64Array;
use poisson_live::job::Job;
use poisson_live::space;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Fills the box `width × height × depth` with Bridson's algorithm in 3D (candidates in the
/// shell from r to 2r, `k` tries per step): `x, y, z` per point, in placement order, the same
/// bits as the crate's `space::poisson_disk_3d`. Throws on bad input. (Positional: SPEC
/// section 8.)
#[wasm_bindgen(js_name = poissonDisk3d)]
pub fn poisson_disk_3d(
    width: f64,
    height: f64,
    depth: f64,
    radius: f64,
    k: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let (k, seed) = (js::tries(k)?, js::seed(seed)?);
    let points = space::poisson_disk_3d(width, height, depth, radius, k, seed).map_err(err)?;
    Ok(Float64Array::from(points.as_flattened()))
}

/// Fills the box with the fast 3D sampler (fuller, quicker, not Bridson's draws): `x, y, z` per
/// point, the same bits as the crate's `space::fast_poisson_3d`. Throws on bad input.
#[wasm_bindgen(js_name = fastPoisson3d)]
pub fn fast_poisson_3d(
    width: f64,
    height: f64,
    depth: f64,
    radius: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let points =
        space::fast_poisson_3d(width, height, depth, radius, js::seed(seed)?).map_err(err)?;
    Ok(Float64Array::from(points.as_flattened()))
}

/// Points on a triangle mesh given as `vertices` (`x, y, z` each) and `indices` (three per
/// triangle, 0-based), with `{radius, k, seed, method, weights, radiusMax}` (`k` 30 unless
/// given, for `method` `"bridson"`, the default; `"fast"` is the crate's
/// `space::fast_sample_mesh`, the densest, quickest cover; `weights`, one in `[0, 1]` per vertex,
/// with `radiusMax` make the spacing `radius` where a vertex weighs 1 and `radiusMax` where it
/// weighs 0, the crate's `space::MeshSpacing`): six numbers per point,
/// `x, y, z, face, u, v` (the point is `(1 − u − v)·A + u·B + v·C` of its triangle `face`), at
/// least `radius` apart in 3D (by default the crate's `space::sample_mesh`). Throws on bad
/// input (an index out of range, a non-finite coordinate, no triangles, bad weights).
#[wasm_bindgen(js_name = sampleMesh)]
pub fn sample_mesh(
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] vertices: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "Uint32Array | number[]")] indices: &JsValue,
    params: &JsValue,
) -> Result<Float64Array, JsError> {
    let p = js::Params::new("sampleMesh", params)?;
    let k = tries_or_default(&p)?;
    let mesh = mesh_of(vertices, indices)?;
    let (radius, seed) = (p.number("radius")?, p.seed()?);
    let fast = fast_method(&p)?;
    let points = match (fast, mesh_spacing("sampleMesh", &p, &mesh, radius)?) {
        (false, None) => space::sample_mesh(&mesh, radius, k, seed),
        (false, Some(s)) => space::sample_mesh_weighted(&mesh, &s, k, seed),
        (true, None) => space::fast_sample_mesh(&mesh, radius, seed),
        (true, Some(s)) => space::fast_sample_mesh_weighted(&mesh, &s, seed),
    }
    .map_err(err)?;
    Ok(sixes(points.iter().copied()))
}

/// Whether a mesh call's `method` is `"fast"` (`"bridson"`, the default, otherwise); any other
/// name is refused with the two it takes. `sampleMesh` and `MeshSampler` read it alike.
fn fast_method(p: &js::Params) -> Result<bool, JsError> {
    if !p.has("method")? {
        return Ok(false);
    }
    match p.text("method")?.as_str() {
        "bridson" => Ok(false),
        "fast" => Ok(true),
        other => Err(JsError::new(&format!(
            "unknown method {other:?}: use bridson, fast"
        ))),
    }
}

/// A mesh call's spacing from `weights` (one in `[0, 1]` per vertex) with `radiusMax`, given
/// together, or None for neither (the crate's `space::MeshSpacing` checks them).
fn mesh_spacing(
    what: &str,
    p: &js::Params,
    mesh: &space::Mesh,
    radius: f64,
) -> Result<Option<space::MeshSpacing>, JsError> {
    match (p.has("weights")?, p.has("radiusMax")?) {
        (false, false) => Ok(None),
        (true, true) => {
            let weights = p.numbers("weights")?;
            let max = p.number("radiusMax")?;
            Ok(Some(
                space::MeshSpacing::new(mesh, radius, max, weights).map_err(err)?,
            ))
        }
        _ => Err(JsError::new(&format!(
            "{what} takes weights and radiusMax together, or neither"
        ))),
    }
}

/// Bridson's tries under `k` of a 3D call's parameters, `DEFAULT_K` (30) when not given:
/// `sampleMesh`, `SpaceSampler` and `MeshSampler` read it alike.
fn tries_or_default(p: &js::Params) -> Result<u32, JsError> {
    js::tries(
        p.optional("k")?
            .unwrap_or(f64::from(poisson_live::bridson::DEFAULT_K)),
    )
}

/// A mesh from JS arrays: vertices as numbers, indices as whole numbers, both at most
/// `js::MAX_NUMBERS` long, checked before anything is copied.
pub(crate) fn mesh_of(vertices: &JsValue, indices: &JsValue) -> Result<space::Mesh, JsError> {
    let vertices = js::numbers("vertices", vertices)?;
    let indices: Vec<u32> = match indices.dyn_ref::<js_sys::Uint32Array>() {
        Some(typed) if typed.length() as usize <= js::MAX_NUMBERS => typed.to_vec(),
        Some(typed) => {
            return Err(JsError::new(&format!(
                "indices holds {} numbers; the limit is {} (2^22 triangles of 3 corners)",
                typed.length(),
                js::MAX_NUMBERS
            )))
        }
        None => js::numbers("indices", indices)?
            .into_iter()
            .enumerate()
            .map(|(i, v)| {
                (v >= 0.0 && v <= f64::from(u32::MAX) && v == v.trunc())
                    .then_some(v as u32)
                    .ok_or_else(|| {
                        JsError::new(&format!(
                            "indices must hold whole numbers from 0; entry {i} is {v}"
                        ))
                    })
            })
            .collect::<Result<_, _>>()?,
    };
    space::Mesh::from_arrays(&vertices, &indices).map_err(err)
}

/// `x, y, z, face, u, v` per point.
fn sixes(points: impl Iterator<Item = space::MeshPoint>) -> Float64Array {
    let flat: Vec<f64> = points
        .flat_map(|p| {
            let [x, y, z] = p.position;
            let [u, v] = p.barycentric;
            [x, y, z, p.face as f64, u, v]
        })
        .collect();
    Float64Array::from(&flat[..])
}

/// A triangle mesh: the crate's `space::Mesh`.
#[wasm_bindgen]
pub struct Mesh {
    mesh: space::Mesh,
}

#[wasm_bindgen]
impl Mesh {
    /// A mesh from `vertices` (`x, y, z` each) and `indices` (three per triangle). Throws on bad
    /// input.
    #[wasm_bindgen(js_name = fromArrays)]
    pub fn from_arrays(
        #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] vertices: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "Uint32Array | number[]")] indices: &JsValue,
    ) -> Result<Mesh, JsError> {
        Ok(Self {
            mesh: mesh_of(vertices, indices)?,
        })
    }

    /// A mesh from Wavefront OBJ text (`v` and `f` lines). Throws with the bad line's number,
    /// or for text over the core's limit (512 MiB).
    #[wasm_bindgen(js_name = fromObj)]
    pub fn from_obj(
        #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue,
    ) -> Result<Mesh, JsError> {
        let kind = "OBJ text (a string)";
        let text = js::string_of("text", text, kind, space::MAX_OBJ_BYTES)?;
        Ok(Self {
            mesh: space::Mesh::from_obj(&text).map_err(err)?,
        })
    }

    /// A torus around the z axis from `{major, minor, around, across}`: `around × across` quads.
    pub fn torus(params: &JsValue) -> Result<Mesh, JsError> {
        let p = js::Params::new("Mesh.torus", params)?;
        let around = js::whole_in("around", p.number("around")?, 3, 1024)?;
        let across = js::whole_in("across", p.number("across")?, 3, 1024)?;
        let mesh = space::Mesh::torus(p.number("major")?, p.number("minor")?, around, across)
            .map_err(err)?;
        Ok(Self { mesh })
    }

    /// The vertices, `x, y, z` each.
    pub fn vertices(&self) -> Float64Array {
        Float64Array::from(self.mesh.vertices().as_flattened())
    }

    /// The triangles, three vertex indices each.
    pub fn indices(&self) -> js_sys::Uint32Array {
        js_sys::Uint32Array::from(self.mesh.triangles().as_flattened())
    }
}

getters!(Mesh, self {
    /// The surface's area.
    area "area": f64 = self.mesh.area();
    /// How many triangles.
    triangle_count "triangleCount": u32 = self.mesh.triangles().len() as u32;
});

job_class!(
    /// Bridson's algorithm in a box, a slice of steps at a time (a unit of work is one step; the
    /// 3D lab runs it within the page's 50 ms): the crate's `space::SpaceSampler<3>`. `take()`
    /// hands over the points, `x, y, z` each, `poissonDisk3d`'s to the bit.
    SpaceSampler,
    space::SpaceSampler<3>,
    Float64Array,
    |points| Float64Array::from(points.as_flattened())
);

#[wasm_bindgen]
impl SpaceSampler {
    /// A sampler for `{width, height, depth, radius, k, seed}` (`k` 30 unless given), its first
    /// point placed. Throws on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<SpaceSampler, JsError> {
        let p = js::Params::new("SpaceSampler", params)?;
        let size = [p.number("width")?, p.number("height")?, p.number("depth")?];
        let k = tries_or_default(&p)?;
        let mut job =
            space::SpaceSampler::new(size, p.number("radius")?, k, p.seed()?).map_err(err)?;
        job.start_random();
        Ok(Self { job })
    }

    /// The points so far, `x, y, z` each.
    pub fn points(&self) -> Float64Array {
        Float64Array::from(self.job.points().as_flattened())
    }

    /// Indices of the points still active.
    pub fn active(&self) -> js_sys::Uint32Array {
        let active: Vec<u32> = self.job.active().iter().map(|&i| i as u32).collect();
        js_sys::Uint32Array::from(&active[..])
    }
}

getters!(SpaceSampler, self {
    /// How many points so far.
    point_count "pointCount": u32 = self.job.points().len() as u32;
    /// Pairs closer than r in 3D, counted by the core's grid (0 for a sound sampler).
    too_close "tooClose": u32 = self.job.grid().too_close_pairs() as u32;
    /// The grid's cell side, a hair under r/√3.
    cell "cell": f64 = self.job.grid().cell();
    /// Cells read around a candidate: 125.
    block "block": u32 = self.job.grid().block_len() as u32;
});

job_class!(
    /// A sampler on a mesh's surface, a slice at a time: Bridson's (the crate's
    /// `space::MeshSampler`, a unit of work is one step) or the fast one
    /// (`space::FastMeshSampler`, a unit is `TURNS_PER_UNIT_MESH` turns or sweep throws, about
    /// one Bridson step), as `sampleMesh` chooses. `take()` hands over the points, `x, y, z,
    /// face, u, v` each, `sampleMesh`'s to the bit.
    MeshSampler,
    OnMesh,
    Float64Array,
    |points| sixes(points.into_iter())
);

/// Which of the core's two mesh samplers runs: a job either way.
pub(crate) enum OnMesh {
    Bridson(space::MeshSampler),
    Fast(space::FastMeshSampler),
}

impl Job for OnMesh {
    type Output = Vec<space::MeshPoint>;

    fn run(&mut self, budget: u64) -> poisson_live::Result<bool> {
        match self {
            OnMesh::Bridson(s) => s.run(budget),
            OnMesh::Fast(s) => s.run(budget),
        }
    }

    fn progress(&self) -> f64 {
        match self {
            OnMesh::Bridson(s) => s.progress(),
            OnMesh::Fast(s) => s.progress(),
        }
    }

    fn take(&mut self) -> Option<Self::Output> {
        match self {
            OnMesh::Bridson(s) => s.take(),
            OnMesh::Fast(s) => s.take(),
        }
    }
}

#[wasm_bindgen]
impl MeshSampler {
    /// A sampler for `mesh` with `{radius, k, seed, method, weights, radiusMax}`, read as
    /// `sampleMesh` reads them (`k` 30 unless given; `method` `"bridson"` unless given). Run to
    /// the end, its points are `sampleMesh`'s. Throws on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(
        mesh: &Mesh,
        #[wasm_bindgen(
            unchecked_param_type = "{ radius: number; k?: number; seed: number; method?: \"bridson\" | \"fast\"; weights?: Float64Array | number[]; radiusMax?: number }"
        )]
        params: &JsValue,
    ) -> Result<MeshSampler, JsError> {
        let p = js::Params::new("MeshSampler", params)?;
        let k = tries_or_default(&p)?;
        let (radius, seed) = (p.number("radius")?, p.seed()?);
        let fast = fast_method(&p)?;
        let mesh = &mesh.mesh;
        let job = match (fast, mesh_spacing("MeshSampler", &p, mesh, radius)?) {
            (false, None) => space::MeshSampler::new(mesh, radius, k, seed).map(OnMesh::Bridson),
            (false, Some(s)) => {
                space::MeshSampler::with_spacing(mesh, &s, k, seed).map(OnMesh::Bridson)
            }
            (true, None) => space::FastMeshSampler::new(mesh, radius, seed).map(OnMesh::Fast),
            (true, Some(s)) => {
                space::FastMeshSampler::with_spacing(mesh, &s, seed).map(OnMesh::Fast)
            }
        }
        .map_err(err)?;
        Ok(Self { job })
    }

    /// The points so far, `x, y, z, face, u, v` each (as `sampleMesh`).
    pub fn points(&self) -> Float64Array {
        match &self.job {
            OnMesh::Bridson(s) => sixes(s.points()),
            OnMesh::Fast(s) => sixes(s.points()),
        }
    }
}

impl MeshSampler {
    /// The sampler's grid: its points and too-close pairs.
    fn grid(&self) -> &space::SpaceGrid<3> {
        match &self.job {
            OnMesh::Bridson(s) => s.grid(),
            OnMesh::Fast(s) => s.grid(),
        }
    }
}

getters!(MeshSampler, self {
    /// How many points so far.
    point_count "pointCount": u32 = self.grid().points().len() as u32;
    /// Pairs closer than `radius` in 3D, counted by the core's grid (0 for a sound sampler;
    /// under weights every pair keeps at least `radius` too).
    too_close "tooClose": u32 = self.grid().too_close_pairs() as u32;
});
