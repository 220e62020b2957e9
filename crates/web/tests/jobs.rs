//! The job protocol, the same for every long operation the page drives a slice per frame: the
//! work runs in slices of any size, progress only grows and reaches 1 exactly when the work is
//! done, the result is handed over once, and the sliced result is the one `finish()` gives.
#![cfg(target_arch = "wasm32")]

mod common;

use common::{bits, message, nums, obj, s};
use poisson_live_web::{
    poisson_disk_flat, BiomeMap, ClassSampler, CompareJob, FastSampler, ForestJob, PictureJob,
    Placer, ProgressiveOrder, SamplerJob, SpectrumJob, Stippling, WorldPainter,
};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Runs a fresh job (`$make`) in slices of `$budget` and checks the protocol; returns the
/// sliced result and `finish()`'s on another fresh job, for the caller to compare.
macro_rules! protocol {
    ($make:expr, $budget:expr) => {{
        let mut job = $make;
        assert!(!job.is_finished());
        assert!(message(job.take()).contains("not finished"));
        let mut last = job.progress();
        assert!((0.0..1.0).contains(&last), "starts at {last}");
        let mut calls = 0;
        while !job.run($budget).unwrap() {
            let now = job.progress();
            assert!(now >= last && now < 1.0, "progress {last} then {now}");
            last = now;
            assert!(job.stage().len() < 40, "a stage is a few words");
            calls += 1;
        }
        assert!(calls > 2, "the work took {calls} slices of {}", $budget);
        assert!(job.is_finished() && job.progress() == 1.0);
        assert!(job.run($budget).unwrap(), "a finished job stays finished");
        let sliced = job.take().unwrap();
        assert!(message(job.take()).contains("already taken"));
        (sliced, $make.finish().unwrap())
    }};
}

#[wasm_bindgen_test]
fn every_job_keeps_the_protocol_and_slices_give_the_finish_result() {
    let (a, b) = protocol!(CompareJob::new(720.0, 400.0, 14.0, 3.0).unwrap(), 50.0);
    assert_eq!(
        a.points(&s("poisson")).unwrap().to_vec(),
        b.points(&s("poisson")).unwrap().to_vec()
    );

    let run = || {
        SamplerJob::new(&obj! { method: "maximal", width: 360.0, height: 200.0,
        radius: 12.0, k: 10.0, seed: 3.0 })
    };
    let (a, b) = protocol!(run().unwrap(), 7.0);
    assert_eq!(bits(a.points().to_vec()), bits(b.points().to_vec()));

    let (a, b) = protocol!(FastSampler::new(360.0, 200.0, 3.0, 3.0).unwrap(), 20.0);
    assert_eq!(bits(a.points().to_vec()), bits(b.points().to_vec()));

    let xyr = poisson_disk_flat(360.0, 200.0, 6.0, 30.0, 3.0)
        .unwrap()
        .to_vec();
    let (a, b) = protocol!(ProgressiveOrder::new(&nums(&xyr)).unwrap(), 10.0);
    assert_eq!(a.to_vec(), b.to_vec());

    let classes = || {
        ClassSampler::new(&obj! { width: 360.0, height: 200.0, seed: 3.0,
        classes: js_sys::Array::of2(&obj! { name: "tree", spacing: 10.0 },
            &obj! { name: "rock", spacing: 24.0, weight: 0.5 }) })
    };
    let (a, b) = protocol!(classes().unwrap(), 20.0);
    let points = |o: &js_sys::Object| js_sys::Reflect::get(o, &"points".into()).unwrap();
    assert_eq!(
        js_sys::Float64Array::from(points(&a)).to_vec(),
        js_sys::Float64Array::from(points(&b)).to_vec()
    );

    let spectrum = || {
        SpectrumJob::new(&obj! { kind: "darts", width: 360.0, height: 200.0,
        radius: 16.0, seed: 3.0, maps: 2.0, fxMax: 16.0, fyMax: 9.0 })
    };
    let (a, b) = protocol!(spectrum().unwrap(), 40.0);
    assert_eq!(bits(a.power().to_vec()), bits(b.power().to_vec()));

    let map = BiomeMap::new(360.0, 200.0, 3.0).unwrap();
    let spacings = obj! { chest: 60.0, rock: 20.0, tree: 8.0, flower: 6.0, sharedGrid: true };
    let (a, b) = protocol!(Placer::new(&map, &spacings).unwrap(), 60.0);
    assert_eq!(
        a.points(&s("flowers")).unwrap().to_vec(),
        b.points(&s("flowers")).unwrap().to_vec()
    );

    let forest = || {
        ForestJob::new(&obj! { width: 360.0, height: 200.0, minRadius: 6.0,
        maxRadius: 20.0, patchSize: 4.0, k: 30.0, seed: 3.0 })
    };
    let (a, b) = protocol!(forest().unwrap(), 50.0);
    assert_eq!(a.to_vec(), b.to_vec());

    let (a, b) = protocol!(PictureJob::new(&s("sphere"), 120.0, 80.0).unwrap(), 9.0);
    assert_eq!(a.rgba().to_vec(), b.rgba().to_vec());

    let stipple = || {
        Stippling::new(
            &a,
            &obj! { mode: "colour", minRadius: 2.0,
            maxRadius: 8.0, k: 30.0, seed: 3.0 },
        )
    };
    let (dots, whole) = protocol!(stipple().unwrap(), 64.0);
    for i in 0..3 {
        let set = |sets: &js_sys::Array| js_sys::Float64Array::from(sets.get(i)).to_vec();
        assert_eq!(set(&dots), set(&whole));
    }

    let (a, b) = protocol!(WorldPainter::new(11.0).unwrap(), 2_000.0);
    assert_eq!(
        a.rgba_rows(0.0, 480.0).to_vec(),
        b.rgba_rows(0.0, 480.0).to_vec()
    );
}

#[wasm_bindgen_test]
fn a_budget_of_nan_or_less_than_one_unit_is_no_budget() {
    // The clamp: NaN and negatives do no work (a job may still do its one piece); a huge
    // budget finishes the job in one call.
    let mut job = WorldPainter::new(5.0).unwrap();
    for budget in [f64::NAN, -1.0, f64::NEG_INFINITY] {
        assert!(!job.run(budget).unwrap());
    }
    assert!(job.progress() < 0.01);
    assert!(job.run(f64::INFINITY).unwrap());
    assert_eq!(job.stage(), "done");
}
