//! The stipple lab's bindings, called as the page calls them.
#![cfg(target_arch = "wasm32")]

mod common;

use common::message;
use poisson_live::stipple::{Image, Picture};
use poisson_live_web::{
    inks, masked_poisson_flat, picture_label, picture_names, stipple_colour_flat, stipple_flat,
    PictureRender, StippleImage, Stippler,
};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn a_built_in_picture_stipples_as_natively_and_in_slices() {
    let names: Vec<String> = picture_names()
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    assert_eq!(names, ["sphere", "gradient", "tree", "rings"]);
    assert_eq!(picture_label("tree").unwrap(), "Tree silhouette");

    let image = StippleImage::built_in("sphere", 240.0, 160.0).unwrap();
    assert_eq!((image.width(), image.height()), (240, 160));
    let flat = stipple_flat(&image, 2.0, 10.0, 30.0, 123456.0, None)
        .unwrap()
        .to_vec();
    let core = poisson_live::stipple::stipple(
        &Picture::Sphere.render(240, 160).unwrap(),
        poisson_live::stipple::StippleParams {
            min_radius: 2.0,
            max_radius: 10.0,
            gamma: None,
            k: 30,
            seed: 123456,
        },
    )
    .unwrap();
    let want: Vec<f64> = core.iter().flat_map(|p| [p.x, p.y, p.r]).collect();
    assert_eq!(flat, want, "the same dots as natively");

    let mut s = Stippler::mono(&image, 2.0, 10.0, 30.0, 123456.0, None).unwrap();
    assert_eq!(s.mode(), "mono");
    assert_eq!(s.sets(), 1);
    while !s.run(100.0) {}
    assert!(s.is_finished());
    assert_eq!(s.points(0).to_vec(), flat);
    assert_eq!(s.point_count() as usize, core.len());
}

#[wasm_bindgen_test]
fn canvas_pixels_round_trip_through_rgba() {
    let image = StippleImage::built_in("tree", 120.0, 80.0).unwrap();
    let rgba = image.rgba().to_vec();
    assert_eq!(rgba.len(), 120 * 80 * 4);
    let again = StippleImage::new(120.0, 80.0, &rgba).unwrap();
    let a = stipple_flat(&image, 2.0, 8.0, 30.0, 5.0, Some(1.5))
        .unwrap()
        .to_vec();
    let b = stipple_flat(&again, 2.0, 8.0, 30.0, 5.0, Some(1.5))
        .unwrap()
        .to_vec();
    assert_eq!(a, b);
    let plane = again.luma_plane().to_vec();
    let core = Image::from_rgba(120, 80, &rgba).unwrap();
    assert_eq!(plane[7], core.luma(7, 0));
    assert_eq!(again.brightness_at(0.5, 0.5), f64::from(plane[0]) / 255.0);
}

#[wasm_bindgen_test]
fn colour_mode_gives_three_sets_and_the_mask_only_dark_ground() {
    let image = StippleImage::built_in("rings", 200.0, 120.0).unwrap();
    let sets = stipple_colour_flat(&image, 2.0, 10.0, 30.0, 9.0, None).unwrap();
    assert_eq!(sets.length(), 3);
    let mut s = Stippler::colour(&image, 2.0, 10.0, 30.0, 9.0, None).unwrap();
    s.finish();
    assert_eq!(s.sets(), 3);
    let mut total = 0;
    for i in 0..3 {
        let set = js_sys::Float64Array::from(sets.get(i)).to_vec();
        assert_eq!(set, s.points(i).to_vec());
        assert_eq!(set.len(), 3 * s.count(i) as usize);
        total += s.count(i);
    }
    assert_eq!(total, s.point_count());
    assert_eq!(inks().length(), 3);

    let masked = masked_poisson_flat(&image, 0.5, 4.0, 30.0, 9.0)
        .unwrap()
        .to_vec();
    assert!(!masked.is_empty());
    let plane = image.luma_plane().to_vec();
    for p in masked.chunks(3) {
        let i = p[1].floor() as usize * 200 + p[0].floor() as usize;
        assert!(f64::from(plane[i]) / 255.0 < 0.5);
        assert!(image.mask_allows(0.5, p[0], p[1]).unwrap());
    }
    let mut m = Stippler::masked(&image, 0.5, 4.0, 30.0, 9.0).unwrap();
    m.finish();
    assert_eq!(m.points(0).to_vec(), masked);
    assert_eq!(m.mode(), "mask");
    let cover = image.mask_coverage(0.5).unwrap();
    assert!(cover > 0.0 && cover < 1.0);
}

#[wasm_bindgen_test]
fn pictures_and_masks_come_in_slices_as_the_page_takes_them() {
    // A picture drawn a few rows at a time is the built-in picture, byte for byte.
    let whole = StippleImage::built_in("tree", 150.0, 90.0).unwrap();
    let mut render = PictureRender::new("tree", 150.0, 90.0).unwrap();
    assert_eq!((render.rows_done(), render.rows()), (0, 90));
    let mut calls = 0;
    while !render.run(if calls % 2 == 0 { 1.0 } else { 13.0 }) {
        calls += 1;
    }
    assert_eq!(render.rows_done(), 90);
    let sliced = render.image().unwrap();
    assert_eq!(sliced.rgba().to_vec(), whole.rgba().to_vec());
    let m = message(PictureRender::new("moon", 10.0, 10.0));
    assert!(m.contains("no built-in picture"), "{m}");

    // A mask is made at once and seeded by its runs; the points are the one-call ones, and a
    // batch by index is a slice of them.
    let mut m = Stippler::masked(&whole, 0.5, 3.0, 30.0, 4.0).unwrap();
    assert_eq!(m.point_count(), 0);
    assert!(!m.is_finished());
    while !m.run(5.0) {}
    let all = m.points(0).to_vec();
    assert_eq!(
        all,
        masked_poisson_flat(&whole, 0.5, 3.0, 30.0, 4.0)
            .unwrap()
            .to_vec()
    );
    assert_eq!(m.points_between(0, 2, 5).to_vec(), all[6..15].to_vec());
    let n = m.count(0);
    assert_eq!(m.points_between(0, n - 1, n + 10).length(), 3);
    assert_eq!(m.points_between(0, n + 5, n + 10).length(), 0);
    assert_eq!(m.points_between(0, 7, 3).length(), 0);
    assert_eq!(m.points_between(2, 0, 10).length(), 0);
}

#[wasm_bindgen_test]
fn stipple_bad_input_becomes_an_exception() {
    let m = message(StippleImage::new(2.0, 2.0, &[0; 15]));
    assert_eq!(m, "a 2 × 2 RGBA image needs 16 bytes, got 15");
    let m = message(StippleImage::new(0.0, 2.0, &[]));
    assert!(m.contains("at least 1"), "{m}");
    let m = message(StippleImage::new(-3.0, 2.0, &[]));
    assert!(m.contains("width"), "{m}");
    let m = message(StippleImage::built_in("moon", 10.0, 10.0));
    assert!(m.contains("no built-in picture"), "{m}");
    let image = StippleImage::built_in("sphere", 50.0, 50.0).unwrap();
    let m = message(Stippler::mono(&image, 12.0, 4.0, 30.0, 1.0, None));
    assert_eq!(m, "min radius (12) must not be larger than max radius (4)");
    let m = message(Stippler::colour(&image, 2.0, 4.0, 30.0, 1.5, None));
    assert!(m.contains("seed"), "{m}");
    let m = message(Stippler::masked(&image, 2.0, 4.0, 30.0, 1.0));
    assert!(m.contains("threshold"), "{m}");
    let m = message(stipple_flat(&image, 2.0, 4.0, 0.0, 1.0, None));
    assert!(m.contains("k must be"), "{m}");
    let m = message(image.mask_allows(-1.0, 1.0, 1.0));
    assert!(m.contains("threshold"), "{m}");
}
