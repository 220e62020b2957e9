//! The painted world and the density field: a golden image, determinism, ground rules, spacing.
//!
//! The golden image `golden_world_123456.png` pins every pixel of `paint_world(123456)`. After a
//! deliberate change to the terrain, the objects or the palette, regenerate it with
//! `POISSON_UPDATE_GOLDEN=1 cargo test -p poisson-live --test world` and look at it before
//! committing.

use poisson_live::density::{DensityField, ForestJob, RadiusRaster};
use poisson_live::layers::overlaps;
use poisson_live::paint::encode_png;
use poisson_live::world::{paint_world, Ground, Object, Terrain, WORLD_HEIGHT, WORLD_WIDTH};
use poisson_live::Job;
use poisson_live::SamplerParams;
use poisson_live::{Error, Point};
use std::path::PathBuf;

mod common;
use common::assert_spaced;

fn golden_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden_world_123456.png")
}

/// Decodes an 8-bit RGB PNG into `(width, height, bytes)`.
fn decode_png(bytes: &[u8]) -> (usize, usize, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a sane size")];
    let info = reader.next_frame(&mut buf).expect("PNG pixels");
    assert_eq!(info.color_type, png::ColorType::Rgb, "colour type");
    assert_eq!(info.bit_depth, png::BitDepth::Eight, "bit depth");
    buf.truncate(info.buffer_size());
    (info.width as usize, info.height as usize, buf)
}

/// Guards against any change in the painted pixels: a new noise crate version, a different
/// float result on some platform, or an accidental change to the palette or the layers.
#[test]
fn world_123456_matches_the_golden_png() {
    let world = paint_world(123456).unwrap();
    assert_eq!((world.width, world.height), (WORLD_WIDTH, WORLD_HEIGHT));
    if std::env::var("POISSON_UPDATE_GOLDEN").as_deref() == Ok("1") {
        std::fs::write(golden_path(), world.to_png().unwrap()).unwrap();
        eprintln!("rewrote {}", golden_path().display());
        return;
    }
    let bytes = std::fs::read(golden_path()).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; set POISSON_UPDATE_GOLDEN=1 to create it",
            golden_path().display()
        )
    });
    let (w, h, golden) = decode_png(&bytes);
    assert_eq!((w, h), (world.width, world.height), "golden image size");
    if let Some(i) = (0..golden.len()).find(|&i| golden[i] != world.rgb[i]) {
        let p = i / 3;
        let at = 3 * p;
        panic!(
            "first differing pixel ({}, {}): painted {:?}, golden {:?}; {} of {} bytes differ \
             (POISSON_UPDATE_GOLDEN=1 rewrites the golden image after a deliberate change)",
            p % w,
            p / w,
            &world.rgb[at..at + 3],
            &golden[at..at + 3],
            golden
                .iter()
                .zip(&world.rgb)
                .filter(|(a, b)| a != b)
                .count(),
            golden.len()
        );
    }
    assert_eq!(world.rgb, golden);
}

#[test]
fn same_seed_same_bytes_different_seed_different_world() {
    let a = paint_world(42).unwrap();
    let b = paint_world(42).unwrap();
    assert!(a.rgb == b.rgb, "same seed painted different bytes");
    assert_eq!(a.layers(), b.layers());
    let c = paint_world(43).unwrap();
    let differ = a.rgb.iter().zip(&c.rgb).filter(|(x, y)| x != y).count();
    assert!(
        differ > a.rgb.len() / 4,
        "seeds 42 and 43 differ in only {differ} bytes"
    );
}

#[test]
fn the_stuck_seed_is_refused() {
    let stuck = poisson_live::rng::STUCK_SEED;
    assert!(matches!(paint_world(stuck), Err(Error::BadSeed { .. })));
    assert!(matches!(Terrain::new(stuck), Err(Error::BadSeed { .. })));
    // Its neighbours and the extremes are fine.
    for seed in [stuck + 1, i32::MIN, i32::MAX, 0, -1] {
        assert!(Terrain::new(seed).is_ok(), "seed {seed}");
    }
}

fn assert_world_rules(seed: i32) {
    let world = paint_world(seed).unwrap();
    let t = &world.terrain;
    for (object, points) in Object::ALL.iter().zip(world.layers()) {
        for p in points {
            let g = t.ground(p.x, p.y);
            assert!(
                object.allowed_on(g),
                "seed {seed}: {} at ({}, {}) on {}",
                object.name(),
                p.x,
                p.y,
                g.name()
            );
            assert_eq!(p.r, object.spacing());
            assert!(
                p.x >= 0.0 && p.y >= 0.0 && p.x < world.width as f64 && p.y < world.height as f64
            );
        }
    }
    assert!(world
        .trees
        .iter()
        .all(|p| t.ground(p.x, p.y) == Ground::Forest));
    assert!(world
        .flowers
        .iter()
        .all(|p| t.ground(p.x, p.y) == Ground::Meadow));
    assert!(world
        .chests
        .iter()
        .chain(&world.rocks)
        .all(|p| t.ground(p.x, p.y).is_land()));
    // A world worth painting: every layer shows up.
    assert!(
        !world.chests.is_empty() && world.rocks.len() > 10,
        "seed {seed}: {world:?}"
    );
    assert!(
        world.trees.len() > 100 && world.flowers.len() > 100,
        "seed {seed}: {world:?}"
    );

    let layers: Vec<Vec<Point>> = world.layers().iter().map(|l| l.to_vec()).collect();
    assert_eq!(
        overlaps(&layers),
        vec![],
        "seed {seed}: layers overlap on the shared grid"
    );
    let all: Vec<Point> = layers.concat();
    assert_spaced(&all);
}

#[test]
fn objects_keep_their_ground_and_their_distance() {
    for seed in [123456, 1, -77, i32::MAX] {
        assert_world_rules(seed);
    }
}

#[test]
fn legend_names_and_colours_are_distinct() {
    let names: std::collections::HashSet<_> = Ground::ALL.iter().map(|g| g.name()).collect();
    assert_eq!(names.len(), Ground::ALL.len());
    let colours: std::collections::HashSet<_> = Ground::ALL.iter().map(|g| g.rgb()).collect();
    assert_eq!(colours.len(), Ground::ALL.len());
    assert_eq!(Object::ALL.map(Object::spacing), [140.0, 34.0, 11.0, 6.0]);
}

#[test]
fn every_ground_appears_on_the_default_world() {
    let t = Terrain::new(123456).unwrap();
    let mut seen = std::collections::HashSet::new();
    for y in 0..WORLD_HEIGHT {
        for x in 0..WORLD_WIDTH {
            seen.insert(t.ground(x as f64 + 0.5, y as f64 + 0.5));
        }
    }
    for g in Ground::ALL {
        assert!(seen.contains(&g), "no {} on world 123456", g.name());
    }
}

#[test]
fn density_field_values_and_radii_stay_in_range() {
    let f = DensityField::new(123456, 9.0, 36.0, 5.0).unwrap();
    let (mut lo, mut hi) = (0usize, 0usize);
    for j in 0..100 {
        for i in 0..180 {
            let (x, y) = (f64::from(i) * 4.0, f64::from(j) * 4.0);
            let d = f.density(x, y);
            assert!((0.0..=1.0).contains(&d), "density {d} at ({x}, {y})");
            let r = f.radius_at(x, y);
            assert!((9.0..=36.0).contains(&r), "radius {r} at ({x}, {y})");
            lo += usize::from(d < 0.1);
            hi += usize::from(d > 0.9);
        }
    }
    // Contrast: clear patches of both, not an even grey.
    assert!(lo > 1800 && hi > 1800, "open {lo}, dense {hi} of 18000");
    // Off-map and negative coordinates are still in range.
    assert!((0.0..=1.0).contains(&f.density(-1e6, 3e6)));
    assert_eq!(f.density_map(3, 2, 10.0).len(), 6);
    assert_eq!(f.density_map(3, 2, 10.0)[4], f.density(15.0, 15.0));
}

#[test]
fn density_field_validation() {
    let order = DensityField::new(1, 36.0, 9.0, 5.0).unwrap_err();
    assert_eq!(
        order,
        Error::RadiusOrder {
            min: 36.0,
            max: 9.0
        }
    );
    for (min, max, patch) in [
        (f64::NAN, 36.0, 5.0),
        (9.0, f64::NAN, 5.0),
        (9.0, 36.0, f64::NAN),
    ] {
        assert!(matches!(
            DensityField::new(1, min, max, patch),
            Err(Error::NotPositive { .. })
        ));
    }
    for (min, max, patch) in [
        (0.0, 36.0, 5.0),
        (9.0, 36.0, 0.0),
        (-1.0, 36.0, 5.0),
        (9.0, f64::INFINITY, 5.0),
    ] {
        assert!(matches!(
            DensityField::new(1, min, max, patch),
            Err(Error::NotPositive { .. })
        ));
    }
    let msg = DensityField::new(1, 9.0, 36.0, 0.0)
        .unwrap_err()
        .to_string();
    assert!(msg.contains("patch size"), "{msg}");
    assert!(DensityField::new(poisson_live::rng::STUCK_SEED, 9.0, 36.0, 5.0).is_err());
    // Equal radii are valid: an even forest.
    let even = DensityField::new(1, 20.0, 20.0, 5.0).unwrap();
    assert_eq!(even.radius_at(3.0, 4.0), 20.0);
    let f = DensityField::new(1, 9.0, 36.0, 5.0).unwrap();
    assert!(f.sampler(720.0, 400.0, 0, 1).is_err());
    assert!(f.sampler(0.0, 400.0, 30, 1).is_err());
}

/// The density lab's default forest (720 × 400, radii 9 to 36, patch size 5) from `seed`, in one
/// call.
fn forest(seed: i32) -> Vec<Point> {
    let map = SamplerParams {
        width: 720.0,
        height: 400.0,
        radius: 9.0,
        k: 30,
        seed,
    };
    poisson_live::density_forest(map, 36.0, 5.0).unwrap()
}

/// The density lab's forest, grown in slices, is the one-call forest, and its field is the one
/// it was given: what the lab draws (trees, overlay, radii) all comes from it.
#[test]
fn a_forest_in_slices_is_the_one_call_forest() {
    let whole = forest(123456);
    let field = DensityField::new(123456, 9.0, 36.0, 5.0).unwrap();
    let mut job = ForestJob::new(field.clone(), 720.0, 400.0, 30, 123456).unwrap();
    assert_eq!(job.sampler().points().len(), 1, "the first tree is placed");
    assert_eq!(job.field().radius_at(5.0, 6.0), field.radius_at(5.0, 6.0));
    let mut calls = 0;
    while !job.run(40).unwrap() {
        calls += 1;
    }
    assert!(calls > 3, "{calls} slices");
    assert_eq!(job.sampler().points(), &whole[..]);
    assert_eq!(job.take(), Some(whole));
    // The sampler's checks, after the field's.
    assert!(ForestJob::new(field.clone(), 0.0, 400.0, 30, 1).is_err());
    assert!(ForestJob::new(field, 720.0, 400.0, 0, 1).is_err());
}

/// A radius field given as an array (Python's `variable_radius`): one radius per cell, the
/// edges clamped to the outer cells, and bad shapes or numbers refused before any sampling.
#[test]
fn a_radius_raster_reads_one_radius_per_cell() {
    let raster = RadiusRaster::new(vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [2, 3], 30.0, 20.0).unwrap();
    for (x, y, r) in [
        (0.0, 0.0, 1.0),
        (9.9, 9.9, 1.0),
        (10.0, 0.0, 2.0),
        (29.9, 0.0, 3.0),
        (0.0, 10.0, 4.0),
        (30.0, 20.0, 6.0),
        (-5.0, -5.0, 1.0),
        (1e9, 1e9, 6.0),
    ] {
        assert_eq!(raster.at(x, y), r, "at ({x}, {y})");
    }
    let message = |r: poisson_live::Result<RadiusRaster>| r.unwrap_err().to_string();
    assert_eq!(
        message(RadiusRaster::new(vec![], [0, 3], 1.0, 1.0)),
        "the radius field must have at least one row and one column, got shape (0, 3)"
    );
    let huge = RadiusRaster::cells([1 << 20, 1 << 20])
        .unwrap_err()
        .to_string();
    assert!(huge.starts_with("the radius field has shape (1048576, 1048576), more than"));
    assert!(RadiusRaster::cells([usize::MAX, 2]).is_err(), "no overflow");
    assert_eq!(
        message(RadiusRaster::new(vec![1.0, f64::NAN], [1, 2], 1.0, 1.0)),
        "the radius field must hold finite numbers, got NaN"
    );
    assert!(RadiusRaster::new(vec![1.0], [1, 2], 1.0, 1.0).is_err());
}

#[test]
fn density_forest_keeps_the_smaller_radius_and_varies() {
    let f = DensityField::new(123456, 9.0, 36.0, 5.0).unwrap();
    let mut s = f.sampler(720.0, 400.0, 30, 123456).unwrap();
    s.start_random();
    s.finish();
    let points = s.points().to_vec();
    assert_eq!(points, forest(123456));
    assert_spaced(&points);
    for p in &points {
        assert_eq!(p.r, f.radius_at(p.x, p.y).max(9.0));
    }
    let dense = points.iter().filter(|p| p.r < 14.0).count();
    let open = points.iter().filter(|p| p.r > 30.0).count();
    assert!(
        dense > 200 && open > 20,
        "dense {dense}, open {open} of {}",
        points.len()
    );
    // Same seed, same forest; another seed, another one.
    assert_eq!(points, forest(123456));
    assert_ne!(points, forest(123457));
}

#[test]
fn encode_png_round_trips() {
    let (w, h) = (7, 3);
    let rgb: Vec<u8> = (0..w * h * 3).map(|i| (i * 37 % 256) as u8).collect();
    let png = encode_png(w, h, &rgb).unwrap();
    let (dw, dh, back) = decode_png(&png);
    assert_eq!((dw, dh), (w, h));
    assert_eq!(back, rgb);
    assert!(encode_png(0, 3, &[]).is_err());
    assert!(encode_png(2, 2, &[0; 11]).is_err());
    assert!(encode_png(2, 2, &[0; 13]).is_err());
    let world = paint_world(5).unwrap();
    let (ww, wh, pixels) = decode_png(&world.to_png().unwrap());
    assert_eq!((ww, wh), (WORLD_WIDTH, WORLD_HEIGHT));
    assert!(pixels == world.rgb);
}

/// Not a test: paints a world and a density forest for a person to look at, and times the world.
/// `cargo test --release -p poisson-live --test world -- --ignored --nocapture preview`
#[test]
#[ignore = "writes preview images to the temp directory and prints timings"]
fn preview() {
    let seed = std::env::var("POISSON_PREVIEW_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(123456);
    let start = std::time::Instant::now();
    let world = paint_world(seed).unwrap();
    let painted = start.elapsed();
    let mut best = painted;
    for _ in 0..5 {
        let t = std::time::Instant::now();
        std::hint::black_box(paint_world(seed).unwrap());
        best = best.min(t.elapsed());
    }
    // CPU time of this thread (Linux), which a busy machine inflates less than wall time.
    let cpu_ns = || -> Option<u64> {
        std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()?
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    };
    if let Some(c0) = cpu_ns() {
        for _ in 0..10 {
            std::hint::black_box(paint_world(seed).unwrap());
        }
        let per = (cpu_ns().unwrap() - c0) as f64 / 10.0 / 1e6;
        eprintln!("paint_world({seed}): {per:.1} ms of CPU time per world (mean of 10)");
    }
    let t = std::time::Instant::now();
    let png = world.to_png().unwrap();
    let encoded = t.elapsed();
    eprintln!("paint_world({seed}): first {painted:?}, best of 6 {best:?}; PNG {encoded:?}, {} bytes; {world:?}", png.len());
    let t = std::time::Instant::now();
    let terrain = Terrain::new(seed).unwrap();
    let built = t.elapsed();
    let t = std::time::Instant::now();
    std::hint::black_box(terrain.paint());
    eprintln!("terrain: fields {built:?}, paint {:?}", t.elapsed());
    let dir = std::env::temp_dir();
    std::fs::write(dir.join("world.png"), &png).unwrap();
    // A 4× loupe on a 220 × 120 corner chosen by POISSON_PREVIEW_AT="x,y".
    let at = std::env::var("POISSON_PREVIEW_AT").unwrap_or_else(|_| "300,180".into());
    let (ax, ay): (usize, usize) = at
        .split_once(',')
        .map(|(a, b)| (a.parse().unwrap(), b.parse().unwrap()))
        .unwrap();
    let (zw, zh) = (220usize, 120usize);
    let mut zoom = vec![0u8; zw * zh * 48];
    for y in 0..zh * 4 {
        for x in 0..zw * 4 {
            let src = 3
                * ((ay + y / 4).min(WORLD_HEIGHT - 1) * WORLD_WIDTH
                    + (ax + x / 4).min(WORLD_WIDTH - 1));
            let dst = 3 * (y * zw * 4 + x);
            zoom[dst..dst + 3].copy_from_slice(&world.rgb[src..src + 3]);
        }
    }
    std::fs::write(
        dir.join("world_zoom.png"),
        encode_png(zw * 4, zh * 4, &zoom).unwrap(),
    )
    .unwrap();

    // The density lab: density map in grey-green, trees as circles at their own radius.
    let (w, h) = (720usize, 400usize);
    let f = DensityField::new(seed, 9.0, 36.0, 5.0).unwrap();
    let mut rgb = vec![0u8; w * h * 3];
    let map = f.density_map(w, h, 1.0);
    for (i, d) in map.iter().enumerate() {
        let c = [236.0 - 90.0 * d, 226.0 - 40.0 * d, 170.0 - 60.0 * d];
        rgb[3 * i..3 * i + 3].copy_from_slice(&c.map(|v| v as u8));
    }
    let trees = poisson_live::density_forest(
        SamplerParams {
            width: w as f64,
            height: h as f64,
            radius: 9.0,
            k: 30,
            seed,
        },
        36.0,
        5.0,
    )
    .unwrap();
    for p in &trees {
        let crown = Point { r: p.r / 2.0, ..*p };
        poisson_live::paint::stamp_circle(&mut rgb, w, h, crown, [30, 90, 40], 0.9);
    }
    std::fs::write(dir.join("density.png"), encode_png(w, h, &rgb).unwrap()).unwrap();
    eprintln!("density forest: {} trees", trees.len());
}
