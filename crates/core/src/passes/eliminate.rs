//! Exactly N points, spread as far apart as the method gets: weighted sample elimination
//! (Yuksel 2015). Scatter more candidates than asked, give each a weight from its crowding, and
//! remove the heaviest until N are left; the removals, reversed, then order the N themselves.
//!
//! Yuksel's three parts, kept apart here: the **weight function** ([`weight`]), the **max-heap
//! of weights** with decrease-key (`heap`), and the **spatial index queried within 2 r_max**
//! (`near`: candidates sorted by cell). A pair `d` apart weighs `(1 − d / 2r_max)^8`, with
//! `r_max = sqrt(A / (2√3 N))` on a plane or surface of area A and `cbrt(V / (4√2 N))` in a
//! volume V (the densest packing's disk radius), and Yuksel's weight limit: `d` is taken no
//! smaller than `2 r_max · 0.65 · (1 − (N/M)^1.5)` for M candidates down to N.
//!
//! **The candidates** are [`CANDIDATES`] × N uniform random points (in the box; by area on a
//! mesh's triangles), as Yuksel draws them. Measured in the 200 × 100 box at N 10 000 (smallest
//! pair over the hexagonal spacing, δX): 3 N give 0.63, 5 N 0.70, 8 N 0.73, 12 N 0.75, at a cost
//! that grows as the square of the multiple; without the weight limit 7 N give 0.64. Poisson
//! candidates (dart throwing at 0.3 × 2 r_max, 8 N throws) gave 0.67: fewer are kept, and a
//! regular set leaves the elimination less to choose from. BENCHMARKS.md, "Exact counts".
//!
//! **Progressive order**: after the N are chosen they are eliminated again in halves, N to N/2
//! with `r_max` of N/2 and so on down to one, and written last-removed first, so any first `n`
//! rows are spread out too (Yuksel's progressive sampling). [`Elimination`] is the job;
//! [`eliminate`] runs it to the end, the same bits.

mod heap;
mod near;
mod throw;

use crate::base::error::{positive, Error, Result};
use crate::base::job::{spend, Handover, Job};
use crate::base::rng::ParkMiller;
use crate::variants::fast::SplitMix;
use crate::variants::space::{self, Mesh, MeshPoint};
use heap::Heap;
use near::{offset, Buckets};
use throw::Throw;

/// Candidates per point asked for.
pub const CANDIDATES: usize = 8;
/// The most points one call gives: the work limit. Each point brings [`CANDIDATES`] candidates
/// of about 140 bytes while the run lasts; past a few hundred thousand candidates the heap's
/// decrease-keys miss the cache, and time grows faster than the count (BENCHMARKS.md).
pub const MAX_COUNT: usize = 1 << 17;
/// Yuksel's weight exponent α is 8 (three squarings); the limit's β and γ.
const BETA: f64 = 0.65;
/// Units of work per piece of a [`Job::run`] budget.
const PIECE: u64 = 1024;

/// Where the points go.
#[derive(Debug, Clone, PartialEq)]
pub enum Domain {
    /// The box `[0, width) × [0, height)`; `wrap` joins opposite edges (a torus).
    Plane {
        /// `[width, height]`.
        size: [f64; 2],
        /// Distances to the nearest copy across the edges.
        wrap: bool,
    },
    /// The box `[0, width) × [0, height) × [0, depth)`, optionally wrapped.
    Space {
        /// `[width, height, depth]`.
        size: [f64; 3],
        /// Distances to the nearest copy across the faces.
        wrap: bool,
    },
    /// A triangle mesh's surface, distances straight-line in 3D.
    Surface(Mesh),
}

/// The points, in progressive order.
#[derive(Debug, Clone, PartialEq)]
pub enum Samples {
    /// Points of a [`Domain::Plane`].
    Plane(Vec<[f64; 2]>),
    /// Points of a [`Domain::Space`].
    Space(Vec<[f64; 3]>),
    /// Points of a [`Domain::Surface`], each with its triangle.
    Surface(Vec<MeshPoint>),
}

impl Samples {
    /// How many points.
    pub fn len(&self) -> usize {
        match self {
            Samples::Plane(p) => p.len(),
            Samples::Space(p) => p.len(),
            Samples::Surface(p) => p.len(),
        }
    }

    /// Whether there are none (never, for a finished elimination).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The coordinates, flat: `x, y` per point on a plane, `x, y, z` otherwise.
    pub fn coords(&self) -> Vec<f64> {
        match self {
            Samples::Plane(p) => p.iter().flatten().copied().collect(),
            Samples::Space(p) => p.iter().flatten().copied().collect(),
            Samples::Surface(p) => p.iter().flat_map(|m| m.position).collect(),
        }
    }
}

/// The weight a neighbour `sqrt(d2)` away adds: `(1 − d / d_max)^8`, `d` no less than `d_min`.
#[inline(always)]
pub fn weight(d2: f64, d_max: f64, d_min: f64) -> f64 {
    let d = d2.sqrt().max(d_min);
    let x = 1.0 - d / d_max;
    let x2 = x * x;
    let x4 = x2 * x2;
    x4 * x4
}

/// Yuksel's `r_max` for `n` points: `sqrt(A / (2√3 n))` over an area (`dims` 2) and
/// `cbrt(V / (4√2 n))` in a volume (`dims` 3), from arithmetic alone (the same bits anywhere).
pub fn r_max(measure: f64, n: usize, dims: usize) -> f64 {
    if dims == 2 {
        (measure / (2.0 * 3f64.sqrt() * n as f64)).sqrt()
    } else {
        cube_root(measure / (4.0 * 2f64.sqrt() * n as f64))
    }
}

/// The cube root of `x > 0` by Newton's method from the exponent's third: plain arithmetic,
/// where `f64::cbrt` is libm's and may differ in the last bit between builds.
fn cube_root(x: f64) -> f64 {
    let mut y = 2f64.powi((x.log2() / 3.0).round() as i32);
    for _ in 0..100 {
        let next = y - (y * y * y - x) / (3.0 * y * y);
        if next == y {
            break;
        }
        y = next;
    }
    y
}

/// Exactly `count` points on `domain` by weighted sample elimination, in progressive order;
/// deterministic from the 32-bit seed. See the module docs.
///
/// ```
/// use poisson_live::eliminate::{eliminate, Domain, Samples};
/// let box2 = Domain::Plane { size: [200.0, 100.0], wrap: false };
/// let Samples::Plane(points) = eliminate(&box2, 1000, 7)? else { unreachable!() };
/// assert_eq!(points.len(), 1000);
/// // Smallest pair over the densest packing's spacing sqrt(2A / (√3 N)).
/// let hex = (2.0 * 20_000.0 / (3f64.sqrt() * 1000.0)).sqrt();
/// let mut d2 = f64::INFINITY;
/// for (i, a) in points.iter().enumerate() {
///     for b in &points[i + 1..] {
///         d2 = d2.min((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2));
///     }
/// }
/// assert!(d2.sqrt() / hex > 0.72);
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn eliminate(domain: &Domain, count: usize, seed: i32) -> Result<Samples> {
    Elimination::new(domain, count, seed)?.run_to_end()
}

/// [`eliminate`] as a [`Job`]: a unit is one candidate thrown, weighed or removed.
#[derive(Debug, Clone)]
pub struct Elimination {
    run: Runs,
}

#[derive(Debug, Clone)]
enum Runs {
    Plane(Run<2>),
    Space(Run<3>),
}

impl Elimination {
    /// Checks everything: `count` in `1..=MAX_COUNT`, the domain's sizes finite and > 0, the
    /// seed one the crate takes.
    pub fn new(domain: &Domain, count: usize, seed: i32) -> Result<Self> {
        if count == 0 || count > MAX_COUNT {
            return Err(Error::Invalid {
                message: format!(
                    "count must be from 1 to {MAX_COUNT} (the work limit: {CANDIDATES} candidates \
                     a point), got {count}"
                ),
            });
        }
        ParkMiller::new(seed)?; // the seeds every sampler refuses
        let run = match domain {
            Domain::Plane { size, wrap } => {
                let size = [positive("width", size[0])?, positive("height", size[1])?];
                let area = size[0] * size[1];
                let from = Throw::Box([size[0], size[1], 0.0]);
                let start = Start::new(count, seed, area, 2, from);
                Runs::Plane(Run::new(start, [0.0; 2], size, wrap.then_some(size)))
            }
            Domain::Space { size, wrap } => {
                let names = ["width", "height", "depth"];
                let mut checked = [0.0; 3];
                for i in 0..3 {
                    checked[i] = positive(names[i], size[i])?;
                }
                let volume = checked.iter().product();
                let from = Throw::Box(checked);
                let start = Start::new(count, seed, volume, 3, from);
                Runs::Space(Run::new(start, [0.0; 3], checked, wrap.then_some(checked)))
            }
            Domain::Surface(mesh) => {
                let (from, lo, hi) = Throw::surface(mesh);
                let start = Start::new(count, seed, mesh.area(), 2, from);
                let size = [0, 1, 2].map(|i| hi[i] - lo[i]);
                Runs::Space(Run::new(start, lo, size, None))
            }
        };
        let measure = match &run {
            Runs::Plane(r) => r.start.measure,
            Runs::Space(r) => r.start.measure,
        };
        if !(measure.is_normal() && measure < f64::MAX) {
            return Err(Error::Invalid {
                message: format!(
                    "the domain's {} is {measure:e}, beyond what a 64-bit number measures; \
                     scale it toward 1",
                    if matches!(domain, Domain::Space { .. }) {
                        "volume"
                    } else {
                        "area"
                    }
                ),
            });
        }
        Ok(Self { run })
    }
}

impl Job for Elimination {
    type Output = Samples;

    fn run(&mut self, budget: u64) -> Result<bool> {
        match &mut self.run {
            Runs::Plane(r) => r.run(budget),
            Runs::Space(r) => r.run(budget),
        }
    }

    fn progress(&self) -> f64 {
        match &self.run {
            Runs::Plane(r) => r.handover.progress(r.finished()),
            Runs::Space(r) => r.handover.progress(r.finished()),
        }
    }

    fn stage(&self) -> &'static str {
        let phase = match &self.run {
            Runs::Plane(r) => r.phase,
            Runs::Space(r) => r.phase,
        };
        match phase {
            Phase::Throw => "throwing candidates",
            Phase::Weigh | Phase::Eliminate => "eliminating",
            Phase::Done | Phase::Failed => "",
        }
    }

    fn take(&mut self) -> Option<Samples> {
        match &mut self.run {
            Runs::Plane(r) => {
                let done = r.finished();
                let out = r.positions();
                r.handover.take(done, || Samples::Plane(out))
            }
            Runs::Space(r) => {
                let done = r.finished();
                let out = r.positions();
                let faces = &r.faces;
                let ids = &r.order;
                let from = &r.start.from;
                r.handover.take(done, || match from {
                    Throw::Surface { triangles, .. } => {
                        // Each point on its triangle, with where in it (u, v) solved.
                        let at = |(p, &i): (&[f64; 3], &u32)| {
                            let face = faces[i as usize] as usize;
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
                        };
                        Samples::Surface(out.iter().zip(ids).map(at).collect())
                    }
                    Throw::Box(_) => Samples::Space(out),
                })
            }
        }
    }
}

/// What a run starts from: the count, the generator, the domain's measure (area or volume,
/// `dims` 2 or 3) and how candidates are drawn on it.
#[derive(Debug, Clone)]
struct Start {
    count: usize,
    rng: SplitMix,
    measure: f64,
    dims: usize,
    from: Throw,
}

impl Start {
    fn new(count: usize, seed: i32, measure: f64, dims: usize, from: Throw) -> Self {
        let rng = SplitMix::new(seed);
        Self {
            count,
            rng,
            measure,
            dims,
            from,
        }
    }
}

/// The phases of a run.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Throw,
    Weigh,
    Eliminate,
    Done,
    Failed,
}

/// One elimination in `D` dimensions; see the module docs.
#[derive(Debug, Clone)]
struct Run<const D: usize> {
    start: Start,
    wrap: Option<[f64; D]>,
    /// The box the points lie in (a mesh's bounds).
    corner: [f64; D],
    size: [f64; D],
    /// Every candidate, and its triangle on a surface.
    candidates: Vec<[f64; D]>,
    faces: Vec<u32>,
    /// The set being thinned: its index, its points and their candidate numbers, how many it
    /// goes down to, and the weight's `d_max` (2 r_max of the target) and limit.
    index: Buckets<D>,
    points: Vec<[f64; D]>,
    ids: Vec<u32>,
    target: usize,
    d_max: f64,
    d_min: f64,
    weights: Vec<f64>,
    weighed: usize,
    heap: Heap,
    removed: usize,
    /// The first elimination (candidates down to the count) writes nothing; the halves do.
    first: bool,
    /// The answer: candidate numbers, filled from the back as the halves are removed.
    order: Vec<u32>,
    phase: Phase,
    units: u64,
    handover: Handover,
}

impl<const D: usize> Run<D> {
    fn new(start: Start, corner: [f64; D], size: [f64; D], wrap: Option<[f64; D]>) -> Self {
        let count = start.count;
        Self {
            start,
            wrap,
            corner,
            size,
            candidates: Vec::with_capacity(CANDIDATES * count),
            faces: Vec::new(),
            index: Buckets::default(),
            points: Vec::new(),
            ids: Vec::new(),
            target: count,
            d_max: 0.0,
            d_min: 0.0,
            weights: Vec::new(),
            weighed: 0,
            heap: Heap::default(),
            removed: 0,
            first: true,
            order: vec![0; count],
            phase: Phase::Throw,
            units: 0,
            handover: Handover::default(),
        }
    }

    fn finished(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The answer's points, in order (empty before the end).
    fn positions(&self) -> Vec<[f64; D]> {
        if !self.finished() {
            return Vec::new();
        }
        self.order
            .iter()
            .map(|&i| self.candidates[i as usize])
            .collect()
    }

    fn run(&mut self, budget: u64) -> Result<bool> {
        if matches!(self.phase, Phase::Done | Phase::Failed) {
            return Ok(true);
        }
        let result = spend(budget, |left| {
            let piece = left.clamp(1, PIECE);
            let cost = match self.phase {
                Phase::Throw => self.throw(piece),
                Phase::Weigh => self.weigh(piece),
                Phase::Eliminate => self.eliminate(piece),
                Phase::Done | Phase::Failed => return Ok(None),
            };
            self.units += cost;
            Ok(Some(cost))
        });
        if result.is_err() {
            self.phase = Phase::Failed;
        }
        result?;
        // Candidates thrown, weighed and mostly removed; then the halves, 3 N more units.
        let n = self.start.count as f64;
        let total = (3 * CANDIDATES + 3) as f64 * n;
        self.handover.show(self.units as f64 / total);
        Ok(self.finished())
    }

    /// Throws up to `piece` candidates; once all are thrown, starts the first elimination.
    fn throw(&mut self, piece: u64) -> u64 {
        let all = CANDIDATES * self.start.count;
        let end = (self.candidates.len() + piece as usize).min(all);
        let spent = (end - self.candidates.len()) as u64;
        while self.candidates.len() < end {
            let (p, face) = self.draw();
            self.candidates.push(p);
            self.faces.extend(face);
        }
        if end == all {
            self.points = self.candidates.clone();
            self.ids = (0..all as u32).collect();
            self.begin(self.start.count);
        }
        spent
    }

    /// One random point of the domain (and its triangle).
    fn draw(&mut self) -> ([f64; D], Option<u32>) {
        let rng = &mut self.start.rng;
        match &self.start.from {
            Throw::Box(size) => {
                let mut p = [0.0; D];
                for (i, v) in p.iter_mut().enumerate() {
                    // Below the side even where the product rounds up.
                    *v = (size[i] * rng.unit()).min(size[i] * (1.0 - f64::EPSILON));
                }
                (p, None)
            }
            Throw::Surface { triangles, running } => {
                let total = *running.last().expect("a mesh has a triangle");
                let at = rng.unit() * total;
                let t = running.partition_point(|&r| r <= at).min(running.len() - 1);
                let (mut s, mut u) = (rng.unit(), rng.unit());
                if s + u > 1.0 {
                    (s, u) = (1.0 - s, 1.0 - u);
                }
                let [a, e1, e2] = triangles[t];
                let mut p = [0.0; D];
                for (i, v) in p.iter_mut().enumerate() {
                    *v = a[i] + s * e1[i] + u * e2[i];
                }
                (p, Some(t as u32))
            }
        }
    }

    /// Starts thinning the current set down to `target` points: its index at the new reach.
    fn begin(&mut self, target: usize) {
        let m = self.points.len();
        self.target = target;
        self.d_max = 2.0 * r_max(self.start.measure, target, self.start.dims);
        // Yuksel's weight limit, γ = 1.5.
        let ratio = target as f64 / m as f64;
        self.d_min = self.d_max * BETA * (1.0 - ratio * ratio.sqrt());
        self.index = Buckets::new(&self.points, self.corner, self.size, self.d_max, self.wrap);
        // The set renumbered in the index's order, so neighbours sit near in every array (the
        // weights, the heap's places): about 15 % less time on the torus mesh.
        let order = self.index.order();
        self.points = order.iter().map(|&i| self.points[i]).collect();
        self.ids = order.iter().map(|&i| self.ids[i]).collect();
        self.index = Buckets::new(&self.points, self.corner, self.size, self.d_max, self.wrap);
        self.weights = vec![0.0; m];
        self.weighed = 0;
        self.removed = 0;
        self.phase = Phase::Weigh;
    }

    /// Weighs up to `piece` points of the set; once all are, builds the heap.
    fn weigh(&mut self, piece: u64) -> u64 {
        let end = (self.weighed + piece as usize).min(self.points.len());
        let (d_max, d_min) = (self.d_max, self.d_min);
        for i in self.weighed..end {
            let mut w = 0.0;
            self.index.within(&self.points[i], d_max, |j, d2| {
                if j != i {
                    w += weight(d2, d_max, d_min);
                }
            });
            self.weights[i] = w;
        }
        let spent = (end - self.weighed) as u64;
        self.weighed = end;
        if end == self.points.len() {
            self.heap = Heap::new(&std::mem::take(&mut self.weights));
            self.phase = Phase::Eliminate;
        }
        spent
    }

    /// Removes up to `piece` of the heaviest points; at the target, moves to the next half.
    fn eliminate(&mut self, piece: u64) -> u64 {
        let m = self.points.len();
        let mut spent = 0;
        let (d_max, d_min) = (self.d_max, self.d_min);
        while spent < piece && self.heap.len() > self.target {
            let i = self.heap.pop().expect("above the target");
            spent += 1;
            if !self.first {
                // The k-th removal from a set of m fills place m − 1 − k.
                self.order[m - 1 - self.removed] = self.ids[i];
            }
            self.removed += 1;
            let heap = &mut self.heap;
            self.index.within(&self.points[i], d_max, |j, d2| {
                if j != i {
                    heap.lower(j, weight(d2, d_max, d_min));
                }
            });
        }
        if self.heap.len() == self.target {
            self.next_half();
        }
        spent
    }

    /// The survivors become the set, to be halved again; or, at one point, the run ends.
    fn next_half(&mut self) {
        let mut kept = Vec::with_capacity(self.target);
        while let Some(i) = self.heap.pop() {
            kept.push(i);
        }
        kept.sort_unstable();
        self.first = false;
        if self.target == 1 {
            self.order[0] = self.ids[kept[0]];
            self.phase = Phase::Done;
            return;
        }
        self.points = kept.iter().map(|&i| self.points[i]).collect();
        self.ids = kept.iter().map(|&i| self.ids[i]).collect();
        self.begin(self.target / 2);
    }
}

/// The smallest distance between two of `points` (brute force), to the nearest copy on a
/// torus of sides `wrap`: for tests and benchmarks of small sets.
pub fn smallest_pair<const D: usize>(points: &[[f64; D]], wrap: Option<[f64; D]>) -> f64 {
    let mut best = f64::INFINITY;
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            best = best.min(offset(a, b, wrap));
        }
    }
    best.sqrt()
}
