//! The tiles and endless labs' bindings, called as the page calls them.
#![cfg(target_arch = "wasm32")]

mod common;

use common::message;
use poisson_live_web::{EndlessWorld, TileSet};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn a_wrapped_tile_passes_the_seam_audit_and_a_plain_one_fails() {
    let wrapped = TileSet::new(360.0, 200.0, 20.0, 30.0, 123456.0, true).unwrap();
    assert!(wrapped.wrapped());
    assert_eq!(wrapped.seam_violations(), 0);
    assert_eq!(wrapped.conflicts().length(), 0);
    assert!(wrapped.min_distance() >= 20.0);
    let audit = wrapped.audit().to_vec();
    assert_eq!(audit.len(), 3);
    assert_eq!(audit[2], wrapped.min_distance());
    let pts = wrapped.points().to_vec();
    assert_eq!(pts.len(), 2 * wrapped.point_count() as usize);
    let core = poisson_live::wrap::poisson_disk_wrapped(360.0, 200.0, 20.0, 30, 123456).unwrap();
    let flat: Vec<f64> = core.iter().flat_map(|p| [p.x, p.y]).collect();
    assert_eq!(pts, flat, "the same points as natively");

    let plain = TileSet::new(360.0, 200.0, 20.0, 30.0, 123456.0, false).unwrap();
    assert!(plain.seam_violations() > 0);
    assert!(plain.min_distance() < 20.0);
    let c = plain.conflicts().to_vec();
    assert_eq!(c.len(), 5 * plain.seam_violations() as usize);
    assert!(c.chunks(5).all(|p| p[2] < 20.0 && p[0] < p[1]));
}

#[wasm_bindgen_test]
fn tile_bad_input_becomes_an_exception() {
    let m = message(TileSet::new(360.0, 200.0, 150.0, 30.0, 1.0, true));
    assert!(m.contains("at least 2 × radius"), "{m}");
    let m = message(TileSet::new(360.0, 200.0, 150.0, 30.0, 1.0, false));
    assert!(m.contains("at least 2 × radius"), "{m}");
    let m = message(TileSet::new(360.0, 200.0, 20.0, 30.0, 1.5, true));
    assert!(m.contains("seed"), "{m}");
    let m = message(TileSet::new(360.0, 200.0, 20.0, 0.0, 1.0, true));
    assert!(m.contains("k must be"), "{m}");
}

#[wasm_bindgen_test]
fn endless_chunks_do_not_depend_on_the_visit_order() {
    let mut a = EndlessWorld::new(96.0, 11.0, 30.0, 123456.0, 256.0).unwrap();
    let mut b = EndlessWorld::new(96.0, 11.0, 30.0, 123456.0, 1.0).unwrap();
    let coords: Vec<(f64, f64)> = (-2..2)
        .flat_map(|y| (-2..2).map(move |x| (f64::from(x), f64::from(y))))
        .collect();
    let forward: Vec<Vec<f64>> = coords
        .iter()
        .map(|&(x, y)| a.chunk(x, y).unwrap().to_vec())
        .collect();
    let mut backward: Vec<Vec<f64>> = coords
        .iter()
        .rev()
        .map(|&(x, y)| b.chunk(x, y).unwrap().to_vec())
        .collect();
    backward.reverse();
    assert_eq!(forward, backward);
    assert!(b.cached() <= 1);
    // The same fingerprint as the native test pins.
    assert_eq!(a.chunk_digest(0.0, 0.0).unwrap(), "01d66c9ea9cb3c2f");
    assert_eq!(b.chunk_digest(0.0, 0.0).unwrap(), "01d66c9ea9cb3c2f");
    assert!(a.generated() >= 16.0);
    assert!(a.is_cached(0.0, 0.0).unwrap());
    assert_eq!(EndlessWorld::phase(1.0, 1.0).unwrap(), 3);
    assert_eq!(a.chunk_x(-0.5), -1);
    assert_eq!(a.chunk_y(96.0), 1);
    let view = a.points_in(-100.0, -100.0, 200.0, 150.0).to_vec();
    assert!(view
        .chunks(2)
        .all(|p| p[0] >= -100.0 && p[0] < 100.0 && p[1] >= -100.0 && p[1] < 50.0));
    assert!(view.len() > 100);
}

#[wasm_bindgen_test]
fn endless_bad_input_becomes_an_exception() {
    let m = message(EndlessWorld::new(30.0, 20.0, 30.0, 1.0, 64.0));
    assert!(
        m.contains("chunk size (30) must be at least 2 × radius"),
        "{m}"
    );
    let m = message(EndlessWorld::new(128.0, 16.0, 30.0, 1e30, 64.0));
    assert!(m.contains("seed"), "{m}");
    let mut w = EndlessWorld::new(128.0, 16.0, 30.0, 1.0, 64.0).unwrap();
    let m = message(w.chunk(0.5, 0.0));
    assert!(m.contains("cx must be a whole number"), "{m}");
}
