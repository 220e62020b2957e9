//! The world painter in slices: whatever the step sizes, the world it finishes is
//! `paint_world`'s, byte for byte (pixels, layers, terrain and PNG file). The page paints the
//! island this way across animation frames, and its Download PNG must stay the CLI's file.

use poisson_live::rng::STUCK_SEED;
use poisson_live::world::{paint_world, Terrain, World, WorldPainter};
use poisson_live::{Job, Point};

mod job_check;
use job_check::{assert_zero_budget_does_nothing, run_in_slices, UNEVEN};

/// Uneven step sizes, 1 included, cycled: slices that end mid-row, mid-layer and mid-object.
const SIZES: [u64; 9] = [1, 7, 1, 250, 3, 40, 1, 1000, 13];

/// The stages in order, as `WorldPainter::stage` names them.
const STAGES: [&str; 7] = [
    "shaping the terrain",
    "painting the ground",
    "placing chests",
    "placing rocks",
    "placing trees",
    "placing flowers",
    "stamping objects",
];

fn bits(points: &[Point]) -> Vec<[u64; 3]> {
    points
        .iter()
        .map(|p| [p.x.to_bits(), p.y.to_bits(), p.r.to_bits()])
        .collect()
}

/// Every part of two worlds agrees bit for bit.
fn assert_same(sliced: &World, whole: &World, what: &str) {
    assert_eq!(sliced.seed, whole.seed, "{what}: seed");
    assert_eq!(
        (sliced.width, sliced.height),
        (whole.width, whole.height),
        "{what}: size"
    );
    if let Some(i) = (0..whole.rgb.len()).find(|&i| sliced.rgb.get(i) != whole.rgb.get(i)) {
        let p = i / 3;
        panic!(
            "{what}: pixel ({}, {}) differs",
            p % whole.width,
            p / whole.width
        );
    }
    assert_eq!(sliced.rgb.len(), whole.rgb.len(), "{what}: picture size");
    for (n, (a, b)) in sliced.layers().iter().zip(whole.layers()).enumerate() {
        assert_eq!(bits(a), bits(b), "{what}: layer {n}");
    }
    for y in (0..whole.height).step_by(37) {
        for x in (0..whole.width).step_by(41) {
            let (x, y) = (x as f64 + 0.25, y as f64 + 0.75);
            let (s, w) = (&sliced.terrain, &whole.terrain);
            assert_eq!(
                s.elevation(x, y).to_bits(),
                w.elevation(x, y).to_bits(),
                "{what}: elevation at ({x}, {y})"
            );
            assert_eq!(
                s.moisture(x, y).to_bits(),
                w.moisture(x, y).to_bits(),
                "{what}: moisture at ({x}, {y})"
            );
        }
    }
    assert!(
        sliced.to_png().unwrap() == whole.to_png().unwrap(),
        "{what}: PNG bytes differ"
    );
}

#[test]
fn sliced_painting_gives_the_one_call_world_byte_for_byte() {
    for (n, seed) in [123456, 1, -7, 2147483646, i32::MIN]
        .into_iter()
        .enumerate()
    {
        let whole = paint_world(seed).unwrap();
        let mut painter = WorldPainter::new(seed).unwrap();
        assert_eq!(painter.seed(), seed);
        let mut progress = painter.progress();
        assert_eq!(progress, 0.0);
        let mut stages = vec![painter.stage()];
        let mut calls = 0;
        // Each seed starts at a different place in the cycle of sizes.
        while !painter.step(SIZES[(calls + 2 * n) % SIZES.len()]).unwrap() {
            calls += 1;
            let now = painter.progress();
            assert!(
                (progress..1.0).contains(&now),
                "seed {seed}: progress went from {progress} to {now}"
            );
            progress = now;
            if stages.last() != Some(&painter.stage()) {
                stages.push(painter.stage());
            }
        }
        assert!(calls > 100, "seed {seed}: only {calls} slices");
        assert!(painter.is_finished());
        assert_eq!(painter.progress(), 1.0);
        // A big slice can pass a whole stage (the chests take a few dozen units); the stages
        // seen still come in order.
        let seen: Vec<usize> = stages
            .iter()
            .map(|s| STAGES.iter().position(|t| t == s).expect("a known stage"))
            .collect();
        assert!(
            seen.windows(2).all(|w| w[0] < w[1]),
            "seed {seed}: {stages:?}"
        );
        assert_eq!(stages.last(), STAGES.last(), "seed {seed}");
        // Stepping a finished painter does nothing more.
        assert!(painter.step(1).unwrap());
        assert_same(&painter.finish().unwrap(), &whole, &format!("seed {seed}"));
    }
}

#[test]
fn finish_paints_what_the_slices_left() {
    let whole = paint_world(42).unwrap();
    // Cut in the terrain, among the flowers and among the stamps.
    for first in [0, 700, 12_000, 17_000] {
        let mut painter = WorldPainter::new(42).unwrap();
        let before = painter.progress();
        assert!(!painter.step(first).unwrap());
        if first == 0 {
            assert_eq!(painter.progress(), before, "a zero budget does nothing");
        }
        assert_same(
            &painter.finish().unwrap(),
            &whole,
            &format!("finish after {first}"),
        );
    }
}

#[test]
fn a_budget_is_bounded_work() {
    // Steps of 1 unit: every call does exactly one piece, so the slices are many and small.
    let mut small = WorldPainter::new(5).unwrap();
    let mut calls = 0u64;
    let mut stages = vec![small.stage()];
    while !small.step(1).unwrap() {
        calls += 1;
        if stages.last() != Some(&small.stage()) {
            stages.push(small.stage());
        }
    }
    assert_eq!(stages, STAGES, "one-unit slices see every stage, in order");
    assert_eq!(small.stage(), "done");
    // Steps of 2000 units: far fewer calls for the same world.
    let mut big = WorldPainter::new(5).unwrap();
    let mut big_calls = 0u64;
    while !big.step(2000).unwrap() {
        big_calls += 1;
    }
    assert!(calls > 5000, "{calls} one-unit slices");
    assert!(
        big_calls * 20 < calls && big_calls > 5,
        "{big_calls} slices of 2000 units against {calls} of 1"
    );
}

#[test]
fn the_painter_refuses_what_paint_world_refuses() {
    let painter = WorldPainter::new(STUCK_SEED).unwrap_err().to_string();
    let one_call = paint_world(STUCK_SEED).unwrap_err().to_string();
    assert_eq!(painter, one_call);
    assert_eq!(painter, Terrain::new(STUCK_SEED).unwrap_err().to_string());
}

#[test]
fn the_painter_in_uneven_slices_keeps_the_job_protocol_and_equals_the_one_call_world() {
    let whole = paint_world(31).unwrap();
    let mut painter = WorldPainter::new(31).unwrap();
    assert_zero_budget_does_nothing(&mut painter);
    let (world, calls) = run_in_slices(painter, &UNEVEN);
    assert!(calls > 100, "{calls} slices");
    assert_same(&world, &whole, "uneven slices");
}
