//! The plane's grid, [`Grid`] (`Grid<2, Point>`): its constructors and its 2D API, over cells
//! padded by two on every side and points with per-point radii.

use super::cells::{fit_cells, map_size, Grid, EMPTY};
use crate::base::error::{positive, Error, Result, DEFAULT_MAX_CELLS};
use crate::base::point::Point;
use std::f64::consts::SQRT_2;

/// Empty cells kept around the plane's map on every side, so the common query (reach 2) can
/// read its whole 5 × 5 block without bounds checks.
pub(super) const PAD: usize = 2;

impl Grid {
    /// An empty grid with square cells of side `cell`: `ceil(width / cell)` columns and
    /// `ceil(height / cell)` rows.
    ///
    /// Width, height and cell must be finite and greater than 0, and the grid may have at most
    /// [`DEFAULT_MAX_CELLS`] cells.
    pub fn new(width: f64, height: f64, cell: f64) -> Result<Self> {
        Self::with_limit(width, height, cell, DEFAULT_MAX_CELLS)
    }

    /// The grid a sampler of minimum spacing `radius` needs: cells of side `radius / √2`.
    ///
    /// When the grid would be too large the error says which radius would fit.
    pub fn for_radius(width: f64, height: f64, radius: f64) -> Result<Self> {
        let ([width, height], cell) = cell_for_radius(width, height, radius)?;
        Self::new(width, height, cell)
    }

    /// Like [`Grid::new`] with a custom limit on the number of cells.
    pub fn with_limit(width: f64, height: f64, cell: f64, max_cells: usize) -> Result<Self> {
        Self::with_origin([0.0, 0.0], width, height, cell, max_cells)
    }

    /// A grid over the rectangle `[left, left + width) × [top, top + height)` instead of one
    /// starting at `(0, 0)`, where `corner` is `[left, top]`: an endless world's chunk and its
    /// margin, say. Checks as [`Grid::with_limit`], and the corner must be finite.
    pub fn with_origin(
        corner: [f64; 2],
        width: f64,
        height: f64,
        cell: f64,
        max_cells: usize,
    ) -> Result<Self> {
        let [left, top] = corner;
        if !(left.is_finite() && top.is_finite()) {
            return Err(Error::Invalid {
                message: format!("a grid's corner must be finite, got ({left}, {top})"),
            });
        }
        // Cells hold 32-bit point numbers, and a grid never holds more points than cells.
        let max_cells = max_cells.min(u32::MAX as usize - 1);
        let width = positive("width", width)?;
        let height = positive("height", height)?;
        // The cell side is derived (radius / √2), so only its sign is checked here: the cell
        // limit below bounds it from beneath, and one cell is the most a huge side can give.
        if !(cell.is_finite() && cell > 0.0) {
            return Err(Error::NotPositive {
                name: "cell size",
                value: cell,
            });
        }
        // At least one column and row, even when the map is far narrower than a cell.
        let size = [width, height];
        let named = ("cell size", cell, 1.0);
        fit_cells(named, &map_size(&size), &size, (cell, 0.0), max_cells)?;
        Ok(Self::over(left, top, width, height, cell))
    }

    /// [`Grid::with_origin`] without the checks, for a caller that made them (an endless
    /// world's chunk, whose margin may take it past the length range).
    pub(crate) fn over(left: f64, top: f64, width: f64, height: f64, cell: f64) -> Self {
        let cols = (width / cell).ceil().max(1.0);
        let rows = (height / cell).ceil().max(1.0);
        let mut grid = Self::plane([left, top, width, height], [cell, cell], cols, rows);
        // Reach ≤ 2 (r ≤ 2 · cell) fits the padded block; a radius of 1e100 or more goes the
        // long way, where its square cannot overflow.
        grid.fast_radius = (2.0 * cell).min(1e100f64.next_down());
        grid
    }

    /// An empty grid of `cols × rows` cells over `[left, top, width, height]`, on the plane and
    /// with no fast path yet; the constructors checked everything. Its block is the whole
    /// padded 5 × 5.
    pub(super) fn plane(area: [f64; 4], cell: [f64; 2], cols: f64, rows: f64) -> Self {
        let [left, top, width, height] = area;
        let counts = [cols as usize, rows as usize];
        Self::build(([left, top], [width, height]), cell, counts, PAD, |_| true)
    }

    /// Map width.
    pub fn width(&self) -> f64 {
        self.size[0]
    }
    /// Map height.
    pub fn height(&self) -> f64 {
        self.size[1]
    }
    /// The map's left edge (0 but for [`Grid::with_origin`]).
    pub fn left(&self) -> f64 {
        self.origin[0]
    }
    /// The map's top edge (0 but for [`Grid::with_origin`]).
    pub fn top(&self) -> f64 {
        self.origin[1]
    }
    /// Height of a cell: [`Grid::cell`] but on a torus, whose cells divide the map exactly.
    pub fn cell_height(&self) -> f64 {
        self.cell[1]
    }
    /// True for a grid made by [`Grid::torus`]: opposite edges meet.
    pub fn is_torus(&self) -> bool {
        self.torus
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.counts[0]
    }
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.counts[1]
    }
    /// The smallest radius of the points stored so far (infinite while there are none).
    pub fn min_radius(&self) -> f64 {
        self.min_radius
    }

    /// The cell holding `(x, y)`, clamped to the grid (a coordinate just under the edge can round
    /// onto the next cell; negative or NaN coordinates go to cell 0).
    #[inline]
    pub fn cell_of(&self, x: f64, y: f64) -> (usize, usize) {
        // Truncating toward zero is floor(x / cell) for x ≥ 0, and anything below 0 (or NaN)
        // saturates to column 0. A grid has fewer than 2^32 cells, so a saturating cast to u32
        // and a clamp cover every column; it is several times cheaper than floor() followed by
        // a cast to usize.
        let col = (((x - self.origin[0]) / self.cell[0]) as u32).min(self.counts[0] as u32 - 1);
        let row = (((y - self.origin[1]) / self.cell[1]) as u32).min(self.counts[1] as u32 - 1);
        (col as usize, row as usize)
    }

    /// The longer side of a cell: a point of radius below `largest_cell · √2` could share one.
    pub(crate) fn largest_cell(&self) -> f64 {
        self.cell[0].max(self.cell[1])
    }

    /// The stored index in cell `(col, row)`, if any.
    pub fn cell_point(&self, col: usize, row: usize) -> Option<usize> {
        if col >= self.cols() || row >= self.rows() {
            return None;
        }
        match self.cells.get(self.slot(col, row)) {
            Some(&i) if i != EMPTY => Some(i as usize - 1),
            _ => None,
        }
    }

    /// Where cell `(col, row)` lives in the padded `cells`.
    #[inline]
    pub(super) fn slot(&self, col: usize, row: usize) -> usize {
        (row + PAD) * self.strides[1] + col + PAD
    }

    /// The block of cells a query for a point of radius `r` at `(x, y)` must search:
    /// `(col_start, col_end, row_start, row_end)`, inclusive.
    #[inline]
    pub(super) fn block(&self, x: f64, y: f64, r: f64) -> (usize, usize, usize, usize) {
        let (col, row) = self.cell_of(x, y);
        let (reach_x, reach_y) = self.reach(r);
        (
            col.saturating_sub(reach_x),
            (col + reach_x).min(self.cols() - 1),
            row.saturating_sub(reach_y),
            (row + reach_y).min(self.rows() - 1),
        )
    }

    /// Columns and rows a query of radius `r` must search each side of its cell,
    /// `ceil(r / cell)`; a huge radius reaches everything, clamped so nothing overflows.
    #[inline]
    pub(super) fn reach(&self, r: f64) -> (usize, usize) {
        let most = self.cols() + self.rows();
        let reach = |side: f64| {
            let reach = (r / side).ceil();
            if reach < most as f64 {
                reach as usize
            } else {
                most
            }
        };
        (reach(self.cell[0]), reach(self.cell[1]))
    }

    /// Stores a point and returns its index in [`Grid::points`]. It does not check the spacing:
    /// call [`Grid::is_free`] first. A point whose cell is already taken is refused with an error,
    /// because the grid can only hold one point per cell (radius below `cell · √2`).
    pub fn add(&mut self, x: f64, y: f64, r: f64) -> Result<usize> {
        let (col, row) = self.cell_of(x, y);
        let at = self.slot(col, row);
        if self.cells[at] != EMPTY {
            return Err(Error::Invalid {
                message: format!(
                    "cell ({col}, {row}) already holds a point: radius {r} is below this grid's cell × √2"
                ),
            });
        }
        Ok(self.store(at, Point { x, y, r }))
    }

    /// Stores a point of radius `r` at `(x, y)` if it lies on the map and keeps its distance from
    /// every stored point; returns its index, or `None` when it was refused.
    pub fn insert_if_free(&mut self, x: f64, y: f64, r: f64) -> Option<usize> {
        let ([left, top], [width, height]) = (self.origin, self.size);
        let on_map = x >= left && y >= top && x < left + width && y < top + height;
        let fits = r.is_finite() && r >= self.largest_cell() * SQRT_2 * (1.0 - 1e-12);
        if on_map && fits && self.is_free(x, y, r) {
            Some(self.add_unchecked(x, y, r))
        } else {
            None
        }
    }

    /// Stores a point the caller has already checked, without the occupancy test. Used on the
    /// samplers' hot path, where the spacing rule guarantees an empty cell.
    #[inline]
    pub(crate) fn add_unchecked(&mut self, x: f64, y: f64, r: f64) -> usize {
        let (col, row) = self.cell_of(x, y);
        self.store(self.slot(col, row), Point { x, y, r })
    }

    /// The stored points from index `start` on, giving up the grid (no copy when `start` is 0
    /// but for a shift by one slot).
    pub fn into_points(mut self, start: usize) -> Vec<Point> {
        self.take_points(start)
    }
}

/// The checks of [`Grid::for_radius`], in its words: width, height and radius finite and
/// positive, and the map's cells of side `radius / √2` (the padding left out) within
/// [`DEFAULT_MAX_CELLS`]. The map's sides and that cell side.
fn cell_for_radius(width: f64, height: f64, radius: f64) -> Result<([f64; 2], f64)> {
    let width = positive("width", width)?;
    let height = positive("height", height)?;
    let radius = positive("radius", radius)?;
    let size = [width, height];
    let cell = radius / SQRT_2;
    let limit = DEFAULT_MAX_CELLS;
    fit_cells(
        ("radius", radius, SQRT_2),
        &map_size(&size),
        &size,
        (cell, 0.0),
        limit,
    )?;
    Ok((size, cell))
}

impl Grid<2, [f64; 2]> {
    /// The 2D fast sampler's grid ([`crate::fast`]): bare coordinates on `[0, width) × [0,
    /// height)` at spacing `radius`, cells of side exactly `radius / √2` (the plane's, not the
    /// box's hair under it), padded by `pad` cells so its block (`2·pad + 1` cells a side) needs
    /// no bounds checks. Checked, and worded, as [`Grid::for_radius`].
    pub(crate) fn for_fast(width: f64, height: f64, radius: f64, pad: usize) -> Result<Self> {
        let (size, cell) = cell_for_radius(width, height, radius)?;
        let counts = size.map(|s| (s / cell).ceil().max(1.0) as usize);
        let mut grid = Self::build(([0.0; 2], size), [cell; 2], counts, pad, |_| true);
        (grid.spacing, grid.spacing2) = (radius, radius * radius);
        grid.fast_radius = radius;
        Ok(grid)
    }

    /// The cell `(col, row)` of `(x, y)` on this grid from (0, 0): each coordinate times
    /// `1 / cell`, truncated and clamped to the map (negative or NaN to 0). The fast sampler's
    /// rounding, which its order of turns follows; one multiplication, where `cell_of` divides.
    #[inline(always)]
    pub(crate) fn cell_from_zero(&self, x: f64, y: f64) -> (usize, usize) {
        let col = ((x * self.inv_cell[0]) as usize).min(self.counts[0] - 1);
        let row = ((y * self.inv_cell[1]) as usize).min(self.counts[1] - 1);
        (col, row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smaller_radius_decides() {
        let mut g = Grid::new(100.0, 100.0, 5.0).unwrap();
        g.add(50.0, 50.0, 20.0).unwrap();
        // 10 away: too close for another radius-20 point, fine for a radius-8 one.
        assert!(!g.is_free(60.0, 50.0, 20.0));
        assert!(g.is_free(60.0, 50.0, 8.0));
        assert_eq!(g.conflict(60.0, 50.0, 12.0), Some(0));
    }

    #[test]
    fn edge_coordinates_clamp_to_last_cell() {
        let g = Grid::new(10.0, 10.0, 3.0).unwrap();
        assert_eq!((g.cols(), g.rows()), (4, 4));
        assert_eq!(g.cell_of(9.999_999, 9.999_999), (3, 3));
        assert_eq!(g.cell_of(-5.0, f64::NAN), (0, 0));
    }

    #[test]
    fn probe_reports_what_is_free_checks() {
        let mut g = Grid::new(100.0, 100.0, 7.0).unwrap();
        g.add(10.0, 10.0, 10.0).unwrap();
        g.add(30.0, 10.0, 10.0).unwrap();
        let p = g.probe(18.0, 10.0, 10.0);
        assert_eq!(p.checked(), 2);
        assert!(!p.is_free());
        assert_eq!(p.is_free(), g.is_free(18.0, 10.0, 10.0));
        assert!(p
            .neighbours
            .iter()
            .any(|n| n.index == 0 && n.conflict && n.distance == 8.0));
        assert!(p
            .neighbours
            .iter()
            .any(|n| n.index == 1 && !n.conflict && n.distance == 12.0));
    }

    #[test]
    fn too_many_cells_says_what_to_change() {
        let e = Grid::for_radius(880.0, 480.0, 0.01).unwrap_err();
        let msg = e.to_string();
        // 124 451 × 67 883 cells; the limit 2^25 = 33 554 432 is shown rounded down; the advice
        // is the smallest radius whose grid fits, rounded up (0.1587 → 0.16).
        assert_eq!(
            msg,
            "radius 0.01 on 880 × 480 needs 8.4 G grid cells; the limit is 33.5 M; \
             use a radius ≥ 0.16"
        );
        assert!(Grid::for_radius(880.0, 480.0, 0.16).is_ok());
        assert!(Grid::for_radius(880.0, 480.0, 0.15).is_err());
    }

    #[test]
    fn occupied_cell_is_an_error_not_an_overwrite() {
        let mut g = Grid::new(10.0, 10.0, 5.0).unwrap();
        g.add(1.0, 1.0, 1.0).unwrap();
        assert!(g.add(2.0, 2.0, 1.0).is_err());
        assert_eq!(g.points().len(), 1);
    }

    #[test]
    fn the_plain_test_answers_as_the_search_does() {
        // Guards: a row or column of the 5 × 5 block left out, a row read one cell off, an
        // inline copy not written (or not cleared), or the plain test offered on a grid that
        // keeps no inline copy.
        let r = 2.0;
        let mut g = Grid::for_radius(120.0, 90.0, r).unwrap();
        let mut rng = crate::base::rng::ParkMiller::new(5).unwrap();
        let mut draw = |side: f64| rng.next_f64() * side;
        for _ in 0..4000 {
            let (x, y) = (draw(120.0), draw(90.0));
            let _ = g.insert_if_free(x, y, r);
        }
        assert!(g.points().len() > 1000);
        let crowd = g.crowd(r).expect("a small grid keeps inline coordinates");
        let (mut crowded, mut free) = (0, 0);
        for _ in 0..20_000 {
            let (x, y) = (draw(120.0), draw(90.0));
            let searched = g.conflict(x, y, r).is_some();
            assert_eq!(crowd.crowded(&g, x, y), searched, "({x}, {y})");
            if searched {
                crowded += 1
            } else {
                free += 1
            }
        }
        assert!(
            crowded > 1000 && free > 100,
            "{crowded} crowded, {free} free"
        );
        g.clear();
        assert!(!crowd.crowded(&g, 60.0, 45.0), "a cleared grid is empty");
        let big = Grid::for_radius(8000.0, 8000.0, r).unwrap();
        assert!(big.crowd(r).is_none(), "no inline copy past INLINE_CELLS");
    }
}
