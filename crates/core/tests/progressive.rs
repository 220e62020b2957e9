//! The progressive order: a permutation of the points whose every prefix is spread out.
//!
//! The spacing targets are those of issue 14 (for a Bridson set, the first quarter keeps at
//! least 1.5 r apart and the first sixteenth at least 3 r), checked on several maps, radii and
//! seeds; the order itself is checked against a plain quadratic farthest-point loop.

use poisson_live::job::Job;
use poisson_live::metrics::tightest_pair;
use poisson_live::progressive::{progressive, progressive_order, ProgressiveOrder};
use poisson_live::{poisson_disk, random_points, Error, Point};
use proptest::prelude::*;

fn xy(points: &[Point]) -> Vec<[f64; 2]> {
    points.iter().map(|p| [p.x, p.y]).collect()
}

/// The closest pair among the first `n` points of `order`.
fn prefix_spacing(points: &[[f64; 2]], order: &[usize], n: usize) -> f64 {
    let first: Vec<[f64; 2]> = order[..n].iter().map(|&i| points[i]).collect();
    tightest_pair(&first).map_or(f64::INFINITY, |(_, _, d)| d)
}

/// The farthest-point order written as plainly as possible: O(n²), every gap recomputed from
/// scratch. The first point is the one nearest the middle of the bounding box.
fn farthest_point_reference(points: &[[f64; 2]]) -> Vec<usize> {
    let n = points.len();
    if n == 0 {
        return vec![];
    }
    let d2 = |a: [f64; 2], b: [f64; 2]| {
        let (dx, dy) = (a[0] - b[0], a[1] - b[1]);
        dx * dx + dy * dy
    };
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for p in points {
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    let centre = [lo[0] / 2.0 + hi[0] / 2.0, lo[1] / 2.0 + hi[1] / 2.0];
    let mut first = 0;
    for i in 1..n {
        if d2(points[i], centre) < d2(points[first], centre) {
            first = i;
        }
    }
    let mut gap = vec![f64::INFINITY; n];
    let mut placed = vec![false; n];
    let mut order = vec![first];
    placed[first] = true;
    while order.len() < n {
        let last = points[*order.last().unwrap()];
        let mut best = None;
        for i in 0..n {
            if placed[i] {
                continue;
            }
            gap[i] = gap[i].min(d2(points[i], last));
            if best.is_none_or(|b: usize| gap[i] > gap[b]) {
                best = Some(i);
            }
        }
        let b = best.unwrap();
        placed[b] = true;
        order.push(b);
    }
    order
}

/// Bridson sets as (width, height, radius, seed): 315 to about 25 000 points, square and long
/// maps.
const BRIDSON_CASES: [(f64, f64, f64, i32); 7] = [
    (720.0, 400.0, 24.0, 123456),
    (720.0, 400.0, 8.0, 7),
    (720.0, 400.0, 8.0, -5),
    (500.0, 200.0, 2.5, 42),
    (1000.0, 1000.0, 5.0, 1),
    (3000.0, 90.0, 4.0, 99),
    (200.0, 200.0, 1.0, 2024),
];

#[test]
fn the_first_quarter_and_sixteenth_of_bridson_sets_keep_their_distance() {
    for (w, h, r, seed) in BRIDSON_CASES {
        let points = xy(&poisson_disk(w, h, r, 30, seed).unwrap());
        let order = progressive_order(&points).unwrap();
        let n = points.len();
        let quarter = prefix_spacing(&points, &order, n / 4);
        let sixteenth = prefix_spacing(&points, &order, n / 16);
        assert!(
            quarter >= 1.5 * r,
            "{w}×{h} r {r} seed {seed}: {}",
            quarter / r
        );
        assert!(
            sixteenth >= 3.0 * r,
            "{w}×{h} r {r} seed {seed}: {}",
            sixteenth / r
        );
        // The whole set is still the Bridson set: r apart.
        assert!(prefix_spacing(&points, &order, n) >= r);
    }
}

#[test]
fn placement_order_fails_the_targets_the_progressive_order_meets() {
    // The test above could fail: Bridson's own order grows from one point, so its first
    // sixteenth is a blob where neighbours are as close as anywhere.
    let points = xy(&poisson_disk(720.0, 400.0, 8.0, 30, 7).unwrap());
    let placement: Vec<usize> = (0..points.len()).collect();
    assert!(prefix_spacing(&points, &placement, points.len() / 16) < 1.5 * 8.0);
}

#[test]
fn the_order_is_the_plain_farthest_point_order() {
    // Random points and Bridson points, several sizes (leaves of the tree are 8 to 16 points,
    // so these sets have from one leaf to several levels).
    let mut sets: Vec<Vec<[f64; 2]>> = vec![];
    for (count, seed) in [
        (1, 1),
        (2, 2),
        (3, 3),
        (15, 4),
        (16, 5),
        (17, 6),
        (100, 7),
        (1500, 8),
    ] {
        sets.push(poisson_live::point::xy(
            &random_points(count, 300.0, 200.0, seed).unwrap(),
        ));
    }
    sets.push(xy(&poisson_disk(300.0, 200.0, 6.0, 30, 9).unwrap()));
    sets.push(xy(&poisson_disk(100.0, 900.0, 9.0, 10, 10).unwrap()));
    for points in sets {
        assert_eq!(
            progressive_order(&points).unwrap(),
            farthest_point_reference(&points),
            "{} points",
            points.len()
        );
    }
}

#[test]
fn every_prefix_is_exactly_as_far_apart_as_its_last_gap_and_covers_the_rest() {
    let points = xy(&poisson_disk(400.0, 300.0, 10.0, 30, 3).unwrap());
    let mut job = ProgressiveOrder::new(&points).unwrap();
    while !job.run(u64::MAX).unwrap() {}
    let gaps = job.gaps().to_vec();
    let order = job.take().unwrap();
    assert_eq!(gaps.len(), points.len());
    assert_eq!(gaps[0], f64::INFINITY);
    assert!(gaps.windows(2).all(|w| w[1] <= w[0]), "gaps never widen");
    let d = |a: [f64; 2], b: [f64; 2]| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt();
    for n in [2, 3, 10, 50, points.len() / 4, points.len() - 1] {
        // Spread: the closest pair of the first n is the n-th gap, to the bit (the scaling
        // inside is by a power of two, so it rounds the same way).
        assert_eq!(prefix_spacing(&points, &order, n), gaps[n - 1], "n = {n}");
        // No holes: every point is within the next gap of one of the first n.
        for p in &points {
            let nearest = order[..n]
                .iter()
                .map(|&i| d(*p, points[i]))
                .fold(f64::INFINITY, f64::min);
            assert!(
                nearest <= gaps[n] * (1.0 + 1e-12),
                "n = {n}: {nearest} > {}",
                gaps[n]
            );
        }
    }
}

#[test]
fn reordered_points_are_the_same_points_each_once_bit_for_bit() {
    let mut points = poisson_disk(720.0, 400.0, 12.0, 30, 123456).unwrap();
    // Radii ride along untouched, whatever they are.
    for (i, p) in points.iter_mut().enumerate() {
        p.r = 12.0 + i as f64 * 1e-3;
    }
    let ordered = progressive(&points).unwrap();
    let order = progressive_order(&xy(&points)).unwrap();
    let mut seen = vec![false; points.len()];
    for &i in &order {
        assert!(!seen[i], "index {i} twice");
        seen[i] = true;
    }
    assert!(seen.iter().all(|&s| s));
    let bits = |p: &Point| [p.x.to_bits(), p.y.to_bits(), p.r.to_bits()];
    for (p, &i) in ordered.iter().zip(&order) {
        assert_eq!(bits(p), bits(&points[i]));
    }
    let (mut a, mut b): (Vec<_>, Vec<_>) = (
        points.iter().map(bits).collect(),
        ordered.iter().map(bits).collect(),
    );
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
}

#[test]
fn the_same_points_give_the_same_order_and_the_input_order_does_not_matter() {
    let points = xy(&poisson_disk(500.0, 300.0, 7.0, 30, 11).unwrap());
    let order = progressive_order(&points).unwrap();
    assert_eq!(progressive_order(&points).unwrap(), order);
    // The same set listed backwards gives the same points in the same order (no ties here).
    let backwards: Vec<[f64; 2]> = points.iter().rev().copied().collect();
    let n = points.len();
    let from_backwards: Vec<usize> = progressive_order(&backwards)
        .unwrap()
        .into_iter()
        .map(|i| n - 1 - i)
        .collect();
    assert_eq!(from_backwards, order);
}

#[test]
fn the_order_does_not_depend_on_the_units() {
    // Scaled by powers of two, from tiny to huge: the same order, since the order scales its
    // coordinates itself and squared distances never overflow or underflow.
    let points = xy(&poisson_disk(300.0, 200.0, 5.0, 30, 5).unwrap());
    let order = progressive_order(&points).unwrap();
    for shift in [-1000, -300, -20, 20, 300, 960] {
        let s = 2f64.powi(shift);
        let scaled: Vec<[f64; 2]> = points.iter().map(|p| [p[0] * s, p[1] * s]).collect();
        assert_eq!(
            progressive_order(&scaled).unwrap(),
            order,
            "scale 2^{shift}"
        );
    }
    // Far from the origin too: shifting changes rounding a little, not the spread.
    let far: Vec<[f64; 2]> = points.iter().map(|p| [p[0] - 1e6, p[1] + 3e6]).collect();
    let far_order = progressive_order(&far).unwrap();
    assert!(prefix_spacing(&far, &far_order, far.len() / 16) >= 3.0 * 5.0);
}

#[test]
fn sliced_and_one_call_give_the_same_order() {
    let points = xy(&poisson_disk(720.0, 400.0, 6.0, 30, 77).unwrap());
    let whole = progressive_order(&points).unwrap();
    for budget in [1, 3, 40, 300] {
        let mut job = ProgressiveOrder::new(&points).unwrap();
        let (mut calls, mut last_progress) = (0, 0.0);
        let mut placed = 0;
        while !job.run(budget).unwrap() {
            calls += 1;
            let progress = job.progress();
            assert!((last_progress..1.0).contains(&progress), "{progress}");
            last_progress = progress;
            // What is placed is final: a prefix of the one-call order.
            assert!(job.placed().len() >= placed);
            placed = job.placed().len();
            assert_eq!(job.placed(), &whole[..placed]);
            assert!(!job.stage().is_empty());
            assert!(job.take().is_none(), "nothing to take before the end");
        }
        assert!(calls > 2, "budget {budget}: {calls} calls");
        assert_eq!(job.progress(), 1.0);
        assert!(job.run(budget).unwrap(), "finished stays finished");
        assert_eq!(job.take().unwrap(), whole, "budget {budget}");
        assert!(job.take().is_none(), "taken once");
    }
    // A budget of 0 does nothing.
    let mut job = ProgressiveOrder::new(&points).unwrap();
    assert!(!job.run(0).unwrap());
    assert_eq!(job.progress(), 0.0);
}

#[test]
fn empty_single_and_repeated_points_are_fine() {
    assert_eq!(
        progressive_order::<[f64; 2]>(&[]).unwrap(),
        Vec::<usize>::new()
    );
    assert_eq!(progressive(&[]).unwrap(), vec![]);
    assert_eq!(progressive_order(&[[3.0, -4.0]]).unwrap(), vec![0]);
    let same = vec![[1.5, 2.5]; 40];
    let order = progressive_order(&same).unwrap();
    let mut sorted = order.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..40).collect::<Vec<_>>());
    // Copies of a set: each distinct point comes before any copy of an already placed one.
    let mut twice = xy(&poisson_disk(200.0, 100.0, 10.0, 30, 1).unwrap());
    let distinct = twice.len();
    twice.extend_from_within(..);
    let order = progressive_order(&twice).unwrap();
    let firsts: std::collections::BTreeSet<usize> =
        order[..distinct].iter().map(|&i| i % distinct).collect();
    assert_eq!(firsts.len(), distinct);
    // Points on a line spread along it: the first 10 at least half as far apart as 10 evenly
    // spaced ones (999 / 9 = 111), the guarantee of the module docs.
    let line: Vec<[f64; 2]> = (0..1000).map(|i| [i as f64, 7.0]).collect();
    let order = progressive_order(&line).unwrap();
    assert!(prefix_spacing(&line, &order, 10) >= 999.0 / 9.0 / 2.0);
}

#[test]
fn bad_points_are_refused_with_the_point_named() {
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        let points = [[0.0, 0.0], [1.0, 1.0], [2.0, bad], [bad, 3.0]];
        let e = progressive_order(&points).unwrap_err();
        let text = e.to_string();
        assert!(matches!(e, Error::Invalid { .. }), "{e:?}");
        assert!(text.starts_with("point 2 is at (2, "), "{text}");
        assert!(text.contains("must be a finite number"), "{text}");
        let p = [Point {
            x: bad,
            y: 0.0,
            r: 1.0,
        }];
        assert!(progressive(&p)
            .unwrap_err()
            .to_string()
            .starts_with("point 0 "));
    }
}

#[test]
fn too_many_points_are_refused_with_the_limit() {
    let points = random_points(41, 100.0, 100.0, 3).unwrap();
    let e = ProgressiveOrder::with_limit(&points, 40).unwrap_err();
    assert!(matches!(e, Error::TooMuchWork { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "a progressive order needs 41 points; the limit is 40; \
         split the set into parts of at most 40 points"
    );
    assert!(ProgressiveOrder::with_limit(&points, 41).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Any finite set, clumped, repeated or spread over wildly different scales: a permutation
    /// whose gaps never widen (a bug in skipping boxes would let a stale, too-wide gap through).
    #[test]
    fn any_finite_set_gives_a_permutation_with_gaps_that_never_widen(
        points in prop::collection::vec(
            (prop_oneof![Just(0.0), -10.0..10.0f64, -1e200..1e200f64],
             prop_oneof![Just(0.0), -10.0..10.0f64, -1e-200..1e-200f64]),
            0..200,
        )
    ) {
        let points: Vec<[f64; 2]> = points.into_iter().map(|(x, y)| [x, y]).collect();
        let mut job = ProgressiveOrder::new(&points).unwrap();
        while !job.run(7).unwrap() {}
        let gaps = job.gaps().to_vec();
        let order = job.take().unwrap();
        let mut sorted = order.clone();
        sorted.sort_unstable();
        prop_assert_eq!(sorted, (0..points.len()).collect::<Vec<_>>());
        prop_assert!(gaps.windows(2).all(|w| w[1] <= w[0]), "{:?}", gaps);
    }
}

#[test]
#[ignore = "prints the measured spacing curve (module docs); run with --release --nocapture"]
fn spacing_curve_from_a_sixty_fourth_to_the_whole_set() {
    let more = [(300.0, 300.0, 1.0, 99), (1270.0, 1270.0, 1.0, 7)];
    let cases = BRIDSON_CASES.into_iter().chain(more);
    println!("closest pair of the first n, in r: n = N/64, N/32, …, N");
    for (w, h, r, seed) in cases {
        let points = xy(&poisson_disk(w, h, r, 30, seed).unwrap());
        let order = progressive_order(&points).unwrap();
        let n = points.len();
        let curve: Vec<String> = (0..=6)
            .map(|k| format!("{:.2}", prefix_spacing(&points, &order, n >> (6 - k)) / r))
            .collect();
        // Against a hexagonal packing of n points on the map, every quarter octave.
        let hex = |m: usize| (2.0 / 3f64.sqrt() * w * h / m as f64).sqrt();
        let relative: Vec<f64> = (0..=24)
            .map(|j| (n as f64 * 2f64.powf(-f64::from(j) / 4.0)).round() as usize)
            .filter(|&m| m >= 16)
            .map(|m| prefix_spacing(&points, &order, m) / hex(m))
            .collect();
        let least = relative.iter().copied().fold(f64::INFINITY, f64::min);
        let mean = relative.iter().sum::<f64>() / relative.len() as f64;
        println!(
            "{w} × {h}, r {r}, seed {seed}, N = {n}: {} | hexagonal: least {least:.3}, mean {mean:.3}",
            curve.join(" ")
        );
    }
}
