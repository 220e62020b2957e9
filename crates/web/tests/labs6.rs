//! The time-travel and live-figures bindings, called as the Bridson and comparison labs call them.
#![cfg(target_arch = "wasm32")]

mod common;

use common::message;
use poisson_live_web::{
    hexagonal_coverage, live_figures_flat, rsa_coverage, PoissonSampler, SamplerHistory,
};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Every getter the lab draws from, history against a plain sampler.
fn assert_same(h: &SamplerHistory, s: &PoissonSampler, at: u32) {
    assert_eq!(h.points().to_vec(), s.points().to_vec(), "points at {at}");
    assert_eq!(h.active().to_vec(), s.active().to_vec(), "active at {at}");
    assert_eq!(h.tried().to_vec(), s.tried().to_vec(), "tried at {at}");
    assert_eq!(h.current(), s.current(), "current at {at}");
    assert_eq!(h.retired(), s.retired(), "retired at {at}");
    assert_eq!(h.steps(), s.steps(), "steps at {at}");
    assert_eq!(h.accept_rate(), s.accept_rate(), "accept rate at {at}");
    assert_eq!(h.is_finished(), s.is_finished(), "finished at {at}");
}

#[wasm_bindgen_test]
fn scrubbing_back_and_forth_matches_stepping() {
    let mut h = SamplerHistory::new(720.0, 400.0, 24.0, 30.0, 123456.0).unwrap();
    assert!(h.start_random());
    assert_eq!(h.total_steps(), 629.0);
    assert_eq!(h.seek(629.0), 629.0);
    assert_eq!(h.point_count(), 315);
    for at in [3u32, 100, 0, 628, 1, 400] {
        assert_eq!(h.seek(f64::from(at)), f64::from(at));
        let mut s = PoissonSampler::new(720.0, 400.0, 24.0, 30.0, 123456.0).unwrap();
        s.start_random();
        for _ in 0..at {
            s.step();
        }
        assert_same(&h, &s, at);
        // The tally counts the same outcomes tried() reports.
        let tried = h.tried().to_vec();
        let tally = h.tally().to_vec();
        for (code, n) in tally.iter().enumerate() {
            let seen = tried.chunks(4).filter(|c| c[2] == code as f64).count();
            assert_eq!(*n as usize, seen, "outcome {code} at {at}");
        }
    }
    // Seeking clamps, and Step after a scrub continues from there.
    assert_eq!(h.seek(-5.0), 0.0);
    assert_eq!(h.seek(1e12), 629.0);
    h.seek(10.0);
    assert_ne!(h.step(), 0);
    assert_eq!(h.steps(), 11.0);
    assert!(!h.run(5.0));
    assert_eq!(h.steps(), 16.0);
    h.finish();
    assert!(h.is_finished());
    assert_eq!(h.step(), 0);
    assert_eq!(h.steps(), 629.0);
}

#[wasm_bindgen_test]
fn a_click_start_and_bad_input() {
    let mut h = SamplerHistory::new(720.0, 400.0, 32.0, 30.0, 7.0).unwrap();
    assert!(h.start_at(20.0, 30.0));
    let pts = h.points().to_vec();
    assert_eq!((pts[0], pts[1]), (20.0, 30.0));
    let mut s = PoissonSampler::new(720.0, 400.0, 32.0, 30.0, 7.0).unwrap();
    s.start_at(20.0, 30.0);
    s.finish();
    assert_eq!(h.total_steps(), s.steps());
    assert!(!h.start_at(-3.0, 30.0), "a spot off the map is refused");
    assert_eq!(h.total_steps(), 0.0);
    assert!(message(SamplerHistory::new(720.0, 400.0, 24.0, 0.0, 1.0)).contains("k must be"));
    assert!(!message(SamplerHistory::new(720.0, 400.0, -1.0, 30.0, 1.0)).is_empty());
}

#[wasm_bindgen_test]
fn live_figures_match_the_core() {
    let mut h = SamplerHistory::new(720.0, 400.0, 24.0, 30.0, 123456.0).unwrap();
    h.start_random();
    h.finish();
    let f = h.figures().to_vec();
    let core = poisson_live::poisson_disk(720.0, 400.0, 24.0, 30, 123456).unwrap();
    let radii: Vec<f64> = core.iter().map(|p| p.r).collect();
    assert_eq!(
        f[0],
        poisson_live::metrics::points_per_r2(315, 720.0, 400.0, 24.0)
    );
    assert_eq!(
        f[1],
        poisson_live::metrics::coverage(radii.iter().copied(), 720.0, 400.0)
    );
    assert_eq!((f[2], f[3]), (-1.0, -1.0), "no pair too close");
    assert!(f[1] > rsa_coverage() * 0.8 && f[1] < hexagonal_coverage());
    // The flat form gives the same figures from x, y, r and from x, y with one radius.
    assert_eq!(
        live_figures_flat(&h.points().to_vec(), 3, 24.0, 720.0, 400.0)
            .unwrap()
            .to_vec()[..2],
        f[..2]
    );
    let xy: Vec<f64> = core.iter().flat_map(|p| [p.x, p.y]).collect();
    assert_eq!(
        live_figures_flat(&xy, 2, 24.0, 720.0, 400.0)
            .unwrap()
            .to_vec()[..2],
        f[..2]
    );
    // A pair too close is named.
    let bad = live_figures_flat(&[0.0, 0.0, 6.0, 8.0, 50.0, 50.0], 2, 20.0, 100.0, 100.0)
        .unwrap()
        .to_vec();
    assert_eq!(bad[2..], [0.0, 1.0, 10.0, 20.0]);
    assert!(
        message(live_figures_flat(&[1.0, 2.0, 3.0], 2, 1.0, 1.0, 1.0)).contains("whole points")
    );
    assert!(message(live_figures_flat(&[], 4, 1.0, 1.0, 1.0)).contains("stride"));
}
