//! Lloyd's method, one iteration as pieces of work: every point to the centroid of its Voronoi
//! cell ([`crate::voronoi`]), all at once at the end of the iteration.
//!
//! The first piece finds the neighbours (a Delaunay triangulation, `O(n log n)`); the rest cut
//! and measure the cells a slice of points at a time, into a second buffer, so that every cell
//! of an iteration is the cell of the same set. A centroid lies in its cell, so on the map;
//! rounding is clamped, and on a torus the centroid is wrapped back onto it.

use crate::passes::voronoi::{area_centroid, Clip, Frame, Neighbours};

/// An iteration in progress.
pub(crate) struct Lloyd {
    neighbours: Option<Neighbours>,
    next: usize,
    moved: Vec<[f64; 2]>,
    clip: Clip,
}

impl Lloyd {
    pub(crate) fn new() -> Self {
        Lloyd {
            neighbours: None,
            next: 0,
            moved: Vec::new(),
            clip: Clip::default(),
        }
    }

    /// Does one piece of the iteration over `points` with about `budget` units left (a unit is
    /// a point: the triangulation costs one per point, a cell one); returns its cost and whether
    /// the iteration is done (the points then hold the new places).
    pub(crate) fn piece(
        &mut self,
        points: &mut [[f64; 2]],
        frame: Frame,
        budget: u64,
    ) -> (u64, bool) {
        let n = points.len();
        let Some(neighbours) = &self.neighbours else {
            self.neighbours = Some(Neighbours::new(points, frame));
            self.next = 0;
            self.moved.clear();
            return (n.max(1) as u64, n == 0 && self.finish(points));
        };
        let stop = n.min(self.next + budget.clamp(1, n as u64) as usize);
        for i in self.next..stop {
            let cell = neighbours.cell(i, points, frame, &mut self.clip);
            let (_, centroid) = area_centroid(cell, points[i]);
            self.moved.push(frame.onto(centroid));
        }
        let cost = (stop - self.next).max(1) as u64;
        self.next = stop;
        (cost, self.next == n && self.finish(points))
    }

    /// Ends the iteration: the points take their new places. Always true.
    fn finish(&mut self, points: &mut [[f64; 2]]) -> bool {
        points.copy_from_slice(&self.moved);
        self.neighbours = None;
        self.moved.clear();
        self.next = 0;
        true
    }
}
