//! One shape for long work: a value that advances a bounded amount per call.
//!
//! Painting the island or averaging a dozen spectra takes longer than a page may block, and a
//! game loop wants to spread such work over frames too. So every long operation is a [`Job`]:
//! build it (all input is checked there), call [`Job::run`] with a budget until it returns
//! `true`, then [`Job::take`] the result. Each operation's one-call function is its job run to
//! the end ([`Job::run_to_end`]), so both give the same result to the bit.
//!
//! A budget counts *units of work*, not time: the crate has no clock (WebAssembly has none it
//! may read without the page), and units give the same result on every machine. Each job says
//! what its unit is, about one Bridson step. For a time budget, measure a call and scale the
//! next, as the page's job driver (`www/lib/job.js`) does.
//!
//! ```
//! use poisson_live::job::Job;
//! use poisson_live::world::{paint_world, WorldPainter};
//! let mut painter = WorldPainter::new(7)?;
//! while !painter.run(5_000)? {
//!     assert!((0.0..1.0).contains(&painter.progress()));
//! }
//! let world = painter.take().expect("finished");
//! assert_eq!(world.rgb, paint_world(7)?.rgb);
//! # Ok::<(), poisson_live::Error>(())
//! ```

use crate::base::error::{Error, Result};

/// Long work done a slice at a time; see the module docs.
pub trait Job {
    /// What the finished job hands over.
    type Output;

    /// Does at most about `budget` units of work and returns `true` once the job is finished.
    ///
    /// A call with a budget above 0 does at least one piece of work while any is left, and may
    /// run over the budget by less than one piece. Once finished, calls do nothing and return
    /// `true`. An error leaves the job finished with nothing to take.
    fn run(&mut self, budget: u64) -> Result<bool>;

    /// How far along the job is, from 0 to 1; exactly 1 only once finished, and never lower
    /// than an earlier answer. Where the total is not known ahead (a Bridson run) it is an
    /// estimate.
    fn progress(&self) -> f64;

    /// What the job is doing now, in a few words for a status line ("placing trees"). Empty
    /// when a job has only one stage.
    fn stage(&self) -> &'static str {
        ""
    }

    /// The result, once: `None` before the job is finished and after it was taken.
    fn take(&mut self) -> Option<Self::Output>;

    /// True once the job is finished (its progress is exactly 1), taken or not.
    fn is_finished(&self) -> bool {
        self.progress() >= 1.0
    }

    /// Runs the job to the end and hands over its result.
    fn run_to_end(mut self) -> Result<Self::Output>
    where
        Self: Sized,
    {
        while !self.run(u64::MAX)? {}
        self.take().ok_or_else(already_taken)
    }
}

/// The error of [`Job::run_to_end`] on a job whose result was taken.
fn already_taken() -> Error {
    Error::Invalid {
        message: "the job's result was already taken".into(),
    }
}

/// The most a job's progress shows before it is finished: 1 means done, and only done.
pub(crate) const ALMOST_DONE: f64 = 0.999;

/// What a job shows and hands over: its progress as last shown, an estimate kept monotone and
/// below 1 until the job says it is finished, and whether its result was taken.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub(crate) struct Handover {
    shown: f64,
    taken: bool,
}

impl Handover {
    /// Takes a new estimate (any number; NaN counts as 0): the shown value never goes back, and
    /// stays at most [`ALMOST_DONE`].
    pub(crate) fn show(&mut self, estimate: f64) {
        let estimate = if estimate > 0.0 { estimate } else { 0.0 };
        self.shown = self.shown.max(estimate.min(ALMOST_DONE));
    }

    /// [`Job::progress`] of a job that is `finished` or not: exactly 1 once it is.
    pub(crate) fn progress(&self, finished: bool) -> f64 {
        if finished {
            1.0
        } else {
            self.shown
        }
    }

    /// [`Job::take`] for a job that keeps its result: `result()` once the job is `finished`,
    /// and only once.
    pub(crate) fn take<T>(&mut self, finished: bool, result: impl FnOnce() -> T) -> Option<T> {
        if !finished || self.taken {
            return None;
        }
        self.taken = true;
        Some(result())
    }

    /// [`Job::run_to_end`] of a job that keeps its result, once it has run to its end: marks
    /// the result taken, or refuses if it was; the job then hands the result over itself,
    /// without the copy its [`Job::take`] makes.
    pub(crate) fn hand_over(&mut self) -> Result<()> {
        self.take(true, || ()).ok_or_else(already_taken)
    }
}

/// About how many points Bridson's algorithm (`k = 30`) places per `r²` of map: the crate's one
/// density estimate. 0.63 as measured on the lab's 720 × 400 map (315 points at r = 24, 2820 at
/// r = 8); large maps come nearer 0.616 (154 073 points on 1000 × 1000 at r = 2), fewer edges
/// to pack against. Progress estimates use it, and so does the stream's bound on the points it
/// holds at once ([`crate::stream::ChunkRows`]), which refuses by it: changing it changes which
/// maps are refused.
pub const BRIDSON_DENSITY: f64 = 0.63;

/// About how many points Bridson's algorithm (`k = 30`) places at spacing `radius` on `area`
/// square map units: [`BRIDSON_DENSITY`] per `radius²`.
pub(crate) fn bridson_points(area: f64, radius: f64) -> f64 {
    BRIDSON_DENSITY * area / (radius * radius)
}

/// How far a Bridson run has come: its `steps` out of the `2N − 1` it takes to place and retire
/// about `expected` points (never fewer than the `placed` so far), below 1.
pub(crate) fn bridson_share(steps: u64, placed: usize, expected: f64) -> f64 {
    let n = expected.max(placed as f64).max(1.0);
    (steps as f64 / (2.0 * n)).min(ALMOST_DONE)
}

/// Spends a budget on pieces of work: `piece` is given what is left of the budget, does one
/// piece and returns its cost, or `None` when nothing is left to do. At least one piece runs if
/// the budget is above 0; the last may cost more than was left.
pub(crate) fn spend(budget: u64, mut piece: impl FnMut(u64) -> Result<Option<u64>>) -> Result<()> {
    let mut budget = Budget::new(budget);
    while budget.left() {
        let Some(cost) = piece(budget.units())? else {
            break;
        };
        budget.spend(cost);
    }
    Ok(())
}

/// A job's spending against the budget of one [`Job::run`] call.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget(u64);

impl Budget {
    /// `units` to spend.
    pub(crate) fn new(units: u64) -> Self {
        Self(units)
    }
    /// True while some of the budget is left.
    pub(crate) fn left(self) -> bool {
        self.0 > 0
    }
    /// What is left, in units.
    pub(crate) fn units(self) -> u64 {
        self.0
    }
    /// Pays for one piece of work (the last piece may cost more than is left).
    pub(crate) fn spend(&mut self, cost: u64) {
        self.0 = self.0.saturating_sub(cost);
    }
}
