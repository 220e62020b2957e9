//! How good a point set is: pairs too close, the tightest pair, the widest clearing, coverage,
//! the periodogram, δX and the pair correlation. Measures take points and know nothing of how
//! they were made: they use `base` only, and every other folder may use them (the labs' live
//! figures, the checks of a class run or an edit, the layers' overlaps, the seam audit, the
//! relaxation passes).

pub(crate) mod buckets;
pub mod clearing;
pub mod figures;
pub mod metrics;
pub mod periodogram;
pub mod quality;
