//! The one loop, whatever the points stand on: pick an active point at random, throw up to `k`
//! candidates around it, admit the first that may stand and place it, or retire the point. The
//! plane ([`super::Sampler`]), boxes of any dimension and triangle meshes ([`crate::space`]) are
//! fronts; each says where its next candidate lands, whether it may stand and how it is stored,
//! and this file does the rest, the same draws in the same order for all of them. Points join
//! and leave an active list here and nowhere else ([`Front::activate`], [`Front::retire`]); the
//! tutorial's time travel (`classic/history.rs`) replays its record through them.

use super::outcome::Step;

/// What the loop keeps: the active list and the step's counts.
#[derive(Debug, Clone, Default)]
pub(crate) struct Front {
    /// Indices (from the sampler's first point) of the points that may still have room.
    active: Vec<usize>,
    pub steps: u64,
    pub attempted: u64,
    pub accepted: u64,
    pub retired: usize,
}

impl Front {
    /// Makes the point `index` active: a start, a step's new point or a mesh's seed.
    #[inline(always)]
    pub fn activate(&mut self, index: usize) {
        self.active.push(index);
    }

    /// Retires the active point in `slot` (the last active point takes the slot): the point.
    #[inline(always)]
    pub fn retire(&mut self, slot: usize) -> usize {
        self.retired += 1;
        self.active.swap_remove(slot)
    }

    /// The active points, in the list's order.
    #[inline(always)]
    pub fn active(&self) -> &[usize] {
        &self.active
    }

    /// Puts back an active list kept earlier (a replay's checkpoint).
    pub fn restore(&mut self, active: &[usize]) {
        self.active.clear();
        self.active.extend_from_slice(active);
    }

    /// True when nothing is active.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.active.is_empty()
    }
}

/// The two accessors of [`Grows`] for a sampler whose stream is its field `rng` (any
/// [`Draw`](crate::base::rng::Draw)) and whose active list is its field `front`: what every
/// front of the crate is, so they are written here once.
macro_rules! stream_and_front {
    () => {
        #[inline(always)]
        fn draw(&mut self) -> f64 {
            crate::base::rng::Draw::next_f64(&mut self.rng)
        }

        #[inline(always)]
        fn front(&mut self) -> &mut crate::classic::bridson::front::Front {
            &mut self.front
        }
    };
}
pub(crate) use stream_and_front;

/// A sampler the loop can step: its draws, its front, and its candidates. `H` is how one step
/// is taken (the plane compiles a step per case: wrapping or not, recording or not).
pub(crate) trait Grows<H: Copy> {
    /// What a step keeps while it throws around one point (its centre, its ring, the points
    /// that refused earlier candidates).
    type Turn;
    /// A candidate: where it landed (and on what).
    type Candidate;
    /// What admitting a candidate found out that placing it needs (its radius, say).
    type Room;

    /// The next number of the sampler's stream, in `[0, 1)`.
    fn draw(&mut self) -> f64;
    /// The active list and counts.
    fn front(&mut self) -> &mut Front;
    /// Starts a step around the point `current`; `None` when no candidate can land near it (all
    /// `k` tries then fail at once).
    fn begin(&mut self, current: usize, how: H) -> Option<Self::Turn>;
    /// Throws the next candidate, drawing from the sampler's stream; `None` when the throw was
    /// spent without landing anywhere a point could stand.
    fn candidate(&mut self, turn: &mut Self::Turn, how: H) -> Option<Self::Candidate>;
    /// May `candidate` stand? What placing it needs, or `None`.
    fn admit(
        &mut self,
        turn: &mut Self::Turn,
        candidate: &Self::Candidate,
        how: H,
    ) -> Option<Self::Room>;
    /// Stores an admitted candidate, thrown around `parent`: its index, which the loop makes
    /// active.
    fn place(&mut self, candidate: Self::Candidate, room: Self::Room, parent: usize) -> usize;
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
    if let Some(mut turn) = grows.begin(current, how) {
        for tries in 1..=k {
            let Some(candidate) = grows.candidate(&mut turn, how) else {
                continue;
            };
            if let Some(room) = grows.admit(&mut turn, &candidate, how) {
                let index = grows.place(candidate, room, current);
                let front = grows.front();
                front.activate(index);
                front.steps += 1;
                front.attempted += u64::from(tries);
                front.accepted += 1;
                return Step::Placed(index);
            }
        }
    }
    let front = grows.front();
    front.steps += 1;
    front.attempted += u64::from(k);
    front.retire(a);
    Step::Retired(current)
}

/// Up to `max_steps` steps of `step`; true when `finished` says so, after the steps.
#[inline]
pub(crate) fn run<G>(
    grows: &mut G,
    max_steps: u64,
    mut step: impl FnMut(&mut G) -> Step,
    finished: impl Fn(&G) -> bool,
) -> bool {
    for _ in 0..max_steps {
        if step(grows) == Step::Finished {
            return true;
        }
    }
    finished(grows)
}
