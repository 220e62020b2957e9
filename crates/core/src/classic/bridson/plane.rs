//! The plane as a front of the one loop (`front.rs`): where a step's candidates land (the
//! candidate rule, wrapped on a torus), whether one may stand (the region, the ground rule and
//! the grid's spacing query, or the classes of points), and how a point is stored; and the
//! sampler's `step` and `run_slice` (the work of its `Job::run`), compiled per case (wrapping or
//! not, recording or not).

use super::front::{self, stream_and_front, Grows};
use super::outcome::{Candidate, Outcome, Step};
use super::sampler::Sampler;
use crate::base::point::Point;
use crate::classic::candidates::{Annulus, Rule, Throw};
use crate::classic::grid::{Crowd, SameRadius, SmallerRadius, Spacing};

impl Sampler {
    /// One step of Bridson's algorithm; see the module docs. The crate's one loop
    /// (`bridson/front.rs`) takes it, with this sampler's candidates: the tileable sampler (a
    /// grid that wraps), each chunk of an endless world (a grid with an origin and a sampling
    /// region), classes, edits, the parent cone and Roberts' variant
    /// ([`Candidates`](crate::bridson::Candidates)), [`Job::run`](crate::job::Job::run) and
    /// [`Sampler::finish`] step it. (The fast sampler, which places every candidate that fits,
    /// keeps a loop of its own.)
    pub fn step(&mut self) -> Step {
        match self.rule {
            Rule::Annulus => self.step_with(Annulus),
            Rule::Cone(cone) => self.step_with(cone),
            Rule::Turn(turn) => self.step_with(turn),
        }
    }

    /// [`Sampler::step`] with the rule `throw`.
    fn step_with<T: Throw>(&mut self, throw: T) -> Step {
        // One loop, compiled per case: the plane's copy does not even test for wrapping, and
        // only the copy for classes of points asks for them.
        match (self.wrap, self.classes.is_some(), self.same_radius()) {
            (true, classes, _) => self.step_on::<true, true, _, _>(throw, SmallerRadius, classes),
            (false, true, _) => self.step_on::<false, true, _, _>(throw, SmallerRadius, true),
            (false, false, false) => self.step_on::<false, true, _, _>(throw, SmallerRadius, false),
            (false, false, true) => self.step_on::<false, true, _, _>(throw, SameRadius, false),
        }
    }

    /// True when every candidate's radius is the sampler's and no point on the grid has a
    /// smaller one: the spacing rule can then be [`SameRadius`], which reads no stored radius.
    /// Stays true while the sampler runs (it only adds points of its own radius).
    fn same_radius(&self) -> bool {
        self.radius_at.is_none() && self.grid.min_radius() >= self.radius
    }

    /// The step itself, on a torus (`WRAP`) or on the plane, keeping its candidates (`RECORD`)
    /// or not, each candidate judged by the spacing rule `rule` makes from its radius
    /// ([`Spacing`]), or with `classes` by the classes of points ([`ClassRules`]). What a step
    /// reads and draws does not depend on `RECORD`: only whether the page can see it afterwards.
    #[inline(always)]
    fn step_on<const WRAP: bool, const RECORD: bool, T: Throw, S: Spacing>(
        &mut self,
        throw: T,
        rule: impl Fn(f64) -> S + Copy,
        classes: bool,
    ) -> Step {
        let k = self.k;
        front::step(
            self,
            k,
            PlaneStep::<WRAP, RECORD, T, _> {
                throw,
                rule,
                classes,
            },
        )
    }

    /// Up to `max_steps` steps; true when the sampler has finished: [`Job::run`]'s work, which
    /// also updates [`Job::progress`].
    ///
    /// The same steps as calling [`Sampler::step`] `max_steps` times, leaving the same state;
    /// but only the steps whose candidates can still be seen afterwards keep them: the last of
    /// the slice, and any step taken with a single point active (the run's last productive step
    /// retires the last active point).
    ///
    /// [`Job::run`]: crate::job::Job::run
    /// [`Job::progress`]: crate::job::Job::progress
    pub(crate) fn run_slice(&mut self, max_steps: u64) -> bool {
        match self.rule {
            Rule::Annulus => self.run_with(max_steps, Annulus),
            Rule::Cone(cone) => self.run_with(max_steps, cone),
            Rule::Turn(turn) => self.run_with(max_steps, turn),
        }
    }

    /// [`Sampler::run_slice`] with the rule `throw`.
    fn run_with<T: Throw>(&mut self, max_steps: u64, throw: T) -> bool {
        let n = max_steps;
        match (self.wrap, self.classes.is_some(), self.same_radius()) {
            (true, classes, _) => self.run_on::<true, _, _>(n, throw, SmallerRadius, classes),
            (false, true, _) => self.run_on::<false, _, _>(n, throw, SmallerRadius, true),
            (false, false, false) => self.run_on::<false, _, _>(n, throw, SmallerRadius, false),
            (false, false, true) => self.run_on::<false, _, _>(n, throw, SameRadius, false),
        }
    }

    /// [`Sampler::run_slice`] on a torus (`WRAP`) or on the plane, under `rule` or the `classes`.
    fn run_on<const WRAP: bool, T: Throw, S: Spacing>(
        &mut self,
        max_steps: u64,
        throw: T,
        rule: impl Fn(f64) -> S + Copy,
        classes: bool,
    ) -> bool {
        for i in 0..max_steps {
            let seen = i + 1 == max_steps || self.front.active().len() == 1;
            let step = if seen {
                self.step_on::<WRAP, true, _, _>(throw, rule, classes)
            } else {
                self.step_on::<WRAP, false, _, _>(throw, rule, classes)
            };
            if step == Step::Finished {
                return true;
            }
        }
        self.is_finished()
    }
}

/// How the plane takes one step: the candidate rule, the spacing rule and whether classes of
/// points judge, with wrapping and recording compiled in.
#[derive(Clone, Copy)]
pub(super) struct PlaneStep<const WRAP: bool, const RECORD: bool, T, R> {
    pub(super) throw: T,
    pub(super) rule: R,
    pub(super) classes: bool,
}

/// A step around a point on the plane: the point, its candidate rule's state, the ring's spacing
/// (the pair's, with classes of points) and, for a plain fill's step nobody will see, the faster
/// "free or not?" test.
pub(crate) struct PlaneTurn<U> {
    current: usize,
    centre: Point,
    turn: U,
    pr: f64,
    crowd: Option<Crowd>,
}

impl<const WRAP: bool, const RECORD: bool, T: Throw, S: Spacing, R: Fn(f64) -> S + Copy>
    Grows<PlaneStep<WRAP, RECORD, T, R>> for Sampler
{
    type Turn = PlaneTurn<T::Turn>;
    type Candidate = (f64, f64);
    /// The radius the point is stored with.
    type Room = f64;

    stream_and_front!();

    #[inline(always)]
    fn begin(&mut self, current: usize, how: PlaneStep<WRAP, RECORD, T, R>) -> Option<Self::Turn> {
        self.current = Some(current);
        if RECORD {
            self.tried.clear();
        }
        let centre = self.points()[current];
        let parent = self.parents.as_deref().and_then(|p| *p.get(current)?);
        let parent = parent.map(|p| self.points()[p]);
        let turn = how.throw.begin(&mut self.rng, &centre, parent.as_ref());
        // The plain fill's faster test, for a step whose candidates nobody will see (only
        // under SameRadius, which also means no radius rule: every point is of `self.radius`).
        let crowd = if RECORD || how.classes {
            None
        } else {
            (how.rule)(self.radius).crowd(&self.grid)
        };
        Some(PlaneTurn {
            current,
            centre,
            turn,
            pr: centre.r,
            crowd,
        })
    }

    #[inline(always)]
    fn candidate(
        &mut self,
        t: &mut Self::Turn,
        how: PlaneStep<WRAP, RECORD, T, R>,
    ) -> Option<(f64, f64)> {
        if let Some(classes) = self.classes.as_mut().filter(|_| how.classes) {
            // The candidate's class is drawn first: its ring is the pair's spacing.
            t.pr = classes.throw(self.start + t.current);
        }
        let (mut x, mut y) = how.throw.next(&mut t.turn, &mut self.rng, &t.centre, t.pr);
        if WRAP {
            (x, y) = self.grid.wrap(x, y);
        }
        Some((x, y))
    }

    #[inline(always)]
    fn admit(
        &mut self,
        t: &mut Self::Turn,
        &(x, y): &(f64, f64),
        how: PlaneStep<WRAP, RECORD, T, R>,
    ) -> Option<f64> {
        match t.crowd {
            // A plain fill's step nobody will see: "free or not?" and no more.
            Some(crowd) => (self.refused_here(x, y).is_none() && !crowd.crowded(&self.grid, x, y))
                .then_some(self.radius),
            None => {
                let verdict = if how.classes {
                    self.judge_class(x, y)
                } else {
                    self.judge(x, y, how.rule)
                };
                if RECORD {
                    let outcome = verdict.err().unwrap_or(Outcome::Accepted);
                    self.tried.push(Candidate { x, y, outcome });
                }
                verdict.ok()
            }
        }
    }

    #[inline(always)]
    fn place(&mut self, (x, y): (f64, f64), r: f64, parent: usize) -> usize {
        self.store(x, y, r, Some(parent))
    }
}
