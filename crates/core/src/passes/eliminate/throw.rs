//! Where the elimination's candidates are thrown: uniformly in a box, or by area on a mesh's
//! triangles (each triangle's corner and edges, and the running sum of their areas).

use crate::variants::space::Mesh;

/// Where a candidate is thrown: uniformly in a box, or by area on a mesh's triangles.
#[derive(Debug, Clone)]
pub(super) enum Throw {
    Box([f64; 3]),
    Surface {
        /// Each triangle's corner and edges, and the running sum of the areas.
        triangles: Vec<[[f64; 3]; 3]>,
        running: Vec<f64>,
    },
}

impl Throw {
    /// The mesh's triangles ready to be thrown at, and the box around them.
    pub(super) fn surface(mesh: &Mesh) -> (Self, [f64; 3], [f64; 3]) {
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
        (Self::Surface { triangles, running }, lo, hi)
    }
}
