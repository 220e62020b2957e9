//! Where the elimination's candidates are thrown: uniformly in a box, or by area on a mesh's
//! triangles (each triangle's corner and edges, and the running sum of their areas), with the
//! spacing each candidate asks for under per-vertex weights (1 without them).

use crate::base::rng::SplitMix;
use crate::variants::space::{self, Mesh, MeshPoint, MeshSpacing};

/// Where a candidate is thrown: uniformly in a box, or by area on a mesh's triangles.
#[derive(Debug, Clone)]
pub(super) enum Throw {
    Box([f64; 3]),
    Surface {
        /// Each triangle's corner and edges, and the running sum of the areas.
        triangles: Vec<[[f64; 3]; 3]>,
        running: Vec<f64>,
        /// With weights: each triangle's spacing at its corners over the largest spacing, in
        /// `(0, 1]`; spacing is linear in the weight, so also across the triangle.
        spacing: Option<Vec<[f64; 3]>>,
    },
}

/// One candidate: where it is, its triangle on a mesh, and its spacing over the largest.
pub(super) struct Candidate<const D: usize> {
    pub(super) at: [f64; D],
    pub(super) face: Option<u32>,
    pub(super) spacing: f64,
}

impl Throw {
    /// The mesh's triangles ready to be thrown at, and the box around them.
    pub(super) fn surface(
        mesh: &Mesh,
        weights: Option<&MeshSpacing>,
    ) -> (Self, [f64; 3], [f64; 3]) {
        let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
        let mut triangles = Vec::with_capacity(mesh.triangles().len());
        let mut running = Vec::with_capacity(mesh.triangles().len());
        let mut total = 0.0;
        for t in 0..mesh.triangles().len() {
            let [a, b, c] = mesh.corners(t);
            for v in [a, b, c] {
                for i in 0..3 {
                    (lo[i], hi[i]) = (lo[i].min(v[i]), hi[i].max(v[i]));
                }
            }
            let e1 = [0, 1, 2].map(|i| b[i] - a[i]);
            let e2 = [0, 1, 2].map(|i| c[i] - a[i]);
            let n = [
                e1[1] * e2[2] - e1[2] * e2[1],
                e1[2] * e2[0] - e1[0] * e2[2],
                e1[0] * e2[1] - e1[1] * e2[0],
            ];
            // Scaled first, so a triangle 1e150 wide neither overflows nor loses its area.
            let m = n.iter().fold(0.0f64, |m, v| m.max(v.abs()));
            let area = if m > 0.0 {
                m * n.iter().map(|v| (v / m) * (v / m)).sum::<f64>().sqrt()
            } else {
                0.0
            };
            total += area;
            triangles.push([a, e1, e2]);
            running.push(total);
        }
        let spacing = weights.map(|s| {
            let corners = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]];
            (0..mesh.triangles().len())
                .map(|t| corners.map(|uv| s.radius_at(mesh, t, uv) / s.radius_max()))
                .collect()
        });
        let throw = Self::Surface {
            triangles,
            running,
            spacing,
        };
        (throw, lo, hi)
    }

    /// Whether candidates ask for different spacings.
    pub(super) fn weighted(&self) -> bool {
        matches!(
            self,
            Throw::Surface {
                spacing: Some(_),
                ..
            }
        )
    }

    /// One random candidate: uniform in the box, or by area on the mesh.
    pub(super) fn draw<const D: usize>(&self, rng: &mut SplitMix) -> Candidate<D> {
        match self {
            Throw::Box(size) => {
                let mut at = [0.0; D];
                for (i, v) in at.iter_mut().enumerate() {
                    // Below the side even where the product rounds up.
                    *v = (size[i] * rng.unit()).min(size[i] * (1.0 - f64::EPSILON));
                }
                Candidate {
                    at,
                    face: None,
                    spacing: 1.0,
                }
            }
            Throw::Surface {
                triangles,
                running,
                spacing,
            } => {
                let total = *running.last().expect("a mesh has a triangle");
                let at = rng.unit() * total;
                let t = running.partition_point(|&r| r <= at).min(running.len() - 1);
                let (mut s, mut u) = (rng.unit(), rng.unit());
                if s + u > 1.0 {
                    (s, u) = (1.0 - s, 1.0 - u);
                }
                let [a, e1, e2] = triangles[t];
                let mut at = [0.0; D];
                for (i, v) in at.iter_mut().enumerate() {
                    *v = a[i] + s * e1[i] + u * e2[i];
                }
                let spacing = spacing.as_ref().map_or(1.0, |r| {
                    let [ra, rb, rc] = r[t];
                    ((1.0 - s - u) * ra + s * rb + u * rc).clamp(f64::MIN_POSITIVE, 1.0)
                });
                Candidate {
                    at,
                    face: Some(t as u32),
                    spacing,
                }
            }
        }
    }
}

/// Point `p` on triangle `face` of `triangles` (corner and edges), with where in it (u, v)
/// solved.
pub(super) fn place(triangles: &[[[f64; 3]; 3]], p: &[f64; 3], face: u32) -> MeshPoint {
    let face = face as usize;
    let [a, e1, e2] = triangles[face];
    let corners = [
        a,
        [0, 1, 2].map(|k| a[k] + e1[k]),
        [0, 1, 2].map(|k| a[k] + e2[k]),
    ];
    MeshPoint {
        position: *p,
        face,
        barycentric: space::barycentric(&corners, p),
    }
}
