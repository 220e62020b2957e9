//! The generators: the Park–Miller "minimal standard" one that the tutorial's reference code
//! uses, and SplitMix64, which the fast samplers, the samplers in space and sample elimination
//! draw from. Both take a [`Seed`], checked once where it is built, and both give numbers in
//! `[0, 1)` through [`Draw`].
//!
//! Each is tiny, fast and, above all, the same everywhere: the classic methods draw from
//! Park–Miller in a fixed order, so one seed gives one forest in every build, native or wasm.
//!
//! It is also where every derived seed comes from ([`sub_seed`], [`folded_sub_seed`],
//! [`cell_seed`], [`seed_run`]): one place to read how a world's layers, an endless world's
//! chunks or a spectrum's maps get seeds of their own.

pub use crate::base::error::STUCK_SEED;
use crate::base::error::{Error, Result};

/// The modulus, the Mersenne prime 2^31 − 1.
pub const MODULUS: u32 = 2_147_483_647;
/// The multiplier of the "minimal standard" generator.
pub const MULTIPLIER: u32 = 16_807;

/// A seed every generator accepts: a 32-bit signed whole number but [`STUCK_SEED`], the one
/// that would leave Park–Miller's state at 0. Checked where it is built, so a sampler that
/// holds one needs no second check.
///
/// ```
/// use poisson_live::rng::{Seed, STUCK_SEED};
/// assert_eq!(Seed::new(7).unwrap().get(), 7);
/// assert!(Seed::new(STUCK_SEED).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seed(i32);

impl Seed {
    /// The seed, or [`Error::BadSeed`] for [`STUCK_SEED`].
    pub fn new(seed: i32) -> Result<Self> {
        if park_miller_state(seed) == 0 {
            return Err(Error::BadSeed {
                value: f64::from(seed),
            });
        }
        Ok(Self(seed))
    }

    /// The seed as given.
    pub fn get(self) -> i32 {
        self.0
    }
}

/// Numbers in `[0, 1)` from a generator: what the samplers read, whichever generator draws.
///
/// ```
/// use poisson_live::rng::{Draw, ParkMiller};
/// fn mean(g: &mut impl Draw, n: u32) -> f64 {
///     (0..n).map(|_| g.next_f64()).sum::<f64>() / f64::from(n)
/// }
/// assert!((mean(&mut ParkMiller::new(5).unwrap(), 10_000) - 0.5).abs() < 0.02);
/// ```
pub trait Draw {
    /// The next number in `[0, 1)`.
    fn next_f64(&mut self) -> f64;
}

/// Park–Miller's state for `seed`: `seed mod M` with the sign of the seed (as `%` in Rust or
/// C), a state ≤ 0 moved up by M − 1, so seed 0 gives 2147483646 and [`STUCK_SEED`] gives 0.
fn park_miller_state(seed: i32) -> u32 {
    let m = i64::from(MODULUS);
    let mut s = i64::from(seed) % m;
    if s <= 0 {
        s += m - 1;
    }
    s as u32
}

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
    /// Builds a generator from a 32-bit signed seed; [`STUCK_SEED`] is refused (see [`Seed`]).
    pub fn new(seed: i32) -> Result<Self> {
        Ok(Self::from_seed(Seed::new(seed)?))
    }

    /// Builds a generator from a seed already checked.
    ///
    /// The state is `seed mod M` with the sign of the seed (as `%` in Rust or C); a state ≤ 0 is
    /// moved up by M − 1, so seed 0 gives 2147483646.
    pub fn from_seed(seed: Seed) -> Self {
        Self {
            state: park_miller_state(seed.get()),
        }
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

impl Draw for ParkMiller {
    #[inline]
    fn next_f64(&mut self) -> f64 {
        ParkMiller::next_f64(self)
    }
}

/// `a^n mod M`: the multiplier that moves a Park–Miller state `n` draws ahead at once.
const fn multiplier_ahead(n: u32) -> u32 {
    let mut m: u64 = 1;
    let mut i = 0;
    while i < n {
        m = m * MULTIPLIER as u64 % MODULUS as u64;
        i += 1;
    }
    m as u32
}

/// Independent lanes a [`Draws`] block is made in (see [`Draws`]).
const LANES: usize = 8;
/// `a^LANES mod M`: one lane's step.
const LANE_STEP: u32 = multiplier_ahead(LANES as u32);
/// `s · m mod M` for a state `s` and a multiplier `m`, both below M: the product is below
/// 2^62, and as `2^31 ≡ 1 (mod M)` one fold leaves it below 2M (in 32 bits). It cannot be M
/// itself (M is prime and neither factor is 0), so one subtraction of M finishes it when the
/// fold is M or more, that is when `fold − M` does not wrap past 2^31: written with the sign
/// bit, so that the lanes of a block need no 64-bit comparison.
#[inline(always)]
fn mul_mod(s: u32, m: u32) -> u32 {
    let p = u64::from(s) * u64::from(m);
    let fold = (p as u32 & MODULUS) + (p >> 31) as u32;
    let less = fold.wrapping_sub(MODULUS);
    if (less as i32) < 0 {
        fold
    } else {
        less
    }
}

/// [`ParkMiller::next_f64`]'s stream, the very same numbers in the very same order, made ahead
/// in blocks: what Bridson's sampler draws from.
///
/// Why: one Park–Miller step depends on the last, so drawn one at a time the numbers form a
/// chain of multiplications and divisions the processor cannot overlap. But the stream is fixed
/// whatever becomes of the candidates, so it can be made ahead: eight lanes each jump ahead
/// by `a^8 mod M` (lane `j` of a block holds draw `8i + j`), the lanes are independent, so
/// the compiler runs them side by side (SIMD where the target has it), and `(s − 1) / (M − 1)`
/// is the same exact division in any order. [`Draws::block`] shows the numbers made, read or
/// not, so that a reader can work out ahead what it will do with them (Bridson's sampler looks
/// its ring candidates up that way) and then [`Draws::skip`] those it used.
///
/// ```
/// use poisson_live::rng::{Draws, ParkMiller};
/// let mut plain = ParkMiller::new(99).unwrap();
/// let mut ahead = Draws::new(99).unwrap();
/// for _ in 0..2000 {
///     assert_eq!(ahead.next_f64().to_bits(), plain.next_f64().to_bits());
/// }
/// ```
#[derive(Clone)]
pub struct Draws {
    /// The states behind the next [`LANES`] numbers to be made.
    lanes: [u32; LANES],
    /// The numbers made and not yet read start at `at`; `len` numbers are made.
    unit: Box<[f64; Draws::BLOCK]>,
    at: usize,
    len: usize,
}

impl std::fmt::Debug for Draws {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Draws")
            .field("buffered", &(self.len - self.at))
            .finish_non_exhaustive()
    }
}

impl Draws {
    /// Numbers a block holds (a power of two, so indices reduced by it need no bounds check,
    /// and a multiple of the lanes).
    pub const BLOCK: usize = 512;

    /// The stream of [`ParkMiller::new`]`(seed)` (refused alike). Nothing is made until the
    /// first number is read.
    pub fn new(seed: i32) -> Result<Self> {
        let mut g = ParkMiller::new(seed)?;
        let lanes = std::array::from_fn(|_| g.next());
        Ok(Self {
            lanes,
            unit: Box::new([0.0; Draws::BLOCK]),
            at: 0,
            len: 0,
        })
    }

    /// The next number in `[0, 1)`: [`ParkMiller::next_f64`]'s next.
    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        if self.at >= self.len {
            self.refill();
        }
        let u = self.unit[self.at % Self::BLOCK];
        self.at += 1;
        u
    }

    /// The block of numbers made so far (at most [`Draws::BLOCK`]) and the position of the next
    /// one to be read in it: `block[at..]` are still to come. The block changes only in
    /// [`Draws::refill`] (which [`Draws::next_f64`] calls once every number is read).
    #[inline(always)]
    pub fn block(&self) -> (&[f64], usize) {
        (&self.unit[..self.len], self.at)
    }

    /// How many numbers of the block are read: [`Draws::block`]'s position, without the block.
    #[inline(always)]
    pub fn read(&self) -> usize {
        self.at
    }

    /// Reads `n` numbers of the block without returning them; at most as many as are left.
    #[inline(always)]
    pub fn skip(&mut self, n: usize) {
        self.at = (self.at + n).min(self.len);
    }

    /// Moves the unread numbers to the front of the block and makes it full again.
    #[cold]
    #[inline(never)]
    pub fn refill(&mut self) {
        let keep = self.len - self.at;
        self.unit.copy_within(self.at..self.len, 0);
        let len = keep + (Self::BLOCK - keep) / LANES * LANES;
        for chunk in self.unit[keep..len].chunks_exact_mut(LANES) {
            // One plain loop over the lanes, which the compiler turns into vector code where
            // the target has vectors.
            for (u, lane) in chunk.iter_mut().zip(&mut self.lanes) {
                // s − 1 < 2^31: a signed conversion, which every target has, gives the same f64.
                *u = f64::from((*lane - 1) as i32) / f64::from(MODULUS - 1);
                *lane = mul_mod(*lane, LANE_STEP);
            }
        }
        (self.at, self.len) = (0, len);
    }
}

impl Draw for Draws {
    #[inline]
    fn next_f64(&mut self) -> f64 {
        Draws::next_f64(self)
    }
}

/// SplitMix64: a small 64-bit generator, the same on every machine; the fast samplers, the
/// samplers in space and sample elimination draw from it, where the tutorial's stream does not
/// matter. Every seed is accepted here; the samplers refuse [`STUCK_SEED`] all the same, so a
/// seed means the same thing to every sampler.
#[derive(Debug, Clone)]
pub(crate) struct SplitMix {
    state: u64,
    /// Unused bits of the last draw, eight per [`SplitMix::direction`].
    bits: u64,
    left: u32,
}

impl SplitMix {
    pub(crate) fn new(seed: i32) -> Self {
        Self {
            state: u64::from(seed as u32) ^ 0x5EED_F457_0000_0000,
            bits: 0,
            left: 0,
        }
    }

    /// The next 64 random bits: the state counts on by the golden ratio, then the finaliser.
    #[inline]
    pub(crate) fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix64(self.state)
    }

    /// A number in `[0, 1)` with 53 random bits.
    #[inline]
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// A number in `0..256` (a fast sampler's start direction): eight bits, eight per draw.
    #[inline]
    pub(crate) fn direction(&mut self) -> usize {
        if self.left == 0 {
            self.bits = self.next();
            self.left = 8;
        }
        let d = (self.bits & 0xFF) as usize;
        self.bits >>= 8;
        self.left -= 1;
        d
    }
}

impl Draw for SplitMix {
    #[inline]
    fn next_f64(&mut self) -> f64 {
        self.unit()
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
        Ok(Seed::new(value as i32)?.get())
    } else {
        Err(Error::BadSeed { value })
    }
}

// ---------------------------------------------------------------------------------------------
// Deriving seeds
// ---------------------------------------------------------------------------------------------
//
// Work that needs several independent streams (a world's four layers, a chunk of an endless
// world, a stippling's three inks, the maps a spectrum averages) derives their seeds from the
// one seed the reader gave, here and only here. Two hashes remain, because saved worlds and
// pinned pictures depend on each: a 32-bit one for a seed and a salt ([`hash32`], behind
// [`sub_seed`] and [`folded_sub_seed`]) and SplitMix64's 64-bit finaliser for a seed and a
// cell ([`cell_seed`]). [`seed_run`] counts on from a seed instead of hashing.

/// A 32-bit integer hash of a seed and a salt (the finaliser of a well-known mixing function):
/// every input bit moves every output bit, so neighbouring seeds or salts give unrelated values.
/// Noise tables take it as is; [`sub_seed`] and [`folded_sub_seed`] make generator seeds of it.
///
/// ```
/// use poisson_live::rng::hash32;
/// assert_eq!(hash32(7, 1), hash32(7, 1));
/// assert_ne!(hash32(7, 1), hash32(7, 2));
/// ```
pub fn hash32(seed: u32, salt: u32) -> u32 {
    let mut z = seed ^ salt.wrapping_mul(0x9e37_79b9);
    z = (z ^ (z >> 16)).wrapping_mul(0x7feb_352d);
    z = (z ^ (z >> 15)).wrapping_mul(0x846c_a68b);
    z ^ (z >> 16)
}

/// The generator seed of part `salt` of the work seeded by `seed`: [`hash32`] as an `i32`, its
/// lowest bit flipped in the one case it would be [`STUCK_SEED`]. (A world's parts and layers.)
pub fn sub_seed(seed: i32, salt: u32) -> i32 {
    let s = hash32(seed as u32, salt) as i32;
    if s == STUCK_SEED {
        s ^ 1
    } else {
        s
    }
}

/// Like [`sub_seed`], folded into `1..=2147483646` instead, where no value sticks. (The
/// stippling's magenta and yellow inks.)
pub fn folded_sub_seed(seed: i32, salt: u32) -> i32 {
    (hash32(seed as u32, salt) % (MODULUS - 1)) as i32 + 1
}

/// SplitMix64's step: the golden ratio in 64 bits.
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's finaliser: every input bit moves every output bit.
#[inline]
fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One SplitMix64 step from `z`: what [`cell_seed`] hashes with.
fn splitmix64(z: u64) -> u64 {
    mix64(z.wrapping_add(GOLDEN_GAMMA))
}

/// The generator seed of cell `(cx, cy)` of a plane of work seeded by `seed` (an endless
/// world's chunk): SplitMix64 over the three numbers, folded into `1..=2147483646`, where no
/// value sticks.
///
/// ```
/// use poisson_live::rng::cell_seed;
/// let s = cell_seed(123456, 3, -7);
/// assert!((1..=2_147_483_646).contains(&s));
/// assert_ne!(s, cell_seed(123456, -7, 3));
/// ```
pub fn cell_seed(seed: i32, cx: i32, cy: i32) -> i32 {
    let h = splitmix64(
        splitmix64(splitmix64(seed as u32 as u64) ^ cx as u32 as u64) ^ ((cy as u32 as u64) << 32),
    );
    (h % u64::from(MODULUS - 1)) as i32 + 1
}

/// `count` seeds counting on from `seed`: `seed, seed + 1, …`, wrapping around the 32-bit range
/// and skipping [`STUCK_SEED`]. (The maps a spectrum averages: one more map, one more seed.)
///
/// ```
/// use poisson_live::rng::seed_run;
/// assert_eq!(seed_run(i32::MAX, 2), vec![i32::MAX, i32::MIN]);
/// ```
pub fn seed_run(seed: i32, count: usize) -> Vec<i32> {
    let mut out = Vec::with_capacity(count);
    let mut s = seed;
    while out.len() < count {
        if s != STUCK_SEED {
            out.push(s);
        }
        s = s.wrapping_add(1);
    }
    out
}

/// Test input from a plain 64-bit LCG (not the samplers' generator): each call a number in
/// `[0, 1)` from the top 53 bits of the next state.
#[cfg(test)]
pub(crate) fn lcg_unit(mut state: u64) -> impl FnMut() -> f64 {
    move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64
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
    fn draws_made_ahead_are_the_park_miller_stream() {
        // Guards: a lane out of step, a block joined at the wrong place, a refill that drops or
        // repeats the unread numbers, or a skip that reads more or less than asked: any of them
        // moves every later point.
        for seed in [1, 123_456, -7, i32::MAX] {
            let mut plain = ParkMiller::new(seed).unwrap();
            let mut ahead = Draws::new(seed).unwrap();
            for i in 0..20_000usize {
                match i % 7 {
                    0 => {
                        // Refilled early: the unread numbers stay first.
                        ahead.refill();
                        assert_eq!(ahead.block().1, 0);
                    }
                    1 | 2 => {
                        let (block, at) = ahead.block();
                        let n = (i % 5).min(block.len() - at);
                        for &u in &block[at..at + n] {
                            assert_eq!(u.to_bits(), plain.next_f64().to_bits(), "seed {seed}");
                        }
                        ahead.skip(n);
                    }
                    _ => assert_eq!(ahead.next_f64().to_bits(), plain.next_f64().to_bits()),
                }
            }
            assert_eq!(ahead.clone().next_f64(), plain.clone().next_f64());
        }
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

    #[test]
    fn derived_seeds_never_stick_and_keep_their_values() {
        // Pinned (the values the four hashes they replaced gave): saved worlds and pictures
        // depend on them.
        assert_eq!(hash32(0, 0), 0);
        assert_eq!(hash32(7, 1), 2_803_216_774);
        assert_eq!(hash32(u32::MAX, 0x5eed), 1_876_341_084);
        assert_eq!(cell_seed(123456, 3, -7), 572_139_920);
        assert_eq!(cell_seed(i32::MIN, i32::MAX, -1), 1_112_384_728);
        assert_eq!(sub_seed(123456, 0x1a7e_5000), 451_914_535);
        assert_eq!(folded_sub_seed(123456, 0x5717_0001), 876_443_195);
        let mut seen = std::collections::HashSet::new();
        for cx in -20..20 {
            for cy in -20..20 {
                let s = cell_seed(i32::MIN, cx, cy);
                assert!(ParkMiller::new(s).is_ok());
                seen.insert(s);
            }
        }
        assert_eq!(seen.len(), 1600);
        for seed in [STUCK_SEED, 0, 1, i32::MIN, i32::MAX] {
            for salt in 0..64 {
                assert!(ParkMiller::new(sub_seed(seed, salt)).is_ok());
                assert!((1..=2_147_483_646).contains(&folded_sub_seed(seed, salt)));
            }
        }
        assert_eq!(
            seed_run(STUCK_SEED - 1, 3),
            vec![STUCK_SEED - 1, STUCK_SEED + 1, STUCK_SEED + 2]
        );
    }
}
