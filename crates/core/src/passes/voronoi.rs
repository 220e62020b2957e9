//! Voronoi cells of a point set, clipped to the map or on a torus: what Lloyd's method moves
//! points by, and what the Relax lab draws.
//!
//! A point's cell is the map (or, on a torus, the period rectangle centred on the point) cut by
//! the perpendicular bisector of the point and each Voronoi neighbour, one half-plane at a time
//! (Sutherland–Hodgman on a convex polygon). The neighbours come from a Delaunay triangulation
//! (`delaunator`, made exactly Delaunay by Lawson's flips with `robust`'s predicates). Cutting
//! by neighbours rather than joining circumcentres needs no special case for the cells on the
//! hull, which are unbounded before the map clips them, nor for points on one line (their
//! neighbours are those along it). On a torus the points near the edges are copied across them,
//! a band at a time; a cell is kept only once every point that could bound it is in the copy
//! (its farthest corner at most half the band's reach away), else the band doubles.

use crate::base::error::Result;
use crate::measures::buckets::dist2;
use crate::measures::clearing::each_delaunay_edge;
use crate::measures::quality::check_points;

/// The map a pass works on: `[0, width) × [0, height)`, a torus when `wrap`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Frame {
    pub(crate) width: f64,
    pub(crate) height: f64,
    pub(crate) wrap: bool,
}

impl Frame {
    /// The area.
    pub(crate) fn area(self) -> f64 {
        self.width * self.height
    }

    /// `p` brought onto the map: wrapped on a torus, clamped into `[0, width)` on the plane.
    pub(crate) fn onto(self, p: [f64; 2]) -> [f64; 2] {
        let fit = |v: f64, side: f64| {
            let v = if self.wrap { v.rem_euclid(side) } else { v };
            // `rem_euclid` of a tiny negative number rounds up to `side` itself.
            v.max(0.0).min(side.next_down())
        };
        [fit(p[0], self.width), fit(p[1], self.height)]
    }

    /// The polygon every cell of `p` starts from: the map, or the period rectangle around `p`.
    fn start(self, p: [f64; 2], into: &mut Vec<[f64; 2]>) {
        let (x0, y0, x1, y1) = if self.wrap {
            let (hw, hh) = (self.width / 2.0, self.height / 2.0);
            (p[0] - hw, p[1] - hh, p[0] + hw, p[1] + hh)
        } else {
            (0.0, 0.0, self.width, self.height)
        };
        into.clear();
        into.extend([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]);
    }
}

/// Each point's Voronoi neighbours, as the positions that bound its cell (on a torus, the copy
/// of a neighbour nearest the point).
pub(crate) struct Neighbours {
    starts: Vec<usize>,
    at: Vec<[f64; 2]>,
    /// Points whose cell is cut by every other point (and, on a torus, every copy): those the
    /// triangulation left out, and torus cells wider than the copied band.
    everyone: Vec<bool>,
}

/// Below this many points a torus's cells are cut by every copy of every point: cheap, exact.
const SMALL_TORUS: usize = 32;

impl Neighbours {
    /// The neighbours of `points` (checked by the caller) on `frame`.
    pub(crate) fn new(points: &[[f64; 2]], frame: Frame) -> Self {
        if !frame.wrap {
            let edges = delaunay_edges(points, points.len());
            return Self::from_edges(points, points.len(), &edges);
        }
        let n = points.len();
        if n < SMALL_TORUS {
            return Self {
                starts: vec![0; n + 1],
                at: Vec::new(),
                everyone: vec![true; n],
            };
        }
        let spacing = (frame.area() / n as f64).sqrt();
        let mut band = 4.0 * spacing;
        let mut clip = Clip::default();
        loop {
            let full = band >= frame.width.max(frame.height);
            let reach = [band.min(frame.width), band.min(frame.height)];
            let copies = copies_near_edges(points, frame, reach);
            let edges = delaunay_edges(&copies, n);
            let mut found = Self::from_edges(&copies, n, &edges);
            let mut wide = false;
            for (i, &p) in points.iter().enumerate() {
                let cell = found.cell(i, points, frame, &mut clip);
                let far = cell.iter().fold(0.0f64, |m, &v| m.max(dist2(p, v))).sqrt();
                let margin = (p[0] + reach[0])
                    .min(frame.width + reach[0] - p[0])
                    .min(p[1] + reach[1])
                    .min(frame.height + reach[1] - p[1]);
                if 2.0 * far * (1.0 + 1e-9) > margin {
                    wide = true;
                    if full {
                        found.everyone[i] = true;
                    }
                }
            }
            if !wide || full {
                return found;
            }
            band *= 2.0;
        }
    }

    /// Neighbour lists from `edges` between `positions` (the first `n` of them the points).
    fn from_edges(positions: &[[f64; 2]], n: usize, edges: &[(usize, usize)]) -> Self {
        let mut starts = vec![0usize; n + 1];
        for &(a, _) in edges {
            starts[a + 1] += 1;
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut fill = starts.clone();
        let mut at = vec![[0.0; 2]; edges.len()];
        for &(a, b) in edges {
            at[fill[a]] = positions[b];
            fill[a] += 1;
        }
        let everyone = (0..n)
            .map(|i| starts[i] == starts[i + 1] && n > 1)
            .collect();
        Self {
            starts,
            at,
            everyone,
        }
    }

    /// The cell of point `i`, as a convex polygon counter-clockwise (empty only for a cell with
    /// no area). On a torus it lies around the point and may reach past the map's edges.
    pub(crate) fn cell<'c>(
        &self,
        i: usize,
        points: &[[f64; 2]],
        frame: Frame,
        clip: &'c mut Clip,
    ) -> &'c [[f64; 2]] {
        let p = points[i];
        frame.start(p, &mut clip.polygon);
        if self.everyone[i] {
            let shifts: &[[f64; 2]] = if frame.wrap { &NINE } else { &NINE[..1] };
            for (j, &q) in points.iter().enumerate() {
                for s in shifts {
                    if j != i {
                        clip.cut(p, [q[0] + s[0] * frame.width, q[1] + s[1] * frame.height]);
                    }
                }
            }
        } else {
            for &q in &self.at[self.starts[i]..self.starts[i + 1]] {
                clip.cut(p, q);
            }
        }
        &clip.polygon
    }
}

/// The nine shifts of a torus's copies, the point's own first.
const NINE: [[f64; 2]; 9] = [
    [0.0, 0.0],
    [-1.0, -1.0],
    [0.0, -1.0],
    [1.0, -1.0],
    [-1.0, 0.0],
    [1.0, 0.0],
    [-1.0, 1.0],
    [0.0, 1.0],
    [1.0, 1.0],
];

/// The points, then their copies across the torus's edges that land within `reach` of the map.
pub(crate) fn copies_near_edges(
    points: &[[f64; 2]],
    frame: Frame,
    reach: [f64; 2],
) -> Vec<[f64; 2]> {
    let mut all = points.to_vec();
    for s in &NINE[1..] {
        for p in points {
            let q = [p[0] + s[0] * frame.width, p[1] + s[1] * frame.height];
            let inside = |v: f64, side: f64, r: f64| v >= -r && v < side + r;
            if inside(q[0], frame.width, reach[0]) && inside(q[1], frame.height, reach[1]) {
                all.push(q);
            }
        }
    }
    all
}

/// The Delaunay edges of `positions` that start at one of the first `n`, both ways round;
/// points on one line are joined to their neighbours along it.
fn delaunay_edges(positions: &[[f64; 2]], n: usize) -> Vec<(usize, usize)> {
    // About 3 edges a point, each both ways round.
    let mut edges = Vec::with_capacity(6 * positions.len());
    each_delaunay_edge(positions, |a, b| {
        if a < n {
            edges.push((a, b));
        }
        if b < n {
            edges.push((b, a));
        }
    });
    edges
}

/// A convex polygon cut by half-planes, with its scratch space kept between cells.
#[derive(Debug, Default)]
pub(crate) struct Clip {
    polygon: Vec<[f64; 2]>,
    scratch: Vec<[f64; 2]>,
}

impl Clip {
    /// Keeps the part of the polygon at least as near `p` as `q` (nothing for `q == p`).
    fn cut(&mut self, p: [f64; 2], q: [f64; 2]) {
        let d = [q[0] - p[0], q[1] - p[1]];
        if d == [0.0, 0.0] {
            return;
        }
        let m = [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0];
        let side = |v: [f64; 2]| (v[0] - m[0]) * d[0] + (v[1] - m[1]) * d[1];
        if self.polygon.iter().all(|&v| side(v) <= 0.0) {
            return;
        }
        self.scratch.clear();
        let len = self.polygon.len();
        for k in 0..len {
            let (a, b) = (self.polygon[k], self.polygon[(k + 1) % len]);
            let (sa, sb) = (side(a), side(b));
            if sa <= 0.0 {
                self.scratch.push(a);
            }
            if (sa < 0.0 && sb > 0.0) || (sa > 0.0 && sb < 0.0) {
                let t = sa / (sa - sb);
                self.scratch
                    .push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
            }
        }
        std::mem::swap(&mut self.polygon, &mut self.scratch);
    }
}

/// The area and centroid of a polygon, taken relative to `origin` for precision; the centroid
/// is `origin` for a polygon with no area.
pub(crate) fn area_centroid(polygon: &[[f64; 2]], origin: [f64; 2]) -> (f64, [f64; 2]) {
    let (mut twice, mut cx, mut cy) = (0.0, 0.0, 0.0);
    let len = polygon.len();
    for k in 0..len {
        let a = [polygon[k][0] - origin[0], polygon[k][1] - origin[1]];
        let b = polygon[(k + 1) % len];
        let b = [b[0] - origin[0], b[1] - origin[1]];
        let cross = a[0] * b[1] - b[0] * a[1];
        twice += cross;
        cx += (a[0] + b[0]) * cross;
        cy += (a[1] + b[1]) * cross;
    }
    if !(twice > 0.0 && twice.is_finite()) {
        return (0.0, origin);
    }
    let c = [
        origin[0] + cx / (3.0 * twice),
        origin[1] + cy / (3.0 * twice),
    ];
    (twice / 2.0, c)
}

/// Every point's Voronoi cell and its area, for drawing ([`voronoi_cells`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Cells {
    /// Where each cell's corners start in `corners`: `n + 1` offsets, cell `i` is
    /// `corners[starts[i]..starts[i + 1]]`.
    pub starts: Vec<usize>,
    /// The corners of every cell, each cell counter-clockwise (y up).
    pub corners: Vec<[f64; 2]>,
    /// Each cell's area; on the map they add up to its area, on the torus to the torus's.
    pub areas: Vec<f64>,
}

/// The Voronoi cell of every point of `points` on the `width × height` map, clipped to it, or
/// on the torus when `wrap` (a cell then lies around its point and may reach past the map's
/// edges: draw it shifted by the map's width and height too).
///
/// The points are checked as for relaxing: finite, on the map, no two at one place
/// ([`crate::error::Error::Invalid`] names the first that is not). No points give no cells.
///
/// ```
/// use poisson_live::voronoi::voronoi_cells;
/// let cells = voronoi_cells(&[[1.0, 1.0], [3.0, 1.0]], 4.0, 2.0, false)?;
/// assert_eq!(cells.areas, vec![4.0, 4.0]);
/// assert_eq!(cells.starts, vec![0, 4, 8]);
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn voronoi_cells(points: &[[f64; 2]], width: f64, height: f64, wrap: bool) -> Result<Cells> {
    check_points(points, width, height, false)?;
    let frame = Frame {
        width,
        height,
        wrap,
    };
    let neighbours = Neighbours::new(points, frame);
    let mut clip = Clip::default();
    let mut cells = Cells {
        starts: vec![0],
        ..Cells::default()
    };
    for (i, &p) in points.iter().enumerate() {
        let cell = neighbours.cell(i, points, frame, &mut clip);
        cells.areas.push(area_centroid(cell, p).0);
        cells.corners.extend_from_slice(cell);
        cells.starts.push(cells.corners.len());
    }
    Ok(cells)
}
