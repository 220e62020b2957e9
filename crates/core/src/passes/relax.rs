//! Relaxation: blue noise beyond the spacing rule. A point set, however it was made, moved
//! iteration by iteration towards an even spread.
//!
//! - [`Method::Lloyd`]: every point to the centroid of its Voronoi cell, all at once. One or
//!   two iterations even out the gaps; many make a nearly hexagonal lattice (mean δX near 1,
//!   and a spectrum of sharp peaks).
//! - [`Method::Fpo`]: farthest-point optimisation (Schlömer, Heck and Deussen 2011), each point
//!   in turn to the centre of the largest empty circle the others leave. The smallest distance
//!   never decreases, and the set stays irregular (δX about 0.93 after a few dozen iterations,
//!   the spectrum a ring).
//!
//! The map is `[0, width) × [0, height)`, a torus with `wrap`. A relaxation is a [`Job`]:
//! [`relax`] runs one to the end, with the same bits.

use crate::base::error::{at_most_points, Error, Result};
use crate::base::job::{spend, Handover, Job};
use crate::base::names::named;
use crate::measures::quality::check_points;
use crate::passes::fpo::Fpo;
use crate::passes::lloyd::Lloyd;
use crate::passes::voronoi::Frame;

/// How the points move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// Every point to the centroid of its Voronoi cell.
    Lloyd,
    /// Farthest-point optimisation: each point to the centre of the largest empty circle.
    Fpo,
}

named!(Method {
    Lloyd => "lloyd",
    Fpo => "fpo",
});

/// The most points one relaxation takes (as many as the crate's grids hold).
pub const MAX_POINTS: usize = crate::base::error::DEFAULT_MAX_CELLS;

/// The most point moves (points × iterations) one relaxation takes: about a minute of Lloyd's
/// method, many minutes of farthest-point optimisation.
pub const MAX_MOVES: usize = 1 << 30;

/// What one point of farthest-point optimisation costs in work units (a local triangulation);
/// a point of Lloyd's method costs one.
const FPO_UNITS: u64 = 16;

/// Moves `points` by `iterations` of `method` on the `width × height` map (a torus when
/// `wrap`), in the same order. The job [`Relaxation`] run to the end.
///
/// The points must be finite, on the map, and at distinct places; at most [`MAX_POINTS`] of
/// them and [`MAX_MOVES`] moves in all ([`Error::TooMuchWork`]). Any number of points from 0
/// up is valid: one point relaxes by Lloyd's method to the map's centre.
///
/// ```
/// use poisson_live::relax::{relax, Method};
/// use poisson_live::quality::quality;
/// let noise = poisson_live::random_points(200, 100.0, 100.0, 7)?;
/// let start: Vec<[f64; 2]> = noise.iter().map(|p| [p.x, p.y]).collect();
/// let even = relax(&start, 100.0, 100.0, Method::Fpo, 8, true)?;
/// assert_eq!(even.len(), 200);
/// let (before, after) = (quality(&start, 100.0, 100.0, true)?, quality(&even, 100.0, 100.0, true)?);
/// assert!(after.delta_x > 0.8 && after.delta_x > before.delta_x);
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn relax(
    points: &[[f64; 2]],
    width: f64,
    height: f64,
    method: Method,
    iterations: usize,
    wrap: bool,
) -> Result<Vec<[f64; 2]>> {
    Relaxation::new(points, width, height, method, iterations, wrap)?.run_to_end()
}

enum Pass {
    Lloyd(Lloyd),
    Fpo { grid: Fpo, next: usize },
}

/// A relaxation run a slice at a time; see the module docs. A unit of work is a point of
/// Lloyd's method (cutting its cell) or a sixteenth of a point of farthest-point optimisation.
pub struct Relaxation {
    points: Vec<[f64; 2]>,
    frame: Frame,
    method: Method,
    target: usize,
    done: usize,
    pass: Pass,
    handover: Handover,
}

impl Relaxation {
    /// Checks the input (as [`relax`] says) and copies the points; nothing moves yet.
    pub fn new(
        points: &[[f64; 2]],
        width: f64,
        height: f64,
        method: Method,
        iterations: usize,
        wrap: bool,
    ) -> Result<Self> {
        check_points(points, width, height, false)?;
        let n = points.len();
        at_most_points(
            n,
            MAX_POINTS,
            || format!("relaxing {n} points"),
            || format!("relax at most {MAX_POINTS} points at once").into(),
        )?;
        let moves = n as f64 * iterations as f64;
        if moves > MAX_MOVES as f64 {
            let most = MAX_MOVES / n.max(1);
            return Err(Error::TooMuchWork {
                subject: format!("{iterations} iterations of {n} points"),
                what: "point moves",
                needed: moves,
                limit: MAX_MOVES,
                hint: format!("use at most {most} iterations for {n} points").into(),
            });
        }
        let frame = Frame {
            width,
            height,
            wrap,
        };
        let pass = match method {
            Method::Lloyd => Pass::Lloyd(Lloyd::new()),
            Method::Fpo => Pass::Fpo {
                grid: Fpo::new(points, frame),
                next: 0,
            },
        };
        Ok(Relaxation {
            points: points.to_vec(),
            frame,
            method,
            target: iterations,
            done: 0,
            pass,
            handover: Handover::default(),
        })
    }

    /// The points as they are now: in the middle of an iteration of farthest-point
    /// optimisation, some have moved and the rest not yet; Lloyd's method moves them all at
    /// the end of its iteration.
    pub fn points(&self) -> &[[f64; 2]] {
        &self.points
    }

    /// How many iterations are complete.
    pub fn iterations(&self) -> usize {
        self.done
    }

    /// How many iterations the job runs to.
    pub fn target(&self) -> usize {
        self.target
    }

    /// The method.
    pub fn method(&self) -> Method {
        self.method
    }

    /// Works on the current iteration for about `budget` units, and stops at its end: true
    /// when an iteration is complete and the next not begun (also once the target is reached).
    /// With a budget of 0 it does nothing.
    pub fn advance(&mut self, budget: u64) -> Result<bool> {
        let mut left = budget;
        while left > 0 && self.done < self.target {
            let (cost, finished) = self.piece(left);
            left = left.saturating_sub(cost);
            if finished {
                return Ok(true);
            }
        }
        Ok(self.done >= self.target || self.between())
    }

    /// True between iterations (no part of the next one done yet).
    fn between(&self) -> bool {
        match &self.pass {
            Pass::Lloyd(_) => false,
            Pass::Fpo { next, .. } => *next == 0,
        }
    }

    /// One piece of the current iteration with `left` units to spend: its cost and whether it
    /// completed the iteration.
    fn piece(&mut self, left: u64) -> (u64, bool) {
        let n = self.points.len();
        let (cost, finished) = match &mut self.pass {
            Pass::Lloyd(lloyd) => lloyd.piece(&mut self.points, self.frame, left),
            Pass::Fpo { grid, next } => {
                let count = (left / FPO_UNITS).clamp(1, n.max(1) as u64) as usize;
                let stop = n.min(*next + count);
                if *next == 0 {
                    grid.start_iteration(&self.points, self.frame);
                }
                for i in *next..stop {
                    grid.move_point(i, &mut self.points, self.frame);
                }
                let cost = (stop - *next).max(1) as u64 * FPO_UNITS;
                *next = if stop == n { 0 } else { stop };
                (cost, stop == n)
            }
        };
        if finished {
            self.done += 1;
        }
        let total = (self.target.max(1) * n.max(1)) as f64;
        let within = match &self.pass {
            Pass::Lloyd(_) => 0.0,
            Pass::Fpo { next, .. } => *next as f64,
        };
        self.handover
            .show((self.done * n.max(1)) as f64 / total + within / total);
        (cost, finished)
    }
}

impl Job for Relaxation {
    type Output = Vec<[f64; 2]>;

    fn run(&mut self, budget: u64) -> Result<bool> {
        spend(budget, |left| {
            Ok((self.done < self.target).then(|| self.piece(left).0))
        })?;
        Ok(self.done >= self.target)
    }

    fn progress(&self) -> f64 {
        self.handover.progress(self.done >= self.target)
    }

    fn stage(&self) -> &'static str {
        match self.method {
            Method::Lloyd => "moving points to their cells' centroids",
            Method::Fpo => "moving points into the largest empty circles",
        }
    }

    fn take(&mut self) -> Option<Vec<[f64; 2]>> {
        let points = &self.points;
        self.handover
            .take(self.done >= self.target, || points.clone())
    }
}
