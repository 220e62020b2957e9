//! Relaxation through the wasm build: the same bits as the native build, the lab's
//! `Relaxation` in slices equal to the one call, `measure` and `voronoiCells` as plain objects,
//! and bad input as JS exceptions in the core's words.
#![cfg(target_arch = "wasm32")]

mod common;
#[path = "../../core/tests/relax_digests/mod.rs"]
mod relax_digests;

use common::{message, throws};
use js_sys::{Float64Array, Reflect, Uint32Array};
use poisson_live_web::{measure, relax, voronoi_cells, Relaxation};
use relax_digests::{digest, start, CASES};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn object(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn flat(points: &[[f64; 2]]) -> JsValue {
    Float64Array::from(points.as_flattened()).into()
}

fn get(o: &JsValue, key: &str) -> JsValue {
    Reflect::get(o, &key.into()).unwrap()
}

#[wasm_bindgen_test]
fn the_same_bits_as_the_native_build() {
    let measured = CASES.map(|(name, wrap, [w, h], n, seed, iterations, _)| {
        let points = flat(&start(n, w, h, seed));
        let options =
            format!(r#"{{"method": "{name}", "iterations": {iterations}, "wrap": {wrap}}}"#);
        let moved = relax(&points, w, h, &object(&options)).unwrap();
        let wrap_only = || Some(object(&format!(r#"{{"wrap": {wrap}}}"#)).unchecked_into());
        let cells = voronoi_cells(&moved.clone().into(), w, h, wrap_only()).unwrap();
        let areas: Float64Array = get(&cells, "areas").unchecked_into();
        let q = measure(&moved.clone().into(), w, h, wrap_only()).unwrap();
        let figures = ["points", "minDistance", "deltaX", "meanDeltaX", "perR2"]
            .map(|k| get(&q, k).as_f64().unwrap());
        let got = [
            digest(moved.to_vec()),
            digest(areas.to_vec()),
            digest(figures),
        ];
        (name, wrap, [w, h], n, seed, iterations, got)
    });
    assert_eq!(measured, CASES);
}

#[wasm_bindgen_test]
fn the_labs_relaxation_in_slices_equals_the_one_call() {
    for name in ["lloyd", "fpo"] {
        let points = flat(&start(200, 300.0, 200.0, 9));
        let options = object(&format!(r#"{{"method": "{name}", "wrap": true}}"#));
        let mut lab = Relaxation::new(&points, 300.0, 200.0, &options).unwrap();
        lab.iterate().unwrap();
        assert_eq!(lab.iterations(), 1);
        // A budget of 0 ms still does a slice, and stops at the iteration's end.
        while !lab.run(0.0).unwrap() {}
        assert_eq!(lab.iterations(), 2);
        let twice = object(&format!(
            r#"{{"method": "{name}", "iterations": 2, "wrap": true}}"#
        ));
        let whole = relax(&points, 300.0, 200.0, &twice).unwrap();
        assert_eq!(lab.points().to_vec(), whole.to_vec(), "{name}");
    }
}

#[wasm_bindgen_test]
fn cells_and_figures_come_as_plain_objects() {
    let points = flat(&[[1.0, 1.0], [3.0, 1.0]]);
    let cells = voronoi_cells(&points, 4.0, 2.0, None).unwrap();
    let starts: Uint32Array = get(&cells, "starts").unchecked_into();
    assert_eq!(starts.to_vec(), vec![0, 4, 8]);
    let areas: Float64Array = get(&cells, "areas").unchecked_into();
    assert_eq!(areas.to_vec(), vec![4.0, 4.0]);
    let xy: Float64Array = get(&cells, "xy").unchecked_into();
    assert_eq!(xy.length(), 16);
    let q = measure(&points, 4.0, 2.0, None).unwrap();
    assert_eq!(get(&q, "points").as_f64(), Some(2.0));
    assert_eq!(get(&q, "minDistance").as_f64(), Some(2.0));
}

#[wasm_bindgen_test]
fn bad_input_throws_in_words() {
    let ok = object(r#"{"method": "fpo", "iterations": 1}"#);
    throws(
        relax(&flat(&[[1.0, 1.0], [9.0, 1.0]]), 4.0, 4.0, &ok),
        "point 1 is at (9, 1), off the 4 × 4 map",
    );
    throws(
        relax(&flat(&[[1.0, 1.0], [1.0, 1.0]]), 4.0, 4.0, &ok),
        "points 0 and 1 are both at (1, 1)",
    );
    throws(
        relax(
            &Float64Array::from(&[1.0, 2.0, 3.0][..]).into(),
            4.0,
            4.0,
            &ok,
        ),
        "whole pairs",
    );
    let bad = object(r#"{"method": "lloyds", "iterations": 1}"#);
    throws(
        relax(&flat(&[[1.0, 1.0]]), 4.0, 4.0, &bad),
        "unknown method \"lloyds\": use lloyd, fpo",
    );
    let many = object(r#"{"method": "lloyd", "iterations": 1e9}"#);
    let m = message(relax(&flat(&[[1.0, 1.0], [2.0, 2.0]]), 4.0, 4.0, &many));
    assert!(
        m.contains("point moves") && m.contains("use at most"),
        "{m}"
    );
    throws(
        Relaxation::new(&flat(&[[1.0, 1.0]]), 4.0, 4.0, &JsValue::UNDEFINED),
        "Relaxation takes an object",
    );
    throws(measure(&flat(&[[1.0, f64::NAN]]), 4.0, 4.0, None), "finite");
    let five = Some(JsValue::from(5.0).unchecked_into());
    throws(
        voronoi_cells(&flat(&[[1.0, 1.0]]), 4.0, 4.0, five),
        "voronoiCells takes an object",
    );
}
