//! The variants' bindings (`ForestJob` for density, `SamplerJob` for the better samplers,
//! `TileSet` for tileable sets, `ChunkedWorld` for chunks), called as the page calls them.
#![cfg(target_arch = "wasm32")]

mod common;

use common::{bits, flat, message, obj, throws};
use poisson_live::samplers::Method;
use poisson_live::SamplerParams;
use poisson_live_web::{default_exponent, ChunkedWorld, ForestJob, SamplerJob, TileSet};
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn forest(min: f64, max: f64, patch: f64, seed: f64) -> Result<ForestJob, JsError> {
    ForestJob::new(&obj! {
        width: 720.0, height: 400.0, minRadius: min, maxRadius: max, patchSize: patch,
        k: 30.0, seed: seed,
    })
}

#[wasm_bindgen_test]
fn a_forest_grown_in_slices_equals_the_cores_one_call_forest() {
    let mut f = forest(9.0, 36.0, 5.0, 123456.0).unwrap();
    assert_eq!(f.point_count(), 1, "the first tree is placed at once");
    let mut slices = 0;
    while !f.run(200.0).unwrap() {
        slices += 1;
    }
    assert!(slices > 1, "a forest takes several slices of 200 steps");
    assert!(f.is_finished());
    let core = poisson_live::density_forest(
        SamplerParams {
            width: 720.0,
            height: 400.0,
            radius: 9.0,
            k: 30,
            seed: 123456,
        },
        36.0,
        5.0,
    )
    .unwrap();
    assert_eq!(f.points().to_vec(), flat(&core));
    assert_eq!(f.take().unwrap().to_vec(), flat(&core));
    assert_eq!(f.too_close_count(), 0);
    assert!(f
        .points()
        .to_vec()
        .chunks(3)
        .all(|p| (9.0..=36.0).contains(&p[2])));
    assert_eq!(f.cell_size(), 9.0 / std::f64::consts::SQRT_2);
    let map = f.density_map(180.0, 100.0, 4.0).unwrap().to_vec();
    assert_eq!(map.len(), 18_000);
    assert!(map.iter().all(|d| (0.0..=1.0).contains(d)));
    assert_eq!(map[0], f.density(2.0, 2.0));
    assert_eq!(f.radius_at(2.0, 2.0), 36.0 - map[0] * 27.0);
}

#[wasm_bindgen_test]
fn density_bad_input_becomes_an_exception() {
    assert!(forest(0.0001, 36.0, 5.0, 1.0).is_err());
    let f = forest(9.0, 36.0, 5.0, 1.0).unwrap();
    assert!(f.density_map(1e6, 1e6, 1.0).is_err());
    assert!(f.density_map(1.5, 2.0, 1.0).is_err());
}

fn run_job(method: &str, radius: f64, k: f64, seed: f64) -> Result<SamplerJob, JsError> {
    SamplerJob::new(&obj! {
        method: method, width: 720.0, height: 400.0, radius: radius, k: k, seed: seed,
    })
}

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
        let run = run_job(name, 20.0, 30.0, 123456.0)
            .unwrap()
            .finish()
            .unwrap();
        assert_eq!(run.method(), name);
        let pts = run.points().to_vec();
        assert_eq!(run.point_count(), count, "{name}");
        assert_eq!(pts.len(), 3 * count as usize);
        assert_eq!(fingerprint(&pts), print, "{name}");
        let cover = count as f64 * std::f64::consts::PI * 100.0 / (720.0 * 400.0);
        assert!((run.coverage() - cover).abs() < 1e-12, "{name}");
        assert_eq!(run.candidates_per_point(), run.candidates() / count as f64);
    }
    let classic = run_job("classic", 20.0, 30.0, 123456.0)
        .unwrap()
        .finish()
        .unwrap();
    let one_call = poisson_live_web::poisson_disk_flat(720.0, 400.0, 20.0, 30.0, 123456.0);
    assert_eq!(classic.points().to_vec(), one_call.unwrap().to_vec());
}

/// A run made a few steps per call, as the page makes it, gives the core's one-call run.
#[wasm_bindgen_test]
fn sampler_runs_in_slices_equal_the_cores_one_call_runs() {
    for method in Method::ALL {
        let whole = poisson_live::samplers::sample(
            method,
            poisson_live::samplers::SamplerParams {
                width: 720.0,
                height: 400.0,
                radius: 14.0,
                k: 20,
                seed: 77,
            },
        )
        .unwrap();
        let mut job = run_job(method.name(), 14.0, 20.0, 77.0).unwrap();
        let mut calls = 0;
        while !job.run(if calls % 2 == 0 { 1.0 } else { 37.0 }).unwrap() {
            calls += 1;
        }
        assert!(calls > 10, "{method:?}: {calls} calls");
        let run = job.take().unwrap();
        assert_eq!(
            bits(run.points().to_vec()),
            bits(flat(&whole.points)),
            "{method:?}"
        );
        assert_eq!(
            run.coverage().to_bits(),
            whole.coverage.to_bits(),
            "{method:?}"
        );
        assert_eq!(run.candidates(), whole.candidates as f64, "{method:?}");
    }
}

#[wasm_bindgen_test]
fn samplers_bad_input_becomes_an_exception() {
    let cone = |method: &str, exponent: f64| {
        SamplerJob::new(&obj! {
            method: method, width: 720.0, height: 400.0, radius: 20.0, k: 30.0, seed: 9.0,
            exponent: exponent,
        })
    };
    assert!(message(cone("parent-cone", f64::NAN)).contains("exponent"));
    assert!(message(cone("roberts", -2.0)).contains("parent-cone"));
    assert_eq!(default_exponent(1.0).unwrap(), -18.4);
    let custom = cone("parent-cone", default_exponent(30.0).unwrap())
        .unwrap()
        .finish()
        .unwrap();
    let default = run_job("parent-cone", 20.0, 30.0, 9.0)
        .unwrap()
        .finish()
        .unwrap();
    assert_eq!(custom.points().to_vec(), default.points().to_vec());
}

fn tile(radius: f64, k: f64, seed: f64, wrap: bool) -> Result<TileSet, JsError> {
    TileSet::new(
        &obj! { width: 360.0, height: 200.0, radius: radius, k: k, seed: seed, wrap: wrap },
    )
}

#[wasm_bindgen_test]
fn a_wrapped_tile_passes_the_seam_audit_and_a_plain_one_fails() {
    let wrapped = tile(20.0, 30.0, 123456.0, true).unwrap();
    assert!(wrapped.wrapped());
    assert_eq!(wrapped.seam_violations(), 0);
    assert_eq!(wrapped.conflicts().length(), 0);
    assert!(wrapped.min_distance() >= 20.0);
    let audit = wrapped.audit().to_vec();
    assert_eq!(audit.len(), 3);
    assert_eq!(audit[2], wrapped.min_distance());
    let pts = wrapped.points().to_vec();
    assert_eq!(pts.len(), 2 * wrapped.point_count() as usize);
    let core = poisson_live::wrap::poisson_disk_wrapped(SamplerParams {
        width: 360.0,
        height: 200.0,
        radius: 20.0,
        k: 30,
        seed: 123456,
    })
    .unwrap();
    let xy: Vec<f64> = core.iter().flat_map(|p| [p.x, p.y]).collect();
    assert_eq!(pts, xy, "the same points as natively");

    let plain = tile(20.0, 30.0, 123456.0, false).unwrap();
    assert!(plain.seam_violations() > 0);
    assert!(plain.min_distance() < 20.0);
    let c = plain.conflicts().to_vec();
    assert_eq!(c.len(), 5 * plain.seam_violations() as usize);
    assert!(c.chunks(5).all(|p| p[2] < 20.0 && p[0] < p[1]));
}

fn world(chunk: f64, radius: f64, seed: f64, capacity: f64) -> Result<ChunkedWorld, JsError> {
    ChunkedWorld::new(&obj! {
        chunkSize: chunk, radius: radius, k: 30.0, seed: seed, capacity: capacity,
    })
}

#[wasm_bindgen_test]
fn endless_chunks_do_not_depend_on_the_visit_order() {
    let mut a = world(96.0, 11.0, 123456.0, 256.0).unwrap();
    let mut b = world(96.0, 11.0, 123456.0, 1.0).unwrap();
    let coords: Vec<(f64, f64)> = (-2..2)
        .flat_map(|y| (-2..2).map(move |x| (f64::from(x), f64::from(y))))
        .collect();
    let forward: Vec<Vec<f64>> = (coords.iter())
        .map(|&(x, y)| a.chunk(x, y).unwrap().to_vec())
        .collect();
    let mut backward: Vec<Vec<f64>> = (coords.iter().rev())
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
    assert_eq!(ChunkedWorld::phase(1.0, 1.0).unwrap(), 3);
    assert_eq!(a.chunk_x(-0.5), -1);
    assert_eq!(a.chunk_y(96.0), 1);
    let view = a.points_in(-100.0, -100.0, 200.0, 150.0).unwrap().to_vec();
    assert!(view
        .chunks(2)
        .all(|p| p[0] >= -100.0 && p[0] < 100.0 && p[1] >= -100.0 && p[1] < 50.0));
    assert!(view.len() > 100);
}

/// A view built a chunk per call, as the page builds it, gives the one-call `pointsIn`.
#[wasm_bindgen_test]
fn a_view_built_a_chunk_per_call_equals_the_one_call_points() {
    let (x, y, w, h) = (-360.0, -200.0, 720.0, 400.0);
    let mut whole = world(120.0, 6.0, 123456.0, 96.0).unwrap();
    let expected = whole.points_in(x, y, w, h).unwrap().to_vec();
    let mut stepped = world(120.0, 6.0, 123456.0, 96.0).unwrap();
    let missing = stepped.missing(x, y, w, h).unwrap();
    assert_eq!(f64::from(missing), whole.generated());
    assert!(stepped.cached_chunk(0.0, 0.0).unwrap().is_none());
    let mut calls = 0;
    while stepped.generate_next(x, y, w, h).unwrap() {
        calls += 1;
        assert_eq!(stepped.missing(x, y, w, h).unwrap(), missing - calls);
    }
    assert_eq!(calls, missing);
    assert_eq!(stepped.points_in(x, y, w, h).unwrap().to_vec(), expected);
    assert_eq!(stepped.generated(), whole.generated());
    assert_eq!(
        stepped.cached_chunk(0.0, 0.0).unwrap().unwrap().to_vec(),
        whole.chunk(0.0, 0.0).unwrap().to_vec()
    );
    assert!(message(stepped.cached_chunk(0.5, 0.0)).contains("cx must be a whole number"));
    assert!(message(stepped.generate_next(f64::NAN, 0.0, 10.0, 10.0))
        .contains("x must be a finite number"));
}

#[wasm_bindgen_test]
fn endless_bad_input_becomes_an_exception() {
    let mut w = world(128.0, 16.0, 1.0, 64.0).unwrap();
    throws(w.chunk(0.5, 0.0), "cx must be a whole number");
    throws(ChunkedWorld::new(&JsValue::NULL), "takes an object");
    // A view too large for the work limit is refused at once, and the world still answers.
    for huge in [f64::INFINITY, 1e308, 2f64.powi(53), 2f64.powi(31)] {
        let m = message(w.points_in(0.0, 0.0, huge, huge));
        assert!(m.contains("limit") || m.contains("finite"), "{huge}: {m}");
        assert!(message(w.missing(0.0, 0.0, huge, 10.0)).len() > 20);
        assert!(message(w.generate_next(0.0, 0.0, 10.0, huge)).len() > 20);
    }
    throws(w.points_in(0.0, 0.0, -1.0, 10.0), "≥ 0");
    assert!(w.points_in(0.0, 0.0, 200.0, 200.0).unwrap().length() > 0);
}

/// Each variant's constructor refuses bad input with an exception naming what to change: one
/// table of (the constructor's result, a part of its message).
#[wasm_bindgen_test]
fn bad_constructor_input_becomes_an_exception() {
    let cases: [(Result<(), JsError>, &str); 16] = [
        (
            forest(40.0, 36.0, 5.0, 1.0).map(drop),
            "min radius (40) must not be larger than max radius (36)",
        ),
        (forest(0.0, 36.0, 5.0, 1.0).map(drop), "min radius"),
        (forest(9.0, 36.0, f64::NAN, 1.0).map(drop), "patch size"),
        (forest(9.0, 36.0, 5.0, 0.5).map(drop), "seed"),
        (
            run_job("fancy", 20.0, 30.0, 1.0).map(drop),
            "unknown sampler \"fancy\"",
        ),
        (
            run_job("roberts", 20.0, 0.0, 1.0).map(drop),
            "k must be between 1",
        ),
        (run_job("maximal", -2.0, 30.0, 1.0).map(drop), "radius"),
        (run_job("classic", 20.0, 30.0, 1.5).map(drop), "seed"),
        (
            tile(150.0, 30.0, 1.0, true).map(drop),
            "at least 2 × radius",
        ),
        (
            tile(150.0, 30.0, 1.0, false).map(drop),
            "at least 2 × radius",
        ),
        (tile(20.0, 30.0, 1.5, true).map(drop), "seed"),
        (tile(20.0, 0.0, 1.0, true).map(drop), "k must be"),
        (
            TileSet::new(&obj! { width: 360.0, height: 200.0, radius: 20.0, k: 30.0,
            seed: 1.0, wrap: "yes" })
            .map(drop),
            "wrap: true or false",
        ),
        (
            world(30.0, 20.0, 1.0, 64.0).map(drop),
            "chunk size (30) must be at least 2 × radius",
        ),
        (world(128.0, 16.0, 1e30, 64.0).map(drop), "seed"),
        (world(128.0, 16.0, 1.0, 0.0).map(drop), "capacity"),
    ];
    for (result, part) in cases {
        throws(result, part);
    }
}
