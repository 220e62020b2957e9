//! Editing a placed set in place, the way a level designer does: erase a patch, paint more
//! objects where there is room, refill a patch, undo; every object keeps its place and its id.
//!
//! **Ids.** A point an edit does not remove keeps its `u32` id, `u16` class and coordinates, to
//! the bit; a new point takes the next id of a counter that never goes back, not even after
//! [`EditableSet::undo`]: a saved id means one object, or none.
//!
//! **Strokes.** A [`Stroke`] is a path and a brush radius `b`; a spot is under it when strictly
//! inside its bounding box and `dx² + dy² < b²` to the nearest point of some segment
//! (`t = clamp(((p − a)·(c − a)) / |c − a|², 0, 1)`, 0 for a segment of length 0) or to a
//! one-point path's point, on the map only. That one test, [`Stroke::covers`], decides what a
//! [`Tool`] erases and where it paints: no kept point under a stroke, no new point outside it.
//!
//! **Filling.** Paint and refill run [`Sampler::step`] with the stroke's box as the sampling
//! region and `covers` as the ground rule, over a grid holding the kept points near it, seeded
//! in blocks ([`Sampler::seed_blocks`]) so every pocket gets a start; a set with classes
//! ([`EditableSet::fill_classes`]) draws them as [`crate::classes`] does. Edit `i` (counting
//! those that changed the set; like ids, never counted back, so a stroke painted again after an
//! undo is a new roll) draws from `sub_seed(seed, 0xED17_0000 + i)`: one seed and one sequence
//! of operations give one set, natively and in WebAssembly.
//!
//! **Slices and undo.** An edit is a [`Job`] ([`EditableSet::edit`]) reading the set once; its
//! [`Patch`] goes in with [`EditableSet::commit`] (a stale one is refused); `apply` does both.
//! Undo takes back a stroke (a drag, `begin_stroke` … `end_stroke`), up to [`UNDO_DEPTH`] of
//! them, each to the exact set it started from.

use crate::classic::bridson::{BlockCursor, Handover, Sampler, MAX_K};
use crate::variants::classes::{ClassKinds, ClassParams, ClassSampler, ClassTable};
use crate::base::error::{in_range, positive, short, Advice, Error, Result, DEFAULT_MAX_CELLS};
use crate::classic::grid::Grid;
use crate::base::job::Job;
use crate::base::rng::{sub_seed, ParkMiller};
use crate::base::point::Point;
use std::f64::consts::SQRT_2;

/// How many strokes [`EditableSet::undo`] can take back; older ones are forgotten.
pub const UNDO_DEPTH: usize = 100;

/// The salt of edit number 0's seed; edit `i` uses this plus `i` ([`crate::rng::sub_seed`]).
const EDIT_SALT: u32 = 0xed17_0000;

/// What a stroke does to the points under it; see the module docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Tool {
    /// Adds points under the stroke where there is room; removes none.
    Paint,
    /// Removes the points under the stroke; adds none.
    Erase,
    /// Removes the points under the stroke and fills the patch again.
    Refill,
}

impl Tool {
    /// The tool's name as the page and the CLI spell it: `paint`, `erase` or `refill`.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Paint => "paint",
            Tool::Erase => "erase",
            Tool::Refill => "refill",
        }
    }

    /// Whether the tool removes the points under the stroke.
    fn erases(self) -> bool {
        matches!(self, Tool::Erase | Tool::Refill)
    }

    /// Whether the tool adds points under the stroke.
    fn fills(self) -> bool {
        matches!(self, Tool::Paint | Tool::Refill)
    }
}

/// `paint`, `erase` or `refill`.
impl std::str::FromStr for Tool {
    type Err = Error;

    fn from_str(name: &str) -> Result<Self> {
        [Tool::Paint, Tool::Erase, Tool::Refill]
            .into_iter()
            .find(|t| t.name() == name)
            .ok_or_else(|| Error::Invalid {
                message: format!("tool must be paint, erase or refill, got '{name}'"),
            })
    }
}

/// The ground a brush covers: every spot closer than the brush radius to a path; see the module
/// docs for the exact test.
///
/// With the `serde` feature it is written as its path and radius, and read back through
/// [`Stroke::new`], so a recorded stroke that breaks its rules is refused with the same message.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "StrokeFields", try_from = "StrokeFields")
)]
pub struct Stroke {
    path: Vec<[f64; 2]>,
    radius: f64,
    /// The path's bounding box grown by the radius: `[left, top, right, bottom]`.
    bounds: [f64; 4],
}

/// A stroke as written and read: what [`Stroke::new`] takes (the bounds follow from it).
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct StrokeFields {
    path: Vec<[f64; 2]>,
    radius: f64,
}

#[cfg(feature = "serde")]
impl From<Stroke> for StrokeFields {
    fn from(stroke: Stroke) -> Self {
        Self {
            path: stroke.path,
            radius: stroke.radius,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<StrokeFields> for Stroke {
    type Error = Error;

    fn try_from(f: StrokeFields) -> Result<Self> {
        Stroke::new(&f.path, f.radius)
    }
}

impl Stroke {
    /// A stroke along `path` (one point or more, in map coordinates) with a brush of `radius`.
    ///
    /// The radius must be finite and > 0 (a length, as everywhere in the crate), the path not
    /// empty, and every coordinate finite and at most [`crate::error::MAX_LENGTH`] in size.
    pub fn new(path: &[[f64; 2]], radius: f64) -> Result<Self> {
        let radius = positive("brush radius", radius)?;
        if path.is_empty() {
            return Err(Error::Invalid {
                message: "a stroke needs at least one point on its path".into(),
            });
        }
        let most = crate::base::error::MAX_LENGTH;
        let mut bounds = [
            f64::INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NEG_INFINITY,
        ];
        for (i, &[x, y]) in path.iter().enumerate() {
            if !(x.abs() <= most && y.abs() <= most) {
                return Err(Error::Invalid {
                    message: format!(
                        "point {i} of the stroke's path, ({x}, {y}), must have finite coordinates"
                    ),
                });
            }
            bounds = [
                bounds[0].min(x),
                bounds[1].min(y),
                bounds[2].max(x),
                bounds[3].max(y),
            ];
        }
        let [l, t, r, b] = bounds;
        Ok(Self {
            path: path.to_vec(),
            radius,
            bounds: [l - radius, t - radius, r + radius, b + radius],
        })
    }

    /// A dab: the disc of `radius` around `(x, y)`.
    pub fn circle(x: f64, y: f64, radius: f64) -> Result<Self> {
        Self::new(&[[x, y]], radius)
    }

    /// The path, as given.
    pub fn path(&self) -> &[[f64; 2]] {
        &self.path
    }

    /// The brush radius.
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// The rectangle `[left, top, right, bottom]` that holds everything the stroke covers.
    pub fn bounds(&self) -> [f64; 4] {
        self.bounds
    }

    /// True when `(x, y)` is under the stroke: strictly inside [`Stroke::bounds`] and closer
    /// than the brush radius to the path (see the module docs for the arithmetic).
    pub fn covers(&self, x: f64, y: f64) -> bool {
        let [left, top, right, bottom] = self.bounds;
        if !(x > left && x < right && y > top && y < bottom) {
            return false;
        }
        let r2 = self.radius * self.radius;
        let near = |[ax, ay]: [f64; 2], [ex, ey]: [f64; 2]| {
            let (px, py) = (x - ax, y - ay);
            let len2 = ex * ex + ey * ey;
            let t = if len2 > 0.0 {
                ((px * ex + py * ey) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let (dx, dy) = (px - t * ex, py - t * ey);
            dx * dx + dy * dy < r2
        };
        match self.path.as_slice() {
            [only] => near(*only, [0.0, 0.0]),
            path => path
                .windows(2)
                .any(|w| near(w[0], [w[1][0] - w[0][0], w[1][1] - w[0][1]])),
        }
    }

    /// About how much ground the stroke covers (each segment's band plus one disc, at most the
    /// bounding box), for progress estimates only.
    fn area(&self) -> f64 {
        let length: f64 = self
            .path
            .windows(2)
            .map(|w| (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]))
            .sum();
        let r = self.radius;
        let [l, t, rt, b] = self.bounds;
        (2.0 * r * length + std::f64::consts::PI * r * r).min((rt - l) * (b - t))
    }
}

/// One point of an [`EditableSet`] with its id and class.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Item {
    /// Its id: stable for the point's life, never given to another point.
    pub id: u32,
    /// Its class: an index into the set's [`ClassTable`], or 0 in a set without one.
    pub class: u16,
    /// Where it stands and the spacing it keeps.
    pub point: Point,
}

/// How many points an edit, a stroke or an undo added and removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Change {
    /// Points that are there now and were not before.
    pub added: usize,
    /// Points that were there before and are not now.
    pub removed: usize,
}

impl Change {
    /// Points added or removed: the page's "changed" readout.
    pub fn total(self) -> usize {
        self.added + self.removed
    }
}

/// What a finished [`Edit`] hands over: the points it removes and adds, for
/// [`EditableSet::commit`] to apply to the state of the set it was made from.
#[derive(Debug, Clone, PartialEq)]
pub struct Patch {
    revision: u64,
    /// Indices into the set's points, ascending.
    removed: Vec<usize>,
    added: Vec<Point>,
    /// The classes of `added`, in the same order.
    classes: Vec<u16>,
}

impl Patch {
    /// How many points the patch removes.
    pub fn removed(&self) -> usize {
        self.removed.len()
    }
    /// The points it adds, in the order they were placed (their ids are given on commit).
    pub fn added(&self) -> &[Point] {
        &self.added
    }
    /// Their classes, in the same order.
    pub fn added_classes(&self) -> &[u16] {
        &self.classes
    }
    /// True when it changes nothing.
    pub fn is_empty(&self) -> bool {
        self.removed.is_empty() && self.added.is_empty()
    }
}

/// One committed edit, as undo needs it: what it removed (where it stood, in the order of the
/// set before the edit) and how many points it appended.
#[derive(Debug, Clone, PartialEq)]
struct Undo {
    removed: Vec<(usize, Item)>,
    added: usize,
}

/// The edits of one stroke, and its net change so far.
#[derive(Debug, Clone, PartialEq)]
struct StrokeRecord {
    edits: Vec<Undo>,
    /// The first id the stroke could give: ids from here on are its own points.
    first_id: u64,
    change: Change,
}

/// A point set a level designer edits in place; see the module docs.
///
/// The points are kept in order: an edit keeps the order of the points it leaves and appends
/// the points it adds.
#[derive(Debug, Clone, PartialEq)]
pub struct EditableSet {
    width: f64,
    height: f64,
    radius: f64,
    k: u32,
    seed: i32,
    /// The smallest radius any point ever had, the new points' included: it sizes the grids.
    smallest: f64,
    points: Vec<Point>,
    ids: Vec<u32>,
    classes: Vec<u16>,
    next_id: u64,
    /// Edits committed so far that changed the set: the next edit's number.
    edits: u32,
    /// Bumped by every change, so a patch made for another state is refused.
    revision: u64,
    history: Vec<StrokeRecord>,
    /// True between `begin_stroke` and `end_stroke` (or an undo).
    open: bool,
    last: Change,
    /// The classes and their spacings, when the set has several kinds of object.
    table: Option<ClassTable>,
}

impl EditableSet {
    /// An empty `width × height` map whose edits place points `radius` apart, with `k` tries per
    /// step and a 32-bit `seed` for the edits' draws.
    ///
    /// Width, height and radius must be finite and > 0, `k` in `1..=MAX_K`, and the seed one the
    /// generator accepts.
    pub fn new(width: f64, height: f64, radius: f64, k: u32, seed: i32) -> Result<Self> {
        let width = positive("width", width)?;
        let height = positive("height", height)?;
        let radius = positive("radius", radius)?;
        in_range("k", f64::from(k), 1.0, f64::from(MAX_K))?;
        ParkMiller::new(seed)?;
        Ok(Self {
            width,
            height,
            radius,
            k,
            seed,
            smallest: radius,
            points: Vec::new(),
            ids: Vec::new(),
            classes: Vec::new(),
            next_id: 0,
            edits: 0,
            revision: 0,
            history: Vec::new(),
            open: false,
            last: Change::default(),
            table: None,
        })
    }

    /// The map filled by Bridson's algorithm from `seed`: exactly the points of
    /// [`crate::poisson_disk`]`(width, height, radius, k, seed)`, with ids `0, 1, …` in that
    /// order, class 0. Checks as there.
    pub fn fill(width: f64, height: f64, radius: f64, k: u32, seed: i32) -> Result<Self> {
        Job::run_to_end(Fill::plain(width, height, radius, k, seed)?)
    }

    /// The map filled with several classes in one pass: exactly the points and classes of
    /// [`crate::poisson_classes`]`(params)`, ids `0, 1, …` in that order. Edits keep every pair's
    /// spacing and draw their classes by weight (see the module docs). Checks as there.
    pub fn fill_classes(params: &ClassParams) -> Result<Self> {
        Job::run_to_end(Fill::classes(params)?)
    }

    /// The same set with classes: from now on its points' classes index `table`, and edits
    /// place points of those classes, each pair at its own spacing. Refused when a point's
    /// class is not in the table or a pair of points stands closer than its classes' spacing.
    pub fn with_classes(mut self, table: ClassTable) -> Result<Self> {
        if let Some(i) = self
            .classes
            .iter()
            .position(|&c| usize::from(c) >= table.len())
        {
            return Err(Error::Invalid {
                message: format!(
                    "point {i} (id {}) is of class {}, but only {} classes were given",
                    self.ids[i],
                    self.classes[i],
                    table.len()
                ),
            });
        }
        if let Some((i, j)) = table.first_violation(&self.points, &self.classes) {
            let names = table.names();
            let (ca, cb) = (self.classes[i], self.classes[j]);
            let spacing = format!(
                "the spacing {} of {} and {}",
                short(table.spacing(ca, cb)),
                names[usize::from(ca)],
                names[usize::from(cb)]
            );
            return Err(self.crowded(i, j, &spacing));
        }
        self.smallest = self.smallest.min(table.smallest());
        self.table = Some(table);
        Ok(self)
    }

    /// A set holding `items` (a saved level, a file): checks as [`EditableSet::new`], and then
    /// every item on the map, with a finite radius > 0, a unique id, and every pair at least the
    /// smaller of its two radii apart (the promise the edits keep; a set that broke it could not
    /// keep it either). New ids start above the largest id given.
    pub fn with_items(
        width: f64,
        height: f64,
        radius: f64,
        k: u32,
        seed: i32,
        items: impl IntoIterator<Item = Item>,
    ) -> Result<Self> {
        let mut set = Self::new(width, height, radius, k, seed)?;
        let mut seen = std::collections::HashMap::new();
        for (row, item) in items.into_iter().enumerate() {
            let Point { x, y, r } = item.point;
            if !(x >= 0.0 && x < width && y >= 0.0 && y < height) {
                return Err(Error::Invalid {
                    message: format!(
                        "point {row} (id {}) at ({x}, {y}) is off the map [0, {}) × [0, {})",
                        item.id,
                        short(width),
                        short(height)
                    ),
                });
            }
            if !(r.is_finite() && r > 0.0) {
                return Err(Error::Invalid {
                    message: format!(
                        "point {row} (id {}) has radius {r}; a radius must be finite and > 0",
                        item.id
                    ),
                });
            }
            positive("radius", r)?;
            if let Some(first) = seen.insert(item.id, row) {
                return Err(Error::Invalid {
                    message: format!("points {first} and {row} have the same id {}", item.id),
                });
            }
            set.smallest = set.smallest.min(r);
            set.next_id = set.next_id.max(u64::from(item.id) + 1);
            set.points.push(item.point);
            set.ids.push(item.id);
            set.classes.push(item.class);
        }
        if let Some((i, j)) = crate::measures::metrics::first_radius_violation(&set.points) {
            let need = set.points[i].r.min(set.points[j].r);
            return Err(set.crowded(i, j, &format!("their spacing {}", short(need))));
        }
        Ok(set)
    }

    /// The refusal of a set whose points `i` and `j` stand closer than `spacing` (in words).
    fn crowded(&self, i: usize, j: usize, spacing: &str) -> Error {
        let (a, b) = (self.points[i], self.points[j]);
        Error::Invalid {
            message: format!(
                "points {i} and {j} (ids {} and {}) are {} apart, closer than {spacing}",
                self.ids[i],
                self.ids[j],
                short((a.x - b.x).hypot(a.y - b.y)),
            ),
        }
    }

    /// The map's width.
    pub fn width(&self) -> f64 {
        self.width
    }
    /// The map's height.
    pub fn height(&self) -> f64 {
        self.height
    }
    /// The spacing of the points edits add.
    pub fn radius(&self) -> f64 {
        self.radius
    }
    /// Tries per Bridson step.
    pub fn k(&self) -> u32 {
        self.k
    }
    /// The seed the edits' draws derive from.
    pub fn seed(&self) -> i32 {
        self.seed
    }
    /// The points, in order.
    pub fn points(&self) -> &[Point] {
        &self.points
    }
    /// Their ids, in the same order.
    pub fn ids(&self) -> &[u32] {
        &self.ids
    }
    /// Their classes, in the same order.
    pub fn classes(&self) -> &[u16] {
        &self.classes
    }
    /// How many points there are.
    pub fn len(&self) -> usize {
        self.points.len()
    }
    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }
    /// Every point with its id and class, in order.
    pub fn items(&self) -> impl Iterator<Item = Item> + '_ {
        (0..self.len()).map(|i| self.item(i))
    }
    /// The point with this id, if the set holds it (a linear search).
    pub fn find(&self, id: u32) -> Option<Item> {
        self.ids.iter().position(|&i| i == id).map(|i| self.item(i))
    }
    /// The id the next new point will get: every id below it was given once, at most.
    pub fn next_id(&self) -> u64 {
        self.next_id
    }
    /// How many edits changed the set so far (the next edit's number).
    pub fn edits(&self) -> u32 {
        self.edits
    }
    /// What the current or last stroke changed so far (net: a point a stroke added and removed
    /// again counts in neither), or what the last undo changed.
    pub fn last_change(&self) -> Change {
        self.last
    }
    /// The classes, when the set has several kinds of object.
    pub fn class_table(&self) -> Option<&ClassTable> {
        self.table.as_ref()
    }
    /// Every pair `(i, j)`, `i < j`, of points closer than they must keep: the spacing of their
    /// pair of classes, or without classes the smaller of their radii. Empty for any set the
    /// edits made (the page's "too close" readout).
    pub fn too_close(&self) -> Vec<(usize, usize)> {
        match &self.table {
            Some(table) => table.violations(&self.points, &self.classes),
            None => crate::measures::metrics::radius_violations(&self.points),
        }
    }
    /// How many strokes [`EditableSet::undo`] can take back.
    pub fn undo_depth(&self) -> usize {
        self.history.iter().filter(|s| !s.edits.is_empty()).count()
    }

    fn item(&self, i: usize) -> Item {
        Item {
            id: self.ids[i],
            class: self.classes[i],
            point: self.points[i],
        }
    }

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
        let mut grid = Grid::with_origin(gl, gt, gr - gl, gb - gt, cell, DEFAULT_MAX_CELLS)?;
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
            sampler = sampler.with_kinds(ClassKinds::new(table.clone(), seed, kept_classes)?);
        }
        let blocks = ((region[2] - region[0]) / (2.0 * r)).ceil()
            * ((region[3] - region[1]) / (2.0 * r)).ceil();
        let area = stroke
            .area()
            .min((region[2] - region[0]) * (region[3] - region[1]));
        job.expected = blocks + 2.0 * crate::base::job::bridson_points(area, r);
        job.sampler = Some(sampler);
        job.finished = false;
        Ok(job)
    }

    /// Applies a finished edit's patch: removes its points, appends its new points with fresh
    /// ids (and the classes drawn for them), and records it for undo in the open stroke (or as a stroke of its own).
    /// A patch that changes nothing leaves the set exactly as it was, counters included.
    ///
    /// Refused when the set changed since the edit was made (start the edit again), or when
    /// the ids would run past `u32::MAX`.
    pub fn commit(&mut self, patch: Patch) -> Result<Change> {
        if patch.revision != self.revision {
            return Err(Error::Invalid {
                message: "this edit was made for an earlier state of the set; start it again"
                    .into(),
            });
        }
        if patch.is_empty() {
            return Ok(Change::default());
        }
        let fresh = patch.added.len() as u64;
        if self.next_id + fresh > u64::from(u32::MAX) + 1 {
            return Err(Error::Invalid {
                message: format!(
                    "this edit needs {fresh} new ids but only {} are left below 2^32",
                    u64::from(u32::MAX) + 1 - self.next_id
                ),
            });
        }
        if !self.open || self.history.is_empty() {
            self.push_stroke();
        }
        let removed: Vec<(usize, Item)> =
            patch.removed.iter().map(|&i| (i, self.item(i))).collect();
        retain_indexed(&mut self.points, &patch.removed);
        retain_indexed(&mut self.ids, &patch.removed);
        retain_indexed(&mut self.classes, &patch.removed);
        let first = self.next_id;
        for ((p, &class), id) in patch.added.iter().zip(&patch.classes).zip(first..) {
            self.points.push(*p);
            self.ids.push(id as u32);
            self.classes.push(class);
        }
        self.next_id += fresh;
        self.edits = self.edits.wrapping_add(1);
        self.revision += 1;
        let change = Change {
            added: patch.added.len(),
            removed: removed.len(),
        };
        let stroke = self.history.last_mut().expect("a stroke was pushed above");
        for (_, item) in &removed {
            if u64::from(item.id) >= stroke.first_id {
                stroke.change.added -= 1;
            } else {
                stroke.change.removed += 1;
            }
        }
        stroke.change.added += change.added;
        stroke.edits.push(Undo {
            removed,
            added: change.added,
        });
        self.last = stroke.change;
        Ok(change)
    }

    /// [`EditableSet::edit`] run to the end and committed: one call.
    pub fn apply(&mut self, tool: Tool, stroke: &Stroke) -> Result<Change> {
        let patch = Job::run_to_end(self.edit(tool, stroke)?)?;
        self.commit(patch)
    }

    /// Starts a stroke: the edits until [`EditableSet::end_stroke`] undo together, and
    /// [`EditableSet::last_change`] counts them together. (A stroke begun while another is
    /// open ends that one first.)
    pub fn begin_stroke(&mut self) {
        self.push_stroke();
        self.open = true;
        self.last = Change::default();
    }

    /// Ends the open stroke, if any: the next edit is a stroke of its own again.
    pub fn end_stroke(&mut self) {
        self.open = false;
    }

    /// A new, empty stroke on the history (replacing an empty one on top), forgetting the
    /// oldest beyond [`UNDO_DEPTH`].
    fn push_stroke(&mut self) {
        if self.history.last().is_some_and(|s| s.edits.is_empty()) {
            self.history.pop();
        }
        self.history.push(StrokeRecord {
            edits: Vec::new(),
            first_id: self.next_id,
            change: Change::default(),
        });
        if self.history.len() > UNDO_DEPTH {
            self.history.remove(0);
        }
    }

    /// Takes back the last stroke that changed something: the set is again exactly what it was
    /// before that stroke (points, ids, classes and order), and an open stroke is ended. The
    /// id and edit counters do not go back (see the module docs). False when there is nothing
    /// to undo.
    pub fn undo(&mut self) -> bool {
        self.open = false;
        while self.history.last().is_some_and(|s| s.edits.is_empty()) {
            self.history.pop();
        }
        let Some(stroke) = self.history.pop() else {
            return false;
        };
        for edit in stroke.edits.into_iter().rev() {
            let keep = self.len() - edit.added;
            self.points.truncate(keep);
            self.ids.truncate(keep);
            self.classes.truncate(keep);
            let back = edit.removed.iter();
            reinsert(&mut self.points, back.clone().map(|(i, it)| (*i, it.point)));
            reinsert(&mut self.ids, back.clone().map(|(i, it)| (*i, it.id)));
            reinsert(&mut self.classes, back.map(|(i, it)| (*i, it.class)));
        }
        self.revision += 1;
        self.last = Change {
            added: stroke.change.removed,
            removed: stroke.change.added,
        };
        true
    }
}

/// Keeps the items of `v` whose index is not in `gone` (ascending), in order.
fn retain_indexed<T>(v: &mut Vec<T>, gone: &[usize]) {
    let (mut i, mut next) = (0, gone.iter().peekable());
    v.retain(|_| {
        let drop = next.next_if_eq(&&i).is_some();
        i += 1;
        !drop
    });
}

/// Puts `entries` back into `v` at their indices (ascending, each an index of the result).
fn reinsert<T: Copy>(v: &mut Vec<T>, entries: impl Iterator<Item = (usize, T)>) {
    let rest = std::mem::take(v);
    let mut rest = rest.into_iter();
    for (at, value) in entries {
        v.extend(rest.by_ref().take(at - v.len()));
        v.push(value);
    }
    v.extend(rest);
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
            self.finished = s.run(left);
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
            // The classes the kinds drew for the new points (all 0 without classes).
            let classes = sampler
                .as_ref()
                .and_then(Sampler::kinds)
                .map(|kinds| kinds.of_points()[kept..].to_vec());
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

/// A set's first fill as a [`Job`] (a unit is one Bridson step), for a page that must not
/// stall: the result is exactly [`EditableSet::fill`] or [`EditableSet::fill_classes`] for the
/// same parameters, which are this job run to the end.
#[derive(Debug)]
pub struct Fill {
    width: f64,
    height: f64,
    k: u32,
    seed: i32,
    sampler: FillSampler,
}

/// What a [`Fill`] runs: plain Bridson, or the class run and its table.
#[derive(Debug)]
enum FillSampler {
    Plain(Sampler, f64),
    Classes(ClassSampler),
}

impl Fill {
    /// The fill of [`EditableSet::fill`]: checks as there, and places the first point.
    pub fn plain(width: f64, height: f64, radius: f64, k: u32, seed: i32) -> Result<Self> {
        let mut sampler = Sampler::new(width, height, radius, k, seed)?;
        sampler.start_random();
        let sampler = FillSampler::Plain(sampler, radius);
        Ok(Self {
            width,
            height,
            k,
            seed,
            sampler,
        })
    }

    /// The fill of [`EditableSet::fill_classes`]: checks as [`ClassSampler::new`], and places
    /// the first point.
    pub fn classes(params: &ClassParams) -> Result<Self> {
        let sampler = FillSampler::Classes(ClassSampler::new(params)?);
        let (width, height, k, seed) = (params.width, params.height, params.k, params.seed);
        Ok(Self {
            width,
            height,
            k,
            seed,
            sampler,
        })
    }
}

impl Job for Fill {
    type Output = EditableSet;

    fn run(&mut self, budget: u64) -> Result<bool> {
        match &mut self.sampler {
            FillSampler::Plain(s, _) => Job::run(s, budget),
            FillSampler::Classes(s) => Job::run(s, budget),
        }
    }

    fn progress(&self) -> f64 {
        match &self.sampler {
            FillSampler::Plain(s, _) => Job::progress(s),
            FillSampler::Classes(s) => Job::progress(s),
        }
    }

    /// The set, ids `0, 1, …` in the order placed; `None` once taken. A set the samplers made
    /// passes every check of [`EditableSet::with_items`], so those checks cannot fail here.
    fn take(&mut self) -> Option<EditableSet> {
        let (w, h, k, seed) = (self.width, self.height, self.k, self.seed);
        match &mut self.sampler {
            FillSampler::Plain(s, r) => {
                let points = Job::take(s)?;
                let items = points.into_iter().zip(0..).map(|(point, id)| Item {
                    id,
                    class: 0,
                    point,
                });
                let set = EditableSet::with_items(w, h, *r, k, seed, items);
                Some(set.expect("a sampler's own fill passes the editable set's checks"))
            }
            FillSampler::Classes(s) => {
                let table = s.table().clone();
                let placed = Job::take(s)?;
                let set = EditableSet::with_items(w, h, table.smallest(), k, seed, placed.items())
                    .and_then(|set| set.with_classes(table));
                Some(set.expect("a class sampler's own fill passes the editable set's checks"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reinsert_undoes_retain() {
        let v: Vec<u32> = (0..10).collect();
        for gone in [vec![], vec![0], vec![9], vec![2, 3, 7], (0..10).collect()] {
            let mut w = v.clone();
            retain_indexed(&mut w, &gone);
            assert_eq!(w.len(), 10 - gone.len());
            reinsert(&mut w, gone.iter().map(|&i| (i, v[i])));
            assert_eq!(w, v, "{gone:?}");
        }
    }

    #[test]
    fn a_stroke_covers_the_open_capsule_around_its_path() {
        let s = Stroke::new(&[[0.0, 0.0], [10.0, 0.0]], 2.0).unwrap();
        assert!(s.covers(5.0, 1.99));
        assert!(!s.covers(5.0, 2.0)); // on the edge: not under
        assert!(s.covers(-1.9, 0.0) && !s.covers(-2.0, 0.0));
        assert!(s.covers(11.0, 1.0) && !s.covers(11.5, 1.5));
        let dab = Stroke::circle(3.0, 4.0, 5.0).unwrap();
        assert!(dab.covers(0.1, 0.1) && !dab.covers(0.0, 0.0));
        assert!(Stroke::new(&[], 1.0).is_err());
        assert!(Stroke::circle(f64::NAN, 0.0, 1.0).is_err());
        assert!(Stroke::circle(0.0, 0.0, 0.0).is_err());
    }
}
