//! Exact counts through the wasm build: the same bits as the native build, and bad input as JS
//! exceptions in the core's words.
#![cfg(target_arch = "wasm32")]

mod common;
#[path = "../../core/tests/eliminate_digests/mod.rs"]
mod eliminate_digests;
#[path = "../../core/tests/space_digests/mod.rs"]
#[allow(dead_code)]
mod space_digests;

use common::message;
use eliminate_digests::{Kind, DIGESTS};
use poisson_live_web::{eliminate, Mesh};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn object(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

#[wasm_bindgen_test]
fn the_same_bits_as_the_native_build() {
    let measured = DIGESTS.map(|(kind, n, seed, _)| {
        let options = match kind {
            Kind::Map | Kind::WrappedMap => object(&format!(
                r#"{{"width": 40, "height": 30, "wrap": {}, "seed": {seed}}}"#,
                kind == Kind::WrappedMap
            )),
            Kind::Box | Kind::WrappedBox => object(&format!(
                r#"{{"width": 12, "height": 9, "depth": 6, "wrap": {}, "seed": {seed}}}"#,
                kind == Kind::WrappedBox
            )),
            Kind::Torus => {
                let torus = object(r#"{"major": 8, "minor": 3, "around": 48, "across": 24}"#);
                let mesh = Mesh::torus(&torus).unwrap();
                let o = object(&format!(r#"{{"seed": {seed}}}"#));
                js_sys::Reflect::set(&o, &"vertices".into(), &mesh.vertices().into()).unwrap();
                js_sys::Reflect::set(&o, &"indices".into(), &mesh.indices().into()).unwrap();
                o
            }
        };
        let coords = eliminate(n as f64, &options).unwrap().to_vec();
        (kind, n, seed, space_digests::digest(coords))
    });
    assert_eq!(measured, DIGESTS);
}

#[wasm_bindgen_test]
fn bad_input_throws_in_the_cores_words() {
    let map = object(r#"{"width": 10, "height": 10, "seed": 1}"#);
    for (count, words) in [
        (0.0, "count must be from 1 to"),
        (1e12, "the work limit"),
        (2.5, "count must be a whole number"),
        (f64::NAN, "count must be a whole number"),
    ] {
        assert!(message(eliminate(count, &map)).contains(words), "{count}");
    }
    let negative = object(r#"{"width": -1, "height": 10, "seed": 1}"#);
    assert!(message(eliminate(5.0, &negative)).contains("width"));
    let seedless = object(r#"{"width": 10, "height": 10}"#);
    assert!(message(eliminate(5.0, &seedless)).contains("seed"));
    let not_object = JsValue::from(3);
    assert!(message(eliminate(5.0, &not_object)).contains("object of named values"));
    let bad_mesh = object(r#"{"vertices": [0, 0, 0, 1, 0, 0], "indices": [0, 1, 2], "seed": 1}"#);
    assert!(message(eliminate(5.0, &bad_mesh)).contains("vertex"));
}

#[wasm_bindgen_test]
fn weights_on_a_mesh_crowd_the_heavy_half_and_bad_weights_throw() {
    let torus = object(r#"{"major": 8, "minor": 3, "around": 24, "across": 12}"#);
    let mesh = Mesh::torus(&torus).unwrap();
    let vertices = mesh.vertices().to_vec();
    let options = |weights: &[f64], radius_max: Option<f64>| {
        let o = object(r#"{"seed": 5}"#);
        let set = |k: &str, v: JsValue| js_sys::Reflect::set(&o, &k.into(), &v).unwrap();
        set("vertices", mesh.vertices().into());
        set("indices", mesh.indices().into());
        set("weights", js_sys::Float64Array::from(weights).into());
        if let Some(r) = radius_max {
            set("radiusMax", r.into());
        }
        o
    };
    let heavy: Vec<f64> = vertices
        .chunks(3)
        .map(|v| if v[0] > 0.0 { 1.0 } else { 0.0 })
        .collect();
    let coords = eliminate(400.0, &options(&heavy, Some(2.0)))
        .unwrap()
        .to_vec();
    assert_eq!(coords.len(), 1200);
    let on_heavy = coords.chunks(3).filter(|p| p[0] > 0.0).count();
    assert!(on_heavy >= 2 * (400 - on_heavy), "{on_heavy} of 400");
    for (weights, radius_max, words) in [
        (
            &heavy[1..],
            Some(2.0),
            "287 weights for a mesh of 288 vertices",
        ),
        (&[f64::NAN; 288][..], Some(2.0), "is NaN"),
        (
            &[1.5; 288][..],
            Some(2.0),
            "weights are numbers from 0 to 1",
        ),
        (&heavy[..], Some(0.5), "radius-max"),
        (&heavy[..], None, "weights and radiusMax together"),
    ] {
        let got = message(eliminate(40.0, &options(weights, radius_max)));
        assert!(got.contains(words), "{words}: {got}");
    }
}
