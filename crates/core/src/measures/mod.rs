//! How good a point set is: pairs too close, the tightest pair, the widest clearing, coverage,
//! the power spectrum, and the opening comparison of random, jittered and Poisson scatter.

pub(crate) mod buckets;
pub mod clearing;
pub mod compare;
pub mod figures;
pub mod metrics;
pub mod spectrum;
