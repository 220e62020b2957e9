//! Measures of how evenly a set of points covers a map.
//!
//! Lab 1 of the tutorial puts three scatter methods side by side and reports, for each one, how
//! many pairs sit too close, the tightest pair, and the widest clearing. These are the figures
//! that make "random clumps, Poisson spreads" visible as numbers, so every function here is exact
//! (it agrees with a brute-force check) and fast (`O(n log n)` at worst, grids instead of
//! comparing every pair), so the page can recompute them on every slider move.
//!
//! The widest clearing, whose Delaunay machinery is an idea of its own, lives in
//! [`crate::clearing`] and is re-exported here. Pairs are found with the crate's one bucket
//! index for placed point sets (`measures/buckets.rs`).
//!
//! Points are [`Point`]s (or bare `[x, y]` pairs, which the pair measures still accept) in map
//! units, with the origin at the top-left corner of a map
//! `width × height`. Coordinates must be finite; the samplers only ever produce points inside
//! `[0, width) × [0, height)`, but nothing here relies on that.

use crate::base::point::Point;
use crate::measures::buckets::{bounds, dist2, positions, Buckets};
use std::collections::BTreeSet;

pub use crate::measures::clearing::{largest_empty_circle, Clearing};

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
pub fn too_close_pairs<P: Copy + Into<[f64; 2]>>(
    points: &[P],
    spacing: f64,
) -> Vec<(usize, usize)> {
    if !(spacing.is_finite() && spacing > 0.0) || points.len() < 2 {
        return Vec::new();
    }
    let points = &positions(points)[..];
    let limit = spacing * spacing;
    let (index, cell) = cell_index(points, |_| true, spacing);
    let reach = reach(spacing, cell);
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
pub fn tightest_pair<P: Copy + Into<[f64; 2]>>(points: &[P]) -> Option<(usize, usize, f64)> {
    if points.len() < 2 {
        return None;
    }
    let points = &positions(points)[..];
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
/// layer has its own grid. Each point keeps its own radius; a radius that is not finite and
/// positive asks for no room.
///
/// ```
/// use poisson_live::metrics::radius_violations;
/// use poisson_live::Point;
///
/// let at = |x, r| Point { x, y: 0.0, r };
/// // 5 apart: fine for radii 4 and 20 (the smaller one counts), not for 8 and 20.
/// assert!(radius_violations(&[at(0.0, 4.0), at(5.0, 20.0), at(30.0, 1.0)]).is_empty());
/// assert_eq!(radius_violations(&[at(0.0, 8.0), at(5.0, 20.0), at(30.0, 1.0)]), vec![(0, 1)]);
/// ```
pub fn radius_violations(points: &[Point]) -> Vec<(usize, usize)> {
    by_radius(points, false)
}

/// Every pair `(i, j)` with `i < j` closer than `need(i, j)`, sorted: the general form of
/// [`radius_violations`], for rules where a pair's spacing is not the smaller radius (classes,
/// each pair with its own spacing: [`crate::classes`]).
///
/// `reach(i)` must be at least `need(i, j)` for every `j`: how far around point `i` a partner
/// is looked for. A point whose reach is not finite and positive asks for no room.
///
/// ```
/// use poisson_live::metrics::spacing_violations;
/// use poisson_live::Point;
///
/// let at = |x| Point { x, y: 0.0, r: 1.0 };
/// // Points 0 and 1 are "rocks" that keep 10 apart; point 2, a "tree", keeps 3 from anything.
/// let class = [0, 0, 1];
/// let need = |i: usize, j: usize| if class[i] == 0 && class[j] == 0 { 10.0 } else { 3.0 };
/// let reach = |i: usize| if class[i] == 0 { 10.0 } else { 3.0 };
/// let pts = [at(0.0), at(8.0), at(11.0)];
/// assert_eq!(spacing_violations(&pts, reach, need), vec![(0, 1)]);
/// ```
pub fn spacing_violations<P: Copy + Into<[f64; 2]>>(
    points: &[P],
    reach_of: impl Fn(usize) -> f64,
    need: impl Fn(usize, usize) -> f64,
) -> Vec<(usize, usize)> {
    violations(points, reach_of, need, false)
}

/// The first pair `(i, j)` of [`radius_violations`] (the smallest `i`, then the smallest `j`),
/// found without collecting the others: memory grows with the points, not with the pairs, so
/// thousands of copies of one point cost no more than thousands of points.
///
/// ```
/// use poisson_live::metrics::first_radius_violation;
/// use poisson_live::Point;
///
/// let at = |x, r| Point { x, y: 0.0, r };
/// assert_eq!(first_radius_violation(&[at(0.0, 4.0), at(5.0, 20.0)]), None);
/// let same = vec![at(1.0, 2.0); 1000];
/// assert_eq!(first_radius_violation(&same), Some((0, 1)));
/// ```
pub fn first_radius_violation(points: &[Point]) -> Option<(usize, usize)> {
    by_radius(points, true).first().copied()
}

/// The first pair of [`spacing_violations`], found the way [`first_radius_violation`] finds
/// its: without collecting the others.
pub fn first_spacing_violation<P: Copy + Into<[f64; 2]>>(
    points: &[P],
    reach_of: impl Fn(usize) -> f64,
    need: impl Fn(usize, usize) -> f64,
) -> Option<(usize, usize)> {
    violations(points, reach_of, need, true).first().copied()
}

/// [`violations`] under the radius rule: each point reaches its radius, and a pair keeps the
/// smaller of theirs.
fn by_radius(points: &[Point], first_only: bool) -> Vec<(usize, usize)> {
    let radii: Vec<f64> = points.iter().map(|p| p.r).collect();
    violations(
        points,
        |i| radii[i],
        |i, j| radii[i].min(radii[j]),
        first_only,
    )
}

/// The pairs of [`spacing_violations`], sorted; with `first_only` just the pairs of the first
/// point that has any (so their smallest is the first pair of all).
fn violations<P: Copy + Into<[f64; 2]>>(
    points: &[P],
    reach_of: impl Fn(usize) -> f64,
    need: impl Fn(usize, usize) -> f64,
    first_only: bool,
) -> Vec<(usize, usize)> {
    let n = points.len();
    let reaches: Vec<f64> = (0..n).map(&reach_of).collect();
    let points = &positions(points)[..];
    let valid = |i: usize| reaches[i].is_finite() && reaches[i] > 0.0;
    let (mut smallest, mut largest) = (f64::INFINITY, 0.0f64);
    for i in (0..n).filter(|&i| valid(i)) {
        smallest = smallest.min(reaches[i]);
        largest = largest.max(reaches[i]);
    }
    if !smallest.is_finite() {
        return Vec::new();
    }
    // Cells as wide as the smallest reach, as in the sampler's grid, but never so small that a
    // big reach has to scan thousands of them.
    let (index, cell) = cell_index(points, valid, smallest.max(largest / 32.0));
    let mut pairs = Vec::new();
    for i in (0..n).filter(|&i| valid(i)) {
        // need(i, j) ≤ reach(i), so looking as far as reach(i) around i finds every partner.
        index.for_each_near(points[i], reach(reaches[i], cell), |j| {
            let need = need(i, j);
            if j > i && dist2(points[i], points[j]) < need * need {
                pairs.push((i, j));
            }
        });
        if first_only && !pairs.is_empty() {
            break;
        }
    }
    pairs.sort_unstable();
    pairs
}

/// The worst pair of points closer than the smaller of their radii, or `None` when every pair
/// keeps its distance.
///
/// "Worst" is the smallest ratio `distance / required`, ties going to the smaller `(i, j)`:
/// a quick yes-or-no check for a sampler's output, with the offending pair to draw. Each point
/// keeps its own radius, as in [`radius_violations`].
///
/// ```
/// use poisson_live::metrics::min_distance_audit;
/// use poisson_live::Point;
///
/// let row = |r| [0.0, 5.0, 9.0].map(|x| Point { x, y: 0.0, r });
/// let v = min_distance_audit(&row(6.0)).unwrap();
/// assert_eq!((v.i, v.j, v.distance, v.required), (1, 2, 4.0, 6.0));
/// assert_eq!(min_distance_audit(&row(4.0)), None);
/// ```
pub fn min_distance_audit(points: &[Point]) -> Option<Violation> {
    radius_violations(points)
        .into_iter()
        .map(|(i, j)| {
            let (a, b) = (points[i], points[j]);
            Violation {
                i,
                j,
                distance: dist2(a.into(), b.into()).sqrt(),
                required: a.r.min(b.r),
            }
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

/// The bucket index for pairs within `wanted` of each other: the points `include` names, in
/// cells a hair wider than `wanted` (never so fine that a cell index loses precision) from the
/// corner of their bounding box. Returns the index and its cell side.
fn cell_index(points: &[[f64; 2]], include: impl Fn(usize) -> bool, wanted: f64) -> (Buckets, f64) {
    let [lo, hi] = bounds(points);
    let extent = (hi[0] - lo[0]).max(hi[1] - lo[1]);
    let cell = (wanted * (1.0 + CELL_SLACK)).max(extent / MAX_CELLS_PER_AXIS);
    let included = points
        .iter()
        .copied()
        .enumerate()
        .filter(|&(i, _)| include(i));
    let index = Buckets::plane(included, lo, [cell, cell], [i64::MAX; 2]);
    (index, cell)
}

/// How many cells of side `cell` out to look to be sure of every point within `distance`. The
/// cell index of a point is off by at most about 2^30 · ε ≈ 2.4e-7 cells, covered by the 1e-6
/// here.
fn reach(distance: f64, cell: f64) -> i64 {
    (distance / cell * (1.0 + 1e-12) + 1e-6).ceil() as i64
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
    fn cell_index_reach_covers_the_spacing_at_extreme_scales() {
        // A spacing far below the extent forces the cell up to extent / 2^30.
        let points = [[0.0, 0.0], [1e9, 1e9], [5e8, 5e8], [5e8 + 0.5, 5e8]];
        assert_eq!(too_close_pairs(&points, 1e-3), Vec::<(usize, usize)>::new());
        assert_eq!(too_close_pairs(&points, 1.0), vec![(2, 3)]);
    }
}
