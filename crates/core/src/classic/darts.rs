//! Dart throwing: the obvious way to space points out, and why it slows down.
//!
//! Throw a point anywhere; keep it if it is at least r from every kept point, else count a
//! miss. Stop after `max_misses` misses in a row. Early darts almost always land; as the map fills,
//! nearly every dart misses, and the last few points cost thousands of throws.

use crate::base::error::{in_range, Result};
use crate::base::job::{Handover, Job};
use crate::base::point::Point;
use crate::base::rng::ParkMiller;
use crate::classic::grid::Grid;
use std::collections::VecDeque;

/// How many recent darts the miss rate is measured over.
pub const MISS_WINDOW: usize = 200;
/// The largest `max_misses` accepted.
pub const MAX_MISSES: u32 = 1_000_000;
/// How many of the latest rejected darts a thrower keeps, for drawing; older ones are only
/// counted, so memory grows with the kept darts, not with the misses.
pub const RECENT_REJECTED: usize = 4096;

/// One dart.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dart {
    /// Where it landed, x.
    pub x: f64,
    /// Where it landed, y.
    pub y: f64,
    /// Whether it was kept.
    pub kept: bool,
}

/// The numbers of a dart run: the map, the spacing, when to give up, and the seed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DartParams {
    /// Map width.
    pub width: f64,
    /// Map height.
    pub height: f64,
    /// The spacing `r`.
    pub radius: f64,
    /// Misses in a row after which the thrower stops (at most [`MAX_MISSES`]).
    pub max_misses: u32,
    /// The 32-bit seed.
    pub seed: i32,
}

/// A dart thrower that throws one dart per call, so the lab can animate it.
///
/// ```
/// use poisson_live::darts::{DartParams, DartThrower};
/// let mut d = DartThrower::new(DartParams {
///     width: 400.0,
///     height: 300.0,
///     radius: 24.0,
///     max_misses: 30,
///     seed: 123456,
/// })
/// .unwrap();
/// d.finish();
/// assert_eq!(d.misses_in_a_row(), 30);
/// assert_eq!(d.kept().len() as u64 + d.rejected_count(), d.thrown());
/// assert!(d.recent_rejected().len() <= poisson_live::darts::RECENT_REJECTED);
/// ```
#[derive(Debug, Clone)]
pub struct DartThrower {
    grid: Grid,
    radius: f64,
    max_misses: u32,
    rng: ParkMiller,
    kept: Vec<Point>,
    /// Darts rejected so far.
    rejected: u64,
    /// The latest [`RECENT_REJECTED`] of them, oldest first.
    recent_rejected: VecDeque<Point>,
    thrown: u64,
    misses_in_a_row: u32,
    recent: VecDeque<bool>,
    recent_misses: usize,
    /// Distance checks a plain scan makes: every dart against every point kept before it.
    plain_checks: u64,
    /// Distance checks the grid's search makes: every dart against the kept points in its block.
    grid_checks: u64,
    /// The job's progress shown and its points handed over.
    handover: Handover,
}

impl DartThrower {
    /// A thrower for a `width × height` map and spacing `radius` that stops after `max_misses`
    /// misses in a row (at most [`MAX_MISSES`]).
    pub fn new(params: DartParams) -> Result<Self> {
        let DartParams {
            radius, max_misses, ..
        } = params;
        let grid = Grid::for_radius(params.width, params.height, radius)?;
        in_range("misses", f64::from(max_misses), 0.0, f64::from(MAX_MISSES))?;
        Ok(Self {
            grid,
            radius,
            max_misses,
            rng: ParkMiller::new(params.seed)?,
            kept: Vec::new(),
            rejected: 0,
            recent_rejected: VecDeque::new(),
            thrown: 0,
            misses_in_a_row: 0,
            recent: VecDeque::with_capacity(MISS_WINDOW),
            recent_misses: 0,
            plain_checks: 0,
            grid_checks: 0,
            handover: Handover::default(),
        })
    }

    /// True once `max_misses` darts in a row have missed.
    pub fn is_finished(&self) -> bool {
        self.misses_in_a_row >= self.max_misses
    }

    /// Throws one dart, unless finished (then `None`).
    pub fn throw(&mut self) -> Option<Dart> {
        if self.is_finished() {
            return None;
        }
        let x = self.rng.next_f64() * self.grid.width();
        let y = self.rng.next_f64() * self.grid.height();
        // The grid answers exactly what "at least r from every kept point" asks, without looking
        // at every kept point.
        let kept = self.grid.is_free(x, y, self.radius);
        self.plain_checks += self.kept.len() as u64;
        self.grid_checks += self.grid.stored_near(x, y, self.radius) as u64;
        if kept {
            self.grid.add_unchecked(x, y, self.radius);
            self.kept.push(Point {
                x,
                y,
                r: self.radius,
            });
            self.misses_in_a_row = 0;
        } else {
            self.rejected += 1;
            if self.recent_rejected.len() == RECENT_REJECTED {
                self.recent_rejected.pop_front();
            }
            self.recent_rejected.push_back(Point {
                x,
                y,
                r: self.radius,
            });
            self.misses_in_a_row += 1;
        }
        self.thrown += 1;
        if self.recent.len() == MISS_WINDOW && self.recent.pop_front() == Some(true) {
            self.recent_misses -= 1;
        }
        self.recent.push_back(!kept);
        if !kept {
            self.recent_misses += 1;
        }
        Some(Dart { x, y, kept })
    }

    /// Distance checks so far had every dart been compared with every point kept before it,
    /// as plain dart throwing does: the cost the background grid saves.
    pub fn plain_checks(&self) -> u64 {
        self.plain_checks
    }

    /// Distance checks so far with the grid: every dart compared with the kept points in the
    /// block of cells around it ([`Grid::stored_near`]), as the grid lab draws them.
    pub fn grid_checks(&self) -> u64 {
        self.grid_checks
    }

    /// Throws until finished, keeping the thrower. ([`Job::run_to_end`] is the same and hands the
    /// kept points over; with [`Job`] in scope, `thrower.finish()` means that one.)
    pub fn finish(&mut self) {
        while self.throw().is_some() {}
    }

    /// Kept darts, in order, each with the thrower's radius.
    pub fn kept(&self) -> &[Point] {
        &self.kept
    }
    /// How many darts were rejected so far.
    pub fn rejected_count(&self) -> u64 {
        self.rejected
    }
    /// The latest rejected darts (at most [`RECENT_REJECTED`]), oldest first, each with the
    /// radius it would have kept: numbers `rejected_count() - len()` to `rejected_count() - 1`
    /// of all the rejected darts.
    pub fn recent_rejected(&self) -> std::collections::vec_deque::Iter<'_, Point> {
        self.recent_rejected.iter()
    }
    /// Darts thrown so far.
    pub fn thrown(&self) -> u64 {
        self.thrown
    }
    /// Misses since the last kept dart.
    pub fn misses_in_a_row(&self) -> u32 {
        self.misses_in_a_row
    }
    /// The stopping rule.
    pub fn max_misses(&self) -> u32 {
        self.max_misses
    }
    /// Fraction of the last [`MISS_WINDOW`] darts (or fewer, early on) that missed; 0 before any.
    pub fn miss_rate(&self) -> f64 {
        if self.recent.is_empty() {
            0.0
        } else {
            self.recent_misses as f64 / self.recent.len() as f64
        }
    }
    /// The minimum spacing.
    pub fn radius(&self) -> f64 {
        self.radius
    }
    /// The map's share under the kept darts' disks of radius `r / 2` (they never overlap), as
    /// [`crate::metrics::coverage`] counts it: how full the map is when the misses pile up.
    pub fn coverage(&self) -> f64 {
        let radii = self.kept.iter().map(|p| p.r);
        crate::metrics::coverage(radii, self.grid.width(), self.grid.height())
    }
}

impl Job for DartThrower {
    type Output = Vec<Point>;

    /// A unit is one dart ([`DartThrower::throw`]): up to `budget` darts, true when finished.
    fn run(&mut self, budget: u64) -> Result<bool> {
        for _ in 0..budget {
            if self.throw().is_none() {
                break;
            }
        }
        let done = self.is_finished();
        // The run ends after `max_misses` misses in a row; the map fills up on the way, toward
        // the jamming density of random sequential adsorption (about 0.70 points per r²). Both
        // are estimates of how far along it is; the larger is the nearer.
        let in_a_row = f64::from(self.misses_in_a_row) / f64::from(self.max_misses.max(1));
        let jammed = 0.70 * self.grid.width() * self.grid.height() / (self.radius * self.radius);
        let filled = self.kept.len() as f64 / jammed;
        self.handover.show(in_a_row.max(filled));
        Ok(done)
    }

    /// An estimate as of the last [`Job::run`], 1 once finished.
    fn progress(&self) -> f64 {
        self.handover.progress(self.is_finished())
    }

    /// A copy of the kept points: the thrower keeps them for drawing.
    fn take(&mut self) -> Option<Vec<Point>> {
        let finished = self.is_finished();
        let kept = &self.kept;
        self.handover.take(finished, || kept.clone())
    }
}

/// The classic dart thrower in one call: the kept points. This is a [`DartThrower`] run to the
/// end as a [`Job`].
pub fn dart_throwing(params: DartParams) -> Result<Vec<Point>> {
    Job::run_to_end(DartThrower::new(params)?)
}
