//! A mesh cut into pieces for sampling its surface: every triangle into `n²` similar pieces,
//! `n` its longest edge over 2r rounded up, so the pieces near a point cover little more than
//! its shell; the limit on how many, and the radius to advise when a mesh passes it. Bridson on a
//! mesh ([`super::MeshSampler`]) draws its candidates on these pieces.

use super::grid::{cells_needed, distance2};
use super::mesh::{area, sub, Mesh};
use crate::base::error::{short, Advice, Error, Result, DEFAULT_MAX_CELLS, MAX_LENGTH};

/// Pieces are at most this many r long.
pub const PIECE: f64 = 2.0;
/// The most pieces a mesh may be cut into beyond one per triangle ([`piece_limit`]): a bound on
/// memory, at about 124 bytes a piece (250 MB).
pub const MAX_PIECES: usize = 1 << 21;

/// The most pieces a mesh of `triangles` triangles may be cut into: one per triangle and
/// [`MAX_PIECES`] more, so that every mesh sampled at a radius past its longest edge fits
/// (2.3 GB of pieces at [`super::MAX_TRIANGLES`]).
pub fn piece_limit(triangles: usize) -> usize {
    triangles.saturating_add(MAX_PIECES)
}

/// A piece of a triangle: its corner `a`, its edges from `a`, its triangle.
#[derive(Debug, Clone, Copy)]
pub(super) struct Piece {
    pub(super) a: [f64; 3],
    pub(super) e1: [f64; 3],
    pub(super) e2: [f64; 3],
    pub(super) centre: [f64; 3],
    /// The farthest the piece reaches from its centre.
    pub(super) reach: f64,
    pub(super) area: f64,
    pub(super) face: u32,
}

impl Piece {
    /// The point at `(s, t)` of the unit square, folded into the piece: uniform by area.
    #[inline(always)]
    pub(super) fn at(&self, mut s: f64, mut t: f64) -> [f64; 3] {
        if s + t > 1.0 {
            (s, t) = (1.0 - s, 1.0 - t);
        }
        [0, 1, 2].map(|i| self.a[i] + s * self.e1[i] + t * self.e2[i])
    }

    fn new(a: [f64; 3], e1: [f64; 3], e2: [f64; 3], area: f64, face: u32) -> Self {
        let centre = [0, 1, 2].map(|i| a[i] + (e1[i] + e2[i]) / 3.0);
        let corners = [
            a,
            [0, 1, 2].map(|i| a[i] + e1[i]),
            [0, 1, 2].map(|i| a[i] + e2[i]),
        ];
        let reach = corners
            .iter()
            .map(|v| distance2(v, &centre))
            .fold(0.0, f64::max)
            .sqrt();
        // A hair more, for the rounding of the points drawn on it.
        let reach = reach * (1.0 + 1e-9);
        Self {
            a,
            e1,
            e2,
            centre,
            reach,
            area,
            face,
        }
    }
}

/// How many pieces [`cut`] makes of `mesh` at `radius`, and, through `at`, an upper bound on
/// how many it makes at another radius (each triangle's cuts scaled, rounded up).
struct Counter<'a> {
    mesh: &'a Mesh,
    radius: f64,
}

impl Counter<'_> {
    /// A triangle's cuts along each edge at the counter's radius: its longest edge over 2r,
    /// rounded up, at least 1.
    fn splits(&self, t: usize) -> f64 {
        let [a, b, c] = self.mesh.corners(t);
        let longest = [distance2(&a, &b), distance2(&b, &c), distance2(&c, &a)]
            .into_iter()
            .fold(0.0, f64::max)
            .sqrt();
        (longest / (PIECE * self.radius)).ceil().max(1.0)
    }

    /// At least the pieces [`cut`] makes at radius `r ≥ radius` (at `radius`, exactly them):
    /// never less than the triangles, however large `r` is.
    fn at(&self, r: f64) -> f64 {
        (0..self.mesh.triangles().len())
            .map(|t| {
                let n = self.splits(t);
                // At the counter's own radius, exactly: `n · r / r` can round up past `n`.
                let n = if r == self.radius {
                    n
                } else {
                    (n * self.radius / r).ceil().max(1.0)
                };
                n * n
            })
            .sum()
    }
}

/// The advice for a mesh refused at `radius`: the smallest radius (rounded up) at which both
/// its grid, over its box padded by r on every side, and its pieces fit their limits, so that
/// following the advice once works. Both counts only fall as r grows.
pub(super) fn advice(mesh: &Mesh, radius: f64) -> Advice {
    let (_, size) = mesh.bounds();
    let counter = Counter { mesh, radius };
    let pieces = piece_limit(mesh.triangles().len()) as f64;
    let fits = |r: f64| {
        let padded = size.map(|s| s + 2.0 * r);
        padded.iter().all(|&s| s <= MAX_LENGTH)
            && cells_needed(&padded, r) <= DEFAULT_MAX_CELLS as f64
            && counter.at(r) <= pieces
    };
    let (mut lo, mut hi) = (radius, radius);
    // At a radius past the mesh's size its grid is a few cells and each triangle one piece,
    // within the limits unless the padded box passes the largest length.
    while !fits(hi) {
        if hi > MAX_LENGTH {
            return Advice::from(format!(
                "no radius fits a mesh this large within {MAX_LENGTH:e}, the largest length \
                 measured, with r on both sides: scale the mesh down"
            ));
        }
        (lo, hi) = (hi, hi * 2.0);
    }
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if fits(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Advice::at_least("radius", hi)
}

/// Cuts every triangle into `n²` similar pieces, `n` its longest edge over 2r rounded up; past
/// [`piece_limit`], refused with [`advice`].
pub(super) fn cut(mesh: &Mesh, radius: f64) -> Result<Vec<Piece>> {
    let counter = Counter { mesh, radius };
    let needed = counter.at(radius);
    let limit = piece_limit(mesh.triangles().len());
    if needed > limit as f64 {
        return Err(Error::TooMuchWork {
            subject: format!("radius {} on this mesh", short(radius)),
            what: "pieces of triangle",
            needed,
            limit,
            hint: advice(mesh, radius),
        });
    }
    let mut pieces = Vec::new();
    let no_room = |_| Error::Invalid {
        message: format!(
            "not enough memory for the {needed} pieces of triangle at radius {}",
            short(radius)
        ),
    };
    pieces.try_reserve_exact(needed as usize).map_err(no_room)?;
    for t in 0..mesh.triangles().len() {
        let [a, b, c] = mesh.corners(t);
        let n = counter.splits(t) as usize;
        let (u, v) = (
            sub(&b, &a).map(|x| x / n as f64),
            sub(&c, &a).map(|x| x / n as f64),
        );
        let piece_area = area(&u, &v);
        if piece_area <= 0.0 {
            continue;
        }
        let corner =
            |i: usize, j: usize| [0, 1, 2].map(|d| a[d] + i as f64 * u[d] + j as f64 * v[d]);
        for i in 0..n {
            for j in 0..n - i {
                // The piece pointing like the triangle, and the one pointing back beside it.
                let p = corner(i, j);
                pieces.push(Piece::new(p, u, v, piece_area, t as u32));
                if i + j + 1 < n {
                    let q = corner(i + 1, j + 1);
                    let back = [0, 1, 2].map(|d| -u[d]);
                    let down = [0, 1, 2].map(|d| -v[d]);
                    pieces.push(Piece::new(q, back, down, piece_area, t as u32));
                }
            }
        }
    }
    Ok(pieces)
}
