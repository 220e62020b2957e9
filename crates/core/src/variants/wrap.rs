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
//! the map (`x + w` where `x < 0`, then `x − w` where `x ≥ w`; the same for `y` with `h`) and
//! placed if no point is closer than `r` on the torus: `dx² + dy² < r²` with `dx` and `dy` from
//! [`torus_delta`]. The first placement ends the step; `k` failures retire the point
//! (`active[a] = last`, pop). It is classic Bridson's [`Sampler::step`] on a grid that wraps
//! ([`crate::grid::Grid::torus`]).
//!
//! [`wrap_audit`] finds the closest pair on the torus (the seam audit), and [`seam_conflicts`]
//! lists every pair closer than a spacing there, with the offset to the copy that is too close.
//! A [`TileSet`] is one tile, wrapped or plain, with both.

use crate::base::error::Result;
use crate::base::job::Job;
use crate::base::point::Point;
use crate::classic::bridson::{Sampler, SamplerParams};
use crate::measures::buckets::Buckets;

pub use crate::classic::grid::{torus_delta, torus_distance2};

/// A tileable Poisson disk set: a `width × height` map whose points keep at least `radius` from
/// each other across the map's edges as well, so copies of the map laid side by side never
/// crowd at a seam. `k` tries per step, a 32-bit seed; the draw order is in the module docs.
/// This is [`Sampler::wrapped`] run to the end.
///
/// The map must be at least `2 × radius` across in each direction; width, height and radius
/// finite and > 0; `k` in `1..=MAX_K`.
///
/// ```
/// use poisson_live::wrap::{poisson_disk_wrapped, wrap_audit};
/// use poisson_live::SamplerParams;
/// let map = SamplerParams { width: 360.0, height: 200.0, radius: 20.0, k: 30, seed: 123456 };
/// let pts = poisson_disk_wrapped(map).unwrap();
/// let (_, _, closest) = wrap_audit(&pts, 360.0, 200.0).unwrap();
/// assert!(closest >= 20.0); // even across the seams
/// ```
pub fn poisson_disk_wrapped(params: SamplerParams) -> Result<Vec<Point>> {
    let mut s = Sampler::wrapped(params)?;
    s.start_random();
    Job::run_to_end(s)
}

/// The closest pair of `points` on a `width × height` torus, as `(i, j, distance)` with `i < j`:
/// the seam audit. A tileable set passes when the distance is at least its radius. `None` with
/// fewer than two points. Ties go to the smallest `(i, j)`.
///
/// Points outside the map are wrapped into it first. Uses the crate's bucket index with about
/// one point per cell and searches outward ring by ring, so it is fast for any set, clumped or
/// not.
pub fn wrap_audit(points: &[Point], width: f64, height: f64) -> Option<(usize, usize, f64)> {
    if points.len() < 2 || !(width > 0.0 && height > 0.0 && width.is_finite() && height.is_finite())
    {
        return None;
    }
    let n = points.len();
    let side = (width * height / n as f64).sqrt();
    let cols = ((width / side).floor() as usize).clamp(1, 4096);
    let rows = ((height / side).floor() as usize).clamp(1, 4096);
    let index = on_torus(points, width, height, [cols, rows]);
    let [cell_w, cell_h] = index.cell();

    let min_cell = cell_w.min(cell_h);
    let max_ring = cols.max(rows);
    let mut best: Option<(usize, usize, f64)> = None;
    let mut best_d2 = f64::INFINITY;
    for (i, p) in points.iter().enumerate() {
        let (hc, hr) = index.cell_of([p.x, p.y]);
        for ring in 0..=max_ring {
            // After ring `ring − 1` every cell within that many wrapped columns and rows has been
            // searched; any other point is at least (ring − 1) cells away along some axis.
            if ring >= 2 && ((ring - 1) as f64 * min_cell).powi(2) > best_d2 {
                break;
            }
            let k = ring as i64;
            for dr in -k..=k {
                for dc in -k..=k {
                    if dr.abs() != k && dc.abs() != k {
                        continue; // inside the ring: searched already
                    }
                    let (c, r) = index.wrapped(hc + dc, hr + dr);
                    for j in index.at(c, r) {
                        if j == i {
                            continue;
                        }
                        let q = &points[j];
                        let d2 = torus_distance2([p.x, p.y], [q.x, q.y], [width, height]);
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    let (width, height, spacing) = crate::classic::grid::tileable(width, height, spacing)?;
    // Buckets at least `spacing` wide: a close pair sits in the same or a neighbouring bucket.
    let cols = ((width / spacing).floor() as usize).clamp(1, 4096);
    let rows = ((height / spacing).floor() as usize).clamp(1, 4096);
    let index = on_torus(points, width, height, [cols, rows]);
    let around = |v: i64, n: usize| {
        let mut out = vec![
            (v - 1).rem_euclid(n as i64),
            v,
            (v + 1).rem_euclid(n as i64),
        ];
        out.sort_unstable();
        out.dedup();
        out
    };
    let s2 = spacing * spacing;
    let mut pairs = Vec::new();
    for (i, p) in points.iter().enumerate() {
        let (c, r) = index.cell_of([p.x, p.y]);
        for rr in around(r, rows) {
            for cc in around(c, cols) {
                for j in index.at(cc, rr) {
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

/// One tile sampled with wrap-around distances ([`poisson_disk_wrapped`]) or with plain Bridson
/// ([`crate::poisson_disk`]), and audited on the torus: what happens at the seams when the tile
/// is laid side by side with copies of itself. The tiles lab shows one.
///
/// ```
/// use poisson_live::wrap::TileSet;
/// use poisson_live::SamplerParams;
/// let tile = SamplerParams { width: 200.0, height: 120.0, radius: 12.0, k: 30, seed: 5 };
/// let wrapped = TileSet::new(tile, true)?;
/// assert!(wrapped.conflicts().is_empty());
/// assert!(wrapped.min_distance().unwrap() >= 12.0);
/// let plain = TileSet::new(tile, false)?;
/// assert_eq!(plain.points(), &poisson_live::poisson_disk(200.0, 120.0, 12.0, 30, 5)?[..]);
/// assert!(plain.seam_violations() > 0); // trees meet across the edges
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct TileSet {
    points: Vec<Point>,
    audit: Option<(usize, usize, f64)>,
    conflicts: Vec<SeamPair>,
    wrapped: bool,
}

impl TileSet {
    /// Samples the tile (`wrapped` or not) and audits it. The tile must be at least
    /// `2 × radius` across either way (the audit's rule, checked before sampling), and the rest
    /// as [`poisson_disk_wrapped`] or [`crate::poisson_disk`] check.
    pub fn new(params: SamplerParams, wrapped: bool) -> Result<Self> {
        let SamplerParams {
            width: w,
            height: h,
            radius: r,
            k,
            seed,
        } = params;
        seam_conflicts(&[], w, h, r)?;
        let points = if wrapped {
            poisson_disk_wrapped(params)?
        } else {
            crate::classic::bridson::poisson_disk(w, h, r, k, seed)?
        };
        Ok(Self {
            audit: wrap_audit(&points, w, h),
            conflicts: seam_conflicts(&points, w, h, r)?,
            points,
            wrapped,
        })
    }

    /// The tile's points, in the order they were placed.
    pub fn points(&self) -> &[Point] {
        &self.points
    }
    /// The closest pair on the torus ([`wrap_audit`]), `None` with fewer than two points.
    pub fn audit(&self) -> Option<(usize, usize, f64)> {
        self.audit
    }
    /// The distance of the closest pair on the torus, across the seams.
    pub fn min_distance(&self) -> Option<f64> {
        self.audit.map(|a| a.2)
    }
    /// Every pair closer than the radius on the torus ([`seam_conflicts`]).
    pub fn conflicts(&self) -> &[SeamPair] {
        &self.conflicts
    }
    /// How many of [`TileSet::conflicts`] meet across a seam ([`SeamPair::crosses_seam`]).
    pub fn seam_violations(&self) -> usize {
        (self.conflicts.iter())
            .filter(|c| c.crosses_seam(&self.points))
            .count()
    }
    /// True when the tile was sampled with wrap-around distances.
    pub fn wrapped(&self) -> bool {
        self.wrapped
    }
}

/// The crate's bucket index over `points` on a `width × height` torus of `cols × rows` cells.
fn on_torus(points: &[Point], width: f64, height: f64, cells: [usize; 2]) -> Buckets {
    let xy = points.iter().map(|p| [p.x, p.y]).enumerate();
    Buckets::torus(xy, [width, height], cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_maps_are_refused_with_the_rule() {
        let e = poisson_disk_wrapped(SamplerParams {
            width: 30.0,
            height: 100.0,
            radius: 20.0,
            k: 30,
            seed: 1,
        })
        .unwrap_err();
        assert!(e.to_string().contains("at least 2 × radius"), "{e}");
        assert!(e.to_string().contains("radius ≤ 15"), "{e}");
        assert!(poisson_disk_wrapped(SamplerParams {
            width: 40.0,
            height: 40.0,
            radius: 20.0,
            k: 30,
            seed: 1
        })
        .is_ok());
    }
}
