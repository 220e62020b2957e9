//! The pictures' bindings (`BiomeMap` and `Placer` for the layers lab; `StippleImage`,
//! `PictureJob` and `Stippling` for the stipple lab), called as the page calls them. The
//! painted world has a file of its own (`world.rs`).
#![cfg(target_arch = "wasm32")]

mod common;

use common::{bytes, flat, message, n, obj, s, throws};
use poisson_live::biomes::{place_objects, Spacings};
use poisson_live::stipple::{self, Picture, StippleParams};
use poisson_live::world::Object;
use poisson_live_web::{
    inks, picture_label, picture_names, BiomeMap, PictureJob, Placement, Placer, StippleImage,
    Stippling,
};
use wasm_bindgen::JsError;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const LAYERS: [&str; 4] = ["chests", "rocks", "trees", "flowers"];

fn place(map: &BiomeMap, s: [f64; 4], shared: bool) -> Result<Placer, JsError> {
    Placer::new(
        map,
        &obj! {
            chest: s[0], rock: s[1], tree: s[2], flower: s[3], sharedGrid: shared,
        },
    )
}

fn placement(map: &BiomeMap, s: [f64; 4], shared: bool) -> Placement {
    place(map, s, shared).unwrap().finish().unwrap()
}

#[wasm_bindgen_test]
fn layers_shared_grid_has_no_overlaps_separate_grids_do() {
    let map = BiomeMap::new(720.0, 400.0, 123456.0).unwrap();
    assert_eq!((map.width(), map.height()), (720, 400));
    // Rows past 2^32 are past the end (all rows), not cut to 32 bits (none).
    assert_eq!(map.rgba_rows(398.0, 2f64.powi(32)).length(), 2 * 720 * 4);
    let shared = placement(&map, [160.0, 44.0, 16.0, 8.0], true);
    assert!(shared.shared_grid());
    assert_eq!(shared.overlap_count(), 0);
    assert_eq!(shared.overlaps().length(), 0);
    let separate = placement(&map, [160.0, 44.0, 16.0, 8.0], false);
    assert!(separate.overlap_count() > 0);
    assert_eq!(separate.overlaps().length(), 4 * separate.overlap_count());
    for layer in LAYERS {
        let n = shared.count(&s(layer)).unwrap();
        assert!(n > 0, "{layer}");
        assert_eq!(shared.points(&s(layer)).unwrap().length(), 3 * n);
    }
    let trees = shared.points(&s("trees")).unwrap().to_vec();
    assert!(trees
        .chunks(3)
        .all(|p| map.ground_at(p[0], p[1]) == "forest floor"));
    let flowers = shared.points(&s("flowers")).unwrap().to_vec();
    assert!(flowers
        .chunks(3)
        .all(|p| map.ground_at(p[0], p[1]) == "meadow"));
    // The shared grid is the default.
    let default = Placer::new(
        &map,
        &obj! { chest: 160.0, rock: 44.0, tree: 16.0,
        flower: 8.0 },
    );
    assert!(default.unwrap().finish().unwrap().shared_grid());
}

/// The layers placed a slice per call, as the page places them, give the core's one-call
/// `place_objects`.
#[wasm_bindgen_test]
fn layers_placed_in_slices_equal_the_cores_one_call_placement() {
    let map = BiomeMap::new(720.0, 400.0, 123456.0).unwrap();
    let core_map = poisson_live::biomes::BiomeMap::new(720, 400, 123456).unwrap();
    let spacings = Spacings {
        chest: 60.0,
        rock: 12.0,
        tree: 6.0,
        flower: 4.0,
    };
    for shared in [true, false] {
        let whole = place_objects(&core_map, &spacings, shared).unwrap();
        let mut job = place(&map, [60.0, 12.0, 6.0, 4.0], shared).unwrap();
        let mut calls = 0;
        while !job.run(400.0).unwrap() {
            calls += 1;
        }
        assert!(calls > 10, "placed in {calls} slices");
        let sliced = job.take().unwrap();
        for (layer, object) in LAYERS.iter().zip(Object::ALL) {
            assert_eq!(
                sliced.points(&s(layer)).unwrap().to_vec(),
                flat(whole.of(object))
            );
        }
        assert_eq!(sliced.overlap_count() as usize, whole.overlaps.len());
    }
}

#[wasm_bindgen_test]
fn a_biome_map_painted_in_bands_is_the_whole_picture() {
    let map = BiomeMap::new(720.0, 400.0, 7.0).unwrap();
    let core = poisson_live::biomes::BiomeMap::new(720, 400, 7).unwrap();
    let mut bands = Vec::new();
    for y in (0..400).step_by(40) {
        bands.extend(map.rgba_rows(y as f64, (y + 40) as f64).to_vec());
    }
    assert_eq!(bands, core.paint_rgba());
    assert_eq!(map.rgba_rows(0.0, 1e9).length(), 720 * 400 * 4);
    assert_eq!(map.rgba_rows(-5.0, f64::NAN).length(), 0);
}

#[wasm_bindgen_test]
fn layers_bad_input_becomes_an_exception() {
    throws(BiomeMap::new(720.0, 400.0, 1e12), "seed");
    assert!(BiomeMap::new(0.0, 400.0, 1.0).is_err());
    assert!(BiomeMap::new(720.5, 400.0, 1.0).is_err());
    let map = BiomeMap::new(720.0, 400.0, 1.0).unwrap();
    throws(place(&map, [160.0, -4.0, 16.0, 8.0], true), "rock spacing");
    throws(
        place(&map, [160.0, 44.0, 16.0, 0.001], false),
        "use a radius ≥",
    );
    let p = placement(&map, [160.0, 44.0, 16.0, 8.0], true);
    let m = message(p.count(&s("bushes")));
    assert!(m.contains("unknown layer"), "{m}");
}

fn picture(name: &str, width: f64, height: f64) -> StippleImage {
    PictureJob::new(&s(name), width, height)
        .unwrap()
        .finish()
        .unwrap()
}

fn stipple_job(
    image: &StippleImage,
    mode: &str,
    min: f64,
    max: f64,
    seed: f64,
) -> Result<Stippling, JsError> {
    Stippling::new(
        image,
        &obj! { mode: mode, minRadius: min, maxRadius: max, k: 30.0, seed: seed },
    )
}

fn mask_job(
    image: &StippleImage,
    threshold: f64,
    radius: f64,
    seed: f64,
) -> Result<Stippling, JsError> {
    Stippling::new(
        image,
        &obj! { mode: "mask", threshold: threshold, radius: radius, k: 30.0,
        seed: seed },
    )
}

fn set(sets: &js_sys::Array, i: u32) -> Vec<f64> {
    js_sys::Float64Array::from(sets.get(i)).to_vec()
}

/// A stipple grown in slices, as the page grows it, gives the core's one-call `stipple`.
#[wasm_bindgen_test]
fn a_stipple_grown_in_slices_equals_the_cores_one_call_stipple() {
    let names: Vec<String> = picture_names()
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    assert_eq!(names, ["sphere", "gradient", "tree", "rings"]);
    assert_eq!(picture_label(&s("tree")).unwrap(), "Tree silhouette");

    let image = picture("sphere", 240.0, 160.0);
    assert_eq!((image.width(), image.height()), (240, 160));
    let sphere = Picture::Sphere.render(240, 160).unwrap();
    let core = poisson_live::stipple::stipple(&sphere, params(2.0, 10.0, 30, 123456)).unwrap();
    let mut s = stipple_job(&image, "mono", 2.0, 10.0, 123456.0).unwrap();
    assert_eq!(s.mode(), "mono");
    assert_eq!(s.sets(), 1);
    while !s.run(100.0).unwrap() {}
    assert!(s.is_finished());
    assert_eq!(
        s.points(&n(0.0)).unwrap().to_vec(),
        flat(&core),
        "the same dots as natively"
    );
    assert_eq!(s.point_count() as usize, core.len());
    assert_eq!(set(&s.take().unwrap(), 0), flat(&core));
}

#[wasm_bindgen_test]
fn canvas_pixels_round_trip_through_rgba() {
    let image = picture("tree", 120.0, 80.0);
    let rgba = image.rgba().to_vec();
    assert_eq!(rgba.len(), 120 * 80 * 4);
    let again = StippleImage::new(120.0, 80.0, &bytes(&rgba)).unwrap();
    let gamma = |img: &StippleImage| {
        Stippling::new(
            img,
            &obj! { mode: "mono", minRadius: 2.0, maxRadius: 8.0, gamma: 1.5,
            k: 30.0, seed: 5.0 },
        )
        .unwrap()
        .finish()
        .unwrap()
    };
    assert_eq!(set(&gamma(&image), 0), set(&gamma(&again), 0));
    let plane = again.luma_plane().to_vec();
    let core = stipple::StippleImage::from_rgba(120, 80, &rgba).unwrap();
    assert_eq!(plane[7], core.luma(7, 0));
    assert_eq!(again.brightness_at(0.5, 0.5), f64::from(plane[0]) / 255.0);
}

#[wasm_bindgen_test]
fn colour_mode_gives_three_sets_and_the_mask_only_dark_ground() {
    let image = picture("rings", 200.0, 120.0);
    let rings = Picture::Rings.render(200, 120).unwrap();
    let core = poisson_live::stipple::stipple_colour(&rings, params(2.0, 10.0, 30, 9)).unwrap();
    let mut s = stipple_job(&image, "colour", 2.0, 10.0, 9.0).unwrap();
    while !s.run(1e9).unwrap() {}
    assert_eq!(s.sets(), 3);
    let mut total = 0;
    for i in 0..3 {
        assert_eq!(
            s.points(&n(f64::from(i))).unwrap().to_vec(),
            flat(&core[i as usize])
        );
        total += s.count(&n(f64::from(i))).unwrap();
    }
    assert_eq!(total, s.point_count());
    // take() hands the sets over (the job keeps none of them).
    let sets = s.take().unwrap();
    assert_eq!(sets.length(), 3);
    for i in 0..3 {
        assert_eq!(set(&sets, i), flat(&core[i as usize]));
    }
    assert_eq!(inks().length(), 3);

    let mut m = mask_job(&image, 0.5, 4.0, 9.0).unwrap();
    let masked = set(&m.finish().unwrap(), 0);
    assert_eq!(m.mode(), "mask");
    assert!(!masked.is_empty());
    let plane = image.luma_plane().to_vec();
    for p in masked.chunks(3) {
        let i = p[1].floor() as usize * 200 + p[0].floor() as usize;
        assert!(f64::from(plane[i]) / 255.0 < 0.5);
        assert!(image.mask_allows(0.5, p[0], p[1]).unwrap());
    }
    let core = poisson_live::stipple::masked_poisson(&rings, 0.5, 4.0, 30, 9).unwrap();
    assert_eq!(masked, flat(&core));
    let cover = image.mask_coverage(0.5).unwrap();
    assert!(cover > 0.0 && cover < 1.0);
}

/// Pictures drawn and masks seeded in slices, as the page takes them, give the one-call
/// results.
#[wasm_bindgen_test]
fn pictures_and_masks_made_in_slices_equal_the_one_call_ones() {
    let whole = Picture::Tree.render(150, 90).unwrap();
    let mut render = PictureJob::new(&s("tree"), 150.0, 90.0).unwrap();
    assert_eq!(render.progress(), 0.0);
    let mut calls = 0;
    while !render.run(if calls % 2 == 0 { 1.0 } else { 13.0 }).unwrap() {
        calls += 1;
    }
    assert!(calls > 5, "drawn in {calls} slices");
    let sliced = render.take().unwrap();
    assert_eq!(sliced.rgba().to_vec(), whole.to_rgba());
    let m = message(PictureJob::new(&s("moon"), 10.0, 10.0));
    assert!(
        m.contains("unknown picture \"moon\": use sphere, gradient, tree, rings"),
        "{m}"
    );

    // A mask is made at once and seeded by its runs; a batch by index is a slice of the dots.
    let mut m = mask_job(&sliced, 0.5, 3.0, 4.0).unwrap();
    assert_eq!(m.point_count(), 0);
    assert!(!m.is_finished());
    while !m.run(5.0).unwrap() {}
    let all = m.points(&n(0.0)).unwrap().to_vec();
    let core = poisson_live::stipple::masked_poisson(&whole, 0.5, 3.0, 30, 4).unwrap();
    assert_eq!(all, flat(&core));
    assert_eq!(
        m.points_between(&n(0.0), 2.0, 5.0).unwrap().to_vec(),
        all[6..15].to_vec()
    );
    let len = f64::from(m.count(&n(0.0)).unwrap());
    assert_eq!(
        m.points_between(&n(0.0), len - 1.0, len + 10.0)
            .unwrap()
            .length(),
        3
    );
    assert_eq!(
        m.points_between(&n(0.0), len + 5.0, len + 10.0)
            .unwrap()
            .length(),
        0
    );
    assert_eq!(m.points_between(&n(0.0), 7.0, 3.0).unwrap().length(), 0);
    assert_eq!(m.points_between(&n(2.0), 0.0, 10.0).unwrap().length(), 0);
    // Indices past 2^32 are past the end, not cut to 32 bits; a bad index or set is refused.
    let big = 2f64.powi(32);
    assert_eq!(m.points_between(&n(0.0), 0.0, big).unwrap().to_vec(), all);
    assert_eq!(
        m.points_between(&n(0.0), 2.0, 2f64.powi(53))
            .unwrap()
            .length() as usize,
        all.len() - 6
    );
    assert!(
        message(m.points_between(&n(0.0), f64::NAN, 3.0)).contains("from must be a whole number")
    );
    assert!(message(m.points_between(&n(0.0), -1.0, 3.0)).contains("from must be a whole number"));
    assert!(message(m.points(&n(big))).starts_with("set must be between 0 and 4294967295"));
    assert!(message(m.count(&s("0"))).contains("set must be a whole number"));
}

#[wasm_bindgen_test]
fn stipple_bad_input_becomes_an_exception() {
    let m = message(StippleImage::new(2.0, 2.0, &bytes(&[0; 15])));
    assert_eq!(m, "a 2 × 2 RGBA image needs 16 bytes, got 15");
    throws(StippleImage::new(0.0, 2.0, &bytes(&[])), "at least 1");
    throws(StippleImage::new(-3.0, 2.0, &bytes(&[])), "width");
    let image = picture("sphere", 50.0, 50.0);
    let m = message(stipple_job(&image, "mono", 12.0, 4.0, 1.0));
    assert_eq!(m, "min radius (12) must not be larger than max radius (4)");
    throws(stipple_job(&image, "colour", 2.0, 4.0, 1.5), "seed");
    throws(
        stipple_job(&image, "sepia", 2.0, 4.0, 1.0),
        "unknown mode \"sepia\": use mono, colour, mask",
    );
    throws(mask_job(&image, 2.0, 4.0, 1.0), "threshold");
    let zero_k = obj! { mode: "mono", minRadius: 2.0, maxRadius: 4.0, k: 0.0, seed: 1.0 };
    assert!(message(Stippling::new(&image, &zero_k)).contains("k must be"));
    throws(image.mask_allows(-1.0, 1.0, 1.0), "threshold");
}

/// The core's stipple parameters (no gamma).
fn params(min_radius: f64, max_radius: f64, k: u32, seed: i32) -> StippleParams {
    StippleParams {
        min_radius,
        max_radius,
        gamma: None,
        k,
        seed,
    }
}
