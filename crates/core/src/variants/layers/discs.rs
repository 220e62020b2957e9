//! A mask's discs in a grid of cells, so a ground rule asks only the discs near a point instead
//! of all of them (10 000 discs made a masked layer thousands of times slower than an open one).
//!
//! Each disc is listed in every cell its bounding square touches; a point's cell lists every
//! disc that may hold it, and the point is then tested against those with [`Mask::allows`]'s
//! own comparison, so the answer is the linear scan's to the bit. Why no disc is missed: a
//! point strictly inside a disc lies strictly inside its bounding square (if `|x − cx| ≥ r`
//! then `dx²` alone is `≥ r²`, rounding included), and cells are found by the same monotone
//! float steps from the point as from the square's corners. Discs whose square does not fit in
//! finite numbers are kept aside and tested for every point.
//!
//! [`Mask::allows`]: super::Mask::allows

/// Discs listed by cell; see the module docs.
#[derive(Debug, Clone)]
pub(super) struct DiscIndex {
    /// The discs that may hold a point: finite centre, radius neither 0 nor NaN.
    discs: Vec<[f64; 3]>,
    /// The discs (indices into `discs`) tested for every point.
    wide: Vec<usize>,
    origin: [f64; 2],
    side: f64,
    cols: usize,
    rows: usize,
    /// Cell `c`'s discs are `members[starts[c]..starts[c + 1]]`, cells row by row.
    starts: Vec<usize>,
    members: Vec<usize>,
}

/// Whether `(x, y)` is strictly inside the disc: [`super::Mask::allows`]'s comparison.
#[inline]
pub(super) fn holds(&[cx, cy, r]: &[f64; 3], x: f64, y: f64) -> bool {
    let (dx, dy) = (x - cx, y - cy);
    dx * dx + dy * dy < r * r
}

impl DiscIndex {
    /// The index of `discs`, in cells about as many as the discs, coarsened while the discs
    /// would be listed more than [`LISTINGS`] times each on average.
    pub(super) fn new(discs: &[[f64; 3]]) -> Self {
        // A disc whose radius is 0 or NaN, or whose centre is not finite, holds no point.
        let discs: Vec<[f64; 3]> = discs
            .iter()
            .copied()
            .filter(|&[cx, cy, r]| cx.is_finite() && cy.is_finite() && r.abs() > 0.0)
            .collect();
        let square = |&[cx, cy, r]: &[f64; 3]| {
            let a = r.abs();
            [cx - a, cy - a, cx + a, cy + a]
        };
        let (wide, boxed): (Vec<usize>, Vec<usize>) =
            (0..discs.len()).partition(|&i| !square(&discs[i]).iter().all(|v| v.is_finite()));
        let mut lo = [f64::INFINITY; 2];
        let mut hi = [f64::NEG_INFINITY; 2];
        for &i in &boxed {
            let [x0, y0, x1, y1] = square(&discs[i]);
            lo = [lo[0].min(x0), lo[1].min(y0)];
            hi = [hi[0].max(x1), hi[1].max(y1)];
        }
        let mut index = DiscIndex {
            discs,
            wide,
            origin: lo,
            side: 1.0,
            cols: 0,
            rows: 0,
            starts: vec![0],
            members: Vec::new(),
        };
        if boxed.is_empty() {
            return index;
        }
        let n = boxed.len() as f64;
        let (w, h) = (hi[0] - lo[0], hi[1] - lo[1]);
        // About two cells a disc, and at most 4n + 1 along either side (a thin strip of discs).
        let mut side = (w * h / (2.0 * n)).sqrt().max(w.max(h) / (4.0 * n));
        if !(side.is_finite() && side > 0.0) {
            side = w.max(h).max(f64::MIN_POSITIVE);
        }
        loop {
            index.side = side;
            // At most 4n + 1 cells a side by the choice above; capped for a side grown to ∞.
            let count = |axis: usize| index.raw(hi[axis], axis).clamp(0.0, 1e9) as usize + 1;
            (index.cols, index.rows) = (count(0), count(1));
            let listed: f64 = boxed
                .iter()
                .map(|&i| index.span(&square(&index.discs[i])))
                .sum();
            if listed <= LISTINGS * n || (index.cols == 1 && index.rows == 1) {
                break;
            }
            side *= 2.0;
        }
        let mut counts = vec![0usize; index.cols * index.rows + 1];
        let cells = |index: &DiscIndex, i: usize| {
            let [x0, y0, x1, y1] = square(&index.discs[i]);
            let (c0, c1) = (index.cell(x0, 0), index.cell(x1, 0));
            let (r0, r1) = (index.cell(y0, 1), index.cell(y1, 1));
            let cols = index.cols;
            (r0..=r1).flat_map(move |r| (c0..=c1).map(move |c| r * cols + c))
        };
        for &i in &boxed {
            for c in cells(&index, i) {
                counts[c + 1] += 1;
            }
        }
        for c in 1..counts.len() {
            counts[c] += counts[c - 1];
        }
        let mut next = counts.clone();
        let mut members = vec![0; counts[counts.len() - 1]];
        for &i in &boxed {
            for c in cells(&index, i) {
                members[next[c]] = i;
                next[c] += 1;
            }
        }
        index.starts = counts;
        index.members = members;
        index
    }

    /// The cell along `axis` (0 for x, 1 for y) of the coordinate `v`, counted from the origin.
    fn raw(&self, v: f64, axis: usize) -> f64 {
        ((v - self.origin[axis]) / self.side).floor()
    }

    /// [`Self::raw`] clamped to the grid (NaN to the first cell): monotone in `v`, as the
    /// module docs need.
    fn cell(&self, v: f64, axis: usize) -> usize {
        let last = [self.cols, self.rows][axis].saturating_sub(1);
        let c = self.raw(v, axis);
        if c.is_nan() || c <= 0.0 {
            0
        } else {
            c.min(last as f64) as usize
        }
    }

    /// How many cells the square `[x0, y0, x1, y1]` touches.
    fn span(&self, &[x0, y0, x1, y1]: &[f64; 4]) -> f64 {
        let along = |a, b, axis| (self.cell(b, axis) - self.cell(a, axis) + 1) as f64;
        along(x0, x1, 0) * along(y0, y1, 1)
    }

    /// Whether `(x, y)` is strictly inside at least one disc.
    pub(super) fn inside(&self, x: f64, y: f64) -> bool {
        if self.wide.iter().any(|&i| holds(&self.discs[i], x, y)) {
            return true;
        }
        if self.cols == 0 {
            return false;
        }
        let c = self.cell(y, 1) * self.cols + self.cell(x, 0);
        self.members[self.starts[c]..self.starts[c + 1]]
            .iter()
            .any(|&i| holds(&self.discs[i], x, y))
    }
}

/// The most times a disc is listed on average before the cells are made coarser.
const LISTINGS: f64 = 16.0;
