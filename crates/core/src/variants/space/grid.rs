//! The background grid in `D` dimensions: cells of side a hair under r/√D, so a cell holds at
//! most one point, and "too close?" reads the block of cells around a candidate (5 × 5 × 5 in
//! 3D), nearest cells first.

use crate::base::error::{positive, short, Advice, Error, Result, DEFAULT_MAX_CELLS};

/// Points at least `radius` apart in a box of `D` dimensions, with the cells that find them.
#[derive(Debug, Clone)]
pub struct SpaceGrid<const D: usize> {
    /// The box's lowest corner and its sides.
    origin: [f64; D],
    size: [f64; D],
    radius: f64,
    r2: f64,
    cell: f64,
    inv_cell: f64,
    /// Cells along each axis, the padding included, and the flat index step of each axis.
    dims: [usize; D],
    strides: [usize; D],
    /// Empty cells around the box on every side, so a block around any cell of the box stays
    /// inside the array.
    pad: usize,
    /// Point index + 1 per cell; 0 is empty.
    cells: Vec<u32>,
    /// The points, in order.
    points: Vec<[f64; D]>,
    /// The points again, after one infinitely far away at index 0, so a cell's entry reads a
    /// point whether the cell is empty or not and "too close?" needs no branch per cell.
    lookup: Vec<[f64; D]>,
    /// Flat offsets of the block's cells that can hold a point closer than r, nearest first.
    block: Vec<isize>,
}

impl<const D: usize> SpaceGrid<D> {
    /// A grid over the box from `origin` with sides `size`, for points at least `radius` apart,
    /// within `DEFAULT_MAX_CELLS` cells.
    pub fn new(origin: [f64; D], size: [f64; D], radius: f64) -> Result<Self> {
        Self::with_limit(origin, size, radius, DEFAULT_MAX_CELLS)
    }

    /// [`SpaceGrid::new`] with a limit on the number of cells (padding included).
    pub fn with_limit(
        origin: [f64; D],
        size: [f64; D],
        radius: f64,
        max_cells: usize,
    ) -> Result<Self> {
        const NAMES: [&str; 3] = ["width", "height", "depth"];
        if D == 0 {
            return Err(Error::Invalid {
                message: "a box needs at least one dimension".into(),
            });
        }
        for (i, side) in size.iter().enumerate() {
            positive(NAMES.get(i).copied().unwrap_or("side"), *side)?;
        }
        if origin.iter().any(|o| !o.is_finite()) {
            return Err(Error::Invalid {
                message: "the box's corner must be finite".into(),
            });
        }
        let radius = positive("radius", radius)?;
        let (cell, pad) = cell_and_pad::<D>(radius);
        let needed = cells_needed(&size, radius);
        if needed > max_cells as f64 {
            // The smallest radius that fits, found by halving the interval (the count only
            // falls as the radius grows).
            let (mut lo, mut hi) = (radius, size.iter().fold(radius, |m, s| m.max(*s)) * 4.0);
            for _ in 0..200 {
                let mid = 0.5 * (lo + hi);
                if cells_needed(&size, mid) > max_cells as f64 {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let shown: Vec<String> = size.iter().map(|s| short(*s)).collect();
            return Err(Error::TooMuchWork {
                subject: format!("radius {} on {}", short(radius), shown.join(" × ")),
                what: "grid cells",
                needed,
                limit: max_cells,
                hint: Advice::at_least("radius", hi),
            });
        }
        let mut dims = [0; D];
        let mut strides = [0; D];
        let mut stride = 1;
        for i in 0..D {
            dims[i] = (size[i] / cell).ceil() as usize + 2 * pad;
            strides[i] = stride;
            stride *= dims[i];
        }
        let block = block_offsets(&strides, pad, cell, radius);
        Ok(Self {
            origin,
            size,
            radius,
            r2: radius * radius,
            cell,
            inv_cell: 1.0 / cell,
            dims,
            strides,
            pad,
            cells: vec![0; stride],
            points: Vec::new(),
            lookup: vec![[f64::INFINITY; D]],
            block,
        })
    }

    /// The spacing.
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// The cell side, a hair under r/√D.
    pub fn cell(&self) -> f64 {
        self.cell
    }

    /// The box's lowest corner.
    pub fn origin(&self) -> [f64; D] {
        self.origin
    }

    /// The box's sides.
    pub fn size(&self) -> [f64; D] {
        self.size
    }

    /// The points, in the order they were added.
    pub fn points(&self) -> &[[f64; D]] {
        &self.points
    }

    /// The points, giving up the grid.
    pub fn into_points(mut self) -> Vec<[f64; D]> {
        std::mem::take(&mut self.points)
    }

    /// Cells in the block read around a candidate (117 … 125 in 3D).
    pub fn block_len(&self) -> usize {
        self.block.len()
    }

    /// Whether `p` lies in the box, `[origin, origin + size)` on every axis (NaN does not).
    #[inline(always)]
    pub fn contains(&self, p: &[f64; D]) -> bool {
        (0..D).all(|i| {
            let t = p[i] - self.origin[i];
            t >= 0.0 && t < self.size[i]
        })
    }

    /// The flat index of the cell holding `p`, which must be in the box (up to rounding).
    #[inline(always)]
    fn cell_of(&self, p: &[f64; D]) -> usize {
        let mut at = 0;
        for (i, x) in p.iter().enumerate() {
            // A product, not a quotient: off by an ulp at most, which the block's slack and
            // the cell's hair of margin absorb.
            let c = ((x - self.origin[i]) * self.inv_cell) as usize;
            let c = c.min(self.dims[i] - 2 * self.pad - 1);
            at += (c + self.pad) * self.strides[i];
        }
        at
    }

    /// A point closer than r to `p`, if any (its index); `p` must be in the box.
    #[inline(always)]
    pub fn conflict(&self, p: &[f64; D]) -> Option<usize> {
        let at = self.cell_of(p) as isize;
        // Nearest cells first: the point that refuses a candidate is most often among them.
        for &off in &self.block {
            let c = self.cells[(at + off) as usize] as usize;
            if c != 0 && distance2(p, &self.lookup[c]) < self.r2 {
                return Some(c - 1);
            }
        }
        None
    }

    /// Adds `p` without asking: it must be in the box and at least r from every point.
    /// Returns its index.
    #[inline(always)]
    pub fn add_unchecked(&mut self, p: [f64; D]) -> usize {
        let at = self.cell_of(&p);
        debug_assert_eq!(self.cells[at], 0, "two points in one cell");
        self.points.push(p);
        self.lookup.push(p);
        self.cells[at] = self.points.len() as u32;
        self.points.len() - 1
    }

    /// Adds `p` if it is in the box and at least r from every point: its index, or `None`.
    pub fn try_add(&mut self, p: [f64; D]) -> Option<usize> {
        (self.contains(&p) && self.conflict(&p).is_none()).then(|| self.add_unchecked(p))
    }

    /// The first point within `reach` of `p` (which must be in the box) for which
    /// `too_close(its index, squared distance)` holds, reading every cell that reach touches:
    /// the query of variable spacing, where a pair's limit is a rule of their two radii (at
    /// most `reach`, which may pass r and the padding).
    pub fn conflict_within(
        &self,
        p: &[f64; D],
        reach: f64,
        mut too_close: impl FnMut(usize, f64) -> bool,
    ) -> Option<usize> {
        let span = (reach * self.inv_cell).ceil() as usize + 1;
        let (mut lo, mut hi) = ([0usize; D], [0usize; D]);
        for i in 0..D {
            let c = ((p[i] - self.origin[i]) * self.inv_cell) as usize;
            let c = c.min(self.dims[i] - 2 * self.pad - 1) + self.pad;
            lo[i] = c.saturating_sub(span);
            hi[i] = (c + span).min(self.dims[i] - 1);
        }
        let mut at = lo;
        loop {
            let flat: usize = (0..D).map(|i| at[i] * self.strides[i]).sum();
            let c = self.cells[flat] as usize;
            if c != 0 {
                let d2 = distance2(p, &self.lookup[c]);
                if too_close(c - 1, d2) {
                    return Some(c - 1);
                }
            }
            // The next cell, the first axis fastest.
            let mut i = 0;
            loop {
                if i == D {
                    return None;
                }
                if at[i] < hi[i] {
                    at[i] += 1;
                    break;
                }
                at[i] = lo[i];
                i += 1;
            }
        }
    }

    /// Pairs of points closer than r, counted by the grid (each pair once).
    pub fn too_close_pairs(&self) -> usize {
        let mut pairs = 0;
        for (i, p) in self.points.iter().enumerate() {
            let at = self.cell_of(p) as isize;
            for &off in &self.block {
                let c = self.cells[(at + off) as usize] as usize;
                if c > i + 1 && distance2(p, &self.points[c - 1]) < self.r2 {
                    pairs += 1;
                }
            }
        }
        pairs
    }
}

/// The last few points that refused a candidate of one step: the next candidates of the step
/// land near the same points, so most are refused here, without a walk over the grid. Only a
/// shortcut: a candidate this lets through is still asked of the grid, so every decision is the
/// grid's.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Refusers<const D: usize> {
    points: [[f64; D]; REFUSERS],
    next: usize,
}

/// Points a [`Refusers`] keeps.
const REFUSERS: usize = 8;

impl<const D: usize> Refusers<D> {
    /// None yet (the empty slots are infinitely far away).
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Self {
            points: [[f64::INFINITY; D]; REFUSERS],
            next: 0,
        }
    }

    /// Whether one of the kept points is closer than `sqrt(r2)` to `p`; no branch per point.
    #[inline(always)]
    pub(crate) fn refuse(&self, p: &[f64; D], r2: f64) -> bool {
        self.points
            .iter()
            .fold(false, |hit, q| hit | (distance2(p, q) < r2))
    }

    /// Keeps `q`, forgetting the oldest.
    #[inline(always)]
    pub(crate) fn keep(&mut self, q: [f64; D]) {
        self.points[self.next] = q;
        self.next = (self.next + 1) % REFUSERS;
    }
}

/// The squared distance between two points.
#[inline(always)]
pub fn distance2<const D: usize>(a: &[f64; D], b: &[f64; D]) -> f64 {
    let mut d2 = 0.0;
    for i in 0..D {
        let d = a[i] - b[i];
        d2 += d * d;
    }
    d2
}

/// The cell side and the padding, in cells, of a grid for `radius`: a side a hair under r/√D,
/// so two points in one cell are closer than r whatever the rounding of the division that
/// finds their cell.
fn cell_and_pad<const D: usize>(radius: f64) -> (f64, usize) {
    let cell = radius / (D as f64).sqrt() * (1.0 - 1e-6);
    (cell, (radius / cell).ceil() as usize)
}

/// The cells, padding included, of a grid over a box of sides `size` for `radius`: what
/// [`SpaceGrid::with_limit`] holds against its limit.
pub(crate) fn cells_needed<const D: usize>(size: &[f64; D], radius: f64) -> f64 {
    let (cell, pad) = cell_and_pad::<D>(radius);
    size.iter()
        .map(|s| (s / cell).ceil() + 2.0 * pad as f64)
        .product()
}

/// The block: every cell within `pad` of the centre on each axis whose nearest corner could be
/// closer than r to a point of the centre cell (with a hair of slack for rounding), nearest
/// first, then in index order. In 3D, 125 cells, the centre first.
fn block_offsets<const D: usize>(
    strides: &[usize; D],
    pad: usize,
    cell: f64,
    radius: f64,
) -> Vec<isize> {
    let side = 2 * pad + 1;
    let total = side.pow(D as u32);
    let mut cells: Vec<(usize, isize)> = Vec::with_capacity(total);
    for n in 0..total {
        let (mut rest, mut gap2, mut centres2, mut off) = (n, 0.0, 0, 0isize);
        for stride in strides {
            let d = (rest % side) as isize - pad as isize;
            rest /= side;
            let gap = (d.unsigned_abs().saturating_sub(1)) as f64 * cell;
            gap2 += gap * gap;
            centres2 += d.unsigned_abs().pow(2);
            off += d * *stride as isize;
        }
        if gap2 < radius * radius * (1.0 + 1e-6) {
            cells.push((centres2, off));
        }
    }
    // Nearest cell centres first: the candidate's own cell, then the faces, edges, corners.
    cells.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)));
    cells.into_iter().map(|(_, off)| off).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_3d_block_is_125_cells_and_2d_25() {
        let g = SpaceGrid::<3>::new([0.0; 3], [10.0; 3], 1.0).unwrap();
        assert_eq!(g.block_len(), 125);
        let g = SpaceGrid::<2>::new([0.0; 2], [10.0; 2], 1.0).unwrap();
        assert_eq!(g.block_len(), 25);
    }

    #[test]
    fn finds_the_close_point_and_only_it() {
        let mut g = SpaceGrid::<3>::new([0.0; 3], [10.0; 3], 1.0).unwrap();
        assert_eq!(g.try_add([5.0, 5.0, 5.0]), Some(0));
        assert_eq!(g.conflict(&[5.5, 5.5, 5.5]), Some(0));
        assert_eq!(
            g.conflict(&[6.0, 5.0, 5.0]),
            None,
            "exactly r apart is allowed"
        );
        assert_eq!(g.try_add([5.99, 5.0, 5.0]), None);
        assert_eq!(g.try_add([10.0, 5.0, 5.0]), None, "the far side is outside");
        assert_eq!(g.try_add([f64::NAN, 5.0, 5.0]), None);
        assert_eq!(g.too_close_pairs(), 0);
    }

    #[test]
    fn too_many_cells_says_which_radius_fits() {
        let e = SpaceGrid::<3>::with_limit([0.0; 3], [100.0; 3], 0.01, 1 << 20).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.starts_with("radius 0.01 on 100 × 100 × 100 needs"),
            "{msg}"
        );
        let fits = e.advised_minimum("radius").unwrap();
        assert!(SpaceGrid::<3>::with_limit([0.0; 3], [100.0; 3], fits, 1 << 20).is_ok());
        assert!(SpaceGrid::<3>::with_limit([0.0; 3], [100.0; 3], fits * 0.9, 1 << 20).is_err());
    }
}
