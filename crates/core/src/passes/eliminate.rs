//! Exactly N points, spread as far apart as the method gets: weighted sample elimination
//! (Yuksel 2015). Scatter more candidates than asked, give each a weight from its crowding, and
//! remove the heaviest until N are left; the removals, reversed, then order the N themselves.
//!
//! Yuksel's three parts, kept apart here: the **weight function** ([`weight`]), the **priority
//! queue** with decrease-key (`heap`, a tournament tree), and the **spatial index queried within
//! 2 r_max** (`near`: candidates sorted by cell), asked once per candidate: each one's neighbours
//! and their weights are kept in flat rows, read again as it goes. A pair `d` apart weighs `(1 − d / 2r_max)^8`, with
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
mod measure;
mod near;
mod throw;

use measure::repeats_a_place;
pub use measure::{r_max, smallest_pair, weight};

use crate::base::error::{positive, Error, Result};
use crate::base::job::{spend, Handover, Job};
use crate::base::rng::{Seed, SplitMix};
use crate::variants::space::{Mesh, MeshPoint, MeshSpacing};
use heap::Heap;
use near::Buckets;
use throw::{place, Throw};

/// Candidates per point asked for.
pub const CANDIDATES: usize = 8;
/// The most points one call gives: the work limit. Each point brings [`CANDIDATES`] candidates
/// of about 140 bytes, and 8 bytes per neighbour within 2 r_max (29 on a plane or surface, about
/// 40 in a volume: 500 MB at the limit in a box) while the run lasts; past a few hundred
/// thousand candidates the queue's updates miss the cache, and time grows faster than the count
/// (BENCHMARKS.md).
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
    /// A mesh's surface with spacing from a weight in `[0, 1]` per vertex (OBJ order): spacing
    /// `radius_max` times as wide where a vertex weighs 0 as where it weighs 1, interpolated over
    /// each triangle as [`MeshSpacing`] does (the count sets the scale). Each pair's weight
    /// reaches the smaller of its two spacings: the plane's variable-radius pair rule.
    WeightedSurface {
        /// The surface.
        mesh: Mesh,
        /// One weight per vertex of `mesh`.
        weights: Vec<f64>,
        /// The spacing at weight 0 over the spacing at weight 1 (finite, ≥ 1).
        radius_max: f64,
    },
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
        Seed::new(seed)?; // the seeds every sampler refuses
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
                let (from, lo, hi) = Throw::surface(mesh, None);
                let start = Start::new(count, seed, mesh.area(), 2, from);
                let size = [0, 1, 2].map(|i| hi[i] - lo[i]);
                Runs::Space(Run::new(start, lo, size, None))
            }
            Domain::WeightedSurface {
                mesh,
                weights,
                radius_max,
            } => {
                let spacing = MeshSpacing::new(mesh, 1.0, *radius_max, weights.clone())?;
                // The weighted measure is at most the area times radius-max²: kept finite.
                if !(mesh.area() * radius_max * radius_max).is_finite() {
                    return Err(Error::Invalid {
                        message: format!(
                            "radius-max {radius_max:e} is too large for this surface: the area \
                             times its square passes what a 64-bit number measures"
                        ),
                    });
                }
                let (from, lo, hi) = Throw::surface(mesh, Some(&spacing));
                let start = Start::new(count, seed, mesh.area(), 2, from);
                let size = [0, 1, 2].map(|i| hi[i] - lo[i]);
                Runs::Space(Run::new(start, lo, size, None))
            }
        };
        let measure = match &run {
            Runs::Plane(r) => r.start.measure,
            Runs::Space(r) => r.start.measure,
        };
        let what = match domain {
            Domain::Space { .. } => "volume",
            Domain::Plane { .. } => "area",
            _ => "surface's area",
        };
        if measure == 0.0 {
            return Err(Error::Invalid {
                message: format!("the {what} is 0: it holds no points"),
            });
        }
        if !(measure.is_normal() && measure < f64::MAX) {
            return Err(Error::Invalid {
                message: format!(
                    "the {what} is {measure:e}, beyond what a 64-bit number measures; scale it \
                     toward 1"
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
                        let at =
                            |(p, &i): (&[f64; 3], &u32)| place(triangles, p, faces[i as usize]);
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
    /// With weights: each point of the set's spacing over the largest, in `(0, 1]`.
    spacing: Vec<f64>,
    /// The set being thinned: its index, its points and their candidate numbers, how many it
    /// goes down to, and the weight's `d_max` (2 r_max of the target) and limit.
    index: Buckets<D>,
    points: Vec<[f64; D]>,
    ids: Vec<u32>,
    target: usize,
    d_max: f64,
    /// The weight limit's `1 − (N/M)^1.5`: a pair `d_max` apart counts as no closer than
    /// `d_max · β · shrink`.
    shrink: f64,
    weights: Vec<f64>,
    weighed: usize,
    /// Each point's neighbours within reach and the weight each adds, row by row (CSR): found
    /// once, while weighing, and read again as the point goes.
    row_starts: Vec<u32>,
    rows: Vec<(u32, f32)>,
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
            spacing: Vec::new(),
            index: Buckets::default(),
            points: Vec::new(),
            ids: Vec::new(),
            target: count,
            d_max: 0.0,
            shrink: 0.0,
            weights: Vec::new(),
            weighed: 0,
            row_starts: Vec::new(),
            rows: Vec::new(),
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
                Phase::Eliminate => self.eliminate(piece)?,
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
        let weighted = self.start.from.weighted();
        while self.candidates.len() < end {
            let c = self.start.from.draw(&mut self.start.rng);
            self.candidates.push(c.at);
            self.faces.extend(c.face);
            if weighted {
                self.spacing.push(c.spacing);
            }
        }
        if end == all {
            if weighted {
                // The measure that gives `count` points at the varying spacing: the area
                // weighted by 1 / spacing², estimated from the uniform candidates.
                let sum: f64 = self.spacing.iter().map(|s| 1.0 / (s * s)).sum();
                self.start.measure *= sum / all as f64;
            }
            self.points = self.candidates.clone();
            self.ids = (0..all as u32).collect();
            self.begin(self.start.count);
        }
        spent
    }

    /// Starts thinning the current set down to `target` points: its index at the new reach.
    fn begin(&mut self, target: usize) {
        let m = self.points.len();
        self.target = target;
        self.d_max = 2.0 * r_max(self.start.measure, target, self.start.dims);
        // Yuksel's weight limit, γ = 1.5.
        let ratio = target as f64 / m as f64;
        self.shrink = 1.0 - ratio * ratio.sqrt();
        self.index = Buckets::new(&self.points, self.corner, self.size, self.d_max, self.wrap);
        // The set renumbered in the index's order, so neighbours sit near in every array (the
        // weights, the heap's places): about 15 % less time on the torus mesh.
        let order = self.index.order();
        self.points = order.iter().map(|&i| self.points[i]).collect();
        self.ids = order.iter().map(|&i| self.ids[i]).collect();
        if !self.spacing.is_empty() {
            self.spacing = order.iter().map(|&i| self.spacing[i]).collect();
        }
        self.index = Buckets::new(&self.points, self.corner, self.size, self.d_max, self.wrap);
        self.weights = vec![0.0; m];
        self.weighed = 0;
        self.row_starts.clear();
        self.row_starts.push(0);
        self.rows.clear();
        self.removed = 0;
        self.phase = Phase::Weigh;
    }

    /// Weighs up to `piece` points of the set; once all are, builds the heap.
    fn weigh(&mut self, piece: u64) -> u64 {
        let end = (self.weighed + piece as usize).min(self.points.len());
        let (d_max, shrink) = (self.d_max, self.shrink);
        let d_min = d_max * BETA * shrink;
        let spacing = &self.spacing;
        for i in self.weighed..end {
            let mut w = 0.0;
            let rows = &mut self.rows;
            // Stored as f32 (half the memory); the sum and every lowering use those bits.
            let mut add = |j: usize, x: f64| {
                rows.push((j as u32, x as f32));
                w += f64::from(x as f32);
            };
            if spacing.is_empty() {
                self.index.within(&self.points[i], d_max, |j, d2| {
                    if j != i {
                        add(j, weight(d2, d_max, d_min));
                    }
                });
            } else {
                // Each pair reaches the smaller spacing of the two, so this one's bounds it.
                let own = spacing[i];
                self.index.within(&self.points[i], d_max * own, |j, d2| {
                    let reach = d_max * own.min(spacing[j]);
                    if j != i && d2 < reach * reach {
                        add(j, weight(d2, reach, reach * BETA * shrink));
                    }
                });
            }
            self.row_starts.push(self.rows.len() as u32);
            self.weights[i] = w;
        }
        let spent = (end - self.weighed) as u64;
        self.weighed = end;
        if end == self.points.len() {
            self.heap = Heap::new(std::mem::take(&mut self.weights));
            self.phase = Phase::Eliminate;
        }
        spent
    }

    /// Removes up to `piece` of the heaviest points; at the target, moves to the next half.
    fn eliminate(&mut self, piece: u64) -> Result<u64> {
        let m = self.points.len();
        let mut spent = 0;
        while spent < piece && self.heap.len() > self.target {
            let i = self.heap.pop().expect("above the target");
            spent += 1;
            if !self.first {
                // The k-th removal from a set of m fills place m − 1 − k.
                self.order[m - 1 - self.removed] = self.ids[i];
            }
            self.removed += 1;
            let (from, to) = (self.row_starts[i], self.row_starts[i + 1]);
            for &(j, x) in &self.rows[from as usize..to as usize] {
                self.heap.lower(j as usize, f64::from(x));
            }
        }
        if self.heap.len() == self.target {
            self.next_half()?;
        }
        Ok(spent)
    }

    /// The survivors become the set, to be halved again; or, at one point, the run ends.
    fn next_half(&mut self) -> Result<()> {
        let kept = self.heap.rest();
        if self.first {
            // Elimination removes a point that shares its place first; one left among the
            // count means the surface's numbers hold fewer distinct places than asked for.
            if repeats_a_place(kept.iter().map(|&i| self.points[i]).collect()) {
                return Err(Error::Invalid {
                    message: format!(
                        "{} points do not fit: at this scale the coordinates hold fewer distinct \
                         places; ask for fewer or scale the domain toward 1",
                        self.start.count
                    ),
                });
            }
        }
        self.first = false;
        if self.target == 1 {
            self.order[0] = self.ids[kept[0]];
            self.phase = Phase::Done;
            return Ok(());
        }
        self.points = kept.iter().map(|&i| self.points[i]).collect();
        self.ids = kept.iter().map(|&i| self.ids[i]).collect();
        if !self.spacing.is_empty() {
            self.spacing = kept.iter().map(|&i| self.spacing[i]).collect();
        }
        self.begin(self.target / 2);
        Ok(())
    }
}
