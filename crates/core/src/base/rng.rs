//! The Park–Miller "minimal standard" generator that the tutorial's reference code uses.
//!
//! It is tiny, fast and, above all, the same everywhere: the classic methods draw from it in a fixed
//! order, so one seed gives one forest in every build, native or wasm.

use crate::error::{Error, Result};

/// The modulus, the Mersenne prime 2^31 − 1.
pub const MODULUS: u32 = 2_147_483_647;
/// The multiplier of the "minimal standard" generator.
pub const MULTIPLIER: u32 = 16_807;
/// The one 32-bit seed that folds to a state of 0, where the generator would stick forever.
pub const STUCK_SEED: i32 = -2_147_483_646;

/// A Park–Miller generator: `s ← s · 16807 mod (2^31 − 1)`.
///
/// ```
/// use poisson_live::rng::ParkMiller;
/// let mut a = ParkMiller::new(123456).unwrap();
/// let mut b = ParkMiller::new(123456).unwrap();
/// let f = a.next_f64();
/// assert!((0.0..1.0).contains(&f));
/// assert_eq!(f, b.next_f64()); // same seed, same numbers
/// assert!(ParkMiller::new(poisson_live::rng::STUCK_SEED).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParkMiller {
    state: u32,
}

impl ParkMiller {
    /// Builds a generator from a 32-bit signed seed.
    ///
    /// The state is `seed mod M` with the sign of the seed (as `%` in Rust or C); a state ≤ 0 is
    /// moved up by M − 1, so seed 0 gives 2147483646. Seed [`STUCK_SEED`] would give state 0 and
    /// is refused.
    pub fn new(seed: i32) -> Result<Self> {
        let m = i64::from(MODULUS);
        let mut s = i64::from(seed) % m;
        if s <= 0 {
            s += m - 1;
        }
        if s == 0 {
            return Err(Error::BadSeed {
                value: f64::from(seed),
            });
        }
        Ok(Self { state: s as u32 })
    }

    /// The current state, in `1..2^31 − 1`.
    pub fn state(&self) -> u32 {
        self.state
    }

    /// Advances the generator and returns the new state, in `1..=2^31 − 2`.
    #[inline]
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u32 {
        // s · 16807 < 2^46, and 2^31 ≡ 1 (mod M): fold the high bits onto the low ones instead of
        // dividing. One fold leaves a value < 2M, so one conditional subtraction finishes it.
        let p = u64::from(self.state) * u64::from(MULTIPLIER);
        let mut s = (p & u64::from(MODULUS)) + (p >> 31);
        if s >= u64::from(MODULUS) {
            s -= u64::from(MODULUS);
        }
        self.state = s as u32;
        self.state
    }

    /// The next number as an `f64` in `[0, 1)`: `(next − 1) / (M − 1)`.
    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        f64::from(self.next() - 1) / f64::from(MODULUS - 1)
    }
}

/// Checks a seed that arrives as a floating-point number (from a text field, JSON or JS) and
/// returns it as an `i32`.
///
/// Seeds must be whole numbers within the 32-bit signed range; nothing is silently wrapped or
/// rounded, so the same text gives the same forest in the crate, the CLI and the page.
pub fn seed_from_f64(value: f64) -> Result<i32> {
    if value.is_finite()
        && value == value.trunc()
        && value >= f64::from(i32::MIN)
        && value <= f64::from(i32::MAX)
    {
        let seed = value as i32;
        ParkMiller::new(seed)?;
        Ok(seed)
    } else {
        Err(Error::BadSeed { value })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_folding_follows_the_reference() {
        assert_eq!(ParkMiller::new(0).unwrap().state(), 2_147_483_646);
        assert_eq!(ParkMiller::new(1).unwrap().state(), 1);
        assert_eq!(ParkMiller::new(-1).unwrap().state(), 2_147_483_645);
        assert_eq!(ParkMiller::new(i32::MAX).unwrap().state(), 2_147_483_646);
        assert_eq!(ParkMiller::new(i32::MIN).unwrap().state(), 2_147_483_645);
        assert!(ParkMiller::new(STUCK_SEED).is_err());
    }

    #[test]
    fn fast_fold_matches_plain_modulo() {
        let mut g = ParkMiller::new(42).unwrap();
        let mut s: u64 = 42;
        for _ in 0..100_000 {
            s = s * 16_807 % 2_147_483_647;
            assert_eq!(u64::from(g.next()), s);
        }
        // The classic check value of the minimal standard generator: seed 1, 10 000 steps.
        let mut g = ParkMiller::new(1).unwrap();
        for _ in 0..9_999 {
            g.next();
        }
        assert_eq!(g.next(), 1_043_618_065);
    }

    #[test]
    fn seeds_from_floats() {
        assert_eq!(seed_from_f64(123456.0), Ok(123456));
        assert_eq!(seed_from_f64(-2147483648.0), Ok(i32::MIN));
        assert!(seed_from_f64(2147483648.0).is_err());
        assert!(seed_from_f64(1.5).is_err());
        assert!(seed_from_f64(f64::NAN).is_err());
        assert!(seed_from_f64(f64::from(STUCK_SEED)).is_err());
    }
}
