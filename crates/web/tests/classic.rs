//! The classic methods' bindings (`PoissonSampler`, `poissonDisk`, `History`,
//! `DartThrower`, `Grid`, the baselines), called as the page calls them: results match the
//! core, errors arrive as exceptions with readable messages, nothing panics on bad input.
#![cfg(target_arch = "wasm32")]

mod common;

use common::{flat, message, nums, obj, throws};
use poisson_live::{DartParams, SamplerParams};
use poisson_live_web::{
    dart_throwing, hexagonal_coverage, jittered_grid, live_figures_flat, poisson_disk_flat,
    random_points, rsa_coverage, DartThrower, Grid, History, Outcome, PoissonSampler,
};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn history(radius: f64, k: f64, seed: f64) -> Result<History, wasm_bindgen::JsError> {
    History::new(&obj! { width: 720.0, height: 400.0, radius: radius, k: k, seed: seed })
}

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
    let one_call = poisson_disk_flat(720.0, 400.0, 24.0, 30.0, 123456.0).unwrap();
    assert_eq!(one_call.to_vec(), s.points().to_vec());
    let core = poisson_live::poisson_disk(720.0, 400.0, 24.0, 30, 123456).unwrap();
    assert_eq!(one_call.to_vec(), flat(&core));
}

#[wasm_bindgen_test]
fn sampler_state_between_steps() {
    let mut s = PoissonSampler::new(720.0, 400.0, 24.0, 30.0, 123456.0).unwrap();
    assert_eq!(s.current(), -1);
    assert_eq!(s.accept_rate(), 0.0);
    s.start_random();
    for _ in 0..3 {
        assert_ne!(s.step(), 0);
    }
    assert_eq!(s.steps(), 3.0);
    let tried = s.tried().to_vec();
    assert_eq!(tried.len() % 4, 0);
    assert!(!tried.is_empty());
    assert!(s.accept_rate() > 0.0 && s.accept_rate() <= 1.0);
    assert_eq!(s.accept_rate(), s.accepted() / s.attempted());
    assert!(s.current() >= 0);
    assert!(!s.run(0.0).unwrap() && !s.run(f64::NAN).unwrap() && !s.run(-4.0).unwrap());
    assert_eq!(s.steps(), 3.0, "a budget of 0, NaN or less does nothing");
}

#[wasm_bindgen_test]
fn history_timeline_samples_the_recorded_run() {
    let mut h = history(24.0, 30.0, 123456.0).unwrap();
    h.start_random().unwrap();
    while !h.record(100.0).unwrap() {}
    // 629 steps recorded: 5 samples at steps 0, 157, 314, 471, 629.
    let t = h.timeline(20.0, 5.0).to_vec();
    assert_eq!(t.len(), 15);
    let steps: Vec<f64> = t.chunks(3).map(|s| s[0]).collect();
    assert_eq!(steps, [0.0, 157.0, 314.0, 471.0, 629.0]);
    // Step 0: the first point alone is active and nothing was thrown; the end: none active.
    assert_eq!(t[1], 1.0);
    assert!(t[2].is_nan());
    assert_eq!((t[13], t[14]), (0.0, 0.0), "the last 20 steps only retire");
    for s in t.chunks(3).skip(1) {
        h.seek(s[0]);
        let frame = h.frame(20.0).to_vec(); // activeCount, then recentAcceptRate: frameFields
        assert_eq!(s[1], frame[4], "active at step {}", s[0]);
        assert_eq!(s[2], frame[11], "rate at step {}", s[0]);
    }
    // More samples than steps: every step once.
    assert_eq!(h.timeline(20.0, 1e6).length(), 3 * 630);
}

#[wasm_bindgen_test]
fn bad_input_becomes_an_exception_with_a_message() {
    throws(
        PoissonSampler::new(720.0, 400.0, f64::NAN, 30.0, 1.0),
        "radius",
    );
    throws(PoissonSampler::new(720.0, 400.0, 24.0, 0.0, 1.0), "k");
    throws(PoissonSampler::new(720.0, 400.0, 24.0, 30.0, 1e12), "seed");
    throws(
        PoissonSampler::new(880.0, 480.0, 0.001, 30.0, 1.0),
        "use a radius ≥",
    );
    let darts = |radius: f64, misses: f64| {
        obj! { width: 400.0, height: 300.0, radius: radius, misses: misses, seed: 1.0 }
    };
    throws(DartThrower::new(&darts(-1.0, 30.0)), "radius");
    let grid = obj! { width: 720.0, height: 400.0, radius: 44.0, seed: 1.0, keep: 2.0 };
    assert!(Grid::new(&grid).is_err());
    // A parameter object must be an object and hold every number, by name.
    throws(
        DartThrower::new(&wasm_bindgen::JsValue::from(5.0)),
        "takes an object",
    );
    let m = message(DartThrower::new(
        &obj! { width: 400.0, height: 300.0, radius: 24.0 },
    ));
    assert_eq!(m, "DartThrower needs misses: a number, got nothing");
    let wide = obj! { width: "wide", height: 400.0, radius: 24.0, k: 30.0, seed: 1.0 };
    let m = message(History::new(&wide));
    assert_eq!(m, "History needs width: a number, got \"wide\"");
}

#[wasm_bindgen_test]
fn counts_out_of_range_are_refused_in_the_cores_words() {
    // A JS number that a u32 cannot hold (−5, 1e30) is refused, never wrapped.
    for (k, said) in [
        (-5.0, "k must be between 1 and 10000, got -5"),
        (1e30, "k must be between 1 and 10000, got 1e30"),
        (0.0, "k must be between 1 and 10000, got 0"),
        (2.5, "k must be a whole number from 1 to 10000, got 2.5"),
    ] {
        assert_eq!(
            message(PoissonSampler::new(720.0, 400.0, 24.0, k, 1.0)),
            said
        );
    }
    let nan = obj! { width: 720.0, height: 400.0, radius: 24.0, misses: f64::NAN, seed: 1.0 };
    assert_eq!(
        message(DartThrower::new(&nan)),
        "misses must be a whole number from 0 to 1000000, got NaN"
    );
    // The work limit names the request, the count, the limit and what to change.
    assert_eq!(
        message(PoissonSampler::new(880.0, 480.0, 0.01, 30.0, 1.0)),
        "radius 0.01 on 880 × 480 needs 8.4 G grid cells; the limit is 33.5 M; \
         use a radius ≥ 0.16"
    );
    // Seeds outside 32 bits are refused, never wrapped or rounded.
    for seed in [
        4_295_090_752.0,
        123_456.5,
        2_147_483_648.0,
        -2_147_483_649.0,
    ] {
        assert!(
            message(PoissonSampler::new(720.0, 400.0, 24.0, 30.0, seed))
                .starts_with("seed must be a whole number from -2147483648 to 2147483647"),
            "{seed}"
        );
    }
}

#[wasm_bindgen_test]
fn darts_grid_and_baselines_match_the_core() {
    let params = obj! { width: 400.0, height: 300.0, radius: 24.0, misses: 30.0, seed: 123456.0 };
    let mut d = DartThrower::new(&params).unwrap();
    d.finish();
    assert!(d.is_finished());
    assert_eq!(d.misses_in_a_row(), 30);
    assert_eq!(d.kept_count() as f64 + d.rejected_count(), d.thrown());
    let core = poisson_live::dart_throwing(DartParams {
        width: 400.0,
        height: 300.0,
        radius: 24.0,
        max_misses: 30,
        seed: 123456,
    })
    .unwrap();
    let core: Vec<f64> = core.iter().flat_map(|p| [p.x, p.y]).collect();
    assert_eq!(d.kept().to_vec(), core);
    assert_eq!(dart_throwing(&params).unwrap().to_vec(), core);
    assert_eq!(
        f64::from(d.rejected(-3.0).length()),
        2.0 * d.rejected_count()
    );
    assert_eq!(d.rejected(d.rejected_count() + 9.0).length(), 0);

    let g =
        Grid::new(&obj! { width: 720.0, height: 400.0, radius: 44.0, seed: 123456.0, keep: 0.6 })
            .unwrap();
    let probe = g.probe(360.0, 200.0).to_vec();
    assert!(probe.len() >= 5 && (probe.len() - 5).is_multiple_of(5));
    let core = poisson_live::bridson::partly_filled(
        SamplerParams {
            width: 720.0,
            height: 400.0,
            radius: 44.0,
            k: 30,
            seed: 123456,
        },
        0.6,
    )
    .unwrap();
    assert_eq!(g.points().to_vec(), flat(core.points()));

    let random = random_points(10.0, 720.0, 400.0, 5.0).unwrap().to_vec();
    let core = poisson_live::random_points(10, 720.0, 400.0, 5).unwrap();
    assert_eq!(
        random,
        core.iter().flat_map(|p| [p.x, p.y]).collect::<Vec<_>>()
    );
    let jittered = jittered_grid(40.0, 720.0, 400.0, 5.0).unwrap().to_vec();
    let core = poisson_live::jittered_grid(40.0, 720.0, 400.0, 5).unwrap();
    assert_eq!(
        jittered,
        core.iter().flat_map(|p| [p.x, p.y]).collect::<Vec<_>>()
    );
    assert!(message(random_points(-1.0, 720.0, 400.0, 5.0)).contains("count"));
}

/// Every getter the lab draws from, history against a plain sampler.
/// Issue 25: the thrower counts its misses and keeps only the latest 4096 of them, so a long
/// run's memory stays with its kept darts; `rejected(from)` gives what is still held.
#[wasm_bindgen_test]
fn darts_keep_only_their_latest_misses() {
    let params = obj! { width: 200.0, height: 200.0, radius: 10.0, misses: 20000.0, seed: 5.0 };
    let mut d = DartThrower::new(&params).unwrap();
    d.finish();
    let total = d.rejected_count();
    assert!(total > 10.0 * 4096.0, "{total} misses");
    assert_eq!(d.kept_count() as f64 + total, d.thrown());
    assert_eq!(d.rejected(0.0).length(), 2 * 4096);
    let last = d.rejected(total - 10.0).to_vec();
    assert_eq!(last.len(), 20);
    assert_eq!(last[..], d.rejected(0.0).to_vec()[2 * 4096 - 20..]);
    assert_eq!(d.rejected(f64::NAN).length(), 2 * 4096);
}

fn assert_same(h: &History, s: &PoissonSampler, at: u32) {
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
    let mut h = history(24.0, 30.0, 123456.0).unwrap();
    assert!(h.start_random().unwrap());
    // Starting steps nothing: the run is recorded by `record`, in slices.
    assert_eq!(h.recorded(), 0.0);
    assert!(h.total_steps().is_nan());
    assert_eq!(h.seek(10.0), 0.0, "a seek reaches only what is recorded");
    let mut slices = 0;
    while !h.record(100.0).unwrap() {
        slices += 1;
        assert!(h.progress() < 1.0);
    }
    assert_eq!((slices, h.progress()), (6, 1.0));
    assert_eq!(h.total_steps(), 629.0);
    assert_eq!(h.steps(), 0.0, "recording moves nothing shown");
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
        for (code, n) in h.tally().to_vec().iter().enumerate() {
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
    // None of it stepped the run again.
    assert_eq!(h.recorded(), 629.0);
}

#[wasm_bindgen_test]
fn step_and_play_record_ahead_of_the_job() {
    let mut h = history(24.0, 30.0, 123456.0).unwrap();
    h.start_random().unwrap();
    assert_ne!(h.step(), 0);
    assert!(!h.run(4.0));
    assert_eq!((h.steps(), h.recorded()), (5.0, 5.0));
    let mut s = PoissonSampler::new(720.0, 400.0, 24.0, 30.0, 123456.0).unwrap();
    s.start_random();
    for _ in 0..5 {
        s.step();
    }
    assert_same(&h, &s, 5);
    // The job goes on from there.
    assert!(h.record(f64::INFINITY).unwrap());
    assert_eq!(h.total_steps(), 629.0);
    assert_eq!(h.steps(), 5.0);
}

/// `frame()` holds what the getters say, in the layout `frameFields()` names.
#[wasm_bindgen_test]
fn a_frame_is_every_getter_in_one_array() {
    let fields: Vec<String> = History::frame_fields()
        .iter()
        .map(|f| f.as_string().unwrap())
        .collect();
    let mut h = history(24.0, 30.0, 123456.0).unwrap();
    h.start_random().unwrap();
    let f = h.frame(20.0).to_vec();
    let at = |name: &str| f[fields.iter().position(|n| n == name).unwrap()];
    assert!(at("totalSteps").is_nan(), "not known while recording");
    assert_eq!((at("recorded"), at("current")), (0.0, -1.0));
    h.finish();
    for step in [0.0, 1.0, 57.0, 300.0, 628.0, 629.0] {
        h.seek(step);
        let f = h.frame(20.0).to_vec();
        let at = |name: &str| f[fields.iter().position(|n| n == name).unwrap()];
        assert_eq!(at("steps"), h.steps());
        assert_eq!(at("totalSteps"), 629.0);
        assert_eq!(at("recorded"), 629.0);
        assert_eq!(at("pointCount"), f64::from(h.point_count()));
        assert_eq!(at("activeCount"), f64::from(h.active_count()));
        assert_eq!(at("current"), f64::from(h.current()));
        assert_eq!(at("retired"), f64::from(h.retired()));
        assert_eq!(at("attempted"), h.attempted());
        assert_eq!(at("accepted"), h.accepted());
        assert_eq!(at("acceptRate"), h.accept_rate());
        let recent = h.recent_accept_rate(20.0);
        assert!(
            at("recentAcceptRate") == recent
                || (recent.is_nan() && at("recentAcceptRate").is_nan())
        );
        let figures = h.figures().to_vec();
        let head = fields.iter().position(|n| n == "pointsPerR2").unwrap();
        assert_eq!(f[head..head + 2], figures[..2]);
        assert_eq!(f[head + 2..head + 4], figures[2..4]);
        let tally: Vec<f64> = h.tally().to_vec().iter().map(|&n| f64::from(n)).collect();
        let t = fields.iter().position(|n| n == "triedAccepted").unwrap();
        assert_eq!(f[t..t + 4], tally[..]);
        let mut rest = f[fields.len()..].to_vec();
        let tried = rest.split_off(3 * h.point_count() as usize + h.active_count() as usize);
        let active = rest.split_off(3 * h.point_count() as usize);
        assert_eq!(rest, h.points().to_vec(), "points at {step}");
        let listed: Vec<f64> = h.active().to_vec().iter().map(|&i| f64::from(i)).collect();
        assert_eq!(active, listed, "active at {step}");
        assert_eq!(tried, h.tried().to_vec(), "tried at {step}");
        assert_eq!(tried.len() as f64, 4.0 * at("triedCount"));
    }
}

/// The outcome codes JS reads by name are the ones `tried()` writes.
#[wasm_bindgen_test]
fn outcome_codes_have_names() {
    let mut h = history(24.0, 30.0, 123456.0).unwrap();
    h.start_random().unwrap();
    h.finish();
    let mut seen = [false; 4];
    for step in 1..=629 {
        h.seek(f64::from(step));
        for c in h.tried().to_vec().chunks(4) {
            seen[c[2] as usize] = true;
            let too_close = c[2] == Outcome::TooClose as u8 as f64;
            assert_eq!(too_close, c[3] >= 0.0, "a hit only for too close");
        }
    }
    let codes = [
        Outcome::Accepted,
        Outcome::OffMap,
        Outcome::WrongGround,
        Outcome::TooClose,
    ];
    assert_eq!(codes.map(|c| c as u8), [0, 1, 2, 3]);
    assert_eq!(seen, [true, true, false, true], "no ground rule here");
}

#[wasm_bindgen_test]
fn a_click_start_and_bad_input() {
    let mut h = history(32.0, 30.0, 7.0).unwrap();
    assert!(h.start_at(20.0, 30.0).unwrap());
    let pts = h.points().to_vec();
    assert_eq!((pts[0], pts[1]), (20.0, 30.0));
    let mut s = PoissonSampler::new(720.0, 400.0, 32.0, 30.0, 7.0).unwrap();
    s.start_at(20.0, 30.0);
    s.finish();
    h.finish();
    assert_eq!(h.total_steps(), s.steps());
    assert!(
        !h.start_at(-3.0, 30.0).unwrap(),
        "a spot off the map is refused"
    );
    assert_eq!(h.total_steps(), 0.0, "an empty run is recorded at once");
    assert!(message(history(24.0, 0.0, 1.0)).contains("k must be"));
    assert!(!message(history(-1.0, 30.0, 1.0)).is_empty());
}

#[wasm_bindgen_test]
fn live_figures_match_the_core() {
    let mut h = history(24.0, 30.0, 123456.0).unwrap();
    h.start_random().unwrap();
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
    let from_xyr = live_figures_flat(&h.points().into(), 3.0, 24.0, 720.0, 400.0).unwrap();
    assert_eq!(from_xyr.to_vec()[..2], f[..2]);
    let xy: Vec<f64> = core.iter().flat_map(|p| [p.x, p.y]).collect();
    let from_xy = live_figures_flat(&nums(&xy), 2.0, 24.0, 720.0, 400.0).unwrap();
    assert_eq!(from_xy.to_vec()[..2], f[..2]);
    // A pair too close is named.
    let bad = live_figures_flat(
        &nums(&[0.0, 0.0, 6.0, 8.0, 50.0, 50.0]),
        2.0,
        20.0,
        100.0,
        100.0,
    )
    .unwrap()
    .to_vec();
    assert_eq!(bad[2..], [0.0, 1.0, 10.0, 20.0]);
    throws(
        live_figures_flat(&nums(&[1.0, 2.0, 3.0]), 2.0, 1.0, 1.0, 1.0),
        "whole points",
    );
    assert!(message(live_figures_flat(&nums(&[]), 4.0, 1.0, 1.0, 1.0)).contains("stride"));
}
