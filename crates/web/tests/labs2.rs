//! The density and layers labs' bindings, called as the page calls them.
#![cfg(target_arch = "wasm32")]

mod common;

use common::message;
use poisson_live_web::{density_forest_flat, BiomeMap, DensityForest, LayerPlacement};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn density_forest_in_slices_matches_the_one_call_forest() {
    let mut f = DensityForest::new(720.0, 400.0, 9.0, 36.0, 5.0, 30.0, 123456.0).unwrap();
    assert_eq!(f.point_count(), 1, "the first tree is placed at once");
    let mut slices = 0;
    while !f.run(200.0) {
        slices += 1;
    }
    assert!(slices > 1, "a forest takes several slices of 200 steps");
    assert!(f.is_finished());
    let flat = density_forest_flat(720.0, 400.0, 9.0, 36.0, 5.0, 30.0, 123456.0).unwrap();
    assert_eq!(f.points().to_vec(), flat.to_vec());
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
    let m = message(DensityForest::new(720.0, 400.0, 40.0, 36.0, 5.0, 30.0, 1.0));
    assert!(
        m.contains("min radius (40) must not be larger than max radius (36)"),
        "{m}"
    );
    let m = message(DensityForest::new(720.0, 400.0, 0.0, 36.0, 5.0, 30.0, 1.0));
    assert!(m.contains("min radius"), "{m}");
    let m = message(DensityForest::new(
        720.0,
        400.0,
        9.0,
        36.0,
        f64::NAN,
        30.0,
        1.0,
    ));
    assert!(m.contains("patch size"), "{m}");
    let m = message(DensityForest::new(720.0, 400.0, 9.0, 36.0, 5.0, 30.0, 0.5));
    assert!(m.contains("seed"), "{m}");
    assert!(DensityForest::new(720.0, 400.0, 0.0001, 36.0, 5.0, 30.0, 1.0).is_err());
    let f = DensityForest::new(720.0, 400.0, 9.0, 36.0, 5.0, 30.0, 1.0).unwrap();
    assert!(f.density_map(1e6, 1e6, 1.0).is_err());
    assert!(f.density_map(1.5, 2.0, 1.0).is_err());
    assert!(density_forest_flat(720.0, 400.0, 9.0, 8.0, 5.0, 30.0, 1.0).is_err());
}

#[wasm_bindgen_test]
fn layers_shared_grid_has_no_overlaps_separate_grids_do() {
    let map = BiomeMap::new(720.0, 400.0, 123456.0).unwrap();
    assert_eq!(map.rgba().length(), 720 * 400 * 4);
    assert_eq!((map.width(), map.height()), (720, 400));
    let shared = LayerPlacement::new(&map, 160.0, 44.0, 16.0, 8.0, true).unwrap();
    assert!(shared.shared_grid());
    assert_eq!(shared.overlap_count(), 0);
    assert_eq!(shared.overlaps().length(), 0);
    let separate = LayerPlacement::new(&map, 160.0, 44.0, 16.0, 8.0, false).unwrap();
    assert!(separate.overlap_count() > 0);
    assert_eq!(separate.overlaps().length(), 4 * separate.overlap_count());
    for layer in ["chests", "rocks", "trees", "flowers"] {
        let n = shared.count(layer).unwrap();
        assert!(n > 0, "{layer}");
        assert_eq!(shared.points(layer).unwrap().length(), 3 * n);
    }
    let trees = shared.points("trees").unwrap().to_vec();
    assert!(trees
        .chunks(3)
        .all(|p| map.ground_at(p[0], p[1]) == "forest floor"));
    let flowers = shared.points("flowers").unwrap().to_vec();
    assert!(flowers
        .chunks(3)
        .all(|p| map.ground_at(p[0], p[1]) == "meadow"));
}

#[wasm_bindgen_test]
fn layers_bad_input_becomes_an_exception() {
    let m = message(BiomeMap::new(720.0, 400.0, 1e12));
    assert!(m.contains("seed"), "{m}");
    assert!(BiomeMap::new(0.0, 400.0, 1.0).is_err());
    assert!(BiomeMap::new(720.5, 400.0, 1.0).is_err());
    let map = BiomeMap::new(720.0, 400.0, 1.0).unwrap();
    let m = message(LayerPlacement::new(&map, 160.0, -4.0, 16.0, 8.0, true));
    assert!(m.contains("rock spacing"), "{m}");
    let m = message(LayerPlacement::new(&map, 160.0, 44.0, 16.0, 0.001, false));
    assert!(m.contains("limit"), "{m}");
    let p = LayerPlacement::new(&map, 160.0, 44.0, 16.0, 8.0, true).unwrap();
    let m = message(p.count("bushes"));
    assert!(m.contains("unknown layer"), "{m}");
}
