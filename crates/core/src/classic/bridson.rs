//! Bridson's algorithm (2007), one step at a time.
//!
//! The sampler keeps an *active list* of points that may still have room around them. Each step
//! picks one at random and throws up to `k` candidates into the ring between r and 2r around it.
//! The first candidate that keeps its distance from every point is placed and becomes active; if
//! all `k` fail, the point retires. When nothing is active the map is full. Every point is placed
//! once and retired once, so `N` points take exactly `2N − 1` productive steps: linear time.
//!
//! [`Sampler`] exposes everything between steps (points, active list, current point, this step's
//! candidates, running counts) because the tutorial draws it; [`poisson_disk`] and
//! [`variable_radius`] are the one-call helpers a game uses.

use crate::base::job::{Handover, Job};
use crate::error::{in_range, positive, radius_range, Error, Result};
use crate::grid::{Grid, SameRadius, SmallerRadius, Spacing};
use crate::rng::{Draws, ParkMiller};
use crate::Point;
use std::f64::consts::SQRT_2;
use wide::f64x4;

/// A radius rule: the minimum spacing wanted at `(x, y)`.
pub type RadiusFn = Box<dyn Fn(f64, f64) -> f64 + Send + Sync>;
/// A ground rule: whether a point may stand at `(x, y)`.
pub type AllowedFn = Box<dyn Fn(f64, f64) -> bool + Send + Sync>;

/// The largest `k` a sampler accepts; more tries per point add nothing after a few hundred.
pub const MAX_K: u32 = 10_000;

/// What one call of [`Sampler::step`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Step {
    /// A candidate was accepted; the new point's index in [`Sampler::points`].
    Placed(usize),
    /// All `k` candidates failed and this point (index in [`Sampler::points`]) left the active list.
    Retired(usize),
    /// Nothing is active: the sampler is done and the step changed nothing.
    Finished,
}

impl Step {
    /// True for [`Step::Placed`] and [`Step::Retired`]: the steps counted in `2N − 1`.
    pub fn did_something(self) -> bool {
        !matches!(self, Step::Finished)
    }
}

/// Why [`Sampler::try_add`] placed or refused a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The point was placed.
    Accepted,
    /// The point lies outside the map.
    OffMap,
    /// The ground rule said no.
    WrongGround,
    /// Too close to the grid point with this index in [`Grid::points`].
    TooClose(usize),
}

impl Outcome {
    /// True for [`Outcome::Accepted`].
    pub fn accepted(self) -> bool {
        self == Outcome::Accepted
    }
}

/// One candidate thrown during a step.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Candidate {
    /// Candidate x.
    pub x: f64,
    /// Candidate y.
    pub y: f64,
    /// What happened to it.
    pub outcome: Outcome,
}

/// Where [`Sampler::seed_some_blocks`] left off: the corner of the next block to seed (`None`
/// before the first block, the sampling region's corner).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct BlockCursor {
    at: Option<(f64, f64)>,
}

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
    grid: Grid,
    /// The sampling region `[left, right) × [top, bottom)`: where candidates may stand.
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
    /// The grid is a torus: candidates are wrapped into the map before they are tested.
    wrap: bool,
    radius: f64,
    k: u32,
    /// Park–Miller's stream, made ahead in blocks, with the ring candidates looked up ahead.
    rng: RingDraws,
    radius_at: Option<RadiusFn>,
    allowed: Option<AllowedFn>,
    /// Kinds of points ([`Kinds`]), when candidates are of several.
    kinds: Option<Box<dyn Kinds>>,
    /// This sampler's points are the grid's points from here on: layers run one after another,
    /// so each layer's points sit together at the end of the shared list.
    start: usize,
    active: Vec<usize>,
    current: Option<usize>,
    tried: Vec<Candidate>,
    steps: u64,
    attempted: u64,
    accepted: u64,
    retired: usize,
    /// The sum of the placed points' r², for the progress estimate.
    r2_sum: f64,
    /// The job's progress shown and its points handed over.
    handover: Handover,
}

impl std::fmt::Debug for Sampler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sampler")
            .field("radius", &self.radius)
            .field("k", &self.k)
            .field("points", &self.points().len())
            .field("active", &self.active.len())
            .field("steps", &self.steps)
            .finish_non_exhaustive()
    }
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

    /// A tileable sampler: Bridson on a `width × height` torus ([`Grid::torus`]), where a
    /// candidate thrown off one edge comes back on the other and distances are measured to the
    /// nearest copy of each point. What [`crate::wrap::poisson_disk_wrapped`] steps.
    ///
    /// Checks as there: the map at least `2 × radius` across, `k` in `1..=MAX_K`, the seed, and
    /// then the grid within the work limit.
    pub fn wrapped(width: f64, height: f64, radius: f64, k: u32, seed: i32) -> Result<Self> {
        let (width, height, radius) = crate::grid::tileable(width, height, radius)?;
        in_range("k", f64::from(k), 1.0, f64::from(MAX_K))?;
        ParkMiller::new(seed)?;
        Self::with_grid(Grid::torus(width, height, radius)?, radius, k, seed)
    }

    /// A sampler that places its points on an existing grid, which may already hold other
    /// samplers' points (layers). The radius must be at least the grid's cell side × √2, so a
    /// cell never holds two points; on a torus, at most half the map's smaller side. It samples
    /// the grid's whole map unless [`Sampler::with_region`] says otherwise.
    pub fn with_grid(grid: Grid, radius: f64, k: u32, seed: i32) -> Result<Self> {
        let radius = positive("radius", radius)?;
        in_range("k", f64::from(k), 1.0, f64::from(MAX_K))?;
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
            crate::grid::tileable(grid.width(), grid.height(), radius)?;
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
            kinds: None,
            active: Vec::new(),
            current: None,
            tried: Vec::with_capacity(k.min(64) as usize),
            steps: 0,
            attempted: 0,
            accepted: 0,
            retired: 0,
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

    /// Sets kinds of points, each pair with its own spacing ([`Kinds`]): the classes of
    /// [`crate::classes`]. The kinds must know the class of every point the grid holds already.
    pub(crate) fn with_kinds(mut self, kinds: impl Kinds + 'static) -> Self {
        self.kinds = Some(Box::new(kinds));
        self
    }

    /// The kinds set by [`Sampler::with_kinds`].
    pub(crate) fn kinds(&self) -> Option<&dyn Kinds> {
        self.kinds.as_deref()
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

    /// Draws the first point (x, then y) in the sampling region and tries to add it. If it is
    /// refused the sampler is simply finished, empty.
    pub fn start_random(&mut self) -> Outcome {
        let x = self.left + self.rng.next_f64() * (self.right - self.left);
        let y = self.top + self.rng.next_f64() * (self.bottom - self.top);
        self.try_add(x, y)
    }

    /// Starts from a given point (a click), consuming no random numbers.
    pub fn start_at(&mut self, x: f64, y: f64) -> Outcome {
        self.try_add(x, y)
    }

    /// Seeds a layer the way the reference does before stepping: walks the sampling region in
    /// blocks of side `2r` from its top-left corner (rows outer) and, in each, throws up to `k`
    /// random points until one is placed. This finds room in every corner of a masked map, or
    /// in every pocket an endless world's neighbouring chunks leave, where a single start could
    /// be cut off.
    pub fn seed_blocks(&mut self) {
        let mut cursor = BlockCursor::default();
        while !self.seed_some_blocks(&mut cursor, usize::MAX) {}
    }

    /// [`Sampler::seed_blocks`] a few blocks at a time: seeds up to `max_blocks` more blocks from
    /// where `cursor` left off (start from `BlockCursor::default()`); true once every block is
    /// seeded. The same blocks, draws and points as one call of `seed_blocks`.
    pub fn seed_some_blocks(&mut self, cursor: &mut BlockCursor, max_blocks: usize) -> bool {
        let spacing = 2.0 * self.radius;
        let (right, bottom) = (self.right, self.bottom);
        let (mut x, mut y) = cursor.at.unwrap_or((self.left, self.top));
        let mut seeded = 0;
        while y < bottom {
            while x < right {
                if seeded == max_blocks {
                    cursor.at = Some((x, y));
                    return false;
                }
                for _ in 0..self.k {
                    let sx = x + self.rng.next_f64() * spacing.min(right - x);
                    let sy = y + self.rng.next_f64() * spacing.min(bottom - y);
                    if self.try_add(sx, sy).accepted() {
                        break;
                    }
                }
                x += spacing;
                seeded += 1;
            }
            x = self.left;
            y += spacing;
        }
        cursor.at = Some((x, y));
        true
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
        let verdict = if self.kinds.is_some() {
            self.judge_kind(x, y)
        } else {
            self.judge(x, y, SmallerRadius)
        };
        match verdict {
            Ok(r) => {
                self.place(x, y, r);
                Outcome::Accepted
            }
            Err(refused) => refused,
        }
    }

    /// Why a point at `(x, y)` may not stand, before any spacing is asked: off the sampling
    /// region or off allowed ground.
    #[inline(always)]
    fn refused_here(&self, x: f64, y: f64) -> Option<Outcome> {
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
    fn judge<S: Spacing>(
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

    /// [`Sampler::judge`] with kinds of points, which judge the spacing of each pair themselves
    /// (the grid knows only radii). On `Ok` the kinds have counted the point as the grid's next
    /// one, so it must be placed at once.
    fn judge_kind(&mut self, x: f64, y: f64) -> std::result::Result<f64, Outcome> {
        if let Some(refused) = self.refused_here(x, y) {
            return Err(refused);
        }
        match &mut self.kinds {
            Some(kinds) => kinds.admit(&self.grid, x, y).map_err(Outcome::TooClose),
            None => self.judge(x, y, SmallerRadius),
        }
    }

    /// Places a point that [`Sampler::judge`] let stand; it becomes active.
    #[inline(always)]
    fn place(&mut self, x: f64, y: f64, r: f64) {
        let index = self.grid.add_unchecked(x, y, r) - self.start;
        self.active.push(index);
        self.r2_sum += r * r;
    }

    /// One step of Bridson's algorithm; see the module docs. This is the one place in the crate
    /// where Bridson's annulus candidates are drawn: the tileable sampler (a grid that wraps),
    /// each chunk of an endless world (a grid with an origin and a sampling region), classes,
    /// edits, [`Sampler::run`] and [`Sampler::finish`] step it. The parent cone and Roberts'
    /// variant in [`crate::samplers`] and the fast sampler draw their own candidates, in loops
    /// of their own.
    pub fn step(&mut self) -> Step {
        // One loop, compiled per case: the plane's copy does not even test for wrapping, and
        // only the copy for kinds of points asks for them.
        match (self.wrap, self.kinds.is_some(), self.same_radius()) {
            (true, kinds, _) => self.step_on::<true, true, _>(SmallerRadius, kinds),
            (false, true, _) => self.step_on::<false, true, _>(SmallerRadius, true),
            (false, false, false) => self.step_on::<false, true, _>(SmallerRadius, false),
            (false, false, true) => self.step_on::<false, true, _>(SameRadius, false),
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
    /// ([`Spacing`]), or with `kinds` by the kinds of points ([`Kinds`]). What a step reads and
    /// draws does not depend on `RECORD`: only whether the page can see it afterwards.
    #[inline(always)]
    fn step_on<const WRAP: bool, const RECORD: bool, S: Spacing>(
        &mut self,
        rule: impl Fn(f64) -> S + Copy,
        kinds: bool,
    ) -> Step {
        if self.active.is_empty() {
            return Step::Finished;
        }
        let a = (self.rng.next_f64() * self.active.len() as f64) as usize;
        let current = self.active[a];
        self.current = Some(current);
        if RECORD {
            self.tried.clear();
        }
        let Point {
            x: px,
            y: py,
            r: mut pr,
        } = self.points()[current];
        // The plain fill's faster test, for a step whose candidates nobody will see (only
        // under SameRadius, which also means no radius rule: every point is of `self.radius`).
        let crowd = if RECORD || kinds {
            None
        } else {
            rule(self.radius).crowd(&self.grid)
        };
        for tries in 1..=self.k {
            if let Some(kinds) = self.kinds.as_mut().filter(|_| kinds) {
                // The candidate's kind is drawn first: its ring is the pair's spacing.
                pr = kinds.throw(self.start + current);
            }
            let (dx, dy) = self.rng.ring_offset(pr);
            let (mut x, mut y) = (px + dx, py + dy);
            if WRAP {
                (x, y) = self.grid.wrap(x, y);
            }
            let room = match crowd {
                // A plain fill's step nobody will see: "free or not?" and no more.
                Some(crowd) => (self.refused_here(x, y).is_none()
                    && !crowd.crowded(&self.grid, x, y))
                .then_some(self.radius),
                None => {
                    let verdict = if kinds {
                        self.judge_kind(x, y)
                    } else {
                        self.judge(x, y, rule)
                    };
                    if RECORD {
                        let outcome = verdict.err().unwrap_or(Outcome::Accepted);
                        self.tried.push(Candidate { x, y, outcome });
                    }
                    verdict.ok()
                }
            };
            if let Some(r) = room {
                self.place(x, y, r);
                self.attempted += u64::from(tries);
                self.accepted += 1;
                self.steps += 1;
                return Step::Placed(self.points().len() - 1);
            }
        }
        self.attempted += u64::from(self.k);
        self.active.swap_remove(a);
        self.retired += 1;
        self.steps += 1;
        Step::Retired(current)
    }

    /// Up to `max_steps` steps; true when the sampler has finished. The page calls this once per
    /// animation frame so a big map never blocks it. ([`Job::run`] is the same, and also
    /// updates [`Job::progress`].)
    ///
    /// The same steps as calling [`Sampler::step`] `max_steps` times, leaving the same state;
    /// but only the steps whose candidates can still be seen afterwards keep them: the last of
    /// the slice, and any step taken with a single point active (the run's last productive step
    /// retires the last active point).
    pub fn run(&mut self, max_steps: u64) -> bool {
        match (self.wrap, self.kinds.is_some(), self.same_radius()) {
            (true, kinds, _) => self.run_on::<true, _>(max_steps, SmallerRadius, kinds),
            (false, true, _) => self.run_on::<false, _>(max_steps, SmallerRadius, true),
            (false, false, false) => self.run_on::<false, _>(max_steps, SmallerRadius, false),
            (false, false, true) => self.run_on::<false, _>(max_steps, SameRadius, false),
        }
    }

    /// [`Sampler::run`] on a torus (`WRAP`) or on the plane, under `rule` or the `kinds`.
    fn run_on<const WRAP: bool, S: Spacing>(
        &mut self,
        max_steps: u64,
        rule: impl Fn(f64) -> S + Copy,
        kinds: bool,
    ) -> bool {
        for i in 0..max_steps {
            let seen = i + 1 == max_steps || self.active.len() == 1;
            let step = if seen {
                self.step_on::<WRAP, true, _>(rule, kinds)
            } else {
                self.step_on::<WRAP, false, _>(rule, kinds)
            };
            if step == Step::Finished {
                return true;
            }
        }
        self.is_finished()
    }

    /// Steps until nothing is active, keeping the sampler. ([`Job::run_to_end`] is the same and
    /// hands the points over; with [`Job`] in scope, `sampler.finish()` means that one.)
    pub fn finish(&mut self) {
        while !self.run(u64::MAX) {}
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
        let done = self.steps as f64;
        let left = self.active.len() as f64 + 2.0 * to_come;
        done / (done + left + 1.0)
    }

    /// True when nothing is active.
    pub fn is_finished(&self) -> bool {
        self.active.is_empty()
    }
    /// This sampler's points, in the order they were placed, with their radii.
    pub fn points(&self) -> &[Point] {
        &self.grid.points()[self.start..]
    }
    /// Indices (into [`Sampler::points`]) of the active points, in active-list order.
    pub fn active(&self) -> &[usize] {
        &self.active
    }
    /// The point the last productive or final step worked around.
    pub fn current(&self) -> Option<usize> {
        self.current
    }
    /// The candidates of the last step that worked (the last step leaves them in place).
    pub fn tried(&self) -> &[Candidate] {
        &self.tried
    }
    /// Productive steps so far (placed or retired a point).
    pub fn steps(&self) -> u64 {
        self.steps
    }
    /// Candidates thrown in steps so far.
    pub fn attempted(&self) -> u64 {
        self.attempted
    }
    /// Candidates accepted in steps so far.
    pub fn accepted(&self) -> u64 {
        self.accepted
    }
    /// Points that have left the active list.
    pub fn retired(&self) -> usize {
        self.retired
    }
    /// The minimum spacing.
    pub fn radius(&self) -> f64 {
        self.radius
    }
    /// Tries per step.
    pub fn k(&self) -> u32 {
        self.k
    }
    /// The background grid, holding this sampler's points and any other layer's.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
    /// Gives the grid back, e.g. to hand it to the next layer's sampler.
    pub fn into_grid(self) -> Grid {
        self.grid
    }
    /// Gives the points and the grid back.
    pub fn into_parts(self) -> (Vec<Point>, Grid) {
        (self.points().to_vec(), self.grid)
    }

    /// Gives the points back and drops the grid, without copying them.
    pub fn into_points(self) -> Vec<Point> {
        self.grid.into_points(self.start)
    }
}

impl Job for Sampler {
    type Output = Vec<Point>;

    /// A unit is one step ([`Sampler::step`]). Start the sampler first
    /// ([`Sampler::start_random`], [`Sampler::start_at`] or [`Sampler::seed_blocks`]): with
    /// nothing active it is finished.
    fn run(&mut self, budget: u64) -> Result<bool> {
        let done = Sampler::run(self, budget);
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
        let finished = self.active.is_empty();
        self.handover
            .take(finished, || grid.points()[start..].to_vec())
    }

    /// Steps to the end and hands the points over without copying them.
    fn run_to_end(mut self) -> Result<Vec<Point>> {
        Sampler::finish(&mut self);
        match self.handover.take(true, || ()) {
            Some(()) => Ok(self.into_points()),
            None => Err(Error::Invalid {
                message: "the job's result was already taken".into(),
            }),
        }
    }
}

/// Kinds of points, each pair of kinds with its own spacing: the hook through which the one
/// Bridson loop throws candidates of several kinds ([`crate::classes`]). Each candidate's kind
/// is drawn as it is thrown, before its position, so that its ring is the right one for the
/// pair; the kinds judge the spacing themselves, since the grid knows only radii.
pub(crate) trait Kinds: Send + Sync {
    /// Draws the kind of the next candidate thrown around grid point `around` and returns the
    /// spacing of that pair of kinds: the candidate lands between it and twice it.
    fn throw(&mut self, around: usize) -> f64;
    /// Judges a point at `(x, y)` (in the region, on allowed ground) of the kind last thrown,
    /// or of a newly drawn kind for a point placed without a throw (a start): the radius it is
    /// stored with, the sampler then adding it as the grid's next point; or the grid index of
    /// a point it would stand too close to.
    fn admit(&mut self, grid: &Grid, x: f64, y: f64) -> std::result::Result<f64, usize>;
    /// The kind of every grid point so far, in order.
    fn of_points(&self) -> &[u16];
}

/// [`Draws`] for a sampler: Park–Miller's stream made ahead in blocks, and its candidates'
/// offsets in the ring around a point ([`RingDraws::ring_offset`]), the tutorial's draw.
///
/// Why ahead: whether a pair of numbers lands in the ring is a coin the processor cannot
/// predict (about 59 % yes), and drawing pair after pair costs a missed guess most of the time.
/// But the stream is fixed whatever becomes of the candidates, so when a block is made, every
/// pair of neighbouring numbers in it is tested once, vectors at a time, and the answers kept as
/// bits. A candidate starting at position `i` then finds the first pair it would land on (`i`,
/// `i + 2`, `i + 4`, … in the ring) with a shift and a count of trailing zeros; the pairs it
/// skips are read just as the one-at-a-time loop reads them. Any other radius (a radius
/// rule's) takes that loop, over the same numbers.
#[derive(Clone)]
struct RingDraws {
    draws: Draws,
    /// The radius the table is for.
    radius: f64,
    /// `ring_coordinate(u, radius)` for each number `u` of the block, then NaN (no pair).
    offset: Box<[f64; OFFSETS]>,
    /// Bit `i % 64` of word `i / 64`: the pair `(i, i + 1)` of the block lands in the ring.
    /// Positions past the block read 0, and so does the extra last word.
    ring: [u64; WORDS],
}

/// Offsets a block's table holds: one per number, and room for the last vector of pairs.
const OFFSETS: usize = Draws::BLOCK + 4;
/// Words of pair bits: one per 64 numbers, then empty ones up to a power of two, so that
/// `first_pair` reads any word a position can ask for without a bounds check.
const WORDS: usize = (Draws::BLOCK / 64 + 2).next_power_of_two();

impl RingDraws {
    fn new(seed: i32, radius: f64) -> Result<Self> {
        Ok(Self {
            draws: Draws::new(seed)?,
            radius,
            offset: Box::new([f64::NAN; OFFSETS]),
            ring: [0; WORDS],
        })
    }

    /// The next number in `[0, 1)`.
    #[inline]
    fn next_f64(&mut self) -> f64 {
        let (block, at) = self.draws.block();
        if at == block.len() {
            self.refill();
        }
        self.draws.next_f64()
    }

    /// A candidate's offset from a point of radius `radius`, in the ring between `radius` and
    /// `2 · radius`: pairs `(ring_coordinate(u), ring_coordinate(v))` of the next two numbers,
    /// drawn until [`in_ring`]. With the table's radius, looked up.
    #[inline(always)]
    fn ring_offset(&mut self, radius: f64) -> (f64, f64) {
        let at = self.draws.read();
        match first_pair(&self.ring, at) {
            // Radii are never NaN: equal bits are equal radii, and one integer comparison.
            Some(i) if radius.to_bits() == self.radius.to_bits() => {
                self.draws.skip(i + 2 - at);
                // A set bit's pair lies inside the block: the remainders change nothing but
                // spare the bounds checks.
                (
                    self.offset[i % Draws::BLOCK],
                    self.offset[(i + 1) % Draws::BLOCK],
                )
            }
            _ => self.ring_offset_one_by_one(radius),
        }
    }

    /// [`RingDraws::ring_offset`] one pair at a time: for another radius than the table's, or
    /// where the table cannot see the pair (the block's end).
    #[inline(never)]
    fn ring_offset_one_by_one(&mut self, radius: f64) -> (f64, f64) {
        loop {
            let dx = ring_coordinate(self.next_f64(), radius);
            let dy = ring_coordinate(self.next_f64(), radius);
            if in_ring(dx, dy, radius) {
                return (dx, dy);
            }
        }
    }

    /// Makes the next block and its table of pairs.
    #[cold]
    #[inline(never)]
    fn refill(&mut self) {
        self.draws.refill();
        let (block, _) = self.draws.block();
        let r = self.radius;
        for (o, &u) in self.offset.iter_mut().zip(block) {
            *o = ring_coordinate(u, r);
        }
        self.offset[block.len()..].fill(f64::NAN);
        pairs_in_ring(&self.offset, r, &mut self.ring);
    }
}

/// One coordinate of a candidate's offset from a point of radius `r`, from a number `u` in
/// `[0, 1)`: uniform in `[−2r, 2r)`. The tutorial's draw; the one place it is written.
#[inline(always)]
fn ring_coordinate(u: f64, r: f64) -> f64 {
    (u * 4.0 - 2.0) * r
}

/// Whether an offset lies in the ring between `r` and `2r`: `r² ≤ dx² + dy² ≤ 4 · r · r`.
#[inline(always)]
fn in_ring(dx: f64, dy: f64, r: f64) -> bool {
    let d2 = dx * dx + dy * dy;
    (r * r <= d2) & (d2 <= 4.0 * r * r)
}

/// Sets bit `i` of `ring` (bit `i % 64` of word `i / 64`) when the pair
/// `(offset[i], offset[i + 1])` is [`in_ring`] for radius `r`: [`in_ring`]'s very arithmetic,
/// four pairs to a vector. A NaN offset (past the block) makes no pair.
fn pairs_in_ring(offset: &[f64; OFFSETS], r: f64, ring: &mut [u64; WORDS]) {
    let (near, far) = (f64x4::splat(r * r), f64x4::splat(4.0 * r * r));
    let four = |i: usize| -> f64x4 {
        let lanes = offset.get(i..).and_then(|o| o.first_chunk::<4>());
        f64x4::from(*lanes.unwrap_or(&[f64::NAN; 4]))
    };
    ring.fill(0);
    for (w, word) in ring.iter_mut().take(Draws::BLOCK / 64).enumerate() {
        for q in 0..16 {
            let i = 64 * w + 4 * q;
            let (dx, dy) = (four(i), four(i + 1));
            let d2 = dx * dx + dy * dy;
            let bits = (d2.simd_ge(near) & d2.simd_le(far)).to_bitmask();
            *word |= u64::from(bits) << (4 * q);
        }
    }
}

/// The first pair at an even distance from position `at` (`at`, `at + 2`, …) whose bit is set
/// in `ring` ([`pairs_in_ring`]), if one is within 64 positions: two words read as one, so
/// there are always 32 pairs to look at (the chance that none is in the ring is 1e-12), and
/// `None` sends the candidate the long way.
#[inline(always)]
fn first_pair(ring: &[u64; WORDS], at: usize) -> Option<usize> {
    /// Bits 0, 2, 4, …: the pairs an even distance away.
    const EVEN: u64 = 0x5555_5555_5555_5555;
    // A position is at most Draws::BLOCK, so both words are real or empty ones.
    let word = at / 64;
    let (low, high) = (ring[word % WORDS], ring[(word + 1) % WORDS]);
    let window = (u128::from(high) << 64 | u128::from(low)) >> (at % 64);
    let ahead = window as u64 & EVEN;
    (ahead != 0).then(|| at + ahead.trailing_zeros() as usize)
}

/// Bridson's algorithm in one call: a `width × height` map filled with points at least `radius`
/// apart, `k` tries per step, from a 32-bit seed. Every point carries `r = radius`. This is a
/// [`Sampler`] started at random and run to the end as a [`Job`].
///
/// ```
/// let pts = poisson_live::poisson_disk(200.0, 100.0, 10.0, 30, 7).unwrap();
/// for (i, a) in pts.iter().enumerate() {
///     assert!(a.x >= 0.0 && a.x < 200.0 && a.y >= 0.0 && a.y < 100.0);
///     for b in &pts[i + 1..] {
///         assert!((a.x - b.x).hypot(a.y - b.y) >= 10.0);
///     }
/// }
/// ```
pub fn poisson_disk(width: f64, height: f64, radius: f64, k: u32, seed: i32) -> Result<Vec<Point>> {
    let mut s = Sampler::new(width, height, radius, k, seed)?;
    s.start_random();
    Job::run_to_end(s)
}

/// Bridson's algorithm with a spacing that varies over the map: a point at `(x, y)` keeps
/// `clamp(radius_at(x, y), min_radius, max_radius)` from its neighbours (the smaller of two
/// radii decides between two points). The grid is built for `min_radius`.
pub fn variable_radius(
    width: f64,
    height: f64,
    min_radius: f64,
    max_radius: f64,
    k: u32,
    seed: i32,
    radius_at: impl Fn(f64, f64) -> f64 + Send + Sync + 'static,
) -> Result<Vec<Point>> {
    let mut s = variable_sampler(width, height, min_radius, max_radius, k, seed, radius_at)?;
    s.start_random();
    Job::run_to_end(s)
}

/// A map only partly filled, for the grid lab: Bridson fills it (k = 30), then each point is kept
/// with probability `keep` (a draw per point from the same generator), leaving holes where a
/// reader can add points by hand. Returns the grid holding the kept points.
pub fn partly_filled(width: f64, height: f64, radius: f64, seed: i32, keep: f64) -> Result<Grid> {
    let keep = in_range("keep", keep, 0.0, 1.0)?;
    let mut s = Sampler::new(width, height, radius, 30, seed)?;
    s.start_random();
    Sampler::finish(&mut s);
    let mut grid = Grid::for_radius(width, height, radius)?;
    let mut rng = s.rng.clone();
    for p in s.points() {
        if rng.next_f64() < keep {
            grid.add_unchecked(p.x, p.y, p.r);
        }
    }
    Ok(grid)
}

/// The sampler behind [`variable_radius`], for labs that step it.
pub fn variable_sampler(
    width: f64,
    height: f64,
    min_radius: f64,
    max_radius: f64,
    k: u32,
    seed: i32,
    radius_at: impl Fn(f64, f64) -> f64 + Send + Sync + 'static,
) -> Result<Sampler> {
    let (min_radius, max_radius) = radius_range(min_radius, max_radius)?;
    Ok(Sampler::new(width, height, min_radius, k, seed)?
        .with_radius_fn(move |x, y| radius_at(x, y).min(max_radius)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeding_blocks_in_slices_equals_seeding_them_in_one_call() {
        // Guards: a resumed block walk that skips or repeats a block, or restarts a row, so a
        // layer seeded in slices differs from one seeded in one go.
        for (w, h, r) in [(200.0, 120.0, 7.0), (97.0, 31.0, 5.5)] {
            let mut whole = Sampler::new(w, h, r, 30, 42).unwrap();
            whole.seed_blocks();
            for slice in [1, 3, 50] {
                let mut sliced = Sampler::new(w, h, r, 30, 42).unwrap();
                let mut cursor = BlockCursor::default();
                let mut calls = 0;
                while !sliced.seed_some_blocks(&mut cursor, slice) {
                    calls += 1;
                }
                assert!(slice >= 50 || calls > 0);
                assert_eq!(sliced.points(), whole.points(), "slice {slice}");
                assert_eq!(sliced.active(), whole.active());
            }
        }
    }

    /// The tutorial's ring draw, one pair at a time from the plain generator: what
    /// [`RingDraws::ring_offset`] must reproduce.
    fn one_pair(g: &mut ParkMiller, r: f64) -> (f64, f64) {
        loop {
            let dx = (g.next_f64() * 4.0 - 2.0) * r;
            let dy = (g.next_f64() * 4.0 - 2.0) * r;
            let d2 = dx * dx + dy * dy;
            if r * r <= d2 && d2 <= 4.0 * r * r {
                return (dx, dy);
            }
        }
    }

    #[test]
    fn ring_draws_made_ahead_are_the_one_pair_at_a_time_draws() {
        // Guards: a table entry off by one pair or by one number, a pair straddling two blocks,
        // a skipped pair consumed wrongly, or another radius served from the table: any of them
        // moves every later point.
        for (seed, ring) in [(1, 2.0), (123_456, 0.37), (-7, 1e-3), (i32::MAX, 9.5)] {
            let mut plain = ParkMiller::new(seed).unwrap();
            let mut ahead = RingDraws::new(seed, ring).unwrap();
            for i in 0..20_000 {
                // Mostly pairs at the table's radius, now and then a single number (a step's
                // pick of an active point) or another radius (a radius rule's).
                match i % 7 {
                    0 => assert_eq!(ahead.next_f64().to_bits(), plain.next_f64().to_bits()),
                    3 => assert_eq!(
                        ahead.ring_offset(ring * 1.5),
                        one_pair(&mut plain, ring * 1.5)
                    ),
                    _ => assert_eq!(ahead.ring_offset(ring), one_pair(&mut plain, ring)),
                }
            }
            assert_eq!(ahead.clone().next_f64(), plain.clone().next_f64());
        }
    }

    #[test]
    fn the_pair_bits_point_at_the_first_pair_in_the_ring() {
        // Guards: an odd distance, a pair skipped or found too early, a pair running past the
        // end of the block, a word boundary crossed wrongly, or a pair "found" beyond reach.
        let r = 1.5;
        let inside = |a: f64, b: f64| {
            let d2 = a * a + b * b;
            r * r <= d2 && d2 <= 4.0 * r * r
        };
        let mut g = ParkMiller::new(11).unwrap();
        let mut made: Vec<f64> = (0..Draws::BLOCK)
            .map(|_| (g.next_f64() * 4.0 - 2.0) * r)
            .collect();
        // A long stretch where no pair is in the ring, and pairs right on the ring's radii.
        made[100..400].iter_mut().for_each(|o| *o = 0.1);
        (made[18], made[19], made[20], made[21]) = (0.1, 0.1, r, 0.0);
        (made[40], made[41]) = (2.0 * r, 0.0);
        for len in [Draws::BLOCK, 401, 130, 2, 1, 0] {
            let mut offset = [f64::NAN; OFFSETS];
            offset[..len].copy_from_slice(&made[..len]);
            let mut ring = [0; WORDS];
            pairs_in_ring(&offset, r, &mut ring);
            for at in 0..=len {
                let first = (at..len.saturating_sub(1))
                    .step_by(2)
                    .find(|&j| inside(made[j], made[j + 1]));
                let expected = first.filter(|&j| j - at < 64);
                assert_eq!(first_pair(&ring, at), expected, "len {len}, position {at}");
            }
        }
        let mut offset = [f64::NAN; OFFSETS];
        offset[..Draws::BLOCK].copy_from_slice(&made);
        let mut ring = [0; WORDS];
        pairs_in_ring(&offset, r, &mut ring);
        assert_eq!(
            (
                first_pair(&ring, 20),
                first_pair(&ring, 40),
                first_pair(&ring, 18)
            ),
            (Some(20), Some(40), Some(20))
        );
        assert_eq!(
            first_pair(&ring, 101),
            None,
            "the next pair is over 64 positions on"
        );
    }
}
