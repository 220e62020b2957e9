// Step 4: the background grid, which answers "is there a point too close?" by looking only at
// nearby cells instead of at every point.

use crate::random::check_positive;

/// A placed point with the spacing it keeps.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
    pub r: f64,
}

/// The most cells a grid may have (the crate's limit too): a tiny cell on a big map would
/// otherwise ask for more memory than the machine has.
pub const MAX_CELLS: f64 = 33_554_432.0; // 2^25

pub struct Grid {
    pub width: f64,
    pub height: f64,
    cell: f64,
    cols: usize,
    rows: usize,
    /// Per cell, the index of its point in `points`, or `None`.
    cells: Vec<Option<usize>>,
    /// The grid's own list: with several layers on one grid it holds every layer's points.
    pub points: Vec<Point>,
}

impl Grid {
    /// With cells of r / √2 a cell's diagonal is r, so two points r apart never share a cell and
    /// one slot per cell is enough.
    pub fn new(width: f64, height: f64, cell: f64) -> Result<Grid, String> {
        check_positive("width", width)?;
        check_positive("height", height)?;
        check_positive("the cell", cell)?;
        let (cols, rows) = ((width / cell).ceil(), (height / cell).ceil());
        if cols * rows > MAX_CELLS {
            return Err(format!(
                "a cell of {cell} is too small for a {width} × {height} map"
            ));
        }
        Ok(Grid {
            width,
            height,
            cell,
            cols: cols as usize,
            rows: rows as usize,
            cells: vec![None; cols as usize * rows as usize],
            points: Vec::new(),
        })
    }

    /// Whether points of spacing `r` can share this grid: a cell must hold at most one of them.
    pub fn fits(&self, r: f64) -> bool {
        r / std::f64::consts::SQRT_2 >= self.cell
    }

    // x just under the width can round to `cols`; such a point belongs in the last column.
    fn col_of(&self, x: f64) -> usize {
        ((x / self.cell).floor() as usize).min(self.cols - 1)
    }

    fn row_of(&self, y: f64) -> usize {
        ((y / self.cell).floor() as usize).min(self.rows - 1)
    }

    pub fn add(&mut self, x: f64, y: f64, r: f64) {
        let at = self.row_of(y) * self.cols + self.col_of(x);
        self.cells[at] = Some(self.points.len());
        self.points.push(Point { x, y, r });
    }

    /// The index of a stored point too close to (x, y), if any. Each point keeps its own radius;
    /// two points must be the smaller of their radii apart, and a point of radius r can be
    /// blocked from ceil(r / cell) cells away, so look that far.
    pub fn too_close(&self, x: f64, y: f64, r: f64) -> Option<usize> {
        let reach = (r / self.cell).ceil() as usize;
        let (col, row) = (self.col_of(x), self.row_of(y));
        for j in row.saturating_sub(reach)..=(row + reach).min(self.rows - 1) {
            for i in col.saturating_sub(reach)..=(col + reach).min(self.cols - 1) {
                let Some(index) = self.cells[j * self.cols + i] else {
                    continue;
                };
                let p = self.points[index];
                let (dx, dy) = (x - p.x, y - p.y);
                let m = r.min(p.r);
                if dx * dx + dy * dy < m * m {
                    return Some(index);
                }
            }
        }
        None
    }

    pub fn is_free(&self, x: f64, y: f64, r: f64) -> bool {
        self.too_close(x, y, r).is_none()
    }
}
