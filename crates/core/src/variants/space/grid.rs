//! The box's grid is the crate's one grid type ([`SpaceGrid`], `Grid<D, [f64; D]>`, in
//! `classic::grid`); here is what the space samplers keep beside it, the points that refused a
//! step's earlier candidates.

pub(crate) use crate::classic::grid::cells_needed;
pub use crate::classic::grid::{distance2, SpaceGrid};

/// The last few points that refused a candidate of one step: the next candidates of the step
/// land near the same points, so most are refused here, without a walk over the grid. Only a
/// shortcut: a candidate this lets through is still asked of the grid, so every decision is the
/// grid's.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Refusers<const D: usize> {
    points: [[f64; D]; REFUSERS],
    next: usize,
}

/// Points a [`Refusers`] keeps.
const REFUSERS: usize = 8;

impl<const D: usize> Refusers<D> {
    /// None yet (the empty slots are infinitely far away).
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Self {
            points: [[f64::INFINITY; D]; REFUSERS],
            next: 0,
        }
    }

    /// Whether one of the kept points is closer than `sqrt(r2)` to `p`; no branch per point.
    #[inline(always)]
    pub(crate) fn refuse(&self, p: &[f64; D], r2: f64) -> bool {
        self.points
            .iter()
            .fold(false, |hit, q| hit | (distance2(p, q) < r2))
    }

    /// Keeps `q`, forgetting the oldest.
    #[inline(always)]
    pub(crate) fn keep(&mut self, q: [f64; D]) {
        self.points[self.next] = q;
        self.next = (self.next + 1) % REFUSERS;
    }
}
