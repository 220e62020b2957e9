//! Endless worlds, one chunk at a time, with no seams and no memory of the visit order.
//!
//! A game fills the square chunks around the player as they come into view and forgets far
//! ones. Two promises make that work: a chunk's points depend only on the seed and its
//! coordinates (not on what was visited before, in what order, or what the cache holds), and
//! two points closer than the radius never meet, inside a chunk or across a border.
//!
//! Chunk `(cx, cy)` covers `[cx·S, (cx + 1)·S) × [cy·S, (cy + 1)·S)`; its [`phase`], `(cx mod
//! 2) + 2·(cy mod 2)`, differs for any two chunks that touch. A chunk is sampled after, and
//! around, the points of its touching neighbours of lower phase ([`constraints_of`]), from its
//! own generator ([`chunk_seed`]).
//!
//! - **Order independence**, by induction on the phase: a phase-0 chunk is a function of
//!   `(seed, cx, cy)`; a phase-`p` chunk, of those and of its lower-phase neighbours' points,
//!   each a function of the seed and their coordinates. The cache only remembers results.
//! - **No seams**: the chunk side is at least `2r`, so two points closer than `r` lie in one
//!   chunk (whose sampler kept them apart) or in two touching ones of different phases, the
//!   higher of which refused any candidate closer than `r` to the other's points.
//!
//! [`ChunkedWorld::points_in`] builds a view's chunks in one call, [`ChunkedWorld::fill`] a
//! chunk per unit of work and [`ChunkedWorld::generate_next`] one per call, so a page can spread
//! the work over frames and still show exactly what `points_in` gives. The draw order inside a
//! chunk is on [`ChunkedWorld`].

mod scheme;
mod world;

pub use scheme::{chunk_seed, constraints_of, phase, points_digest, REACH};
pub(crate) use world::Recipe;
pub use world::{ChunkedWorld, Fill, DEFAULT_CAPACITY};
