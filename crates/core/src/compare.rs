//! The comparison the tutorial opens with: random, jittered and Poisson scatter with the same
//! number of trees, and the figures that tell them apart.
//!
//! Poisson goes first and fixes the count N. Random scatter then places N points; the jittered
//! grid uses the spacing √(w·h / N) that would give N cells, rounded down to whole rows and
//! columns. Each method is measured the same way: pairs closer than the spacing, the tightest
//! pair, and the widest clearing.

use crate::error::Result;
use crate::metrics::{largest_empty_circle, tightest_pair, too_close_pairs, Clearing};

/// Tries per step for the Poisson method of the comparison.
pub const COMPARE_K: u32 = 30;

/// One of the three methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Uniform random points.
    Random,
    /// One point per cell of a square grid.
    Jittered,
    /// Bridson's Poisson disk sampling.
    Poisson,
}

impl Method {
    /// The method's name as the page spells it (`random`, `jittered`, `poisson`).
    pub fn name(self) -> &'static str {
        match self {
            Method::Random => "random",
            Method::Jittered => "jittered",
            Method::Poisson => "poisson",
        }
    }
}

/// One method's points and figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Which method.
    pub method: Method,
    /// Its points.
    pub points: Vec<[f64; 2]>,
    /// The grid spacing it used (the jittered grid's own; the lab's spacing for the others).
    pub spacing: f64,
    /// Pairs closer than the lab's spacing, `(i, j)` with `i < j`.
    pub too_close: Vec<(usize, usize)>,
    /// The closest pair and its distance.
    pub tightest: Option<(usize, usize, f64)>,
    /// The largest empty circle whose centre lies on the map.
    pub clearing: Option<Clearing>,
}

fn report(
    method: Method,
    points: Vec<[f64; 2]>,
    spacing: f64,
    lab_spacing: f64,
    w: f64,
    h: f64,
) -> Report {
    Report {
        method,
        too_close: too_close_pairs(&points, lab_spacing),
        tightest: tightest_pair(&points),
        clearing: largest_empty_circle(&points, w, h),
        points,
        spacing,
    }
}

/// Runs the three methods on one `width × height` map with one seed; see the module docs.
///
/// ```
/// let [random, jittered, poisson] = poisson_live::compare::compare(720.0, 400.0, 26.0, 123456).unwrap();
/// assert_eq!(random.points.len(), poisson.points.len());
/// assert!(poisson.too_close.is_empty());
/// assert!(!random.too_close.is_empty());
/// assert!(jittered.points.len() <= poisson.points.len());
/// ```
pub fn compare(width: f64, height: f64, spacing: f64, seed: i32) -> Result<[Report; 3]> {
    let poisson: Vec<[f64; 2]> = crate::poisson_disk(width, height, spacing, COMPARE_K, seed)?
        .iter()
        .map(|p| [p.x, p.y])
        .collect();
    let n = poisson.len().max(1);
    let random = crate::random_points(n, width, height, seed)?;
    let jitter_spacing = (width * height / n as f64).sqrt();
    let jittered = crate::jittered_grid(jitter_spacing, width, height, seed)?;
    Ok([
        report(Method::Random, random, spacing, spacing, width, height),
        report(
            Method::Jittered,
            jittered,
            jitter_spacing,
            spacing,
            width,
            height,
        ),
        report(Method::Poisson, poisson, spacing, spacing, width, height),
    ])
}
