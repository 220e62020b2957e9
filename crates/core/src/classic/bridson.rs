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

use crate::error::{in_range, positive, Error, Result};
use crate::grid::Grid;
use crate::rng::ParkMiller;
use crate::Point;
use std::f64::consts::SQRT_2;

/// A radius rule: the minimum spacing wanted at `(x, y)`.
pub type RadiusFn = Box<dyn Fn(f64, f64) -> f64 + Send + Sync>;
/// A ground rule: whether a point may stand at `(x, y)`.
pub type AllowedFn = Box<dyn Fn(f64, f64) -> bool + Send + Sync>;

/// The largest `k` a sampler accepts; more tries per point add nothing after a few hundred.
pub const MAX_K: u32 = 10_000;

/// What one call of [`Sampler::step`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
pub struct Candidate {
    /// Candidate x.
    pub x: f64,
    /// Candidate y.
    pub y: f64,
    /// What happened to it.
    pub outcome: Outcome,
}

/// Where [`Sampler::seed_some_blocks`] left off: the corner of the next block to seed.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct BlockCursor {
    x: f64,
    y: f64,
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
    radius: f64,
    k: u32,
    rng: ParkMiller,
    radius_at: Option<RadiusFn>,
    allowed: Option<AllowedFn>,
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

    /// A sampler that places its points on an existing grid, which may already hold other
    /// samplers' points (layers). The radius must be at least the grid's cell side × √2, so a
    /// cell never holds two points.
    pub fn with_grid(grid: Grid, radius: f64, k: u32, seed: i32) -> Result<Self> {
        let radius = positive("radius", radius)?;
        in_range("k", f64::from(k), 1.0, f64::from(MAX_K))?;
        // cell = r / √2 computed in floating point can land a hair above r / √2; allow for it.
        if radius < grid.cell() * SQRT_2 * (1.0 - 1e-12) {
            return Err(Error::Invalid {
                message: format!(
                    "radius {radius} is smaller than this grid allows (cell {} × √2); build the grid for the smallest radius",
                    grid.cell()
                ),
            });
        }
        Ok(Self {
            start: grid.points().len(),
            grid,
            radius,
            k,
            rng: ParkMiller::new(seed)?,
            radius_at: None,
            allowed: None,
            active: Vec::new(),
            current: None,
            tried: Vec::with_capacity(k.min(64) as usize),
            steps: 0,
            attempted: 0,
            accepted: 0,
            retired: 0,
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

    /// Draws the first point (x, then y) and tries to add it. If it is refused the sampler is
    /// simply finished, empty.
    pub fn start_random(&mut self) -> Outcome {
        let x = self.rng.next_f64() * self.grid.width();
        let y = self.rng.next_f64() * self.grid.height();
        self.try_add(x, y)
    }

    /// Starts from a given point (a click), consuming no random numbers.
    pub fn start_at(&mut self, x: f64, y: f64) -> Outcome {
        self.try_add(x, y)
    }

    /// Seeds a layer the way the reference does before stepping: walks the map in blocks of side
    /// `2r` (rows outer) and, in each, throws up to `k` random points until one is placed.
    /// This finds room in every corner of a masked map, where a single start could be cut off.
    pub fn seed_blocks(&mut self) {
        let mut cursor = BlockCursor::default();
        while !self.seed_some_blocks(&mut cursor, usize::MAX) {}
    }

    /// [`Sampler::seed_blocks`] a few blocks at a time: seeds up to `max_blocks` more blocks from
    /// where `cursor` left off (start from `BlockCursor::default()`); true once every block is
    /// seeded. The same blocks, draws and points as one call of `seed_blocks`.
    pub fn seed_some_blocks(&mut self, cursor: &mut BlockCursor, max_blocks: usize) -> bool {
        let spacing = 2.0 * self.radius;
        let (w, h) = (self.grid.width(), self.grid.height());
        let mut seeded = 0;
        while cursor.y < h {
            while cursor.x < w {
                if seeded == max_blocks {
                    return false;
                }
                let (x, y) = (cursor.x, cursor.y);
                for _ in 0..self.k {
                    let sx = x + self.rng.next_f64() * spacing.min(w - x);
                    let sy = y + self.rng.next_f64() * spacing.min(h - y);
                    if self.try_add(sx, sy).accepted() {
                        break;
                    }
                }
                cursor.x += spacing;
                seeded += 1;
            }
            cursor.x = 0.0;
            cursor.y += spacing;
        }
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

    /// Places a point at `(x, y)` if it is on the map, on allowed ground and far enough from
    /// every point on the grid; it then becomes active.
    pub fn try_add(&mut self, x: f64, y: f64) -> Outcome {
        // Written as negations so that NaN is refused too.
        if !(x >= 0.0 && y >= 0.0 && x < self.grid.width() && y < self.grid.height()) {
            return Outcome::OffMap;
        }
        if let Some(allowed) = &self.allowed {
            if !allowed(x, y) {
                return Outcome::WrongGround;
            }
        }
        let r = self.radius_at(x, y);
        if let Some(hit) = self.grid.conflict(x, y, r) {
            return Outcome::TooClose(hit);
        }
        let index = self.grid.add_unchecked(x, y, r) - self.start;
        self.active.push(index);
        Outcome::Accepted
    }

    /// One step of Bridson's algorithm; see the module docs.
    pub fn step(&mut self) -> Step {
        if self.active.is_empty() {
            return Step::Finished;
        }
        let a = (self.rng.next_f64() * self.active.len() as f64) as usize;
        let current = self.active[a];
        self.current = Some(current);
        self.tried.clear();
        let Point {
            x: px,
            y: py,
            r: pr,
        } = self.points()[current];
        let (lo, hi) = (pr * pr, 4.0 * pr * pr);
        for _ in 0..self.k {
            let (dx, dy) = loop {
                let dx = (self.rng.next_f64() * 4.0 - 2.0) * pr;
                let dy = (self.rng.next_f64() * 4.0 - 2.0) * pr;
                let d2 = dx * dx + dy * dy;
                if lo <= d2 && d2 <= hi {
                    break (dx, dy);
                }
            };
            let (x, y) = (px + dx, py + dy);
            let outcome = self.try_add(x, y);
            self.tried.push(Candidate { x, y, outcome });
            self.attempted += 1;
            if outcome.accepted() {
                self.accepted += 1;
                self.steps += 1;
                return Step::Placed(self.points().len() - 1);
            }
        }
        self.active.swap_remove(a);
        self.retired += 1;
        self.steps += 1;
        Step::Retired(current)
    }

    /// Up to `max_steps` steps; true when the sampler has finished. The page calls this once per
    /// animation frame so a big map never blocks it.
    pub fn run(&mut self, max_steps: u64) -> bool {
        for _ in 0..max_steps {
            if self.step() == Step::Finished {
                return true;
            }
        }
        self.is_finished()
    }

    /// Steps until nothing is active.
    pub fn finish(&mut self) {
        while self.step() != Step::Finished {}
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

/// Bridson's algorithm in one call: a `width × height` map filled with points at least `radius`
/// apart, `k` tries per step, from a 32-bit seed. Every point carries `r = radius`.
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
    s.finish();
    Ok(s.into_points())
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
    s.finish();
    Ok(s.into_points())
}

/// A map only partly filled, for the grid lab: Bridson fills it (k = 30), then each point is kept
/// with probability `keep` (a draw per point from the same generator), leaving holes where a
/// reader can add points by hand. Returns the grid holding the kept points.
pub fn partly_filled(width: f64, height: f64, radius: f64, seed: i32, keep: f64) -> Result<Grid> {
    let keep = in_range("keep", keep, 0.0, 1.0)?;
    let mut s = Sampler::new(width, height, radius, 30, seed)?;
    s.start_random();
    s.finish();
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
    let min_radius = positive("min radius", min_radius)?;
    let max_radius = positive("max radius", max_radius)?;
    if min_radius > max_radius {
        return Err(Error::RadiusOrder {
            min: min_radius,
            max: max_radius,
        });
    }
    Ok(Sampler::new(width, height, min_radius, k, seed)?
        .with_radius_fn(move |x, y| radius_at(x, y).min(max_radius)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeding_a_few_blocks_at_a_time_seeds_the_same_points() {
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
}
