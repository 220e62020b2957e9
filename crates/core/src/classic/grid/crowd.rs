//! The plain fill's "free or not?" ([`Crowd`]): a speed path only, giving the answer of
//! [`Grid::conflict_by`] under [`SameRadius`] from the grid's inline coordinates.

use super::cells::Grid;
use super::plane::PAD;
use wide::f64x4;

impl Grid {
    /// The plain fill's test ([`Crowd`]) for candidates of radius `r`, when no stored point has
    /// a radius below `r` ([`SameRadius`]), the padded block answers (reach ≤ 2; never on a
    /// torus) and the grid keeps inline coordinates (at most `INLINE_CELLS` cells).
    #[inline]
    pub(crate) fn crowd(&self, r: f64) -> Option<Crowd> {
        let inline = !self.inline[0].is_empty();
        (inline && r > 0.0 && r <= self.fast_radius).then(|| Crowd {
            left: self.origin[0],
            top: self.origin[1],
            cell_w: self.cell[0],
            cell_h: self.cell[1],
            last_col: self.counts[0] as u32 - 1,
            last_row: self.counts[1] as u32 - 1,
            stride: self.strides[1] as u32,
            r,
        })
    }
}

/// "Is a point of radius `r` at `(x, y)` too close to a stored one?" for a plain fill, where no
/// stored radius is below `r` ([`Grid::crowd`]): [`Grid::conflict_by`]'s answer without the
/// index of the point in the way, for the steps nobody will look at. It keeps what it reads of
/// the grid's shape, taken once per step, and reads the grid's inline coordinates.
///
/// Within the padded 5 × 5 block it reads a row of four cells at a time, one vector each
/// ([`wide`]'s `f64x4`: two SSE2 registers on x86-64, `simd128` in WebAssembly when the build
/// enables it, plain lanes otherwise), with the very arithmetic of the scalar test. First the
/// three rows through the cell, columns −1 to +2, which hold all but a few percent of the
/// points a refused candidate is refused by; then the rest of the block.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Crowd {
    left: f64,
    top: f64,
    cell_w: f64,
    cell_h: f64,
    last_col: u32,
    last_row: u32,
    stride: u32,
    r: f64,
}

impl Crowd {
    /// True when some point of `grid` (the grid this was taken from, unchanged in shape) is
    /// closer than `r` to `(x, y)`.
    #[inline(always)]
    pub(crate) fn crowded(self, grid: &Grid, x: f64, y: f64) -> bool {
        // Grid::cell_of's arithmetic, with 32-bit numbers the compiler can see cannot overflow.
        let col = (((x - self.left) / self.cell_w) as u32).min(self.last_col);
        let row = (((y - self.top) / self.cell_h) as u32).min(self.last_row);
        let stride = self.stride as usize;
        let centre = (row as usize + PAD) * stride + col as usize + PAD;
        let (px, py) = (f64x4::splat(x), f64x4::splat(y));
        let limit = self.r * self.r;
        // The 5 × 5 block's rows, from its top-left cell to its bottom-right one, taken once
        // (the padding keeps them inside): row `dr` and column `dc` (−2 to 2) are at
        // `(2 + dr) · stride + 2 + dc`, and every read below is inside the span.
        let (first, span) = (centre - 2 * stride - 2, 4 * stride + 5);
        let [xs, ys] = &grid.inline;
        let (xs, ys) = (&xs[first..first + span], &ys[first..first + span]);
        // Four cells from `at` on, a bit set for each too close. Bits, not booleans: which row
        // holds the point in the way is a coin the processor cannot guess, so the rows are
        // tested together and the answer read once.
        let four = |at: usize| -> u32 {
            let (Some(xs), Some(ys)) = (xs.get(at..at + 4), ys.get(at..at + 4)) else {
                return 0;
            };
            let xs: [f64; 4] = std::array::from_fn(|j| xs[j]);
            let ys: [f64; 4] = std::array::from_fn(|j| ys[j]);
            let (dx, dy) = (f64x4::from(xs) - px, f64x4::from(ys) - py);
            (dx * dx + dy * dy)
                .simd_lt(f64x4::splat(limit))
                .to_bitmask()
        };
        let one = |at: usize| -> u32 {
            let (Some(&cx), Some(&cy)) = (xs.get(at), ys.get(at)) else {
                return 0;
            };
            let (dx, dy) = (cx - x, cy - y);
            u32::from(dx * dx + dy * dy < limit)
        };
        // Rows −1, 0 and 1, columns −1 to 2.
        if four(stride + 1) | four(2 * stride + 1) | four(3 * stride + 1) != 0 {
            return true;
        }
        // Rows −2 and 2 whole, and column −2 of rows −1, 0 and 1.
        let rows = four(0) | one(4) | four(4 * stride) | one(4 * stride + 4);
        rows | one(stride) | one(2 * stride) | one(3 * stride) != 0
    }
}
