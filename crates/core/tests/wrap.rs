//! Tileable sets: the minimum distance holds on the torus, and therefore across every seam when
//! the set is tiled.

use poisson_live::wrap::{
    poisson_disk_wrapped, seam_conflicts, torus_distance2, wrap_audit, TileSet,
};
use poisson_live::SamplerParams;
use poisson_live::{poisson_disk, Point};

/// The tileable set of a `w × h` map at spacing `r` with `k` tries from `seed`.
fn wrapped(w: f64, h: f64, r: f64, k: u32, seed: i32) -> poisson_live::Result<Vec<Point>> {
    poisson_disk_wrapped(SamplerParams {
        width: w,
        height: h,
        radius: r,
        k,
        seed,
    })
}

/// The closest toroidal pair, the slow and obvious way.
fn brute_min_torus(points: &[Point], w: f64, h: f64) -> (usize, usize, f64) {
    let mut best = (0, 0, f64::INFINITY);
    for i in 0..points.len() {
        for j in i + 1..points.len() {
            let (a, b) = (&points[i], &points[j]);
            let d2 = torus_distance2([a.x, a.y], [b.x, b.y], [w, h]);
            if d2 < best.2 {
                best = (i, j, d2);
            }
        }
    }
    (best.0, best.1, best.2.sqrt())
}

const CASES: [(f64, f64, f64, i32); 6] = [
    (360.0, 200.0, 20.0, 123456),
    (360.0, 200.0, 9.0, 7),
    (100.0, 100.0, 50.0, 1),
    (41.0, 300.0, 20.0, -5),
    (250.0, 130.0, 13.7, 2_147_483_647),
    (64.0, 64.0, 3.0, 99),
];

#[test]
fn every_pair_keeps_its_distance_on_the_torus() {
    for (w, h, r, seed) in CASES {
        let pts = wrapped(w, h, r, 30, seed).unwrap();
        assert!(pts.len() >= 2, "{w}×{h} r {r}: {} points", pts.len());
        let (_, _, d) = brute_min_torus(&pts, w, h);
        assert!(
            d >= r,
            "{w}×{h} r {r} seed {seed}: closest toroidal pair {d}"
        );
        for p in &pts {
            assert!(
                p.x >= 0.0 && p.x < w && p.y >= 0.0 && p.y < h,
                "{p:?} off the map"
            );
            assert_eq!(p.r, r);
        }
    }
}

/// The promise a game cares about: lay four copies side by side and measure plainly.
#[test]
fn tiling_two_by_two_keeps_the_distance_across_every_seam() {
    for (w, h, r, seed) in CASES {
        let pts = wrapped(w, h, r, 30, seed).unwrap();
        let tiled: Vec<(f64, f64)> = [(0.0, 0.0), (w, 0.0), (0.0, h), (w, h)]
            .iter()
            .flat_map(|&(ox, oy)| pts.iter().map(move |p| (p.x + ox, p.y + oy)))
            .collect();
        let mut closest = f64::INFINITY;
        for i in 0..tiled.len() {
            for j in i + 1..tiled.len() {
                let (dx, dy) = (tiled[i].0 - tiled[j].0, tiled[i].1 - tiled[j].1);
                closest = closest.min((dx * dx + dy * dy).sqrt());
            }
        }
        assert!(closest >= r, "{w}×{h} r {r}: tiled closest pair {closest}");
    }
}

#[test]
fn a_plain_set_breaks_at_the_seams_and_the_audit_sees_it() {
    let (w, h, r) = (360.0, 200.0, 20.0);
    let plain = poisson_disk(w, h, r, 30, 123456).unwrap();
    let conflicts = seam_conflicts(&plain, w, h, r).unwrap();
    assert!(
        !conflicts.is_empty(),
        "plain Bridson should crowd at some seam"
    );
    for c in &conflicts {
        assert!(c.distance < r);
        // Inside the tile plain Bridson keeps its spacing, so every conflict is across a seam.
        assert!(c.crosses_seam(&plain), "{c:?}");
        let (a, b) = (&plain[c.i], &plain[c.j]);
        assert_eq!(
            torus_distance2([a.x, a.y], [b.x, b.y], [w, h]).sqrt(),
            c.distance
        );
    }
    let (i, j, d) = wrap_audit(&plain, w, h).unwrap();
    assert_eq!((i, j, d), brute_min_torus(&plain, w, h));
    assert!(d < r);

    let wrapped = wrapped(w, h, r, 30, 123456).unwrap();
    assert!(seam_conflicts(&wrapped, w, h, r).unwrap().is_empty());
}

#[test]
fn seam_conflicts_match_brute_force() {
    let (w, h, r) = (300.0, 170.0, 15.0);
    let pts: Vec<Point> = poisson_live::random_points(400, w, h, 42)
        .unwrap()
        .into_iter()
        .map(|p| Point { r, ..p })
        .collect();
    let fast: Vec<(usize, usize)> = seam_conflicts(&pts, w, h, r)
        .unwrap()
        .iter()
        .map(|c| (c.i, c.j))
        .collect();
    let mut slow = Vec::new();
    for i in 0..pts.len() {
        for j in i + 1..pts.len() {
            let (a, b) = (&pts[i], &pts[j]);
            if torus_distance2([a.x, a.y], [b.x, b.y], [w, h]) < r * r {
                slow.push((i, j));
            }
        }
    }
    assert_eq!(fast, slow);
}

#[test]
fn the_audit_matches_brute_force_on_any_set() {
    for seed in 1..30 {
        let (w, h) = (200.0 + seed as f64, 120.0);
        let n = 2 + (seed as usize * 37) % 300;
        let pts: Vec<Point> = poisson_live::random_points(n, w, h, seed)
            .unwrap()
            .into_iter()
            .map(|p| Point { r: 1.0, ..p })
            .collect();
        let fast = wrap_audit(&pts, w, h).unwrap();
        let slow = brute_min_torus(&pts, w, h);
        assert_eq!(fast.2, slow.2, "seed {seed}");
    }
    assert_eq!(wrap_audit(&[], 10.0, 10.0), None);
    assert_eq!(wrap_audit(&[Point::default()], 10.0, 10.0), None);
}

#[test]
fn the_same_seed_gives_the_same_tile() {
    let a = wrapped(360.0, 200.0, 16.0, 30, 123456).unwrap();
    let b = wrapped(360.0, 200.0, 16.0, 30, 123456).unwrap();
    let c = wrapped(360.0, 200.0, 16.0, 30, 123457).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
    // The first point is drawn exactly as in classic Bridson.
    let plain = poisson_disk(360.0, 200.0, 16.0, 30, 123456).unwrap();
    assert_eq!(a[0], plain[0]);
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let msg = |r: poisson_live::Result<Vec<Point>>| r.unwrap_err().to_string();
    assert!(msg(wrapped(0.0, 200.0, 10.0, 30, 1)).contains("width"));
    assert!(msg(wrapped(360.0, 200.0, f64::NAN, 30, 1)).contains("radius"));
    assert!(msg(wrapped(360.0, 200.0, 10.0, 0, 1)).contains("k must be"));
    assert!(msg(wrapped(360.0, 200.0, 150.0, 30, 1)).contains("2 × radius"));
    assert!(msg(wrapped(1e6, 1e6, 0.01, 30, 1)).contains("use a radius ≥"));
    assert!(seam_conflicts(&[], 10.0, 10.0, 6.0).is_err());
}

/// The tiles lab's `TileSet` is the core's: its points are the one-call samplers' and its
/// figures the audit functions' on them.
#[test]
fn a_tile_set_is_the_sampler_and_the_audit_together() {
    let (w, h, r, seed) = (360.0, 200.0, 20.0, 123456);
    let params = SamplerParams {
        width: w,
        height: h,
        radius: r,
        k: 30,
        seed,
    };
    for wrap in [true, false] {
        let tile = TileSet::new(params, wrap).unwrap();
        let points = match wrap {
            true => wrapped(w, h, r, 30, seed).unwrap(),
            false => poisson_disk(w, h, r, 30, seed).unwrap(),
        };
        assert_eq!(tile.wrapped(), wrap);
        assert_eq!(tile.points(), &points[..]);
        assert_eq!(tile.audit(), wrap_audit(&points, w, h));
        assert_eq!(tile.min_distance(), wrap_audit(&points, w, h).map(|a| a.2));
        let conflicts = seam_conflicts(&points, w, h, r).unwrap();
        assert_eq!(tile.conflicts(), &conflicts[..]);
        let across = conflicts.iter().filter(|c| c.crosses_seam(&points));
        assert_eq!(tile.seam_violations(), across.count());
        // Wrapped, nothing meets at a seam; plain, something does (the lab's contrast).
        assert_eq!(tile.seam_violations() == 0, wrap);
    }
    // The tile's size is checked before sampling, so a plain tile too small to audit is refused
    // with the audit's rule even when the sampler would refuse it for another reason.
    for wrap in [true, false] {
        let small = SamplerParams {
            radius: 150.0,
            k: 0,
            ..params
        };
        let e = TileSet::new(small, wrap).unwrap_err().to_string();
        assert!(e.contains("at least 2 × radius"), "{e}");
    }
}
