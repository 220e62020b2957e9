//! A progressive order: the same points, reordered so that every prefix is spread out.
//!
//! A game that shows only the first `n` trees (a level of detail, an object budget, a fade-in)
//! wants them to cover the map evenly, whatever `n` is; Bridson's own order grows outwards from
//! its first point. Here the points are put in *farthest-point order*: first the one nearest
//! the middle of the set's bounding box (the lowest index among equals), then each time the
//! point farthest from every point already placed, ties going to the first in the tree's order.
//! The order depends only on the coordinates and the indices: the same everywhere, no seed.
//!
//! Call `d_n` the distance from the `n`-th point to the nearest one before it
//! ([`ProgressiveOrder::gaps`]); `d_2 ≥ d_3 ≥ …`, since placing points only brings the waiting ones
//! closer. So for every `n` the closest pair among the first `n` is exactly `d_n` apart, and
//! every point of the set lies within `d_{n+1}` of one of them: no clumps, no holes. Any `n`
//! points of the set include two within `2·d_n` of each other, so a prefix keeps at least half
//! the best spacing any `n` of them could keep. This needs no radius or map area, so it works on
//! any point set, and it holds for every prefix (measured prefixes, and why not weighted sample
//! elimination: BENCHMARKS.md, "Notes from the code"). Distances are plain map distances: a
//! variable-radius set's prefixes even out towards a uniform spread.
//!
//! The work grows like `n log n`, with a k-d tree of the points' gaps ([`ProgressiveOrder`] says
//! how).

use crate::base::error::{at_most_points, Error, Result, DEFAULT_MAX_CELLS};
use crate::base::job::Job;
use crate::base::point::Point;

/// The most points a leaf of the tree holds. Leaves hold between half of this and this many.
const LEAF: usize = 16;

/// The points a single order may hold by default: [`DEFAULT_MAX_CELLS`], about 33.5 million.
pub const MAX_POINTS: usize = DEFAULT_MAX_CELLS;

/// Tree nodes visited or points measured per unit of work: about the cost of one Bridson step,
/// so a budget means the same time in every job (BENCHMARKS.md, "Notes from the code").
const VISITS_PER_UNIT: u64 = 128;

/// Reorders `points` so that every prefix is spread out; see the module docs.
///
/// Returns the permutation: `order[i]` is the index in `points` of the `i`-th point. Each index
/// appears once. Empty sets and single points are fine. A coordinate that is not finite is an
/// [`Error::Invalid`] naming the point; more than [`MAX_POINTS`] points are
/// [`Error::TooMuchWork`].
///
/// ```
/// use poisson_live::progressive::progressive_order;
/// let points = [[0.0, 0.0], [1.0, 0.0], [10.0, 0.0], [4.0, 0.1]];
/// // The one nearest the middle first, then the farthest from it, then the farthest from both.
/// assert_eq!(progressive_order(&points)?, vec![3, 2, 0, 1]);
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn progressive_order<P: Copy + Into<[f64; 2]>>(points: &[P]) -> Result<Vec<usize>> {
    ProgressiveOrder::new(points)?.run_to_end()
}

/// The same points in progressive order, each once, with its coordinates and radius untouched
/// (to the bit). The radii ride along; the order looks only at `x` and `y`. Errors as
/// [`progressive_order`].
///
/// ```
/// use poisson_live::metrics::tightest_pair;
/// use poisson_live::poisson_disk;
/// use poisson_live::progressive::progressive;
///
/// let trees = poisson_disk(720.0, 400.0, 8.0, 30, 7)?;
/// let ordered = progressive(&trees)?;
/// assert_eq!(ordered.len(), trees.len());
/// // The first quarter keeps at least 1.5 r apart, the first sixteenth at least 3 r.
/// let spacing = |n: usize| {
///     let first: Vec<[f64; 2]> = ordered[..n].iter().map(|p| [p.x, p.y]).collect();
///     tightest_pair(&first).unwrap().2
/// };
/// assert!(spacing(trees.len() / 4) >= 1.5 * 8.0);
/// assert!(spacing(trees.len() / 16) >= 3.0 * 8.0);
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn progressive(points: &[Point]) -> Result<Vec<Point>> {
    Ok(progressive_order(points)?
        .into_iter()
        .map(|i| points[i])
        .collect())
}

/// A point as the tree is built: its position (scaled) and its index in the input.
#[derive(Clone, Copy)]
struct Entry {
    x: f64,
    y: f64,
    id: u32,
}

/// The progressive order as a [`Job`]: build it, [`run`](Job::run) it a slice at a time, then
/// [`take`](Job::take) the permutation. [`progressive_order`] is this job run to the end.
///
/// # How it is fast
///
/// The points live in a balanced k-d tree of their own: each node splits its points at the
/// median across the longer side of its cell, down to leaves of 8 to 16 points, every leaf at
/// the same depth. (The crate's grids answer "who is near this point"; the question here is
/// "who is farthest from every placed point", which needs the widest gap of each part of the
/// map.) Each point keeps its *gap*, the squared distance to the nearest placed point, and each
/// node the widest gap below it, so the next point is found by following the widest gap down
/// from the root. Placing a point lowers the gaps near it: a node is skipped when its widest gap
/// is no wider than the distance from the new point to its box, since no point in it can come
/// closer. Early on the new points are far apart and each update reaches far, but there are few
/// of them; later the updates are small (instruction counts: BENCHMARKS.md).
///
/// ```
/// use poisson_live::job::Job;
/// use poisson_live::poisson_disk;
/// use poisson_live::progressive::{progressive_order, ProgressiveOrder};
///
/// let trees = poisson_disk(720.0, 400.0, 12.0, 30, 7)?;
/// let xy: Vec<[f64; 2]> = trees.iter().map(|p| [p.x, p.y]).collect();
/// let mut job = ProgressiveOrder::new(&xy)?;
/// let mut shown = Vec::new();
/// while !job.run(100)? {
///     // A page can show what is placed already: the order only grows at its end.
///     shown = job.placed().to_vec();
/// }
/// let order = job.take().unwrap();
/// assert_eq!(order, progressive_order(&xy)?);
/// assert!(!shown.is_empty() && order.starts_with(&shown));
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub struct ProgressiveOrder {
    /// How many points there are.
    n: usize,
    /// Depth of the leaves: the tree has `2^(depth+1) − 1` nodes, numbered as in a binary heap
    /// (the children of `k` are `2k + 1` and `2k + 2`), and node `k` holds the points in the
    /// slots `range(k)`.
    depth: u32,
    /// While the tree is built: the points, partitioned further node by node.
    entries: Vec<Entry>,
    /// The next node to partition, in heap order (level by level).
    building: usize,
    /// Per slot (the tree's order of the points): `[x, y, gap]`, the scaled position and the
    /// squared distance to the nearest placed point (−1 once placed), side by side so that a
    /// leaf's update reads one run of memory.
    slots: Vec<[f64; 3]>,
    /// Per slot: the point's index in the input.
    ids: Vec<u32>,
    /// Per node: bounding box `[x0, y0, x1, y1]` of its points and the widest gap among them.
    boxes: Vec<[f64; 4]>,
    widest: Vec<f64>,
    /// The slot to place next, once the tree is built.
    next: Option<usize>,
    /// The order so far, and the gap of each placed point (in map units).
    order: Vec<usize>,
    gaps: Vec<f64>,
    /// 1 / the scale applied to the coordinates, to report gaps in map units.
    unscale: f64,
    /// Work done in this call of `run`, in node visits and point measurements.
    visits: u64,
    /// Work done in earlier calls, likewise, for `progress`.
    spent: u64,
    /// Whether `take` has handed the order over.
    taken: bool,
}

impl ProgressiveOrder {
    /// Checks the points and copies them; the ordering waits for [`Job::run`].
    ///
    /// Every coordinate must be finite ([`Error::Invalid`] names the first point that is not),
    /// and there may be at most [`MAX_POINTS`] points ([`Error::TooMuchWork`]).
    pub fn new<P: Copy + Into<[f64; 2]>>(points: &[P]) -> Result<Self> {
        Self::with_limit(points, MAX_POINTS)
    }

    /// Like [`ProgressiveOrder::new`] with a lower limit on the number of points (a higher one is
    /// [`MAX_POINTS`] all the same).
    pub fn with_limit<P: Copy + Into<[f64; 2]>>(points: &[P], max_points: usize) -> Result<Self> {
        let points: Vec<[f64; 2]> = points.iter().map(|&p| p.into()).collect();
        let n = points.len();
        let limit = max_points.min(MAX_POINTS);
        at_most_points(
            n,
            limit,
            || "a progressive order".into(),
            || format!("split the set into parts of at most {limit} points").into(),
        )?;
        if let Some((i, p)) = points
            .iter()
            .enumerate()
            .find(|(_, p)| !(p[0].is_finite() && p[1].is_finite()))
        {
            return Err(Error::Invalid {
                message: format!(
                    "point {i} is at ({}, {}); every x and y of a progressive order must be a \
                     finite number",
                    p[0], p[1]
                ),
            });
        }
        // Scaled by a power of two (exact) so that the largest coordinate is about 1: squared
        // distances then neither overflow nor underflow, whatever the units.
        let largest = points
            .iter()
            .fold(0.0f64, |m, p| m.max(p[0].abs()).max(p[1].abs()));
        let exponent = ((largest.to_bits() >> 52) & 0x7ff) as i32 - 1023;
        let shift = (-exponent - 1).clamp(-1022, 1000);
        let scale = f64::from_bits(((1023 + shift) as u64) << 52);
        let unscale = f64::from_bits(((1023 - shift) as u64) << 52);
        let entries = points
            .iter()
            .zip(0u32..)
            .map(|(p, id)| Entry {
                x: p[0] * scale,
                y: p[1] * scale,
                id,
            })
            .collect();
        let mut depth = 0;
        while n.div_ceil(1 << depth) > LEAF {
            depth += 1;
        }
        let nodes = (2usize << depth) - 1;
        Ok(Self {
            n,
            depth,
            entries,
            building: 0,
            slots: Vec::new(),
            ids: Vec::new(),
            boxes: vec![[0.0; 4]; nodes],
            widest: vec![f64::NEG_INFINITY; nodes],
            next: None,
            order: Vec::with_capacity(n),
            gaps: Vec::with_capacity(n),
            unscale,
            visits: 0,
            spent: 0,
            taken: false,
        })
    }

    /// The order so far: input indices of the points placed, first to last. It only ever grows
    /// at its end, so a prefix shown while the job runs is already final.
    pub fn placed(&self) -> &[usize] {
        &self.order
    }

    /// For each placed point, its distance (in map units) to the nearest point placed before it:
    /// `d_n` in the module docs, never increasing. The first point's is infinite.
    ///
    /// The first `n` placed points are `gaps()[n − 1]` apart at their closest, to the bit as
    /// [`crate::metrics::tightest_pair`] measures it (the coordinates are scaled inside by a power
    /// of two, which rounds the same way), and every point lies within `gaps()[n]` of one of them.
    pub fn gaps(&self) -> &[f64] {
        &self.gaps
    }

    /// The slots of node `k`: halving ranges from the root down.
    fn range(&self, k: usize) -> (usize, usize) {
        let (mut lo, mut hi) = (0, self.n);
        // The path from the root to `k`: bit by bit from the top of `k + 1`.
        let path = k + 1;
        let level = usize::BITS - 1 - path.leading_zeros();
        for bit in (0..level).rev() {
            let mid = lo + (hi - lo) / 2;
            if path >> bit & 1 == 0 {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        (lo, hi)
    }

    /// True once the tree is built and every point placed.
    fn done(&self) -> bool {
        self.building > self.nodes() && self.next.is_none()
    }

    fn first_leaf(&self) -> usize {
        (1 << self.depth) - 1
    }

    fn nodes(&self) -> usize {
        self.boxes.len()
    }

    /// Partitions one node (or, at a leaf, fixes the order of its points). Returns the number of
    /// points it touched.
    ///
    /// While the tree is built, `boxes` holds each node's *cell*: the root's is the bounding box
    /// of all points, and each split cuts its node's cell in two at the median. A node splits
    /// across the longer side of its cell (x on a tie).
    fn build_one(&mut self) -> usize {
        let k = self.building;
        self.building += 1;
        let (lo, hi) = self.range(k);
        let part = &mut self.entries[lo..hi];
        if k == 0 {
            self.boxes[0] = bounds(part.iter().map(|e| (e.x, e.y)));
        }
        if k >= (1 << self.depth) - 1 {
            // The order inside a leaf is up to the selection; sorting it by index makes the
            // tie-breaking of the whole order depend on the coordinates and indices only.
            part.sort_unstable_by_key(|e| e.id);
            return part.len();
        }
        let cell = self.boxes[k];
        let mid = part.len() / 2;
        let (mut left, mut right) = (cell, cell);
        if cell[2] - cell[0] >= cell[3] - cell[1] {
            part.select_nth_unstable_by(mid, |a, b| before(a.x, a.id, b.x, b.id));
            (left[2], right[0]) = (part[mid].x, part[mid].x);
        } else {
            part.select_nth_unstable_by(mid, |a, b| before(a.y, a.id, b.y, b.id));
            (left[3], right[1]) = (part[mid].y, part[mid].y);
        }
        (self.boxes[2 * k + 1], self.boxes[2 * k + 2]) = (left, right);
        2 * part.len()
    }

    /// Turns the built tree into the per-slot arrays, the boxes, and the first point.
    fn finish_build(&mut self) {
        let entries = std::mem::take(&mut self.entries);
        self.slots = entries.iter().map(|e| [e.x, e.y, f64::INFINITY]).collect();
        self.ids = entries.iter().map(|e| e.id).collect();
        drop(entries);
        let first_leaf = self.first_leaf();
        for k in (0..self.nodes()).rev() {
            let (widest, b) = if k >= first_leaf {
                let (lo, hi) = self.range(k);
                let b = bounds(self.slots[lo..hi].iter().map(|s| (s[0], s[1])));
                (
                    if lo < hi {
                        f64::INFINITY
                    } else {
                        f64::NEG_INFINITY
                    },
                    b,
                )
            } else {
                let (l, r) = (&self.boxes[2 * k + 1], &self.boxes[2 * k + 2]);
                let b = [
                    l[0].min(r[0]),
                    l[1].min(r[1]),
                    l[2].max(r[2]),
                    l[3].max(r[3]),
                ];
                (self.widest[2 * k + 1].max(self.widest[2 * k + 2]), b)
            };
            self.boxes[k] = b;
            self.widest[k] = widest;
        }
        // The first point: the one nearest the middle of the bounding box (the smallest index
        // among equals).
        let b = self.boxes[0];
        let (cx, cy) = (b[0] / 2.0 + b[2] / 2.0, b[1] / 2.0 + b[3] / 2.0);
        let d2 = |s: usize| {
            let (dx, dy) = (self.slots[s][0] - cx, self.slots[s][1] - cy);
            dx * dx + dy * dy
        };
        self.next = (0..self.n)
            .min_by(|&s, &t| d2(s).total_cmp(&d2(t)).then(self.ids[s].cmp(&self.ids[t])));
    }

    /// Places the next point and finds the one after it.
    fn place_one(&mut self) {
        let Some(p) = self.next else {
            return;
        };
        self.order.push(self.ids[p] as usize);
        self.gaps.push(self.slots[p][2].sqrt() * self.unscale);
        self.slots[p][2] = -1.0;
        self.update(p);
        self.next = self.widest_slot();
    }

    /// Lowers every gap to the distance from slot `p` where that is nearer, and refreshes the
    /// widest gaps of the nodes it changed.
    ///
    /// Walks down the path from the root to `p`'s leaf; the subtree beside the path at each
    /// level is entered only if its widest gap is wider than the squared distance from `p` to its
    /// box: no point in the box is nearer to `p` than the box is, so otherwise every gap in it
    /// stays. The nodes on the path change anyway (`p`'s own gap has become −1).
    fn update(&mut self, p: usize) {
        let (px, py) = (self.slots[p][0], self.slots[p][1]);
        let first_leaf = self.first_leaf();
        let (mut k, mut lo, mut hi) = (0, 0, self.n);
        while k < first_leaf {
            let mid = lo + (hi - lo) / 2;
            let (on, beside) = if p < mid {
                ((2 * k + 1, lo, mid), (2 * k + 2, mid, hi))
            } else {
                ((2 * k + 2, mid, hi), (2 * k + 1, lo, mid))
            };
            self.visits += 1;
            if self.widest[beside.0] > box_distance2(px, py, &self.boxes[beside.0]) {
                self.lower(beside, px, py, first_leaf);
            }
            (k, lo, hi) = on;
        }
        self.lower_leaf(k, lo, hi, px, py);
        while k > 0 {
            k = (k - 1) / 2;
            self.widest[k] = wider(self.widest[2 * k + 1], self.widest[2 * k + 2]);
        }
    }

    /// Lowers the gaps below node `k` (slots `lo..hi`) towards `(px, py)`; see `update`.
    fn lower(&mut self, (k, lo, hi): (usize, usize, usize), px: f64, py: f64, first_leaf: usize) {
        if k >= first_leaf {
            self.lower_leaf(k, lo, hi, px, py);
            return;
        }
        let mid = lo + (hi - lo) / 2;
        for child in [(2 * k + 1, lo, mid), (2 * k + 2, mid, hi)] {
            self.visits += 1;
            if self.widest[child.0] > box_distance2(px, py, &self.boxes[child.0]) {
                self.lower(child, px, py, first_leaf);
            }
        }
        self.widest[k] = wider(self.widest[2 * k + 1], self.widest[2 * k + 2]);
    }

    /// Lowers the gaps of leaf `k` (slots `lo..hi`) towards `(px, py)`.
    fn lower_leaf(&mut self, k: usize, lo: usize, hi: usize, px: f64, py: f64) {
        self.visits += (hi - lo) as u64;
        let mut widest = f64::NEG_INFINITY;
        for slot in &mut self.slots[lo..hi] {
            let (dx, dy) = (slot[0] - px, slot[1] - py);
            let d = dx * dx + dy * dy;
            let g = if d < slot[2] { d } else { slot[2] };
            slot[2] = g;
            widest = wider(g, widest);
        }
        self.widest[k] = widest;
    }

    /// The slot with the widest gap, following the widest gap down from the root (the left
    /// child, and the first slot of a leaf, among equals); `None` once every point is placed.
    fn widest_slot(&self) -> Option<usize> {
        if self.widest[0] < 0.0 {
            return None;
        }
        let (mut k, mut lo, mut hi) = (0, 0, self.n);
        while k < self.first_leaf() {
            let mid = lo + (hi - lo) / 2;
            if self.widest[2 * k + 1] >= self.widest[2 * k + 2] {
                (k, hi) = (2 * k + 1, mid);
            } else {
                (k, lo) = (2 * k + 2, mid);
            }
        }
        (lo..hi).find(|&s| self.slots[s][2] == self.widest[k])
    }

    /// The whole job's work in visits, estimated. Building takes `2·depth + 5` visits a point
    /// (exactly, give or take the node count); placing took `3.3·depth + 15` on Bridson sets of
    /// 300 to 1 000 000 points.
    fn estimate(&self) -> f64 {
        let depth = f64::from(self.depth);
        self.n as f64 * (5.3 * depth + 20.0) + self.nodes() as f64
    }
}

/// Orders points by one coordinate, then by index: a strict total order (the coordinates are
/// finite; −0 and 0 count as equal), so the split of every node is fixed by the input alone.
fn before(a: f64, i: u32, b: f64, j: u32) -> std::cmp::Ordering {
    if a < b {
        std::cmp::Ordering::Less
    } else if a > b {
        std::cmp::Ordering::Greater
    } else {
        i.cmp(&j)
    }
}

/// The larger of two numbers that are never NaN (cheaper than `f64::max`, which checks).
fn wider(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// The smaller of two numbers that are never NaN.
fn lesser(a: f64, b: f64) -> f64 {
    if a < b {
        a
    } else {
        b
    }
}

/// The bounding box `[x0, y0, x1, y1]` of some positions (inverted, infinite, for none).
fn bounds(points: impl Iterator<Item = (f64, f64)>) -> [f64; 4] {
    points.fold(
        [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ],
        |b, (x, y)| {
            [
                lesser(b[0], x),
                lesser(b[1], y),
                wider(b[2], x),
                wider(b[3], y),
            ]
        },
    )
}

/// The squared distance from `(x, y)` to the nearest point of a box, 0 inside it.
///
/// Rounding is monotone, so for any point `q` in the box this is never more than the squared
/// distance to `q` as [`ProgressiveOrder::update`] computes it: skipping a box is always exact.
fn box_distance2(x: f64, y: f64, b: &[f64; 4]) -> f64 {
    let dx = wider(wider(b[0] - x, x - b[2]), 0.0);
    let dy = wider(wider(b[1] - y, y - b[3]), 0.0);
    dx * dx + dy * dy
}

impl Job for ProgressiveOrder {
    type Output = Vec<usize>;

    /// A unit is 128 tree nodes visited or points measured, about the work of one Bridson step.
    /// The tree is built first, one node per piece (so the first pieces, which split the whole
    /// set, each take time in proportion to the number of points), then the pieces are the
    /// points placed: about half a unit each on a large Bridson set.
    fn run(&mut self, budget: u64) -> Result<bool> {
        if self.done() {
            return Ok(true);
        }
        let limit = budget.saturating_mul(VISITS_PER_UNIT);
        self.visits = 0;
        while self.visits < limit {
            if self.building < self.nodes() {
                self.visits += self.build_one() as u64 + 1;
            } else if self.building == self.nodes() {
                self.building += 1;
                self.visits += 4 * self.n as u64;
                self.finish_build();
            } else if self.next.is_some() {
                self.place_one();
            }
            if self.done() {
                break;
            }
        }
        self.spent += self.visits;
        Ok(self.done())
    }

    fn progress(&self) -> f64 {
        if self.done() {
            return 1.0;
        }
        (self.spent as f64 / self.estimate()).min(0.999)
    }

    fn stage(&self) -> &'static str {
        if self.building <= self.nodes() {
            "sorting the points into a tree"
        } else if self.next.is_some() {
            "putting the points in order"
        } else {
            "done"
        }
    }

    fn take(&mut self) -> Option<Vec<usize>> {
        if !self.done() || self.taken {
            return None;
        }
        self.taken = true;
        Some(std::mem::take(&mut self.order))
    }
}

impl std::fmt::Debug for ProgressiveOrder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProgressiveOrder")
            .field("points", &self.n)
            .field("placed", &self.order.len())
            .field("stage", &self.stage())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_halve_from_the_root() {
        let job = ProgressiveOrder::new(&vec![[0.0, 0.0]; 100]).unwrap();
        assert_eq!(job.depth, 3); // 100 / 8 = 12.5 → leaves of 12 and 13
        assert_eq!(job.range(0), (0, 100));
        assert_eq!(job.range(1), (0, 50));
        assert_eq!(job.range(2), (50, 100));
        assert_eq!(job.range(4), (25, 50));
        assert_eq!(job.range(14), (87, 100));
        let leaves: Vec<_> = (7..15).map(|k| job.range(k)).collect();
        assert!(leaves.windows(2).all(|w| w[0].1 == w[1].0));
        assert!(leaves
            .iter()
            .all(|(lo, hi)| (8..=LEAF).contains(&(hi - lo))));
    }

    #[test]
    fn box_distance_is_zero_inside_and_straight_or_to_a_corner_outside() {
        let b = [0.0, 0.0, 2.0, 1.0];
        assert_eq!(box_distance2(1.0, 0.5, &b), 0.0);
        assert_eq!(box_distance2(5.0, 0.5, &b), 9.0);
        assert_eq!(box_distance2(-3.0, 5.0, &b), 9.0 + 16.0);
    }
}
