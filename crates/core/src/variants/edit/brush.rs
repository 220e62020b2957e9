//! An edit as a job: the points under a stroke found once, then Bridson filling the stroke's
//! ground over a grid of the kept points near it; the result is a [`Patch`] for
//! [`EditableSet::commit`].

use super::set::{Change, EditableSet, Patch};
use super::stroke::{Stroke, Tool};
use crate::base::error::{short, Advice, Error, Result, DEFAULT_MAX_CELLS};
use crate::base::job::{bridson_points, Handover, Job};
use crate::base::point::Point;
use crate::base::rng::sub_seed;
use crate::classic::bridson::{BlockCursor, Sampler};
use crate::classic::grid::Grid;
use crate::variants::classes::{ClassDraws, ClassTable};
use std::f64::consts::SQRT_2;

/// The salt of edit number 0's seed; edit `i` uses this plus `i` ([`crate::rng::sub_seed`]).
const EDIT_SALT: u32 = 0xed17_0000;

impl EditableSet {
    /// What to change when the grid around `stroke` (over `region`, `[width, height]` on the
    /// map, in cells of `cell`) has too many cells. The grid reaches one spacing past the
    /// region on every side: when that margin is most of it and the set's points keep a
    /// smaller spacing of their own (which sizes the cells), the spacing of new points is what
    /// to shrink; otherwise the brush, to the radius that fits, or the stroke's length.
    fn stroke_advice(&self, stroke: &Stroke, [rw, rh]: [f64; 2], cell: f64) -> Advice {
        // The largest `e` with (a + 2e + cell) (b + 2e + cell) ≤ limit × cell², where the
        // ceilings of the cell counts cost at most one cell each way.
        let largest = |a: f64, b: f64| {
            let (a, b) = (a + cell, b + cell);
            let area = DEFAULT_MAX_CELLS as f64 * cell * cell;
            (((a - b) * (a - b) + 4.0 * area).sqrt() - (a + b)) / 4.0 * (1.0 - 1e-9)
        };
        if self.table.is_none() {
            let radius = largest(rw, rh);
            if radius >= self.smallest && radius < self.radius {
                return Advice::at_most("radius", radius);
            }
        }
        let margin = self.table.as_ref().map_or(self.radius, ClassTable::largest);
        let [l, t, r, b] = stroke.bounds();
        let brush = stroke.radius();
        let (pw, ph) = (r - l - 2.0 * brush, b - t - 2.0 * brush);
        let brush = largest(pw + 2.0 * margin, ph + 2.0 * margin);
        if brush >= crate::base::error::MIN_LENGTH {
            Advice::at_most("brush radius", brush)
        } else {
            Advice::from("use a shorter stroke")
        }
    }

    /// Starts an edit along `stroke`, as a [`Job`] whose unit is a Bridson step or a seeding
    /// block (each up to `k` candidates). Finds the points under the stroke now (one pass over
    /// the set); the job then needs nothing from the set, and its [`Patch`] is applied with
    /// [`EditableSet::commit`].
    ///
    /// Fails only when the grid around the stroke would exceed the work limit (a brush
    /// thousands of spacings across).
    pub fn edit(&self, tool: Tool, stroke: &Stroke) -> Result<Edit> {
        let (w, h, r) = (self.width, self.height, self.radius);
        let [l, t, rt, b] = stroke.bounds();
        let region = [l.max(0.0), t.max(0.0), rt.min(w), b.min(h)];
        let on_map = region[0] < region[2] && region[1] < region[3];
        let covered = |p: &Point| on_map && stroke.covers(p.x, p.y);
        let removed: Vec<usize> = if tool.erases() {
            (0..self.len())
                .filter(|&i| covered(&self.points[i]))
                .collect()
        } else {
            Vec::new()
        };
        let mut job = Edit {
            revision: self.revision,
            removed,
            kept: 0,
            sampler: None,
            cursor: BlockCursor::default(),
            seeded: false,
            units: 0,
            expected: 1.0,
            finished: true,
            handover: Handover::default(),
        };
        if !(on_map && tool.fills()) {
            return Ok(job);
        }
        // The grid: the region and a margin of the largest spacing (one spacing without
        // classes), where the kept points that could refuse a candidate stand. Cells a hair
        // under the smallest radius / √2, so that no two points ever share one however the cell
        // index rounds (as in `chunks`). With classes the sampler's own spacing, which sizes
        // the seeding blocks, is the largest too: blocks of the smallest would scatter a start
        // every few spacings, a layer of darts in which the small classes take the patch
        // before the large ones are ever thrown.
        let (r, margin) = match &self.table {
            Some(table) => (table.largest(), table.largest()),
            None => (r, r),
        };
        let [gl, gt, gr, gb] = [
            region[0] - margin,
            region[1] - margin,
            region[2] + margin,
            region[3] + margin,
        ];
        let cell = self.smallest / SQRT_2 * (1.0 - 1e-9);
        let needed = ((gr - gl) / cell).ceil() * ((gb - gt) / cell).ceil();
        if needed > DEFAULT_MAX_CELLS as f64 {
            return Err(Error::TooMuchWork {
                subject: format!(
                    "a stroke {} × {} across at spacing {}",
                    short(region[2] - region[0]),
                    short(region[3] - region[1]),
                    short(self.smallest)
                ),
                what: "grid cells",
                needed,
                limit: DEFAULT_MAX_CELLS,
                hint: self.stroke_advice(
                    stroke,
                    [region[2] - region[0], region[3] - region[1]],
                    cell,
                ),
            });
        }
        let mut grid = Grid::with_origin([gl, gt], gr - gl, gb - gt, cell, DEFAULT_MAX_CELLS)?;
        // The kept points' classes in grid order, for the classes' spacing test.
        let mut kept_classes = Vec::new();
        for (p, &class) in self.points.iter().zip(&self.classes) {
            // The same test as above: a point is erased or kept the same way both times.
            if p.x >= gl && p.x < gr && p.y >= gt && p.y < gb && !(tool.erases() && covered(p)) {
                grid.add(p.x, p.y, p.r)?;
                kept_classes.push(class);
            }
        }
        job.kept = kept_classes.len();
        let seed = sub_seed(self.seed, EDIT_SALT.wrapping_add(self.edits));
        let covered = stroke.clone();
        let mut sampler = Sampler::with_grid(grid, r, self.k, seed)?
            .with_region(region[0], region[1], region[2], region[3])?
            .with_allowed(move |x, y| covered.covers(x, y));
        if let Some(table) = &self.table {
            sampler = sampler.with_classes(ClassDraws::new(table.clone(), seed, kept_classes)?);
        }
        let blocks = ((region[2] - region[0]) / (2.0 * r)).ceil()
            * ((region[3] - region[1]) / (2.0 * r)).ceil();
        let area = stroke
            .area()
            .min((region[2] - region[0]) * (region[3] - region[1]));
        job.expected = blocks + 2.0 * bridson_points(area, r);
        job.sampler = Some(sampler);
        job.finished = false;
        Ok(job)
    }

    /// [`EditableSet::edit`] run to the end and committed: one call.
    pub fn apply(&mut self, tool: Tool, stroke: &Stroke) -> Result<Change> {
        let patch = Job::run_to_end(self.edit(tool, stroke)?)?;
        self.commit(patch)
    }
}

/// An edit in progress ([`EditableSet::edit`]): a [`Job`] whose result is a [`Patch`].
#[derive(Debug)]
pub struct Edit {
    revision: u64,
    removed: Vec<usize>,
    /// How many kept points the sampler's grid holds before its own.
    kept: usize,
    /// The Bridson sampler of a paint or refill that has ground to fill.
    sampler: Option<Sampler>,
    cursor: BlockCursor,
    seeded: bool,
    /// Units done so far, and about how many the whole edit takes (for progress).
    units: u64,
    expected: f64,
    finished: bool,
    handover: Handover,
}

impl Edit {
    /// Units of work done so far (seeding blocks and Bridson steps).
    pub fn units(&self) -> u64 {
        self.units
    }
    /// The points placed so far (new points only), for drawing an edit in progress.
    pub fn placed(&self) -> &[Point] {
        self.sampler.as_ref().map_or(&[], |s| s.points())
    }
}

impl Job for Edit {
    type Output = Patch;

    /// A unit is a seeding block or a Bridson step (each up to `k` candidates). An erase, or
    /// a stroke off the map, is finished from the start.
    fn run(&mut self, budget: u64) -> Result<bool> {
        let Some(s) = self.sampler.as_mut().filter(|_| !self.finished) else {
            return Ok(true);
        };
        let mut left = budget;
        while left > 0 && !self.seeded {
            self.seeded = s.seed_some_blocks(&mut self.cursor, 1);
            left -= 1;
            self.units += 1;
        }
        if left > 0 {
            let before = s.steps();
            self.finished = s.run_slice(left);
            self.units += s.steps() - before;
        }
        let estimate = self.units as f64 / (self.expected.max(self.units as f64) + 1.0);
        self.handover.show(estimate);
        Ok(self.finished)
    }

    fn progress(&self) -> f64 {
        self.handover.progress(self.finished)
    }

    fn stage(&self) -> &'static str {
        match (&self.sampler, self.seeded) {
            (Some(_), false) => "seeding",
            (Some(_), true) => "filling",
            (None, _) => "",
        }
    }

    fn take(&mut self) -> Option<Patch> {
        let (finished, revision, kept) = (self.finished, self.revision, self.kept);
        let (removed, sampler) = (&mut self.removed, &mut self.sampler);
        self.handover.take(finished, || {
            let sampler = sampler.take();
            // The classes the class draws gave the new points (all 0 without classes).
            let classes = sampler
                .as_ref()
                .and_then(Sampler::classes)
                .map(|rules| rules.of_points()[kept..].to_vec());
            let added = sampler.map_or_else(Vec::new, Sampler::into_points);
            let classes = classes.unwrap_or_else(|| vec![0; added.len()]);
            Patch {
                revision,
                removed: std::mem::take(removed),
                added,
                classes,
            }
        })
    }
}
