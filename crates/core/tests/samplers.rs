//! The better samplers: every method keeps its spacing and its bounds, repeats itself to the bit,
//! the improved ones cover more of the map than the classic one, and the maximal one is proven to
//! leave no room for another point.

use poisson_live::samplers::{
    default_exponent, exact, maximal, parent_cone, roberts, sample, Method, SamplerJob,
    SamplerParams, SamplerRun,
};
use poisson_live::{Job, Point};

mod job_check;
use job_check::{assert_zero_budget_does_nothing, run_in_slices, UNEVEN};

/// A run's parameters, in `poisson_disk`'s order.
fn p(width: f64, height: f64, radius: f64, k: u32, seed: i32) -> SamplerParams {
    SamplerParams {
        width,
        height,
        radius,
        k,
        seed,
    }
}

const W: f64 = 720.0;
const H: f64 = 400.0;

/// Every pair at least `r` apart, checked against every other pair (no grid to trust).
fn assert_spacing(run: &SamplerRun, r: f64) {
    let p = &run.points;
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            let (dx, dy) = (p[i].x - p[j].x, p[i].y - p[j].y);
            assert!(
                dx * dx + dy * dy >= r * r,
                "{:?}: points {i} and {j} are {} apart, closer than {r}",
                run.method,
                (dx * dx + dy * dy).sqrt()
            );
        }
    }
}

fn assert_in_bounds(run: &SamplerRun, w: f64, h: f64) {
    for p in &run.points {
        assert!(
            p.x >= 0.0 && p.x < w && p.y >= 0.0 && p.y < h,
            "{:?}: {p:?} is off the {w} × {h} map",
            run.method
        );
    }
}

#[test]
fn every_method_keeps_the_spacing_and_the_bounds() {
    for &(w, h, r, k, seed) in &[
        (W, H, 20.0, 30, 123456),
        (W, H, 26.0, 1, 5),
        (300.0, 120.0, 9.5, 7, -77),
        (50.0, 50.0, 40.0, 30, 3),
        (W, H, 14.0, 100, 2024),
    ] {
        for method in Method::ALL {
            let run = sample(method, p(w, h, r, k, seed)).unwrap();
            assert!(!run.points.is_empty());
            assert!(run.points.iter().all(|p| p.r == r));
            assert_spacing(&run, r);
            assert_in_bounds(&run, w, h);
        }
    }
}

#[test]
fn classic_is_bridson() {
    let run = sample(Method::Classic, p(W, H, 20.0, 30, 123456)).unwrap();
    assert_eq!(
        run.points,
        poisson_live::poisson_disk(W, H, 20.0, 30, 123456).unwrap()
    );
    // The first point plus every candidate the steps threw.
    let mut s = poisson_live::Sampler::new(W, H, 20.0, 30, 123456).unwrap();
    s.start_random();
    s.finish();
    assert_eq!(run.candidates, 1 + s.attempted());
}

/// Folds every coordinate's bits into one number: equal fingerprints, equal points.
fn fingerprint(points: &[Point]) -> u64 {
    points.iter().fold(0xcbf2_9ce4_8422_2325, |h, p| {
        let h = (h ^ p.x.to_bits()).wrapping_mul(0x0000_0100_0000_01b3);
        (h ^ p.y.to_bits()).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The same seed gives the same points, run after run. The counts and fingerprints are pinned,
/// and the bindings' tests (crates/web/tests/labs3.rs) pin the same values, so a build whose
/// arithmetic differed (native against wasm) would fail one of them.
#[test]
fn same_seed_same_points_pinned() {
    let expected = [
        (Method::Classic, 462, 0x3d10_9a0d_2fe4_04de),
        (Method::ParentCone, 514, 0x6b5e_7f1e_7bc3_e63d),
        (Method::Roberts, 661, 0x9940_4379_f948_1409),
        (Method::Maximal, 663, 0xa2cc_7f83_666e_2b2a),
    ];
    let got: Vec<_> = expected
        .iter()
        .map(|&(method, _, _)| {
            let a = sample(method, p(W, H, 20.0, 30, 123456)).unwrap();
            let b = sample(method, p(W, H, 20.0, 30, 123456)).unwrap();
            assert_eq!(a, b);
            (method, a.points.len(), fingerprint(&a.points))
        })
        .collect();
    assert_eq!(got, expected);
    // A different seed, different points.
    let c = sample(Method::Roberts, p(W, H, 20.0, 30, 123457)).unwrap();
    assert_ne!(
        fingerprint(&c.points),
        fingerprint(
            &sample(Method::Roberts, p(W, H, 20.0, 30, 123456))
                .unwrap()
                .points
        )
    );
}

#[test]
fn improved_samplers_cover_more_than_classic() {
    let seeds = [1, 2, 3, 42, 123456, 999, -5, 31337];
    for &(r, k) in &[(20.0, 30), (14.0, 15), (24.0, 40)] {
        let mean = |method| {
            seeds
                .iter()
                .map(|&s| sample(method, p(W, H, r, k, s)).unwrap().coverage)
                .sum::<f64>()
                / seeds.len() as f64
        };
        let (classic, cone, roberts, maximal) = (
            mean(Method::Classic),
            mean(Method::ParentCone),
            mean(Method::Roberts),
            mean(Method::Maximal),
        );
        assert!(
            cone > classic + 0.03,
            "r {r} k {k}: parent cone {cone} vs classic {classic}"
        );
        assert!(
            roberts > classic + 0.1,
            "r {r} k {k}: Roberts {roberts} vs classic {classic}"
        );
        assert!(
            maximal >= roberts,
            "r {r} k {k}: maximal {maximal} vs Roberts {roberts}"
        );
        // The default exponent aims the parent cone at random sequential adsorption's 0.547.
        assert!(
            (cone - 0.547).abs() < 0.03,
            "r {r} k {k}: parent cone {cone}"
        );
    }
}

#[test]
fn the_exponent_steers_the_parent_cone() {
    // c = 1 throws uniformly over the annulus area, as the classic sampler does; pushing the
    // candidates toward r (c very negative) packs tighter.
    let cover = |c: f64| {
        [1, 2, 3, 4]
            .iter()
            .map(|&s| parent_cone(p(W, H, 20.0, 30, s), c).unwrap().coverage)
            .sum::<f64>()
            / 4.0
    };
    assert!(cover(-8.0) > cover(1.0) + 0.03);
    // a = c + 1 = 0 takes the d = r · 2^u branch.
    let flat = parent_cone(p(W, H, 20.0, 30, 9), -1.0).unwrap();
    assert_spacing(&flat, 20.0);
    assert!(parent_cone(p(W, H, 20.0, 30, 9), 51.0).is_err());
    assert!(parent_cone(p(W, H, 20.0, 30, 9), f64::INFINITY).is_err());
    assert_eq!(default_exponent(1), -18.4);
}

#[test]
fn bad_input_is_refused() {
    for method in Method::ALL {
        assert!(sample(method, p(W, H, 20.0, 0, 1)).is_err(), "k = 0");
        assert!(
            sample(method, p(W, H, -1.0, 30, 1)).is_err(),
            "negative radius"
        );
        assert!(
            sample(method, p(W, f64::NAN, 20.0, 30, 1)).is_err(),
            "NaN height"
        );
        assert!(
            sample(method, p(W, H, 1e-4, 30, 1)).is_err(),
            "too much work"
        );
        assert!(
            sample(method, p(W, H, 20.0, 30, poisson_live::rng::STUCK_SEED)).is_err(),
            "stuck seed"
        );
    }
    assert_eq!(Method::from_name("parent-cone"), Some(Method::ParentCone));
    assert_eq!(Method::from_name("bogus"), None);
    for m in Method::ALL {
        assert_eq!(Method::from_name(m.name()), Some(m));
    }
}

#[test]
fn the_exact_functions_match_the_platform_closely() {
    let mut x = -30.0;
    while x < 30.0 {
        let (e, want) = (exact::exp(x), x.exp());
        assert!(
            ((e - want) / want).abs() < 4e-15,
            "exp({x}) = {e}, want {want}"
        );
        x += 0.0137;
    }
    let mut x = 1e-6;
    while x < 1e6 {
        let (l, want) = (exact::ln(x), x.ln());
        assert!(
            (l - want).abs() < 4e-15 * want.abs().max(1.0),
            "ln({x}) = {l}, want {want}"
        );
        x *= 1.0371;
    }
    for k in 1..=200 {
        let a = std::f64::consts::TAU / f64::from(k);
        let (s, c) = exact::sin_cos(a);
        assert!(
            (s - a.sin()).abs() < 4e-16 && (c - a.cos()).abs() < 4e-16,
            "k = {k}"
        );
    }
    assert!(exact::ln(0.0).is_nan() && exact::ln(-1.0).is_nan());
}

// ---- The proof that the maximal sampler leaves no room -----------------------------------------
//
// Call F the set of spots on the closed map [0, w] × [0, h] at distance ≥ r from every point:
// where another point could still go (the half-open map's free set lies inside it). If F is not
// empty it is compact, so it has a lowest-leftmost spot z (smallest x, then smallest y). At z at
// least two boundaries must meet: with no circle through z it could move left or down unless it
// sits in the corner (0, 0); on one circle alone and no map edge, it could slide along the
// circle's outside toward smaller x (or along the tangent to smaller y when the circle's outward
// normal points straight right). So z is a map corner, a crossing of a circle with a map edge,
// or a crossing of two circles. Checking every such crossing therefore decides whether F is
// empty: the maximal sampler is maximal exactly when each crossing lies strictly inside some
// other point's disk. Crossings are computed in floating point, a few ulps off; a crossing
// counts as covered only when a disk holds it with a margin of r · 1e-9, so rounding can make
// the check fail, never pass, wrongly.

/// Points bucketed in cells of side `r`, for "which points are within r of here".
struct Buckets {
    cell: f64,
    cols: usize,
    rows: usize,
    cells: Vec<Vec<usize>>,
    points: Vec<[f64; 2]>,
}

impl Buckets {
    fn new(points: &[Point], w: f64, h: f64, r: f64) -> Self {
        let cols = (w / r).ceil() as usize + 1;
        let rows = (h / r).ceil() as usize + 1;
        let mut cells = vec![Vec::new(); cols * rows];
        for (i, p) in points.iter().enumerate() {
            cells[(p.y / r) as usize * cols + (p.x / r) as usize].push(i);
        }
        Self {
            cell: r,
            cols,
            rows,
            cells,
            points: points.iter().map(|p| [p.x, p.y]).collect(),
        }
    }

    /// Indices of the points in the 3 × 3 cells around `(x, y)`: every point within `r`.
    fn near(&self, x: f64, y: f64) -> Vec<usize> {
        self.within(x, y, 1)
    }

    /// Indices of the points within `reach` cells of `(x, y)`'s cell: every point within
    /// `reach · r`.
    fn within(&self, x: f64, y: f64, reach: i64) -> Vec<usize> {
        let c = (x / self.cell).floor() as i64;
        let r = (y / self.cell).floor() as i64;
        let mut out = Vec::new();
        for rr in r - reach..=r + reach {
            for cc in c - reach..=c + reach {
                if rr >= 0 && cc >= 0 && (rr as usize) < self.rows && (cc as usize) < self.cols {
                    out.extend(&self.cells[rr as usize * self.cols + cc as usize]);
                }
            }
        }
        out
    }
}

/// A spot where another point would fit (or, with `margin`, nearly), if any.
fn free_spot(points: &[Point], w: f64, h: f64, r: f64) -> Option<[f64; 2]> {
    let b = Buckets::new(points, w, h, r);
    let inside = r * (1.0 - 1e-9);
    let covered = |x: f64, y: f64, skip: &[usize]| {
        b.near(x, y).into_iter().any(|m| {
            let (dx, dy) = (b.points[m][0] - x, b.points[m][1] - y);
            !skip.contains(&m) && dx * dx + dy * dy < inside * inside
        })
    };
    let on_map = |x: f64, y: f64| (0.0..=w).contains(&x) && (0.0..=h).contains(&y);
    // Map corners.
    for (x, y) in [(0.0, 0.0), (w, 0.0), (0.0, h), (w, h)] {
        if !covered(x, y, &[]) {
            return Some([x, y]);
        }
    }
    for (i, p) in b.points.iter().enumerate() {
        // Crossings of circle i with the four map edges.
        for (edge_x, at) in [(true, 0.0), (true, w), (false, 0.0), (false, h)] {
            let off = if edge_x { p[0] - at } else { p[1] - at };
            if off.abs() > r {
                continue;
            }
            let half = (r * r - off * off).sqrt();
            for s in [-half, half] {
                let (x, y) = if edge_x {
                    (at, p[1] + s)
                } else {
                    (p[0] + s, at)
                };
                if on_map(x, y) && !covered(x, y, &[i]) {
                    return Some([x, y]);
                }
            }
        }
        // Crossings of circle i with every circle j > i within 2r.
        for j in b.within(p[0], p[1], 2) {
            if j <= i {
                continue;
            }
            let q = b.points[j];
            let (dx, dy) = (q[0] - p[0], q[1] - p[1]);
            let d2 = dx * dx + dy * dy;
            if d2 > 4.0 * r * r || d2 == 0.0 {
                continue;
            }
            let d = d2.sqrt();
            // Midpoint of the chord, then ± half the chord along the perpendicular.
            let (mx, my) = (p[0] + dx / 2.0, p[1] + dy / 2.0);
            let half = (r * r - d2 / 4.0).max(0.0).sqrt();
            let (nx, ny) = (-dy / d * half, dx / d * half);
            for (x, y) in [(mx + nx, my + ny), (mx - nx, my - ny)] {
                if on_map(x, y) && !covered(x, y, &[i, j]) {
                    return Some([x, y]);
                }
            }
        }
    }
    None
}

/// A second, independent look: recursive subdivision of the map into squares until each lies
/// inside one disk (all four corners strictly inside), down to `r · 1e-7`. Returns the squares
/// it could not settle: those whose centre is free (a real gap) and specks at the smallest size
/// (around near-coincident crossings, if any).
fn unsettled_squares(points: &[Point], w: f64, h: f64, r: f64) -> Vec<[f64; 3]> {
    let b = Buckets::new(points, w, h, r);
    let mut stack = Vec::new();
    let side = r / 2.0;
    let mut y = 0.0;
    while y < h {
        let mut x = 0.0;
        while x < w {
            stack.push([x, y, side]);
            x += side;
        }
        y += side;
    }
    let mut unsettled = Vec::new();
    while let Some([x, y, s]) = stack.pop() {
        let (x1, y1) = ((x + s).min(w), (y + s).min(h));
        let near = b.near((x + x1) / 2.0, (y + y1) / 2.0);
        let inside = |m: usize, cx: f64, cy: f64| {
            let (dx, dy) = (b.points[m][0] - cx, b.points[m][1] - cy);
            dx * dx + dy * dy < r * r
        };
        let settled = near
            .iter()
            .any(|&m| inside(m, x, y) && inside(m, x1, y) && inside(m, x, y1) && inside(m, x1, y1));
        if settled {
            continue;
        }
        // A square whose centre is free holds a real gap: no need to look closer.
        let (cx, cy) = ((x + x1) / 2.0, (y + y1) / 2.0);
        if s < r * 1e-7 || !near.iter().any(|&m| inside(m, cx, cy)) {
            unsettled.push([x, y, s]);
            continue;
        }
        let half = s / 2.0;
        for (dx, dy) in [(0.0, 0.0), (half, 0.0), (0.0, half), (half, half)] {
            if x + dx < w && y + dy < h {
                stack.push([x + dx, y + dy, half]);
            }
        }
    }
    unsettled
}

/// The maps (`w, h, r, k, seed`) the maximal sampler's proof and the sliced runs go through:
/// the default, a fine spacing with many tries, a single try, odd sizes, a map of a few points.
const CASES: [(f64, f64, f64, u32, i32); 10] = [
    (W, H, 20.0, 30, 123456),
    (W, H, 20.0, 30, 1),
    (W, H, 8.0, 60, 7),
    (W, H, 26.0, 1, 77),
    (W, H, 26.0, 1, 5),
    (300.0, 120.0, 9.5, 7, -3),
    (300.0, 120.0, 9.5, 7, -77),
    (97.0, 61.0, 40.0, 30, 5),
    (50.0, 50.0, 40.0, 30, 3),
    (W, H, 12.0, 15, 2024),
];

#[test]
fn the_maximal_sampler_leaves_no_room() {
    for (w, h, r, k, seed) in CASES {
        let run = maximal(p(w, h, r, k, seed)).unwrap();
        assert_eq!(
            free_spot(&run.points, w, h, r),
            None,
            "{w}×{h} r {r} k {k} seed {seed}"
        );
        let unsettled = unsettled_squares(&run.points, w, h, r);
        assert!(
            unsettled.len() < 16,
            "{} squares unsettled for {w}×{h} r {r} seed {seed}",
            unsettled.len()
        );
    }
}

#[test]
fn the_proof_finds_the_gaps_the_other_samplers_leave() {
    // Not maximal: the classic and Roberts samplers leave spots where a point still fits, and the
    // check finds one, and that spot really is free.
    for method in [Method::Classic, Method::Roberts] {
        let run = sample(method, p(W, H, 20.0, 30, 123456)).unwrap();
        let [x, y] = free_spot(&run.points, W, H, 20.0).expect("a gap");
        for p in &run.points {
            assert!((p.x - x).hypot(p.y - y) >= 20.0 * (1.0 - 1e-9));
        }
        assert!(!unsettled_squares(&run.points, W, H, 20.0).is_empty());
    }
    // An empty map is all gap.
    assert_eq!(free_spot(&[], 10.0, 10.0, 3.0), Some([0.0, 0.0]));
}

#[test]
fn maximal_starts_from_roberts() {
    let r = roberts(p(W, H, 20.0, 30, 123456)).unwrap();
    let m = maximal(p(W, H, 20.0, 30, 123456)).unwrap();
    assert_eq!(&m.points[..r.points.len()], &r.points[..]);
    assert!(m.candidates > r.candidates);
    assert!(m.coverage >= r.coverage);
}

/// Every coordinate, count and figure of two runs, compared as bits.
fn assert_bit_identical(a: &SamplerRun, b: &SamplerRun, what: &str) {
    assert_eq!(a.method, b.method, "{what}");
    assert_eq!(a.points.len(), b.points.len(), "{what}: point count");
    for (i, (p, q)) in a.points.iter().zip(&b.points).enumerate() {
        assert_eq!(
            [p.x.to_bits(), p.y.to_bits(), p.r.to_bits()],
            [q.x.to_bits(), q.y.to_bits(), q.r.to_bits()],
            "{what}: point {i}"
        );
    }
    assert_eq!(a.candidates, b.candidates, "{what}: candidates");
    assert_eq!(
        a.coverage.to_bits(),
        b.coverage.to_bits(),
        "{what}: coverage"
    );
}

#[test]
fn sliced_runs_equal_the_one_call_runs_to_the_bit() {
    let slicings: [&[u64]; 4] = [&[1], &UNEVEN, &[13], &[u64::MAX]];
    for (w, h, r, k, seed) in CASES {
        for method in Method::ALL {
            let whole = sample(method, p(w, h, r, k, seed)).unwrap();
            for budgets in slicings {
                let mut job = SamplerJob::new(method, p(w, h, r, k, seed)).unwrap();
                assert_eq!(job.method(), method);
                assert_zero_budget_does_nothing(&mut job);
                let (run, calls) = run_in_slices(job, budgets);
                let what = format!("{method:?} {w}×{h} r {r} k {k} seed {seed} slices {budgets:?}");
                assert_bit_identical(&run, &whole, &what);
                if budgets == [1] {
                    // One step per call: at least one call per placed point (each point but the
                    // first is placed by a step).
                    assert!(calls >= run.points.len(), "{what}: {calls} calls");
                }
            }
        }
    }
    // The parent cone with a chosen exponent, including the flat case a = c + 1 = 0.
    for c in [-8.0, -1.0, 1.0, 3.5] {
        let whole = parent_cone(p(W, H, 16.0, 20, 99), c).unwrap();
        for budgets in slicings {
            let job = SamplerJob::parent_cone(p(W, H, 16.0, 20, 99), c).unwrap();
            let (run, _) = run_in_slices(job, budgets);
            assert_bit_identical(
                &run,
                &whole,
                &format!("parent cone c {c} slices {budgets:?}"),
            );
        }
    }
    // The bindings' call (Job::run): points only ever added while it runs.
    let mut job = SamplerJob::new(Method::Maximal, p(W, H, 20.0, 30, 1)).unwrap();
    let mut before = job.point_count();
    while !job.run(9).unwrap() {
        assert!(job.point_count() >= before);
        before = job.point_count();
    }
    assert_eq!(job.point_count(), job.take().unwrap().points.len());
}

#[test]
fn the_sampler_job_refuses_what_one_call_refuses() {
    for method in Method::ALL {
        for (w, h, r, k, seed) in [
            (W, H, 20.0, 0, 1),
            (W, H, -1.0, 30, 1),
            (W, f64::NAN, 20.0, 30, 1),
            (W, H, 1e-4, 30, 1),
            (W, H, 20.0, 30, poisson_live::rng::STUCK_SEED),
        ] {
            let one_call = sample(method, p(w, h, r, k, seed)).unwrap_err();
            let job = SamplerJob::new(method, p(w, h, r, k, seed)).unwrap_err();
            assert_eq!(one_call.to_string(), job.to_string(), "{method:?}");
        }
    }
    let one_call = parent_cone(p(W, H, 20.0, 30, 9), 51.0).unwrap_err();
    let job = SamplerJob::parent_cone(p(W, H, 20.0, 30, 9), 51.0).unwrap_err();
    assert_eq!(one_call.to_string(), job.to_string());
}

/// Every method's points, candidate count, coverage and sliced progress, pinned on several maps
/// and seeds (computed before the samplers shared Bridson's loop): a change in the draws consumed,
/// the order of the candidates or the counting moves one of them.
#[test]
fn every_method_is_pinned_with_its_candidates_and_progress() {
    let cases = [
        p(W, H, 20.0, 30, 123456),
        p(W, H, 8.0, 60, 7),
        p(W, H, 26.0, 1, 5),
        p(300.0, 120.0, 9.5, 7, -77),
        p(50.0, 50.0, 40.0, 30, 3),
        p(500.0, 500.0, 4.0, 30, 2024),
    ];
    let mut got = Vec::new();
    let mut runs: Vec<(String, SamplerJob)> = Vec::new();
    for (i, &params) in cases.iter().enumerate() {
        for method in Method::ALL {
            runs.push((
                format!("{i} {method:?}"),
                SamplerJob::new(method, params).unwrap(),
            ));
        }
        for c in [-8.0, -1.0, 1.0, 3.5] {
            runs.push((
                format!("{i} cone {c}"),
                SamplerJob::parent_cone(params, c).unwrap(),
            ));
        }
    }
    for (what, mut job) in runs {
        let mut shown = 0xcbf2_9ce4_8422_2325u64;
        while !job.run(5).unwrap() {
            shown = (shown ^ job.progress().to_bits()).wrapping_mul(0x0000_0100_0000_01b3);
        }
        let run = job.take().unwrap();
        got.push(format!(
            "{what}: {} {:#x} {} {:#x} {:#x}",
            run.points.len(),
            fingerprint(&run.points),
            run.candidates,
            run.coverage.to_bits(),
            shown
        ));
    }
    let got = got.join("\n");
    assert_eq!(got.trim(), include_str!("samplers_pins.txt").trim());
}
