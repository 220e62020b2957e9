//! Farthest-point optimisation (Schlömer, Heck and Deussen 2011), one point at a time.
//!
//! Take a point out of the set and put it back at the centre of the largest empty circle left,
//! as the paper's main (global) variant does: the largest of two searches. Near the point, the
//! points within a reach of it, from a grid that follows the moves, are triangulated without
//! it; every circumcircle wholly within the reach is empty of the whole set (the circles of
//! its own hole among them; with none, the reach doubles). Anywhere, a heap of the set's empty
//! circles ([`crate::passes::holes`]), rebuilt each iteration and fed the hole each moved point
//! leaves, gives the largest still empty.
//!
//! On the plane the circle's centre must stay on the map, and the map's edges count as mirrors
//! (the points near an edge, reflected across it, join the local set): that adds the centres on
//! the edges and corners, where a circle is largest against the points inside. On a torus the
//! local set holds the copies across its edges. A point moves only if its new nearest neighbour
//! is farther than its old one, so the smallest distance of the set never decreases.

use crate::measures::buckets::dist2;
use crate::measures::clearing::{circumcentre, triangulate_scaled};
use crate::passes::holes::Holes;
use crate::passes::voronoi::Frame;

/// How far around a point, in mean spacings `sqrt(A / N)`, the local search starts. With the
/// global heap beside it, 1 024 white-noise points on the unit torus after 64 iterations reach
/// δX 0.926, 0.926, 0.928, 0.922, 0.927, 0.926 (seeds 1 to 6; mean 0.926) at 4 spacings, and
/// 0.924, 0.922, 0.925, 0.924, 0.926 at 3 (seeds 1 to 5), in about two thirds of the time.
const REACH: f64 = 4.0;

/// The most points a local search triangulates: about twice what 4 spacings hold on a set
/// spread over its map, so it binds only where points crowd.
const MAX_LOCAL: usize = 96;

/// A grid over the map that follows the points as they move.
#[derive(Debug, Clone)]
pub(crate) struct Fpo {
    cells: Vec<Vec<u32>>,
    size: [i64; 2],
    side: [f64; 2],
    spacing: f64,
    local: Vec<[f64; 2]>,
    /// How many of `local` are points (the rest are mirror images).
    real: usize,
    /// The largest empty circles of the whole set.
    holes: Holes,
    /// The circles of the hole the last point searched from would leave: centre (on the
    /// map) and squared radius.
    cavity: Vec<([f64; 2], f64)>,
}

impl Fpo {
    /// A grid of about one point per cell for `points` on `frame`.
    pub(crate) fn new(points: &[[f64; 2]], frame: Frame) -> Self {
        let n = points.len().max(1);
        let spacing = (frame.area() / n as f64).sqrt();
        let count = |s: f64| ((s / spacing).floor().max(1.0)).min(4.0 * n as f64) as i64;
        let size = [count(frame.width), count(frame.height)];
        let side = [frame.width / size[0] as f64, frame.height / size[1] as f64];
        let mut fpo = Fpo {
            cells: vec![Vec::new(); (size[0] * size[1]) as usize],
            size,
            side,
            spacing,
            local: Vec::new(),
            real: 0,
            holes: Holes::default(),
            cavity: Vec::new(),
        };
        for (i, &p) in points.iter().enumerate() {
            let c = fpo.cell_of(p);
            fpo.cells[c].push(i as u32);
        }
        fpo
    }

    fn cell_of(&self, p: [f64; 2]) -> usize {
        let axis = |k: usize| ((p[k] / self.side[k]).floor() as i64).clamp(0, self.size[k] - 1);
        (axis(1) * self.size[0] + axis(0)) as usize
    }

    /// Gets ready for an iteration: the whole set's empty circles, measured afresh.
    pub(crate) fn start_iteration(&mut self, points: &[[f64; 2]], frame: Frame) {
        self.holes.rebuild(points, frame);
    }

    /// Moves point `i` of `points` to the centre of the largest empty circle, near it or
    /// anywhere, if that takes it farther from its nearest neighbour.
    pub(crate) fn move_point(&mut self, i: usize, points: &mut [[f64; 2]], frame: Frame) {
        let p = points[i];
        let cap = if frame.wrap {
            1.5 * frame.width.max(frame.height)
        } else {
            frame.width.hypot(frame.height)
        };
        // A point's own copies on a torus are a period away, whatever happens.
        let own = if frame.wrap {
            frame.width.min(frame.height).powi(2)
        } else {
            f64::INFINITY
        };
        let mut reach = REACH * self.spacing;
        loop {
            let capped = reach >= cap;
            let near = self.gather(i, points, frame, reach);
            let real = &self.local[..self.real];
            let old = real
                .iter()
                .fold(own, |m, &q| m.min(q[0] * q[0] + q[1] * q[1]));
            let best = self.largest_circle(p, frame, near);
            if (old > near * near || best.is_none()) && !capped {
                reach *= 2.0;
                continue;
            }
            // The largest circle anywhere, if it beats the one near the point.
            let floor = best.map_or(old, |b| b.1.max(old));
            let mut holes = std::mem::take(&mut self.holes);
            // A hole's clearance: the squared distance from `at` to the nearest point other
            // than `i`, or `limit` if none is nearer.
            let far = holes.largest(floor, |at, limit| {
                let mut best = limit;
                self.each_near(i, at, limit.sqrt(), points, frame, |q| {
                    best = best.min(dist2(at, q));
                });
                best
            });
            self.holes = holes;
            let (to, new) = match (far, best) {
                (Some((at, r2)), _) => (at, r2.min(own)),
                (None, Some((c, _))) => {
                    let to = frame.onto([p[0] + c[0], p[1] + c[1]]);
                    // The new place relative to the old: on a torus the unwrapped centre,
                    // whose distances to the local copies are the torus's distances. Its
                    // nearest point lies inside the reach (the circle does), so among these.
                    let rel = if frame.wrap {
                        c
                    } else {
                        [to[0] - p[0], to[1] - p[1]]
                    };
                    let real = &self.local[..self.real];
                    (to, real.iter().fold(own, |m, &q| m.min(dist2(rel, q))))
                }
                (None, None) => return,
            };
            if new > old {
                let (from, into) = (self.cell_of(p), self.cell_of(to));
                if from != into {
                    let list = &mut self.cells[from];
                    if let Some(k) = list.iter().position(|&j| j as usize == i) {
                        list.swap_remove(k);
                    }
                    self.cells[into].push(i as u32);
                }
                points[i] = to;
                // The hole the point leaves joins the circles to fill.
                for &(at, r2) in &self.cavity {
                    self.holes.push(at, r2);
                }
            }
            return;
        }
    }

    /// Calls `f` with every point other than `i` in the cells that reach `reach` from `at`, at
    /// its place or, on a torus, its copy beside `at`.
    #[inline(always)]
    fn each_near(
        &self,
        i: usize,
        at: [f64; 2],
        reach: f64,
        points: &[[f64; 2]],
        frame: Frame,
        mut f: impl FnMut([f64; 2]),
    ) {
        let span = |k: usize| {
            let c = ((at[k] / self.side[k]).floor() as i64).clamp(0, self.size[k] - 1);
            let k_cells = ((reach / self.side[k]).ceil() as i64 + 1).min(3 * self.size[k]);
            if frame.wrap {
                (c - k_cells, c + k_cells)
            } else {
                ((c - k_cells).max(0), (c + k_cells).min(self.size[k] - 1))
            }
        };
        let ((x0, x1), (y0, y1)) = (span(0), span(1));
        for gy in y0..=y1 {
            let (wy, ty) = (gy.rem_euclid(self.size[1]), gy.div_euclid(self.size[1]));
            for gx in x0..=x1 {
                let (wx, tx) = (gx.rem_euclid(self.size[0]), gx.div_euclid(self.size[0]));
                let shift = [tx as f64 * frame.width, ty as f64 * frame.height];
                for &j in &self.cells[(wy * self.size[0] + wx) as usize] {
                    if j as usize != i {
                        let q = points[j as usize];
                        f([q[0] + shift[0], q[1] + shift[1]]);
                    }
                }
            }
        }
    }

    /// Fills `local` with the points within `reach` of point `i` (its copies on a torus),
    /// relative to it, then on the plane their mirror images across the map's edges that fall
    /// within `reach` too.
    ///
    /// More than [`MAX_LOCAL`] points (a set clustered far tighter than its map) are cut to the
    /// nearest: the reach that holds them is returned, and is what the circles must fit in.
    fn gather(&mut self, i: usize, points: &[[f64; 2]], frame: Frame, reach: f64) -> f64 {
        let p = points[i];
        let mut reach = reach;
        let mut r2 = reach * reach;
        let mut local = std::mem::take(&mut self.local);
        local.clear();
        self.each_near(i, p, reach, points, frame, |q| {
            let rel = [q[0] - p[0], q[1] - p[1]];
            if rel[0] * rel[0] + rel[1] * rel[1] <= r2 {
                local.push(rel);
            }
        });
        self.local = local;
        if self.local.len() > MAX_LOCAL {
            let mut d2: Vec<f64> = self
                .local
                .iter()
                .map(|q| q[0] * q[0] + q[1] * q[1])
                .collect();
            let (_, &mut cut, _) = d2.select_nth_unstable_by(MAX_LOCAL, f64::total_cmp);
            self.local.retain(|q| q[0] * q[0] + q[1] * q[1] < cut);
            r2 = cut;
            reach = cut.sqrt();
        }
        self.real = self.local.len();
        if frame.wrap {
            return reach;
        }
        // Mirrors: across x = 0 and x = width, y = 0 and y = height, and both (the corners).
        let (w, h) = (frame.width, frame.height);
        for k in 0..self.real {
            let q = [self.local[k][0] + p[0], self.local[k][1] + p[1]];
            for mx in [None, Some(-q[0]), Some(2.0 * w - q[0])] {
                for my in [None, Some(-q[1]), Some(2.0 * h - q[1])] {
                    if mx.is_none() && my.is_none() {
                        continue;
                    }
                    let m = [mx.unwrap_or(q[0]) - p[0], my.unwrap_or(q[1]) - p[1]];
                    if m[0] * m[0] + m[1] * m[1] <= r2 {
                        self.local.push(m);
                    }
                }
            }
        }
        reach
    }

    /// The largest circumcircle of the local set's Delaunay triangles that lies wholly within
    /// `reach` of the old place (the origin of `local`), so is empty of every point, centred on
    /// the map on the plane: its centre relative to the old place and its squared radius.
    /// The circles that hold the old place (the hole the point would leave) go to `cavity`.
    fn largest_circle(&mut self, p: [f64; 2], frame: Frame, reach: f64) -> Option<([f64; 2], f64)> {
        self.cavity.clear();
        if self.local.len() < 3 {
            return None;
        }
        let tri = triangulate_scaled(&self.local);
        let mut best: Option<([f64; 2], f64)> = None;
        for t in tri.triangles.chunks_exact(3) {
            let (a, b, c) = (self.local[t[0]], self.local[t[1]], self.local[t[2]]);
            let Some(centre) = circumcentre(a, b, c) else {
                continue;
            };
            let r2 = dist2(centre, a);
            // The whole circle within the reach: then it is empty of every point, not only of
            // the local ones.
            let inside = centre[0].hypot(centre[1]) + r2.sqrt() <= reach;
            let on_map = frame.wrap
                || ((0.0..=frame.width).contains(&(p[0] + centre[0]))
                    && (0.0..=frame.height).contains(&(p[1] + centre[1])));
            if inside && on_map && r2.is_finite() && best.is_none_or(|b| r2 > b.1) {
                best = Some((centre, r2));
            }
            if inside && on_map && centre[0] * centre[0] + centre[1] * centre[1] < r2 {
                let at = frame.onto([p[0] + centre[0], p[1] + centre[1]]);
                self.cavity.push((at, r2));
            }
        }
        best
    }
}
