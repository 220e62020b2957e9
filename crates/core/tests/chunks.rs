//! Endless worlds: a chunk's points depend only on the seed and its coordinates, and the
//! spacing holds across every chunk border.

use poisson_live::chunks::{points_digest, ChunkedWorld};
use poisson_live::rng::ParkMiller;
use poisson_live::Point;
use std::collections::HashMap;

const SIZE: f64 = 96.0;
const RADIUS: f64 = 11.0;

fn world() -> ChunkedWorld {
    ChunkedWorld::new(SIZE, RADIUS, 30, 123456).unwrap()
}

fn block() -> Vec<(i32, i32)> {
    (-2..2)
        .flat_map(|cy| (-2..2).map(move |cx| (cx, cy)))
        .collect()
}

fn visit(w: &mut ChunkedWorld, order: &[(i32, i32)]) -> HashMap<(i32, i32), Vec<Point>> {
    order
        .iter()
        .map(|&c| (c, w.chunk(c.0, c.1).to_vec()))
        .collect()
}

/// A Fisher–Yates shuffle driven by the crate's own generator, so the test is reproducible.
fn shuffled(v: &[(i32, i32)], seed: i32) -> Vec<(i32, i32)> {
    let mut v = v.to_vec();
    let mut g = ParkMiller::new(seed).unwrap();
    for i in (1..v.len()).rev() {
        let j = (g.next_f64() * (i + 1) as f64) as usize;
        v.swap(i, j);
    }
    v
}

#[test]
fn any_visit_order_gives_the_same_chunks() {
    let order = block();
    let reference = visit(&mut world(), &order);

    let reversed: Vec<_> = order.iter().rev().copied().collect();
    assert_eq!(visit(&mut world(), &reversed), reference, "reverse order");

    for seed in [1, 2, 3, 99, 12345] {
        let o = shuffled(&order, seed);
        assert_eq!(visit(&mut world(), &o), reference, "shuffle {seed}");
    }

    // Start far away, wander, then come back.
    let mut w = world();
    for c in [(40, -13), (-7, 900), (3, 3)] {
        w.chunk(c.0, c.1);
    }
    assert_eq!(
        visit(&mut w, &shuffled(&order, 7)),
        reference,
        "after a detour"
    );
}

#[test]
fn forgetting_chunks_never_changes_them() {
    let order = block();
    let reference = visit(&mut world(), &order);

    // A cache of one chunk: everything is generated again, over and over.
    let mut tiny = world().with_capacity(1);
    let got = visit(&mut tiny, &shuffled(&order, 11));
    assert_eq!(got, reference);
    assert!(tiny.cached() <= 1);

    // Clear the cache between every visit, in yet another order.
    let mut w = world();
    let mut got = HashMap::new();
    for c in shuffled(&order, 5) {
        w.clear_cache();
        got.insert(c, w.chunk(c.0, c.1).to_vec());
        // Wander off so eviction happens in between.
        w.chunk(c.0 + 50, c.1 - 50);
    }
    assert_eq!(got, reference);
    assert!(w.generated() > 2 * order.len() as u64);
}

#[test]
fn no_seams_in_a_four_by_four_block() {
    for seed in [123456, 1, -77] {
        let mut w = ChunkedWorld::new(SIZE, RADIUS, 30, seed).unwrap();
        let mut all: Vec<(Point, (i32, i32))> = Vec::new();
        for c in shuffled(&block(), seed) {
            all.extend(w.chunk(c.0, c.1).iter().map(|&p| (p, c)));
        }
        let mut across = 0;
        for i in 0..all.len() {
            for j in i + 1..all.len() {
                let ((a, ca), (b, cb)) = (all[i], all[j]);
                let (dx, dy) = (a.x - b.x, a.y - b.y);
                let d = (dx * dx + dy * dy).sqrt();
                assert!(
                    d >= RADIUS,
                    "seed {seed}: {a:?} in {ca:?} and {b:?} in {cb:?} are {d} apart"
                );
                if ca != cb && d < 2.0 * RADIUS {
                    across += 1;
                }
            }
        }
        // Neighbours across borders are as close as inside a chunk: the borders are filled.
        assert!(
            across > 100,
            "seed {seed}: only {across} close pairs across borders"
        );
    }
}

#[test]
fn points_lie_in_their_chunk_and_fill_it() {
    let mut w = world();
    for (cx, cy) in block().into_iter().chain([(1000, -1000), (-123456, 77)]) {
        let (left, top, right, bottom) = w.bounds(cx, cy);
        let pts = w.chunk(cx, cy).to_vec();
        for p in &pts {
            assert!(
                p.x >= left && p.x < right && p.y >= top && p.y < bottom,
                "{p:?} outside ({cx}, {cy})"
            );
            assert_eq!(p.r, RADIUS);
            assert_eq!(w.chunk_of(p.x, p.y), (cx, cy));
        }
        // About as dense as one Bridson map: area / (≈1.7 r²).
        let expected = SIZE * SIZE / (1.7 * RADIUS * RADIUS);
        assert!(
            pts.len() as f64 > 0.7 * expected,
            "({cx}, {cy}): {} points",
            pts.len()
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_world_and_another_seed_another() {
    let a = visit(&mut world(), &block());
    let b = visit(&mut world(), &block());
    assert_eq!(a, b);
    let mut other = ChunkedWorld::new(SIZE, RADIUS, 30, 123457).unwrap();
    assert_ne!(other.chunk(0, 0), &a[&(0, 0)][..]);
    // A pinned digest: the same points in every build, on every run.
    // A change here means every saved world moves: only on purpose.
    assert_eq!(points_digest(&a[&(0, 0)]), 0x01d6_6c9e_a9cb_3c2f);
    assert_eq!(a[&(0, 0)].len(), 54);
}

#[test]
fn points_in_a_view_come_from_the_chunks() {
    let mut w = world();
    let view = w.points_in(-150.0, -80.0, 300.0, 170.0);
    let mut expected = Vec::new();
    for cy in -1..=0 {
        for cx in -2..=1 {
            expected.extend(
                w.chunk(cx, cy)
                    .iter()
                    .filter(|p| p.x >= -150.0 && p.x < 150.0 && p.y >= -80.0 && p.y < 90.0)
                    .copied(),
            );
        }
    }
    assert_eq!(view, expected);
    assert!(w.points_in(0.0, 0.0, 0.0, 10.0).is_empty());
}

/// Builds a view a chunk per call, as the page does across frames; returns the calls made.
fn step_until_ready(w: &mut ChunkedWorld, view: (f64, f64, f64, f64)) -> u64 {
    let (x, y, width, height) = view;
    let mut calls = 0;
    while let Some(built) = w.generate_next(x, y, width, height) {
        calls += 1;
        assert!(w.is_cached(built.0, built.1));
        assert!(calls < 10_000, "generate_next never finished");
    }
    calls
}

#[test]
fn a_view_built_a_chunk_per_call_equals_the_one_call_view() {
    let views = [
        (-360.0, -200.0, 720.0, 400.0),
        (1234.5, -987.25, 300.0, 170.0),
        (0.0, 0.0, 96.0, 96.0),
        (-5000.0, 7000.0, 1.0, 500.0),
    ];
    for (size, radius, seed) in [
        (SIZE, RADIUS, 123456),
        (120.0, 6.0, 1),
        (120.0, 40.0, -77),
        (64.0, 9.5, 99),
    ] {
        for view in views {
            let (x, y, width, height) = view;
            let mut whole = ChunkedWorld::new(size, radius, 30, seed).unwrap();
            let expected = whole.points_in(x, y, width, height);

            let mut stepped = ChunkedWorld::new(size, radius, 30, seed).unwrap();
            let missing = stepped.missing_in(x, y, width, height);
            assert_eq!(
                missing as u64,
                whole.generated(),
                "{view:?}: missing before any step"
            );
            let mut left = missing;
            while stepped.generate_next(x, y, width, height).is_some() {
                // One call, one chunk sampled, one fewer missing.
                left -= 1;
                assert_eq!(stepped.generated(), (missing - left) as u64);
                assert_eq!(stepped.missing_in(x, y, width, height), left);
            }
            assert_eq!(left, 0);
            let got = stepped.points_in(x, y, width, height);
            assert_eq!(
                stepped.generated(),
                whole.generated(),
                "{view:?}: points_in sampled more"
            );
            assert_eq!(got.len(), expected.len());
            for (a, b) in got.iter().zip(&expected) {
                assert_eq!(
                    (a.x.to_bits(), a.y.to_bits(), a.r.to_bits()),
                    (b.x.to_bits(), b.y.to_bits(), b.r.to_bits())
                );
            }
            assert_eq!(stepped.cached(), whole.cached());
        }
    }
}

#[test]
fn a_view_moved_while_it_is_built_ends_with_the_one_call_points() {
    // A drag: the view moves after an uneven number of steps each time (1 included), then
    // settles; the cache is small, so chunks are forgotten on the way.
    for (seed, capacity) in [(123456, 96), (5, 1), (-2, 20)] {
        let mut w = ChunkedWorld::new(120.0, 8.0, 30, seed)
            .unwrap()
            .with_capacity(capacity);
        let slices = [1, 3, 1, 7, 2, 1, 11, 4];
        let mut x = -360.0;
        for (i, &n) in slices.iter().cycle().take(40).enumerate() {
            for _ in 0..n {
                w.generate_next(x, -200.0, 720.0, 400.0);
            }
            x += if i < 30 { 97.0 } else { -311.0 };
        }
        let before = w.generated();
        let calls = step_until_ready(&mut w, (x, -200.0, 720.0, 400.0));
        assert_eq!(w.generated(), before + calls);
        let got = w.points_in(x, -200.0, 720.0, 400.0);
        assert_eq!(
            w.generated(),
            before + calls,
            "nothing the view needs was forgotten"
        );
        let expected = ChunkedWorld::new(120.0, 8.0, 30, seed)
            .unwrap()
            .points_in(x, -200.0, 720.0, 400.0);
        assert_eq!(got, expected, "seed {seed}, capacity {capacity}");
    }
}

#[test]
fn building_a_chunk_per_call_keeps_the_cache_bounded_and_never_rebuilds() {
    // A cache of one chunk: only what the view needs is kept while it is built.
    let view = (-360.0, -200.0, 720.0, 400.0);
    let mut w = world().with_capacity(1);
    let needed = w.missing_in(view.0, view.1, view.2, view.3);
    let calls = step_until_ready(&mut w, view);
    assert_eq!(
        calls as usize, needed,
        "a chunk the view needed was forgotten and built again"
    );
    // Now far away: the old view's chunks go as the new one is built.
    let far = (90_000.0, -40_000.0, 720.0, 400.0);
    let needed = w.missing_in(far.0, far.1, far.2, far.3);
    let calls = step_until_ready(&mut w, far);
    assert_eq!(calls as usize, needed);
    assert!(
        w.cached() <= needed,
        "{} cached, {needed} needed",
        w.cached()
    );
    assert!(w.cached_chunk(0, 0).is_none());
}

#[test]
fn phase_zero_chunks_come_first_and_a_ready_view_builds_nothing() {
    let mut w = world();
    let view = (-200.0, -150.0, 400.0, 300.0);
    let first = w.generate_next(view.0, view.1, view.2, view.3).unwrap();
    assert_eq!(poisson_live::chunks::phase(first.0, first.1), 0);
    assert_eq!(
        w.cached_chunk(first.0, first.1).unwrap(),
        w.clone().chunk(first.0, first.1)
    );
    assert!(
        w.cached_chunk(first.0 + 1, first.1).is_none(),
        "peeking never builds"
    );
    step_until_ready(&mut w, view);
    let generated = w.generated();
    assert_eq!(w.generate_next(view.0, view.1, view.2, view.3), None);
    assert_eq!(w.missing_in(view.0, view.1, view.2, view.3), 0);
    assert_eq!(w.generated(), generated);
    // Empty or broken rectangles need nothing.
    assert_eq!(w.generate_next(f64::NAN, 0.0, 10.0, 10.0), None);
    assert_eq!(w.generate_next(0.0, 0.0, 0.0, 10.0), None);
    assert_eq!(w.missing_in(0.0, f64::INFINITY, 10.0, 10.0), 0);
}
