//! `EditableSet` through the wasm build: the core's edits to the bit, sliced or not; strokes that
//! undo as one; and bad input as JS exceptions in the core's words.
#![cfg(target_arch = "wasm32")]

mod common;

use common::{message, nums, obj, s};
use poisson_live::edit::{self, Stroke, Tool};
use poisson_live::SamplerParams;
use poisson_live_web::EditableSet;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn xyr(set: &edit::EditableSet) -> Vec<f64> {
    set.points().iter().flat_map(|p| [p.x, p.y, p.r]).collect()
}

fn map() -> EditableSet {
    EditableSet::new(&obj! { width: 720.0, height: 400.0, radius: 10.0, k: 30.0, seed: 123456.0 })
        .unwrap()
}

#[wasm_bindgen_test]
fn the_first_fill_is_poisson_disk_numbered_in_order() {
    let m = map();
    let want = poisson_live::poisson_disk(720.0, 400.0, 10.0, 30, 123456).unwrap();
    let flat: Vec<f64> = want.iter().flat_map(|p| [p.x, p.y, p.r]).collect();
    assert_eq!(m.points().to_vec(), flat);
    assert_eq!(m.ids().to_vec(), (0..want.len() as u32).collect::<Vec<_>>());
    assert!(m.classes().to_vec().iter().all(|&c| c == 0));
    assert_eq!(m.point_count() as usize, want.len());
    assert_eq!((m.too_close(), m.busy(), m.progress()), (0, false, 1.0));
}

/// A drag of refills in slices of one unit, then a paint dab: the core's edits to the bit, ids
/// and counts included; then undo, a stroke at a time.
#[wasm_bindgen_test]
fn a_sliced_drag_is_the_cores_edits_and_undoes_as_one() {
    let mut m = map();
    let mut core = edit::EditableSet::fill(SamplerParams {
        width: 720.0,
        height: 400.0,
        radius: 10.0,
        k: 30,
        seed: 123456,
    })
    .unwrap();
    let start = xyr(&core);
    let first_id = m.next_id();
    let path = [
        [100.0, 100.0],
        [140.0, 120.0],
        [200.0, 110.0],
        [230.0, 180.0],
    ];
    m.begin_stroke().unwrap();
    core.begin_stroke();
    let mut calls = 0;
    for pair in path.windows(2) {
        m.stroke(
            &s("refill"),
            &nums(&[pair[0][0], pair[0][1], pair[1][0], pair[1][1]]),
            30.0,
        )
        .unwrap();
        assert!(m.busy());
        while !m.run(1.0).unwrap() {
            calls += 1;
            assert!(m.progress() < 1.0);
        }
        core.apply(Tool::Refill, &Stroke::new(pair, 30.0).unwrap())
            .unwrap();
    }
    m.end_stroke().unwrap();
    core.end_stroke();
    assert!(calls > 20, "{calls} slices");
    let dab = [600.0, 300.0];
    m.stroke(&s("erase"), &nums(&dab), 40.0).unwrap();
    m.stroke(&s("paint"), &nums(&dab), 40.0).unwrap(); // finishes the erase first
    m.finish().unwrap();
    core.apply(Tool::Erase, &Stroke::new(&[dab], 40.0).unwrap())
        .unwrap();
    core.apply(Tool::Paint, &Stroke::new(&[dab], 40.0).unwrap())
        .unwrap();
    assert_eq!(m.points().to_vec(), xyr(&core));
    assert_eq!(m.ids().to_vec(), core.ids());
    assert_eq!(m.next_id(), core.next_id() as f64);
    let last = core.last_change();
    assert_eq!(
        (m.added() as usize, m.removed() as usize),
        (last.added, last.removed)
    );
    assert_eq!(m.changed() as usize, last.total());
    assert_eq!(m.too_close(), 0);
    assert_eq!(m.undo_depth(), 3);
    // Undo the paint, the erase, then the whole drag.
    assert!(m.undo().unwrap() && m.undo().unwrap());
    let after_drag = m.points().to_vec();
    assert!(m.undo().unwrap());
    assert_ne!(after_drag, start);
    assert_eq!(m.points().to_vec(), start);
    assert!(!m.undo().unwrap());
    assert!(m.next_id() > first_id, "ids are never given again");
}

#[wasm_bindgen_test]
fn a_stroke_off_the_map_does_nothing() {
    let mut m = map();
    let before = (m.points().to_vec(), m.ids().to_vec(), m.next_id());
    for tool in ["paint", "erase", "refill"] {
        m.stroke(&s(tool), &nums(&[-100.0, -100.0, -50.0, 900.0]), 30.0)
            .unwrap();
        m.finish().unwrap();
    }
    assert_eq!((m.points().to_vec(), m.ids().to_vec(), m.next_id()), before);
    assert_eq!((m.changed(), m.undo_depth()), (0, 0));
}

#[wasm_bindgen_test]
fn bad_input_throws_the_cores_message() {
    let mut m = map();
    assert!(
        message(m.stroke(&s("smudge"), &nums(&[1.0, 2.0]), 5.0)).contains("paint, erase or refill")
    );
    assert!(message(m.stroke(&s("paint"), &nums(&[1.0, 2.0, 3.0]), 5.0)).contains("even count"));
    assert!(message(m.stroke(&s("paint"), &nums(&[]), 5.0)).contains("at least one point"));
    assert!(message(m.stroke(&s("paint"), &nums(&[f64::NAN, 2.0]), 5.0)).contains("finite"));
    let core = Stroke::circle(1.0, 2.0, 0.0).unwrap_err().to_string();
    assert_eq!(
        message(m.stroke(&s("paint"), &nums(&[1.0, 2.0]), 0.0)),
        core
    );
    assert!(!m.busy());
    assert!(message(EditableSet::new(
        &obj! { width: 720.0, height: 400.0, radius: 10.0, k: 0.0, seed: 1.0 }
    ))
    .contains("k must be"));
    assert!(message(EditableSet::new(
        &obj! { width: 720.0, height: 400.0, radius: 10.0, k: 30.0, seed: 1.5 }
    ))
    .contains("seed"));
    let core = edit::EditableSet::fill(SamplerParams {
        width: -1.0,
        height: 400.0,
        radius: 10.0,
        k: 30,
        seed: 1,
    })
    .unwrap_err();
    assert_eq!(
        message(EditableSet::new(
            &obj! { width: -1.0, height: 400.0, radius: 10.0, k: 30.0, seed: 1.0 }
        )),
        core.to_string()
    );
}

/// The page's map: trees and rocks with a between spacing, as a parameter object.
fn classed(seed: f64) -> wasm_bindgen::JsValue {
    let class = |name: &str, spacing: f64, weight: f64| obj! { name: name, spacing: spacing, weight: weight };
    let classes = js_sys::Array::of2(&class("tree", 16.0, 3.0), &class("rock", 40.0, 1.0));
    let between = js_sys::Array::of1(&obj! { a: "tree", b: "rock", spacing: 12.0 });
    obj! { width: 720.0, height: 400.0, classes: classes, between: between, k: 30.0, seed: seed }
}

/// With classes: the first fill is the core's class run, a sliced refill is the core's edit to
/// the bit (classes included), and every pair keeps its classes' spacing.
#[wasm_bindgen_test]
fn a_map_of_classes_is_the_cores_and_keeps_every_pair_apart() {
    use poisson_live::classes::{Between, Class, ClassParams};
    let params = ClassParams {
        classes: vec![
            Class::new("tree", 16.0).weight(3.0),
            Class::new("rock", 40.0),
        ],
        between: vec![Between::new("tree", "rock", 12.0)],
        seed: 7,
        ..ClassParams::new(720.0, 400.0)
    };
    let mut core = edit::EditableSet::fill_classes(&params).unwrap();
    let mut m = EditableSet::new(&classed(7.0)).unwrap();
    assert_eq!(m.points().to_vec(), xyr(&core));
    assert_eq!(m.classes().to_vec(), core.classes());
    assert_eq!((m.class_count(), m.too_close()), (2, 0));
    let stroke = Stroke::new(&[[100.0, 200.0], [400.0, 260.0]], 60.0).unwrap();
    core.apply(Tool::Refill, &stroke).unwrap();
    m.stroke(&s("refill"), &nums(&[100.0, 200.0, 400.0, 260.0]), 60.0)
        .unwrap();
    while !m.run(3.0).unwrap() {}
    assert_eq!(m.points().to_vec(), xyr(&core));
    assert_eq!(m.classes().to_vec(), core.classes());
    assert_eq!(m.ids().to_vec(), core.ids());
    assert_eq!(m.too_close(), 0);
    let drawn = m.classes().to_vec();
    let new = &drawn[drawn.len() - m.added() as usize..];
    assert!(new.contains(&0) && new.contains(&1), "both classes painted");
    // A between rule naming an unknown class: the core's message.
    let bad = obj! {
        width: 720.0, height: 400.0, k: 30.0, seed: 1.0,
        classes: js_sys::Array::of1(&obj! { name: "tree", spacing: 16.0 }),
        between: js_sys::Array::of1(&obj! { a: "tree", b: "rock", spacing: 12.0 })
    };
    assert!(message(EditableSet::new(&bad)).contains("which was not given"));
}

/// The page's fill: `EditableSetFill` in slices hands over the map `new EditableSet` makes.
#[wasm_bindgen_test]
fn a_sliced_fill_is_the_map_in_one_call() {
    let mut fill = poisson_live_web::EditableSetFill::new(&classed(9.0)).unwrap();
    let mut calls = 0;
    while !fill.run(5.0).unwrap() {
        calls += 1;
    }
    assert!(calls > 10);
    let sliced = fill.take().unwrap();
    let whole = EditableSet::new(&classed(9.0)).unwrap();
    assert_eq!(sliced.points().to_vec(), whole.points().to_vec());
    assert_eq!(sliced.classes().to_vec(), whole.classes().to_vec());
    assert_eq!(sliced.ids().to_vec(), whole.ids().to_vec());
    assert!(
        message(poisson_live_web::EditableSetFill::new(&obj! { width: 1.0 }))
            .contains("EditableSet")
    );
}
