//! The JS-facing classes, called as the page calls them: results match the core, errors arrive
//! as exceptions with readable messages, nothing panics on bad input.
#![cfg(target_arch = "wasm32")]

mod common;

use common::message;
use poisson_live_web::{poisson_disk_flat, Comparison, DartThrower, GridLab, PoissonSampler};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn sampler_finish_gives_the_reference_counts() {
    let mut s = PoissonSampler::new(720.0, 400.0, 24.0, 30.0, 123456.0).unwrap();
    assert!(s.start_random());
    s.finish();
    assert_eq!(s.point_count(), 315);
    assert_eq!(s.steps(), 629.0);
    assert_eq!(s.active_count(), 0);
    assert_eq!(s.retired(), 315);
    assert_eq!(s.points().length(), 315 * 3);
    let flat = poisson_disk_flat(720.0, 400.0, 24.0, 30.0, 123456.0).unwrap();
    assert_eq!(flat.to_vec(), s.points().to_vec());
}

#[wasm_bindgen_test]
fn sampler_state_between_steps() {
    let mut s = PoissonSampler::new(720.0, 400.0, 24.0, 30.0, 123456.0).unwrap();
    assert_eq!(s.current(), -1);
    s.start_random();
    for _ in 0..3 {
        assert_ne!(s.step(), 0);
    }
    assert_eq!(s.steps(), 3.0);
    let tried = s.tried().to_vec();
    assert_eq!(tried.len() % 4, 0);
    assert!(!tried.is_empty());
    assert!(s.accept_rate() > 0.0 && s.accept_rate() <= 1.0);
    assert!(s.current() >= 0);
}

#[wasm_bindgen_test]
fn bad_input_becomes_an_exception_with_a_message() {
    let m = message(PoissonSampler::new(720.0, 400.0, f64::NAN, 30.0, 1.0));
    assert!(m.contains("radius"), "{m}");
    let m = message(PoissonSampler::new(720.0, 400.0, 24.0, 0.0, 1.0));
    assert!(m.contains('k'), "{m}");
    let m = message(PoissonSampler::new(720.0, 400.0, 24.0, 30.0, 1e12));
    assert!(m.contains("seed"), "{m}");
    let m = message(PoissonSampler::new(880.0, 480.0, 0.001, 30.0, 1.0));
    assert!(m.contains("use a radius ≥"), "{m}");
    let m = message(DartThrower::new(400.0, 300.0, -1.0, 30.0, 1.0));
    assert!(m.contains("radius"), "{m}");
    assert!(GridLab::new(720.0, 400.0, 44.0, 1.0, 2.0).is_err());
    let c = Comparison::new(720.0, 400.0, 26.0, 123456.0).unwrap();
    assert!(c.count("hexagonal").is_err());
}

#[wasm_bindgen_test]
fn darts_and_grid_and_comparison() {
    let mut d = DartThrower::new(400.0, 300.0, 24.0, 30.0, 123456.0).unwrap();
    d.finish();
    assert!(d.is_finished());
    assert_eq!(d.misses_in_a_row(), 30);
    assert_eq!(
        d.kept_count() as f64 + d.rejected_count() as f64,
        d.thrown()
    );

    let g = GridLab::new(720.0, 400.0, 44.0, 123456.0, 0.6).unwrap();
    let probe = g.probe(360.0, 200.0).to_vec();
    assert!(probe.len() >= 5 && (probe.len() - 5).is_multiple_of(5));

    let c = Comparison::new(720.0, 400.0, 26.0, 123456.0).unwrap();
    assert_eq!(c.count("random").unwrap(), c.count("poisson").unwrap());
    assert_eq!(c.too_close("poisson").unwrap().length(), 0);
    assert!(c.too_close("random").unwrap().length() > 0);
    assert_eq!(c.clearing("poisson").unwrap().length(), 3);
}
