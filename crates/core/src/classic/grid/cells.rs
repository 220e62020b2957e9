//! The one grid type, [`Grid<D, P>`]: its geometry, its padded cells, the store of points behind
//! them (a far-away sentinel at slot 0), the one nearest-first block and the one cell limit with
//! its advice. What a point type tunes (its sentinel, its inline coordinates, how it keeps its
//! block) is [`Stored`]; the plane's API is in `plane`, the box's in `space`.

use crate::base::error::{short, Advice, Error};
use crate::base::point::Point;
use std::fmt::Debug;

/// A cell holding no point. Stored points are numbered from 1 in `cells`; slot 0 of `stored`
/// is the point type's [`Stored::FAR_AWAY`], so reading an empty cell yields a point that never
/// conflicts and the hot loop needs no test for emptiness.
pub(super) const EMPTY: u32 = 0;

/// The most cells (padding included) a grid keeps inline coordinates for ([`Grid`]'s `inline`):
/// about 4000 × 4000 at r = 2. Past it the fill is bound by memory whatever the layout, and the
/// copy costs 52 bytes a point for nothing: 6000 × 6000 at r = 2 took 8.63 s with it and
/// 8.83 s without, in 2.4 times the memory; 3000 × 3000, 1.52 s against 2.27 s.
pub(super) const INLINE_CELLS: usize = 1 << 23;

/// What a [`Grid`] stores, and how the grid is tuned for it: the plane's [`Point`] (with its own
/// radius, inline coordinates for the plain fill, the fixed 5 × 5 block) or bare coordinates
/// `[f64; D]` held to the grid's one spacing ([`crate::space::SpaceGrid`]).
pub trait Stored<const D: usize>: Copy + Debug + PartialEq {
    /// The point read from an empty cell: far off the map, so it never conflicts.
    const FAR_AWAY: Self;
    /// True when a grid of these keeps each cell's coordinates beside its cells (at most
    /// `INLINE_CELLS` cells), for the plane's plain fill test.
    const INLINE: bool;
    /// How a grid of these keeps its nearest-first block of cell offsets.
    type Block: AsRef<[isize]> + Clone + Debug + PartialEq;
    /// The block, from the one generator's offsets.
    fn block(offsets: Vec<isize>) -> Self::Block;
    /// Its coordinates.
    fn coords(&self) -> [f64; D];
    /// Its own radius; infinite for bare coordinates, which keep the grid's spacing.
    fn radius(&self) -> f64;
}

impl Stored<2> for Point {
    /// Far off the map, with an infinite radius so that the smaller radius is always the
    /// candidate's own. Its squared distance to any map point is about 2e300, still finite, and
    /// larger than any r² the fast path accepts (see `conflict`).
    const FAR_AWAY: Point = Point {
        x: -1e150,
        y: -1e150,
        r: f64::INFINITY,
    };
    const INLINE: bool = true;
    /// The 25 cells of the padded 5 × 5 block, a fixed array the vector path indexes.
    type Block = [isize; 25];
    fn block(offsets: Vec<isize>) -> [isize; 25] {
        offsets.try_into().expect("the plane's 5 × 5 block")
    }
    #[inline(always)]
    fn coords(&self) -> [f64; 2] {
        [self.x, self.y]
    }
    #[inline(always)]
    fn radius(&self) -> f64 {
        self.r
    }
}

impl<const D: usize> Stored<D> for [f64; D] {
    const FAR_AWAY: Self = [f64::INFINITY; D];
    const INLINE: bool = false;
    type Block = Vec<isize>;
    fn block(offsets: Vec<isize>) -> Vec<isize> {
        offsets
    }
    #[inline(always)]
    fn coords(&self) -> [f64; D] {
        *self
    }
    #[inline(always)]
    fn radius(&self) -> f64 {
        f64::INFINITY
    }
}

/// The background grid in `D` dimensions holding points of type `P`, one to a cell: the plane's
/// grid of points with per-point radii (`Grid`, the default: `Grid<2, Point>`) and the box's
/// grid of bare coordinates at one spacing ([`crate::space::SpaceGrid`]) are this one type.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid<const D: usize = 2, P: Stored<D> = Point> {
    /// Where the map starts (cell 0's lowest corner) and its sides.
    pub(super) origin: [f64; D],
    pub(super) size: [f64; D],
    /// Cell sides per axis: equal but on a torus, whose cells divide the map exactly.
    pub(super) cell: [f64; D],
    /// Their inverses: the box's `slot_of` multiplies where the plane's `cell_of` divides.
    pub(super) inv_cell: [f64; D],
    /// Cells along each axis, the padding left out.
    pub(super) counts: [usize; D],
    /// Empty cells kept around the map on every side, so the nearest-first block around any
    /// cell of the map stays inside the array without bounds checks.
    pub(super) pad: usize,
    /// The flat index step of each axis in `cells`, the first axis fastest.
    pub(super) strides: [usize; D],
    /// `∏ (counts + 2·pad)` indices into `stored`, `EMPTY` where there is none.
    pub(super) cells: Vec<u32>,
    /// Each cell's point's coordinates beside `cells`, the sentinel's where it is empty, one
    /// vector per axis: the plain fill's test ([`super::Crowd`]) reads a row of cells as one
    /// vector, with no index to follow. Sixteen bytes a cell buy about a quarter of a fill's
    /// time, while the grid is small enough for the caches to help; empty on a grid of more
    /// than [`INLINE_CELLS`] cells and for a point type that keeps none ([`Stored::INLINE`]).
    pub(super) inline: [Vec<f64>; D],
    /// The block's cells as offsets into `cells`, nearest first ([`nearest_first`]).
    pub(super) near_first: P::Block,
    /// The one spacing of a grid of bare coordinates, and its square; infinite for the plane's
    /// points, which carry their own radii.
    pub(super) spacing: f64,
    pub(super) spacing2: f64,
    /// The smallest radius stored (infinite while empty, and for bare coordinates): when no
    /// stored point is below the candidates' radius, the smaller of two radii is always the
    /// candidate's.
    pub(super) min_radius: f64,
    /// The largest reach the padded nearest-first block answers (the plane's: reach ≤ 2 cells,
    /// radius < 1e100; the box's: its spacing); below every radius on a torus, whose search
    /// wraps instead.
    pub(super) fast_radius: f64,
    /// True when the map's opposite edges meet (the plane's [`Grid::torus`]).
    pub(super) torus: bool,
    /// [`Stored::FAR_AWAY`], then every stored point in insertion order.
    pub(super) stored: Vec<P>,
}

impl<const D: usize, P: Stored<D>> Grid<D, P> {
    /// An empty grid of `counts` cells of sides `cell` over the box from `origin` with sides
    /// `size`, padded by `pad` cells, whose nearest-first block holds the offsets for which
    /// `keep` holds; the constructors checked everything.
    pub(super) fn build(
        (origin, size): ([f64; D], [f64; D]),
        cell: [f64; D],
        counts: [usize; D],
        pad: usize,
        keep: impl Fn(&[isize; D]) -> bool,
    ) -> Self {
        let mut strides = [0; D];
        let mut total = 1;
        for (stride, count) in strides.iter_mut().zip(counts) {
            *stride = total;
            total *= count + 2 * pad;
        }
        let far = P::FAR_AWAY.coords();
        let inline = std::array::from_fn(|i| {
            if P::INLINE && total <= INLINE_CELLS {
                vec![far[i]; total]
            } else {
                Vec::new()
            }
        });
        Self {
            origin,
            size,
            cell,
            inv_cell: cell.map(|c| 1.0 / c),
            counts,
            pad,
            strides,
            cells: vec![EMPTY; total],
            inline,
            near_first: P::block(nearest_first(&strides, pad, keep)),
            spacing: f64::INFINITY,
            spacing2: f64::INFINITY,
            min_radius: f64::INFINITY,
            fast_radius: f64::NEG_INFINITY,
            torus: false,
            stored: vec![P::FAR_AWAY],
        }
    }

    /// The map's lowest corner.
    pub fn origin(&self) -> [f64; D] {
        self.origin
    }
    /// The map's sides.
    pub fn size(&self) -> [f64; D] {
        self.size
    }
    /// Side of a cell (on a torus, along the first axis; see [`Grid::cell_height`]).
    pub fn cell(&self) -> f64 {
        self.cell[0]
    }
    /// Cells in the nearest-first block read around a candidate (25 on the plane, 125 in a 3D
    /// box).
    pub fn block_len(&self) -> usize {
        self.near_first.as_ref().len()
    }
    /// Every point stored so far, from every sampler that shares this grid, in insertion order.
    pub fn points(&self) -> &[P] {
        &self.stored[1..]
    }
    /// The point stored at index `i` of [`Grid::points`] (one bounds check, on the hot paths).
    #[inline(always)]
    pub fn point(&self, i: usize) -> P {
        self.stored[i + 1]
    }

    /// Cells along each axis, the padding left out.
    pub(crate) fn counts(&self) -> [usize; D] {
        self.counts
    }
    /// The flat index step of each axis in [`Grid::slots`], the first axis fastest.
    #[inline(always)]
    pub(crate) fn strides(&self) -> [usize; D] {
        self.strides
    }
    /// Every cell, padding included, as the slot of its point in [`Grid::stored`] (its index in
    /// [`Grid::points`] plus one), 0 where it is empty: for a sampler that walks the cells its
    /// own way (the 2D fast sampler's 7 × 7 gather).
    #[inline(always)]
    pub(crate) fn slots(&self) -> &[u32] {
        &self.cells
    }
    /// The store: [`Stored::FAR_AWAY`] at slot 0, then the points, so a cell of
    /// [`Grid::slots`] indexes it directly.
    #[inline(always)]
    pub(crate) fn stored(&self) -> &[P] {
        &self.stored
    }

    /// Stores `p` in cell `at` (an index into `cells`, which the caller found empty) and returns
    /// its index in [`Grid::points`].
    #[inline(always)]
    pub(crate) fn store(&mut self, at: usize, p: P) -> usize {
        let index = self.stored.len() - 1;
        self.cells[at] = index as u32 + 1;
        if P::INLINE {
            self.set_inline(at, p.coords());
        }
        self.stored.push(p);
        // A comparison, not `min`: for bare coordinates (an infinite radius) it is never true,
        // and the compiler drops it from their hot loops.
        if p.radius() < self.min_radius {
            self.min_radius = p.radius();
        }
        index
    }

    /// Makes room for `points` more points in the store, so a sampler that knows about how
    /// many it will place does not grow it step by step.
    pub(crate) fn reserve(&mut self, points: usize) {
        self.stored.reserve(points);
    }

    /// Keeps a point's coordinates inline in cell `at`, where the grid keeps them.
    #[inline(always)]
    pub(super) fn set_inline(&mut self, at: usize, coords: [f64; D]) {
        for (axis, v) in self.inline.iter_mut().zip(coords) {
            if let Some(c) = axis.get_mut(at) {
                *c = v;
            }
        }
    }

    /// The stored points from index `start` on (no copy when `start` is 0 but for a shift by
    /// one slot), leaving the grid spent: its cells freed and its store the sentinel alone, so it
    /// holds no point and must not be asked again.
    pub(crate) fn take_points(&mut self, start: usize) -> Vec<P> {
        // Free the cells before anything else happens to the points.
        drop(std::mem::take(&mut self.cells));
        let mut stored = std::mem::replace(&mut self.stored, vec![P::FAR_AWAY]);
        stored.drain(..=start.min(stored.len() - 1));
        stored
    }

    /// Empties the grid, keeping its size and allocation.
    pub fn clear(&mut self) {
        self.cells.fill(EMPTY);
        let far = P::FAR_AWAY.coords();
        for (axis, v) in self.inline.iter_mut().zip(far) {
            axis.fill(v);
        }
        self.stored.truncate(1);
        self.min_radius = f64::INFINITY;
    }
}

/// The one nearest-first block: the offsets into a grid's cells (axis strides `strides`) of the
/// cells within `pad` of a centre on every axis for which `keep` (given the offsets in cells)
/// holds, nearest centres first. A candidate that is too close is usually caught by its own or
/// an adjacent cell, so most refusals stop after a few reads; the answer (free or not) does not
/// depend on the order, only which point in the way is named.
///
/// Ties go to the cells whose largest offset comes on the earliest axis, then to the offsets by
/// the last axis first: on the plane, the cell, its four edge neighbours (x before y), the four
/// diagonal ones, then the ring at two ((±2, 0) before (0, ±2), (±2, ±1) before (±1, ±2)).
pub(super) fn nearest_first<const D: usize>(
    strides: &[usize; D],
    pad: usize,
    keep: impl Fn(&[isize; D]) -> bool,
) -> Vec<isize> {
    let side = 2 * pad + 1;
    let total = side.pow(D as u32);
    let reach = pad as isize;
    let mut cells = Vec::with_capacity(total);
    for n in 0..total {
        let mut rest = n;
        let d: [isize; D] = std::array::from_fn(|_| {
            let d = (rest % side) as isize - reach;
            rest /= side;
            d
        });
        if !keep(&d) {
            continue;
        }
        let centres2 = d.iter().map(|d| d.unsigned_abs().pow(2)).sum();
        let most = d.iter().map(|d| d.unsigned_abs()).max().unwrap_or(0);
        let axis = d.iter().position(|d| d.unsigned_abs() == most).unwrap_or(0);
        let mut last_first = d;
        last_first.reverse();
        let offset = d.iter().zip(strides).map(|(d, s)| d * *s as isize).sum();
        cells.push(((centres2, axis, last_first), offset));
    }
    cells.sort_by_key(|cell: &((usize, usize, [isize; D]), isize)| cell.0);
    cells.into_iter().map(|cell| cell.1).collect()
}

/// The cells a grid of cell side `cell` over the sides `size` needs: at least one along each
/// axis, plus `extra` (the padding) on each: what [`fit_cells`] holds against the limit.
pub(super) fn cells_for<const D: usize>(size: &[f64; D], cell: f64, extra: f64) -> f64 {
    size.iter()
        .map(|s| (s / cell).ceil().max(1.0) + extra)
        .product()
}

/// The one cell limit: `Ok` when a grid of cell side `cell` over the sides `size`, with `extra`
/// cells more on each axis, has at most `limit` cells; else the error for `name` (radius or cell
/// size), whose `value` is `cell · per_cell`, with the advice of the smallest that fits
/// ([`min_cell_for`]). `subject` names the map (`on 880 × 480`, `on a tileable 10 × 10`).
pub(super) fn fit_cells<const D: usize>(
    (name, value, per_cell): (&'static str, f64, f64),
    subject: &str,
    size: &[f64; D],
    (cell, extra): (f64, f64),
    limit: usize,
) -> Result<(), Error> {
    let needed = cells_for(size, cell, extra);
    if needed <= limit as f64 {
        return Ok(());
    }
    Err(Error::TooMuchWork {
        subject: format!("{name} {} on {subject}", short(value)),
        what: "grid cells",
        needed,
        limit,
        hint: Advice::at_least(name, min_cell_for(size, extra, limit) * per_cell),
    })
}

/// `720 × 400` (or `10 × 10 × 10`), as a message names a map.
pub(super) fn map_size<const D: usize>(size: &[f64; D]) -> String {
    let shown: Vec<String> = size.iter().map(|s| short(*s)).collect();
    shown.join(" × ")
}

/// The one advice: the smallest cell side that keeps a grid over the sides `size`, with `extra`
/// cells more on each axis, within `limit` cells.
///
/// `ceil` adds at most one cell an axis, so a cell `c` is safe when
/// `∏ (sᵢ/c + 1 + extra) ≤ limit`; the product only grows with `u = 1/c`, so the largest `u`
/// that keeps it within the limit is found by halving an interval to the last bit, however long
/// and thin the box is (on the plane, the root of a quadratic).
pub(super) fn min_cell_for<const D: usize>(size: &[f64; D], extra: f64, limit: usize) -> f64 {
    // Scaled by the longest side so nothing overflows or underflows.
    let scale = size.iter().fold(0.0, |m: f64, s| m.max(*s));
    let n = limit as f64;
    let count = |u: f64| -> f64 { size.iter().map(|s| s / scale * u + 1.0 + extra).product() };
    // The longest side alone gives u + 1 + extra ≤ n: u below n.
    let (mut lo, mut hi) = (0.0f64, n);
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if count(mid) <= n {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    // A hair larger than the exact root, so rounding in the division cannot tip it over.
    scale / lo * (1.0 + 1e-9)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plane's 5 × 5 block as it was written out by hand, nearest cells first.
    const NEAR_FIRST: [(isize, isize); 25] = [
        (0, 0),
        (-1, 0),
        (1, 0),
        (0, -1),
        (0, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
        (1, 1),
        (-2, 0),
        (2, 0),
        (0, -2),
        (0, 2),
        (-2, -1),
        (2, -1),
        (-2, 1),
        (2, 1),
        (-1, -2),
        (1, -2),
        (-1, 2),
        (1, 2),
        (-2, -2),
        (2, -2),
        (-2, 2),
        (2, 2),
    ];

    #[test]
    fn the_generator_gives_the_planes_table() {
        let stride = 17;
        let block = nearest_first(&[1, stride], 2, |_| true);
        let table: Vec<isize> = NEAR_FIRST
            .iter()
            .map(|&(dc, dr)| dr * stride as isize + dc)
            .collect();
        assert_eq!(block, table);
    }

    #[test]
    fn the_3d_block_goes_out_by_distance_from_the_centre() {
        let strides = [1, 9, 81];
        let block = nearest_first(&strides, 2, |_| true);
        assert_eq!(block.len(), 125);
        assert_eq!(&block[..7], &[0, -1, 1, -9, 9, -81, 81]);
        let mut sorted = block.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 125, "each cell once");
    }

    #[test]
    fn the_advice_on_the_plane_is_the_quadratics_root() {
        // The closed form the plane used: 2c / (b + √(b² + 4ac)) for (w·u + 1)(h·u + 1) = n.
        let closed = |width: f64, height: f64, limit: usize| {
            let scale = width.max(height);
            let (w, h, n) = (width / scale, height / scale, limit as f64);
            let (a, b) = (w * h, w + h);
            let u = 2.0 * (n - 1.0) / (b + (b * b + 4.0 * a * (n - 1.0)).sqrt());
            scale / u * (1.0 + 1e-9)
        };
        for (w, h, limit) in [
            (880.0, 480.0, 1 << 25),
            (1.0, 1e12, 1 << 25),
            (1e15, 1e15, 1000),
            (5e9, 7.0, 1 << 20),
            (3.0, 3.0, 4),
        ] {
            let (found, exact) = (min_cell_for(&[w, h], 0.0, limit), closed(w, h, limit));
            assert!(
                ((found - exact) / exact).abs() < 1e-12,
                "{w} × {h}: {found} against {exact}"
            );
            assert!(cells_for(&[w, h], found, 0.0) <= limit as f64);
        }
    }
}
