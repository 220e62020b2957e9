//! The endless lab's chunk-at-a-time bindings, called as the page calls them.
#![cfg(target_arch = "wasm32")]

mod common;

use common::message;
use poisson_live_web::EndlessWorld;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn a_view_built_a_chunk_per_call_gives_the_one_call_points() {
    let (x, y, w, h) = (-360.0, -200.0, 720.0, 400.0);
    let mut whole = EndlessWorld::new(120.0, 6.0, 30.0, 123456.0, 96.0).unwrap();
    let expected = whole.points_in(x, y, w, h).to_vec();
    let mut stepped = EndlessWorld::new(120.0, 6.0, 30.0, 123456.0, 96.0).unwrap();
    let missing = stepped.missing(x, y, w, h);
    assert_eq!(f64::from(missing), whole.generated());
    assert!(stepped.cached_chunk(0.0, 0.0).unwrap().is_none());
    let mut calls = 0;
    while stepped.generate_next(x, y, w, h) {
        calls += 1;
        assert_eq!(stepped.missing(x, y, w, h), missing - calls);
    }
    assert_eq!(calls, missing);
    assert_eq!(stepped.points_in(x, y, w, h).to_vec(), expected);
    assert_eq!(stepped.generated(), whole.generated());
    assert_eq!(
        stepped.cached_chunk(0.0, 0.0).unwrap().unwrap().to_vec(),
        whole.chunk(0.0, 0.0).unwrap().to_vec()
    );
    assert!(message(stepped.cached_chunk(0.5, 0.0)).contains("cx must be a whole number"));
    assert!(!stepped.generate_next(f64::NAN, 0.0, 10.0, 10.0));
}
