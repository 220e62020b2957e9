//! The background grid: Bridson's trick for answering "is anything too close?" in constant time.
//!
//! The map is cut into square cells small enough (side ≤ r/√2, so a cell's diagonal is at most r)
//! that no cell can hold two points. A query then only looks at the few cells within reach of
//! the candidate instead of at every point placed so far.
//!
//! Every stored point keeps its own radius. Two points conflict when they are closer than the
//! *smaller* of their radii, which lets a grid hold layers of different spacing, or a forest
//! whose spacing varies, at once.

use crate::error::{positive, Error, Result, DEFAULT_MAX_CELLS};
use crate::Point;

/// A cell holding no point. Stored points are numbered from 1 in `cells`; slot 0 of `stored`
/// is [`FAR_AWAY`], so reading an empty cell yields a point that never conflicts and the hot
/// loop needs no test for emptiness.
const EMPTY: u32 = 0;
/// The sentinel behind empty cells: far off the map, with an infinite radius so that the smaller
/// radius is always the candidate's own. Its squared distance to any map point is about 2e300,
/// still finite, and larger than any r² the fast path accepts (see `conflict`).
const FAR_AWAY: Point = Point {
    x: -1e150,
    y: -1e150,
    r: f64::INFINITY,
};
/// Empty cells kept around the map on every side, so the common query (reach 2) can read its
/// whole 5 × 5 block without bounds checks.
const PAD: usize = 2;

/// Offsets, in padded cells, of the 5 × 5 block around a cell, nearest cells first: a candidate
/// that is too close is usually caught by its own or an adjacent cell, so most refusals stop
/// after a few reads. The answer (free or not) does not depend on the order.
const NEAR_FIRST: [(i8, i8); 25] = [
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

/// A background grid over a `width × height` map holding points with per-point radii.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    width: f64,
    height: f64,
    cell: f64,
    cols: usize,
    rows: usize,
    /// Row length of `cells`, padding included.
    stride: usize,
    /// `(cols + 2·PAD) × (rows + 2·PAD)` indices into `stored`, `EMPTY` where there is none.
    cells: Vec<u32>,
    /// `NEAR_FIRST` as offsets into `cells`.
    near_first: [isize; 25],
    /// [`FAR_AWAY`], then every stored point in insertion order.
    stored: Vec<Point>,
}

/// What [`Grid::probe`] found: the block of cells it searched and every stored point in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Probe {
    /// First searched column.
    pub col_start: usize,
    /// Last searched column (inclusive).
    pub col_end: usize,
    /// First searched row.
    pub row_start: usize,
    /// Last searched row (inclusive).
    pub row_end: usize,
    /// Each stored point found in the block, in scan order (rows outer, columns inner).
    pub neighbours: Vec<Neighbour>,
}

impl Probe {
    /// True when no stored point conflicts: a point could be added here.
    pub fn is_free(&self) -> bool {
        self.neighbours.iter().all(|n| !n.conflict)
    }

    /// How many stored points the query had to check.
    pub fn checked(&self) -> usize {
        self.neighbours.len()
    }
}

/// One stored point met by a [`Probe`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Neighbour {
    /// Its index in [`Grid::points`].
    pub index: usize,
    /// Its distance to the probe.
    pub distance: f64,
    /// True when it is closer than the smaller of the two radii.
    pub conflict: bool,
}

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
        let width = positive("width", width)?;
        let height = positive("height", height)?;
        let radius = positive("radius", radius)?;
        Self::new(width, height, radius / std::f64::consts::SQRT_2).map_err(|e| match e {
            Error::TooMuchWork {
                what,
                needed,
                limit,
                ..
            } => {
                let min_cell = min_cell_for(width, height, limit);
                Error::TooMuchWork {
                    subject: format!(
                        "radius {} on {}",
                        crate::error::short(radius),
                        map_size(width, height)
                    ),
                    what,
                    needed,
                    limit,
                    hint: format!(
                        "use a radius ≥ {}",
                        crate::error::round_up(min_cell * std::f64::consts::SQRT_2)
                    ),
                }
            }
            other => other,
        })
    }

    /// Like [`Grid::new`] with a custom limit on the number of cells.
    pub fn with_limit(width: f64, height: f64, cell: f64, max_cells: usize) -> Result<Self> {
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
        let cols_f = (width / cell).ceil().max(1.0);
        let rows_f = (height / cell).ceil().max(1.0);
        let needed = cols_f * rows_f;
        if needed > max_cells as f64 {
            return Err(Error::TooMuchWork {
                subject: format!(
                    "cell size {} on {}",
                    crate::error::short(cell),
                    map_size(width, height)
                ),
                what: "grid cells",
                needed,
                limit: max_cells,
                hint: format!(
                    "use a cell size ≥ {}",
                    crate::error::round_up(min_cell_for(width, height, max_cells))
                ),
            });
        }
        let (cols, rows) = (cols_f as usize, rows_f as usize);
        let stride = cols + 2 * PAD;
        let near_first =
            NEAR_FIRST.map(|(dc, dr)| isize::from(dr) * stride as isize + isize::from(dc));
        Ok(Self {
            width,
            height,
            cell,
            cols,
            rows,
            stride,
            cells: vec![EMPTY; stride * (rows + 2 * PAD)],
            near_first,
            stored: vec![FAR_AWAY],
        })
    }

    /// Map width.
    pub fn width(&self) -> f64 {
        self.width
    }
    /// Map height.
    pub fn height(&self) -> f64 {
        self.height
    }
    /// Side of a cell.
    pub fn cell(&self) -> f64 {
        self.cell
    }
    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Every point stored so far, from every sampler that shares this grid, in insertion order.
    pub fn points(&self) -> &[Point] {
        &self.stored[1..]
    }

    /// The cell holding `(x, y)`, clamped to the grid (a coordinate just under the edge can round
    /// onto the next cell; negative or NaN coordinates go to cell 0).
    #[inline]
    pub fn cell_of(&self, x: f64, y: f64) -> (usize, usize) {
        // Truncating toward zero is floor(x / cell) for x ≥ 0, and anything below 0 (or NaN, which
        // casts to 0) lands in column 0 after clamping either way. Casting to i64 and clamping
        // is several times cheaper than floor() followed by a saturating cast to usize.
        let col = ((x / self.cell) as i64).clamp(0, self.cols as i64 - 1) as usize;
        let row = ((y / self.cell) as i64).clamp(0, self.rows as i64 - 1) as usize;
        (col, row)
    }

    /// The stored index in cell `(col, row)`, if any.
    pub fn cell_point(&self, col: usize, row: usize) -> Option<usize> {
        if col >= self.cols || row >= self.rows {
            return None;
        }
        match self.cells.get(self.slot(col, row)) {
            Some(&i) if i != EMPTY => Some(i as usize - 1),
            _ => None,
        }
    }

    /// Where cell `(col, row)` lives in the padded `cells`.
    #[inline]
    fn slot(&self, col: usize, row: usize) -> usize {
        (row + PAD) * self.stride + col + PAD
    }

    /// The block of cells a query for a point of radius `r` at `(x, y)` must search:
    /// `(col_start, col_end, row_start, row_end)`, inclusive.
    #[inline]
    fn block(&self, x: f64, y: f64, r: f64) -> (usize, usize, usize, usize) {
        let (col, row) = self.cell_of(x, y);
        let reach = (r / self.cell).ceil();
        // A huge radius reaches everything: clamp before converting so nothing overflows.
        let reach = if reach < (self.cols + self.rows) as f64 {
            reach as usize
        } else {
            self.cols + self.rows
        };
        (
            col.saturating_sub(reach),
            (col + reach).min(self.cols - 1),
            row.saturating_sub(reach),
            (row + reach).min(self.rows - 1),
        )
    }

    /// The first stored point (rows outer, columns inner) closer to `(x, y)` than the smaller of
    /// its radius and `r`, if any.
    #[inline]
    pub fn conflict(&self, x: f64, y: f64, r: f64) -> Option<usize> {
        if r.is_nan() || r <= 0.0 {
            return None; // no radius (or NaN): nothing can be closer than it
        }
        let (col, row) = self.cell_of(x, y);
        let centre = self.slot(col, row);
        if r <= 2.0 * self.cell && r < 1e100 {
            // Reach ≤ 2, as for every classic sampler (r = cell · √2): the padded 5 × 5 block,
            // nearest cells first, so a refused candidate usually stops after a read or two. An
            // empty cell reads as the far-away sentinel, so there is no emptiness test to
            // mispredict — only "is this one too close?", which is almost always no.
            for &offset in &self.near_first {
                let i = self.cells[centre.wrapping_add_signed(offset)];
                if self.too_close(&self.stored[i as usize], x, y, r) {
                    return Some(i as usize - 1);
                }
            }
            return None;
        }
        let (c0, c1, r0, r1) = self.block(x, y, r);
        if (c1 - c0 + 1) * (r1 - r0 + 1) > self.stored.len() {
            // A radius many cells wide (a big layer on a fine shared grid) would read more cells
            // than there are points: reading the points is then cheaper, and gives the same answer.
            return (1..self.stored.len())
                .find(|&i| self.too_close(&self.stored[i], x, y, r))
                .map(|i| i - 1);
        }
        for row in r0..=r1 {
            let start = self.slot(c0, row);
            for &i in &self.cells[start..=start + (c1 - c0)] {
                if i != EMPTY && self.too_close(&self.stored[i as usize], x, y, r) {
                    return Some(i as usize - 1);
                }
            }
        }
        None
    }

    /// Whether `p` is closer to `(x, y)` than the smaller of its radius and `r`.
    #[inline(always)]
    fn too_close(&self, p: &Point, x: f64, y: f64, r: f64) -> bool {
        let dx = p.x - x;
        let dy = p.y - y;
        // Radii are validated (never NaN), so a plain comparison picks the smaller one; it is
        // cheaper than f64::min, which must handle NaN.
        let m = if p.r < r { p.r } else { r };
        dx * dx + dy * dy < m * m
    }

    /// True when a point of radius `r` at `(x, y)` keeps its distance from every stored point.
    #[inline]
    pub fn is_free(&self, x: f64, y: f64, r: f64) -> bool {
        self.conflict(x, y, r).is_none()
    }

    /// The same query as [`Grid::is_free`], reporting everything it looked at: the grid lab draws
    /// the searched cells and a line to every neighbour.
    pub fn probe(&self, x: f64, y: f64, r: f64) -> Probe {
        let (col_start, col_end, row_start, row_end) = self.block(x, y, r);
        let mut neighbours = Vec::new();
        for row in row_start..=row_end {
            for col in col_start..=col_end {
                if let Some(index) = self.cell_point(col, row) {
                    let p = &self.stored[index + 1];
                    let (dx, dy) = (p.x - x, p.y - y);
                    neighbours.push(Neighbour {
                        index,
                        distance: (dx * dx + dy * dy).sqrt(),
                        // The very test `conflict` uses, so the lab never disagrees with it.
                        conflict: r > 0.0 && self.too_close(p, x, y, r),
                    });
                }
            }
        }
        Probe {
            col_start,
            col_end,
            row_start,
            row_end,
            neighbours,
        }
    }

    /// Stores a point and returns its index in [`Grid::points`]. It does not check the spacing:
    /// call [`Grid::is_free`] first. A point whose cell is already taken is refused with an error,
    /// because the grid can only hold one point per cell (radius below `cell · √2`).
    pub fn add(&mut self, x: f64, y: f64, r: f64) -> Result<usize> {
        let (col, row) = self.cell_of(x, y);
        let at = self.slot(col, row);
        let slot = &mut self.cells[at];
        if *slot != EMPTY {
            return Err(Error::Invalid {
                message: format!(
                    "cell ({col}, {row}) already holds a point: radius {r} is below this grid's cell × √2"
                ),
            });
        }
        let index = self.stored.len() - 1;
        *slot = index as u32 + 1;
        self.stored.push(Point { x, y, r });
        Ok(index)
    }

    /// Stores a point of radius `r` at `(x, y)` if it lies on the map and keeps its distance from
    /// every stored point; returns its index, or `None` when it was refused.
    pub fn insert_if_free(&mut self, x: f64, y: f64, r: f64) -> Option<usize> {
        let on_map = x >= 0.0 && y >= 0.0 && x < self.width && y < self.height;
        let fits = r.is_finite() && r >= self.cell * std::f64::consts::SQRT_2 * (1.0 - 1e-12);
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
        let index = self.stored.len() - 1;
        let at = self.slot(col, row);
        self.cells[at] = index as u32 + 1;
        self.stored.push(Point { x, y, r });
        index
    }

    /// The stored points from index `start` on, giving up the grid (no copy when `start` is 0
    /// but for a shift by one slot).
    pub fn into_points(self, start: usize) -> Vec<Point> {
        let Self {
            cells, mut stored, ..
        } = self;
        drop(cells); // free the cells before anything else happens to the points
        stored.drain(..=start.min(stored.len() - 1));
        stored
    }

    /// Empties the grid, keeping its size and allocation.
    pub fn clear(&mut self) {
        self.cells.fill(EMPTY);
        self.stored.truncate(1);
    }
}

/// `720 × 400`, as a message names a map.
fn map_size(width: f64, height: f64) -> String {
    format!(
        "{} × {}",
        crate::error::short(width),
        crate::error::short(height)
    )
}

/// The smallest cell side that keeps a `width × height` grid within `limit` cells.
///
/// `ceil` adds at most one column and one row, so a cell `c` is safe when
/// `(w/c + 1)(h/c + 1) ≤ limit`; solving that quadratic in `u = 1/c` gives the bound exactly,
/// however long and thin the map is.
fn min_cell_for(width: f64, height: f64, limit: usize) -> f64 {
    // Scaled by the longer side so nothing overflows or underflows, and written in the form
    // 2c / (b + √(b² + 4ac)) that does not cancel on long thin maps.
    let scale = width.max(height);
    let (w, h, n) = (width / scale, height / scale, limit as f64);
    let (a, b) = (w * h, w + h);
    let u = 2.0 * (n - 1.0) / (b + (b * b + 4.0 * a * (n - 1.0)).sqrt());
    // A hair larger than the exact root, so rounding in the division cannot tip it over.
    scale / u * (1.0 + 1e-9)
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
}
