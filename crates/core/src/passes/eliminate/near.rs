//! The elimination's spatial index: the points sorted by cell (a counting sort), cells half the
//! query's reach, so "every point within 2 r_max" reads a 5 × 5 (× 5) block, each row of the
//! block one run of the sorted list. On a torus the block wraps and distances go to the
//! nearest copy.
//!
//! Why not the crate's sampling grids ([`crate::grid::Grid`], the 3D `SpaceGrid`): they hold
//! one point per cell of r/√D, so candidates a fraction of 2 r_max apart put hundreds of cells
//! in each query (walking them took 4.5–6.6 s for the torus mesh at N 15 000 from 8 N throws
//! at 0.3 × 2 r_max; this index 1.5 s from 8 N random candidates; wall, load ~15), and uniform
//! random candidates (what elimination wants) fit no such grid. The measures' bucket index is
//! this idea on the plane only.

/// Points sorted by cell; see the module docs.
#[derive(Debug, Clone)]
pub(super) struct Buckets<const D: usize> {
    origin: [f64; D],
    cell: f64,
    counts: [usize; D],
    /// Where each cell's run starts in `sorted` (one more entry than cells).
    starts: Vec<u32>,
    /// The points' indices and places, by cell (axis 0 fastest), by index within a cell.
    sorted: Vec<(u32, [f64; D])>,
    wrap: Option<[f64; D]>,
}

/// The most cells an index holds per point (past it the cells grow instead, so a tiny set on a
/// huge domain costs nothing).
const CELLS_PER_POINT: f64 = 8.0;

impl<const D: usize> Default for Buckets<D> {
    fn default() -> Self {
        Self {
            origin: [0.0; D],
            cell: 1.0,
            counts: [1; D],
            starts: vec![0, 0],
            sorted: Vec::new(),
            wrap: None,
        }
    }
}

impl<const D: usize> Buckets<D> {
    /// Indexes `points`, all in `[origin, origin + size)`, for queries reaching `reach`; on a
    /// torus of sides `wrap` (then `origin` is 0 and `size` the sides).
    pub(super) fn new(
        points: &[[f64; D]],
        origin: [f64; D],
        size: [f64; D],
        reach: f64,
        wrap: Option<[f64; D]>,
    ) -> Self {
        let mut cell = 0.5 * reach;
        let cells_for = |c: f64| {
            size.iter()
                .map(|s| (s / c).ceil().max(1.0))
                .product::<f64>()
        };
        let most = CELLS_PER_POINT * points.len().max(1) as f64;
        while cells_for(cell) > most {
            cell *= 1.25;
        }
        let counts = size.map(|s| ((s / cell).ceil() as usize).max(1));
        let total: usize = counts.iter().product();
        let home = |p: &[f64; D]| {
            let mut at = 0;
            for i in (0..D).rev() {
                at = at * counts[i] + axis_cell(p[i], origin[i], cell, counts[i]);
            }
            at
        };
        let mut starts = vec![0u32; total + 1];
        for p in points {
            starts[home(p) + 1] += 1;
        }
        for c in 0..total {
            starts[c + 1] += starts[c];
        }
        let mut fill = starts.clone();
        let mut sorted = vec![(0u32, [0.0; D]); points.len()];
        for (i, p) in points.iter().enumerate() {
            let at = &mut fill[home(p)];
            sorted[*at as usize] = (i as u32, *p);
            *at += 1;
        }
        Self {
            origin,
            cell,
            counts,
            starts,
            sorted,
            wrap,
        }
    }

    /// The indexed points' indices in the index's order (by cell).
    pub(super) fn order(&self) -> Vec<usize> {
        self.sorted.iter().map(|&(j, _)| j as usize).collect()
    }

    /// Calls `visit(j, d²)` for every indexed point `j` closer than `reach` to `p` (to its
    /// nearest copy on a torus), each once, whatever the reach.
    #[inline]
    pub(super) fn within(&self, p: &[f64; D], reach: f64, mut visit: impl FnMut(usize, f64)) {
        // Per axis, at most two runs of cells (two where the reach crosses a seam).
        let mut runs = [[(0usize, 0usize); 2]; D];
        let mut lens = [0usize; D];
        for i in 0..D {
            let n = self.counts[i];
            let at = |x: f64| axis_cell(x, self.origin[i], self.cell, n);
            let (lo, hi) = (p[i] - reach, p[i] + reach);
            let start = self.origin[i];
            let none = (1, 0);
            runs[i] = match self.wrap {
                Some(side) if hi - lo >= side[i] => [(0, n - 1), none],
                Some(side) if lo < start => [(0, at(hi)), (at(lo + side[i]), n - 1)],
                Some(side) if hi >= start + side[i] => [(at(lo), n - 1), (0, at(hi - side[i]))],
                _ => [(at(lo), at(hi)), none],
            };
            let [a, b] = runs[i];
            if b.0 <= b.1 && b.0 <= a.1 + 1 && a.0 <= b.1 + 1 {
                // Runs that meet (a reach just short of the whole torus) become one.
                runs[i] = [(a.0.min(b.0), a.1.max(b.1)), none];
            }
            lens[i] = runs[i]
                .iter()
                .map(|&(s, e)| (e + 1).saturating_sub(s))
                .sum();
        }
        let reach2 = reach * reach;
        // An odometer over the rows of the block (axes 1 and up); each row's cells along axis 0
        // are one or two runs of the sorted list.
        let mut k = [0usize; D];
        loop {
            let mut row = 0;
            for i in (1..D).rev() {
                let first = (runs[i][0].1 + 1).saturating_sub(runs[i][0].0);
                let c = if k[i] < first {
                    runs[i][0].0 + k[i]
                } else {
                    runs[i][1].0 + k[i] - first
                };
                row = row * self.counts[i] + c;
            }
            let base = row * self.counts[0];
            for &(s, e) in &runs[0] {
                if s > e {
                    continue;
                }
                let (from, to) = (self.starts[base + s], self.starts[base + e + 1]);
                for &(j, q) in &self.sorted[from as usize..to as usize] {
                    let d2 = offset(p, &q, self.wrap);
                    if d2 < reach2 {
                        visit(j as usize, d2);
                    }
                }
            }
            let mut axis = 1;
            loop {
                if axis >= D {
                    return;
                }
                k[axis] += 1;
                if k[axis] < lens[axis] {
                    break;
                }
                k[axis] = 0;
                axis += 1;
            }
        }
    }
}

/// The cell of coordinate `x` along an axis of `n` cells from `origin`, clamped to the axis.
#[inline(always)]
fn axis_cell(x: f64, origin: f64, cell: f64, n: usize) -> usize {
    // Truncation is the floor for the positive quotients it is used on (NaN gives 0).
    let c = (x - origin) / cell;
    if c > 0.0 {
        (c as usize).min(n - 1)
    } else {
        0
    }
}

/// The squared distance from `a` to `b`: to the nearest copy of `b` on a torus of sides
/// `wrap`, straight otherwise.
#[inline(always)]
pub(super) fn offset<const D: usize>(a: &[f64; D], b: &[f64; D], wrap: Option<[f64; D]>) -> f64 {
    let mut d2 = 0.0;
    for i in 0..D {
        let d = match wrap {
            Some(side) => crate::classic::grid::torus_delta(a[i], b[i], side[i]),
            None => b[i] - a[i],
        };
        d2 += d * d;
    }
    d2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every pair the index finds is every pair brute force finds, on a plane and a torus.
    #[test]
    fn finds_what_brute_force_finds() {
        let mut unit = crate::base::rng::lcg_unit(12345);
        let size = [10.0, 7.0, 3.0];
        let points: Vec<[f64; 3]> = (0..400)
            .map(|_| [0, 1, 2].map(|i| size[i] * unit()))
            .collect();
        for wrap in [None, Some(size)] {
            for reach in [0.4, 1.3, 2.9, 20.0] {
                let b = Buckets::new(&points, [0.0; 3], size, reach, wrap);
                for p in points.iter().step_by(7) {
                    let mut got = Vec::new();
                    b.within(p, reach, |j, _| got.push(j));
                    got.sort_unstable();
                    let want: Vec<usize> = (0..points.len())
                        .filter(|&j| offset(p, &points[j], wrap) < reach * reach)
                        .collect();
                    assert_eq!(got, want, "reach {reach}, wrap {wrap:?}");
                }
            }
        }
    }
}
