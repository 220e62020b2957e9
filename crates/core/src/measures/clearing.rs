//! The widest clearing: the largest empty circle centred on the map, found exactly.
//!
//! Lab 1 reports it beside the too-close pairs and the tightest pair ([`crate::metrics`], which
//! re-exports it). It is an idea of its own: a Delaunay triangulation (made exactly Delaunay by
//! Lawson's flips) supplies the candidate centres, the Voronoi vertices and where Voronoi edges
//! cross the map's sides, and each candidate is measured against its true nearest point.
//!
//! Points are [`crate::Point`]s or bare `[x, y]` pairs in map units, as in [`crate::metrics`].

use crate::measures::buckets::{bounds, dist2, positions, Buckets};

/// The largest empty circle centred on the map: lab 1's "clearing".
///
/// Among all circles whose centre lies in the closed rectangle `[0, width] × [0, height]` and
/// that hold no point strictly inside, this is one with the largest radius. Put differently, the
/// radius is the maximum over centres `c` in the rectangle of the distance from `c` to its
/// nearest point. Points on the circle itself are allowed, and the circle may reach past the
/// map's edge: only its centre is confined. The page shows the diameter, `2 · radius`.
///
/// `None` for no points, or when `width` or `height` is negative or not finite. When several
/// centres give the same radius, which one comes back is fixed by the input but otherwise
/// unspecified.
///
/// The answer is exact, not a grid search. The distance to the nearest point can only peak at a
/// Voronoi vertex inside the rectangle, where a Voronoi edge crosses a side, or at a corner:
/// inside one Voronoi cell, or along one edge or one side, the distance to a fixed point has no
/// interior maximum. So a Delaunay triangulation supplies the candidates (its triangles'
/// circumcentres, and the perpendicular bisector of each of its edges met with the four sides),
/// and the corners are added. Each candidate carries an upper bound, its distance to the points
/// that made it; candidates are tried from the highest bound down, each against its true nearest
/// point found with a grid, until no bound left can beat the best. Collinear points have no
/// triangles; then neighbours along the line are bisected instead. Building the triangulation
/// dominates: `O(n log n)`.
///
/// `None` when there are no points, the map size is negative or not finite, or a coordinate lies
/// beyond [`crate::error::MAX_LENGTH`] (where squared distances overflow).
///
/// ```
/// use poisson_live::clearing::largest_empty_circle;
///
/// // One tree in the middle of a 10 × 10 map: the widest clearing is centred on a corner.
/// let c = largest_empty_circle(&[[5.0, 5.0]], 10.0, 10.0).unwrap();
/// assert_eq!(c.radius, 50f64.sqrt());
/// assert!(c.x == 0.0 || c.x == 10.0);
/// assert!(c.y == 0.0 || c.y == 10.0);
/// ```
pub fn largest_empty_circle<P: Copy + Into<[f64; 2]>>(
    points: &[P],
    width: f64,
    height: f64,
) -> Option<Clearing> {
    let points = &positions(points)[..];
    let size_ok = |s: f64| s.is_finite() && s >= 0.0;
    if points.is_empty() || !size_ok(width) || !size_ok(height) {
        return None;
    }
    // Beyond the crate's length range the triangulation's own arithmetic overflows (and it may
    // index out of bounds): such a set has no meaningful clearing, so say none.
    let reasonable = |c: f64| c.is_finite() && c.abs() <= crate::base::error::MAX_LENGTH;
    if !points.iter().all(|p| reasonable(p[0]) && reasonable(p[1])) {
        return None;
    }
    // −0.0 and 0.0 are the same place, but the triangulation's orientation tests can treat them
    // differently and lose an edge; adding 0.0 turns every −0.0 into 0.0.
    let normalised: Vec<[f64; 2]> = points.iter().map(|p| [p[0] + 0.0, p[1] + 0.0]).collect();
    let points = &normalised[..];
    let nearest = Nearest::new(points);
    // The best centre so far, as (squared radius, x, y).
    let mut best = (f64::NEG_INFINITY, 0.0, 0.0);
    let consider = |best: &mut (f64, f64, f64), x: f64, y: f64| {
        let d2 = nearest.nearest_d2([x, y]);
        if d2 > best.0 {
            *best = (d2, x, y);
        }
    };
    for (x, y) in [(0.0, 0.0), (width, 0.0), (0.0, height), (width, height)] {
        consider(&mut best, x, y);
    }

    // Every other candidate comes with an upper bound on its nearest distance: the distance to
    // the few points that made it. Trying candidates from the highest bound down, the search
    // can stop as soon as no bound beats the best found, which on a Delaunay triangulation
    // (where a circumcentre's bound is its true distance) is almost at once.
    let mut candidates = Centres {
        width,
        height,
        list: Vec::new(),
    };
    let tri = delaunay(points);
    if tri.triangles.is_empty() {
        // All points on one line (or fewer than three distinct ones): the Voronoi cells are
        // strips between the bisectors of neighbours along the line.
        for (a, b) in line_neighbours(points) {
            candidates.bisector(points[a], points[b], &[]);
        }
    } else {
        for t in tri.triangles.chunks_exact(3) {
            let (a, b, c) = (points[t[0]], points[t[1]], points[t[2]]);
            if let Some(centre) = circumcentre(a, b, c) {
                candidates.point(centre, &[a, b, c]);
            }
        }
        let third = |e: usize| points[tri.triangles[delaunator::prev_halfedge(e)]];
        for (e, &twin) in tri.halfedges.iter().enumerate() {
            // Each inner edge appears as two half-edges; take it once. Hull edges have no twin.
            // Only the stretch of the bisector nearer to the edge's ends than to the triangles'
            // third corners is a Voronoi edge; those corners bound the rest of it out.
            let (p, q) = (
                points[tri.triangles[e]],
                points[tri.triangles[delaunator::next_halfedge(e)]],
            );
            if twin == delaunator::EMPTY {
                candidates.bisector(p, q, &[third(e)]);
            } else if e < twin {
                candidates.bisector(p, q, &[third(e), third(twin)]);
            }
        }
        // The triangulation skips a point it takes for a near-duplicate or cannot place on its
        // hull (a point 1e-9 off a line of points 1e30 long). Such a point's own Voronoi
        // vertices are missing: add those it makes with its nearest neighbours (rare, and only
        // on near-degenerate sets; beyond MISSING_MAX such points, the rest are left out).
        for m in untriangulated(points, &tri.triangles)
            .into_iter()
            .take(MISSING_MAX)
        {
            let pm = points[m];
            // Each place once: copies of one point would crowd out the other neighbours.
            let mut seen = std::collections::HashSet::new();
            let mut near: Vec<(f64, usize)> = (0..points.len())
                .filter(|&a| points[a] != pm && seen.insert(place_key(points[a])))
                .map(|a| (dist2(points[a], pm), a))
                .collect();
            if near.len() > MISSING_NEIGHBOURS {
                near.select_nth_unstable_by(MISSING_NEIGHBOURS, |a, b| a.0.total_cmp(&b.0));
                near.truncate(MISSING_NEIGHBOURS);
            }
            for (i, &(_, a)) in near.iter().enumerate() {
                candidates.bisector(pm, points[a], &[]);
                for &(_, b) in &near[i + 1..] {
                    if let Some(centre) = circumcentre(pm, points[a], points[b]) {
                        candidates.point(centre, &[pm, points[a], points[b]]);
                    }
                }
            }
        }
    }

    let mut list = candidates.list;
    // Stable, so equal bounds keep the order they were made in and the result is reproducible.
    list.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (bound, x, y) in list {
        if bound <= best.0 {
            break;
        }
        consider(&mut best, x, y);
    }
    let (d2, x, y) = best;
    Some(Clearing {
        x,
        y,
        radius: d2.sqrt(),
    })
}

/// A circle on the map with no point strictly inside it; see [`largest_empty_circle`].
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Clearing {
    /// Centre, x in map units (within `[0, width]`).
    pub x: f64,
    /// Centre, y in map units (within `[0, height]`).
    pub y: f64,
    /// Distance from the centre to the nearest point.
    pub radius: f64,
}

/// Flips edges of `tri` until every one passes an exact in-circle test: a true Delaunay
/// triangulation, which the clearing's candidates rely on.
///
/// The triangulation library decides "inside the circle" in plain floating point, which can be
/// wrong for near-degenerate triangles (points spread 1e30 one way and 1e-9 the other, or two
/// points 0.125 apart on a 1e15 map) and then leaves out an edge whose bisector holds the widest
/// clearing. Its orientation test is exact, so what it returns is a valid triangulation, and
/// Lawson's flips turn any valid triangulation into the Delaunay one; usually there is nothing
/// to flip. The points come scaled by [`unit_scale`], so that the exact predicates' products
/// stay in range; where they still overflow, the edge is left alone.
pub(crate) fn make_delaunay(points: &[delaunator::Point], tri: &mut delaunator::Triangulation) {
    use delaunator::{next_halfedge, prev_halfedge, EMPTY};
    let at = |i: usize| robust::Coord {
        x: points[i].x,
        y: points[i].y,
    };
    // Whether the corner opposite `e` across its edge lies strictly inside the circle through
    // `e`'s triangle.
    let illegal = |tri: &delaunator::Triangulation, e: usize| {
        let f = tri.halfedges[e];
        if f == EMPTY {
            return false;
        }
        let (u, v, w) = (
            tri.triangles[e],
            tri.triangles[next_halfedge(e)],
            tri.triangles[prev_halfedge(e)],
        );
        let x = tri.triangles[prev_halfedge(f)];
        let turn = robust::orient2d(at(u), at(v), at(w));
        let inside = robust::incircle(at(u), at(v), at(w), at(x)) * turn.signum();
        turn != 0.0 && inside.is_finite() && inside > 0.0
    };
    let mut stack: Vec<usize> = (0..tri.halfedges.len())
        .filter(|&e| tri.halfedges[e] != EMPTY && e < tri.halfedges[e])
        .collect();
    // Lawson's flips always end, but a cap keeps a pathological input from taking long; a
    // triangulation left short of Delaunay only risks a clearing that is not the widest.
    let mut flips_left = 16 * tri.triangles.len() + 1024;
    while let Some(e) = stack.pop() {
        if !illegal(tri, e) {
            continue;
        }
        if flips_left == 0 {
            break;
        }
        flips_left -= 1;
        // Triangle e is (u, v, w), its twin f is (v, u, x); after the flip they are (x, v, w)
        // and (w, u, x), sharing the new edge w–x.
        let f = tri.halfedges[e];
        let (pe, pf) = (prev_halfedge(e), prev_halfedge(f));
        let (x, w) = (tri.triangles[pf], tri.triangles[pe]);
        tri.triangles[e] = x;
        tri.triangles[f] = w;
        let (beyond_xv, beyond_wu) = (tri.halfedges[pf], tri.halfedges[pe]);
        tri.halfedges[e] = beyond_xv;
        if beyond_xv != EMPTY {
            tri.halfedges[beyond_xv] = e;
        }
        tri.halfedges[f] = beyond_wu;
        if beyond_wu != EMPTY {
            tri.halfedges[beyond_wu] = f;
        }
        tri.halfedges[pe] = pf;
        tri.halfedges[pf] = pe;
        stack.extend([e, next_halfedge(e), f, next_halfedge(f)]);
    }
}

/// The triangulation of `points`, made at a scale where the largest coordinate is about 1: a
/// power of two changes no answer, and the triangulation's fixed tolerance for "the same point"
/// (about 4e-16) then means the same, relatively, for a map of any size, instead of merging
/// every point of a map 1e-20 wide. Valid, but not always Delaunay (see [`delaunay`]).
pub(crate) fn triangulate_scaled(points: &[[f64; 2]]) -> delaunator::Triangulation {
    triangulate_at_unit(points).1
}

/// The Delaunay triangulation of `points`: [`triangulate_scaled`]'s, its edges flipped by
/// [`make_delaunay`] until every one passes the exact in-circle test.
pub(crate) fn delaunay(points: &[[f64; 2]]) -> delaunator::Triangulation {
    let (scaled, mut tri) = triangulate_at_unit(points);
    make_delaunay(&scaled, &mut tri);
    tri
}

/// Calls `edge(a, b)` once for each edge of [`delaunay`]'s triangulation of `points`, in the
/// order of its half-edges; points that make no triangle (all on one line, or fewer than three
/// distinct ones) are joined to their neighbours along the line instead.
pub(crate) fn each_delaunay_edge(points: &[[f64; 2]], mut edge: impl FnMut(usize, usize)) {
    let tri = delaunay(points);
    if tri.triangles.is_empty() {
        for (a, b) in line_neighbours(points) {
            edge(a, b);
        }
    }
    for (e, &twin) in tri.halfedges.iter().enumerate() {
        if twin == delaunator::EMPTY || e < twin {
            edge(
                tri.triangles[e],
                tri.triangles[delaunator::next_halfedge(e)],
            );
        }
    }
}

/// `points` scaled by [`unit_scale`], and their triangulation.
fn triangulate_at_unit(points: &[[f64; 2]]) -> (Vec<delaunator::Point>, delaunator::Triangulation) {
    let scale = unit_scale(points);
    let scaled: Vec<delaunator::Point> = points
        .iter()
        .map(|p| delaunator::Point {
            x: p[0] * scale,
            y: p[1] * scale,
        })
        .collect();
    let tri = delaunator::triangulate(&scaled);
    (scaled, tri)
}

/// A power of two that brings the largest coordinate to between 1/2 and 1 (1 for no size).
pub(crate) fn unit_scale(points: &[[f64; 2]]) -> f64 {
    let largest = points
        .iter()
        .fold(0.0f64, |m, p| m.max(p[0].abs()).max(p[1].abs()));
    if largest > 0.0 {
        2f64.powi(-(largest.log2().ceil() as i32))
    } else {
        1.0
    }
}

/// For a point the triangulation skipped: how many of its nearest neighbours make candidates
/// with it (their bisectors, and the circles through it and any two of them), and how many such
/// points are looked after at most.
const MISSING_NEIGHBOURS: usize = 16;
const MISSING_MAX: usize = 64;

/// The points that are in no triangle and have no exact copy in one.
fn untriangulated(points: &[[f64; 2]], triangles: &[usize]) -> Vec<usize> {
    let mut used = vec![false; points.len()];
    for &i in triangles {
        used[i] = true;
    }
    let mut placed: std::collections::HashSet<(u64, u64)> = (0..points.len())
        .filter(|&i| used[i])
        .map(|i| place_key(points[i]))
        .collect();
    // One of each place: the first of a run of copies stands for them all.
    (0..points.len())
        .filter(|&i| !used[i] && placed.insert(place_key(points[i])))
        .collect()
}

/// A point's coordinates as a hashable key (the points here have no −0.0, so equal places have
/// equal keys).
fn place_key(p: [f64; 2]) -> (u64, u64) {
    (p[0].to_bits(), p[1].to_bits())
}

/// The centre of the circle through `a`, `b` and `c`, or `None` when they are collinear.
pub(crate) fn circumcentre(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Option<[f64; 2]> {
    // Work relative to `a`: the differences are small where the points are close, which keeps
    // the rounding small where it matters.
    let (bx, by) = (b[0] - a[0], b[1] - a[1]);
    let (cx, cy) = (c[0] - a[0], c[1] - a[1]);
    let den = 2.0 * (bx * cy - by * cx);
    if den == 0.0 {
        return None;
    }
    let (b2, c2) = (bx * bx + by * by, cx * cx + cy * cy);
    let x = a[0] + (cy * b2 - by * c2) / den;
    let y = a[1] + (bx * c2 - cx * b2) / den;
    (x.is_finite() && y.is_finite()).then_some([x, y])
}

/// Candidate centres for the clearing, each with an upper bound on its squared distance to the
/// nearest point, as `(bound, x, y)`.
struct Centres {
    width: f64,
    height: f64,
    list: Vec<(f64, f64, f64)>,
}

impl Centres {
    /// Adds `c` if it lies on the map; `near` are points at or near it, so the nearest point is
    /// at most as far as the closest of them.
    fn point(&mut self, c: [f64; 2], near: &[[f64; 2]]) {
        if (0.0..=self.width).contains(&c[0]) && (0.0..=self.height).contains(&c[1]) {
            let bound = near.iter().fold(f64::INFINITY, |b, &p| b.min(dist2(c, p)));
            self.list.push((bound, c[0], c[1]));
        }
    }

    /// Adds each point where the perpendicular bisector of `p` and `q` meets a side of the map.
    ///
    /// `others` are the third corners of the triangles on either side of the edge `pq`. Where
    /// the bisector is nearer to one of them than to `p`, it is not the Voronoi edge between `p`
    /// and `q` but runs through some other point's cell, where no maximum can be: skip it.
    /// (Only when clearly nearer, so that rounding never drops a true Voronoi vertex.)
    fn bisector(&mut self, p: [f64; 2], q: [f64; 2], others: &[[f64; 2]]) {
        for c in bisector_on_sides(p, q, self.width, self.height)
            .into_iter()
            .flatten()
        {
            let to_p = dist2(c, p);
            let to_others = others
                .iter()
                .fold(f64::INFINITY, |b, &o| b.min(dist2(c, o)));
            if to_others >= to_p * (1.0 - 1e-9) {
                self.list
                    .push((to_p.min(dist2(c, q)).min(to_others), c[0], c[1]));
            }
        }
    }
}

/// The points where the perpendicular bisector of `p` and `q` meets a side of the rectangle
/// `[0, width] × [0, height]`: on the left, right, top and bottom side, in that order (a line
/// through a corner meets it from two sides).
fn bisector_on_sides(p: [f64; 2], q: [f64; 2], width: f64, height: f64) -> [Option<[f64; 2]>; 4] {
    let (mx, my) = ((p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0);
    let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
    // The bisector is every c with (c − m) · (q − p) = 0: solve for y on a vertical side, for x
    // on a horizontal one. A bisector parallel to a side never meets it at a single point.
    let on_vertical = |x: f64| {
        let y = my - (x - mx) * dx / dy;
        (dy != 0.0 && (0.0..=height).contains(&y)).then_some([x, y])
    };
    let on_horizontal = |y: f64| {
        let x = mx - (y - my) * dy / dx;
        (dx != 0.0 && (0.0..=width).contains(&x)).then_some([x, y])
    };
    [
        on_vertical(0.0),
        on_vertical(width),
        on_horizontal(0.0),
        on_horizontal(height),
    ]
}

/// For points on one line, each pair of distinct neighbours along it.
pub(crate) fn line_neighbours(points: &[[f64; 2]]) -> Vec<(usize, usize)> {
    let lexical = |a: &usize, b: &usize| {
        let (p, q) = (points[*a], points[*b]);
        p[0].total_cmp(&q[0]).then(p[1].total_cmp(&q[1]))
    };
    let (Some(first), Some(last)) = (
        (0..points.len()).min_by(lexical),
        (0..points.len()).max_by(lexical),
    ) else {
        return Vec::new();
    };
    // The lexically first and last points are the two ends of the line; project on it.
    let (o, end) = (points[first], points[last]);
    let dir = [end[0] - o[0], end[1] - o[1]];
    let along = |i: usize| (points[i][0] - o[0]) * dir[0] + (points[i][1] - o[1]) * dir[1];
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_unstable_by(|&a, &b| along(a).total_cmp(&along(b)).then(a.cmp(&b)));
    order
        .windows(2)
        .filter(|w| dist2(points[w[0]], points[w[1]]) > 0.0)
        .map(|w| (w[0], w[1]))
        .collect()
}

/// Nearest-point queries from anywhere on the plane: the crate's bucket index with about one
/// point per cell over the points' bounding box.
struct Nearest<'a> {
    points: &'a [[f64; 2]],
    index: Buckets,
}

impl<'a> Nearest<'a> {
    fn new(points: &'a [[f64; 2]]) -> Self {
        let [lo, hi] = bounds(points);
        let (ex, ey) = (hi[0] - lo[0], hi[1] - lo[1]);
        let n = points.len().max(1) as f64;
        // About n cells over the box; the second term keeps a thin box (points nearly on a line)
        // from getting more than n cells along its length.
        // √ex · √(ey/n) rather than √(ex·ey/n): the product overflows for boxes near 1e300.
        let mut cell = (ex.sqrt() * (ey / n).sqrt()).max(ex.max(ey) / n);
        if !(cell.is_finite() && cell > 0.0) {
            cell = 1.0;
        }
        // With cell ≥ max(ex, ey) / n there are at most n + 1 columns and rows; the clamp only
        // guards against what rounding could add to that.
        let cols = ((ex / cell).floor() as usize).min(points.len()) + 1;
        let rows = ((ey / cell).floor() as usize).min(points.len()) + 1;
        let size = [cols as i64, rows as i64];
        let index = Buckets::plane(points.iter().copied().enumerate(), lo, [cell, cell], size);
        Nearest { points, index }
    }

    /// The squared distance from `q` to its nearest point.
    ///
    /// Scans rings of cells outward from `q`'s cell (clamped into the index, so a query from
    /// outside starts at its edge) and stops once no cell left unscanned can be as near as the
    /// best point found. The bound is the true distance to the unscanned cells, not a count of
    /// rings, so a query far off the grid (a map corner far from every point) stops after a
    /// few rings instead of sweeping the whole grid.
    fn nearest_d2(&self, q: [f64; 2]) -> f64 {
        let (c0, r0) = self.index.cell_of(q);
        let [cols, rows] = self.index.size();
        let (cell, origin) = (self.index.cell()[0], self.index.origin());
        // Widen the unscanned cells a little, for points that rounding put in a neighbouring
        // cell and for the rounding of the bound itself.
        let slack = 1e-6 * cell
            + 1e-12 * (origin[0].abs() + origin[1].abs() + q[0].abs() + q[1].abs())
            + 1e-12 * cell * (cols + rows) as f64;
        let mut best = f64::INFINITY;
        let scan = |best: &mut f64, c: i64, top: i64, bottom: i64| {
            for i in self.index.column(c, top, bottom) {
                *best = best.min(dist2(q, self.points[i]));
            }
        };
        for k in 0.. {
            let (left, right) = ((c0 - k).max(0), (c0 + k).min(cols - 1));
            let (top, bottom) = ((r0 - k).max(0), (r0 + k).min(rows - 1));
            // The ring: its left and right columns whole, its top and bottom rows between.
            for c in left..=right {
                if c == c0 - k || c == c0 + k {
                    scan(&mut best, c, top, bottom);
                } else {
                    if r0 - k >= 0 {
                        scan(&mut best, c, r0 - k, r0 - k);
                    }
                    if r0 + k < rows {
                        scan(&mut best, c, r0 + k, r0 + k);
                    }
                }
            }
            // What is left: whole columns left and right of the block, and the parts of its
            // columns above and below it.
            let (last_col, last_row) = (cols - 1, rows - 1);
            let mut unscanned = f64::INFINITY;
            if left > 0 {
                unscanned = unscanned.min(self.block_d2(q, slack, (0, left - 1), (0, last_row)));
            }
            if right < last_col {
                unscanned =
                    unscanned.min(self.block_d2(q, slack, (right + 1, last_col), (0, last_row)));
            }
            if top > 0 {
                unscanned = unscanned.min(self.block_d2(q, slack, (left, right), (0, top - 1)));
            }
            if bottom < last_row {
                unscanned =
                    unscanned.min(self.block_d2(q, slack, (left, right), (bottom + 1, last_row)));
            }
            if best <= unscanned {
                break;
            }
        }
        best
    }

    /// The squared distance from `q` to the block of cells `cols.0..=cols.1` by
    /// `rows.0..=rows.1`, grown by `slack` on every side.
    fn block_d2(&self, q: [f64; 2], slack: f64, cols: (i64, i64), rows: (i64, i64)) -> f64 {
        let (cell, origin) = (self.index.cell()[0], self.index.origin());
        let gap = |v: f64, origin: f64, first: i64, last: i64| {
            let lo = origin + first as f64 * cell - slack;
            let hi = origin + (last + 1) as f64 * cell + slack;
            (lo - v).max(v - hi).max(0.0)
        };
        let dx = gap(q[0], origin[0], cols.0, cols.1);
        let dy = gap(q[1], origin[1], rows.0, rows.1);
        dx * dx + dy * dy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circumcentre_of_a_right_triangle_is_the_hypotenuse_midpoint() {
        assert_eq!(
            circumcentre([0.0, 0.0], [4.0, 0.0], [0.0, 6.0]),
            Some([2.0, 3.0])
        );
        assert_eq!(circumcentre([0.0, 0.0], [1.0, 1.0], [3.0, 3.0]), None);
    }

    #[test]
    fn bisector_meets_the_sides_it_crosses() {
        assert_eq!(
            bisector_on_sides([2.0, 5.0], [8.0, 5.0], 10.0, 10.0),
            [None, None, Some([5.0, 0.0]), Some([5.0, 10.0])]
        );
        // The diagonal's bisector runs corner to corner; each corner is met from two sides.
        assert_eq!(
            bisector_on_sides([0.0, 0.0], [10.0, 10.0], 10.0, 10.0),
            [
                Some([0.0, 10.0]),
                Some([10.0, 0.0]),
                Some([10.0, 0.0]),
                Some([0.0, 10.0])
            ]
        );
        // A steep bisector misses the left and right sides.
        assert_eq!(
            bisector_on_sides([0.0, 4.0], [10.0, 5.0], 10.0, 10.0)[..2],
            [None, None]
        );
    }

    #[test]
    fn line_neighbours_follow_the_line_and_skip_copies() {
        let points = [[4.0, 4.0], [1.0, 1.0], [9.0, 9.0], [4.0, 4.0], [2.0, 2.0]];
        let pairs = line_neighbours(&points);
        assert_eq!(pairs, vec![(1, 4), (4, 0), (3, 2)]);
        let vertical = [[3.0, 7.0], [3.0, 1.0], [3.0, 4.0]];
        assert_eq!(line_neighbours(&vertical), vec![(1, 2), (2, 0)]);
    }

    #[test]
    fn nearest_matches_brute_force_from_inside_and_outside() {
        // A clumped set: most points in one corner, a few strays far away.
        let mut points = Vec::new();
        let mut f = crate::base::rng::lcg_unit(12345);
        for _ in 0..300 {
            points.push([f() * 10.0, f() * 10.0]);
        }
        points.push([500.0, 3.0]);
        points.push([250.0, 400.0]);
        let nearest = Nearest::new(&points);
        for _ in 0..2000 {
            let q = [f() * 700.0 - 100.0, f() * 700.0 - 100.0];
            let brute = points
                .iter()
                .map(|&p| dist2(q, p))
                .fold(f64::INFINITY, f64::min);
            assert_eq!(nearest.nearest_d2(q), brute, "query {q:?}");
        }
    }
}
