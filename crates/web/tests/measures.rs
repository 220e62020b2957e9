//! The measures' bindings (`CompareJob` for the opening comparison, `SpectrumJob` for the
//! spectrum lab, `spectrumOf` for the relax lab), called as the page calls them.
#![cfg(target_arch = "wasm32")]

mod common;

use common::{bits, message, obj, s, throws};
use poisson_live::spectrum::{averaged_spectrum, Kind, SpectrumParams};
use poisson_live_web::{spectrum_of, CompareJob, Spectrum, SpectrumJob};
use wasm_bindgen::JsError;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn the_comparison_holds_the_lab_figures() {
    let c = CompareJob::new(720.0, 400.0, 26.0, 123456.0)
        .unwrap()
        .finish()
        .unwrap();
    assert_eq!(
        c.count(&s("random")).unwrap(),
        c.count(&s("poisson")).unwrap()
    );
    assert_eq!(c.too_close(&s("poisson")).unwrap().length(), 0);
    assert!(c.too_close(&s("random")).unwrap().length() > 0);
    assert_eq!(c.clearing(&s("poisson")).unwrap().length(), 3);
    assert_eq!(c.tightest(&s("poisson")).unwrap().length(), 3);
    let m = message(c.count(&s("hexagonal")));
    assert_eq!(
        m,
        "unknown method \"hexagonal\": use random, jittered, poisson"
    );
    assert_eq!(
        message(CompareJob::new(720.0, 400.0, 10.0, 1.5)),
        "seed must be a whole number from -2147483648 to 2147483647, got 1.5"
    );
}

/// The comparison made a stage per call, as the page makes it, gives the core's `compare`.
#[wasm_bindgen_test]
fn a_comparison_built_in_stages_equals_the_cores_one_call_comparison() {
    let whole = poisson_live::compare::compare(720.0, 400.0, 10.0, 123456).unwrap();
    let mut job = CompareJob::new(720.0, 400.0, 10.0, 123456.0).unwrap();
    let mut calls = 0;
    while !job.run(500.0).unwrap() {
        calls += 1;
    }
    assert!(calls > 3);
    let staged = job.take().unwrap();
    for report in &whole.reports {
        let method = report.method.name();
        let xy: Vec<f64> = report.points.iter().flat_map(|p| [p.x, p.y]).collect();
        assert_eq!(staged.points(&s(method)).unwrap().to_vec(), xy);
        let c = report.clearing.map_or(vec![], |c| vec![c.x, c.y, c.radius]);
        assert_eq!(staged.clearing(&s(method)).unwrap().to_vec(), c);
        assert_eq!(
            staged.too_close(&s(method)).unwrap().length() as usize,
            2 * report.too_close.len()
        );
    }
}

fn spectrum_job(
    kind: &str,
    radius: f64,
    seed: f64,
    maps: f64,
    fx: f64,
) -> Result<SpectrumJob, JsError> {
    SpectrumJob::new(&obj! {
        kind: kind, width: 720.0, height: 400.0, radius: radius, seed: seed, maps: maps,
        fxMax: fx, fyMax: 36.0,
    })
}

fn spectrum(kind: &str, maps: f64) -> Spectrum {
    spectrum_job(kind, 20.0, 123456.0, maps, 64.0)
        .unwrap()
        .finish()
        .unwrap()
}

#[wasm_bindgen_test]
fn spectrum_of_the_lab_sets() {
    let (bridson, random) = (spectrum("bridson", 1.0), spectrum("random", 1.0));
    assert_eq!(bridson.point_count(), 462);
    assert_eq!(random.point_count(), 462);
    assert_eq!((bridson.cols(), bridson.rows()), (129, 73));
    let power = bridson.power().to_vec();
    assert_eq!(power.len(), 129 * 73);
    // The origin holds N.
    assert!((power[36 * 129 + 64] - 462.0).abs() < 1e-9);
    assert_eq!(bridson.bin_width(), 1.0 / 400.0);
    assert_eq!(bridson.radial().length(), 35);
    let low_b = bridson.low_frequency_power(0.5 / 20.0);
    let low_r = random.low_frequency_power(0.5 / 20.0);
    assert!(
        low_b < 0.25 && low_r > 0.6,
        "bridson {low_b}, random {low_r}"
    );
    assert!(bridson.low_frequency_power(0.0).is_nan());
    assert_eq!(bridson.points().length(), 2 * 462);
    // Averaged over 8 maps: the first map's points, a smoother spectrum.
    let eight = spectrum("random", 8.0);
    assert_eq!(eight.points().to_vec(), random.points().to_vec());
    let low8 = eight.low_frequency_power(0.5 / 20.0);
    assert!((low8 - 1.0).abs() < 0.2, "random, 8 maps: {low8}");
}

/// The spectrum made a little per call, as the page makes it, gives the core's one-call
/// `averaged_spectrum` to the bit.
#[wasm_bindgen_test]
fn a_spectrum_made_in_slices_equals_the_cores_one_call_spectrum() {
    for kind in Kind::ALL {
        let whole = averaged_spectrum(SpectrumParams {
            kind,
            width: 720.0,
            height: 400.0,
            radius: 24.0,
            seed: 5,
            maps: 3,
            fx_max: 64,
            fy_max: 36,
        })
        .unwrap();
        let mut job = spectrum_job(kind.name(), 24.0, 5.0, 3.0, 64.0).unwrap();
        assert_eq!(job.maps(), 3);
        let mut progress = job.progress();
        while !job.run(29.0).unwrap() {
            assert!(job.progress() >= progress);
            progress = job.progress();
        }
        assert_eq!(job.progress(), 1.0);
        let spectrum = job.take().unwrap();
        assert_eq!(
            bits(spectrum.power().to_vec()),
            bits(whole.periodogram.power().to_vec())
        );
        let radial = whole.periodogram.radial_average().mean;
        assert_eq!(bits(spectrum.radial().to_vec()), bits(radial), "{kind:?}");
        let xy: Vec<f64> = whole.points.iter().flat_map(|p| [p.x, p.y]).collect();
        assert_eq!(spectrum.points().to_vec(), xy, "{kind:?}");
    }
}

#[wasm_bindgen_test]
fn spectrum_bad_input_becomes_an_exception() {
    throws(
        spectrum_job("pink", 20.0, 1.0, 1.0, 64.0),
        "unknown point set",
    );
    throws(
        spectrum_job("random", 20.0, 1.0, 1.0, 64.5),
        "frequencies across",
    );
    throws(spectrum_job("darts", 0.0, 1.0, 1.0, 64.0), "radius");
    throws(spectrum_job("darts", 20.0, 1.0, 0.0, 64.0), "maps");
}

/// `spectrumOf` on a map's points is the spectrum lab's one-map spectrum of them, to the bit;
/// bad input is refused in words.
#[wasm_bindgen_test]
fn the_spectrum_of_given_points_is_the_one_map_spectrum() {
    let one = spectrum("bridson", 1.0);
    let points = one.points();
    let of = spectrum_of(&points.clone().into(), 720.0, 400.0, 64.0, 36.0).unwrap();
    assert_eq!(of.point_count(), one.point_count());
    assert_eq!((of.cols(), of.rows()), (129, 73));
    assert_eq!(bits(of.power().to_vec()), bits(one.power().to_vec()));
    assert_eq!(bits(of.radial().to_vec()), bits(one.radial().to_vec()));
    assert_eq!(of.points().to_vec(), points.to_vec());
    let odd = js_sys::Float64Array::from(&[1.0, 2.0, 3.0][..]);
    assert_eq!(
        message(spectrum_of(&odd.into(), 720.0, 400.0, 4.0, 4.0)),
        "3 numbers do not make whole points of 2"
    );
    let pair = js_sys::Float64Array::from(&[1.0, 2.0][..]);
    assert!(message(spectrum_of(&pair.clone().into(), 0.0, 400.0, 4.0, 4.0)).contains("width"));
    assert!(
        message(spectrum_of(&pair.into(), 720.0, 400.0, 4097.0, 4.0))
            .contains("frequencies across")
    );
}
