//! The common query's fast path, behind [`Grid::conflict_by`]: a reach of at most two cells
//! read from the padded 5 × 5 block, four cells to a vector and without branches.

use super::cells::{Grid, EMPTY};
use super::query::Spacing;

impl Grid {
    /// The padded 5 × 5 block around the cell at `centre`, for a reach ≤ 2 (every classic
    /// sampler: r = cell · √2). An empty cell reads as the far-away sentinel, so no cell needs an
    /// emptiness test; and instead of a branch per cell ("too close? stop"), whose outcome a
    /// processor cannot guess, the cells are tested four at a time without branches, in two
    /// groups, nearest first: the cell, its four edge neighbours and three diagonal ones (they
    /// catch 95 % of the refused candidates of a fill at k = 30), then the other 17. The first
    /// hit in the nearest-first order is the answer, as the cell-by-cell scan gave it.
    #[inline(always)]
    pub(super) fn conflict_near<S: Spacing>(
        &self,
        centre: usize,
        x: f64,
        y: f64,
        rule: S,
    ) -> Option<usize> {
        let stride = self.strides[1];
        // The block's middle rows, three cells each (the padding keeps them inside).
        let three = |start: usize| -> &[u32; 3] {
            let cells = &self.cells[start - 1..start + 2];
            cells.try_into().expect("three cells")
        };
        let (above, middle, below) = (
            three(centre - stride),
            three(centre),
            three(centre + stride),
        );
        // NEAR_FIRST[..8]: the cell, its edge neighbours, three diagonal ones.
        let first = [
            middle[1], middle[0], middle[2], above[1], below[1], above[0], above[2], below[0],
        ];
        let (a, b) = (
            self.quad(&first[..4], x, y, rule),
            self.quad(&first[4..], x, y, rule),
        );
        let mut mask = a | (b << 4);
        if mask == 0 {
            mask = self.far_hits(centre, x, y, rule);
            if mask == 0 {
                return None;
            }
        }
        // Some whatever the lookup gives, and no panic path, so that a caller who only asks
        // "free or not?" pays nothing for the index.
        let k = mask.trailing_zeros() as usize;
        let cell = self.near_first.get(k);
        let at = cell.and_then(|&offset| self.cells.get(centre.wrapping_add_signed(offset)));
        Some(at.map_or(usize::MAX, |&i| i as usize - 1))
    }

    /// Bit j set for each of the four cells `cells[j]` whose point is too close to `(x, y)`
    /// under `rule`: one vector of four distances, no branches.
    #[inline(always)]
    fn quad<S: Spacing>(&self, cells: &[u32], x: f64, y: f64, rule: S) -> u32 {
        let (mut xs, mut ys, mut limits) = ([0.0; 4], [0.0; 4], [0.0; 4]);
        for (lane, &i) in cells.iter().take(4).enumerate() {
            let p = &self.stored[i as usize];
            (xs[lane], ys[lane], limits[lane]) = (p.x, p.y, rule.limit2(i, p));
        }
        // Plain lanes: the compiler vectorises them where the target has vectors, and a scalar
        // target (wasm without simd128) gets four plain tests.
        let mut mask = 0;
        for lane in 0..4 {
            let (dx, dy) = (xs[lane] - x, ys[lane] - y);
            mask |= u32::from(dx * dx + dy * dy < limits[lane]) << lane;
        }
        mask
    }

    /// Bits 8 to 24: the cells `NEAR_FIRST[8..]` around `centre` whose point is too close.
    #[inline(always)]
    fn far_hits<S: Spacing>(&self, centre: usize, x: f64, y: f64, rule: S) -> u32 {
        self.far_quad::<S, 0>(centre, x, y, rule)
            | self.far_quad::<S, 1>(centre, x, y, rule)
            | self.far_quad::<S, 2>(centre, x, y, rule)
            | self.far_quad::<S, 3>(centre, x, y, rule)
            | self.far_quad::<S, 4>(centre, x, y, rule)
    }

    /// Bits `8 + 4Q` to `11 + 4Q` of [`Grid::far_hits`] (past the 25th cell, the sentinel).
    #[inline(always)]
    fn far_quad<S: Spacing, const Q: usize>(&self, centre: usize, x: f64, y: f64, rule: S) -> u32 {
        let cells: [u32; 4] =
            std::array::from_fn(|lane| match self.near_first.get(8 + 4 * Q + lane) {
                Some(&offset) => self.cells[centre.wrapping_add_signed(offset)],
                None => EMPTY,
            });
        self.quad(&cells, x, y, rule) << (8 + 4 * Q)
    }
}
