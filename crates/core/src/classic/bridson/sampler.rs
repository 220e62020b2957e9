//! The sampler itself: its state, the one step, the run in slices, and the job. The module
//! above (`classic/bridson.rs`) says what the algorithm does; the neighbours hold the rest.

use super::front::Front;
use super::outcome::{Candidate, Outcome};
use super::params::{SamplerParams, Tries};
use crate::base::error::{positive, Error, Result};
use crate::base::job::{Handover, Job};
use crate::base::point::Point;
use crate::base::rng::Seed;
use crate::classic::candidates::{Candidates, Rule};
use crate::classic::grid::{tileable, Grid, SmallerRadius, Spacing};
use crate::classic::ring::RingDraws;
use std::f64::consts::SQRT_2;

/// A radius rule: the minimum spacing wanted at `(x, y)`.
pub type RadiusFn = Box<dyn Fn(f64, f64) -> f64 + Send + Sync>;
/// A ground rule: whether a point may stand at `(x, y)`.
pub type AllowedFn = Box<dyn Fn(f64, f64) -> bool + Send + Sync>;

/// The step-by-step Bridson sampler.
///
/// ```
/// use poisson_live::bridson::{Sampler, Step};
/// let mut s = Sampler::new(720.0, 400.0, 24.0, 30, 123456).unwrap();
/// s.start_random();
/// let mut productive = 0;
/// while s.step() != Step::Finished {
///     productive += 1;
/// }
/// assert_eq!(s.points().len(), 315);
/// assert_eq!(productive, 2 * 315 - 1);
/// assert!(s.active().is_empty());
/// ```
pub struct Sampler {
    pub(super) grid: Grid,
    /// The sampling region `[left, right) × [top, bottom)`: where candidates may stand.
    pub(super) left: f64,
    pub(super) top: f64,
    pub(super) right: f64,
    pub(super) bottom: f64,
    /// The grid is a torus: candidates are wrapped into the map before they are tested.
    pub(super) wrap: bool,
    pub(super) radius: f64,
    pub(super) k: u32,
    /// Park–Miller's stream, made ahead in blocks, with the ring candidates looked up ahead.
    pub(super) rng: RingDraws,
    pub(super) radius_at: Option<RadiusFn>,
    pub(super) allowed: Option<AllowedFn>,
    /// Classes of points ([`ClassRules`]), when candidates are of several.
    pub(super) classes: Option<Box<dyn ClassRules>>,
    /// Where a step throws its candidates ([`Candidates`]).
    pub(super) rule: Rule,
    /// Each point's parent (the point whose step placed it), kept only for a rule that asks.
    pub(super) parents: Option<Vec<Option<usize>>>,
    /// This sampler's points are the grid's points from here on: layers run one after another,
    /// so each layer's points sit together at the end of the shared list.
    pub(super) start: usize,
    /// The active list and the counts, which the one loop ([`super::front`]) keeps.
    pub(super) front: Front,
    pub(super) current: Option<usize>,
    pub(super) tried: Vec<Candidate>,
    /// The sum of the placed points' r², for the progress estimate.
    r2_sum: f64,
    /// The job's progress shown and its points handed over.
    pub(super) handover: Handover,
}

impl Sampler {
    /// A sampler on its own `width × height` map with spacing `radius`, `k` tries per step and a
    /// 32-bit `seed`. Nothing is placed yet: call [`Sampler::start_random`] or
    /// [`Sampler::start_at`].
    ///
    /// Width, height and radius must be finite and > 0, `k` in `1..=MAX_K`, and the grid (cells of
    /// side `radius / √2`) within the work limit.
    pub fn new(width: f64, height: f64, radius: f64, k: u32, seed: i32) -> Result<Self> {
        let grid = Grid::for_radius(width, height, radius)?;
        Self::with_grid(grid, radius, k, seed)
    }

    /// [`Sampler::new`] with its numbers named: `Sampler::from_params(p)` is
    /// `Sampler::new(p.width, p.height, p.radius, p.k, p.seed)`.
    pub fn from_params(params: SamplerParams) -> Result<Self> {
        let p = params;
        Self::new(p.width, p.height, p.radius, p.k, p.seed)
    }

    /// A tileable sampler: Bridson on a `width × height` torus ([`Grid::torus`]), where a
    /// candidate thrown off one edge comes back on the other and distances are measured to the
    /// nearest copy of each point. What [`crate::wrap::poisson_disk_wrapped`] steps.
    ///
    /// Checks as there: the map at least `2 × radius` across, `k` in `1..=MAX_K`, the seed, and
    /// then the grid within the work limit.
    pub fn wrapped(params: SamplerParams) -> Result<Self> {
        let (width, height, radius) = tileable(params.width, params.height, params.radius)?;
        Tries::new(params.k)?;
        Seed::new(params.seed)?;
        Self::with_grid(
            Grid::torus(width, height, radius)?,
            radius,
            params.k,
            params.seed,
        )
    }

    /// A sampler that places its points on an existing grid, which may already hold other
    /// samplers' points (layers). The radius must be at least the grid's cell side × √2, so a
    /// cell never holds two points; on a torus, at most half the map's smaller side. It samples
    /// the grid's whole map unless [`Sampler::with_region`] says otherwise.
    pub fn with_grid(grid: Grid, radius: f64, k: u32, seed: i32) -> Result<Self> {
        let radius = positive("radius", radius)?;
        Tries::new(k)?;
        // cell = r / √2 computed in floating point can land a hair above r / √2; allow for it.
        if radius < grid.largest_cell() * SQRT_2 * (1.0 - 1e-12) {
            return Err(Error::Invalid {
                message: format!(
                    "radius {radius} is smaller than this grid allows (cell {} × √2); build the grid for the smallest radius",
                    grid.largest_cell()
                ),
            });
        }
        if grid.is_torus() {
            tileable(grid.width(), grid.height(), radius)?;
        }
        let (left, top) = (grid.left(), grid.top());
        Ok(Self {
            start: grid.points().len(),
            left,
            top,
            right: left + grid.width(),
            bottom: top + grid.height(),
            wrap: grid.is_torus(),
            grid,
            radius,
            k,
            rng: RingDraws::new(seed, radius)?,
            radius_at: None,
            allowed: None,
            classes: None,
            rule: Rule::Annulus,
            parents: None,
            front: Front::default(),
            current: None,
            tried: Vec::with_capacity(k.min(64) as usize),
            r2_sum: 0.0,
            handover: Handover::default(),
        })
    }

    /// Sets a radius rule: a point at `(x, y)` gets radius `max(radius, radius_at(x, y))`, so the
    /// spacing only ever grows from the sampler's radius.
    pub fn with_radius_fn(
        mut self,
        radius_at: impl Fn(f64, f64) -> f64 + Send + Sync + 'static,
    ) -> Self {
        self.radius_at = Some(Box::new(radius_at));
        self
    }

    /// Sets a ground rule: candidates where `allowed(x, y)` is false are refused.
    pub fn with_allowed(
        mut self,
        allowed: impl Fn(f64, f64) -> bool + Send + Sync + 'static,
    ) -> Self {
        self.allowed = Some(Box::new(allowed));
        self
    }

    /// Sets where each step throws its candidates (Bridson's annulus unless told): the parent
    /// cone and Roberts' turn of [`crate::samplers`] are this loop with another rule. Checks
    /// the parent cone's exponent. Points placed before it have no parent.
    pub fn with_candidates(mut self, candidates: Candidates) -> Result<Self> {
        self.rule = Rule::new(candidates, self.k)?;
        let none = vec![None; self.points().len()];
        self.parents = matches!(self.rule, Rule::Cone(_)).then_some(none);
        Ok(self)
    }

    /// The next number of the sampler's stream, for work that goes on from where its steps left
    /// off on the same draws (the maximal sampler's gap filling).
    pub(crate) fn draw(&mut self) -> f64 {
        self.rng.next_f64()
    }

    /// Sets classes of points, each pair with its own spacing ([`ClassRules`]): those of
    /// [`crate::classes`]. The rules must know the class of every point the grid holds already.
    pub(crate) fn with_classes(mut self, classes: impl ClassRules + 'static) -> Self {
        self.classes = Some(Box::new(classes));
        self
    }

    /// The classes set by [`Sampler::with_classes`].
    pub(crate) fn classes(&self) -> Option<&dyn ClassRules> {
        self.classes.as_deref()
    }

    /// Samples only the rectangle `[left, right) × [top, bottom)` of the grid's map: candidates
    /// outside it are refused as off the map, the first point and the seeding blocks are drawn
    /// inside it. An endless world's chunk is such a region, on a grid that also holds its
    /// neighbours' points around it.
    ///
    /// The region must be finite, not empty, and inside the grid's map.
    pub fn with_region(mut self, left: f64, top: f64, right: f64, bottom: f64) -> Result<Self> {
        let g = &self.grid;
        // A hair of slack for a region computed as the grid's own bounds: a point rounding past
        // the last cell lands in it and still keeps its distance from the cell's other points.
        let slack = 1e-9 * (g.width() + g.height() + g.left().abs() + g.top().abs());
        let inside = left >= g.left() - slack
            && top >= g.top() - slack
            && right <= g.left() + g.width() + slack
            && bottom <= g.top() + g.height() + slack;
        if !(left < right && top < bottom && inside) {
            return Err(Error::Invalid {
                message: format!(
                    "the sampling region [{left}, {right}) × [{top}, {bottom}) must be a rectangle inside the grid's map"
                ),
            });
        }
        (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom);
        Ok(self)
    }
    /// The radius a point at `(x, y)` would get.
    #[inline]
    pub fn radius_at(&self, x: f64, y: f64) -> f64 {
        match &self.radius_at {
            Some(f) => self.radius.max(f(x, y)),
            None => self.radius,
        }
    }

    /// Places a point at `(x, y)` if it is in the sampling region (the map, unless
    /// [`Sampler::with_region`] narrowed it), on allowed ground and far enough from every point
    /// on the grid; it then becomes active.
    pub fn try_add(&mut self, x: f64, y: f64) -> Outcome {
        let verdict = if self.classes.is_some() {
            self.judge_class(x, y)
        } else {
            self.judge(x, y, SmallerRadius)
        };
        match verdict {
            Ok(r) => {
                let index = self.store(x, y, r, None);
                self.front.activate(index);
                Outcome::Accepted
            }
            Err(refused) => refused,
        }
    }

    /// Why a point at `(x, y)` may not stand, before any spacing is asked: off the sampling
    /// region or off allowed ground.
    #[inline(always)]
    pub(super) fn refused_here(&self, x: f64, y: f64) -> Option<Outcome> {
        // Written as negations so that NaN is refused too.
        if !(x >= self.left && y >= self.top && x < self.right && y < self.bottom) {
            return Some(Outcome::OffMap);
        }
        if let Some(allowed) = &self.allowed {
            if !allowed(x, y) {
                return Some(Outcome::WrongGround);
            }
        }
        None
    }

    /// Whether a point may stand at `(x, y)` ([`Sampler::try_add`]'s rules, the spacing judged
    /// by `rule`, which the classic sampler makes from the point's radius): the radius it would
    /// get, or why not. Changes nothing, so the candidate loop reads the grid untouched until a
    /// candidate is placed.
    #[inline(always)]
    pub(super) fn judge<S: Spacing>(
        &self,
        x: f64,
        y: f64,
        rule: impl Fn(f64) -> S,
    ) -> std::result::Result<f64, Outcome> {
        if let Some(refused) = self.refused_here(x, y) {
            return Err(refused);
        }
        let r = self.radius_at(x, y);
        match self.grid.conflict_by(x, y, rule(r)) {
            Some(hit) => Err(Outcome::TooClose(hit)),
            None => Ok(r),
        }
    }

    /// [`Sampler::judge`] with classes of points, whose rules judge each pair's spacing themselves
    /// (the grid knows only radii). On `Ok` the rules have counted the point as the grid's next
    /// one, so it must be placed at once.
    pub(super) fn judge_class(&mut self, x: f64, y: f64) -> std::result::Result<f64, Outcome> {
        if let Some(refused) = self.refused_here(x, y) {
            return Err(refused);
        }
        match &mut self.classes {
            Some(classes) => classes.admit(&self.grid, x, y).map_err(Outcome::TooClose),
            None => self.judge(x, y, SmallerRadius),
        }
    }

    /// Stores a point that [`Sampler::judge`] let stand, thrown by a step around `parent` or
    /// not: its index, for the caller to make it active.
    #[inline(always)]
    pub(super) fn store(&mut self, x: f64, y: f64, r: f64, parent: Option<usize>) -> usize {
        let index = self.grid.add_unchecked(x, y, r) - self.start;
        self.r2_sum += r * r;
        if let Some(parents) = &mut self.parents {
            parents.push(parent);
        }
        index
    }

    /// Steps until nothing is active, keeping the sampler. ([`Job::run_to_end`] is the same and
    /// hands the points over; with [`Job`] in scope, `sampler.finish()` means that one.)
    pub fn finish(&mut self) {
        while !self.run_slice(u64::MAX) {}
    }

    /// How far along the run looks: productive steps over those taken plus those a filled
    /// region would still need (each active point retires once; each point still to come is
    /// placed and retires). A filled region holds about [`BRIDSON_DENSITY`] points per r² at
    /// k = 30, r² the mean over the points so far; fewer at small k or under a ground rule, so
    /// the estimate runs low there and jumps to 1 at the end.
    ///
    /// [`BRIDSON_DENSITY`]: crate::base::job::BRIDSON_DENSITY
    fn estimate(&self) -> f64 {
        let placed = self.points().len() as f64;
        let r2 = if placed > 0.0 {
            self.r2_sum / placed
        } else {
            self.radius * self.radius
        };
        let area = (self.right - self.left) * (self.bottom - self.top);
        let to_come = (crate::base::job::BRIDSON_DENSITY * area / r2 - placed).max(0.0);
        let done = self.front.steps as f64;
        let left = self.front.active().len() as f64 + 2.0 * to_come;
        done / (done + left + 1.0)
    }
}

impl Job for Sampler {
    type Output = Vec<Point>;

    /// A unit is one step ([`Sampler::step`]). Start the sampler first
    /// ([`Sampler::start_random`], [`Sampler::start_at`] or [`Sampler::seed_blocks`]): with
    /// nothing active it is finished.
    fn run(&mut self, budget: u64) -> Result<bool> {
        let done = self.run_slice(budget);
        let estimate = self.estimate();
        self.handover.show(estimate);
        Ok(done)
    }

    /// An estimate as of the last [`Job::run`] (see `estimate` in the source), 1 once finished.
    fn progress(&self) -> f64 {
        self.handover.progress(self.is_finished())
    }

    /// A copy of the points: the sampler keeps them, and its grid, for drawing.
    fn take(&mut self) -> Option<Vec<Point>> {
        let (grid, start) = (&self.grid, self.start);
        let finished = self.front.is_empty();
        self.handover
            .take(finished, || grid.points()[start..].to_vec())
    }

    /// Steps to the end and hands the points over without copying them.
    fn run_to_end(mut self) -> Result<Vec<Point>> {
        Sampler::finish(&mut self);
        self.handover.hand_over()?;
        Ok(self.into_points())
    }
}

/// Classes of points, each pair of classes with its own spacing: the hook through which the one
/// Bridson loop throws candidates of several classes ([`crate::classes`]). Each candidate's class
/// is drawn as it is thrown, before its position, so that its ring is the right one for the
/// pair; the rules judge a candidate through the grid's one spacing query with a [`Spacing`]
/// of their own, since the grid stores radii, not classes.
pub(crate) trait ClassRules: Send + Sync {
    /// Draws the class of the next candidate thrown around grid point `around` and returns the
    /// spacing of that pair of classes: the candidate lands between it and twice it.
    fn throw(&mut self, around: usize) -> f64;
    /// Judges a point at `(x, y)` (in the region, on allowed ground) of the class last thrown,
    /// or of a newly drawn class for a point placed without a throw (a start): the radius it is
    /// stored with, the sampler then adding it as the grid's next point; or the grid index of
    /// a point it would stand too close to.
    fn admit(&mut self, grid: &Grid, x: f64, y: f64) -> std::result::Result<f64, usize>;
    /// The class of every grid point so far, in order.
    fn of_points(&self) -> &[u16];
}
