//! A triangle mesh: vertices and triangles, checked; read from flat arrays, from OBJ text
//! (`obj.rs`), or made as a torus. [`super::sample_mesh`] covers its surface with points.

use super::grid::SpaceGrid;
pub use super::obj::{MAX_OBJ_BYTES, MAX_TRIANGLES};
use crate::base::error::{in_range, positive, short, Error, Result, MAX_LENGTH};

/// A triangle mesh: vertices and triangles (three vertex indices each, 0-based).
#[derive(Debug, Clone, PartialEq)]
pub struct Mesh {
    vertices: Vec<[f64; 3]>,
    triangles: Vec<[u32; 3]>,
    /// The surface's area, summed once where the mesh is checked.
    area: f64,
}

impl Mesh {
    /// A mesh, checked: at least one triangle (at most [`MAX_TRIANGLES`]), every index names a
    /// vertex, every coordinate finite and at most [`MAX_LENGTH`] in size, some area.
    pub fn new(vertices: Vec<[f64; 3]>, triangles: Vec<[u32; 3]>) -> Result<Self> {
        let invalid = |message: String| Err(Error::Invalid { message });
        if triangles.is_empty() {
            return invalid("the mesh has no triangles".into());
        }
        if triangles.len() > MAX_TRIANGLES {
            return invalid(format!(
                "the mesh has {} triangles; the limit is {MAX_TRIANGLES}",
                triangles.len()
            ));
        }
        if let Some(i) = vertices
            .iter()
            .position(|v| v.iter().any(|c| !c.is_finite()))
        {
            return invalid(format!(
                "vertex {i} has a coordinate that is not a finite number"
            ));
        }
        if let Some(i) = vertices
            .iter()
            .position(|v| v.iter().any(|c| c.abs() > MAX_LENGTH))
        {
            return invalid(format!(
                "vertex {i} has a coordinate beyond ±{MAX_LENGTH:e}, the largest length measured"
            ));
        }
        let n = vertices.len();
        for (t, tri) in triangles.iter().enumerate() {
            if let Some(bad) = tri.iter().find(|&&i| i as usize >= n) {
                return invalid(format!(
                    "triangle {t} names vertex {bad}, but the mesh has {n} vertices"
                ));
            }
        }
        let total = (triangles.iter())
            .map(|tri| {
                let [a, b, c] = tri.map(|i| vertices[i as usize]);
                area(&sub(&b, &a), &sub(&c, &a))
            })
            .sum::<f64>();
        if total == f64::INFINITY {
            return invalid(
                "the mesh's area is too large for a 64-bit number; scale it down".into(),
            );
        }
        if total.is_nan() || total <= 0.0 {
            return invalid("the mesh's triangles have no area".into());
        }
        Ok(Self {
            vertices,
            triangles,
            area: total,
        })
    }

    /// A mesh from flat arrays, as the bindings pass them: `x, y, z` per vertex and three
    /// vertex indices per triangle.
    pub fn from_arrays(vertices: &[f64], indices: &[u32]) -> Result<Self> {
        if !vertices.len().is_multiple_of(3) || !indices.len().is_multiple_of(3) {
            return Err(Error::Invalid {
                message: format!(
                    "vertices and indices come in threes, got {} and {} numbers",
                    vertices.len(),
                    indices.len()
                ),
            });
        }
        let v = vertices
            .chunks_exact(3)
            .map(|c| [c[0], c[1], c[2]])
            .collect();
        let t = indices
            .chunks_exact(3)
            .map(|c| [c[0], c[1], c[2]])
            .collect();
        Self::new(v, t)
    }

    /// A torus around the z axis: `major` from its centre to the tube's centre, a tube of
    /// radius `minor`, `around × across` quads each cut into two triangles.
    pub fn torus(major: f64, minor: f64, around: u32, across: u32) -> Result<Self> {
        positive("major radius", major)?;
        positive("minor radius", minor)?;
        in_range("segments around", f64::from(around), 3.0, 1024.0)?;
        in_range("segments across", f64::from(across), 3.0, 1024.0)?;
        let tau = std::f64::consts::TAU;
        let mut vertices = Vec::with_capacity((around * across) as usize);
        for i in 0..around {
            let (su, cu) = crate::classic::exact::sin_cos(tau * f64::from(i) / f64::from(around));
            for j in 0..across {
                let angle = tau * f64::from(j) / f64::from(across);
                let (sv, cv) = crate::classic::exact::sin_cos(angle);
                let ring = major + minor * cv;
                vertices.push([ring * cu, ring * su, minor * sv]);
            }
        }
        let at = |i: u32, j: u32| (i % around) * across + (j % across);
        let mut triangles = Vec::with_capacity(2 * vertices.len());
        for i in 0..around {
            for j in 0..across {
                let (a, b, c, d) = (at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
                triangles.push([a, b, c]);
                triangles.push([a, c, d]);
            }
        }
        Self::new(vertices, triangles)
    }

    /// Reads a mesh from Wavefront OBJ text: `v` and `f` lines (polygons fanned into
    /// triangles, `i`, `i/t`, `i//n` and `i/t/n` corners, negative indices counted back),
    /// everything else ignored. A bad line is an error that names it.
    pub fn from_obj(text: &str) -> Result<Self> {
        let (vertices, triangles) = super::obj::parse(text)?;
        Self::new(vertices, triangles)
    }

    /// The vertices.
    pub fn vertices(&self) -> &[[f64; 3]] {
        &self.vertices
    }

    /// The triangles, three vertex indices each.
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// Triangle `t`'s corners.
    pub fn corners(&self, t: usize) -> [[f64; 3]; 3] {
        self.triangles[t].map(|i| self.vertices[i as usize])
    }

    /// The surface's area.
    pub fn area(&self) -> f64 {
        self.area
    }

    /// The grid over the mesh's box with r on every side, so rounding never puts a point on the
    /// surface outside it: both mesh samplers ask it.
    pub(super) fn grid_around(&self, radius: f64) -> Result<SpaceGrid<3>> {
        let (lo, size) = self.bounds();
        let origin = lo.map(|v| v - radius);
        let grid_size = size.map(|s| s + 2.0 * radius);
        if let Some(i) = (0..3).find(|&i| grid_size[i] > MAX_LENGTH) {
            return Err(Error::Invalid {
                message: format!(
                    "the mesh spans {} along {} with r on both sides, past {MAX_LENGTH:e}, the \
                     largest length measured",
                    short(grid_size[i]),
                    ["x", "y", "z"][i]
                ),
            });
        }
        SpaceGrid::for_box(origin, grid_size, radius)
    }

    /// The lowest corner and the sides of the box around the vertices the triangles use.
    pub(super) fn bounds(&self) -> ([f64; 3], [f64; 3]) {
        let used = self.triangles.iter().flatten();
        box_around(used.map(|&v| &self.vertices[v as usize]))
    }

    /// The lowest corner and the sides of the box around all the vertices, those no triangle
    /// uses included: the mesh's extent as its file gives it (the width and height `poisson
    /// mesh` writes in JSON).
    ///
    /// ```
    /// use poisson_live::space::Mesh;
    /// let flat = Mesh::new(vec![[0.0, 0.0, 1.0], [4.0, 0.0, 1.0], [0.0, 3.0, 1.0]], vec![[0, 1, 2]])?;
    /// assert_eq!(flat.extent(), ([0.0, 0.0, 1.0], [4.0, 3.0, 0.0]));
    /// # Ok::<(), poisson_live::Error>(())
    /// ```
    pub fn extent(&self) -> ([f64; 3], [f64; 3]) {
        box_around(&self.vertices)
    }
}

/// The lowest corner and the sides of the box around `vertices` (infinite with none).
fn box_around<'a>(vertices: impl IntoIterator<Item = &'a [f64; 3]>) -> ([f64; 3], [f64; 3]) {
    let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
    for v in vertices {
        for i in 0..3 {
            lo[i] = lo[i].min(v[i]);
            hi[i] = hi[i].max(v[i]);
        }
    }
    (lo, [0, 1, 2].map(|i| hi[i] - lo[i]))
}

pub(super) fn sub(a: &[f64; 3], b: &[f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// The area of the triangle with edges `u` and `v` from one corner.
pub(super) fn area(u: &[f64; 3], v: &[f64; 3]) -> f64 {
    let squared = |u: &[f64; 3], v: &[f64; 3]| {
        let c = [
            u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0],
        ];
        c[0] * c[0] + c[1] * c[1] + c[2] * c[2]
    };
    let c2 = squared(u, v);
    if c2.is_normal() {
        return 0.5 * c2.sqrt();
    }
    // No area, or squares that overflowed or underflowed (edges near 1e150 or 1e-150 long):
    // the same area with the edges scaled to about 1 first.
    let scale = u.iter().chain(v).fold(0.0f64, |m, x| m.max(x.abs()));
    if scale == 0.0 {
        return 0.0;
    }
    let (u, v) = (u.map(|x| x / scale), v.map(|x| x / scale));
    0.5 * squared(&u, &v).sqrt() * scale * scale
}
