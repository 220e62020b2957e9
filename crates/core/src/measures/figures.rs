//! The figures the labs show live beside a map: points per r², coverage and the
//! minimum-distance audit, with the two coverages a reader compares against.

use crate::base::point::Point;
use crate::measures::metrics::{coverage, min_distance_audit, points_per_r2, Violation};

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
    /// [`points_per_r2`] with the set's spacing.
    pub points_per_r2: f64,
    /// [`coverage`] of the disks of radius `rᵢ / 2`.
    pub coverage: f64,
    /// [`min_distance_audit`]: the worst pair closer than its spacing, or `None` when every
    /// pair keeps it.
    pub violation: Option<Violation>,
}

/// Points per r², coverage and the minimum-distance audit of `points` (each with its own
/// spacing) on a `width × height` map whose nominal spacing is `radius`.
///
/// Linear in the number of points (the audit buckets them in a grid), so the page can redo it
/// on every frame while a run plays.
///
/// ```
/// use poisson_live::figures::live_figures;
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
        points_per_r2: points_per_r2(points.len(), width, height, radius),
        coverage: coverage(points.iter().map(|p| p.r), width, height),
        violation: min_distance_audit(points),
    }
}
