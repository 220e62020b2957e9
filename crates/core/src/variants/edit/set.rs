//! The editable set itself: its points with ids and classes, how a finished edit's [`Patch`]
//! goes in ([`EditableSet::commit`]), and undo by strokes.

use crate::base::error::{positive, short, Error, Result};
use crate::base::point::{Item, Point};
use crate::base::rng::Seed;
use crate::classic::bridson::{SamplerParams, Tries};
use crate::variants::classes::ClassTable;

/// How many strokes [`EditableSet::undo`] can take back; older ones are forgotten.
pub const UNDO_DEPTH: usize = 100;

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

/// What a finished [`Edit`](super::Edit) hands over: the points it removes and adds, for
/// [`EditableSet::commit`] to apply to the state of the set it was made from.
#[derive(Debug, Clone, PartialEq)]
pub struct Patch {
    pub(super) revision: u64,
    /// Indices into the set's points, ascending.
    pub(super) removed: Vec<usize>,
    pub(super) added: Vec<Point>,
    /// The classes of `added`, in the same order.
    pub(super) classes: Vec<u16>,
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
    pub(super) width: f64,
    pub(super) height: f64,
    pub(super) radius: f64,
    pub(super) k: u32,
    pub(super) seed: i32,
    /// The smallest radius any point ever had, the new points' included: it sizes the grids.
    pub(super) smallest: f64,
    pub(super) points: Vec<Point>,
    ids: Vec<u32>,
    pub(super) classes: Vec<u16>,
    next_id: u64,
    /// Edits committed so far that changed the set: the next edit's number.
    pub(super) edits: u32,
    /// Bumped by every change, so a patch made for another state is refused.
    pub(super) revision: u64,
    history: Vec<StrokeRecord>,
    /// True between `begin_stroke` and `end_stroke` (or an undo).
    open: bool,
    last: Change,
    /// The classes and their spacings, when the set has several classes of object.
    pub(super) table: Option<ClassTable>,
}

impl EditableSet {
    /// An empty `width × height` map whose edits place points `radius` apart, with `k` tries per
    /// step and a 32-bit `seed` for the edits' draws.
    ///
    /// Width, height and radius must be finite and > 0, `k` in `1..=MAX_K`, and the seed one the
    /// generator accepts.
    pub fn new(params: SamplerParams) -> Result<Self> {
        let width = positive("width", params.width)?;
        let height = positive("height", params.height)?;
        let radius = positive("radius", params.radius)?;
        Tries::new(params.k)?;
        Seed::new(params.seed)?;
        Ok(Self {
            width,
            height,
            radius,
            k: params.k,
            seed: params.seed,
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
            return Err(self.refuse_pair(i, j, &spacing));
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
        params: SamplerParams,
        items: impl IntoIterator<Item = Item>,
    ) -> Result<Self> {
        let mut set = Self::new(params)?;
        let (width, height) = (set.width, set.height);
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
            return Err(set.refuse_pair(i, j, &format!("their spacing {}", short(need))));
        }
        Ok(set)
    }

    /// The refusal of a set whose points `i` and `j` stand closer than `spacing` (in words).
    fn refuse_pair(&self, i: usize, j: usize, spacing: &str) -> Error {
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
    /// The classes, when the set has several classes of object.
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

    /// Applies a finished edit's patch: removes its points, appends its new points with fresh ids
    /// (and the classes drawn for them), and records it for undo in the open stroke (or as a stroke
    /// of its own). A patch that changes nothing leaves the set exactly as it was, counters
    /// included.
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
}
