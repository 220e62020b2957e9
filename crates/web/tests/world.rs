//! The painted world's bindings in a real browser: the in-browser determinism check. The world
//! the wasm build paints for seed 123456 must be, pixel for pixel, the golden picture the native
//! core test pins (crates/core/tests/golden_world_123456.png).
#![cfg(target_arch = "wasm32")]

mod common;

use common::{message, s, throws};
use poisson_live_web::{world_legend, World, WorldPainter};
use std::rc::Rc;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const GOLDEN: &[u8] = include_bytes!("../../core/tests/golden_world_123456.png");

thread_local! {
    static WORLD_123456: Rc<World> = Rc::new(paint(123456.0));
}

fn paint(seed: f64) -> World {
    WorldPainter::new(seed).unwrap().finish().unwrap()
}

/// Seed 123456's world, painted once for every test that reads it (a debug-build paint is slow).
fn world_123456() -> Rc<World> {
    WORLD_123456.with(Rc::clone)
}

/// Decodes an 8-bit RGB PNG into `(width, height, bytes)`.
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buf).expect("PNG pixels");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

#[wasm_bindgen_test]
fn world_123456_in_the_browser_equals_the_golden_png() {
    let world = world_123456();
    assert_eq!(
        (world.width(), world.height(), world.seed()),
        (880, 480, 123456)
    );
    let (w, h, golden) = decode(GOLDEN);
    assert_eq!((w, h), (880, 480));

    let rgba = world.rgba_rows(0.0, 480.0).to_vec();
    assert_eq!(rgba.len(), 880 * 480 * 4);
    assert!(
        rgba.chunks_exact(4).all(|p| p[3] == 255),
        "every pixel opaque"
    );
    let rgb: Vec<u8> = rgba
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    if let Some(i) = (0..rgb.len()).find(|&i| rgb[i] != golden[i]) {
        let p = i / 3;
        panic!(
            "first differing pixel ({}, {}): wasm {:?}, golden {:?}",
            p % 880,
            p / 880,
            &rgb[3 * p..3 * p + 3],
            &golden[3 * p..3 * p + 3]
        );
    }

    // The PNG the page downloads decodes to the same pixels.
    let file = world.png().unwrap().to_vec();
    assert_eq!(&file[..8], b"\x89PNG\r\n\x1a\n");
    let (pw, ph, pixels) = decode(&file);
    assert_eq!((pw, ph), (880, 480));
    assert!(pixels == golden, "png() decodes to the golden pixels");
}

#[wasm_bindgen_test]
fn counts_ground_and_legend_come_from_the_core() {
    let world = world_123456();
    for layer in ["chests", "rocks", "trees", "flowers"] {
        let n = world.count(&s(layer)).unwrap();
        assert!(n > 0, "some {layer}");
        assert_eq!(world.points(&s(layer)).unwrap().length(), 3 * n);
    }
    throws(world.count(&s("dragons")), "unknown layer");
    // The map's corner is open sea; the island's middle is land.
    assert_eq!(world.ground_at(0.5, 0.5), "deep water");
    let legend = world_legend();
    assert_eq!(legend.length(), 8 + 4);
    let get = |i: u32, key: &str| js_sys::Reflect::get(&legend.get(i), &key.into()).unwrap();
    assert_eq!(get(0, "name").as_string().unwrap(), "deep water");
    assert_eq!(get(8, "name").as_string().unwrap(), "chests");
    assert_eq!(get(8, "spacing").as_f64().unwrap(), 140.0);
    assert_eq!(get(10, "spacing").as_f64().unwrap(), 11.0);
    let on = js_sys::Array::from(&get(10, "on"));
    assert_eq!(on.length(), 1);
    assert_eq!(on.get(0).as_string().unwrap(), "forest floor");
    // Each object's palette, by role, its body the legend's swatch colour.
    for i in 8..12 {
        let palette = get(i, "palette");
        let body = js_sys::Reflect::get(&palette, &"body".into()).unwrap();
        assert_eq!(
            js_sys::Array::from(&body).to_vec(),
            js_sys::Array::from(&get(i, "rgb")).to_vec()
        );
        assert!(js_sys::Reflect::has(&palette, &"shadow".into()).unwrap());
    }
}

#[wasm_bindgen_test]
fn bad_seeds_are_refused_with_a_message() {
    for bad in [1e12, -2147483646.0, 1.5, f64::NAN] {
        let m = message(WorldPainter::new(bad));
        assert!(!m.is_empty(), "seed {bad}");
    }
    let m = message(WorldPainter::new(1e12));
    assert!(m.to_lowercase().contains("seed"), "{m}");
}

#[wasm_bindgen_test]
fn another_seed_paints_another_world() {
    let a = world_123456().rgba_rows(0.0, 480.0).to_vec();
    let b = paint(7.0).rgba_rows(0.0, 480.0).to_vec();
    assert_ne!(a, b);
}
