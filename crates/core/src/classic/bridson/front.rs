//! The one loop's skeleton, whatever the points stand on: pick an active point at random, throw
//! up to `k` candidates around it, place the first that may stand or retire the point. The plane
//! ([`super::Sampler`]), boxes of any dimension and triangle meshes ([`crate::space`]) are
//! fronts; each says where its candidates land and how "too close" is asked, and this step does
//! the rest, the same draws in the same order for all of them.

use super::outcome::Step;

/// What the loop keeps: the active list and the step's counts.
#[derive(Debug, Clone, Default)]
pub(crate) struct Front {
    /// Indices (from the sampler's first point) of the points that may still have room.
    pub active: Vec<usize>,
    pub steps: u64,
    pub attempted: u64,
    pub accepted: u64,
    pub retired: usize,
}

/// A sampler the loop can step: its draws, its front, and the candidates it throws. `H` is how
/// one step is taken (the plane compiles a step per case: wrapping or not, recording or not).
pub(crate) trait Grows<H: Copy> {
    /// The next number of the sampler's stream, in `[0, 1)`.
    fn draw(&mut self) -> f64;
    /// The active list and counts.
    fn front(&mut self) -> &mut Front;
    /// Throws up to `k` candidates around the point `current` and places the first that may
    /// stand, making it active: how many tries that took and the new point's index, or `None`
    /// when all `k` failed. Draws for the throw come from [`Grows::draw`]'s stream.
    fn throw_around(&mut self, current: usize, how: H) -> Option<(u32, usize)>;
}

/// One step of Bridson's algorithm on any front ([`super::Sampler::step`] says what one is).
#[inline(always)]
pub(crate) fn step<H: Copy, G: Grows<H>>(grows: &mut G, k: u32, how: H) -> Step {
    let len = grows.front().active.len();
    if len == 0 {
        return Step::Finished;
    }
    let a = (grows.draw() * len as f64) as usize;
    let current = grows.front().active[a];
    let placed = grows.throw_around(current, how);
    let front = grows.front();
    front.steps += 1;
    match placed {
        Some((tries, index)) => {
            front.attempted += u64::from(tries);
            front.accepted += 1;
            Step::Placed(index)
        }
        None => {
            front.attempted += u64::from(k);
            front.active.swap_remove(a);
            front.retired += 1;
            Step::Retired(current)
        }
    }
}
