//! How evenly a point set is spread, beyond "no pair too close": the quality figures of the
//! relaxation literature, for a set on a map or on a torus (`wrap`).
//!
//! - δX: the smallest pair distance over the hexagonal packing distance `sqrt(2A / (√3 N))`, the
//!   spacing of N points on the densest lattice filling the area A. White noise is near 0, a
//!   Bridson set about 0.75, farthest-point optimisation about 0.93, a perfect lattice 1.
//! - mean δX: the mean nearest-neighbour distance over the same; Lloyd's method raises it most.
//! - `per_r2`: N · (smallest distance)² / A, the crate's density figure with r the spacing.
//! - the pair correlation function g(r), binned: how many pairs sit at each distance compared
//!   with white noise of the same density (1 everywhere for white noise, 0 below the spacing for
//!   a Poisson disk set).
//!
//! The map is `[0, width) × [0, height)`; on the torus its opposite edges meet and distances
//! are taken across them. Nearest neighbours come from the crate's bucket index.

use crate::base::error::{positive, Error, Result};
use crate::measures::buckets::{dist2, Buckets};
use crate::measures::clearing::each_delaunay_edge;

/// The quality figures of one point set ([`quality`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quality {
    /// How many points.
    pub points: usize,
    /// The smallest distance between two points (0 for fewer than two).
    pub min_distance: f64,
    /// The mean distance from a point to its nearest neighbour (0 for fewer than two points).
    pub mean_distance: f64,
    /// δX: `min_distance` over the hexagonal packing distance (see the module docs).
    pub delta_x: f64,
    /// Mean δX: `mean_distance` over the hexagonal packing distance.
    pub mean_delta_x: f64,
    /// N · `min_distance`² / A.
    pub per_r2: f64,
}

/// The spacing of `n` points on the hexagonal lattice that fills `area`: `sqrt(2A / (√3 n))`.
pub fn hexagonal_distance(n: usize, area: f64) -> f64 {
    (2.0 * area / (3f64.sqrt() * n.max(1) as f64)).sqrt()
}

/// The quality figures of `points` on the `width × height` map (a torus when `wrap`).
///
/// Every point must be finite and on the map, `[0, width) × [0, height)` ([`Error::Invalid`]
/// names the first that is not). Copies are allowed here: they make the smallest distance 0.
/// Fewer than two points have no pair: the distances and figures are then 0.
///
/// ```
/// use poisson_live::quality::quality;
/// // Four points on a 2 × 2 torus, one per unit square corner: each is 1 from its neighbours.
/// let q = quality(&[[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], 2.0, 2.0, true)?;
/// assert_eq!((q.points, q.min_distance, q.mean_distance), (4, 1.0, 1.0));
/// assert!((q.per_r2 - 1.0).abs() < 1e-12);
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn quality(points: &[[f64; 2]], width: f64, height: f64, wrap: bool) -> Result<Quality> {
    check_points(points, width, height, true)?;
    let n = points.len();
    let area = width * height;
    let nearest = nearest_distances(points, width, height, wrap);
    let (min, mean) = if n < 2 {
        (0.0, 0.0)
    } else {
        let min = nearest.iter().copied().fold(f64::INFINITY, f64::min);
        (min, nearest.iter().sum::<f64>() / n as f64)
    };
    let hex = hexagonal_distance(n, area);
    Ok(Quality {
        points: n,
        min_distance: min,
        mean_distance: mean,
        delta_x: min / hex,
        mean_delta_x: mean / hex,
        per_r2: n as f64 * (min / width) * (min / height),
    })
}

/// The most pairs [`pair_correlation`] checks per point (at least 1 024 points' worth): a set
/// clustered far tighter than the map needs a smaller distance.
pub const MAX_PAIR_CHECKS_PER_POINT: usize = 1024;

/// The pair correlation function g(r) of `points`, in `bins` bins of equal width from 0 to
/// `max_distance`: entry `k` is g at distances in `[k, k + 1) · max_distance / bins`.
///
/// g is the number of ordered pairs at those distances over the number white noise of the same
/// density would give, `N (N − 1) / A` times the ring's area. On the torus that is exact; on
/// the plane pairs across the edge are missing, so g falls below 1 as `max_distance` nears the
/// map's size (keep it to a few spacings). The same checks as [`quality`]; `max_distance` must
/// be a length and `bins` from 1 to 4096. Fewer than two points give zeros. The work is the
/// pairs within about `max_distance`: past [`MAX_PAIR_CHECKS_PER_POINT`] a point on average
/// it stops with [`Error::TooMuchWork`].
pub fn pair_correlation(
    points: &[[f64; 2]],
    width: f64,
    height: f64,
    wrap: bool,
    max_distance: f64,
    bins: usize,
) -> Result<Vec<f64>> {
    check_points(points, width, height, true)?;
    let max_distance = positive("max distance", max_distance)?;
    if !(1..=4096).contains(&bins) {
        return Err(Error::OutOfRange {
            name: "bins",
            value: bins as f64,
            min: 1.0,
            max: 4096.0,
        });
    }
    let n = points.len();
    let mut counts = vec![0u64; bins];
    let step = max_distance / bins as f64;
    let reach = max_distance * max_distance;
    let near = Near::new(points, [width, height], wrap, max_distance);
    let limit = MAX_PAIR_CHECKS_PER_POINT * n.max(1024);
    let mut checks = 0usize;
    for (i, &p) in points.iter().enumerate() {
        near.around(p, max_distance, |j, q| {
            checks += 1;
            let d2 = dist2(p, q);
            if j != i && d2 < reach {
                let k = ((d2.sqrt() / step) as usize).min(bins - 1);
                counts[k] += 1;
            }
        });
        if checks > limit {
            return Err(Error::TooMuchWork {
                subject: format!("the pair correlation of {n} points to distance {max_distance}"),
                what: "pair checks",
                needed: checks as f64 * n as f64 / (i + 1) as f64,
                limit,
                hint: "use a smaller max distance".into(),
            });
        }
    }
    let density = if n < 2 {
        0.0
    } else {
        (n * (n - 1)) as f64 / (width * height)
    };
    Ok((0..bins)
        .map(|k| {
            let (a, b) = (k as f64 * step, (k + 1) as f64 * step);
            let expected = density * std::f64::consts::PI * (b * b - a * a);
            if expected > 0.0 {
                counts[k] as f64 / expected
            } else {
                0.0
            }
        })
        .collect())
}

/// Every point's distance to its nearest other point (`INFINITY` when there is none). On the
/// torus a point's own copies do not count.
///
/// The nearest neighbour is a Delaunay neighbour, so a triangulation finds them all in
/// `O(n log n)` however the points cluster (on the torus with the copies near the edges; a
/// point whose answer is farther than the copied band reaches is searched for again, as is a
/// point the triangulation leaves out). Exact copies are at distance 0.
pub(crate) fn nearest_distances(
    points: &[[f64; 2]],
    width: f64,
    height: f64,
    wrap: bool,
) -> Vec<f64> {
    let n = points.len();
    let mut best = vec![f64::INFINITY; n];
    if n < 2 {
        return best;
    }
    let key = |i: usize| {
        (
            (points[i][0] + 0.0).to_bits(),
            (points[i][1] + 0.0).to_bits(),
        )
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_unstable_by_key(|&i| (key(i), i));
    for w in order.windows(2) {
        if key(w[0]) == key(w[1]) {
            best[w[0]] = 0.0;
            best[w[1]] = 0.0;
        }
    }
    // The points, then on a torus their copies across the edges within `band`.
    let spacing = (width / n as f64).sqrt() * height.sqrt();
    let band = [(4.0 * spacing).min(width), (4.0 * spacing).min(height)];
    let mut all: Vec<[f64; 2]> = points.iter().map(|p| [p[0] + 0.0, p[1] + 0.0]).collect();
    let mut owner: Vec<usize> = (0..n).collect();
    if wrap {
        for (sx, sy) in [
            (-1.0, -1.0),
            (0.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
        ]
        .into_iter()
        .chain([(-1.0, 1.0), (0.0, 1.0), (1.0, 1.0)])
        {
            for (i, p) in points.iter().enumerate() {
                let q = [p[0] + sx * width, p[1] + sy * height];
                if q[0] >= -band[0]
                    && q[0] < width + band[0]
                    && q[1] >= -band[1]
                    && q[1] < height + band[1]
                {
                    all.push(q);
                    owner.push(i);
                }
            }
        }
    }
    each_delaunay_edge(&all, |a, b| {
        let (i, j) = (owner[a], owner[b]);
        if i != j {
            let d2 = dist2(all[a], all[b]);
            best[i] = best[i].min(d2);
            best[j] = best[j].min(d2);
        }
    });
    // Points the triangulation could not settle: searched for on the bucket index.
    let unsettled: Vec<usize> = (0..n)
        .filter(|&i| {
            let p = points[i];
            let margin = if wrap {
                (p[0] + band[0])
                    .min(width + band[0] - p[0])
                    .min(p[1] + band[1])
                    .min(height + band[1] - p[1])
            } else {
                f64::INFINITY
            };
            best[i] > margin * margin || !best[i].is_finite()
        })
        .collect();
    if !unsettled.is_empty() {
        let near = Near::new(
            points,
            [width, height],
            wrap,
            spacing.max(f64::MIN_POSITIVE),
        );
        let whole = width.max(height) * if wrap { 1.0 } else { 2.0 };
        for i in unsettled {
            let p = points[i];
            let mut radius = spacing.max(f64::MIN_POSITIVE);
            loop {
                let mut found = f64::INFINITY;
                near.around(p, radius, |j, q| {
                    if j != i {
                        found = found.min(dist2(p, q));
                    }
                });
                // Within `radius` the search is complete; beyond the whole map nothing is left.
                if found <= radius * radius || radius >= whole {
                    best[i] = best[i].min(found);
                    break;
                }
                radius *= 2.0;
            }
        }
    }
    best.iter().map(|d2| d2.sqrt()).collect()
}

/// Which points are near a spot, on the map or the torus: the bucket index and what it needs.
pub(crate) struct Near<'a> {
    points: &'a [[f64; 2]],
    index: Buckets,
    size: [f64; 2],
    wrap: bool,
}

impl<'a> Near<'a> {
    /// The points in cells of about `cell` (a torus's cells divide it exactly), at most about
    /// 4n each way, so that a tiny cell on a huge map stays cheap to visit.
    pub(crate) fn new(points: &'a [[f64; 2]], size: [f64; 2], wrap: bool, cell: f64) -> Self {
        let n = points.len().max(1);
        let count = |side: f64| ((side / cell).floor().max(1.0)).min(4.0 * n as f64) as usize;
        let cells = [count(size[0]), count(size[1])];
        let entries = points.iter().copied().enumerate();
        let index = if wrap {
            Buckets::torus(entries, size, cells)
        } else {
            let count = [cells[0] as i64, cells[1] as i64];
            let side = [size[0] / cells[0] as f64, size[1] / cells[1] as f64];
            Buckets::plane(entries, [0.0; 2], side, count)
        };
        Near {
            points,
            index,
            size,
            wrap,
        }
    }

    /// Calls `visit(j, q)` for every point `j` within `radius` of `p` (and some beyond), `q`
    /// its position — on a torus, each copy of it near `p`, so a point may come more than once
    /// and `p`'s own copies come with its index.
    pub(crate) fn around(&self, p: [f64; 2], radius: f64, mut visit: impl FnMut(usize, [f64; 2])) {
        let [cw, ch] = self.index.cell();
        let [cols, rows] = self.index.size();
        let (cx, cy) = self.index.cell_of(p);
        // On a torus three turns around are more than any radius asked for here; on a plane
        // the map's own cells are all there are.
        let reach = |side: f64, count: i64| {
            let k = (radius / side).ceil() + 1.0;
            k.min(3.0 * count as f64) as i64
        };
        let (rx, ry) = (reach(cw, cols), reach(ch, rows));
        for gx in cx - rx..=cx + rx {
            if !self.wrap && !(0..cols).contains(&gx) {
                continue;
            }
            let turns_x = gx.div_euclid(cols) as f64;
            let (r0, r1) = if self.wrap {
                (cy - ry, cy + ry)
            } else {
                ((cy - ry).max(0), (cy + ry).min(rows - 1))
            };
            if !self.wrap {
                for j in self.index.column(gx, r0, r1) {
                    visit(j, self.points[j]);
                }
                continue;
            }
            for gy in r0..=r1 {
                let (wx, wy) = self.index.wrapped(gx, gy);
                let turns_y = gy.div_euclid(rows) as f64;
                for j in self.index.at(wx, wy) {
                    let q = self.points[j];
                    visit(
                        j,
                        [q[0] + turns_x * self.size[0], q[1] + turns_y * self.size[1]],
                    );
                }
            }
        }
    }
}

/// Checks a point set for a map `width × height`: both lengths, every point finite and on the
/// map `[0, width) × [0, height)`, and no two at one place unless `copies_ok`.
pub(crate) fn check_points(
    points: &[[f64; 2]],
    width: f64,
    height: f64,
    copies_ok: bool,
) -> Result<()> {
    positive("width", width)?;
    positive("height", height)?;
    for (i, p) in points.iter().enumerate() {
        if !(p[0].is_finite() && p[1].is_finite()) {
            return Err(Error::Invalid {
                message: format!(
                    "point {i} is at ({}, {}); every x and y must be a finite number",
                    p[0], p[1]
                ),
            });
        }
        if !((0.0..width).contains(&p[0]) && (0.0..height).contains(&p[1])) {
            return Err(Error::Invalid {
                message: format!(
                    "point {i} is at ({}, {}), off the {width} × {height} map: x must be from 0 \
                     to below {width}, y from 0 to below {height}",
                    p[0], p[1]
                ),
            });
        }
    }
    if !copies_ok {
        let key = |i: usize| {
            (
                (points[i][0] + 0.0).to_bits(),
                (points[i][1] + 0.0).to_bits(),
            )
        };
        let mut order: Vec<usize> = (0..points.len()).collect();
        order.sort_unstable_by_key(|&i| (key(i), i));
        if let Some(w) = order.windows(2).find(|w| key(w[0]) == key(w[1])) {
            let (i, j) = (w[0].min(w[1]), w[0].max(w[1]));
            return Err(Error::Invalid {
                message: format!(
                    "points {i} and {j} are both at ({}, {}); Voronoi cells and relaxation \
                     need distinct points: remove the copies",
                    points[i][0], points[i][1]
                ),
            });
        }
    }
    Ok(())
}
