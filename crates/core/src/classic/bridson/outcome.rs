//! What a step of [`Sampler`](super::Sampler) did, and what became of each candidate it threw: the
//! values the page draws and the history records.

#[cfg(doc)]
use crate::classic::grid::Grid;

/// What one call of [`Sampler::step`](super::Sampler::step) did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Step {
    /// A candidate was accepted; the new point's index in
    /// [`Sampler::points`](super::Sampler::points).
    Placed(usize),
    /// All `k` candidates failed and this point (index in
    /// [`Sampler::points`](super::Sampler::points)) left the active list.
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

/// Why [`Sampler::try_add`](super::Sampler::try_add) placed or refused a point.
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
