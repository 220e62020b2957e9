//! What every method stands on: the point type, the Park–Miller generator and seed derivation,
//! smooth noise (the density lab's spacing, the island's fields), the one error type with the
//! work limits, the job protocol for long work, and the export formats. It uses nothing else
//! in the crate.

pub mod error;
pub mod export;
pub mod job;
pub(crate) mod names;
pub(crate) mod noise;
pub mod point;
pub mod rng;
