//! The bindings that let the page work a slice per frame, and the limits' messages, called as
//! the page calls them.
#![cfg(target_arch = "wasm32")]

mod common;

use common::message;
use poisson_live_web::{
    BiomeMap, Comparison, ComparisonBuilder, DartThrower, LayerPlacement, LayerPlacer,
    PoissonSampler,
};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn a_layer_placer_run_in_slices_gives_the_one_call_placement() {
    let map = BiomeMap::new(720.0, 400.0, 123456.0).unwrap();
    for shared in [true, false] {
        let whole = LayerPlacement::new(&map, 60.0, 12.0, 6.0, 4.0, shared).unwrap();
        let mut placer = LayerPlacer::new(&map, 60.0, 12.0, 6.0, 4.0, shared).unwrap();
        let mut calls = 0;
        while !placer.run(400.0).unwrap() {
            calls += 1;
        }
        assert!(calls > 10, "placed in {calls} slices");
        assert!(placer.is_finished());
        let sliced = placer.placement().unwrap();
        for layer in ["chests", "rocks", "trees", "flowers"] {
            assert_eq!(
                sliced.points(layer).unwrap().to_vec(),
                whole.points(layer).unwrap().to_vec()
            );
        }
        assert_eq!(sliced.overlaps().to_vec(), whole.overlaps().to_vec());
        assert!(message(placer.placement()).contains("already taken"));
    }
    // Refused at construction, in the same words as the one-call placement.
    let one = message(LayerPlacement::new(&map, 160.0, 44.0, 16.0, 0.001, true));
    let sliced = message(LayerPlacer::new(&map, 160.0, 44.0, 16.0, 0.001, true));
    assert_eq!(one, sliced);
    assert!(one.contains("use a radius ≥"), "{one}");
}

#[wasm_bindgen_test]
fn a_biome_map_painted_in_bands_is_the_whole_picture() {
    let map = BiomeMap::new(720.0, 400.0, 7.0).unwrap();
    let whole = map.rgba().to_vec();
    let mut bands = Vec::new();
    for y in (0..400).step_by(40) {
        bands.extend(map.rgba_rows(y as f64, (y + 40) as f64).to_vec());
    }
    assert_eq!(bands, whole);
    assert_eq!(map.rgba_rows(-5.0, f64::NAN).length(), 0);
}

#[wasm_bindgen_test]
fn a_comparison_built_in_stages_is_the_one_call_comparison() {
    let whole = Comparison::new(720.0, 400.0, 10.0, 123456.0).unwrap();
    let mut builder = ComparisonBuilder::new(720.0, 400.0, 10.0, 123456.0).unwrap();
    let mut calls = 0;
    while !builder.run(500.0).unwrap() {
        calls += 1;
    }
    assert!(calls > 3);
    let staged = builder.comparison().unwrap();
    for method in ["random", "jittered", "poisson"] {
        assert_eq!(
            staged.points(method).unwrap().to_vec(),
            whole.points(method).unwrap().to_vec()
        );
        assert_eq!(
            staged.clearing(method).unwrap().to_vec(),
            whole.clearing(method).unwrap().to_vec()
        );
    }
    assert_eq!(
        message(ComparisonBuilder::new(720.0, 400.0, 10.0, 1.5)),
        message(Comparison::new(720.0, 400.0, 10.0, 1.5))
    );
}

#[wasm_bindgen_test]
fn counts_out_of_range_are_refused_in_the_cores_words() {
    // A JS number that a u32 cannot hold (−5, 1e30) is refused, never wrapped.
    assert_eq!(
        message(PoissonSampler::new(720.0, 400.0, 24.0, -5.0, 1.0)),
        "k must be between 1 and 10000, got -5"
    );
    assert_eq!(
        message(PoissonSampler::new(720.0, 400.0, 24.0, 1e30, 1.0)),
        "k must be between 1 and 10000, got 1e30"
    );
    assert_eq!(
        message(PoissonSampler::new(720.0, 400.0, 24.0, 0.0, 1.0)),
        "k must be between 1 and 10000, got 0"
    );
    assert_eq!(
        message(PoissonSampler::new(720.0, 400.0, 24.0, 2.5, 1.0)),
        "k must be a whole number from 1 to 10000, got 2.5"
    );
    assert_eq!(
        message(DartThrower::new(720.0, 400.0, 24.0, f64::NAN, 1.0)),
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
