//! The grid in a box of `D` dimensions, [`SpaceGrid`] (`Grid<D, [f64; D]>`): bare coordinates
//! at one spacing, cells of side a hair under r/√D so a cell holds at most one point, and "too
//! close?" read from the block of cells around a candidate (5 × 5 × 5 in 3D), nearest first.

use super::cells::{cells_for, fit_cells, map_size, Grid};
use crate::base::error::{positive, Error, Result, DEFAULT_MAX_CELLS};

/// Points at least `radius` apart in a box of `D` dimensions, with the cells that find them:
/// the one [`Grid`] type, storing bare coordinates.
pub type SpaceGrid<const D: usize> = Grid<D, [f64; D]>;

impl<const D: usize> Grid<D, [f64; D]> {
    /// A grid over the box from `origin` with sides `size`, for points at least `radius` apart,
    /// within `DEFAULT_MAX_CELLS` cells. (Not `new`, which is the plane's: `Grid::new` names
    /// one constructor.)
    pub fn for_box(origin: [f64; D], size: [f64; D], radius: f64) -> Result<Self> {
        Self::for_box_with_limit(origin, size, radius, DEFAULT_MAX_CELLS)
    }

    /// [`SpaceGrid::for_box`] with a limit on the number of cells (padding included).
    pub fn for_box_with_limit(
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
        let named = ("radius", radius, radius / cell);
        fit_cells(
            named,
            &map_size(&size),
            &size,
            (cell, 2.0 * pad as f64),
            max_cells,
        )?;
        let counts = size.map(|s| (s / cell).ceil() as usize);
        // Every cell whose nearest corner could be closer than r to a point of the centre cell
        // (with a hair of slack for rounding).
        let keep = |d: &[isize; D]| {
            let gap2: f64 = d
                .iter()
                .map(|d| {
                    let gap = d.unsigned_abs().saturating_sub(1) as f64 * cell;
                    gap * gap
                })
                .sum();
            gap2 < radius * radius * (1.0 + 1e-6)
        };
        let mut grid = Self::build((origin, size), [cell; D], counts, pad, keep);
        (grid.spacing, grid.spacing2) = (radius, radius * radius);
        grid.fast_radius = radius;
        Ok(grid)
    }

    /// The spacing.
    pub fn radius(&self) -> f64 {
        self.spacing
    }

    /// The points, giving up the grid.
    pub fn into_points(mut self) -> Vec<[f64; D]> {
        self.take_points(0)
    }

    /// Whether `p` lies in the box, `[origin, origin + size)` on every axis (NaN does not).
    #[inline(always)]
    pub fn contains(&self, p: &[f64; D]) -> bool {
        (0..D).all(|i| {
            let t = p[i] - self.origin[i];
            t >= 0.0 && t < self.size[i]
        })
    }

    /// The cell of `p` along axis `i`, clamped to the box, padding left out.
    #[inline(always)]
    fn cell_along(&self, p: &[f64; D], i: usize) -> usize {
        // A product, not a quotient: off by an ulp at most, which the block's slack and the
        // cell's hair of margin absorb.
        let c = ((p[i] - self.origin[i]) * self.inv_cell[i]) as usize;
        c.min(self.counts[i] - 1)
    }

    /// The flat index of the cell holding `p`, which must be in the box (up to rounding).
    #[inline(always)]
    fn slot_of(&self, p: &[f64; D]) -> usize {
        let mut at = 0;
        for i in 0..D {
            at += (self.cell_along(p, i) + self.pad) * self.strides[i];
        }
        at
    }

    /// A point closer than r to `p`, if any (its index); `p` must be in the box.
    #[inline(always)]
    pub fn conflict(&self, p: &[f64; D]) -> Option<usize> {
        let at = self.slot_of(p) as isize;
        // Nearest cells first: the point that refuses a candidate is most often among them.
        for &off in &self.near_first {
            let c = self.cells[(at + off) as usize] as usize;
            if c != 0 && distance2(p, &self.stored[c]) < self.spacing2 {
                return Some(c - 1);
            }
        }
        None
    }

    /// Adds `p` without asking: it must be in the box and at least r from every point.
    /// Returns its index.
    #[inline(always)]
    pub fn add_unchecked(&mut self, p: [f64; D]) -> usize {
        let at = self.slot_of(&p);
        debug_assert_eq!(self.cells[at], 0, "two points in one cell");
        self.store(at, p)
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
        let span = (reach * self.inv_cell[0]).ceil() as usize + 1;
        let (mut lo, mut hi) = ([0usize; D], [0usize; D]);
        for i in 0..D {
            let c = self.cell_along(p, i) + self.pad;
            lo[i] = c.saturating_sub(span);
            hi[i] = (c + span).min(self.counts[i] + 2 * self.pad - 1);
        }
        let mut at = lo;
        loop {
            let flat: usize = (0..D).map(|i| at[i] * self.strides[i]).sum();
            let c = self.cells[flat] as usize;
            if c != 0 {
                let d2 = distance2(p, &self.stored[c]);
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
        for (i, p) in self.points().iter().enumerate() {
            let at = self.slot_of(p) as isize;
            for &off in &self.near_first {
                let c = self.cells[(at + off) as usize] as usize;
                if c > i + 1 && distance2(p, &self.stored[c]) < self.spacing2 {
                    pairs += 1;
                }
            }
        }
        pairs
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
/// [`SpaceGrid::for_box_with_limit`] holds against its limit.
pub(crate) fn cells_needed<const D: usize>(size: &[f64; D], radius: f64) -> f64 {
    let (cell, pad) = cell_and_pad::<D>(radius);
    cells_for(size, cell, 2.0 * pad as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_3d_block_is_125_cells_and_2d_25() {
        let g = SpaceGrid::<3>::for_box([0.0; 3], [10.0; 3], 1.0).unwrap();
        assert_eq!(g.block_len(), 125);
        let g = SpaceGrid::<2>::for_box([0.0; 2], [10.0; 2], 1.0).unwrap();
        assert_eq!(g.block_len(), 25);
    }

    #[test]
    fn finds_the_close_point_and_only_it() {
        let mut g = SpaceGrid::<3>::for_box([0.0; 3], [10.0; 3], 1.0).unwrap();
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
        let e =
            SpaceGrid::<3>::for_box_with_limit([0.0; 3], [100.0; 3], 0.01, 1 << 20).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.starts_with("radius 0.01 on 100 × 100 × 100 needs"),
            "{msg}"
        );
        let fits = e.advised_minimum("radius").unwrap();
        assert!(SpaceGrid::<3>::for_box_with_limit([0.0; 3], [100.0; 3], fits, 1 << 20).is_ok());
        assert!(
            SpaceGrid::<3>::for_box_with_limit([0.0; 3], [100.0; 3], fits * 0.9, 1 << 20).is_err()
        );
    }
}
