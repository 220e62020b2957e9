//! Better samplers: three improvements on Bridson's algorithm, run on the same map and seed as
//! the classic one so their figures compare.
//!
//! - [`Method::Classic`] — [`crate::poisson_disk`], unchanged.
//! - [`Method::ParentCone`] — Bridson that stops aiming candidates back at the point's parent,
//!   and throws them closer to `r` (a radius exponent `c`, see [`parent_cone`]).
//! - [`Method::Roberts`] — Martin Roberts' variant: `k` candidates just beyond `r`, in equal
//!   steps around the circle from a random start direction.
//! - [`Method::Maximal`] — the Roberts points, then hierarchical dart throwing over the squares
//!   no disk covers yet, until none is left: no further point fits anywhere on the map.
//!
//! Each run reports its points, its coverage (disks of radius `r / 2`, see
//! [`crate::metrics::coverage`]) and how many candidates it tested.
//!
//! # Determinism
//!
//! Every method draws from the crate's Park–Miller generator in the order its docs give, and
//! uses only `+ − × ÷`, `sqrt`, `floor` and bit operations on `f64`, which IEEE 754 rounds the
//! same way on every machine, natively and in WebAssembly. The few transcendental values the
//! methods need (a power for the radius exponent, the cosine and sine of `2π / k`) come from the
//! small series in [`exact`] instead of the platform's `libm`, whose last bits differ between
//! builds. So one seed gives the same points, to the bit, everywhere.

use crate::base::names::named;
use crate::bridson::{Sampler, MAX_K};
use crate::error::{in_range, Result};
use crate::grid::Grid;
use crate::job::{bridson_share, Budget, Handover, Job};
use crate::metrics::coverage;
use crate::rng::ParkMiller;
use crate::Point;

pub mod exact;

/// Roberts' candidates sit at `r · (1 + ROBERTS_EPSILON)` from their parent: just beyond the
/// spacing, with room for the rounding of `x + d·cos`, `y + d·sin` (about 1e-16 relative).
pub const ROBERTS_EPSILON: f64 = 1e-6;

/// The hierarchical dart throwing of [`Method::Maximal`] stops splitting a square once its side
/// is below `r · MIN_SQUARE`; it then tests the square's corners and centre directly and drops
/// it. Free spots smaller than this only arise from coincidences at the scale of rounding.
pub const MIN_SQUARE: f64 = 1e-9;

/// The exponents [`parent_cone`] accepts: `c` in `−MAX_EXPONENT..=MAX_EXPONENT`.
pub const MAX_EXPONENT: f64 = 50.0;

/// One of the samplers of the lab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Method {
    /// Bridson's algorithm as in [`crate::bridson`].
    Classic,
    /// Bridson with the parent-cone exclusion and the radius exponent.
    ParentCone,
    /// Candidates just beyond `r`, stepping around the circle.
    Roberts,
    /// Roberts, then gap filling until no point fits anywhere.
    Maximal,
}

named!(Method {
    Classic => "classic",
    ParentCone => "parent-cone",
    Roberts => "roberts",
    Maximal => "maximal",
});

/// What one run of a sampler produced.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Run {
    /// Which method ran.
    pub method: Method,
    /// The points, in the order they were placed, each with `r` = the run's radius.
    pub points: Vec<Point>,
    /// Candidates tested against the grid: the first point and every candidate thrown after it
    /// (for the maximal sampler, the Roberts candidates plus every dart and corner test).
    pub candidates: u64,
    /// The fraction of the map covered by disks of radius `r / 2` around the points.
    pub coverage: f64,
}

impl Run {
    fn new(method: Method, points: Vec<Point>, candidates: u64, width: f64, height: f64) -> Self {
        let coverage = coverage(points.iter().map(|p| p.r), width, height);
        Self {
            method,
            points,
            candidates,
            coverage,
        }
    }

    /// Candidates tested per placed point (0 for an empty run).
    pub fn candidates_per_point(&self) -> f64 {
        if self.points.is_empty() {
            0.0
        } else {
            self.candidates as f64 / self.points.len() as f64
        }
    }

    /// The positions as `[x, y]` pairs, for the metrics.
    pub fn positions(&self) -> Vec<[f64; 2]> {
        self.points.iter().map(|p| [p.x, p.y]).collect()
    }
}

/// The default radius exponent for `k` tries: `c = −1.4 − 17 / √k` (about −4.5 at k = 30).
///
/// It was chosen so that the parent-cone sampler's coverage lands near random sequential
/// adsorption's limit (≈ 0.547) for `15 ≤ k ≤ 40`. `sqrt` and `÷` are correctly rounded, so
/// the value is the same in every build.
///
/// ```
/// let c = poisson_live::samplers::default_exponent(30);
/// assert!((c - (-4.5037)).abs() < 1e-4);
/// ```
pub fn default_exponent(k: u32) -> f64 {
    -1.4 - 17.0 / f64::from(k).sqrt()
}

/// The map, spacing, tries and seed of one run: what every sampler of the lab takes.
///
/// Validation as in [`Sampler::new`]: width, height, radius finite and > 0, `k` in
/// `1..=MAX_K`, the grid within the work limit, and a seed the generator accepts.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SamplerParams {
    /// Map width.
    pub width: f64,
    /// Map height.
    pub height: f64,
    /// The spacing `r`.
    pub radius: f64,
    /// Tries per step.
    pub k: u32,
    /// The 32-bit seed.
    pub seed: i32,
}

/// Runs `method` with `params` (the parent-cone sampler with [`default_exponent`]):
/// [`SamplerJob`] run to the end.
///
/// ```
/// use poisson_live::samplers::{sample, Method, SamplerParams};
/// let params = SamplerParams { width: 720.0, height: 400.0, radius: 24.0, k: 30, seed: 123456 };
/// let classic = sample(Method::Classic, params).unwrap();
/// assert_eq!(classic.points, poisson_live::poisson_disk(720.0, 400.0, 24.0, 30, 123456).unwrap());
/// let maximal = sample(Method::Maximal, params).unwrap();
/// assert!(maximal.coverage > classic.coverage);
/// ```
pub fn sample(method: Method, params: SamplerParams) -> Result<Run> {
    SamplerJob::new(method, params)?.run_to_end()
}

/// Bridson's algorithm, exactly [`crate::poisson_disk`]; `candidates` counts the first point and
/// every candidate the steps threw.
pub fn classic(params: SamplerParams) -> Result<Run> {
    sample(Method::Classic, params)
}

/// Bridson with the parent-cone exclusion and a radius exponent `c`.
///
/// Every point but the first remembers its *parent*, the active point whose step placed it.
/// Around a point Q whose parent P is `D` away (`r ≤ D ≤ 2r`), the inner circle of Q's annulus
/// (radius `r`) dips into P's disk along an arc of half-angle `β = acos(D / 2r)` centred on the
/// direction from Q to P. Candidates thrown there land inside P's disk whenever they are near
/// the inner circle, so the sampler skips that arc: directions are uniform over the rest of the
/// circle.
///
/// The distance `d` from Q is drawn from the density proportional to `d^c` on `[r, 2r]`, by
/// inverting its distribution function: with `a = c + 1` and `u` uniform in `[0, 1)`,
/// `d = r · (1 + u · (2^a − 1))^(1/a)`, and `d = r · 2^u` when `a = 0`. `c = 1` is the classic
/// uniform-area annulus; a negative `c` crowds the candidates toward `r`, so each new point
/// packs tightly against its parent. `c` must lie in `−MAX_EXPONENT..=MAX_EXPONENT`.
///
/// Draw order, each `f` one Park–Miller `next_f64`: the first point `x = f·w`, then `y = f·h`,
/// as in Bridson. Each step: `a = floor(f · active.len)`; then per candidate, up to `k`:
/// `ux = 2f − 1`, `uy = 2f − 1`, repeated until `0 < ux² + uy² ≤ 1` and, when the point has a
/// parent, the direction lies outside the skipped arc (`u · v ≤ cos β · |u|`, with `v` the unit
/// vector toward the parent and `cos β = D / 2r`); then `u = f` for the distance. No angle is
/// ever computed: the arc test is a dot product, and the powers come from this module's own
/// `exp` and `ln` series.
///
/// ```
/// use poisson_live::samplers::{default_exponent, parent_cone, SamplerParams};
/// let params = SamplerParams { width: 400.0, height: 300.0, radius: 20.0, k: 30, seed: 7 };
/// let run = parent_cone(params, default_exponent(30)).unwrap();
/// assert!(run.points.len() > 100);
/// assert!(parent_cone(params, f64::NAN).is_err());
/// ```
pub fn parent_cone(params: SamplerParams, c: f64) -> Result<Run> {
    SamplerJob::parent_cone(params, c)?.run_to_end()
}

/// Martin Roberts' variant of Bridson: each step tries `k` candidates at distance
/// `r · (1 + ROBERTS_EPSILON)` from the active point, in equal steps of `2π / k` around the
/// circle from a random start direction, and places the first that fits.
///
/// Because every candidate touches its parent's circle, the points pack tightly: its coverage
/// lands well above random sequential adsorption's limit, about 0.72 at k = 30 against the
/// classic sampler's 0.5.
///
/// Draw order: the first point `x = f·w`, then `y = f·h`, as in Bridson. Each step:
/// `a = floor(f · active.len)`; then the start direction `ux = 2f − 1`, `uy = 2f − 1`, repeated
/// until `0 < ux² + uy² ≤ 1`, normalised. Each next direction is the previous one rotated by
/// `2π / k` (a complex multiplication by `cos + i sin`, whose values come from this module's own
/// series), so a step draws three numbers or more only while the start direction is redrawn.
///
/// ```
/// use poisson_live::samplers::{roberts, SamplerParams};
/// let run = roberts(SamplerParams { width: 400.0, height: 300.0, radius: 20.0, k: 30, seed: 7 }).unwrap();
/// assert!(run.coverage > 0.5);
/// ```
pub fn roberts(params: SamplerParams) -> Result<Run> {
    sample(Method::Roberts, params)
}

/// A maximal sampler: [`roberts`], then hierarchical dart throwing until no point fits anywhere.
///
/// After the Roberts run, the map is cut into the background grid's squares (side `r / √2`).
/// A square is *covered* when one point's disk of radius `r` holds all four of its corners
/// (strictly, as the grid's spacing test is strict): a disk is convex, so it then holds the whole
/// square and no new point can stand there. Uncovered squares are kept in a list. Each round
/// throws as many darts as there are squares, each into a random square of the list, and places
/// any dart that keeps its distance; then every square still uncovered is split into four, and
/// the quarters that are covered, or lie off the map, are dropped. The list shrinks as the gaps
/// fill and vanishes when every square is covered: the points are then maximal. A square
/// smaller than `r · MIN_SQUARE` is not split; its corners and centre are tried as points and
/// it is dropped.
///
/// Draw order, after the Roberts run on the same generator: per dart, `i = floor(f · squares)`,
/// then `x = x0 + f · sx`, `y = y0 + f · sy` within that square clipped to the map.
///
/// ```
/// use poisson_live::samplers::{maximal, roberts, SamplerParams};
/// let params = SamplerParams { width: 300.0, height: 200.0, radius: 15.0, k: 30, seed: 42 };
/// let r = roberts(params).unwrap();
/// let m = maximal(params).unwrap();
/// assert_eq!(&m.points[..r.points.len()], &r.points[..]); // Roberts first, then the gaps
/// assert!(m.points.len() >= r.points.len());
/// ```
pub fn maximal(params: SamplerParams) -> Result<Run> {
    sample(Method::Maximal, params)
}

/// About how many points each method places per `r²` of map (for the progress only): the
/// classic sampler [`BRIDSON_DENSITY`], the parent cone 0.70, Roberts' and the maximal sampler
/// 0.9.
///
/// [`BRIDSON_DENSITY`]: crate::base::job::BRIDSON_DENSITY
fn packing(method: Method) -> f64 {
    match method {
        Method::Classic => crate::base::job::BRIDSON_DENSITY,
        Method::ParentCone => 0.70,
        Method::Roberts | Method::Maximal => 0.9,
    }
}

/// Gap-filling pieces per unit of work: listing a square, throwing a dart or splitting a
/// square costs about a fifth of a Bridson step.
const GAP_PIECES_PER_UNIT: u32 = 4;

/// [`sample`] (or [`parent_cone`]) as a [`Job`], for a page that must not block a frame for the
/// whole run; the finished run is exactly the one-call result, to the bit.
///
/// A unit of work is one step: an active point's turn (up to `k` candidates around it; the
/// parent cone's, with its series for the distance, counts two), or in the maximal sampler's
/// gap filling four pieces (a grid square listed, a dart thrown or a square split).
///
/// ```
/// use poisson_live::samplers::{sample, Method, SamplerJob, SamplerParams};
/// use poisson_live::Job;
/// let params = SamplerParams { width: 300.0, height: 200.0, radius: 15.0, k: 30, seed: 42 };
/// let mut job = SamplerJob::new(Method::Maximal, params)?;
/// while !job.run(25)? {}
/// assert_eq!(job.take(), Some(sample(Method::Maximal, params)?));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug)]
pub struct SamplerJob {
    method: Method,
    width: f64,
    height: f64,
    work: Work,
    done: Option<Run>,
    /// About how many points the run places, and how many gap-filling pieces follow.
    expected: f64,
    gap_pieces: f64,
    handover: Handover,
}

/// What a [`SamplerJob`] has left to do.
#[derive(Debug)]
enum Work {
    Classic(Box<Sampler>),
    ParentCone(Growth, Cone),
    Roberts(Growth, Turn),
    /// The Roberts steps until nothing is active, then the gaps.
    Maximal(Growth, Turn, Gaps),
    Done,
}

impl SamplerJob {
    /// Validates like [`sample`] (the same errors, at once) and places the first point.
    pub fn new(method: Method, params: SamplerParams) -> Result<Self> {
        let p = params;
        let work = match method {
            Method::Classic => {
                let mut s = Sampler::new(p.width, p.height, p.radius, p.k, p.seed)?;
                s.start_random();
                Work::Classic(Box::new(s))
            }
            Method::ParentCone => return Self::parent_cone(params, default_exponent(p.k)),
            Method::Roberts => {
                let growth = Growth::new(params)?;
                let turn = Turn::new(&growth);
                Work::Roberts(growth, turn)
            }
            Method::Maximal => {
                let growth = Growth::new(params)?;
                let turn = Turn::new(&growth);
                Work::Maximal(growth, turn, Gaps::Waiting)
            }
        };
        Ok(Self::with_work(method, params, work))
    }

    /// The parent-cone sampler with radius exponent `c`; validates like [`parent_cone`].
    pub fn parent_cone(params: SamplerParams, c: f64) -> Result<Self> {
        let c = in_range("exponent", c, -MAX_EXPONENT, MAX_EXPONENT)?;
        let work = Work::ParentCone(Growth::new(params)?, Cone::new(c));
        Ok(Self::with_work(Method::ParentCone, params, work))
    }

    fn with_work(method: Method, params: SamplerParams, work: Work) -> Self {
        let per_r2 = params.width * params.height / (params.radius * params.radius);
        Self {
            method,
            width: params.width,
            height: params.height,
            work,
            done: None,
            expected: packing(method) * per_r2,
            // Listing the grid's 2 squares per r², then about as many darts and splits again.
            gap_pieces: 3.6 * per_r2,
            handover: Handover::default(),
        }
    }

    /// Up to `max_steps` units of work (see the type's docs); true when the run is finished:
    /// [`Job::run`], which cannot fail here, with the return type the bindings use until they
    /// use the job protocol.
    pub fn run_steps(&mut self, max_steps: u64) -> bool {
        let mut budget = Budget::new(max_steps);
        while budget.left() && !matches!(self.work, Work::Done) {
            budget.spend(self.piece());
        }
        self.handover.show(self.estimate());
        matches!(self.work, Work::Done)
    }

    /// One step (or four gap-filling pieces); returns its cost. Ends the run once nothing is
    /// left to do.
    fn piece(&mut self) -> u64 {
        let (finished, cost) = match &mut self.work {
            Work::Done => return 0,
            Work::Classic(s) => (s.run(1), 1),
            Work::ParentCone(growth, cone) => {
                growth.parent_cone_step(cone);
                (growth.active.is_empty(), 2)
            }
            Work::Roberts(growth, turn) => {
                growth.roberts_step(turn);
                (growth.active.is_empty(), 1)
            }
            Work::Maximal(growth, turn, gaps) => {
                // Roberts first; the step that finds nothing active starts the gap filling.
                if matches!(gaps, Gaps::Waiting) && growth.roberts_step(turn) {
                    (false, 1)
                } else {
                    let finished = (0..GAP_PIECES_PER_UNIT).any(|_| gaps.step(growth));
                    (finished, 1)
                }
            }
        };
        if finished {
            let (method, width, height) = (self.method, self.width, self.height);
            self.done = Some(match std::mem::replace(&mut self.work, Work::Done) {
                Work::Classic(s) => {
                    let candidates = 1 + s.attempted();
                    Run::new(method, s.into_points(), candidates, width, height)
                }
                Work::ParentCone(growth, _)
                | Work::Roberts(growth, _)
                | Work::Maximal(growth, _, _) => growth.finish(method),
                Work::Done => unreachable!("a finished run is not run again"),
            });
        }
        cost
    }

    /// Steps over the `2N` a run of about `N` points takes; the maximal sampler's gap filling
    /// is the last third, its pieces over about 3.6 per `r²` of map.
    fn estimate(&self) -> f64 {
        let bridson = |steps: u64, placed: usize| bridson_share(steps, placed, self.expected);
        match &self.work {
            Work::Classic(s) => bridson(s.steps(), s.points().len()),
            Work::ParentCone(g, _) | Work::Roberts(g, _) => bridson(g.steps, g.points.len()),
            Work::Maximal(g, _, Gaps::Waiting) => bridson(g.steps, g.points.len()) * 2.0 / 3.0,
            Work::Maximal(g, _, _) => 2.0 / 3.0 + g.gap_pieces as f64 / self.gap_pieces / 3.0,
            Work::Done => 1.0,
        }
    }

    /// Which method runs.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Points placed so far (all of them once finished, until taken).
    pub fn point_count(&self) -> usize {
        match &self.work {
            Work::Classic(s) => s.points().len(),
            Work::ParentCone(g, _) | Work::Roberts(g, _) | Work::Maximal(g, _, _) => g.points.len(),
            Work::Done => self.done.as_ref().map_or(0, |run| run.points.len()),
        }
    }
}

impl Job for SamplerJob {
    type Output = Run;

    fn run(&mut self, budget: u64) -> Result<bool> {
        Ok(self.run_steps(budget))
    }

    fn progress(&self) -> f64 {
        self.handover.progress(matches!(self.work, Work::Done))
    }

    fn stage(&self) -> &'static str {
        match &self.work {
            Work::Maximal(_, _, Gaps::Waiting) => "placing points",
            Work::Maximal(..) => "filling the gaps",
            Work::Done => "done",
            _ => "placing points",
        }
    }

    fn take(&mut self) -> Option<Run> {
        self.done.take()
    }
}

/// The parent cone's constants of the inverse distribution function, computed once.
#[derive(Debug, Clone, Copy)]
struct Cone {
    a: f64,
    two_to_a_minus_1: f64,
    flat: bool,
}

impl Cone {
    fn new(c: f64) -> Self {
        let a = c + 1.0;
        Self {
            a,
            two_to_a_minus_1: exact::exp(a * std::f64::consts::LN_2) - 1.0,
            flat: a.abs() < 1e-9,
        }
    }
}

/// Roberts' rotation by `2π / k` and the distance of its candidates.
#[derive(Debug, Clone, Copy)]
struct Turn {
    sin: f64,
    cos: f64,
    d: f64,
}

impl Turn {
    fn new(run: &Growth) -> Self {
        let (sin, cos) = exact::sin_cos(2.0 * std::f64::consts::PI / f64::from(run.k));
        Self {
            sin,
            cos,
            d: run.radius * (1.0 + ROBERTS_EPSILON),
        }
    }
}

/// One square of the gap-filling list: its corner and side (it may stick out of the map; the
/// covered test and the darts clip it).
#[derive(Debug, Clone, Copy)]
struct Square {
    x: f64,
    y: f64,
    side: f64,
}

/// Where the maximal sampler's gap filling stands (see [`maximal`]).
#[derive(Debug)]
enum Gaps {
    /// The Roberts steps are still running.
    Waiting,
    /// Listing the grid's uncovered squares, row by row: `next` is the next cell.
    Listing { next: usize, squares: Vec<Square> },
    /// A round's darts, `left` of them still to throw.
    Darts { squares: Vec<Square>, left: usize },
    /// Splitting the round's squares: `at` is the next one, `next` the following round's list.
    Splitting {
        squares: Vec<Square>,
        at: usize,
        next: Vec<Square>,
    },
    /// Every square is covered.
    Done,
}

impl Gaps {
    /// One cell listed, one dart thrown or one square split; true once no square is left.
    fn step(&mut self, run: &mut Growth) -> bool {
        run.gap_pieces += 1;
        match self {
            Gaps::Waiting => {
                *self = Gaps::Listing {
                    next: 0,
                    squares: Vec::new(),
                };
                false
            }
            Gaps::Listing { next, squares } => {
                let cols = run.grid.cols();
                let cell = run.grid.cell();
                let (row, col) = (*next / cols, *next % cols);
                let s = Square {
                    x: col as f64 * cell,
                    y: row as f64 * cell,
                    side: cell,
                };
                if !run.covered(s) {
                    squares.push(s);
                }
                *next += 1;
                if *next == cols * run.grid.rows() {
                    let squares = std::mem::take(squares);
                    self.round(squares);
                }
                matches!(self, Gaps::Done)
            }
            Gaps::Darts { squares, left } => {
                let i = (run.rng.next_f64() * squares.len() as f64) as usize;
                let s = squares[i];
                let x = s.x + run.rng.next_f64() * s.side.min(run.width - s.x);
                let y = s.y + run.rng.next_f64() * s.side.min(run.height - s.y);
                run.try_add(x, y, None);
                *left -= 1;
                if *left == 0 {
                    let squares = std::mem::take(squares);
                    let next = Vec::with_capacity(squares.len() * 2);
                    *self = Gaps::Splitting {
                        squares,
                        at: 0,
                        next,
                    };
                }
                false
            }
            Gaps::Splitting { squares, at, next } => {
                let s = squares[*at];
                *at += 1;
                run.split(s, next);
                if *at == squares.len() {
                    let next = std::mem::take(next);
                    self.round(next);
                }
                matches!(self, Gaps::Done)
            }
            Gaps::Done => true,
        }
    }

    /// Starts a round of darts over `squares`, or ends when there are none.
    fn round(&mut self, squares: Vec<Square>) {
        *self = if squares.is_empty() {
            Gaps::Done
        } else {
            Gaps::Darts {
                left: squares.len(),
                squares,
            }
        };
    }
}

/// The state the growing samplers share: a grid, the points with their parents, the active
/// list, the generator and the candidate count.
#[derive(Debug)]
struct Growth {
    width: f64,
    height: f64,
    radius: f64,
    k: u32,
    grid: Grid,
    rng: ParkMiller,
    points: Vec<Point>,
    parent: Vec<Option<usize>>,
    active: Vec<usize>,
    candidates: u64,
    /// Steps that placed or retired a point, and gap-filling pieces, for the progress.
    steps: u64,
    gap_pieces: u64,
}

impl Growth {
    /// Validates, then places the first point as Bridson does (`x = f·w`, then `y = f·h`).
    fn new(params: SamplerParams) -> Result<Self> {
        let SamplerParams {
            width,
            height,
            radius,
            k,
            seed,
        } = params;
        let grid = Grid::for_radius(width, height, radius)?;
        in_range("k", f64::from(k), 1.0, f64::from(MAX_K))?;
        let mut rng = ParkMiller::new(seed)?;
        let x = rng.next_f64() * width;
        let y = rng.next_f64() * height;
        let mut run = Self {
            width,
            height,
            radius,
            k,
            grid,
            rng,
            points: Vec::new(),
            parent: Vec::new(),
            active: Vec::new(),
            candidates: 0,
            steps: 0,
            gap_pieces: 0,
        };
        run.try_add(x, y, None);
        Ok(run)
    }

    /// Picks an active point: `(slot in the active list, point index)`, drawing one number.
    fn pick(&mut self) -> Option<(usize, usize)> {
        if self.active.is_empty() {
            return None;
        }
        self.steps += 1;
        let slot = (self.rng.next_f64() * self.active.len() as f64) as usize;
        Some((slot, self.active[slot]))
    }

    fn retire(&mut self, slot: usize) {
        self.active.swap_remove(slot);
    }

    /// One step of the parent-cone sampler (see [`parent_cone`]); false when nothing is active.
    fn parent_cone_step(&mut self, cone: &Cone) -> bool {
        let Some((slot, q)) = self.pick() else {
            return false;
        };
        let r = self.radius;
        let (qx, qy) = (self.points[q].x, self.points[q].y);
        // The skipped arc, as a unit vector toward the parent and the cosine of its half-angle.
        let arc = self.parent[q].map(|p| {
            let (vx, vy) = (self.points[p].x - qx, self.points[p].y - qy);
            let d = (vx * vx + vy * vy).sqrt();
            (vx / d, vy / d, d / (2.0 * r))
        });
        for _ in 0..self.k {
            let (ux, uy, len) = loop {
                let ux = 2.0 * self.rng.next_f64() - 1.0;
                let uy = 2.0 * self.rng.next_f64() - 1.0;
                let l2 = ux * ux + uy * uy;
                if !(l2 > 0.0 && l2 <= 1.0) {
                    continue;
                }
                let len = l2.sqrt();
                if let Some((vx, vy, cos_beta)) = arc {
                    if ux * vx + uy * vy > cos_beta * len {
                        continue;
                    }
                }
                break (ux, uy, len);
            };
            let u = self.rng.next_f64();
            let t = if cone.flat {
                exact::exp(u * std::f64::consts::LN_2)
            } else {
                exact::exp(exact::ln(1.0 + u * cone.two_to_a_minus_1) / cone.a)
            };
            let d = r * t;
            if self.try_add(qx + ux / len * d, qy + uy / len * d, Some(q)) {
                return true;
            }
        }
        self.retire(slot);
        true
    }

    /// One step of Roberts' sampler (see [`roberts`]); false when nothing is active.
    fn roberts_step(&mut self, turn: &Turn) -> bool {
        let Some((slot, q)) = self.pick() else {
            return false;
        };
        let (qx, qy) = (self.points[q].x, self.points[q].y);
        let (mut ux, mut uy) = loop {
            let ux = 2.0 * self.rng.next_f64() - 1.0;
            let uy = 2.0 * self.rng.next_f64() - 1.0;
            let l2 = ux * ux + uy * uy;
            if l2 > 0.0 && l2 <= 1.0 {
                let len = l2.sqrt();
                break (ux / len, uy / len);
            }
        };
        for _ in 0..self.k {
            if self.try_add(qx + ux * turn.d, qy + uy * turn.d, Some(q)) {
                return true;
            }
            (ux, uy) = (ux * turn.cos - uy * turn.sin, ux * turn.sin + uy * turn.cos);
        }
        self.retire(slot);
        true
    }

    /// The gap filling's split of one square: dropped when covered; too small to split, its
    /// corners and centre tried as points; else its uncovered quarters on the map go to `next`.
    fn split(&mut self, s: Square, next: &mut Vec<Square>) {
        if self.covered(s) {
            return;
        }
        let half = s.side / 2.0;
        if half < self.radius * MIN_SQUARE {
            for (x, y) in [
                (s.x, s.y),
                (s.x + s.side, s.y),
                (s.x, s.y + s.side),
                (s.x + s.side, s.y + s.side),
                (s.x + half, s.y + half),
            ] {
                self.try_add(x, y, None);
            }
            return;
        }
        for (dx, dy) in [(0.0, 0.0), (half, 0.0), (0.0, half), (half, half)] {
            let q = Square {
                x: s.x + dx,
                y: s.y + dy,
                side: half,
            };
            if q.x < self.width && q.y < self.height && !self.covered(q) {
                next.push(q);
            }
        }
    }

    /// Places `(x, y)` if it is on the map and keeps its distance (counted as a candidate).
    fn try_add(&mut self, x: f64, y: f64, parent: Option<usize>) -> bool {
        self.candidates += 1;
        if !(x >= 0.0 && y >= 0.0 && x < self.width && y < self.height) {
            return false;
        }
        if self.grid.conflict(x, y, self.radius).is_some() {
            return false;
        }
        self.grid.add_unchecked(x, y, self.radius);
        self.active.push(self.points.len());
        self.points.push(Point {
            x,
            y,
            r: self.radius,
        });
        self.parent.push(parent);
        true
    }

    /// Whether one point's disk holds all four corners of `s`, clipped to the map.
    fn covered(&self, s: Square) -> bool {
        let (x0, y0) = (s.x, s.y);
        let (x1, y1) = (
            (s.x + s.side).min(self.width),
            (s.y + s.side).min(self.height),
        );
        let r = self.radius;
        let r2 = r * r;
        let cell = self.grid.cell();
        let col = |x: f64| ((x / cell).floor().max(0.0) as usize).min(self.grid.cols() - 1);
        let row = |y: f64| ((y / cell).floor().max(0.0) as usize).min(self.grid.rows() - 1);
        let inside = |p: &Point, x: f64, y: f64| {
            let (dx, dy) = (p.x - x, p.y - y);
            dx * dx + dy * dy < r2
        };
        for rr in row(y0 - r)..=row(y1 + r) {
            for cc in col(x0 - r)..=col(x1 + r) {
                if let Some(i) = self.grid.cell_point(cc, rr) {
                    let p = &self.grid.points()[i];
                    if inside(p, x0, y0)
                        && inside(p, x1, y0)
                        && inside(p, x0, y1)
                        && inside(p, x1, y1)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn finish(self, method: Method) -> Run {
        Run::new(
            method,
            self.points,
            self.candidates,
            self.width,
            self.height,
        )
    }
}
