//! What every method stands on: the point type, the Park–Miller generator and seed derivation,
//! the one error type with the work limits, the job protocol for long work, and the export
//! formats.

pub mod error;
pub mod export;
pub mod job;
pub mod point;
pub mod rng;
