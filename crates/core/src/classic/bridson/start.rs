//! How a [`Sampler`] gets its first points: one drawn at random, one given (a click), or one
//! in every block of side 2r (layers and chunks, where one start could be cut off).

use super::outcome::Outcome;
use super::sampler::Sampler;

/// Where [`Sampler::seed_some_blocks`] left off: the corner of the next block to seed (`None`
/// before the first block, the sampling region's corner).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct BlockCursor {
    at: Option<(f64, f64)>,
}

impl Sampler {
    /// Draws the first point (x, then y) in the sampling region and tries to add it. If it is
    /// refused the sampler is simply finished, empty.
    pub fn start_random(&mut self) -> Outcome {
        let x = self.left + self.rng.next_f64() * (self.right - self.left);
        let y = self.top + self.rng.next_f64() * (self.bottom - self.top);
        self.try_add(x, y)
    }

    /// Starts from a given point (a click), consuming no random numbers.
    pub fn start_at(&mut self, x: f64, y: f64) -> Outcome {
        self.try_add(x, y)
    }

    /// Seeds a layer the way the reference does before stepping: walks the sampling region in
    /// blocks of side `2r` from its top-left corner (rows outer) and, in each, throws up to `k`
    /// random points until one is placed. This finds room in every corner of a masked map, or
    /// in every pocket an endless world's neighbouring chunks leave, where a single start could
    /// be cut off.
    pub fn seed_blocks(&mut self) {
        let mut cursor = BlockCursor::default();
        while !self.seed_some_blocks(&mut cursor, usize::MAX) {}
    }

    /// [`Sampler::seed_blocks`] a few blocks at a time: seeds up to `max_blocks` more blocks from
    /// where `cursor` left off (start from `BlockCursor::default()`); true once every block is
    /// seeded. The same blocks, draws and points as one call of `seed_blocks`.
    pub fn seed_some_blocks(&mut self, cursor: &mut BlockCursor, max_blocks: usize) -> bool {
        let spacing = 2.0 * self.radius;
        let (right, bottom) = (self.right, self.bottom);
        let (mut x, mut y) = cursor.at.unwrap_or((self.left, self.top));
        let mut seeded = 0;
        while y < bottom {
            while x < right {
                if seeded == max_blocks {
                    cursor.at = Some((x, y));
                    return false;
                }
                for _ in 0..self.k {
                    let sx = x + self.rng.next_f64() * spacing.min(right - x);
                    let sy = y + self.rng.next_f64() * spacing.min(bottom - y);
                    if self.try_add(sx, sy).accepted() {
                        break;
                    }
                }
                x += spacing;
                seeded += 1;
            }
            x = self.left;
            y += spacing;
        }
        cursor.at = Some((x, y));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeding_blocks_in_slices_equals_seeding_them_in_one_call() {
        // Guards: a resumed block walk that skips or repeats a block, or restarts a row, so a
        // layer seeded in slices differs from one seeded in one go.
        for (w, h, r) in [(200.0, 120.0, 7.0), (97.0, 31.0, 5.5)] {
            let mut whole = Sampler::new(w, h, r, 30, 42).unwrap();
            whole.seed_blocks();
            for slice in [1, 3, 50] {
                let mut sliced = Sampler::new(w, h, r, 30, 42).unwrap();
                let mut cursor = BlockCursor::default();
                let mut calls = 0;
                while !sliced.seed_some_blocks(&mut cursor, slice) {
                    calls += 1;
                }
                assert!(slice >= 50 || calls > 0);
                assert_eq!(sliced.points(), whole.points(), "slice {slice}");
                assert_eq!(sliced.active(), whole.active());
            }
        }
    }
}
