//! The largest empty circles of the whole set, for farthest-point optimisation's global move:
//! a heap of circle centres keyed by their squared radius, checked lazily.
//!
//! At the start of an iteration the heap holds every Delaunay circumcircle of the set (on the
//! map, or on the torus with the copies near its edges); as points move, each vacated place
//! adds the circles of the hole it leaves. A key may be stale (a point moved into the circle):
//! the largest is measured again before it is used, and put back under its true size if it
//! shrank, so what comes out is a real empty circle.

use crate::measures::clearing::{circumcentre, triangulate_scaled};
use crate::passes::voronoi::{copies_near_edges, Frame};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

#[derive(Debug, Clone, Copy)]
struct Hole {
    r2: f64,
    /// Order of arrival: among equal keys the earlier comes out first, whatever the heap does.
    seq: u64,
    at: [f64; 2],
}

impl PartialEq for Hole {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Hole {}

impl PartialOrd for Hole {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Hole {
    fn cmp(&self, other: &Self) -> Ordering {
        self.r2.total_cmp(&other.r2).then(other.seq.cmp(&self.seq))
    }
}

/// The heap; see the module docs.
#[derive(Debug, Clone, Default)]
pub(crate) struct Holes {
    heap: BinaryHeap<Hole>,
    seq: u64,
}

impl Holes {
    /// Adds a circle centred `at` (on the map) with squared radius `r2`.
    pub(crate) fn push(&mut self, at: [f64; 2], r2: f64) {
        if r2 > 0.0 && r2.is_finite() {
            self.seq += 1;
            self.heap.push(Hole {
                r2,
                seq: self.seq,
                at,
            });
        }
    }

    /// Starts again from the Delaunay circles of `points`.
    pub(crate) fn rebuild(&mut self, points: &[[f64; 2]], frame: Frame) {
        self.heap.clear();
        let n = points.len();
        if n < 3 {
            return;
        }
        let all = if frame.wrap {
            let band = 3.0 * (frame.area() / n as f64).sqrt();
            copies_near_edges(
                points,
                frame,
                [band.min(frame.width), band.min(frame.height)],
            )
        } else {
            points.to_vec()
        };
        let tri = triangulate_scaled(&all);
        for t in tri.triangles.chunks_exact(3) {
            if t.iter().all(|&v| v >= n) {
                continue;
            }
            let Some(c) = circumcentre(all[t[0]], all[t[1]], all[t[2]]) else {
                continue;
            };
            let on_map = frame.wrap
                || ((0.0..=frame.width).contains(&c[0]) && (0.0..=frame.height).contains(&c[1]));
            if on_map {
                let r2 = crate::measures::buckets::dist2(c, all[t[0]]);
                self.push(frame.onto(c), r2);
            }
        }
    }

    /// The largest circle whose squared radius beats `floor`, as `clearance(at, r2)` measures it
    /// now (the squared distance from `at` to its nearest point, or `r2` if none is nearer):
    /// its centre and squared radius. Shrunken circles go back under their new size.
    pub(crate) fn largest(
        &mut self,
        floor: f64,
        mut clearance: impl FnMut([f64; 2], f64) -> f64,
    ) -> Option<([f64; 2], f64)> {
        while let Some(&top) = self.heap.peek() {
            if top.r2 <= floor {
                return None;
            }
            let now = clearance(top.at, top.r2);
            if now >= top.r2 {
                return Some((top.at, top.r2));
            }
            self.heap.pop();
            self.push(top.at, now);
        }
        None
    }
}
