//! The tutorial's classic methods, in its order: random scatter and the jittered grid, dart
//! throwing, the background grid, Bridson's algorithm step by step, and time travel through a
//! Bridson run; then the labs that set them side by side, the opening comparison and the
//! spectrum. Their draws follow the reference code to the bit. They use `base`, and `measures`
//! for the figures shown beside them.

pub mod bridson;
pub mod candidates;
pub mod compare;
pub mod darts;
pub mod exact;
pub mod grid;
pub mod history;
pub(crate) mod ring;
pub mod scatter;
pub mod spectrum;
