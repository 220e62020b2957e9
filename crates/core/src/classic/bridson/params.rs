//! The numbers of one run as a value, so a call with many of them names each one.

/// The map, spacing, tries and seed of one run: what [`super::Sampler::from_params`], the
/// samplers lab, the tileable map, the level editor and the one-call helpers take.
///
/// Validation as in [`super::Sampler::new`]: width, height, radius finite and > 0, `k` in
/// `1..=MAX_K`, the grid within the work limit, and a seed the generator accepts. Where a
/// spacing varies over the map ([`super::variable_radius`], [`crate::density_forest`]),
/// `radius` is the smallest one, the one the grid is built for.
///
/// ```
/// use poisson_live::{Sampler, SamplerParams};
/// let params = SamplerParams { width: 200.0, height: 100.0, radius: 10.0, k: 30, seed: 7 };
/// let mut s = Sampler::from_params(params).unwrap();
/// s.start_random();
/// s.finish();
/// assert_eq!(s.points(), poisson_live::poisson_disk(200.0, 100.0, 10.0, 30, 7).unwrap());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SamplerParams {
    /// Map width.
    pub width: f64,
    /// Map height.
    pub height: f64,
    /// The spacing `r` (the smallest, where it varies).
    pub radius: f64,
    /// Tries per step.
    pub k: u32,
    /// The 32-bit seed.
    pub seed: i32,
}
