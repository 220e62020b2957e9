//! Bridson's algorithm (2007), one step at a time.
//!
//! The sampler keeps an *active list* of points that may still have room around them. Each step
//! picks one at random and throws up to `k` candidates into the ring between r and 2r around it.
//! The first candidate that keeps its distance from every point is placed and becomes active; if
//! all `k` fail, the point retires. When nothing is active the map is full. Every point is placed
//! once and retired once, so `N` points take exactly `2N − 1` productive steps: linear time.
//!
//! `bridson/front.rs` is the crate's one Bridson-family loop, the only code that keeps an active
//! list and picks, throws around, places or retires: the plane's [`Sampler`] and Bridson in a
//! box or on a mesh ([`crate::space`]) are fronts it steps, each saying where its candidates land
//! (the fast samplers aside: they place every candidate that fits, in loops of their own). On the
//! plane, where candidates land is a rule ([`Candidates`]: Bridson's ring, the parent cone,
//! Roberts' turn); "too close?" is the grid's one spacing query. Its neighbours hold the outcome
//! types, the starts, what the sampler shows between steps (the tutorial draws it all) and the
//! one-call helpers a game uses ([`poisson_disk`],
//! [`variable_radius`]); the draws made ahead live in `classic/ring.rs`.

pub use crate::classic::candidates::Candidates;
pub use one_call::{partly_filled, poisson_disk, variable_radius, variable_sampler};
pub use outcome::{Candidate, Outcome, Step};
pub use params::{SamplerParams, Tries, DEFAULT_K, MAX_K};
pub(crate) use sampler::ClassRules;
pub use sampler::{AllowedFn, RadiusFn, Sampler};
pub use start::BlockCursor;

pub(crate) mod front;
mod one_call;
mod outcome;
mod params;
mod plane;
mod sampler;
mod start;
mod view;
