//! `fastPoisson` through the wasm build: the same bits as the native build, and bad input as
//! JS exceptions in the core's words.
#![cfg(target_arch = "wasm32")]

mod common;
#[path = "../../core/tests/fast_digests/mod.rs"]
mod fast_digests;

use common::message;
use fast_digests::{digest, DIGESTS};
use poisson_live_web::{fast_poisson, FastSampler};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn the_same_bits_as_the_native_build() {
    let measured = DIGESTS.map(|(w, h, r, seed, _, _)| {
        let xy = fast_poisson(w, h, r, f64::from(seed)).unwrap().to_vec();
        (w, h, r, seed, xy.len() / 2, digest(xy))
    });
    assert_eq!(measured, DIGESTS);
}

#[wasm_bindgen_test]
fn pairs_of_x_and_y_on_the_map() {
    let xy = fast_poisson(300.0, 200.0, 5.0, 9.0).unwrap().to_vec();
    assert_eq!(xy.len() % 2, 0);
    assert!(xy.len() / 2 > 2000);
    for p in xy.chunks(2) {
        assert!(
            (0.0..300.0).contains(&p[0]) && (0.0..200.0).contains(&p[1]),
            "{p:?}"
        );
    }
}

#[wasm_bindgen_test]
fn bad_input_throws_the_cores_message() {
    for (w, h, r) in [
        (f64::NAN, 100.0, 2.0),
        (100.0, -1.0, 2.0),
        (880.0, 480.0, 0.01),
    ] {
        let core = poisson_live::fast_poisson(w, h, r, 1)
            .unwrap_err()
            .to_string();
        assert_eq!(message(fast_poisson(w, h, r, 1.0)), core);
    }
    assert!(message(fast_poisson(880.0, 480.0, 0.01, 1.0)).contains("use a radius ≥"));
    assert!(message(fast_poisson(100.0, 100.0, 2.0, 1.5)).contains("seed"));
    assert!(message(fast_poisson(100.0, 100.0, 2.0, 2147483648.0)).contains("seed"));
}

/// The samplers lab's row: `FastSampler` run in slices gives `fastPoisson`'s points, and the row's
/// figures are measured on them (coverage as `metrics::coverage`, 16 candidates per turn).
#[wasm_bindgen_test]
fn a_fast_job_run_in_slices_equals_the_one_call_fast_poisson() {
    let (w, h, r, seed) = (720.0, 400.0, 14.0, 123456.0);
    let whole = fast_poisson(w, h, r, seed).unwrap().to_vec();
    let mut job = FastSampler::new(w, h, r, seed).unwrap();
    let mut calls = 0;
    while !job.run(3.0).unwrap() {
        calls += 1;
        assert_eq!(job.placed().length(), 2 * job.point_count());
    }
    assert!(calls > 3, "{calls} slices");
    let run = job.take().unwrap();
    assert_eq!(run.method(), "fast");
    let xyr = run.points().to_vec();
    let xy: Vec<f64> = xyr.chunks(3).flat_map(|p| [p[0], p[1]]).collect();
    assert_eq!(xy, whole);
    assert!(xyr.chunks(3).all(|p| p[2] == r));
    let n = whole.len() / 2;
    assert_eq!(run.point_count() as usize, n);
    let disks = poisson_live::metrics::coverage(std::iter::repeat_n(r, n), w, h);
    assert_eq!(run.coverage(), disks);
    // Every point takes one turn of 16 candidates.
    assert_eq!(run.candidates(), 16.0 * n as f64);
    assert_eq!(run.candidates_per_point(), 16.0);
    // Fuller than Bridson's 0.616 points per r² (the module's 0.885 on big maps).
    assert!(n as f64 * r * r / (w * h) > 0.8, "{n} points");
    assert!(message(FastSampler::new(w, h, -1.0, seed)).contains("radius"));
}
