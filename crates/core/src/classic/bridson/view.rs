//! What a [`Sampler`] shows between steps (points, active list, current point, candidates,
//! running counts) because the tutorial draws it, and how it gives its points and grid back.

use super::outcome::Candidate;
use super::sampler::Sampler;
use crate::base::point::Point;
use crate::classic::grid::Grid;

impl std::fmt::Debug for Sampler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sampler")
            .field("radius", &self.radius)
            .field("k", &self.k)
            .field("points", &self.points().len())
            .field("active", &self.front.active().len())
            .field("steps", &self.front.steps)
            .finish_non_exhaustive()
    }
}

impl Sampler {
    /// True when nothing is active.
    pub fn is_finished(&self) -> bool {
        self.front.is_empty()
    }
    /// This sampler's points, in the order they were placed, with their radii.
    pub fn points(&self) -> &[Point] {
        &self.grid.points()[self.start..]
    }
    /// Indices (into [`Sampler::points`]) of the active points, in active-list order.
    pub fn active(&self) -> &[usize] {
        self.front.active()
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
        self.front.steps
    }
    /// Candidates thrown in steps so far.
    pub fn attempted(&self) -> u64 {
        self.front.attempted
    }
    /// Candidates accepted in steps so far.
    pub fn accepted(&self) -> u64 {
        self.front.accepted
    }
    /// Points that have left the active list.
    pub fn retired(&self) -> usize {
        self.front.retired
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
