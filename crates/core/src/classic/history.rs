//! Time travel through a Bridson run: any step, backward or forward, exactly as stepping there from
//! the start leaves it. A [`History`] records a [`Sampler`]'s run once, as a [`Job`] whose unit is
//! one step. Each step's record keeps what the step changed (the point it placed or retired), its
//! candidates and what the run had spent by then ([`Cost`]). Making a history steps nothing, so a
//! page may make one on every input and let its job driver record the run in slices; a seek reads
//! the record and never steps a sampler again. Points only accumulate, so a step's points are a
//! prefix of the run's. The active list, which retirements reorder, is kept whole every
//! [`CHECKPOINT`] steps and rebuilt from the nearest copy by replaying the record's placements
//! and retirements after it through the loop's own front (`bridson/front.rs`), as the run made
//! them. Stepping past the end of the record records the next step first.
//!
//! ```
//! use poisson_live::bridson::Sampler;
//! use poisson_live::history::History;
//! use poisson_live::job::Job;
//! let mut s = Sampler::new(720.0, 400.0, 24.0, 30, 123456)?;
//! s.start_random();
//! let mut h = History::new(s);
//! assert_eq!(h.total_steps(), None); // nothing recorded yet
//! while !h.run(100)? {}
//! assert_eq!(h.total_steps(), Some(629)); // 315 points: 2N − 1 steps
//! assert_eq!(h.seek(629).points.len(), 315);
//! assert_eq!(h.seek(3).steps, 3); // back in time
//! # Ok::<(), poisson_live::Error>(())
//! ```

use crate::base::error::Result;
use crate::base::job::{bridson_points, bridson_share, Handover, Job};
use crate::base::point::Point;
use crate::classic::bridson::front::Front;
use crate::classic::bridson::{Candidate, Outcome, Sampler, Step};

/// The active list is kept whole once every this many steps: a seek rebuilds it with at most
/// this many of the record's changes, and the copies cost one list per this many steps.
pub const CHECKPOINT: usize = 64;

/// A whole Bridson run, recorded once and visited at any step; see the module docs.
#[derive(Debug)]
pub struct History {
    /// The sampler making the record: it stands at the record's end.
    sampler: Sampler,
    /// The sampler's step count when the history was made (its step 0).
    base: u64,
    /// `record[s]`: the state after `s` steps; `record[0]` is the sampler as it was given.
    record: Vec<Entry>,
    /// Every recorded step's candidates, one step after another (see [`Entry::tried_end`]).
    tried: Vec<Candidate>,
    /// `checkpoints[c]`: the active list after `c × CHECKPOINT` steps.
    checkpoints: Vec<Vec<usize>>,
    /// The step shown, and its active list (replayed through the loop's own front).
    at: usize,
    active: Front,
    /// About how many points the run will place, for the recording's progress.
    expected: f64,
    handover: Handover,
    taken: bool,
}

/// One recorded step: what it changed and the running counts after it.
#[derive(Debug, Clone, Copy)]
struct Entry {
    change: Change,
    /// Points placed by then.
    points: usize,
    current: Option<usize>,
    retired: usize,
    /// The step's candidates end here in `History::tried` (and start where the last step's end).
    tried_end: usize,
    cost: Cost,
}

/// How a step changed the active list.
#[derive(Debug, Clone, Copy)]
enum Change {
    /// Step 0: the sampler as given.
    Given,
    /// The point of this index was placed and pushed onto the list.
    Placed(usize),
    /// Point `point` retired: its `slot` was swap-removed (the sampler's own removal).
    Retired { point: usize, slot: usize },
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
    /// [`Grid::probe`]: crate::classic::grid::Grid::probe
    pub checks: u64,
}

/// One state of a Bridson run, everything the lab draws of it: a [`Sampler`] as it stands
/// (`View::from`), or a [`History`] at its step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View<'a> {
    /// The points placed, in order.
    pub points: &'a [Point],
    /// Indices of the active points, in active-list order.
    pub active: &'a [usize],
    /// The point the last step worked around.
    pub current: Option<usize>,
    /// The last step's candidates.
    pub tried: &'a [Candidate],
    /// Productive steps taken.
    pub steps: u64,
    /// Candidates thrown in those steps.
    pub attempted: u64,
    /// Candidates placed in those steps.
    pub accepted: u64,
    /// Points retired.
    pub retired: usize,
}

impl View<'_> {
    /// True when nothing is active: the run is over (or never started).
    pub fn is_finished(&self) -> bool {
        self.active.is_empty()
    }
}

impl<'a> From<&'a Sampler> for View<'a> {
    fn from(s: &'a Sampler) -> Self {
        View {
            points: s.points(),
            active: s.active(),
            current: s.current(),
            tried: s.tried(),
            steps: s.steps(),
            attempted: s.attempted(),
            accepted: s.accepted(),
            retired: s.retired(),
        }
    }
}

impl History {
    /// A history of `sampler`'s run from where it stands (started or not: an unstarted sampler
    /// is an empty run of 0 steps). Steps nothing: record the run with [`Job::run`].
    pub fn new(sampler: Sampler) -> Self {
        let given = View::from(&sampler);
        let first = Entry {
            change: Change::Given,
            points: given.points.len(),
            current: given.current,
            retired: given.retired,
            tried_end: given.tried.len(),
            cost: Cost {
                candidates: given.attempted,
                placed: given.accepted,
                checks: 0,
            },
        };
        let tried = given.tried.to_vec();
        let checkpoint = given.active.to_vec();
        let mut active = Front::default();
        active.restore(&checkpoint);
        let grid = sampler.grid();
        Self {
            base: given.steps,
            record: vec![first],
            tried,
            checkpoints: vec![checkpoint],
            at: 0,
            active,
            expected: bridson_points(grid.width() * grid.height(), sampler.radius()),
            handover: Handover::default(),
            taken: false,
            sampler,
        }
    }

    /// Steps recorded so far.
    pub fn recorded(&self) -> u64 {
        self.last() as u64
    }

    /// True once the whole run is recorded.
    pub fn is_recorded(&self) -> bool {
        self.sampler.is_finished()
    }

    /// Productive steps in the whole run (`2N − 1` for `N` points, 0 for an empty run), once
    /// it is recorded.
    pub fn total_steps(&self) -> Option<u64> {
        self.is_recorded().then(|| self.recorded())
    }

    /// The step shown.
    pub fn at(&self) -> u64 {
        self.at as u64
    }

    /// The sampler making the record, at the record's end: its radius, grid and settings.
    pub fn sampler(&self) -> &Sampler {
        &self.sampler
    }

    fn last(&self) -> usize {
        self.record.len() - 1
    }

    /// Goes to `step`, clamped to the steps recorded, and shows it: what a fresh sampler
    /// started the same way and stepped `step` times shows. Reads the record only.
    pub fn seek(&mut self, step: u64) -> View<'_> {
        let to = usize::try_from(step).map_or(self.last(), |s| s.min(self.last()));
        if to != self.at {
            let span = to / CHECKPOINT;
            // Forward within a span goes on from here; anything else from the span's copy.
            let from = if to > self.at && self.at / CHECKPOINT == span {
                self.at
            } else {
                self.active.restore(&self.checkpoints[span]);
                span * CHECKPOINT
            };
            for entry in &self.record[from + 1..=to] {
                match entry.change {
                    Change::Placed(point) => self.active.activate(point),
                    Change::Retired { slot, .. } => {
                        self.active.retire(slot);
                    }
                    Change::Given => {}
                }
            }
            self.at = to;
        }
        self.view()
    }

    /// The step shown.
    pub fn view(&self) -> View<'_> {
        let entry = &self.record[self.at];
        let from = self
            .at
            .checked_sub(1)
            .map_or(0, |s| self.record[s].tried_end);
        View {
            points: &self.sampler.points()[..entry.points],
            active: self.active.active(),
            current: entry.current,
            tried: &self.tried[from..entry.tried_end],
            steps: self.base + self.at as u64,
            attempted: entry.cost.candidates,
            accepted: entry.cost.placed,
            retired: entry.retired,
        }
    }

    /// One step forward: what [`Sampler::step`] did there ([`Step::Finished`] at the end,
    /// changing nothing). Where the record ends, the step is recorded first.
    pub fn step(&mut self) -> Step {
        if self.at == self.last() && !self.record_step() {
            return Step::Finished;
        }
        self.seek(self.at as u64 + 1);
        match self.record[self.at].change {
            Change::Placed(point) => Step::Placed(point),
            Change::Retired { point, .. } => Step::Retired(point),
            Change::Given => Step::Finished,
        }
    }

    /// Up to `max_steps` steps forward ([`History::step`]); true when at the end of the run.
    pub fn forward(&mut self, max_steps: u64) -> bool {
        for _ in 0..max_steps {
            if self.step() == Step::Finished {
                break;
            }
        }
        self.view().is_finished()
    }

    /// Records the run's next step; false, recording nothing, once the run is over.
    fn record_step(&mut self) -> bool {
        let last_active = self.sampler.active().last().copied();
        let step = self.sampler.step();
        let s = &self.sampler;
        let change = match step {
            Step::Finished => return false,
            Step::Placed(point) => Change::Placed(point),
            // The list's last point moved into the emptied slot, unless it was the one retired.
            Step::Retired(point) => Change::Retired {
                point,
                slot: s
                    .active()
                    .iter()
                    .position(|&i| Some(i) == last_active)
                    .unwrap_or(s.active().len()),
            },
        };
        // The step's candidates were judged before its new point (if any) was stored, so that
        // point is left out of their checks.
        let grid = s.grid();
        let new = matches!(step, Step::Placed(_)).then(|| grid.points().len() - 1);
        let checks: usize = s
            .tried()
            .iter()
            .filter(|c| !matches!(c.outcome, Outcome::OffMap | Outcome::WrongGround))
            .map(|c| grid.stored_near_except(c.x, c.y, s.radius(), new))
            .sum();
        let before = self.record[self.last()].cost.checks;
        self.tried.extend_from_slice(s.tried());
        self.record.push(Entry {
            change,
            points: s.points().len(),
            current: s.current(),
            retired: s.retired(),
            tried_end: self.tried.len(),
            cost: Cost {
                candidates: s.attempted(),
                placed: s.accepted(),
                checks: before + checks as u64,
            },
        });
        if self.last().is_multiple_of(CHECKPOINT) {
            self.checkpoints.push(s.active().to_vec());
        }
        true
    }

    /// What the run had spent after `step` steps, once that step is recorded; `None` before.
    ///
    /// ```
    /// use poisson_live::{bridson::Sampler, history::History, job::Job};
    /// let mut s = Sampler::new(720.0, 400.0, 24.0, 30, 123456)?;
    /// s.start_random();
    /// let mut h = History::new(s);
    /// assert_eq!(h.cost_at(10), None);
    /// while !h.run(1000)? {}
    /// let end = h.cost_at(629).unwrap();
    /// let last = h.seek(629);
    /// assert_eq!((end.candidates, end.placed), (last.attempted, last.accepted));
    /// assert!(end.checks > 0);
    /// # Ok::<(), poisson_live::Error>(())
    /// ```
    pub fn cost_at(&self, step: u64) -> Option<Cost> {
        self.record.get(usize::try_from(step).ok()?).map(|e| e.cost)
    }

    /// The share of candidates placed over the last `window` steps up to the one shown (fewer
    /// near the start), or `None` when those steps threw none. Early in a run nearly every
    /// candidate lands; late, most steps retire a point after `k` misses.
    pub fn recent_accept_rate(&self, window: u64) -> Option<f64> {
        self.accept_rate_at(self.at(), window)
    }

    /// The share of candidates placed over the `window` steps up to `step` (fewer near the
    /// start), once that step is recorded; `None` before, or when those steps threw none.
    /// What the lab's time plot draws along the run.
    pub fn accept_rate_at(&self, step: u64, window: u64) -> Option<f64> {
        let now = self.cost_at(step)?;
        let then = self.cost_at(step.saturating_sub(window))?;
        let thrown = now.candidates - then.candidates;
        (thrown > 0).then(|| (now.placed - then.placed) as f64 / thrown as f64)
    }

    /// How many points were active after `step` steps (placed, not yet retired), once that
    /// step is recorded; `None` before.
    ///
    /// ```
    /// use poisson_live::{bridson::Sampler, history::History, job::Job};
    /// let mut s = Sampler::new(720.0, 400.0, 24.0, 30, 123456)?;
    /// s.start_random();
    /// let mut h = History::new(s);
    /// while !h.run(1000)? {}
    /// assert_eq!(h.active_len_at(0), Some(1)); // the first point
    /// assert_eq!(h.active_len_at(629), Some(0)); // the run's end: all retired
    /// assert_eq!(h.active_len_at(300), Some(h.seek(300).active.len()));
    /// assert_eq!(h.active_len_at(630), None);
    /// # Ok::<(), poisson_live::Error>(())
    /// ```
    pub fn active_len_at(&self, step: u64) -> Option<usize> {
        let entry = self.record.get(usize::try_from(step).ok()?)?;
        Some(entry.points - entry.retired)
    }
}

impl Job for History {
    type Output = Vec<Point>;

    /// Records up to `budget` steps (a unit is one step of the sampler); true once the whole
    /// run is recorded. Never fails.
    fn run(&mut self, budget: u64) -> Result<bool> {
        for _ in 0..budget {
            if !self.record_step() {
                break;
            }
        }
        let s = &self.sampler;
        self.handover
            .show(bridson_share(s.steps(), s.points().len(), self.expected));
        Ok(self.is_recorded())
    }

    /// How much of the run is recorded: an estimate from the points a full map holds.
    fn progress(&self) -> f64 {
        self.handover.progress(self.is_recorded())
    }

    /// A copy of the run's points, once recorded: the history keeps its record.
    fn take(&mut self) -> Option<Vec<Point>> {
        if !self.is_recorded() || self.taken {
            return None;
        }
        self.taken = true;
        Some(self.sampler.points().to_vec())
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
