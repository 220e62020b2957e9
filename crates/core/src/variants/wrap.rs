//! Tileable point sets: Bridson's algorithm on a torus.
//!
//! A texture or a map tile that repeats must keep its spacing across its own edges: a tree near
//! the right edge stands next to the trees near the left edge of the next copy. Plain Bridson
//! never looks across an edge, so two trees can meet at a seam. Here the map is a torus: the
//! distance between two points is measured to the nearest copy of the other
//! (`dx = min(|dx|, w − |dx|)`, the same for `dy`), a candidate thrown off one edge comes back on
//! the other, and the background grid is searched with wrapped cell indices. Every pair of
//! copies then keeps its distance, across every seam, however many times the tile repeats.
//!
//! Draw order ([`poisson_disk_wrapped`], from a Park–Miller generator): the classic Bridson
//! order with wrapped candidates. The first point is `x = f·w`, then `y = f·h`. Each step draws
//! `a = floor(f · active.len)`; then up to `k` times `dx = (f·4 − 2)·r`, then `dy = (f·4 − 2)·r`,
//! both redrawn until `r² ≤ dx² + dy² ≤ 4r²`; the candidate `(px + dx, py + dy)` is wrapped into
//! the map and placed if no point is closer than `r` on the torus. The first placement ends the
//! step; `k` failures retire the point (`active[a] = last`, pop).
//!
//! [`wrap_audit`] finds the closest pair on the torus (the seam audit), and [`seam_conflicts`]
//! lists every pair closer than a spacing there, with the offset to the copy that is too close.

use crate::bridson::MAX_K;
use crate::error::{in_range, positive, Error, Result, DEFAULT_MAX_CELLS};
use crate::rng::ParkMiller;
use crate::Point;
use std::f64::consts::SQRT_2;

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

/// The squared distance between `(ax, ay)` and the nearest copy of `(bx, by)` on a
/// `width × height` torus.
#[inline]
pub fn torus_distance2(ax: f64, ay: f64, bx: f64, by: f64, width: f64, height: f64) -> f64 {
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
fn check_size(width: f64, height: f64, radius: f64) -> Result<(f64, f64, f64)> {
    let width = positive("width", width)?;
    let height = positive("height", height)?;
    let radius = positive("radius", radius)?;
    let side = width.min(height);
    if side < 2.0 * radius {
        return Err(Error::Invalid {
            message: format!(
                "a tileable map must be at least 2 × radius across: {} × {} is too small for radius {}; use a radius ≤ {}",
                crate::error::short(width),
                crate::error::short(height),
                crate::error::short(radius),
                crate::error::short(side / 2.0)
            ),
        });
    }
    Ok((width, height, radius))
}

/// The wrapped background grid: `cols × rows` cells that divide the map exactly (so the last
/// column is as wide as the first, and wrapped indices are true neighbours), each at most
/// `r / √2` on a side, so a cell holds at most one point.
struct TorusGrid {
    width: f64,
    height: f64,
    cols: usize,
    rows: usize,
    cell_w: f64,
    cell_h: f64,
    cells: Vec<u32>,
    points: Vec<Point>,
    /// Columns and rows searched each side of a candidate's cell.
    reach_x: usize,
    reach_y: usize,
}

const EMPTY: u32 = u32::MAX;

impl TorusGrid {
    fn new(width: f64, height: f64, radius: f64) -> Result<Self> {
        let target = radius / SQRT_2;
        let cols_f = (width / target).ceil();
        let rows_f = (height / target).ceil();
        let needed = cols_f * rows_f;
        if needed > DEFAULT_MAX_CELLS as f64 {
            let min_radius = (width * height / DEFAULT_MAX_CELLS as f64).sqrt() * SQRT_2;
            return Err(Error::TooMuchWork {
                subject: format!(
                    "radius {} on a tileable {} × {}",
                    crate::error::short(radius),
                    crate::error::short(width),
                    crate::error::short(height)
                ),
                what: "grid cells",
                needed,
                limit: DEFAULT_MAX_CELLS,
                hint: format!("use a radius ≥ {}", crate::error::round_up(min_radius)),
            });
        }
        let (cols, rows) = (cols_f.max(1.0) as usize, rows_f.max(1.0) as usize);
        let (cell_w, cell_h) = (width / cols as f64, height / rows as f64);
        Ok(Self {
            width,
            height,
            cols,
            rows,
            cell_w,
            cell_h,
            cells: vec![EMPTY; cols * rows],
            points: Vec::new(),
            reach_x: (radius / cell_w).ceil() as usize,
            reach_y: (radius / cell_h).ceil() as usize,
        })
    }

    fn cell_of(&self, x: f64, y: f64) -> (usize, usize) {
        let c = ((x / self.cell_w) as usize).min(self.cols - 1);
        let r = ((y / self.cell_h) as usize).min(self.rows - 1);
        (c, r)
    }

    /// True when no stored point is closer than `radius` to `(x, y)` on the torus.
    fn is_free(&self, x: f64, y: f64, radius: f64) -> bool {
        let (col, row) = self.cell_of(x, y);
        let r2 = radius * radius;
        // Never visit a column or row twice: on a small torus the reach wraps all the way round.
        let ncols = (2 * self.reach_x + 1).min(self.cols);
        let nrows = (2 * self.reach_y + 1).min(self.rows);
        let c0 = col + self.cols * (self.reach_x / self.cols + 1) - self.reach_x;
        let r0 = row + self.rows * (self.reach_y / self.rows + 1) - self.reach_y;
        for i in 0..nrows {
            let rr = (r0 + i) % self.rows;
            for j in 0..ncols {
                let cc = (c0 + j) % self.cols;
                let slot = self.cells[rr * self.cols + cc];
                if slot != EMPTY {
                    let p = &self.points[slot as usize];
                    if torus_distance2(x, y, p.x, p.y, self.width, self.height) < r2 {
                        return false;
                    }
                }
            }
        }
        true
    }

    fn add(&mut self, x: f64, y: f64, r: f64) -> usize {
        let (c, row) = self.cell_of(x, y);
        let index = self.points.len();
        self.cells[row * self.cols + c] = index as u32;
        self.points.push(Point { x, y, r });
        index
    }
}

/// A tileable Poisson disk set: a `width × height` map whose points keep at least `radius` from
/// each other across the map's edges as well, so copies of the map laid side by side never
/// crowd at a seam. `k` tries per step, a 32-bit seed; the draw order is in the module docs.
///
/// The map must be at least `2 × radius` across in each direction; width, height and radius
/// finite and > 0; `k` in `1..=MAX_K`.
///
/// ```
/// use poisson_live::wrap::{poisson_disk_wrapped, wrap_audit};
/// let pts = poisson_disk_wrapped(360.0, 200.0, 20.0, 30, 123456).unwrap();
/// let (_, _, closest) = wrap_audit(&pts, 360.0, 200.0).unwrap();
/// assert!(closest >= 20.0); // even across the seams
/// ```
pub fn poisson_disk_wrapped(
    width: f64,
    height: f64,
    radius: f64,
    k: u32,
    seed: i32,
) -> Result<Vec<Point>> {
    let (width, height, radius) = check_size(width, height, radius)?;
    in_range("k", f64::from(k), 1.0, f64::from(MAX_K))?;
    let mut rng = ParkMiller::new(seed)?;
    let mut grid = TorusGrid::new(width, height, radius)?;
    let mut active: Vec<usize> = Vec::new();

    let x = rng.next_f64() * width;
    let y = rng.next_f64() * height;
    active.push(grid.add(x, y, radius));

    let (lo, hi) = (radius * radius, 4.0 * radius * radius);
    while !active.is_empty() {
        let a = (rng.next_f64() * active.len() as f64) as usize;
        let Point { x: px, y: py, .. } = grid.points[active[a]];
        let mut placed = false;
        for _ in 0..k {
            let (dx, dy) = loop {
                let dx = (rng.next_f64() * 4.0 - 2.0) * radius;
                let dy = (rng.next_f64() * 4.0 - 2.0) * radius;
                let d2 = dx * dx + dy * dy;
                if lo <= d2 && d2 <= hi {
                    break (dx, dy);
                }
            };
            let x = wrap_into(px + dx, width);
            let y = wrap_into(py + dy, height);
            if grid.is_free(x, y, radius) {
                active.push(grid.add(x, y, radius));
                placed = true;
                break;
            }
        }
        if !placed {
            active.swap_remove(a);
        }
    }
    Ok(grid.points)
}

/// The closest pair of `points` on a `width × height` torus, as `(i, j, distance)` with `i < j`:
/// the seam audit. A tileable set passes when the distance is at least its radius. `None` with
/// fewer than two points. Ties go to the smallest `(i, j)`.
///
/// Points outside the map are wrapped into it first. Uses a bucket grid of about one point per
/// cell and searches outward ring by ring, so it is fast for any set, clumped or not.
pub fn wrap_audit(points: &[Point], width: f64, height: f64) -> Option<(usize, usize, f64)> {
    if points.len() < 2 || !(width > 0.0 && height > 0.0 && width.is_finite() && height.is_finite())
    {
        return None;
    }
    let n = points.len();
    let side = (width * height / n as f64).sqrt();
    let cols = ((width / side).floor() as usize).clamp(1, 4096);
    let rows = ((height / side).floor() as usize).clamp(1, 4096);
    let (cell_w, cell_h) = (width / cols as f64, height / rows as f64);
    let bucket = |p: &Point| {
        let x = p.x.rem_euclid(width);
        let y = p.y.rem_euclid(height);
        let c = ((x / cell_w) as usize).min(cols - 1);
        let r = ((y / cell_h) as usize).min(rows - 1);
        r * cols + c
    };
    // Counting sort of the points into cells.
    let mut start = vec![0usize; cols * rows + 1];
    for p in points {
        start[bucket(p) + 1] += 1;
    }
    for i in 0..cols * rows {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut order = vec![0usize; n];
    for (i, p) in points.iter().enumerate() {
        let b = bucket(p);
        order[fill[b]] = i;
        fill[b] += 1;
    }

    let min_cell = cell_w.min(cell_h);
    let max_ring = cols.max(rows);
    let mut best: Option<(usize, usize, f64)> = None;
    let mut best_d2 = f64::INFINITY;
    for (i, p) in points.iter().enumerate() {
        let home = bucket(p);
        let (hc, hr) = ((home % cols) as isize, (home / cols) as isize);
        for ring in 0..=max_ring {
            // After ring `ring − 1` every cell within that many wrapped columns and rows has been
            // searched; any other point is at least (ring − 1) cells away along some axis.
            if ring >= 2 && ((ring - 1) as f64 * min_cell).powi(2) > best_d2 {
                break;
            }
            let k = ring as isize;
            for dr in -k..=k {
                for dc in -k..=k {
                    if dr.abs() != k && dc.abs() != k {
                        continue; // inside the ring: searched already
                    }
                    let c = (hc + dc).rem_euclid(cols as isize) as usize;
                    let r = (hr + dr).rem_euclid(rows as isize) as usize;
                    let b = r * cols + c;
                    for &j in &order[start[b]..start[b + 1]] {
                        if j == i {
                            continue;
                        }
                        let q = &points[j];
                        let d2 = torus_distance2(p.x, p.y, q.x, q.y, width, height);
                        let pair = (i.min(j), i.max(j));
                        let better = match best {
                            None => true,
                            Some((bi, bj, _)) => d2 < best_d2 || (d2 == best_d2 && pair < (bi, bj)),
                        };
                        if better {
                            best_d2 = d2;
                            best = Some((pair.0, pair.1, d2));
                        }
                    }
                }
            }
        }
    }
    best.map(|(i, j, d2)| (i, j, d2.sqrt()))
}

/// A pair of points closer than the spacing on the torus.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeamPair {
    /// The first point's index (`i < j`).
    pub i: usize,
    /// The second point's index.
    pub j: usize,
    /// Their distance on the torus.
    pub distance: f64,
    /// The offset from point `i` to the nearest copy of point `j` (x).
    pub dx: f64,
    /// The offset from point `i` to the nearest copy of point `j` (y).
    pub dy: f64,
}

impl SeamPair {
    /// True when the nearest copy of `j` lies across a seam (in another tile), not in `i`'s own.
    pub fn crosses_seam(&self, points: &[Point]) -> bool {
        let (a, b) = (&points[self.i], &points[self.j]);
        a.x + self.dx != b.x || a.y + self.dy != b.y
    }
}

/// Every pair of `points` closer than `spacing` on a `width × height` torus, sorted by `(i, j)`.
///
/// For a set sampled without wrapping these are exactly the pairs that meet at a seam when the
/// map is tiled; for [`poisson_disk_wrapped`]'s output with the same spacing the list is empty.
/// `spacing` must be finite and > 0 and at most half the map's smaller side (each pair then has
/// one nearest copy that matters).
pub fn seam_conflicts(
    points: &[Point],
    width: f64,
    height: f64,
    spacing: f64,
) -> Result<Vec<SeamPair>> {
    let (width, height, spacing) = check_size(width, height, spacing)?;
    // Buckets at least `spacing` wide: a close pair sits in the same or a neighbouring bucket.
    let cols = ((width / spacing).floor() as usize).clamp(1, 4096);
    let rows = ((height / spacing).floor() as usize).clamp(1, 4096);
    let (cell_w, cell_h) = (width / cols as f64, height / rows as f64);
    let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); cols * rows];
    let cell = |p: &Point| {
        let c = ((p.x.rem_euclid(width) / cell_w) as usize).min(cols - 1);
        let r = ((p.y.rem_euclid(height) / cell_h) as usize).min(rows - 1);
        (c, r)
    };
    for (i, p) in points.iter().enumerate() {
        let (c, r) = cell(p);
        buckets[r * cols + c].push(i);
    }
    let around = |v: usize, n: usize| {
        let mut out = vec![(v + n - 1) % n, v, (v + 1) % n];
        out.sort_unstable();
        out.dedup();
        out
    };
    let s2 = spacing * spacing;
    let mut pairs = Vec::new();
    for (i, p) in points.iter().enumerate() {
        let (c, r) = cell(p);
        for rr in around(r, rows) {
            for cc in around(c, cols) {
                for &j in &buckets[rr * cols + cc] {
                    if j <= i {
                        continue;
                    }
                    let q = &points[j];
                    let dx = torus_delta(p.x, q.x, width);
                    let dy = torus_delta(p.y, q.y, height);
                    let d2 = dx * dx + dy * dy;
                    if d2 < s2 {
                        pairs.push(SeamPair {
                            i,
                            j,
                            distance: d2.sqrt(),
                            dx,
                            dy,
                        });
                    }
                }
            }
        }
    }
    pairs.sort_by_key(|p| (p.i, p.j));
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_stays_in_range() {
        assert_eq!(wrap_into(-1e-300, 10.0), 0.0);
        assert_eq!(wrap_into(10.0, 10.0), 0.0);
        assert_eq!(wrap_into(12.5, 10.0), 2.5);
        assert_eq!(torus_delta(0.0, 5.0, 10.0), 5.0);
    }

    #[test]
    fn the_grid_divides_the_map_exactly() {
        let g = TorusGrid::new(100.0, 30.0, 7.0).unwrap();
        assert!(g.cell_w <= 7.0 / SQRT_2 && g.cell_h <= 7.0 / SQRT_2);
        assert_eq!(g.cols as f64 * g.cell_w, 100.0);
    }

    #[test]
    fn small_maps_are_refused_with_the_rule() {
        let e = poisson_disk_wrapped(30.0, 100.0, 20.0, 30, 1).unwrap_err();
        assert!(e.to_string().contains("at least 2 × radius"), "{e}");
        assert!(e.to_string().contains("radius ≤ 15"), "{e}");
        assert!(poisson_disk_wrapped(40.0, 40.0, 20.0, 30, 1).is_ok());
    }
}
