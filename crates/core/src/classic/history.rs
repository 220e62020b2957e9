//! Time travel through a Bridson run: jump to any step, backward or forward, and see exactly the
//! state that stepping there from the start would leave.
//!
//! [`Sampler`] is deterministic, so a [`History`] keeps only the run's recipe and one live
//! sampler. It counts the run once when it starts (a throwaway sampler stepped to the end: `2N −
//! 1` productive steps), moves forward by stepping the live sampler and backward by stepping a
//! fresh one from the recipe. Every state *is* a sampler stepped from the start, so it is exact
//! by construction and nothing has to be kept in step with the sampler's internals (timings of
//! a seek: BENCHMARKS.md, "Notes from the code"). It also notes what the run had spent by each
//! step the first time it gets there (a [`Cost`]), so a lab can show the accept rate over the
//! last few steps as well as over the whole run.
//!
//! ```
//! use poisson_live::history::History;
//! let mut h = History::new(720.0, 400.0, 24.0, 30, 123456).unwrap();
//! h.start_random();
//! assert_eq!(h.total_steps(), 629); // 315 points: 2N − 1 steps
//! h.seek(629);
//! assert_eq!(h.sampler().points().len(), 315);
//! h.seek(3); // back in time
//! assert_eq!(h.at(), 3);
//! assert_eq!(h.sampler().steps(), 3);
//! ```

use crate::base::error::Result;
use crate::base::point::Point;
use crate::classic::bridson::{Candidate, Outcome, Sampler, Step};

/// Where a run's first point comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Start {
    /// Drawn from the seed (x, then y), as [`Sampler::start_random`] does.
    Random,
    /// A given spot, as [`Sampler::start_at`] does (no random numbers drawn).
    At(f64, f64),
}

/// A whole Bridson run that can be visited at any step; see the module docs.
#[derive(Debug)]
pub struct History {
    width: f64,
    height: f64,
    radius: f64,
    k: u32,
    seed: i32,
    start: Option<Start>,
    total: u64,
    /// `costs[s]`: what the run had spent after `s` steps (`total + 1` entries once started).
    costs: Vec<Cost>,
    sampler: Sampler,
}

/// What a run has spent by some step: running totals, counted by the core for the labs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cost {
    /// Candidates thrown.
    pub candidates: u64,
    /// Candidates placed (one per step that placed a point).
    pub placed: u64,
    /// Distance checks: every candidate on the map against every point stored in the block of
    /// cells its grid search covers, at the moment it was thrown (what [`Grid::probe`]
    /// reports). Off-map candidates are refused before any check.
    ///
    /// [`Grid::probe`]: crate::grid::Grid::probe
    pub checks: u64,
}

impl History {
    /// A run on a `width × height` map with spacing `radius`, `k` tries per step and a 32-bit
    /// `seed`, not started yet (call [`History::start_random`] or [`History::start_at`]).
    /// Refuses what [`Sampler::new`] refuses, with the same error.
    pub fn new(width: f64, height: f64, radius: f64, k: u32, seed: i32) -> Result<Self> {
        let sampler = Sampler::new(width, height, radius, k, seed)?;
        Ok(Self {
            width,
            height,
            radius,
            k,
            seed,
            start: None,
            total: 0,
            costs: vec![Cost::default()],
            sampler,
        })
    }

    /// Starts the run from the seed's own first point and counts its steps. The history is then
    /// at step 0 (the first point placed, nothing stepped). Starting again replaces the run.
    pub fn start_random(&mut self) -> Outcome {
        self.begin(Start::Random)
    }

    /// Starts the run from `(x, y)` (a click) and counts its steps; see
    /// [`History::start_random`]. A refused spot leaves an empty run of 0 steps.
    pub fn start_at(&mut self, x: f64, y: f64) -> Outcome {
        self.begin(Start::At(x, y))
    }

    fn begin(&mut self, start: Start) -> Outcome {
        self.start = Some(start);
        let (mut whole, outcome) = self.fresh();
        whole.finish();
        self.total = whole.steps();
        self.costs = vec![Cost::default()];
        self.sampler = self.fresh().0;
        outcome
    }

    /// A new sampler from the recipe, started the same way (unstarted if the run is).
    fn fresh(&self) -> (Sampler, Outcome) {
        let mut s = Sampler::new(self.width, self.height, self.radius, self.k, self.seed)
            .expect("the recipe was accepted when the history was made");
        let outcome = match self.start {
            Some(Start::Random) => s.start_random(),
            Some(Start::At(x, y)) => s.start_at(x, y),
            None => Outcome::OffMap,
        };
        (s, outcome)
    }

    /// How the run started, if it has.
    pub fn start(&self) -> Option<Start> {
        self.start
    }

    /// Productive steps in the whole run: `2N − 1` for `N` points, 0 for an empty run.
    pub fn total_steps(&self) -> u64 {
        self.total
    }

    /// The step the history is at: how many productive steps its sampler has taken.
    pub fn at(&self) -> u64 {
        self.sampler.steps()
    }

    /// Goes to `step` (clamped to `0..=total_steps`) and returns the sampler there, which equals
    /// a fresh sampler started the same way and stepped `step` times. Forward costs the steps in
    /// between; backward replays from the start.
    pub fn seek(&mut self, step: u64) -> &Sampler {
        let step = step.min(self.total);
        if step < self.sampler.steps() {
            self.sampler = self.fresh().0;
        }
        while self.sampler.steps() < step {
            // Every step before the end places or retires a point, so this always advances.
            if self.advance() == Step::Finished {
                break;
            }
        }
        &self.sampler
    }

    /// One step forward: what the sampler's own [`Sampler::step`] would return there
    /// ([`Step::Finished`] at the end, changing nothing).
    pub fn step(&mut self) -> Step {
        self.advance()
    }

    /// One step of the live sampler; the first time the run reaches a step, what it spent
    /// there is added to `costs` (a few grid reads per candidate, nothing on a replay).
    fn advance(&mut self) -> Step {
        let step = self.sampler.step();
        if step != Step::Finished && self.sampler.steps() as usize == self.costs.len() {
            let before = self.costs.last().map_or(0, |c| c.checks);
            let s = &self.sampler;
            // The step's candidates were judged before its new point (if any) was stored, so
            // that point is left out of their checks.
            let grid = s.grid();
            let new = matches!(step, Step::Placed(_)).then(|| grid.points().len() - 1);
            let checks: usize = s
                .tried()
                .iter()
                .filter(|c| !matches!(c.outcome, Outcome::OffMap | Outcome::WrongGround))
                .map(|c| grid.stored_near_except(c.x, c.y, self.radius, new))
                .sum();
            self.costs.push(Cost {
                candidates: s.attempted(),
                placed: s.accepted(),
                checks: before + checks as u64,
            });
        }
        step
    }

    /// A fresh sampler stepped to `step` (clamped), leaving this history where it is.
    pub fn state_at(&self, step: u64) -> Sampler {
        let mut s = self.fresh().0;
        for _ in 0..step.min(self.total) {
            s.step();
        }
        s
    }

    /// The sampler at the current step.
    pub fn sampler(&self) -> &Sampler {
        &self.sampler
    }

    /// What the run had spent after `step` steps, once the history has been there (seeking to
    /// the end visits every step); `None` for a step not visited yet. Step 0 spent nothing.
    ///
    /// ```
    /// use poisson_live::history::History;
    /// let mut h = History::new(720.0, 400.0, 24.0, 30, 123456).unwrap();
    /// h.start_random();
    /// assert_eq!(h.cost_at(10), None);
    /// h.seek(h.total_steps());
    /// let end = h.cost_at(h.total_steps()).unwrap();
    /// assert_eq!((end.candidates, end.placed), (h.sampler().attempted(), h.sampler().accepted()));
    /// assert!(end.checks > 0);
    /// ```
    pub fn cost_at(&self, step: u64) -> Option<Cost> {
        self.costs.get(usize::try_from(step).ok()?).copied()
    }

    /// The share of candidates placed over the last `window` steps up to the current one (fewer
    /// near the start), or `None` when those steps threw none. Early in a run nearly every
    /// candidate lands; late, most steps retire a point after `k` misses.
    pub fn recent_accept_rate(&self, window: u64) -> Option<f64> {
        // The history has been at every step up to where it is.
        let now = self.cost_at(self.at())?;
        let then = self.cost_at(self.at().saturating_sub(window))?;
        let thrown = now.candidates - then.candidates;
        (thrown > 0).then(|| (now.placed - then.placed) as f64 / thrown as f64)
    }
}

/// How one step's candidates fared: the reasons a reader sees beside the red crosses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tally {
    /// Candidates placed (0 or 1 in a Bridson step).
    pub accepted: usize,
    /// Candidates that fell off the map.
    pub off_map: usize,
    /// Candidates the ground rule refused.
    pub wrong_ground: usize,
    /// Candidates closer than the spacing to some point.
    pub too_close: usize,
}

impl Tally {
    /// Counts the outcomes of `tried` (e.g. [`Sampler::tried`]).
    ///
    /// ```
    /// use poisson_live::bridson::{Candidate, Outcome};
    /// use poisson_live::history::Tally;
    /// let c = |outcome| Candidate { x: 0.0, y: 0.0, outcome };
    /// let t = Tally::of(&[c(Outcome::OffMap), c(Outcome::TooClose(4)), c(Outcome::Accepted)]);
    /// assert_eq!((t.accepted, t.off_map, t.wrong_ground, t.too_close), (1, 1, 0, 1));
    /// ```
    pub fn of(tried: &[Candidate]) -> Self {
        let mut t = Tally::default();
        for c in tried {
            match c.outcome {
                Outcome::Accepted => t.accepted += 1,
                Outcome::OffMap => t.off_map += 1,
                Outcome::WrongGround => t.wrong_ground += 1,
                Outcome::TooClose(_) => t.too_close += 1,
            }
        }
        t
    }

    /// Candidates refused, for whatever reason.
    pub fn rejected(&self) -> usize {
        self.off_map + self.wrong_ground + self.too_close
    }
}

/// Coverage that random sequential adsorption approaches: disks dropped one by one at random
/// spots, each kept only where it overlaps none, jam at about 54.7 % of the plane. A Bridson
/// run with a generous `k` lands near it.
pub const RSA_COVERAGE: f64 = 0.547;

/// Coverage of the densest packing of equal disks, the hexagonal one: `π / √12 ≈ 0.9069`.
/// No set of points keeping its spacing can cover more.
pub const HEXAGONAL_COVERAGE: f64 = 0.906_899_682_117_108_9;

/// The figures the labs show live for a set of points with spacing `radius`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LiveFigures {
    /// [`metrics::points_per_r2`](crate::metrics::points_per_r2) with the set's spacing.
    pub points_per_r2: f64,
    /// [`metrics::coverage`](crate::metrics::coverage) of the disks of radius `rᵢ / 2`.
    pub coverage: f64,
    /// [`metrics::min_distance_audit`](crate::metrics::min_distance_audit): the worst pair
    /// closer than its spacing, or `None` when every pair keeps it.
    pub violation: Option<crate::measures::metrics::Violation>,
}

/// Points per r², coverage and the minimum-distance audit of `points` (each with its own
/// spacing) on a `width × height` map whose nominal spacing is `radius`.
///
/// Linear in the number of points (the audit buckets them in a grid), so the page can redo it
/// on every frame while a run plays.
///
/// ```
/// use poisson_live::history::live_figures;
/// use poisson_live::Point;
/// let p = |x, y| Point { x, y, r: 2.0 };
/// let f = live_figures(&[p(1.0, 1.0), p(4.0, 1.0)], 4.0, 4.0, 2.0);
/// assert_eq!(f.points_per_r2, 0.5);
/// assert!(f.violation.is_none());
/// let f = live_figures(&[p(1.0, 1.0), p(2.0, 1.0)], 4.0, 4.0, 2.0);
/// assert_eq!(f.violation.map(|v| (v.i, v.j, v.distance)), Some((0, 1, 1.0)));
/// ```
pub fn live_figures(points: &[Point], width: f64, height: f64, radius: f64) -> LiveFigures {
    LiveFigures {
        points_per_r2: crate::measures::metrics::points_per_r2(points.len(), width, height, radius),
        coverage: crate::measures::metrics::coverage(points.iter().map(|p| p.r), width, height),
        violation: crate::measures::metrics::min_distance_audit(points),
    }
}
