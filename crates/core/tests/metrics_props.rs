//! Properties of the map metrics (`poisson_live::metrics`), each checked against a brute-force
//! answer that compares every pair, triple or candidate centre directly.
//!
//! The point sets are small (under 40 points) so that the brute force stays cheap, and they are
//! drawn to hit the awkward cases: copies of the same point, points all on one line (where a
//! Delaunay triangulation has no triangles), points on an integer lattice (many exactly
//! cocircular quadruples and exact ties), and tight clumps on a big map.

use poisson_live::metrics::*;
use poisson_live::Point;
use proptest::prelude::*;

mod common;
use proptest::sample::Index;

// ---------------------------------------------------------------------------------------------
// Brute-force references
// ---------------------------------------------------------------------------------------------

fn d2(a: [f64; 2], b: [f64; 2]) -> f64 {
    let dx = a[0] - b[0];
    let dy = a[1] - b[1];
    dx * dx + dy * dy
}

fn brute_too_close(points: &[[f64; 2]], spacing: f64) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for i in 0..points.len() {
        for j in i + 1..points.len() {
            if d2(points[i], points[j]) < spacing * spacing {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

/// The pair with the smallest squared distance, ties to the smallest (i, j).
fn brute_tightest(points: &[[f64; 2]]) -> Option<(usize, usize, f64)> {
    let mut best: Option<(f64, usize, usize)> = None;
    for i in 0..points.len() {
        for j in i + 1..points.len() {
            let d = d2(points[i], points[j]);
            if best.is_none_or(|(b, _, _)| d < b) {
                best = Some((d, i, j));
            }
        }
    }
    best.map(|(d, i, j)| (i, j, d.sqrt()))
}

fn nearest_d2(points: &[[f64; 2]], c: [f64; 2]) -> f64 {
    points
        .iter()
        .map(|&p| d2(c, p))
        .fold(f64::INFINITY, f64::min)
}

/// The exact largest empty circle by exhaustion: the nearest-point distance can only peak at a
/// circumcentre of some three points, where a bisector of some two points meets a side, or at a
/// corner. Trying every triple and every pair is a superset of the Voronoi candidates.
fn brute_clearing_radius(points: &[[f64; 2]], w: f64, h: f64) -> f64 {
    let inside = |c: [f64; 2]| (0.0..=w).contains(&c[0]) && (0.0..=h).contains(&c[1]);
    let mut centres = vec![[0.0, 0.0], [w, 0.0], [0.0, h], [w, h]];
    let n = points.len();
    for i in 0..n {
        for j in i + 1..n {
            let (p, q) = (points[i], points[j]);
            // (c − p)² = (c − q)² is linear in c: on x = X solve for y, on y = Y solve for x.
            let (ax, ay) = (2.0 * (q[0] - p[0]), 2.0 * (q[1] - p[1]));
            let rhs = (q[0] * q[0] + q[1] * q[1]) - (p[0] * p[0] + p[1] * p[1]);
            for x in [0.0, w] {
                if ay != 0.0 {
                    centres.push([x, (rhs - ax * x) / ay]);
                }
            }
            for y in [0.0, h] {
                if ax != 0.0 {
                    centres.push([(rhs - ay * y) / ax, y]);
                }
            }
            for &r in &points[j + 1..] {
                // Solve 2(q − p)·u = |q − p|², 2(r − p)·u = |r − p|² for u = c − p by Cramer.
                let (bx, by) = (q[0] - p[0], q[1] - p[1]);
                let (cx, cy) = (r[0] - p[0], r[1] - p[1]);
                let det = 2.0 * (bx * cy - cx * by);
                if det != 0.0 {
                    let (sb, sc) = (bx * bx + by * by, cx * cx + cy * cy);
                    let ux = (sb * cy - sc * by) / det;
                    let uy = (bx * sc - cx * sb) / det;
                    centres.push([p[0] + ux, p[1] + uy]);
                }
            }
        }
    }
    centres
        .into_iter()
        .filter(|&c| c[0].is_finite() && c[1].is_finite() && inside(c))
        .map(|c| nearest_d2(points, c))
        .fold(f64::NEG_INFINITY, f64::max)
        .sqrt()
}

/// The points with these radii, as far as both lists go.
fn with_radii(points: &[[f64; 2]], radii: &[f64]) -> Vec<Point> {
    points
        .iter()
        .zip(radii)
        .map(|(&[x, y], &r)| Point { x, y, r })
        .collect()
}

fn brute_violations(points: &[[f64; 2]], radii: &[f64]) -> Vec<(usize, usize)> {
    let ok = |r: f64| r.is_finite() && r > 0.0;
    let n = points.len().min(radii.len());
    let mut pairs = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let need = radii[i].min(radii[j]);
            if ok(radii[i]) && ok(radii[j]) && d2(points[i], points[j]) < need * need {
                pairs.push((i, j));
            }
        }
    }
    pairs
}

/// Checks a clearing against the exhaustive answer and against its own definition.
fn check_clearing(points: &[[f64; 2]], w: f64, h: f64) -> Result<(), TestCaseError> {
    let got = largest_empty_circle(points, w, h);
    if points.is_empty() {
        prop_assert_eq!(got, None);
        return Ok(());
    }
    let c = got.expect("points given, so a clearing exists");
    prop_assert!(
        (0.0..=w).contains(&c.x) && (0.0..=h).contains(&c.y),
        "centre {:?} off the {}×{} map",
        c,
        w,
        h
    );
    // The radius is the true distance from the centre to its nearest point.
    prop_assert_eq!(c.radius, nearest_d2(points, [c.x, c.y]).sqrt());
    let scale = w.max(h);
    for (i, &p) in points.iter().enumerate() {
        prop_assert!(
            d2(p, [c.x, c.y]).sqrt() >= c.radius - 1e-9 * scale,
            "point {} {:?} inside {:?}",
            i,
            p,
            c
        );
    }
    let want = brute_clearing_radius(points, w, h);
    prop_assert!(
        (c.radius - want).abs() <= 1e-9 * want.max(1e-300),
        "radius {} but exhaustive search finds {} ({:?})",
        c.radius,
        want,
        c
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone)]
struct Scene {
    w: f64,
    h: f64,
    points: Vec<[f64; 2]>,
}

fn uniform() -> impl Strategy<Value = Scene> {
    (1.0..500.0f64, 1.0..500.0f64)
        .prop_flat_map(|(w, h)| {
            let pts = prop::collection::vec((0.0..1.0f64, 0.0..1.0f64), 0..40);
            (Just(w), Just(h), pts)
        })
        .prop_map(|(w, h, us)| Scene {
            w,
            h,
            points: us.into_iter().map(|(u, v)| [u * w, v * h]).collect(),
        })
}

/// Uniform points, then some of them copied over others.
fn with_copies() -> impl Strategy<Value = Scene> {
    (
        uniform(),
        prop::collection::vec((any::<Index>(), any::<Index>()), 1..12),
    )
        .prop_map(|(mut s, copies)| {
            if !s.points.is_empty() {
                for (from, to) in copies {
                    let p = s.points[from.index(s.points.len())];
                    let at = to.index(s.points.len());
                    s.points[at] = p;
                }
            }
            s
        })
}

/// Points exactly on one line: a row, a column, or a diagonal of integer steps; with copies.
fn collinear() -> impl Strategy<Value = Scene> {
    (
        0..3u8,
        prop::collection::vec(0..60u32, 0..40),
        1.0..40.0f64,
        0.0..1.0f64,
    )
        .prop_map(|(kind, steps, w, at)| {
            let h = w * 1.5;
            let unit = w / 64.0;
            let points = steps
                .into_iter()
                .map(|s| {
                    let t = s as f64 * unit;
                    match kind {
                        0 => [t, at * h],
                        1 => [at * w, t * 1.5],
                        _ => [t, t],
                    }
                })
                .collect();
            Scene { w, h, points }
        })
}

/// Points on a line with a direction that rounds, so they are collinear only approximately.
fn nearly_collinear() -> impl Strategy<Value = Scene> {
    (
        prop::collection::vec(0.0..1.0f64, 0..40),
        (0.0..1.0f64, 0.0..1.0f64, -1.0..1.0f64),
    )
        .prop_map(|(ts, (x0, y0, slope))| {
            let (w, h) = (300.0, 200.0);
            let points = ts
                .into_iter()
                .map(|t| {
                    let x = x0 * w * 0.5 + t * w * 0.5;
                    let y = (y0 * h * 0.5 + (x - x0 * w * 0.5) * slope * 0.5).clamp(0.0, h);
                    [x, y]
                })
                .collect();
            Scene { w, h, points }
        })
}

/// Integer points on a small map: exact ties, cocircular quadruples and collinear runs.
fn lattice() -> impl Strategy<Value = Scene> {
    (1..12u32, 1..12u32)
        .prop_flat_map(|(w, h)| {
            let pts = prop::collection::vec((0..w, 0..h), 0..40);
            (Just(w), Just(h), pts)
        })
        .prop_map(|(w, h, pts)| Scene {
            w: w as f64,
            h: h as f64,
            points: pts.into_iter().map(|(x, y)| [x as f64, y as f64]).collect(),
        })
}

/// A tight clump in one spot of a big map: the clearing is far from every point.
fn clump() -> impl Strategy<Value = Scene> {
    (
        prop::collection::vec((0.0..1.0f64, 0.0..1.0f64), 0..40),
        (0.0..1.0f64, 0.0..1.0f64),
        1e-3..5.0f64,
    )
        .prop_map(|(us, (cx, cy), size)| {
            let (w, h) = (720.0, 400.0);
            let points = us
                .into_iter()
                .map(|(u, v)| [cx * (w - size) + u * size, cy * (h - size) + v * size])
                .collect();
            Scene { w, h, points }
        })
}

fn scene() -> impl Strategy<Value = Scene> {
    prop_oneof![
        3 => uniform(),
        2 => with_copies(),
        2 => collinear(),
        1 => nearly_collinear(),
        2 => lattice(),
        1 => clump(),
    ]
}

/// A spacing that is sometimes exactly the distance of an existing pair, to test the boundary.
fn spacing_for(s: &Scene) -> impl Strategy<Value = f64> {
    let pair_distances: Vec<f64> = s
        .points
        .iter()
        .enumerate()
        .flat_map(|(i, &p)| s.points[i + 1..].iter().map(move |&q| d2(p, q).sqrt()))
        .collect();
    let scale = s.w.max(s.h);
    let free = (0.0..scale * 0.5).boxed();
    if pair_distances.is_empty() {
        free
    } else {
        prop_oneof![free, prop::sample::select(pair_distances)].boxed()
    }
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

proptest! {
    #[test]
    fn too_close_pairs_match_brute_force((s, spacing) in scene().prop_flat_map(|s| {
        let sp = spacing_for(&s);
        (Just(s), sp)
    })) {
        prop_assert_eq!(too_close_pairs(&s.points, spacing), brute_too_close(&s.points, spacing));
    }

    #[test]
    fn tightest_pair_matches_brute_force(s in scene()) {
        prop_assert_eq!(tightest_pair(&s.points), brute_tightest(&s.points));
    }

    #[test]
    fn largest_empty_circle_matches_exhaustive_search(s in scene()) {
        check_clearing(&s.points, s.w, s.h)?;
    }

    #[test]
    fn radius_violations_match_brute_force(
        s in scene(),
        radii in prop::collection::vec(
            prop_oneof![
                6 => 0.5..60.0f64,
                1 => Just(0.0),
                1 => Just(-3.0),
                1 => Just(f64::NAN),
                1 => Just(f64::INFINITY),
            ],
            0..45,
        ),
    ) {
        let got = radius_violations(&with_radii(&s.points, &radii));
        prop_assert_eq!(&got, &brute_violations(&s.points, &radii));

        // The audit picks the pair with the smallest distance / required ratio, first if tied.
        let worst = got
            .iter()
            .map(|&(i, j)| {
                let ratio = d2(s.points[i], s.points[j]).sqrt() / radii[i].min(radii[j]);
                (ratio, i, j)
            })
            .reduce(|a, b| if b.0 < a.0 { b } else { a });
        let audit = min_distance_audit(&with_radii(&s.points, &radii));
        prop_assert_eq!(audit.map(|v| (v.i, v.j)), worst.map(|(_, i, j)| (i, j)));
        if let Some(v) = audit {
            prop_assert_eq!(v.distance, d2(s.points[v.i], s.points[v.j]).sqrt());
            prop_assert_eq!(v.required, radii[v.i].min(radii[v.j]));
            prop_assert!(v.distance < v.required);
        }
    }

    #[test]
    fn equal_radii_violations_are_the_too_close_pairs(s in scene(), r in 0.1..100.0f64) {
        let radii = vec![r; s.points.len()];
        prop_assert_eq!(radius_violations(&with_radii(&s.points, &radii)), too_close_pairs(&s.points, r));
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-worked cases
// ---------------------------------------------------------------------------------------------

#[test]
fn too_close_counts_strictly_closer_only() {
    // (1, 2) is a 3-4-5 triangle's hypotenuse: exactly the spacing apart, which is allowed.
    let points = [
        [0.0, 0.0],
        [3.0, 0.0],
        [0.0, 4.0],
        [10.0, 10.0],
        [10.0, 10.0],
    ];
    assert_eq!(too_close_pairs(&points, 5.0), vec![(0, 1), (0, 2), (3, 4)]);
    assert_eq!(
        too_close_pairs(&points, 5.0 + 1e-12),
        vec![(0, 1), (0, 2), (1, 2), (3, 4)]
    );
    assert_eq!(too_close_pairs(&points, 0.0), vec![]);
    assert_eq!(too_close_pairs(&points, -1.0), vec![]);
    assert_eq!(too_close_pairs(&points, f64::NAN), vec![]);
    assert_eq!(too_close_pairs(&points, f64::INFINITY), vec![]);
    assert_eq!(too_close_pairs::<[f64; 2]>(&[], 5.0), vec![]);
}

#[test]
fn tightest_pair_breaks_ties_towards_the_first_pair() {
    let points = [[50.0, 50.0], [6.0, 5.0], [0.0, 0.0], [5.0, 5.0], [1.0, 0.0]];
    // (1, 3) and (2, 4) are both 1 apart; (1, 3) comes first.
    assert_eq!(tightest_pair(&points), Some((1, 3, 1.0)));
    assert_eq!(tightest_pair(&[[1.0, 2.0], [4.0, 6.0]]), Some((0, 1, 5.0)));
    assert_eq!(tightest_pair(&[[1.0, 2.0]]), None);
    assert_eq!(tightest_pair::<[f64; 2]>(&[]), None);
    // Copies of one point are at distance zero; -0.0 and 0.0 are the same place.
    assert_eq!(
        tightest_pair(&[[3.0, 3.0], [0.0, -0.0], [1.0, 1.0], [-0.0, 0.0]]),
        Some((1, 3, 0.0))
    );
}

#[test]
fn clearing_of_one_point_is_centred_on_a_corner() {
    let c = largest_empty_circle(&[[5.0, 5.0]], 10.0, 10.0).unwrap();
    assert_eq!(c.radius, 50f64.sqrt());
    assert!(
        [0.0, 10.0].contains(&c.x) && [0.0, 10.0].contains(&c.y),
        "{c:?}"
    );
}

#[test]
fn clearing_of_two_points_sits_on_their_bisector() {
    // Corners are √29 from the nearest point; the bisector x = 5 meets the top and bottom
    // sides √34 from both points.
    let c = largest_empty_circle(&[[2.0, 5.0], [8.0, 5.0]], 10.0, 10.0).unwrap();
    assert_eq!(c.radius, 34f64.sqrt());
    assert_eq!(c.x, 5.0);
    assert!(c.y == 0.0 || c.y == 10.0, "{c:?}");
}

#[test]
fn clearing_inside_a_square_of_points_is_its_centre() {
    // The circumcentre (5.5, 5.5) is √50 from all four; nothing on the border comes close.
    let points = [[0.5, 0.5], [10.5, 0.5], [0.5, 10.5], [10.5, 10.5]];
    let c = largest_empty_circle(&points, 11.0, 11.0).unwrap();
    assert_eq!((c.x, c.y, c.radius), (5.5, 5.5, 50f64.sqrt()));
}

#[test]
fn clearing_of_collinear_points_uses_neighbours_along_the_line() {
    // Gaps of 2 and 6 along y = 5: the bisector of the wide gap, x = 6, meets the top and
    // bottom √34 from (3, 5) and (9, 5); the corners only reach √26.
    let row = [[9.0, 5.0], [1.0, 5.0], [3.0, 5.0]];
    let c = largest_empty_circle(&row, 10.0, 10.0).unwrap();
    assert_eq!((c.x, c.radius), (6.0, 34f64.sqrt()));
    let column = [[5.0, 9.0], [5.0, 1.0], [5.0, 3.0], [5.0, 3.0]];
    let c = largest_empty_circle(&column, 10.0, 10.0).unwrap();
    assert_eq!((c.y, c.radius), (6.0, 34f64.sqrt()));
    // A diagonal: the far corners (10, 0) and (0, 10) are √50 from (5, 5).
    let diagonal = [[1.0, 1.0], [5.0, 5.0], [9.0, 9.0]];
    let c = largest_empty_circle(&diagonal, 10.0, 10.0).unwrap();
    assert_eq!(c.radius, 50f64.sqrt());
    assert!(
        (c.x, c.y) == (10.0, 0.0) || (c.x, c.y) == (0.0, 10.0),
        "{c:?}"
    );
}

#[test]
fn clearing_of_copies_is_the_clearing_of_one() {
    let c = largest_empty_circle(&[[5.0, 5.0]; 3], 10.0, 10.0).unwrap();
    assert_eq!(c.radius, 50f64.sqrt());
}

#[test]
fn clearing_needs_points_and_a_real_map() {
    assert_eq!(largest_empty_circle::<[f64; 2]>(&[], 10.0, 10.0), None);
    assert_eq!(largest_empty_circle(&[[1.0, 1.0]], -1.0, 10.0), None);
    assert_eq!(largest_empty_circle(&[[1.0, 1.0]], 10.0, f64::NAN), None);
    assert_eq!(
        largest_empty_circle(&[[1.0, 1.0]], f64::INFINITY, 10.0),
        None
    );
    // A zero-height map is a segment; the clearing is at its far end.
    let c = largest_empty_circle(&[[1.0, 0.0]], 10.0, 0.0).unwrap();
    assert_eq!((c.x, c.y, c.radius), (10.0, 0.0, 9.0));
}

#[test]
fn density_and_coverage_figures() {
    assert_eq!(points_per_r2(100, 200.0, 50.0, 10.0), 1.0);
    assert_eq!(points_per_r2(0, 200.0, 50.0, 10.0), 0.0);
    assert_eq!(
        points_per_r2(3, 720.0, 400.0, 24.0),
        3.0 * 576.0 / 288_000.0
    );
    // Four disks of diameter 10 on a 20 × 20 map: 4 · π · 25 / 400 = π / 4.
    let cov = coverage([10.0; 4], 20.0, 20.0);
    assert!((cov - std::f64::consts::FRAC_PI_4).abs() < 1e-15, "{cov}");
    assert_eq!(coverage(std::iter::empty(), 20.0, 20.0), 0.0);
    // Mixed radii add up disk by disk.
    let mixed = coverage([2.0, 4.0], 10.0, 10.0);
    assert!(
        (mixed - std::f64::consts::PI * 5.0 / 100.0).abs() < 1e-15,
        "{mixed}"
    );
}

#[test]
fn audit_reports_the_worst_offender() {
    let points = [[0.0, 0.0], [9.0, 0.0], [30.0, 0.0], [33.0, 0.0]];
    // (0, 1) is 9 apart needing 10 (ratio 0.9); (2, 3) is 3 apart needing 5 (ratio 0.6).
    let v = min_distance_audit(&with_radii(&points, &[10.0, 12.0, 5.0, 8.0])).unwrap();
    assert_eq!(
        v,
        Violation {
            i: 2,
            j: 3,
            distance: 3.0,
            required: 5.0
        }
    );
    assert_eq!(
        radius_violations(&with_radii(&points, &[10.0, 12.0, 5.0, 8.0])),
        vec![(0, 1), (2, 3)]
    );
    assert_eq!(
        min_distance_audit(&with_radii(&points, &[9.0, 9.0, 3.0, 3.0])),
        None
    );
}

// ---------------------------------------------------------------------------------------------
// Bigger sets and real sampler output
// ---------------------------------------------------------------------------------------------

/// A small deterministic generator for test inputs (not the crate's sampler RNG).
fn lcg_points(n: usize, w: f64, h: f64, seed: u64) -> Vec<[f64; 2]> {
    let mut next = common::lcg_unit(seed);
    (0..n).map(|_| [next() * w, next() * h]).collect()
}

#[test]
fn thousands_of_points_match_brute_force() {
    let (w, h) = (720.0, 400.0);
    let points = lcg_points(2500, w, h, 7);
    assert_eq!(too_close_pairs(&points, 6.0), brute_too_close(&points, 6.0));
    assert_eq!(tightest_pair(&points), brute_tightest(&points));

    // Too many points for the exhaustive clearing; instead no centre on a fine lattice may
    // beat it, and it must be empty.
    let c = largest_empty_circle(&points, w, h).unwrap();
    assert_eq!(c.radius, nearest_d2(&points, [c.x, c.y]).sqrt());
    for gx in 0..=90 {
        for gy in 0..=50 {
            let probe = [gx as f64 * w / 90.0, gy as f64 * h / 50.0];
            let r = nearest_d2(&points, probe).sqrt();
            assert!(r <= c.radius, "centre {probe:?} has radius {r} > {c:?}");
        }
    }
}

fn golden(name: &str) -> serde_json::Value {
    let path = format!("{}/tests/golden/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn rows(v: &serde_json::Value) -> Vec<Vec<f64>> {
    v.as_array()
        .expect("a list of points")
        .iter()
        .map(|p| {
            p.as_array()
                .expect("a point")
                .iter()
                .map(|x| x.as_f64().expect("a number"))
                .collect()
        })
        .collect()
}

#[test]
fn reference_poisson_sets_have_no_close_pairs() {
    for k in 0..6 {
        for (file, key) in [("bridson", "radius"), ("darts", "radius")] {
            let case = golden(&format!("{file}_{k}.json"));
            let r = case["params"][key].as_f64().unwrap();
            let (w, h) = (
                case["params"]["width"].as_f64().unwrap(),
                case["params"]["height"].as_f64().unwrap(),
            );
            let points: Vec<[f64; 2]> = rows(&case["expected"])
                .iter()
                .map(|p| [p[0], p[1]])
                .collect();
            assert_eq!(too_close_pairs(&points, r), vec![], "{file}_{k}");
            if let Some((_, _, d)) = tightest_pair(&points) {
                assert!(d >= r, "{file}_{k}: tightest {d} < {r}");
            }
            // A maximal Poisson set leaves no hole wide enough for another point: any spot on
            // the map at least r from every point would have been accepted.
            if file == "bridson" && points.len() > 10 {
                let c = largest_empty_circle(&points, w, h).unwrap();
                assert!(c.radius < 2.0 * r, "{file}_{k}: clearing {c:?} for r = {r}");
            }
            let ppr = points_per_r2(points.len(), w, h, r);
            let cov = coverage(std::iter::repeat_n(r, points.len()), w, h);
            assert!((cov - ppr * std::f64::consts::FRAC_PI_4).abs() < 1e-12);
        }
    }
}

#[test]
fn reference_random_scatter_clumps() {
    // Uniform random points are the tutorial's counter-example: at the Poisson set's own
    // spacing they always have pairs too close.
    let case = golden("random_5.json");
    let points: Vec<[f64; 2]> = rows(&case["expected"])
        .iter()
        .map(|p| [p[0], p[1]])
        .collect();
    let close = too_close_pairs(&points, 26.0);
    assert_eq!(close, brute_too_close(&points, 26.0));
    assert!(!close.is_empty());
}

#[test]
fn reference_variable_and_layered_sets_keep_their_radii() {
    for k in 0..6 {
        let case = golden(&format!("variable_{k}.json"));
        let pts = rows(&case["expected"]);
        let points: Vec<[f64; 2]> = pts.iter().map(|p| [p[0], p[1]]).collect();
        let radii: Vec<f64> = pts.iter().map(|p| p[2]).collect();
        assert_eq!(
            min_distance_audit(&with_radii(&points, &radii)),
            None,
            "variable_{k}"
        );
    }
    for k in 0..3 {
        // All layers share one grid, so even across layers no pair is too close.
        let case = golden(&format!("layers_{k}.json"));
        let all: Vec<Vec<f64>> = case["expected"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(rows)
            .collect();
        let points: Vec<[f64; 2]> = all.iter().map(|p| [p[0], p[1]]).collect();
        let radii: Vec<f64> = all.iter().map(|p| p[2]).collect();
        assert!(points.len() > 100);
        assert_eq!(
            radius_violations(&with_radii(&points, &radii)),
            vec![],
            "layers_{k}"
        );
    }
}
