//! Measures of how evenly a set of points covers a map.
//!
//! Lab 1 of the tutorial puts three scatter methods side by side and reports, for each one, how
//! many pairs sit too close, the tightest pair, and the widest clearing. These are the figures
//! that make "random clumps, Poisson spreads" visible as numbers, so every function here is exact
//! (it agrees with a brute-force check) and fast (`O(n log n)` at worst, grids instead of
//! comparing every pair), so the page can recompute them on every slider move.
//!
//! Points are `[x, y]` in map units, with the origin at the top-left corner of a map
//! `width × height`. Coordinates must be finite; the samplers only ever produce points inside
//! `[0, width) × [0, height)`, but nothing here relies on that.

use std::collections::BTreeSet;

/// The relative slack added to grid cells so that rounding in `floor(x / cell)` can never put
/// two points that must be compared more than one cell apart.
const CELL_SLACK: f64 = 1e-5;

/// A grid never gets more than this many cells along one axis. Keeping the cell index small keeps
/// its rounding error far below [`CELL_SLACK`], and keeps absurd spacings from overflowing `i64`.
const MAX_CELLS_PER_AXIS: f64 = 1_073_741_824.0; // 2^30

/// Every pair `(i, j)` with `i < j` whose points are closer than `spacing`.
///
/// "Closer" means `dx² + dy² < spacing²` in `f64`, so a pair exactly `spacing` apart is fine:
/// that is the rule the samplers keep. The pairs come back sorted. A spacing that is not finite
/// and positive asks for nothing and gives no pairs.
///
/// Buckets the points into a grid of cells one spacing wide, so each point is only compared with
/// the points in its own and the eight neighbouring cells: the work grows with the number of
/// points plus the number of pairs found, not with its square.
///
/// ```
/// use poisson_live::metrics::too_close_pairs;
///
/// let points = [[0.0, 0.0], [3.0, 0.0], [0.0, 4.0], [40.0, 40.0]];
/// // (1, 2) is exactly 5 apart, which is allowed.
/// assert_eq!(too_close_pairs(&points, 5.0), vec![(0, 1), (0, 2)]);
/// ```
pub fn too_close_pairs(points: &[[f64; 2]], spacing: f64) -> Vec<(usize, usize)> {
    if !(spacing.is_finite() && spacing > 0.0) || points.len() < 2 {
        return Vec::new();
    }
    let limit = spacing * spacing;
    let index = CellIndex::new(points, |_| true, spacing);
    let reach = index.reach(spacing);
    let mut pairs = Vec::new();
    index.for_each_pair(reach, |i, j| {
        if dist2(points[i], points[j]) < limit {
            pairs.push((i.min(j), i.max(j)));
        }
    });
    pairs.sort_unstable();
    pairs
}

/// The closest pair of points and their distance, as `(i, j, distance)` with `i < j`.
///
/// `None` when there are fewer than two points. The distance is `sqrt(dx² + dy²)` of the pair
/// with the smallest `dx² + dy²`, exactly as comparing every pair would find it; when several
/// pairs tie, the one with the smallest `(i, j)` wins, so the answer never depends on the order
/// the search happened to visit them in.
///
/// Duplicated points give distance 0, and they come first: if any two points coincide, the
/// answer is the smallest such pair, even when some distinct pair is so close (under about
/// 1e-154 apart) that its `dx² + dy²` underflows to 0 as well. Among distinct pairs that close,
/// the distance returned is still the smallest, but which of them is returned is unspecified.
///
/// Sweeps the points from left to right, keeping only those within the best distance so far in
/// `x`, ordered by `y`; each new point is compared with the few whose `y` is that close too.
/// That is `O(n log n)`.
///
/// ```
/// use poisson_live::metrics::tightest_pair;
///
/// let points = [[0.0, 0.0], [10.0, 0.0], [10.0, 3.0], [20.0, 20.0]];
/// assert_eq!(tightest_pair(&points), Some((1, 2, 3.0)));
/// assert_eq!(tightest_pair(&points[..1]), None);
/// ```
pub fn tightest_pair(points: &[[f64; 2]]) -> Option<(usize, usize, f64)> {
    if points.len() < 2 {
        return None;
    }
    // Duplicates first: with a best distance of zero the sweep below would compare every copy
    // with every other copy, which is quadratic in the number of copies.
    if let Some((i, j)) = first_duplicate(points) {
        return Some((i, j, 0.0));
    }

    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_unstable_by(|&a, &b| {
        norm(points[a][0])
            .total_cmp(&norm(points[b][0]))
            .then(a.cmp(&b))
    });

    let mut best_d2 = f64::INFINITY;
    let mut best_pair = (usize::MAX, usize::MAX);
    // The points behind the sweep line that are still within the best distance in x, by y.
    let mut window: BTreeSet<(u64, usize)> = BTreeSet::new();
    let mut oldest = 0;
    for (at, &i) in order.iter().enumerate() {
        let p = points[i];
        // Retire points too far left to matter. Comparing dx² with the best squared distance
        // is safe under rounding: dx² + dy² can never round below dx².
        while oldest < at {
            let q = points[order[oldest]];
            let dx = p[0] - q[0];
            if dx * dx > best_d2 {
                window.remove(&(y_key(q[1]), order[oldest]));
                oldest += 1;
            } else {
                break;
            }
        }
        // Any partner at the best distance or closer has |dy| at most sqrt(best); widen the
        // band by a hair and one step of float on each side so rounding cannot leave it out.
        let half = best_d2.sqrt() * (1.0 + 1e-12);
        let low = y_key((p[1] - half).next_down());
        let high = y_key((p[1] + half).next_up());
        for &(_, j) in window.range((low, 0)..=(high, usize::MAX)) {
            let d2 = dist2(p, points[j]);
            let pair = (i.min(j), i.max(j));
            if d2 < best_d2 || (d2 == best_d2 && pair < best_pair) {
                best_d2 = d2;
                best_pair = pair;
            }
        }
        window.insert((y_key(p[1]), i));
    }
    Some((best_pair.0, best_pair.1, best_d2.sqrt()))
}

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
/// use poisson_live::metrics::largest_empty_circle;
///
/// // One tree in the middle of a 10 × 10 map: the widest clearing is centred on a corner.
/// let c = largest_empty_circle(&[[5.0, 5.0]], 10.0, 10.0).unwrap();
/// assert_eq!(c.radius, 50f64.sqrt());
/// assert!(c.x == 0.0 || c.x == 10.0);
/// assert!(c.y == 0.0 || c.y == 10.0);
/// ```
pub fn largest_empty_circle(points: &[[f64; 2]], width: f64, height: f64) -> Option<Clearing> {
    let size_ok = |s: f64| s.is_finite() && s >= 0.0;
    if points.is_empty() || !size_ok(width) || !size_ok(height) {
        return None;
    }
    // Beyond the crate's length range the triangulation's own arithmetic overflows (and it may
    // index out of bounds): such a set has no meaningful clearing, so say none.
    let reasonable = |c: f64| c.is_finite() && c.abs() <= crate::error::MAX_LENGTH;
    if !points.iter().all(|p| reasonable(p[0]) && reasonable(p[1])) {
        return None;
    }
    // −0.0 and 0.0 are the same place, but the triangulation's orientation tests can treat them
    // differently and lose an edge; adding 0.0 turns every −0.0 into 0.0.
    let normalised: Vec<[f64; 2]> = points.iter().map(|p| [p[0] + 0.0, p[1] + 0.0]).collect();
    let points = &normalised[..];
    let grid = NearestGrid::new(points);
    // The best centre so far, as (squared radius, x, y).
    let mut best = (f64::NEG_INFINITY, 0.0, 0.0);
    let consider = |best: &mut (f64, f64, f64), x: f64, y: f64| {
        let d2 = grid.nearest_d2(points, [x, y]);
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
    let mut candidates = Candidates {
        width,
        height,
        list: Vec::new(),
    };
    // Triangulated at a scale where the largest coordinate is about 1: a power of two changes
    // no answer, and the triangulation's fixed tolerance for "the same point" (about 4e-16)
    // then means the same, relatively, for a map of any size, instead of merging every point of
    // a map 1e-20 wide.
    let scale = unit_scale(points);
    let dpoints: Vec<delaunator::Point> = points
        .iter()
        .map(|p| delaunator::Point {
            x: p[0] * scale,
            y: p[1] * scale,
        })
        .collect();
    let mut tri = delaunator::triangulate(&dpoints);
    make_delaunay(&dpoints, &mut tri);
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
pub struct Clearing {
    /// Centre, x in map units (within `[0, width]`).
    pub x: f64,
    /// Centre, y in map units (within `[0, height]`).
    pub y: f64,
    /// Distance from the centre to the nearest point.
    pub radius: f64,
}

/// Points per `r²` of map: `count · r² / (width · height)`.
///
/// Density with the spacing divided out, so maps and spacings of any size compare: a Poisson
/// disk set with spacing `r` (Bridson, k = 30) lands around 0.6 to 0.7 here whatever `r` is, a
/// perfect hexagonal packing at `2 / √3 ≈ 1.155`. Width and height are expected positive; a
/// zero area gives an infinite or NaN result as the division does.
///
/// ```
/// use poisson_live::metrics::points_per_r2;
///
/// assert_eq!(points_per_r2(100, 200.0, 50.0, 10.0), 1.0);
/// ```
pub fn points_per_r2(count: usize, width: f64, height: f64, r: f64) -> f64 {
    count as f64 * r * r / (width * height)
}

/// The fraction of the map covered by disks of radius `r / 2` around the points: the sum of
/// `π (rᵢ / 2)²` over the points' spacings `rᵢ`, divided by `width · height`.
///
/// Points kept at least `r` apart have disjoint disks of radius `r / 2`, so this is a packing
/// density, the figure compared with random sequential adsorption's limit (about 0.547) and
/// hexagonal packing (`π / √12 ≈ 0.9069`). Disks are not clipped at the map's border, so points
/// near the edge count in full, and with mixed radii the disks may overlap: then it is an
/// estimate, not an area. Width and height are expected positive.
///
/// ```
/// use poisson_live::metrics::coverage;
///
/// // One disk of diameter 2 on a 2 × 2 map covers π/4 of it.
/// assert!((coverage([2.0], 2.0, 2.0) - std::f64::consts::FRAC_PI_4).abs() < 1e-15);
/// ```
pub fn coverage(radii: impl IntoIterator<Item = f64>, width: f64, height: f64) -> f64 {
    let area: f64 = radii
        .into_iter()
        .map(|r| std::f64::consts::PI * (r / 2.0) * (r / 2.0))
        .sum();
    area / (width * height)
}

/// A pair of points closer than the smaller of their two radii; see [`min_distance_audit`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Violation {
    /// Index of the first point of the pair (the smaller index).
    pub i: usize,
    /// Index of the second point of the pair.
    pub j: usize,
    /// How far apart the two points are.
    pub distance: f64,
    /// How far apart they should be: `min(radius_i, radius_j)`.
    pub required: f64,
}

/// Every pair `(i, j)` with `i < j` closer than the smaller of their radii, sorted.
///
/// This is the variable-radius form of [`too_close_pairs`] and the rule the background grid
/// enforces (`dx² + dy² < min(rᵢ, rⱼ)²`), so it counts the overlaps in the layers lab when each
/// layer has its own grid. `radii[i]` belongs to `points[i]`; entries past the shorter of the two
/// slices are ignored. A radius that is not finite and positive asks for no room.
///
/// ```
/// use poisson_live::metrics::radius_violations;
///
/// let points = [[0.0, 0.0], [5.0, 0.0], [30.0, 0.0]];
/// // 5 apart: fine for radii 4 and 20 (the smaller one counts), not for 8 and 20.
/// assert!(radius_violations(&points, &[4.0, 20.0, 1.0]).is_empty());
/// assert_eq!(radius_violations(&points, &[8.0, 20.0, 1.0]), vec![(0, 1)]);
/// ```
pub fn radius_violations(points: &[[f64; 2]], radii: &[f64]) -> Vec<(usize, usize)> {
    let n = points.len().min(radii.len());
    let points = &points[..n];
    let valid = |i: usize| radii[i].is_finite() && radii[i] > 0.0;
    let (mut smallest, mut largest) = (f64::INFINITY, 0.0f64);
    for i in (0..n).filter(|&i| valid(i)) {
        smallest = smallest.min(radii[i]);
        largest = largest.max(radii[i]);
    }
    if !smallest.is_finite() {
        return Vec::new();
    }
    // Cells as wide as the smallest radius, as in the sampler's grid, but never so small that a
    // big radius has to scan thousands of them.
    let index = CellIndex::new(points, valid, smallest.max(largest / 32.0));
    let mut pairs = Vec::new();
    for i in (0..n).filter(|&i| valid(i)) {
        // The pair needs min(rᵢ, rⱼ) ≤ rᵢ, so looking as far as rᵢ around i finds every partner.
        index.for_each_near(points[i], index.reach(radii[i]), |j| {
            let need = radii[i].min(radii[j]);
            if j > i && dist2(points[i], points[j]) < need * need {
                pairs.push((i, j));
            }
        });
    }
    pairs.sort_unstable();
    pairs
}

/// The worst pair of points closer than the smaller of their radii, or `None` when every pair
/// keeps its distance.
///
/// "Worst" is the smallest ratio `distance / required`, ties going to the smaller `(i, j)`:
/// a quick yes-or-no check for a sampler's output, with the offending pair to draw. Arguments
/// as in [`radius_violations`].
///
/// ```
/// use poisson_live::metrics::min_distance_audit;
///
/// let points = [[0.0, 0.0], [5.0, 0.0], [9.0, 0.0]];
/// let v = min_distance_audit(&points, &[6.0, 6.0, 6.0]).unwrap();
/// assert_eq!((v.i, v.j, v.distance, v.required), (1, 2, 4.0, 6.0));
/// assert_eq!(min_distance_audit(&points, &[4.0, 4.0, 4.0]), None);
/// ```
pub fn min_distance_audit(points: &[[f64; 2]], radii: &[f64]) -> Option<Violation> {
    radius_violations(points, radii)
        .into_iter()
        .map(|(i, j)| Violation {
            i,
            j,
            distance: dist2(points[i], points[j]).sqrt(),
            required: radii[i].min(radii[j]),
        })
        // The pairs arrive sorted, so keeping the first of equal ratios keeps the smaller pair.
        .reduce(|worst, v| {
            if v.distance / v.required < worst.distance / worst.required {
                v
            } else {
                worst
            }
        })
}

/// Squared distance, written once so that every function here rounds the same way.
fn dist2(a: [f64; 2], b: [f64; 2]) -> f64 {
    let dx = a[0] - b[0];
    let dy = a[1] - b[1];
    dx * dx + dy * dy
}

/// Turns `-0.0` into `0.0`, so that `total_cmp` orders equal coordinates as equal.
fn norm(v: f64) -> f64 {
    v + 0.0
}

/// An integer key that orders like `y` does, for keeping points in a `BTreeSet` by `y`.
fn y_key(y: f64) -> u64 {
    let bits = norm(y).to_bits();
    if bits >> 63 == 1 {
        !bits
    } else {
        bits | (1 << 63)
    }
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
fn make_delaunay(points: &[delaunator::Point], tri: &mut delaunator::Triangulation) {
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

/// A power of two that brings the largest coordinate to between 1/2 and 1 (1 for no size).
fn unit_scale(points: &[[f64; 2]]) -> f64 {
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

/// The smallest pair `(i, j)` of points with identical coordinates, if any.
fn first_duplicate(points: &[[f64; 2]]) -> Option<(usize, usize)> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    let by_place = |a: &usize, b: &usize| {
        let (p, q) = (points[*a], points[*b]);
        norm(p[0])
            .total_cmp(&norm(q[0]))
            .then(norm(p[1]).total_cmp(&norm(q[1])))
    };
    order.sort_unstable_by(|a, b| by_place(a, b).then(a.cmp(b)));
    // Within a run of equal points the indices ascend, so its first two make its smallest pair.
    order
        .windows(2)
        .filter(|w| by_place(&w[0], &w[1]).is_eq())
        .map(|w| (w[0], w[1]))
        .min()
}

/// The centre of the circle through `a`, `b` and `c`, or `None` when they are collinear.
fn circumcentre(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> Option<[f64; 2]> {
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
struct Candidates {
    width: f64,
    height: f64,
    list: Vec<(f64, f64, f64)>,
}

impl Candidates {
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
fn line_neighbours(points: &[[f64; 2]]) -> Vec<(usize, usize)> {
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

/// The grid cell size to use for `wanted`, given the points' extent: a hair wider than asked, and
/// never so fine that a cell index loses precision.
fn safe_cell(wanted: f64, extent: f64) -> f64 {
    (wanted * (1.0 + CELL_SLACK)).max(extent / MAX_CELLS_PER_AXIS)
}

/// A sparse grid of points: each point's cell, sorted, so a cell's points are one binary search
/// away. Sparse because a tiny spacing on a big map would make a dense grid enormous.
struct CellIndex {
    origin: [f64; 2],
    cell: f64,
    entries: Vec<(i64, i64, usize)>,
}

impl CellIndex {
    /// Indexes the points for which `include` says yes, in cells about `wanted` wide.
    fn new(points: &[[f64; 2]], include: impl Fn(usize) -> bool, wanted: f64) -> Self {
        let [lo, hi] = bounds(points);
        let extent = (hi[0] - lo[0]).max(hi[1] - lo[1]);
        let mut index = CellIndex {
            origin: lo,
            cell: safe_cell(wanted, extent),
            entries: Vec::new(),
        };
        index.entries = (0..points.len())
            .filter(|&i| include(i))
            .map(|i| {
                let (cx, cy) = index.cell_of(points[i]);
                (cx, cy, i)
            })
            .collect();
        index.entries.sort_unstable();
        index
    }

    fn cell_of(&self, p: [f64; 2]) -> (i64, i64) {
        // `as` saturates, so even a point far outside the indexed ones maps to some cell.
        let cx = ((p[0] - self.origin[0]) / self.cell).floor() as i64;
        let cy = ((p[1] - self.origin[1]) / self.cell).floor() as i64;
        (cx, cy)
    }

    /// How many cells out to look to be sure of every point within `distance`. The cell index
    /// of a point is off by at most about 2^30 · ε ≈ 2.4e-7 cells, covered by the 1e-6 here.
    fn reach(&self, distance: f64) -> i64 {
        (distance / self.cell * (1.0 + 1e-12) + 1e-6).ceil() as i64
    }

    /// Calls `visit(i, j)` once for every pair of indexed points whose cells are at most `reach`
    /// apart in each direction.
    ///
    /// The entries are sorted by cell, so for each column offset the run of entries to compare
    /// only ever moves forward: one cursor per offset walks the list once, with no searching.
    fn for_each_pair(&self, reach: i64, mut visit: impl FnMut(usize, usize)) {
        let e = &self.entries;
        let offsets = reach.max(0) as usize + 1;
        let (mut lo, mut hi) = (vec![0; offsets], vec![0; offsets]);
        for (at, &(cx, cy, i)) in e.iter().enumerate() {
            // Pairs in the same column are visited from the earlier entry; pairs in different
            // columns from the left one.
            for (k, dx) in (0..=reach.max(0)).enumerate() {
                let first = (cx + dx, cy - reach, 0);
                let last = (cx + dx, cy + reach, usize::MAX);
                while lo[k] < e.len() && e[lo[k]] < first {
                    lo[k] += 1;
                }
                hi[k] = hi[k].max(lo[k]);
                while hi[k] < e.len() && e[hi[k]] <= last {
                    hi[k] += 1;
                }
                let from = if dx == 0 { at + 1 } else { lo[k] };
                for &(_, _, j) in &e[from.min(hi[k])..hi[k]] {
                    visit(i, j);
                }
            }
        }
    }

    /// Calls `visit` with every indexed point in the cells within `reach` of `p`'s cell.
    fn for_each_near(&self, p: [f64; 2], reach: i64, mut visit: impl FnMut(usize)) {
        let (cx, cy) = self.cell_of(p);
        for gx in cx.saturating_sub(reach)..=cx.saturating_add(reach) {
            let from = (gx, cy.saturating_sub(reach), 0);
            let to = (gx, cy.saturating_add(reach), usize::MAX);
            let start = self.entries.partition_point(|e| *e < from);
            let stop = self.entries.partition_point(|e| *e <= to);
            for &(_, _, i) in &self.entries[start..stop] {
                visit(i);
            }
        }
    }
}

/// The bounding box of the points, as `[min, max]` corners; zero-sized for no points.
fn bounds(points: &[[f64; 2]]) -> [[f64; 2]; 2] {
    let mut lo = [f64::INFINITY; 2];
    let mut hi = [f64::NEG_INFINITY; 2];
    for p in points {
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    if lo[0] > hi[0] {
        return [[0.0; 2]; 2];
    }
    [lo, hi]
}

/// A dense grid over the points' bounding box with about one point per cell, for
/// nearest-point queries from anywhere on the plane.
struct NearestGrid {
    origin: [f64; 2],
    cell: f64,
    cols: usize,
    rows: usize,
    /// Cell `c` holds `items[start[c]..start[c + 1]]`.
    start: Vec<usize>,
    items: Vec<usize>,
}

impl NearestGrid {
    fn new(points: &[[f64; 2]]) -> Self {
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
        let mut grid = NearestGrid {
            origin: lo,
            cell,
            cols,
            rows,
            start: vec![0; cols * rows + 1],
            items: vec![0; points.len()],
        };
        // Counting sort of the points by cell.
        let cells: Vec<usize> = points.iter().map(|&p| grid.cell_index(p)).collect();
        for &c in &cells {
            grid.start[c + 1] += 1;
        }
        for c in 0..cols * rows {
            grid.start[c + 1] += grid.start[c];
        }
        let mut next = grid.start.clone();
        for (i, &c) in cells.iter().enumerate() {
            grid.items[next[c]] = i;
            next[c] += 1;
        }
        grid
    }

    /// Column and row of `p`, clamped into the grid so queries from outside start at its edge.
    fn col_row(&self, p: [f64; 2]) -> (usize, usize) {
        let clamp = |v: f64, n: usize| (v.floor().max(0.0) as usize).min(n - 1);
        (
            clamp((p[0] - self.origin[0]) / self.cell, self.cols),
            clamp((p[1] - self.origin[1]) / self.cell, self.rows),
        )
    }

    fn cell_index(&self, p: [f64; 2]) -> usize {
        let (c, r) = self.col_row(p);
        r * self.cols + c
    }

    /// The squared distance from `q` to its nearest point.
    ///
    /// Scans rings of cells outward from `q`'s cell and stops once no cell left unscanned can
    /// be as near as the best point found. The bound is the true distance to the unscanned
    /// cells, not a count of rings, so a query far off the grid (a map corner far from every
    /// point) stops after a few rings instead of sweeping the whole grid.
    fn nearest_d2(&self, points: &[[f64; 2]], q: [f64; 2]) -> f64 {
        let (c0, r0) = self.col_row(q);
        // Widen the unscanned cells a little, for points that rounding put in a neighbouring
        // cell and for the rounding of the bound itself.
        let slack = 1e-6 * self.cell
            + 1e-12 * (self.origin[0].abs() + self.origin[1].abs() + q[0].abs() + q[1].abs())
            + 1e-12 * self.cell * (self.cols + self.rows) as f64;
        let mut best = f64::INFINITY;
        let scan = |best: &mut f64, c: usize, r: usize| {
            let cell = r * self.cols + c;
            for &i in &self.items[self.start[cell]..self.start[cell + 1]] {
                *best = best.min(dist2(q, points[i]));
            }
        };
        for k in 0.. {
            let (left, right) = (c0.saturating_sub(k), (c0 + k).min(self.cols - 1));
            let (top, bottom) = (r0.saturating_sub(k), (r0 + k).min(self.rows - 1));
            for r in top..=bottom {
                if r.abs_diff(r0) == k {
                    for c in left..=right {
                        scan(&mut best, c, r);
                    }
                } else {
                    if c0 >= k {
                        scan(&mut best, c0 - k, r);
                    }
                    if k > 0 && c0 + k < self.cols {
                        scan(&mut best, c0 + k, r);
                    }
                }
            }
            // What is left: whole columns left and right of the block, and the parts of its
            // columns above and below it.
            let (last_col, last_row) = (self.cols - 1, self.rows - 1);
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
    fn block_d2(&self, q: [f64; 2], slack: f64, cols: (usize, usize), rows: (usize, usize)) -> f64 {
        let gap = |v: f64, origin: f64, first: usize, last: usize| {
            let lo = origin + first as f64 * self.cell - slack;
            let hi = origin + (last + 1) as f64 * self.cell + slack;
            (lo - v).max(v - hi).max(0.0)
        };
        let dx = gap(q[0], self.origin[0], cols.0, cols.1);
        let dy = gap(q[1], self.origin[1], rows.0, rows.1);
        dx * dx + dy * dy
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn y_key_orders_like_y() {
        let ys = [
            f64::NEG_INFINITY,
            -1e300,
            -2.5,
            -1e-300,
            -0.0,
            0.0,
            1e-300,
            2.5,
            1e300,
            f64::INFINITY,
        ];
        for w in ys.windows(2) {
            assert!(y_key(w[0]) <= y_key(w[1]), "{} vs {}", w[0], w[1]);
            assert_eq!(y_key(w[0]) == y_key(w[1]), w[0] == w[1]);
        }
    }

    #[test]
    fn first_duplicate_finds_the_smallest_pair() {
        let points = [
            [1.0, 1.0],
            [2.0, 2.0],
            [0.0, -0.0],
            [2.0, 2.0],
            [-0.0, 0.0],
            [1.0, 1.0],
        ];
        assert_eq!(first_duplicate(&points), Some((0, 5)));
        assert_eq!(first_duplicate(&points[1..5]), Some((0, 2)));
        assert_eq!(first_duplicate(&points[..3]), None);
    }

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
    fn nearest_grid_matches_brute_force_from_inside_and_outside() {
        // A clumped set: most points in one corner, a few strays far away.
        let mut points = Vec::new();
        let mut s = 12345u64;
        let mut f = || {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 11) as f64 / (1u64 << 53) as f64
        };
        for _ in 0..300 {
            points.push([f() * 10.0, f() * 10.0]);
        }
        points.push([500.0, 3.0]);
        points.push([250.0, 400.0]);
        let grid = NearestGrid::new(&points);
        for _ in 0..2000 {
            let q = [f() * 700.0 - 100.0, f() * 700.0 - 100.0];
            let brute = points
                .iter()
                .map(|&p| dist2(q, p))
                .fold(f64::INFINITY, f64::min);
            assert_eq!(grid.nearest_d2(&points, q), brute, "query {q:?}");
        }
    }

    #[test]
    fn cell_index_reach_covers_the_spacing_at_extreme_scales() {
        // A spacing far below the extent forces the cell up to extent / 2^30.
        let points = [[0.0, 0.0], [1e9, 1e9], [5e8, 5e8], [5e8 + 0.5, 5e8]];
        assert_eq!(too_close_pairs(&points, 1e-3), Vec::<(usize, usize)>::new());
        assert_eq!(too_close_pairs(&points, 1.0), vec![(2, 3)]);
    }
}
