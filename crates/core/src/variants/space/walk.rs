//! Straight walks on a mesh's surface: each triangle laid flat in its own 2D frame, and the
//! triangle across each edge, so a walk that leaves one triangle carries on in the next as if
//! the two were unfolded into one plane (a geodesic on a polyhedron, as far as it goes). The
//! edge adjacency is built once, by a counting sort on each edge's lower vertex: no hashing.
//! An edge shared by one triangle, or by three or more, ends a walk.

use super::mesh::Mesh;

/// No triangle across this edge.
const NONE: u32 = u32::MAX;
/// The most edges a walk crosses before it gives up (a fan of slivers could hold it long).
const MAX_CROSSINGS: u32 = 64;

/// A triangle laid flat: corners `(0, 0)`, `(len[0], 0)` and `corner2`, counter-clockwise.
#[derive(Debug, Clone, Copy)]
pub(super) struct Face {
    /// Corner A in 3D and the frame's unit axes: 2D `(x, y)` is `origin + x·ex + y·ey`.
    origin: [f64; 3],
    ex: [f64; 3],
    ey: [f64; 3],
    /// Corners in 2D.
    corners: [[f64; 2]; 3],
    /// Edge `i` runs from corner `i` to corner `i + 1`: its unit direction, its length and the
    /// offset of its outward normal (the direction turned clockwise, [`normal`]): corner ·
    /// normal. The normals are not stored: a sixth less memory to lay 25 600 triangles flat.
    dirs: [[f64; 2]; 3],
    lens: [f64; 3],
    offsets: [f64; 3],
    /// The triangle across edge `i` (or `NONE`), which of its edges it is, and whether that
    /// edge runs the same way (bit 2).
    next: [u32; 3],
    link: [u8; 3],
}

impl Face {
    /// The 3D point at 2D `p` of the frame.
    #[inline(always)]
    pub(super) fn at(&self, p: [f64; 2]) -> [f64; 3] {
        [0, 1, 2].map(|i| self.origin[i] + p[0] * self.ex[i] + p[1] * self.ey[i])
    }

    /// The point at `(s, t)` of the unit square folded into the triangle: uniform by area.
    #[inline(always)]
    pub(super) fn spot(&self, mut s: f64, mut t: f64) -> [f64; 2] {
        if s + t > 1.0 {
            (s, t) = (1.0 - s, 1.0 - t);
        }
        let [_, b, c] = self.corners;
        [s * b[0] + t * c[0], s * b[1] + t * c[1]]
    }

    /// Barycentric `(u, v)` of 2D `p` of the frame (the corners in the mesh's order).
    #[inline(always)]
    pub(super) fn barycentric(&self, p: [f64; 2]) -> [f64; 2] {
        let [_, b, c] = self.corners;
        let v = p[1] / c[1];
        [(p[0] - v * c[0]) / b[0], v]
    }

    /// The triangle's area.
    pub(super) fn area(&self) -> f64 {
        0.5 * self.corners[1][0] * self.corners[2][1]
    }

    /// Whether the triangle could be laid flat (it has area).
    pub(super) fn is_flat(&self) -> bool {
        self.lens[0] > 0.0
    }
}

/// Every triangle of `mesh` laid flat, with its neighbours across its edges.
pub(super) fn faces(mesh: &Mesh) -> Vec<Face> {
    let tris = mesh.triangles();
    let mut faces: Vec<Face> = (0..tris.len()).map(|t| lay_flat(mesh.corners(t))).collect();
    // Edges grouped by their lower vertex (a counting sort), then matched within a group.
    let n = mesh.vertices().len();
    let mut starts = vec![0u32; n + 1];
    for tri in tris {
        for i in 0..3 {
            starts[tri[i].min(tri[(i + 1) % 3]) as usize + 1] += 1;
        }
    }
    for v in 0..n {
        starts[v + 1] += starts[v];
    }
    let mut fill = starts.clone();
    let mut slots = vec![(0u32, 0u32); 3 * tris.len()];
    for (t, tri) in tris.iter().enumerate() {
        for i in 0..3 {
            let (a, b) = (tri[i], tri[(i + 1) % 3]);
            let lo = a.min(b) as usize;
            slots[fill[lo] as usize] = (a.max(b), (3 * t + i) as u32);
            fill[lo] += 1;
        }
    }
    for v in 0..n {
        let group = &slots[starts[v] as usize..starts[v + 1] as usize];
        for &(hi, half) in group {
            let mut same = group.iter().filter(|g| g.0 == hi && g.1 != half);
            if let (Some(&(_, other)), None) = (same.next(), same.next()) {
                let (t, i) = (half as usize / 3, half as usize % 3);
                let (u, j) = (other as usize / 3, other as usize % 3);
                if !faces[t].is_flat() || !faces[u].is_flat() || t == u {
                    continue;
                }
                let along = tris[t][i] == tris[u][j];
                faces[t].next[i] = u as u32;
                faces[t].link[i] = j as u8 | (u8::from(along) << 2);
            }
        }
    }
    faces
}

/// Triangle `[a, b, c]` in the frame with A at the origin and B on the x axis; edges scaled to
/// about 1 first, so huge and tiny meshes lay flat alike. No area: a face no walk enters.
fn lay_flat([a, b, c]: [[f64; 3]; 3]) -> Face {
    let e1 = [0, 1, 2].map(|i| b[i] - a[i]);
    let w = [0, 1, 2].map(|i| c[i] - a[i]);
    let scale = e1.iter().chain(&w).fold(0.0f64, |m, x| m.max(x.abs()));
    let none = Face {
        origin: a,
        ex: [0.0; 3],
        ey: [0.0; 3],
        corners: [[0.0; 2]; 3],
        dirs: [[0.0; 2]; 3],
        lens: [0.0; 3],
        offsets: [0.0; 3],
        next: [NONE; 3],
        link: [0; 3],
    };
    if scale == 0.0 || !scale.is_finite() {
        return none;
    }
    let (e1, w) = (e1.map(|x| x / scale), w.map(|x| x / scale));
    let dot = |x: &[f64; 3], y: &[f64; 3]| x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
    let bx = dot(&e1, &e1).sqrt();
    let ex = e1.map(|x| x / bx);
    let cx = dot(&w, &ex);
    let perp = [0, 1, 2].map(|i| w[i] - cx * ex[i]);
    let cy = dot(&perp, &perp).sqrt();
    if !(bx > 0.0 && cy > 1e-12 * bx.max(dot(&w, &w).sqrt())) {
        return none;
    }
    let ey = perp.map(|x| x / cy);
    let corners = [[0.0, 0.0], [bx * scale, 0.0], [cx * scale, cy * scale]];
    let mut dirs = [[0.0; 2]; 3];
    let mut lens = [0.0; 3];
    for i in 0..3 {
        let (p, q) = (corners[i], corners[(i + 1) % 3]);
        let d = [q[0] - p[0], q[1] - p[1]];
        lens[i] = (d[0] * d[0] + d[1] * d[1]).sqrt();
        dirs[i] = [d[0] / lens[i], d[1] / lens[i]];
    }
    if lens.iter().any(|l| !(*l > 0.0 && l.is_finite())) {
        return none;
    }
    let offsets = [0, 1, 2].map(|i| {
        let n = normal(dirs[i]);
        corners[i][0] * n[0] + corners[i][1] * n[1]
    });
    Face {
        ex,
        ey,
        corners,
        dirs,
        lens,
        offsets,
        ..none
    }
}

/// An edge's outward normal: its unit direction turned clockwise.
#[inline(always)]
fn normal(d: [f64; 2]) -> [f64; 2] {
    [d[1], -d[0]]
}

/// Where a walk is: on triangle `face`, at `at` in its frame, heading `dir` (a unit vector),
/// having come in over edge `entry` (3: it started here).
#[derive(Debug, Clone, Copy)]
pub(super) struct Walker {
    pub(super) face: u32,
    pub(super) at: [f64; 2],
    dir: [f64; 2],
    entry: u8,
}

impl Walker {
    /// A walk from `at` on `face`, heading `dir` (unit, in the face's frame).
    #[inline(always)]
    pub(super) fn new(face: u32, at: [f64; 2], dir: [f64; 2]) -> Self {
        Self {
            face,
            at,
            dir,
            entry: 3,
        }
    }

    /// Walks `length` further, unfolding across edges; false if it ran off the surface (an
    /// open or shared-by-three edge) or crossed too many edges.
    pub(super) fn walk(&mut self, faces: &[Face], mut length: f64) -> bool {
        for _ in 0..MAX_CROSSINGS {
            let f = &faces[self.face as usize];
            // The edge the ray leaves by: the nearest along it of those it heads out of.
            let (mut exit, mut edge) = (f64::INFINITY, 3);
            for i in 0..3 {
                if i == self.entry as usize {
                    continue;
                }
                let n = normal(f.dirs[i]);
                let out = self.dir[0] * n[0] + self.dir[1] * n[1];
                if out > 0.0 {
                    let gap = f.offsets[i] - (self.at[0] * n[0] + self.at[1] * n[1]);
                    let s = gap.max(0.0) / out;
                    if s < exit {
                        (exit, edge) = (s, i);
                    }
                }
            }
            if length <= exit {
                self.at = [
                    self.at[0] + length * self.dir[0],
                    self.at[1] + length * self.dir[1],
                ];
                return true;
            }
            if edge == 3 || f.next[edge] == NONE {
                return false;
            }
            length -= exit;
            // The crossing, as a fraction of the edge, and the heading along and across it.
            let (d, c) = (f.dirs[edge], f.corners[edge]);
            let x = [
                self.at[0] + exit * self.dir[0],
                self.at[1] + exit * self.dir[1],
            ];
            let along = ((x[0] - c[0]) * d[0] + (x[1] - c[1]) * d[1]) / f.lens[edge];
            let along = along.clamp(0.0, 1.0);
            let (a, b) = (
                self.dir[0] * d[0] + self.dir[1] * d[1],
                self.dir[0] * d[1] - self.dir[1] * d[0],
            );
            let link = f.link[edge];
            let next = f.next[edge];
            let g = &faces[next as usize];
            let j = (link & 3) as usize;
            let same = link & 4 != 0;
            let (d2, c2, len2) = (g.dirs[j], g.corners[j], g.lens[j]);
            let (frac, sign) = if same {
                (along, 1.0)
            } else {
                (1.0 - along, -1.0)
            };
            // The same heading in the next frame: along the shared edge as before, and into
            // the triangle (against its outward normal) by as much as it went out of the last.
            let n2 = normal(g.dirs[j]);
            self.dir = [sign * a * d2[0] - b * n2[0], sign * a * d2[1] - b * n2[1]];
            self.at = [c2[0] + frac * len2 * d2[0], c2[1] + frac * len2 * d2[1]];
            self.face = next;
            self.entry = j as u8;
        }
        false
    }
}
