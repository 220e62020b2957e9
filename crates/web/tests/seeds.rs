//! The bindings' own helpers, in headless Chromium: seeds from the browser's entropy and the
//! crate version.
#![cfg(target_arch = "wasm32")]

use poisson_live_web::{crate_version, random_seed};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn random_seed_is_a_valid_park_miller_seed() {
    for _ in 0..1000 {
        let seed = random_seed().expect("the browser provides entropy");
        assert!(
            (1..=2_147_483_646).contains(&seed),
            "seed {seed} out of range"
        );
    }
}

#[wasm_bindgen_test]
fn random_seeds_differ() {
    let seeds: Vec<i32> = (0..16).map(|_| random_seed().unwrap()).collect();
    let first = seeds[0];
    assert!(
        seeds.iter().any(|&s| s != first),
        "16 identical seeds: {seeds:?}"
    );
}

#[wasm_bindgen_test]
fn crate_version_matches_cargo() {
    assert_eq!(crate_version(), env!("CARGO_PKG_VERSION"));
}
