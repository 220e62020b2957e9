//! A grid whose opposite edges meet ([`Grid::torus`]): distances to the nearest copy of each
//! point, candidates wrapped back onto the map, and the wrapped walk of the spacing query.

use super::cells::{fit_cells, map_size, Grid, EMPTY};
use super::query::{closer_than, Spacing};
use crate::base::error::{positive, short, Error, Result, DEFAULT_MAX_CELLS};
use crate::base::point::Point;
use std::f64::consts::SQRT_2;

impl Grid {
    /// [`Grid::conflict`] on a torus: the wrapped block of cells around `(col, row)`, each
    /// column and row once however far the reach wraps, with distances to the nearest copy.
    pub(super) fn conflict_on_torus<S: Spacing>(
        &self,
        col: usize,
        row: usize,
        x: f64,
        y: f64,
        rule: S,
    ) -> Option<usize> {
        let (cols, rows) = (self.cols(), self.rows());
        let (reach_x, reach_y) = self.reach(rule.reach());
        let (reach_x, reach_y) = (reach_x.min(cols), reach_y.min(rows));
        let ncols = (2 * reach_x + 1).min(cols);
        let nrows = (2 * reach_y + 1).min(rows);
        // The first column and row, moved up by whole turns so the subtraction cannot wrap.
        let c0 = col + cols * (reach_x / cols + 1) - reach_x;
        let r0 = row + rows * (reach_y / rows + 1) - reach_y;
        for i in 0..nrows {
            let rr = (r0 + i) % rows;
            for j in 0..ncols {
                let at = self.cells[self.slot((c0 + j) % cols, rr)];
                if at == EMPTY {
                    continue;
                }
                let p = &self.stored[at as usize];
                let dx = torus_delta(x, p.x, self.size[0]);
                let dy = torus_delta(y, p.y, self.size[1]);
                if dx * dx + dy * dy < rule.limit2(at, p) {
                    return Some(at as usize - 1);
                }
            }
        }
        None
    }

    /// [`Grid::too_close`] on a torus: to the nearest copy of `p` ([`torus_delta`]).
    #[inline]
    pub(super) fn too_close_on_torus(&self, p: &Point, x: f64, y: f64, r: f64) -> bool {
        let dx = torus_delta(x, p.x, self.size[0]);
        let dy = torus_delta(y, p.y, self.size[1]);
        closer_than(dx, dy, p.r, r)
    }

    /// Brings a candidate thrown off one edge of a torus back in on the other (nothing changes
    /// on a plane): `x` and `y` within one map of the edges move by one width or height (a
    /// tileable sampler's candidates, at most `2r ≤` the map away); anything farther out is
    /// reduced with `rem_euclid`.
    #[inline]
    pub fn wrap(&self, x: f64, y: f64) -> (f64, f64) {
        if !self.torus {
            return (x, y);
        }
        let wrap = |v: f64, period: f64| {
            let w = wrap_into(v, period);
            if (0.0..period).contains(&w) || w.is_nan() {
                w
            } else {
                // Only a radius rule wider than half the map throws this far.
                let m = v.rem_euclid(period);
                if m < period {
                    m
                } else {
                    0.0
                }
            }
        };
        (wrap(x, self.size[0]), wrap(y, self.size[1]))
    }
}

/// The signed offset from `a` to the nearest copy of `b` on a circle of length `period`:
/// a value in `[−period/2, period/2]`.
///
/// ```
/// use poisson_live::wrap::torus_delta;
/// assert_eq!(torus_delta(1.0, 9.0, 10.0), -2.0); // 9 is 2 to the left of 1, across the seam
/// assert_eq!(torus_delta(1.0, 4.0, 10.0), 3.0);
/// ```
#[inline]
pub fn torus_delta(a: f64, b: f64, period: f64) -> f64 {
    let mut d = b - a;
    if d.abs() >= period {
        d = d.rem_euclid(period);
    }
    // Written so that swapping `a` and `b` gives exactly the negated offset (for points on the
    // map): the distance from a to b is then the distance from b to a, to the bit.
    if d > 0.5 * period {
        d - period
    } else if d < -0.5 * period {
        d + period
    } else {
        d
    }
}

/// The squared distance between `[ax, ay]` and the nearest copy of `[bx, by]` on a
/// `width × height` torus.
#[inline]
pub fn torus_distance2([ax, ay]: [f64; 2], [bx, by]: [f64; 2], [width, height]: [f64; 2]) -> f64 {
    let dx = torus_delta(ax, bx, width);
    let dy = torus_delta(ay, by, height);
    dx * dx + dy * dy
}

/// Brings `v` (within one period of the map) back into `[0, period)`.
#[inline]
fn wrap_into(v: f64, period: f64) -> f64 {
    let mut v = v;
    if v < 0.0 {
        v += period;
    }
    // Also catches −tiny + period rounding up to exactly `period`.
    if v >= period {
        v -= period;
    }
    v
}

/// Checks width, height and radius for a wrapped map: finite, > 0, and the map at least `2r`
/// across in each direction (a smaller torus would bring a point's own copies into its ring).
pub(crate) fn tileable(width: f64, height: f64, radius: f64) -> Result<(f64, f64, f64)> {
    let width = positive("width", width)?;
    let height = positive("height", height)?;
    let radius = positive("radius", radius)?;
    let side = width.min(height);
    if side < 2.0 * radius {
        return Err(Error::Invalid {
            message: format!(
                "a tileable map must be at least 2 × radius across: {} × {} is too small for radius {}; use a radius ≤ {}",
                short(width),
                short(height),
                short(radius),
                short(side / 2.0)
            ),
        });
    }
    Ok((width, height, radius))
}

impl Grid {
    /// The wrapped grid a tileable sampler of spacing `radius` needs on a `width × height` torus:
    /// `cols × rows` cells that divide the map exactly (so the last column is as wide as the
    /// first, and wrapped indices are true neighbours), each at most `radius / √2` on a side.
    ///
    /// The map must be at least `2 × radius` across each way (a smaller torus would bring a
    /// point's own copies into its ring), and the grid within the work limit.
    pub fn torus(width: f64, height: f64, radius: f64) -> Result<Self> {
        let (width, height, radius) = tileable(width, height, radius)?;
        let target = radius / SQRT_2;
        let size = [width, height];
        let map = format!("a tileable {}", map_size(&size));
        let limit = DEFAULT_MAX_CELLS;
        fit_cells(
            ("radius", radius, SQRT_2),
            &map,
            &size,
            (target, 0.0),
            limit,
        )?;
        let cols_f = (width / target).ceil();
        let rows_f = (height / target).ceil();
        let (cols_f, rows_f) = (cols_f.max(1.0), rows_f.max(1.0));
        let cell = [width / cols_f, height / rows_f];
        let mut grid = Self::plane([0.0, 0.0, width, height], cell, cols_f, rows_f);
        grid.torus = true;
        Ok(grid)
    }
}
