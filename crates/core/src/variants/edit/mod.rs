//! Editing a placed set in place, the way a level designer does: erase a patch, paint more
//! objects where there is room, refill a patch, undo; every object keeps its place and its id.
//!
//! **Ids.** A point an edit does not remove keeps its `u32` id, `u16` class and coordinates, to
//! the bit; a new point takes the next id of a counter that never goes back, not even after
//! [`EditableSet::undo`]: a saved id means one object, or none.
//!
//! **Strokes.** A [`Stroke`] is a path and a brush radius `b`; a spot is under it when strictly
//! inside its bounding box and `dx² + dy² < b²` to the nearest point of some segment
//! (`t = clamp(((p − a)·(c − a)) / |c − a|², 0, 1)`, 0 for a segment of length 0) or to a
//! one-point path's point, on the map only. That one test, [`Stroke::covers`], decides what a
//! [`Tool`] erases and where it paints: no kept point under a stroke, no new point outside it.
//!
//! **Filling.** Paint and refill run [`Sampler::step`](crate::Sampler::step) with the stroke's box
//! as the region and `covers` as the ground rule, over a grid of the kept points near it, seeded
//! in blocks ([`Sampler::seed_blocks`](crate::Sampler::seed_blocks)) so every pocket gets a start;
//! classes ([`EditableSet::fill_classes`]) are drawn as [`crate::classes`] draws them. Edit `i`
//! (counting those that changed the set, never counted back) draws from
//! `sub_seed(seed, 0xED17_0000 + i)`: one seed and one sequence of edits give one set, natively
//! and in WebAssembly.
//!
//! **Slices and undo.** An edit is a [`Job`](crate::Job) ([`EditableSet::edit`]) reading the set
//! once; its [`Patch`] goes in with [`EditableSet::commit`] (a stale one is refused); `apply` does
//! both. Undo takes back a stroke (a drag, `begin_stroke` … `end_stroke`), up to [`UNDO_DEPTH`] of
//! them, each to the exact set it started from.

mod brush;
mod fill;
mod set;
mod stroke;

pub use crate::base::point::Item;
pub use brush::Edit;
pub use fill::EditableSetFill;
pub use set::{Change, EditableSet, Patch, UNDO_DEPTH};
pub use stroke::{Stroke, Tool};
