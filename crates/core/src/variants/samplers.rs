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

use crate::base::error::Result;
use crate::base::job::{bridson_share, Budget, Handover, Job, BRIDSON_DENSITY};
use crate::base::names::named;
use crate::base::point::Point;
use crate::classic::bridson::Sampler;
use crate::classic::candidates::Candidates;
use crate::measures::metrics::coverage;

mod gaps;

pub use crate::classic::bridson::SamplerParams;
pub use crate::classic::candidates::{MAX_EXPONENT, ROBERTS_EPSILON};
pub use crate::classic::exact;
use gaps::Gaps;
pub use gaps::MIN_SQUARE;

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
pub struct SamplerRun {
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

impl SamplerRun {
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
pub fn sample(method: Method, params: SamplerParams) -> Result<SamplerRun> {
    SamplerJob::new(method, params)?.run_to_end()
}

/// Bridson's algorithm, exactly [`crate::poisson_disk`]; `candidates` counts the first point and
/// every candidate the steps threw.
pub fn classic(params: SamplerParams) -> Result<SamplerRun> {
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
pub fn parent_cone(params: SamplerParams, c: f64) -> Result<SamplerRun> {
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
pub fn roberts(params: SamplerParams) -> Result<SamplerRun> {
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
pub fn maximal(params: SamplerParams) -> Result<SamplerRun> {
    sample(Method::Maximal, params)
}

/// About how many points each method places per `r²` of map (for the progress only): the
/// classic sampler [`BRIDSON_DENSITY`], the parent cone 0.70, Roberts' and the maximal sampler
/// 0.9.
///
fn packing(method: Method) -> f64 {
    match method {
        Method::Classic => BRIDSON_DENSITY,
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
    done: Option<SamplerRun>,
    /// About how many points the run places, and how many gap-filling pieces follow.
    expected: f64,
    gap_pieces: f64,
    handover: Handover,
}

/// What a [`SamplerJob`] has left to do: Bridson's loop ([`Sampler`]) with the method's
/// candidates, for the maximal sampler followed by the gaps.
#[derive(Debug)]
enum Work {
    /// Steps until nothing is active; a parent cone's step costs `cost` units.
    Steps {
        sampler: Box<Sampler>,
        cost: u64,
    },
    /// The Roberts steps until nothing is active, then the gaps.
    Maximal(Box<Sampler>, Gaps),
    Done,
}

impl SamplerJob {
    /// Validates like [`sample`] (the same errors, at once) and places the first point.
    pub fn new(method: Method, params: SamplerParams) -> Result<Self> {
        let work = match method {
            Method::Classic => Work::Steps {
                sampler: started(params, Candidates::Annulus)?,
                cost: 1,
            },
            Method::ParentCone => return Self::parent_cone(params, default_exponent(params.k)),
            Method::Roberts => Work::Steps {
                sampler: started(params, Candidates::Roberts)?,
                cost: 1,
            },
            Method::Maximal => Work::Maximal(started(params, Candidates::Roberts)?, Gaps::new()),
        };
        Ok(Self::with_work(method, params, work))
    }

    /// The parent-cone sampler with radius exponent `c`; validates like [`parent_cone`].
    pub fn parent_cone(params: SamplerParams, c: f64) -> Result<Self> {
        let sampler = started(params, Candidates::ParentCone { exponent: c })?;
        let work = Work::Steps { sampler, cost: 2 };
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

    /// As many steps as `units` pay for (at least one), or four gap-filling pieces; returns
    /// their cost. Ends the run once nothing is left to do.
    fn piece(&mut self, units: u64) -> u64 {
        let (finished, cost) = match &mut self.work {
            Work::Done => return 0,
            Work::Steps { sampler, cost } => {
                let (steps, before) = (units.div_ceil(*cost), sampler.steps());
                let finished = sampler.run_slice(steps);
                (finished, (sampler.steps() - before) * *cost)
            }
            Work::Maximal(sampler, gaps) if gaps.waiting() && !sampler.is_finished() => {
                // Roberts first; the piece after the last step starts the gap filling.
                let before = sampler.steps();
                sampler.run_slice(units);
                (false, sampler.steps() - before)
            }
            Work::Maximal(sampler, gaps) => (gaps.run(sampler, GAP_PIECES_PER_UNIT), 1),
        };
        if finished {
            let (method, width, height) = (self.method, self.width, self.height);
            self.done = Some(match std::mem::replace(&mut self.work, Work::Done) {
                Work::Steps { sampler, .. } => {
                    let candidates = 1 + sampler.attempted();
                    SamplerRun::new(method, sampler.into_points(), candidates, width, height)
                }
                Work::Maximal(sampler, gaps) => {
                    let candidates = 1 + sampler.attempted() + gaps.tried();
                    SamplerRun::new(method, sampler.into_points(), candidates, width, height)
                }
                Work::Done => unreachable!("a finished run is not run again"),
            });
        }
        cost
    }

    /// Steps over the `2N` a run of about `N` points takes; the maximal sampler's gap filling
    /// is the last third, its pieces over about 3.6 per `r²` of map.
    fn estimate(&self) -> f64 {
        let bridson = |s: &Sampler| bridson_share(s.steps(), s.points().len(), self.expected);
        match &self.work {
            Work::Steps { sampler, .. } => bridson(sampler),
            Work::Maximal(s, gaps) if gaps.waiting() => bridson(s) * 2.0 / 3.0,
            Work::Maximal(_, gaps) => 2.0 / 3.0 + gaps.pieces() as f64 / self.gap_pieces / 3.0,
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
            Work::Steps { sampler: s, .. } | Work::Maximal(s, _) => s.points().len(),
            Work::Done => self.done.as_ref().map_or(0, |run| run.points.len()),
        }
    }
}

/// A sampler for `params` throwing `candidates`, its first point drawn as in Bridson
/// (`x = f·w`, then `y = f·h`).
fn started(params: SamplerParams, candidates: Candidates) -> Result<Box<Sampler>> {
    let mut s = Sampler::from_params(params)?.with_candidates(candidates)?;
    s.start_random();
    Ok(Box::new(s))
}

impl Job for SamplerJob {
    type Output = SamplerRun;

    /// Up to `budget` units of work (see the type's docs); true when the run is finished.
    fn run(&mut self, budget: u64) -> Result<bool> {
        let mut budget = Budget::new(budget);
        while budget.left() && !matches!(self.work, Work::Done) {
            budget.spend(self.piece(budget.units()));
        }
        self.handover.show(self.estimate());
        Ok(matches!(self.work, Work::Done))
    }

    fn progress(&self) -> f64 {
        self.handover.progress(matches!(self.work, Work::Done))
    }

    fn stage(&self) -> &'static str {
        match &self.work {
            Work::Maximal(_, gaps) if !gaps.waiting() => "filling the gaps",
            Work::Done => "done",
            _ => "placing points",
        }
    }

    fn take(&mut self) -> Option<SamplerRun> {
        self.done.take()
    }
}
