//! The bucket index for point sets that are already placed: "which points are near here?" for
//! any set, with any number of points to a cell, on the plane or on a torus (weighted sample
//! elimination keeps its own, in 2D and 3D: `passes::eliminate`).
//!
//! Why not the sampling [`crate::grid::Grid`]: the grid holds one point per cell (the spacing
//! guarantees it) and answers one question fast, "may a point of radius r stand here?". A set
//! to be measured keeps no spacing (random scatter clumps, duplicates happen) and the measures
//! ask other questions: every pair closer than a distance, the nearest point to a spot off the
//! map, the closest pair across a seam. So the points are sorted by cell instead: a cell's
//! points are one run of a sorted list, whatever the cell size, and the list is as long as the
//! set, so a tiny cell on a huge map costs nothing.
//!
//! The callers choose the cells (a distance, or about one point per cell) and how far to look,
//! with their own allowance for rounding; this only keeps the points and finds the runs. They
//! are the pair measures of [`crate::metrics`], the clearing's nearest-point queries
//! ([`crate::clearing`]), the layers' overlaps ([`crate::layers::overlaps`]), and on the torus
//! the seam audit and its conflicts ([`crate::wrap`]).

/// Points sorted by cell; see the module docs.
#[derive(Debug, Clone)]
pub(crate) struct Buckets {
    origin: [f64; 2],
    cell: [f64; 2],
    /// Cells per axis: cell indices are clamped into `0..cols` and `0..rows`.
    size: [i64; 2],
    /// The map's width and height when its opposite edges meet; points are wrapped into it.
    torus: Option<[f64; 2]>,
    /// Each indexed point's cell and index, sorted: a column is one run, a cell one run in it,
    /// its points by index.
    entries: Vec<(i64, i64, usize)>,
}

impl Buckets {
    /// The points `(index, [x, y])` in cells of side `cell` from `origin`, `size` of them each
    /// way (a point beyond the last cell counts in it; `i64::MAX` for no bound).
    pub(crate) fn plane(
        points: impl IntoIterator<Item = (usize, [f64; 2])>,
        origin: [f64; 2],
        cell: [f64; 2],
        size: [i64; 2],
    ) -> Self {
        Self::index(points, origin, cell, size, None)
    }

    /// The points on a `width × height` torus cut into `cols × rows` cells that divide it
    /// exactly, so wrapped cell indices are true neighbours.
    pub(crate) fn torus(
        points: impl IntoIterator<Item = (usize, [f64; 2])>,
        [width, height]: [f64; 2],
        [cols, rows]: [usize; 2],
    ) -> Self {
        let cell = [width / cols as f64, height / rows as f64];
        let size = [cols as i64, rows as i64];
        Self::index(points, [0.0; 2], cell, size, Some([width, height]))
    }

    fn index(
        points: impl IntoIterator<Item = (usize, [f64; 2])>,
        origin: [f64; 2],
        cell: [f64; 2],
        size: [i64; 2],
        torus: Option<[f64; 2]>,
    ) -> Self {
        let mut b = Buckets {
            origin,
            cell,
            size,
            torus,
            entries: Vec::new(),
        };
        b.entries = points
            .into_iter()
            .map(|(i, p)| {
                let (cx, cy) = b.cell_of(p);
                (cx, cy, i)
            })
            .collect();
        b.entries.sort_unstable();
        b
    }

    /// The cell holding `p` (wrapped into the map first on a torus), clamped to the index.
    /// `as` saturates, so even a point far outside maps to some cell.
    pub(crate) fn cell_of(&self, p: [f64; 2]) -> (i64, i64) {
        let [x, y] = match self.torus {
            Some([w, h]) => [p[0].rem_euclid(w), p[1].rem_euclid(h)],
            None => p,
        };
        let axis = |v: f64, k: usize| {
            (((v - self.origin[k]) / self.cell[k]).floor() as i64).clamp(0, self.size[k] - 1)
        };
        (axis(x, 0), axis(y, 1))
    }

    /// The cell `(cx, cy)` on a torus, brought into `0..cols × 0..rows`; unchanged on a plane.
    pub(crate) fn wrapped(&self, cx: i64, cy: i64) -> (i64, i64) {
        match self.torus {
            Some(_) => (cx.rem_euclid(self.size[0]), cy.rem_euclid(self.size[1])),
            None => (cx, cy),
        }
    }

    /// Cells per axis.
    pub(crate) fn size(&self) -> [i64; 2] {
        self.size
    }

    /// The cell sides.
    pub(crate) fn cell(&self) -> [f64; 2] {
        self.cell
    }

    /// The corner of cell (0, 0).
    pub(crate) fn origin(&self) -> [f64; 2] {
        self.origin
    }

    /// The points in cells `(cx, r0..=r1)` of one column, as one run of the sorted list.
    pub(crate) fn column(&self, cx: i64, r0: i64, r1: i64) -> impl Iterator<Item = usize> + '_ {
        let start = self.entries.partition_point(|e| *e < (cx, r0, 0));
        let stop = self.entries.partition_point(|e| *e <= (cx, r1, usize::MAX));
        self.entries[start..stop.max(start)].iter().map(|e| e.2)
    }

    /// The points in cell `(cx, cy)`.
    pub(crate) fn at(&self, cx: i64, cy: i64) -> impl Iterator<Item = usize> + '_ {
        self.column(cx, cy, cy)
    }

    /// Calls `visit(i, j)` once for every pair of indexed points whose cells are at most `reach`
    /// apart each way (on the plane).
    ///
    /// The entries are sorted by cell, so for each column offset the run of entries to compare
    /// only ever moves forward: one cursor per offset walks the list once, with no searching.
    pub(crate) fn for_each_pair(&self, reach: i64, mut visit: impl FnMut(usize, usize)) {
        let e = &self.entries;
        let offsets = reach.max(0) as usize + 1;
        let (mut lo, mut hi) = (vec![0; offsets], vec![0; offsets]);
        for (at, &(cx, cy, i)) in e.iter().enumerate() {
            // Pairs in the same column are visited from the earlier entry; pairs in different
            // columns from the left one.
            for (k, dx) in (0..=reach.max(0)).enumerate() {
                let first = (cx + dx, cy - reach, 0);
                let last = (cx + dx, cy + reach, usize::MAX);
                while lo[k] < e.len() && e[lo[k]] < first {
                    lo[k] += 1;
                }
                hi[k] = hi[k].max(lo[k]);
                while hi[k] < e.len() && e[hi[k]] <= last {
                    hi[k] += 1;
                }
                let from = if dx == 0 { at + 1 } else { lo[k] };
                for &(_, _, j) in &e[from.min(hi[k])..hi[k]] {
                    visit(i, j);
                }
            }
        }
    }

    /// Calls `visit` with every indexed point in the cells within `reach` of `p`'s cell (on
    /// the plane).
    pub(crate) fn for_each_near(&self, p: [f64; 2], reach: i64, mut visit: impl FnMut(usize)) {
        let (cx, cy) = self.cell_of(p);
        let (r0, r1) = (cy.saturating_sub(reach), cy.saturating_add(reach));
        for gx in cx.saturating_sub(reach)..=cx.saturating_add(reach) {
            self.column(gx, r0, r1).for_each(&mut visit);
        }
    }
}

/// The bounding box of the points, as `[min, max]` corners; zero-sized for no points.
pub(crate) fn bounds(points: &[[f64; 2]]) -> [[f64; 2]; 2] {
    let mut lo = [f64::INFINITY; 2];
    let mut hi = [f64::NEG_INFINITY; 2];
    for p in points {
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    if lo[0] > hi[0] {
        return [[0.0; 2]; 2];
    }
    [lo, hi]
}

/// The points' positions, as the measures work on them.
pub(crate) fn positions<P: Copy + Into<[f64; 2]>>(points: &[P]) -> Vec<[f64; 2]> {
    points.iter().map(|&p| p.into()).collect()
}

/// Squared distance, written once so that every measure rounds the same way.
pub(crate) fn dist2(a: [f64; 2], b: [f64; 2]) -> f64 {
    let dx = a[0] - b[0];
    let dy = a[1] - b[1];
    dx * dx + dy * dy
}
