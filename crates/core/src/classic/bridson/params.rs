//! The numbers of one run as a value, so a call with many of them names each one, and the
//! tries per step, checked once.

use crate::base::error::{in_range, Result};

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

/// The largest `k` a sampler accepts; more tries per point add nothing after a few hundred.
pub const MAX_K: u32 = 10_000;

/// The tries per step (`k`) the tutorial, the page, the CLI and the bindings start from:
/// Bridson's paper's 30.
pub const DEFAULT_K: u32 = 30;

/// Tries per step, checked where built: `1..=MAX_K`.
///
/// ```
/// use poisson_live::bridson::{Tries, DEFAULT_K, MAX_K};
/// assert_eq!(Tries::default().get(), DEFAULT_K);
/// assert!(Tries::new(0).is_err() && Tries::new(MAX_K + 1).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tries(u32);

impl Tries {
    /// `k`, or an error naming it when it is 0 or above [`MAX_K`].
    pub fn new(k: u32) -> Result<Self> {
        in_range("k", f64::from(k), 1.0, f64::from(MAX_K))?;
        Ok(Self(k))
    }

    /// `k` as given.
    pub fn get(self) -> u32 {
        self.0
    }
}

impl Default for Tries {
    fn default() -> Self {
        Self(DEFAULT_K)
    }
}
