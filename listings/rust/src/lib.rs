//! The tutorial's code in plain Rust, one module per step, written to be read and copied (the
//! `poisson-live` crate is the tuned version of the same methods, held to this one bit for bit).
//! No dependencies: everything a step needs is in its file or an earlier step's.

pub mod bridson;
pub mod darts;
pub mod grid;
pub mod jittered;
pub mod layers;
pub mod paint;
pub mod random;
pub mod variable;
