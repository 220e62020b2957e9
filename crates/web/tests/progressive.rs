//! The progressive order's bindings, called as the page calls them: `x, y, r` triples in, the
//! permutation out, in one call or a slice at a time, and bad arrays refused in words.
#![cfg(target_arch = "wasm32")]

mod common;

use common::{message, nums};
use poisson_live::metrics::tightest_pair;
use poisson_live::progressive::progressive_order;
use poisson_live_web::{poisson_disk_flat, progressive_order_flat, ProgressiveOrder};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A Bridson set as the page holds it: flat `x, y, r` triples.
fn forest(radius: f64, seed: f64) -> Vec<f64> {
    poisson_disk_flat(720.0, 400.0, radius, 30.0, seed)
        .unwrap()
        .to_vec()
}

fn positions(xyr: &[f64]) -> Vec<[f64; 2]> {
    xyr.chunks_exact(3).map(|p| [p[0], p[1]]).collect()
}

#[wasm_bindgen_test]
fn the_order_is_the_cores_and_its_prefixes_are_spread_out() {
    let xyr = forest(8.0, 7.0);
    let points = positions(&xyr);
    let order: Vec<u32> = progressive_order_flat(&nums(&xyr)).unwrap().to_vec();
    // The core's order, handed over unchanged.
    let native: Vec<u32> = progressive_order(&points)
        .unwrap()
        .into_iter()
        .map(|i| i as u32)
        .collect();
    assert_eq!(order, native);
    // A permutation of the triples.
    let mut sorted = order.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..points.len() as u32).collect::<Vec<_>>());
    // The first sixteenth keeps at least 3 r apart.
    let first: Vec<[f64; 2]> = order[..points.len() / 16]
        .iter()
        .map(|&i| points[i as usize])
        .collect();
    assert!(tightest_pair(&first).unwrap().2 >= 3.0 * 8.0);
}

#[wasm_bindgen_test]
fn sliced_run_equals_the_one_call_order() {
    let xyr = forest(12.0, 123456.0);
    let whole = progressive_order_flat(&nums(&xyr)).unwrap().to_vec();
    let mut job = ProgressiveOrder::new(&nums(&xyr)).unwrap();
    let (mut calls, mut progress) = (0, 0.0);
    assert!(message(job.take()).contains("not finished"));
    while !job.run(20.0).unwrap() {
        calls += 1;
        assert!(job.progress() >= progress && job.progress() < 1.0);
        progress = job.progress();
        let placed = job.placed().to_vec();
        assert_eq!(placed[..], whole[..placed.len()]);
        assert!(!job.stage().is_empty());
    }
    assert!(calls > 5, "{calls} slices");
    assert_eq!(job.progress(), 1.0);
    assert_eq!(job.take().unwrap().to_vec(), whole);
    assert!(message(job.take()).contains("already taken"));
    // A budget of zero, negative or NaN does nothing.
    let mut idle = ProgressiveOrder::new(&nums(&xyr)).unwrap();
    for budget in [0.0, -5.0, f64::NAN] {
        assert!(!idle.run(budget).unwrap());
    }
    assert_eq!(idle.placed().length(), 0);
}

#[wasm_bindgen_test]
fn empty_and_single_point_sets_are_fine() {
    assert_eq!(progressive_order_flat(&nums(&[])).unwrap().length(), 0);
    assert_eq!(
        progressive_order_flat(&nums(&[5.0, 6.0, 1.0]))
            .unwrap()
            .to_vec(),
        vec![0]
    );
}

#[wasm_bindgen_test]
fn bad_arrays_are_refused_in_words() {
    let broken = message(progressive_order_flat(&nums(&[1.0, 2.0, 3.0, 4.0])));
    assert!(
        broken.contains("4 numbers do not make whole triples"),
        "{broken}"
    );
    let nan = message(progressive_order_flat(&nums(&[
        1.0,
        2.0,
        3.0,
        f64::NAN,
        2.0,
        3.0,
    ])));
    assert_eq!(
        nan,
        "point 1 is at (NaN, 2); every x and y of a progressive order must be a finite number"
    );
    // The stepped form refuses the same arrays in the same words.
    assert_eq!(
        message(ProgressiveOrder::new(&nums(&[
            1.0,
            2.0,
            3.0,
            f64::NAN,
            2.0,
            3.0
        ]))),
        nan
    );
    assert!(message(ProgressiveOrder::new(&nums(&[1.0]))).contains("whole triples"));
    // Not an array: refused, not read as an empty one.
    let m = message(progressive_order_flat(&JsValue::from_f64(f64::NAN)));
    assert_eq!(
        m,
        "points must be an array of numbers (a Float64Array or an Array), got NaN"
    );
    let m = message(progressive_order_flat(&JsValue::UNDEFINED));
    assert!(m.starts_with("points is missing"), "{m}");
    // An array-like with a huge length is not an array; an array with a non-number is refused.
    let like = js_sys::Object::new();
    js_sys::Reflect::set(&like, &"length".into(), &1e9.into()).unwrap();
    assert!(message(progressive_order_flat(&like.into())).contains("got an object"));
    let mixed = js_sys::Array::new();
    mixed.push(&1.0.into());
    mixed.push(&"x".into());
    assert!(message(progressive_order_flat(&mixed.into())).contains("entry 1 is \"x\""));
    // Longer than the limit: refused before anything is copied.
    let long = js_sys::Array::new_with_length(u32::MAX);
    assert!(message(progressive_order_flat(&long.into())).contains("the limit is"));
}
