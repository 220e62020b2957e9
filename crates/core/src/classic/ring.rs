//! Park–Miller's stream for Bridson's loop, made ahead in blocks, with the ring candidates
//! looked up ahead: speed machinery only. What it returns is exactly what drawing one number,
//! or one pair after another, from [`ParkMiller`] returns.
//!
//! Why ahead: whether a pair of numbers lands in the ring is a coin the processor cannot
//! predict (about 59 % yes), and drawing pair after pair costs a missed guess most of the time.
//! The stream is fixed whatever becomes of the candidates, so when a block is made, every pair
//! of neighbouring numbers in it is tested once, vectors at a time, and the answers kept as
//! bits; a candidate then finds the first pair it would land on with a shift and a count of
//! trailing zeros.
//!
//! [`ParkMiller`]: crate::base::rng::ParkMiller

use crate::base::error::Result;
use crate::base::rng::{Draw, Draws};
use wide::f64x4;

/// [`Draws`] for a sampler, with its candidates' offsets in the ring around a point
/// ([`RingDraws::ring_offset`], the tutorial's draw) looked up in a table made with each block.
/// A pair the table cannot see (another radius than the table's, the block's end) takes the
/// one-at-a-time loop over the same numbers.
#[derive(Clone)]
pub(crate) struct RingDraws {
    draws: Draws,
    /// The radius the table is for.
    radius: f64,
    /// `ring_coordinate(u, radius)` for each number `u` of the block, then NaN (no pair).
    offset: Box<[f64; OFFSETS]>,
    /// Bit `i % 64` of word `i / 64`: the pair `(i, i + 1)` of the block lands in the ring.
    /// Positions past the block read 0, and so does the extra last word.
    ring: [u64; WORDS],
}

/// Offsets a block's table holds: one per number, and room for the last vector of pairs.
const OFFSETS: usize = Draws::BLOCK + 4;
/// Words of pair bits: one per 64 numbers, then empty ones up to a power of two, so that
/// `first_pair` reads any word a position can ask for without a bounds check.
const WORDS: usize = (Draws::BLOCK / 64 + 2).next_power_of_two();

impl RingDraws {
    pub(crate) fn new(seed: i32, radius: f64) -> Result<Self> {
        Ok(Self {
            draws: Draws::new(seed)?,
            radius,
            offset: Box::new([f64::NAN; OFFSETS]),
            ring: [0; WORDS],
        })
    }

    /// The next number in `[0, 1)`.
    #[inline]
    pub(crate) fn next_f64(&mut self) -> f64 {
        let (block, at) = self.draws.block();
        if at == block.len() {
            self.refill();
        }
        self.draws.next_f64()
    }

    /// A candidate's offset from a point of radius `radius`, in the ring between `radius` and
    /// `2 · radius`: pairs `(ring_coordinate(u), ring_coordinate(v))` of the next two numbers,
    /// drawn until [`in_ring`]. With the table's radius, looked up.
    #[inline(always)]
    pub(crate) fn ring_offset(&mut self, radius: f64) -> (f64, f64) {
        let at = self.draws.read();
        match first_pair(&self.ring, at) {
            // Radii are never NaN: equal bits are equal radii, and one integer comparison.
            Some(i) if radius.to_bits() == self.radius.to_bits() => {
                self.draws.skip(i + 2 - at);
                // A set bit's pair lies inside the block: the remainders change nothing but
                // spare the bounds checks.
                (
                    self.offset[i % Draws::BLOCK],
                    self.offset[(i + 1) % Draws::BLOCK],
                )
            }
            _ => self.ring_offset_one_by_one(radius),
        }
    }

    /// [`RingDraws::ring_offset`] one pair at a time: for another radius than the table's, or
    /// where the table cannot see the pair (the block's end).
    #[inline(never)]
    fn ring_offset_one_by_one(&mut self, radius: f64) -> (f64, f64) {
        loop {
            let dx = ring_coordinate(self.next_f64(), radius);
            let dy = ring_coordinate(self.next_f64(), radius);
            if in_ring(dx, dy, radius) {
                return (dx, dy);
            }
        }
    }

    /// Makes the next block and its table of pairs.
    #[cold]
    #[inline(never)]
    fn refill(&mut self) {
        self.draws.refill();
        let (block, _) = self.draws.block();
        let r = self.radius;
        for (o, &u) in self.offset.iter_mut().zip(block) {
            *o = ring_coordinate(u, r);
        }
        self.offset[block.len()..].fill(f64::NAN);
        pairs_in_ring(&self.offset, r, &mut self.ring);
    }
}

/// One coordinate of a candidate's offset from a point of radius `r`, from a number `u` in
/// `[0, 1)`: uniform in `[−2r, 2r)`. The tutorial's draw; the one place it is written.
#[inline(always)]
fn ring_coordinate(u: f64, r: f64) -> f64 {
    (u * 4.0 - 2.0) * r
}

/// Whether an offset lies in the ring between `r` and `2r`: `r² ≤ dx² + dy² ≤ 4 · r · r`.
#[inline(always)]
fn in_ring(dx: f64, dy: f64, r: f64) -> bool {
    let d2 = dx * dx + dy * dy;
    (r * r <= d2) & (d2 <= 4.0 * r * r)
}

/// Sets bit `i` of `ring` (bit `i % 64` of word `i / 64`) when the pair
/// `(offset[i], offset[i + 1])` is [`in_ring`] for radius `r`: [`in_ring`]'s very arithmetic,
/// four pairs to a vector. A NaN offset (past the block) makes no pair.
fn pairs_in_ring(offset: &[f64; OFFSETS], r: f64, ring: &mut [u64; WORDS]) {
    let (near, far) = (f64x4::splat(r * r), f64x4::splat(4.0 * r * r));
    let four = |i: usize| -> f64x4 {
        let lanes = offset.get(i..).and_then(|o| o.first_chunk::<4>());
        f64x4::from(*lanes.unwrap_or(&[f64::NAN; 4]))
    };
    ring.fill(0);
    for (w, word) in ring.iter_mut().take(Draws::BLOCK / 64).enumerate() {
        for q in 0..16 {
            let i = 64 * w + 4 * q;
            let (dx, dy) = (four(i), four(i + 1));
            let d2 = dx * dx + dy * dy;
            let bits = (d2.simd_ge(near) & d2.simd_le(far)).to_bitmask();
            *word |= u64::from(bits) << (4 * q);
        }
    }
}

/// The first pair at an even distance from position `at` (`at`, `at + 2`, …) whose bit is set
/// in `ring` ([`pairs_in_ring`]), if one is within 64 positions: two words read as one, so
/// there are always 32 pairs to look at (the chance that none is in the ring is 1e-12), and
/// `None` sends the candidate the long way.
#[inline(always)]
fn first_pair(ring: &[u64; WORDS], at: usize) -> Option<usize> {
    /// Bits 0, 2, 4, …: the pairs an even distance away.
    const EVEN: u64 = 0x5555_5555_5555_5555;
    // A position is at most Draws::BLOCK, so both words are real or empty ones.
    let word = at / 64;
    let (low, high) = (ring[word % WORDS], ring[(word + 1) % WORDS]);
    let window = (u128::from(high) << 64 | u128::from(low)) >> (at % 64);
    let ahead = window as u64 & EVEN;
    (ahead != 0).then(|| at + ahead.trailing_zeros() as usize)
}

impl Draw for RingDraws {
    #[inline(always)]
    fn next_f64(&mut self) -> f64 {
        RingDraws::next_f64(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::rng::ParkMiller;

    /// The tutorial's ring draw, one pair at a time from the plain generator: what
    /// [`RingDraws::ring_offset`] must reproduce.
    fn one_pair(g: &mut ParkMiller, r: f64) -> (f64, f64) {
        loop {
            let dx = (g.next_f64() * 4.0 - 2.0) * r;
            let dy = (g.next_f64() * 4.0 - 2.0) * r;
            let d2 = dx * dx + dy * dy;
            if r * r <= d2 && d2 <= 4.0 * r * r {
                return (dx, dy);
            }
        }
    }

    #[test]
    fn ring_draws_made_ahead_are_the_one_pair_at_a_time_draws() {
        // Guards: a table entry off by one pair or by one number, a pair straddling two blocks,
        // a skipped pair consumed wrongly, or another radius served from the table: any of them
        // moves every later point.
        for (seed, ring) in [(1, 2.0), (123_456, 0.37), (-7, 1e-3), (i32::MAX, 9.5)] {
            let mut plain = ParkMiller::new(seed).unwrap();
            let mut ahead = RingDraws::new(seed, ring).unwrap();
            for i in 0..20_000 {
                // Mostly pairs at the table's radius, now and then a single number (a step's
                // pick of an active point) or another radius (a radius rule's).
                match i % 7 {
                    0 => assert_eq!(ahead.next_f64().to_bits(), plain.next_f64().to_bits()),
                    3 => assert_eq!(
                        ahead.ring_offset(ring * 1.5),
                        one_pair(&mut plain, ring * 1.5)
                    ),
                    _ => assert_eq!(ahead.ring_offset(ring), one_pair(&mut plain, ring)),
                }
            }
            assert_eq!(ahead.clone().next_f64(), plain.clone().next_f64());
        }
    }

    #[test]
    fn the_pair_bits_point_at_the_first_pair_in_the_ring() {
        // Guards: an odd distance, a pair skipped or found too early, a pair running past the
        // end of the block, a word boundary crossed wrongly, or a pair "found" beyond reach.
        let r = 1.5;
        let inside = |a: f64, b: f64| {
            let d2 = a * a + b * b;
            r * r <= d2 && d2 <= 4.0 * r * r
        };
        let mut g = ParkMiller::new(11).unwrap();
        let mut made: Vec<f64> = (0..Draws::BLOCK)
            .map(|_| (g.next_f64() * 4.0 - 2.0) * r)
            .collect();
        // A long stretch where no pair is in the ring, and pairs right on the ring's radii.
        made[100..400].iter_mut().for_each(|o| *o = 0.1);
        (made[18], made[19], made[20], made[21]) = (0.1, 0.1, r, 0.0);
        (made[40], made[41]) = (2.0 * r, 0.0);
        for len in [Draws::BLOCK, 401, 130, 2, 1, 0] {
            let mut offset = [f64::NAN; OFFSETS];
            offset[..len].copy_from_slice(&made[..len]);
            let mut ring = [0; WORDS];
            pairs_in_ring(&offset, r, &mut ring);
            for at in 0..=len {
                let first = (at..len.saturating_sub(1))
                    .step_by(2)
                    .find(|&j| inside(made[j], made[j + 1]));
                let expected = first.filter(|&j| j - at < 64);
                assert_eq!(first_pair(&ring, at), expected, "len {len}, position {at}");
            }
        }
        let mut offset = [f64::NAN; OFFSETS];
        offset[..Draws::BLOCK].copy_from_slice(&made);
        let mut ring = [0; WORDS];
        pairs_in_ring(&offset, r, &mut ring);
        assert_eq!(
            (
                first_pair(&ring, 20),
                first_pair(&ring, 40),
                first_pair(&ring, 18)
            ),
            (Some(20), Some(40), Some(20))
        );
        assert_eq!(
            first_pair(&ring, 101),
            None,
            "the next pair is over 64 positions on"
        );
    }
}
