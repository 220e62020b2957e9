//! The samplers and spectrum labs' bindings, called as the page calls them, in a real browser.
#![cfg(target_arch = "wasm32")]

mod common;

use common::message;
use poisson_live_web::{
    default_exponent, SamplerRun, SamplerRunBuilder, Spectrum, SpectrumBuilder,
};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The same fold as crates/core/tests/samplers.rs `fingerprint`, over `x, y, r` triplets.
fn fingerprint(xyr: &[f64]) -> u64 {
    xyr.chunks(3).fold(0xcbf2_9ce4_8422_2325, |h, p| {
        let h = (h ^ p[0].to_bits()).wrapping_mul(0x0000_0100_0000_01b3);
        (h ^ p[1].to_bits()).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The points in wasm are the points natively, to the bit: these are the values the core's
/// test pins (same_seed_same_points_pinned).
#[wasm_bindgen_test]
fn samplers_give_the_native_points_in_wasm() {
    for (name, count, print) in [
        ("classic", 462, 0x3d10_9a0d_2fe4_04de_u64),
        ("parent-cone", 514, 0x6b5e_7f1e_7bc3_e63d),
        ("roberts", 661, 0x9940_4379_f948_1409),
        ("maximal", 663, 0xa2cc_7f83_666e_2b2a),
    ] {
        let run = SamplerRun::new(name, 720.0, 400.0, 20.0, 30.0, 123456.0).unwrap();
        assert_eq!(run.method(), name);
        let pts = run.points().to_vec();
        assert_eq!(run.point_count(), count, "{name}");
        assert_eq!(pts.len(), 3 * count as usize);
        assert_eq!(fingerprint(&pts), print, "{name}");
        let cover = count as f64 * std::f64::consts::PI * 100.0 / (720.0 * 400.0);
        assert!((run.coverage() - cover).abs() < 1e-12, "{name}");
        assert_eq!(run.candidates_per_point(), run.candidates() / count as f64);
    }
    let classic = SamplerRun::new("classic", 720.0, 400.0, 20.0, 30.0, 123456.0).unwrap();
    let flat = poisson_live_web::poisson_disk_flat(720.0, 400.0, 20.0, 30.0, 123456.0).unwrap();
    assert_eq!(classic.points().to_vec(), flat.to_vec());
}

#[wasm_bindgen_test]
fn samplers_bad_input_becomes_an_exception() {
    let m = message(SamplerRun::new("fancy", 720.0, 400.0, 20.0, 30.0, 1.0));
    assert!(m.contains("unknown sampler \"fancy\""), "{m}");
    let m = message(SamplerRun::new("roberts", 720.0, 400.0, 20.0, 0.0, 1.0));
    assert!(m.contains("k must be between 1"), "{m}");
    let m = message(SamplerRun::new("maximal", 720.0, 400.0, -2.0, 30.0, 1.0));
    assert!(m.contains("radius"), "{m}");
    let m = message(SamplerRun::new("classic", 720.0, 400.0, 20.0, 30.0, 1.5));
    assert!(m.contains("seed"), "{m}");
    let m = message(SamplerRun::parent_cone(
        720.0,
        400.0,
        20.0,
        30.0,
        f64::NAN,
        1.0,
    ));
    assert!(m.contains("exponent"), "{m}");
    assert_eq!(default_exponent(1.0).unwrap(), -18.4);
    let custom = SamplerRun::parent_cone(
        720.0,
        400.0,
        20.0,
        30.0,
        default_exponent(30.0).unwrap(),
        9.0,
    )
    .unwrap();
    let default = SamplerRun::new("parent-cone", 720.0, 400.0, 20.0, 30.0, 9.0).unwrap();
    assert_eq!(custom.points().to_vec(), default.points().to_vec());
}

#[wasm_bindgen_test]
fn spectrum_of_the_lab_sets() {
    let bridson = Spectrum::new("bridson", 720.0, 400.0, 20.0, 123456.0, 1.0, 64.0, 36.0).unwrap();
    let random = Spectrum::new("random", 720.0, 400.0, 20.0, 123456.0, 1.0, 64.0, 36.0).unwrap();
    assert_eq!(bridson.point_count(), 462);
    assert_eq!(random.point_count(), 462);
    assert_eq!((bridson.cols(), bridson.rows()), (129, 73));
    let power = bridson.power().to_vec();
    assert_eq!(power.len(), 129 * 73);
    // The origin holds N.
    assert!((power[36 * 129 + 64] - 462.0).abs() < 1e-9);
    assert_eq!(bridson.bin_width(), 1.0 / 400.0);
    assert_eq!(bridson.radial().length(), 35);
    let (low_b, low_r) = (
        bridson.low_frequency_power(0.5 / 20.0),
        random.low_frequency_power(0.5 / 20.0),
    );
    assert!(
        low_b < 0.25 && low_r > 0.6,
        "bridson {low_b}, random {low_r}"
    );
    assert!(bridson.low_frequency_power(0.0).is_nan());
    assert_eq!(bridson.points().length(), 2 * 462);
    // Averaged over 8 maps: the first map's points, a smoother spectrum with the same origin N
    // only when every map holds as many points.
    let eight = Spectrum::new("random", 720.0, 400.0, 20.0, 123456.0, 8.0, 64.0, 36.0).unwrap();
    assert_eq!(eight.points().to_vec(), random.points().to_vec());
    let low8 = eight.low_frequency_power(0.5 / 20.0);
    assert!((low8 - 1.0).abs() < 0.2, "random, 8 maps: {low8}");
}

#[wasm_bindgen_test]
fn spectrum_bad_input_becomes_an_exception() {
    let m = message(Spectrum::new(
        "pink", 720.0, 400.0, 20.0, 1.0, 1.0, 64.0, 36.0,
    ));
    assert!(m.contains("unknown point set"), "{m}");
    let m = message(Spectrum::new(
        "random", 720.0, 400.0, 20.0, 1.0, 1.0, 64.5, 36.0,
    ));
    assert!(m.contains("frequencies across"), "{m}");
    let m = message(Spectrum::new(
        "darts", 720.0, 400.0, 0.0, 1.0, 1.0, 64.0, 36.0,
    ));
    assert!(m.contains("radius"), "{m}");
    let m = message(Spectrum::new(
        "darts", 720.0, 400.0, 20.0, 1.0, 0.0, 64.0, 36.0,
    ));
    assert!(m.contains("maps"), "{m}");
}

/// The staged builders the page drives a slice per frame give the one-call results, to the bit,
/// hand them over once, and refuse what the one-call constructors refuse.
#[wasm_bindgen_test]
fn builders_give_the_one_call_results() {
    for name in ["classic", "parent-cone", "roberts", "maximal"] {
        let whole = SamplerRun::new(name, 720.0, 400.0, 14.0, 20.0, 77.0).unwrap();
        let mut builder = SamplerRunBuilder::new(name, 720.0, 400.0, 14.0, 20.0, 77.0).unwrap();
        assert_eq!(builder.method(), name);
        assert!(message(builder.sampler_run()).contains("not finished"));
        let mut calls = 0;
        while !builder.run(if calls % 2 == 0 { 1.0 } else { 37.0 }) {
            calls += 1;
        }
        assert!(builder.is_finished() && calls > 10, "{name}: {calls} calls");
        assert_eq!(builder.point_count(), whole.point_count());
        let run = builder.sampler_run().unwrap();
        assert!(message(builder.sampler_run()).contains("already taken"));
        let bits = |v: Vec<f64>| v.into_iter().map(f64::to_bits).collect::<Vec<_>>();
        assert_eq!(
            bits(run.points().to_vec()),
            bits(whole.points().to_vec()),
            "{name}"
        );
        assert_eq!(
            run.coverage().to_bits(),
            whole.coverage().to_bits(),
            "{name}"
        );
        assert_eq!(run.candidates(), whole.candidates(), "{name}");
    }
    let m = message(SamplerRunBuilder::new(
        "roberts", 720.0, 400.0, 20.0, 0.0, 1.0,
    ));
    assert_eq!(
        m,
        message(SamplerRun::new("roberts", 720.0, 400.0, 20.0, 0.0, 1.0))
    );

    for kind in ["random", "jittered", "darts", "bridson"] {
        let whole = Spectrum::new(kind, 720.0, 400.0, 24.0, 5.0, 3.0, 64.0, 36.0).unwrap();
        let mut builder =
            SpectrumBuilder::new(kind, 720.0, 400.0, 24.0, 5.0, 3.0, 64.0, 36.0).unwrap();
        assert_eq!(builder.maps(), 3);
        let mut progress = builder.progress();
        while !builder.run(29.0).unwrap() {
            assert!(builder.progress() >= progress);
            progress = builder.progress();
        }
        assert_eq!(builder.progress(), 1.0);
        let spectrum = builder.spectrum().unwrap();
        assert!(message(builder.spectrum()).contains("already taken"));
        let bits = |v: Vec<f64>| v.into_iter().map(f64::to_bits).collect::<Vec<_>>();
        assert_eq!(
            bits(spectrum.power().to_vec()),
            bits(whole.power().to_vec()),
            "{kind}"
        );
        assert_eq!(
            bits(spectrum.radial().to_vec()),
            bits(whole.radial().to_vec()),
            "{kind}"
        );
        assert_eq!(
            spectrum.points().to_vec(),
            whole.points().to_vec(),
            "{kind}"
        );
    }
    let m = message(SpectrumBuilder::new(
        "darts", 720.0, 400.0, 20.0, 1.0, 0.0, 64.0, 36.0,
    ));
    assert_eq!(
        m,
        message(Spectrum::new(
            "darts", 720.0, 400.0, 20.0, 1.0, 0.0, 64.0, 36.0
        ))
    );
}
