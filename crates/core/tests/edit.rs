//! Local edits with stable ids: whatever sequence of strokes, paints, erases and undos, every
//! pair keeps its spacing, ids stay unique and are never given twice, points away from a stroke
//! keep their bits and ids, and the same seed and operations give the same set.

mod common;

use common::assert_spaced;
use poisson_live::classes::{poisson_classes, Between, Class, ClassParams, ClassTable};
use poisson_live::edit::{Change, EditableSet, Item, Stroke, Tool, UNDO_DEPTH};
use poisson_live::job::Job;
use poisson_live::SamplerParams;
use poisson_live::{poisson_disk, variable_radius, Point};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};

/// A small map for the tests that place a few points by hand.
const SMALL: SamplerParams = SamplerParams {
    width: 100.0,
    height: 100.0,
    radius: 10.0,
    k: 30,
    seed: 1,
};

/// One operation on the set, as the level editor's page sends them.
#[derive(Debug, Clone)]
enum Op {
    Edit(Tool, Vec<[f64; 2]>, f64),
    Begin,
    End,
    Undo,
}

fn items(set: &EditableSet) -> Vec<Item> {
    set.items().collect()
}

/// What changed from `before` to `after`, by id.
fn diff(before: &[Item], after: &[Item]) -> Change {
    let ids = |v: &[Item]| v.iter().map(|i| i.id).collect::<HashSet<_>>();
    let (b, a) = (ids(before), ids(after));
    Change {
        added: a.difference(&b).count(),
        removed: b.difference(&a).count(),
    }
}

/// Applies `op`, checking everything the module promises about it against a model that keeps
/// a snapshot per stroke: the state it began from, which an undo must give back exactly.
struct Model {
    open: bool,
    fresh_stroke: bool,
    strokes: Vec<Vec<Item>>,
    /// The state `last_change` is measured from.
    reference: Vec<Item>,
    /// Every id ever seen, and the point it named.
    ever: HashMap<u32, Item>,
}

impl Model {
    fn new(set: &EditableSet) -> Self {
        let now = items(set);
        Self {
            open: false,
            fresh_stroke: false,
            strokes: Vec::new(),
            ever: now.iter().map(|i| (i.id, *i)).collect(),
            reference: now,
        }
    }

    fn apply(&mut self, set: &mut EditableSet, op: &Op) -> Result<(), TestCaseError> {
        let before = items(set);
        let next_id = set.next_id();
        match op {
            Op::Edit(tool, path, brush) => {
                let stroke = Stroke::new(path, *brush).unwrap();
                let change = set.apply(*tool, &stroke).unwrap();
                let after = items(set);
                let covered = |i: &Item| stroke.covers(i.point.x, i.point.y);
                // Kept points first, in order, bit for bit with their ids; then the new ones.
                let kept: Vec<Item> = match tool {
                    Tool::Paint => before.clone(),
                    _ => before.iter().filter(|i| !covered(i)).copied().collect(),
                };
                prop_assert!(after.len() >= kept.len());
                prop_assert_eq!(&after[..kept.len()], &kept[..]);
                let new = &after[kept.len()..];
                if *tool == Tool::Erase {
                    prop_assert!(new.is_empty());
                }
                for (i, item) in new.iter().enumerate() {
                    prop_assert_eq!(u64::from(item.id), next_id + i as u64, "ids count on");
                    prop_assert!(covered(item), "new point outside the stroke: {:?}", item);
                    match set.class_table() {
                        // A class of the table, carrying that class's radius.
                        Some(table) => {
                            prop_assert!(usize::from(item.class) < table.len());
                            prop_assert_eq!(item.point.r, table.radius(item.class));
                        }
                        None => {
                            prop_assert_eq!(item.point.r, set.radius());
                            prop_assert_eq!(item.class, 0);
                        }
                    }
                }
                prop_assert_eq!(change, diff(&before, &after));
                if change.total() > 0 {
                    if !self.open || self.fresh_stroke {
                        self.strokes.push(before.clone());
                        self.fresh_stroke = false;
                        if !self.open {
                            self.reference = before.clone();
                        }
                    }
                } else {
                    prop_assert_eq!(set.next_id(), next_id, "a no-op uses no id");
                }
            }
            Op::Begin => {
                set.begin_stroke();
                self.open = true;
                self.fresh_stroke = true;
                self.reference = before.clone();
            }
            Op::End => {
                set.end_stroke();
                self.open = false;
            }
            Op::Undo => {
                let undone = set.undo();
                self.open = false;
                prop_assert_eq!(undone, !self.strokes.is_empty());
                if let Some(start) = self.strokes.pop() {
                    prop_assert_eq!(items(set), start, "undo gives back the stroke's start");
                    self.reference = before.clone();
                } else {
                    prop_assert_eq!(items(set), before.clone());
                }
                prop_assert_eq!(set.next_id(), next_id, "undo never takes ids back");
            }
        }
        let now = items(set);
        prop_assert_eq!(set.last_change(), diff(&self.reference, &now));
        prop_assert_eq!(set.undo_depth(), self.strokes.len());
        // The promises that hold after anything.
        match set.class_table() {
            Some(table) => assert_class_spaced(table, &now),
            None => assert_spaced(set.points()),
        }
        prop_assert!(set.too_close().is_empty());
        let (w, h) = (set.width(), set.height());
        prop_assert!(set
            .points()
            .iter()
            .all(|p| p.x >= 0.0 && p.x < w && p.y >= 0.0 && p.y < h));
        let unique: HashSet<u32> = set.ids().iter().copied().collect();
        prop_assert_eq!(unique.len(), set.len(), "ids unique");
        for item in &now {
            prop_assert!(u64::from(item.id) < set.next_id());
            match self.ever.get(&item.id) {
                // An id seen before names the same point it always named.
                Some(seen) => prop_assert_eq!(seen, item),
                None => {
                    prop_assert!(u64::from(item.id) >= next_id, "id {} reused", item.id);
                    self.ever.insert(item.id, *item);
                }
            }
        }
        Ok(())
    }
}

/// Every pair, by brute force, at least its classes' spacing apart.
fn assert_class_spaced(table: &ClassTable, items: &[Item]) {
    for (i, a) in items.iter().enumerate() {
        for b in &items[i + 1..] {
            let s = table.spacing(a.class, b.class);
            let (dx, dy) = (a.point.x - b.point.x, a.point.y - b.point.y);
            assert!(
                dx * dx + dy * dy >= s * s,
                "{a:?} and {b:?} closer than their spacing {s}"
            );
        }
    }
}

/// Trees, rocks and bushes as the issue describes them: a tree keeps 16 from a tree but only
/// 10 from a rock, a rock 40 from a rock; bushes are small and common, scaled by `scale`.
fn three_classes(w: f64, h: f64, scale: f64, seed: i32) -> ClassParams {
    ClassParams {
        classes: vec![
            Class::new("tree", 16.0 * scale),
            Class::new("rock", 40.0 * scale).weight(0.5),
            Class::new("bush", 8.0 * scale).weight(2.0),
        ],
        between: vec![
            Between::new("tree", "rock", 10.0 * scale),
            Between::new("rock", "bush", 20.0 * scale),
        ],
        seed,
        ..ClassParams::new(w, h)
    }
}

fn tool() -> impl Strategy<Value = Tool> {
    prop_oneof![Just(Tool::Paint), Just(Tool::Erase), Just(Tool::Refill)]
}

/// Operations on a `w × h` map of spacing `r`: strokes of one to four points, some of them
/// partly or wholly off the map, brushes from a third of the spacing to six spacings.
fn ops(w: f64, h: f64, r: f64) -> impl Strategy<Value = Vec<Op>> {
    let point = (-0.5 * w..1.5 * w, -0.5 * h..1.5 * h).prop_map(|(x, y)| [x, y]);
    let edit = (tool(), prop::collection::vec(point, 1..5), 0.3 * r..6.0 * r)
        .prop_map(|(t, path, b)| Op::Edit(t, path, b));
    let op = prop_oneof![
        6 => edit,
        1 => Just(Op::Begin),
        1 => Just(Op::End),
        2 => Just(Op::Undo),
    ];
    prop::collection::vec(op, 1..24)
}

fn run(mut set: EditableSet, ops: &[Op]) -> Result<EditableSet, TestCaseError> {
    let mut model = Model::new(&set);
    for op in ops {
        model.apply(&mut set, op)?;
    }
    Ok(set)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    // Guards: a refill that forgets a kept point near the stroke (grid margin too small), a
    // kept point moved or renumbered, an id given twice (after an undo too), an undo that does
    // not restore the order, counts that drift, and hidden state in the draws.
    #[test]
    fn any_sequence_of_edits_keeps_every_promise(
        (w, h, r, list) in (60.0..200.0f64, 60.0..160.0f64, 5.0..14.0f64)
            .prop_flat_map(|(w, h, r)| (Just(w), Just(h), Just(r), ops(w, h, r))),
        seed in any::<i32>().prop_filter("not stuck", |&s| s != poisson_live::rng::STUCK_SEED),
    ) {
        let map = SamplerParams { width: w, height: h, radius: r, k: 30, seed };
        let set = EditableSet::fill(map).unwrap();
        let a = run(set.clone(), &list)?;
        let b = run(set, &list)?;
        prop_assert_eq!(a, b, "same seed, same operations, same set");
    }

    // Points with their own radii (a variable-spacing forest read from a file): the smaller of
    // two radii decides, for kept and new points alike.
    #[test]
    fn edits_on_a_set_of_mixed_radii(seed in 1..1000i32, list in ops(160.0, 120.0, 6.0)) {
        let map = SamplerParams { width: 160.0, height: 120.0, radius: 6.0, k: 30, seed };
        let pts = variable_radius(map, 15.0, |x, _| x / 10.0).unwrap();
        let items = pts.iter().enumerate().map(|(i, &point)| Item { id: 3 * i as u32 + 7, class: (i % 3) as u16, point });
        let map = SamplerParams { width: 160.0, height: 120.0, radius: 6.0, k: 30, seed };
        let set = EditableSet::with_items(map, items).unwrap();
        run(set, &list)?;
    }

    // Several classes, each pair with its own spacing (larger and smaller than either class's
    // own): every edit keeps every pair's spacing, kept points keep their classes, new points
    // get classes of the table; the same seed and operations give the same set.
    #[test]
    fn edits_on_a_set_of_classes(
        (scale, list) in (0.3..0.8f64).prop_flat_map(|s| (Just(s), ops(200.0, 150.0, 16.0 * s))),
        seed in 1..100_000i32,
    ) {
        let set = EditableSet::fill_classes(&three_classes(200.0, 150.0, scale, seed)).unwrap();
        let a = run(set.clone(), &list)?;
        let b = run(set, &list)?;
        prop_assert_eq!(a, b, "same seed, same operations, same set");
    }
}

#[test]
fn a_set_of_classes_starts_as_the_class_run_and_refills_with_every_class() {
    let params = three_classes(720.0, 400.0, 1.0, 123456);
    let placed = poisson_classes(&params).unwrap();
    let mut set = EditableSet::fill_classes(&params).unwrap();
    assert_eq!(set.points(), &placed.points[..]);
    assert_eq!(set.classes(), &placed.classes[..]);
    assert_eq!(set.ids(), (0..placed.len() as u32).collect::<Vec<_>>());
    let table = set.class_table().unwrap().clone();
    assert!(set.too_close().is_empty());
    // A wide refill across the middle: new points of every class, each pair at its spacing.
    let stroke = Stroke::new(&[[100.0, 200.0], [620.0, 200.0]], 80.0).unwrap();
    let change = set.apply(Tool::Refill, &stroke).unwrap();
    let after = items(&set);
    assert!(change.removed > 0 && change.added > 0);
    assert_class_spaced(&table, &after);
    assert!(set.too_close().is_empty());
    let new = &after[after.len() - change.added..];
    for class in 0..3 {
        assert!(
            new.iter().any(|i| i.class == class),
            "class {class}: none painted"
        );
    }
    // The whole map rerolled: each class ends up with about the share of the first fill (no
    // class takes the patch first). A narrow patch holds fewer of the large class than the
    // first fill had there, since the kept points along its edge stand where they stand.
    let count = |s: &EditableSet, class: u16| s.classes().iter().filter(|&&c| c == class).count();
    let mut whole = EditableSet::fill_classes(&params).unwrap();
    let first: Vec<usize> = (0..3).map(|c| count(&whole, c)).collect();
    let all = Stroke::new(&[[-10.0, 200.0], [730.0, 200.0]], 400.0).unwrap();
    whole.apply(Tool::Refill, &all).unwrap();
    assert_eq!(whole.ids()[0], placed.len() as u32, "every point is new");
    for class in 0..3 {
        let (was, now) = (first[class as usize], count(&whole, class));
        assert!(
            (now as f64) > 0.8 * was as f64 && (now as f64) < 1.25 * was as f64,
            "class {class}: {was} in the first fill, {now} after a refill of the whole map"
        );
    }
    // Paint next to kept points of every class: the pairs' spacings hold against them.
    let erased = Stroke::circle(360.0, 80.0, 60.0).unwrap();
    set.apply(Tool::Erase, &erased).unwrap();
    let painted = Stroke::circle(360.0, 80.0, 75.0).unwrap();
    let change = set.apply(Tool::Paint, &painted).unwrap();
    assert!(change.added > 0 && change.removed == 0);
    assert_class_spaced(&table, &items(&set));
}

#[test]
fn a_set_with_classes_is_checked_against_its_table() {
    let table = ClassTable::new(
        &[Class::new("tree", 10.0), Class::new("rock", 30.0)],
        &[Between::new("tree", "rock", 20.0)],
    )
    .unwrap();
    let at = |id, class, x| Item {
        id,
        class,
        point: Point {
            x,
            y: 50.0,
            r: 10.0,
        },
    };
    let set = |items: Vec<Item>| EditableSet::with_items(SMALL, items).unwrap();
    // A tree and a rock 15 apart: fine by radii, too close for their pair.
    let close = set(vec![at(0, 0, 10.0), at(1, 1, 25.0)]);
    let err = close.with_classes(table.clone()).unwrap_err().to_string();
    assert!(
        err.contains("closer than the spacing 20 of tree and rock"),
        "{err}"
    );
    let unknown = set(vec![at(0, 2, 10.0)]);
    let err = unknown.with_classes(table.clone()).unwrap_err().to_string();
    assert!(err.contains("of class 2, but only 2 classes"), "{err}");
    let fine = set(vec![at(0, 0, 10.0), at(1, 1, 35.0)])
        .with_classes(table)
        .unwrap();
    assert!(fine.too_close().is_empty());
}

#[test]
fn the_first_fill_is_the_classic_fill_numbered_in_order() {
    let set = EditableSet::fill(SamplerParams {
        width: 720.0,
        height: 400.0,
        radius: 24.0,
        k: 30,
        seed: 123456,
    })
    .unwrap();
    assert_eq!(
        set.points(),
        &poisson_disk(720.0, 400.0, 24.0, 30, 123456).unwrap()[..]
    );
    assert_eq!(set.len(), 315);
    assert!(set.ids().iter().copied().eq(0..315));
    assert!(set.classes().iter().all(|&c| c == 0));
    assert_eq!((set.next_id(), set.edits()), (315, 0));
}

#[test]
fn a_stroke_off_the_map_changes_nothing_at_all() {
    let mut set = EditableSet::fill(SamplerParams {
        width: 300.0,
        height: 200.0,
        radius: 10.0,
        k: 30,
        seed: 5,
    })
    .unwrap();
    let before = set.clone();
    for tool in [Tool::Paint, Tool::Erase, Tool::Refill] {
        for path in [
            vec![[-50.0, 100.0]],
            vec![[350.0, -40.0], [500.0, 500.0]],
            // The bounding box meets the map's corner, the disc does not.
            vec![[-22.0, -22.0]],
        ] {
            let stroke = Stroke::new(&path, 30.0).unwrap();
            let job = set.edit(tool, &stroke).unwrap();
            // Only a box that meets the map leaves the job anything to try.
            let [l, t, r, b] = stroke.bounds();
            let meets = l < 300.0 && r > 0.0 && t < 200.0 && b > 0.0;
            assert_eq!(job.is_finished(), !meets || tool == Tool::Erase);
            assert_eq!(set.apply(tool, &stroke).unwrap(), Change::default());
            assert_eq!(set, before, "{tool:?} {path:?}");
        }
    }
    assert!(!set.undo());
}

/// The editor lab's map, filled from `seed`: 720 × 400 at spacing 10.
fn lab_map(seed: i32) -> EditableSet {
    let map = SamplerParams {
        width: 720.0,
        height: 400.0,
        radius: 10.0,
        k: 30,
        seed,
    };
    EditableSet::fill(map).unwrap()
}

/// Points inside `[lo, hi)` of the distance from `(x, y)`, summed over seeds.
fn counts(x: f64, y: f64, bands: &[(f64, f64)], stroke: Stroke, tool: Tool) -> Vec<[usize; 2]> {
    let mut totals = vec![[0; 2]; bands.len()];
    for seed in 1..=12 {
        let mut set = lab_map(seed);
        let before = set.points().to_vec();
        set.apply(tool, &stroke).unwrap();
        for (t, &(lo, hi)) in totals.iter_mut().zip(bands) {
            let inside = |p: &&Point| (lo..hi).contains(&(p.x - x).hypot(p.y - y));
            t[0] += before.iter().filter(inside).count();
            t[1] += set.points().iter().filter(inside).count();
        }
    }
    totals
}

// Guards: a refill that grows from one start and leaves most of the patch empty, or only a
// ring along its rim (no seeding blocks), or that packs the rim tighter than the fill.
#[test]
fn a_refill_is_as_dense_as_the_first_fill() {
    let bands = [(0.0, 25.0), (25.0, 45.0), (45.0, 60.0)];
    for (name, [before, after]) in ["centre", "middle", "rim"].iter().zip(counts(
        360.0,
        200.0,
        &bands,
        Stroke::circle(360.0, 200.0, 60.0).unwrap(),
        Tool::Refill,
    )) {
        let ratio = after as f64 / before as f64;
        assert!((0.9..1.1).contains(&ratio), "{name}: {before} → {after}");
    }
    // Erase then paint is a refill in two edits: as dense as well.
    for [before, after] in counts(
        360.0,
        200.0,
        &[(0.0, 60.0)],
        Stroke::circle(360.0, 200.0, 60.0).unwrap(),
        Tool::Erase,
    ) {
        assert!(after == 0 && before > 500, "{before} → {after}");
    }
    // A long thin stroke across the map: the far end is filled as well as the near one.
    let path = [[40.0, 40.0], [680.0, 360.0]];
    let long = Stroke::new(&path, 20.0).unwrap();
    for (x, y) in [(60.0, 50.0), (360.0, 200.0), (660.0, 350.0)] {
        let [[before, after]] = counts(x, y, &[(0.0, 15.0)], long.clone(), Tool::Refill)[..] else {
            unreachable!()
        };
        let ratio = after as f64 / before as f64;
        assert!(
            (0.8..1.2).contains(&ratio),
            "({x}, {y}): {before} → {after}"
        );
    }
}

#[test]
fn paint_fills_an_erased_patch_and_adds_little_to_a_full_one() {
    let mut set = lab_map(77);
    let dab = Stroke::circle(200.0, 200.0, 50.0).unwrap();
    let full = set.apply(Tool::Paint, &dab).unwrap();
    assert_eq!(full.removed, 0);
    assert!(full.added <= 3, "{full:?}");
    let erased = set.apply(Tool::Erase, &dab).unwrap();
    assert!(erased.removed > 40 && erased.added == 0, "{erased:?}");
    let painted = set.apply(Tool::Paint, &dab).unwrap();
    assert!(
        painted.added as f64 > 0.9 * erased.removed as f64,
        "{painted:?}"
    );
    assert_eq!(set.edits(), 2 + u32::from(full.added > 0));
}

// Guards: a job whose slices skip or repeat a block or a step, so the page's sliced edit differs
// from the one-call edit; and a patch applied to a set that moved on.
#[test]
fn an_edit_in_slices_is_the_edit_in_one_call() {
    let set = lab_map(9);
    let stroke = Stroke::new(&[[100.0, 100.0], [300.0, 150.0], [320.0, 300.0]], 30.0).unwrap();
    let whole = Job::run_to_end(set.edit(Tool::Refill, &stroke).unwrap()).unwrap();
    for budget in [1, 7, 100] {
        let mut job = set.edit(Tool::Refill, &stroke).unwrap();
        let mut calls = 0;
        let mut progress = 0.0;
        while !job.run(budget).unwrap() {
            calls += 1;
            assert!(job.progress() >= progress && job.progress() < 1.0);
            progress = job.progress();
            assert!(job.take().is_none());
        }
        assert!(calls > 0);
        assert_eq!(job.progress(), 1.0);
        assert_eq!(job.take().unwrap(), whole);
        assert!(job.take().is_none());
    }
    let mut set = set;
    let stale = set.edit(Tool::Refill, &stroke).unwrap();
    set.apply(Tool::Erase, &Stroke::circle(10.0, 10.0, 30.0).unwrap())
        .unwrap();
    let message = set.commit(Job::run_to_end(stale).unwrap()).unwrap_err();
    assert!(message.to_string().contains("earlier state"), "{message}");
    // Undo moves the set on too.
    let stale = set.edit(Tool::Paint, &stroke).unwrap();
    assert!(set.undo());
    assert!(set.commit(Job::run_to_end(stale).unwrap()).is_err());
}

#[test]
fn a_drag_undoes_as_one_stroke_and_counts_its_net_change() {
    let mut set = lab_map(3);
    let start = set.clone();
    set.begin_stroke();
    let mut last = [100.0, 200.0];
    for i in 1..=10 {
        let next = [100.0 + 20.0 * f64::from(i), 200.0 + 5.0 * f64::from(i)];
        set.apply(Tool::Refill, &Stroke::new(&[last, next], 30.0).unwrap())
            .unwrap();
        last = next;
    }
    set.end_stroke();
    let change = set.last_change();
    assert_eq!(change, diff(&items(&start), &items(&set)));
    assert!(change.added > 50 && change.removed > 50, "{change:?}");
    assert_eq!(set.undo_depth(), 1);
    // A dab after the drag is a stroke of its own.
    set.apply(Tool::Erase, &Stroke::circle(600.0, 100.0, 30.0).unwrap())
        .unwrap();
    assert_eq!(set.undo_depth(), 2);
    assert!(set.undo() && set.undo() && !set.undo());
    assert_eq!(items(&set), items(&start));
    assert_eq!(
        set.last_change(),
        Change {
            added: change.removed,
            removed: change.added
        }
    );
    // Ids and draws move on: the same drag again gives new points with new ids.
    let used = set.next_id();
    assert!(used > start.next_id());
    let again = set.apply(Tool::Refill, &Stroke::circle(300.0, 200.0, 30.0).unwrap());
    assert!(again.unwrap().added > 0);
    assert!(set
        .ids()
        .iter()
        .filter(|&&id| u64::from(id) >= start.next_id())
        .all(|&id| u64::from(id) >= used));
}

#[test]
fn undo_reaches_back_a_hundred_strokes() {
    let mut set = EditableSet::fill(SamplerParams {
        width: 400.0,
        height: 300.0,
        radius: 10.0,
        k: 30,
        seed: 11,
    })
    .unwrap();
    let first = set.clone();
    let dab = |i: usize| {
        Stroke::circle(
            40.0 + (i % 8) as f64 * 45.0,
            40.0 + (i / 8 % 6) as f64 * 45.0,
            20.0,
        )
        .unwrap()
    };
    let mut after_one = None;
    for i in 0..UNDO_DEPTH + 5 {
        set.apply(Tool::Refill, &dab(i)).unwrap();
        if i == 4 {
            after_one = Some(items(&set));
        }
    }
    assert_eq!(set.undo_depth(), UNDO_DEPTH);
    for _ in 0..UNDO_DEPTH {
        assert!(set.undo());
    }
    assert!(!set.undo());
    assert_eq!(Some(items(&set)), after_one);
    assert_ne!(items(&set), items(&first));
}

#[test]
fn a_set_from_a_file_is_checked_once() {
    let at = |id, x, y| Item {
        id,
        class: 0,
        point: Point { x, y, r: 10.0 },
    };
    let make = |items: Vec<Item>| {
        EditableSet::with_items(SMALL, items)
            .map(|s| s.next_id())
            .map_err(|e| e.to_string())
    };
    assert_eq!(make(vec![at(4, 10.0, 10.0), at(90, 30.0, 10.0)]), Ok(91));
    assert_eq!(make(vec![]), Ok(0));
    let refused = [
        (vec![at(1, 10.0, 10.0), at(1, 30.0, 10.0)], "same id 1"),
        (
            vec![at(1, 10.0, 10.0), at(2, 19.0, 10.0)],
            "closer than their spacing 10",
        ),
        (vec![at(1, 100.0, 10.0)], "off the map"),
        (vec![at(1, f64::NAN, 10.0)], "off the map"),
        (
            vec![Item {
                id: 0,
                class: 0,
                point: Point {
                    x: 1.0,
                    y: 1.0,
                    r: 0.0,
                },
            }],
            "radius 0",
        ),
    ];
    for (items, message) in refused {
        let e = make(items.clone()).unwrap_err();
        assert!(e.contains(message), "{items:?}: {e}");
    }
    assert!(EditableSet::new(SamplerParams {
        width: 100.0,
        height: 100.0,
        radius: 0.0,
        k: 30,
        seed: 1
    })
    .is_err());
    assert!(EditableSet::new(SamplerParams {
        width: 100.0,
        height: 100.0,
        radius: 5.0,
        k: 0,
        seed: 1
    })
    .is_err());
    // The last id there is: no new point fits, and the set says so.
    let mut full = EditableSet::with_items(SMALL, [at(u32::MAX, 50.0, 50.0)]).unwrap();
    let e = full
        .apply(Tool::Paint, &Stroke::circle(20.0, 20.0, 15.0).unwrap())
        .unwrap_err();
    assert!(e.to_string().contains("new ids"), "{e}");
}

#[test]
fn tools_read_their_names() {
    for tool in [Tool::Paint, Tool::Erase, Tool::Refill] {
        assert_eq!(tool.name().parse::<Tool>(), Ok(tool));
    }
    assert!("brush"
        .parse::<Tool>()
        .unwrap_err()
        .to_string()
        .contains("paint, erase or refill"));
}

// Guards: an edit that seeds or scans far beyond its stroke (the whole map's blocks, say), so a
// drag stops fitting in a frame. The lab's typical stroke, brush 30 at spacing 10 on 720 × 400,
// measured 34 units for a dab and 48 for a 20-unit segment (medians over 200 seeds).
#[test]
fn a_typical_stroke_costs_a_few_dozen_units() {
    for seed in 1..=20 {
        let set = lab_map(seed);
        for path in [vec![[360.0, 200.0]], vec![[350.0, 200.0], [370.0, 200.0]]] {
            let mut job = set
                .edit(Tool::Refill, &Stroke::new(&path, 30.0).unwrap())
                .unwrap();
            while !job.run(u64::MAX).unwrap() {}
            assert!((20..=64).contains(&job.units()), "{} units", job.units());
        }
    }
}

#[test]
fn the_first_fill_in_slices_is_the_fill_in_one_call() {
    use poisson_live::edit::EditableSetFill;
    let params = three_classes(300.0, 200.0, 1.0, 99);
    let plain = SamplerParams {
        width: 300.0,
        height: 200.0,
        radius: 9.0,
        k: 30,
        seed: 99,
    };
    for (mut job, whole) in [
        (
            EditableSetFill::classes(&params).unwrap(),
            EditableSet::fill_classes(&params).unwrap(),
        ),
        (
            EditableSetFill::plain(plain).unwrap(),
            EditableSet::fill(plain).unwrap(),
        ),
    ] {
        let mut calls = 0;
        while !job.run(3).unwrap() {
            calls += 1;
            assert!(job.progress() < 1.0);
        }
        assert!(calls > 10, "{calls} slices");
        assert_eq!(job.take().unwrap(), whole);
    }
    assert!(EditableSetFill::classes(&ClassParams::new(300.0, 200.0)).is_err());
}
