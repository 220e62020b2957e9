//! The tutorial's classic methods, in its order: random scatter and the jittered grid, dart
//! throwing, the background grid, Bridson's algorithm step by step, and time travel through a
//! Bridson run. Their draws follow the reference code to the bit.

pub mod bridson;
pub mod candidates;
pub mod darts;
pub mod exact;
pub mod grid;
pub mod history;
pub(crate) mod ring;
pub mod scatter;
