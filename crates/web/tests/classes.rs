//! `ClassSampler` and `poissonClasses` through the wasm build: the core's points and classes to
//! the bit, sliced or in one call, from a plain JS object; bad input as JS exceptions in the
//! core's words.
#![cfg(target_arch = "wasm32")]

mod common;

use common::{message, n};
use js_sys::{Float64Array, Reflect, Uint16Array, JSON};
use poisson_live::classes::{Between, Class, ClassParams};
use poisson_live_web::{poisson_classes, ClassSampler};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const FOREST: &str = r#"{"width": 720, "height": 400, "seed": 77, "k": 30,
    "classes": [{"name": "tree", "spacing": 16}, {"name": "rock", "spacing": 40, "weight": 0.5},
                {"name": "bush", "spacing": 12}],
    "between": [{"a": "tree", "b": "rock", "spacing": 10}, {"a": "rock", "b": "bush", "spacing": 25}]}"#;

fn js(text: &str) -> JsValue {
    JSON::parse(text).unwrap()
}

fn core_forest() -> poisson_live::classes::ClassedPoints {
    poisson_live::poisson_classes(&ClassParams {
        classes: vec![
            Class::new("tree", 16.0),
            Class::new("rock", 40.0).weight(0.5),
            Class::new("bush", 12.0),
        ],
        between: vec![
            Between::new("tree", "rock", 10.0),
            Between::new("rock", "bush", 25.0),
        ],
        seed: 77,
        ..ClassParams::new(720.0, 400.0)
    })
    .unwrap()
}

fn flat(placed: &poisson_live::classes::ClassedPoints) -> Vec<f64> {
    placed.points.iter().flat_map(|p| [p.x, p.y, p.r]).collect()
}

#[wasm_bindgen_test]
fn a_sliced_run_is_the_cores_points_and_classes() {
    let want = core_forest();
    let mut run = ClassSampler::new(&js(FOREST)).unwrap();
    let mut calls = 0;
    while !run.run(50.0).unwrap() {
        calls += 1;
        assert!(run.progress() < 1.0);
        assert_eq!(run.classes().length(), run.point_count());
    }
    assert!(calls > 3, "{calls} slices");
    assert_eq!(run.progress(), 1.0);
    assert_eq!(run.points().to_vec(), flat(&want));
    assert_eq!(run.classes().to_vec(), want.classes);
    let names: Vec<String> = run.names().iter().map(|n| n.as_string().unwrap()).collect();
    assert_eq!(names, ["tree", "rock", "bush"]);
    assert_eq!(
        (
            run.spacing(&n(0.0), &n(1.0)).unwrap(),
            run.spacing(&n(1.0), &n(2.0)).unwrap(),
            run.spacing(&n(0.0), &n(2.0)).unwrap(),
        ),
        (10.0, 25.0, 12.0)
    );
    assert!(message(run.spacing(&n(0.0), &n(3.0))).contains("class index b"));
    assert!(message(run.spacing(&n(-1.0), &n(0.0))).contains("class index a"));
}

#[wasm_bindgen_test]
fn the_one_call_is_the_same_run() {
    let want = core_forest();
    let out = poisson_classes(&js(FOREST)).unwrap();
    let get = |key: &str| Reflect::get(&out, &key.into()).unwrap();
    assert_eq!(Float64Array::from(get("points")).to_vec(), flat(&want));
    assert_eq!(Uint16Array::from(get("classes")).to_vec(), want.classes);
    assert_eq!(js_sys::Array::from(&get("names")).length(), 3);
    // k and seed have defaults (30, 123456), weight too (1).
    let plain = r#"{"width": 200, "height": 100, "classes": [{"name": "a", "spacing": 9}]}"#;
    let out = poisson_classes(&js(plain)).unwrap();
    let pts = Float64Array::from(Reflect::get(&out, &"points".into()).unwrap()).to_vec();
    let bridson = poisson_live::poisson_disk(200.0, 100.0, 9.0, 30, 123456).unwrap();
    assert_eq!(pts.len(), 3 * bridson.len());
}

#[wasm_bindgen_test]
fn bad_input_throws_in_the_cores_words() {
    let run = |text: &str| message(ClassSampler::new(&js(text)));
    let with = |classes: &str, between: &str| {
        run(&format!(
            r#"{{"width": 100, "height": 100, "classes": {classes}, "between": {between}}}"#
        ))
    };
    assert_eq!(
        with("[]", "[]"),
        "no class was given; give at least one class with its spacing"
    );
    let e = with(
        r#"[{"name": "tree", "spacing": 5}]"#,
        r#"[{"a": "tree", "b": "bush", "spacing": 3}]"#,
    );
    assert!(
        e.starts_with("a between rule names class bush, which was not given"),
        "{e}"
    );
    let e = with(r#"[{"name": "tree", "spacing": -5}]"#, "[]");
    assert!(
        e.starts_with("the spacing of class tree must be a finite number greater than 0"),
        "{e}"
    );
    let e = with(r#"[{"name": "tree", "spacing": 5, "weight": -1}]"#, "[]");
    assert!(e.starts_with("the weight of class tree must be"), "{e}");
    let e = with(r#"[{"name": "tree", "spacing": 5, "weight": 0}]"#, "[]");
    assert!(e.starts_with("every class has weight 0"), "{e}");
    let e = with(
        r#"[{"name": "tree", "spacing": 5}, {"name": "rock", "spacing": 5}]"#,
        r#"[{"a": "tree", "b": "rock", "spacing": 0}]"#,
    );
    assert!(
        e.starts_with("the spacing between tree and rock must be"),
        "{e}"
    );
    let e = with(r#"[{"name": "dust", "spacing": 0.0001}]"#, "[]");
    assert!(e.contains("use a spacing ≥"), "{e}");
    // Wrong types and missing keys are named.
    let e = with(r#"[{"name": "tree", "spacing": "five"}]"#, "[]");
    assert_eq!(
        e,
        r#"ClassSampler needs classes[0].spacing: a number, got "five""#
    );
    let e = with(r#"[{"spacing": 5}]"#, "[]");
    assert!(
        e.starts_with("ClassSampler needs classes[0].name: a name"),
        "{e}"
    );
    let e = with(r#"[{"name": "tree", "spacing": 5}, 7]"#, "[]");
    assert_eq!(e, "ClassSampler needs classes[1]: an object, got 7");
    let e = run(r#"{"width": 100, "height": 100}"#);
    assert!(
        e.starts_with("ClassSampler needs classes: an array of objects"),
        "{e}"
    );
    let e =
        run(r#"{"width": 100, "height": 100, "k": 0, "classes": [{"name": "a", "spacing": 5}]}"#);
    assert_eq!(e, "k must be between 1 and 10000, got 0");
    assert!(
        message(ClassSampler::new(&JsValue::from(3))).starts_with("ClassSampler takes an object")
    );
}
