//! Regression tests from fuzzing (`fuzz/`, see fuzz/README.md).
//!
//! Every finding of the fuzz targets is here as a plain test with the minimised input and a
//! comment naming the bug. Tests of bugs not yet fixed are `#[ignore = "bug …"]` so the suite
//! stays green; run them with `cargo test -p poisson-live --test fuzz_regressions --
//! --include-ignored`. Remove the `ignore` (and the matching gate in `fuzz/src/lib.rs`, module
//! `known`) when a fix lands.
//!
//! The tests at the end are not bugs: extreme but valid inputs the fuzzer found interesting,
//! kept as ordinary tests.

use poisson_live::bridson::{Outcome, Sampler, Step, MAX_K};
use poisson_live::darts::{DartThrower, MAX_MISSES};
use poisson_live::error::DEFAULT_MAX_CELLS;
use poisson_live::error::{MAX_LENGTH, MIN_LENGTH};
use poisson_live::grid::Grid;
use poisson_live::layers::{overlaps, place_layers, Layer, Mask};
use poisson_live::metrics::{largest_empty_circle, tightest_pair};
use poisson_live::rng::STUCK_SEED;
use poisson_live::{jittered_grid, poisson_disk, random_points, Error, Point};
use poisson_live::{DartParams, Job};

/// Every pair at least the smaller radius apart, decided exactly: `hypot` on halved
/// coordinates neither overflows nor underflows, unlike the squares the crate compares.
fn assert_spaced(points: &[Point]) {
    for (i, a) in points.iter().enumerate() {
        for (j, b) in points.iter().enumerate().skip(i + 1) {
            let d = (a.x / 2.0 - b.x / 2.0).hypot(a.y / 2.0 - b.y / 2.0) * 2.0;
            let m = a.r.min(b.r);
            assert!(
                d >= m * (1.0 - 1e-9),
                "points {i} {a:?} and {j} {b:?} are {d:e} apart, need {m:e}"
            );
        }
    }
}

/// A sampler on a square map of side `side` with spacing `r` finishes within `steps` steps,
/// places more than one point, and keeps its spacing.
fn assert_finishes_spaced(side: f64, r: f64, steps: u64) {
    let mut s = Sampler::new(side, side, r, 30, 1).unwrap();
    s.start_random();
    assert!(s.run(steps).unwrap(), "not finished after {steps} steps");
    assert!(s.points().len() > 1);
    assert_spaced(s.points());
}

/// The length the crate refuses in `result`: it must be an [`Error::OutOfRange`] for the
/// parameter `name` holding `value`, as the fix of each length bug promises.
fn assert_refused<T: std::fmt::Debug>(result: poisson_live::Result<T>, name: &str, value: f64) {
    match result {
        Err(Error::OutOfRange {
            name: n, value: v, ..
        }) if n == name && v == value => {}
        other => panic!("{name} {value:e} not refused as out of range: {other:?}"),
    }
}

/// The advice in a too-much-work error for a `w × h` map works: it names a radius > 0 whose grid
/// fits the limit.
fn assert_advice_works(w: f64, h: f64, r: f64) {
    let err = Sampler::new(w, h, r, 30, 1).unwrap_err();
    let in_range = |v: f64| (MIN_LENGTH..=MAX_LENGTH).contains(&v);
    if !(in_range(w) && in_range(h) && in_range(r)) {
        // Lengths outside the documented range are refused outright, naming the parameter.
        assert!(matches!(err, Error::OutOfRange { .. }), "{err:?}");
        assert!(err.to_string().contains("must be between"), "{err}");
        return;
    }
    assert!(matches!(err, Error::TooMuchWork { .. }), "{err:?}");
    let msg = err.to_string();
    let advice = err
        .advised_minimum("radius")
        .unwrap_or_else(|| panic!("no advice in {err:?}"));
    assert!(msg.ends_with(err.advice().unwrap().text()), "{msg}");
    assert!(advice > 0.0, "advice {advice} in {msg:?}");
    assert!(
        Grid::for_radius(w, h, advice).is_ok(),
        "advice {advice} from {msg:?} does not fit"
    );
}

// ---------------------------------------------------------------------------------------------
// Bug A: a map thinner than one cell gets a grid of 0 columns (or rows)
// ---------------------------------------------------------------------------------------------
//
// `ceil(width / cell)` is 0 when `width / cell` underflows (width ≪ cell). The limit check
// multiplies columns by rows, so 0 × anything passes; the grid is built with 0 columns, and
// `cell_of` then clamps into `0..=cols - 1`, which panics ("min > max"). The other side is not
// limited at all: `Grid::new(1e-300, 1e300, 1e290)` asks for 160 GB and aborts the process.
// Found by sampler_ops, layers_ops and darts_ops within seconds.

#[test]
fn a_grid_thinner_than_a_cell_is_refused_or_usable() {
    // A side below MIN_LENGTH is refused; the thinnest side allowed gets one column.
    assert_refused(Grid::new(5e-324, 1e100, 1e100), "width", 5e-324);
    let g = Grid::new(MIN_LENGTH, 1e100, 1e100).unwrap();
    assert_eq!((g.cols(), g.rows()), (1, 1));
    assert!(g.is_free(0.0, 0.0, 1e100));
    assert!(g.probe(0.0, 0.0, 1e100).is_free());
}

#[test]
fn a_sampler_on_a_map_thinner_than_a_cell_is_refused_or_runs() {
    assert_refused(Sampler::new(1e-300, 1.0, 1e300, 30, 1), "width", 1e-300);
    assert_refused(
        DartThrower::new(DartParams {
            width: 1e-300,
            height: 3453.4375,
            radius: 1e150,
            max_misses: 45,
            seed: 38,
        }),
        "width",
        1e-300,
    );
    let mut s = Sampler::new(MIN_LENGTH, 1.0, 1e150, 30, 1).unwrap();
    s.start_random();
    s.finish();
    assert_eq!(s.points().len(), 1);
    let mut d = DartThrower::new(DartParams {
        width: MIN_LENGTH,
        height: 3453.4375,
        radius: 1e150,
        max_misses: 45,
        seed: 38,
    })
    .unwrap();
    d.finish();
    assert_eq!(d.kept().len(), 1);
}

#[test]
fn a_zero_width_grid_still_counts_its_rows_against_the_limit() {
    // 0 columns hide 6.25e7 rows (twice the limit); the grid is built anyway (1 GB of cells).
    // With a larger height the same call aborts on a failed allocation, and
    // Grid::new(f64::MAX, 5e-324, 976.6875) overflows `cols + 2 * PAD` (a panic in debug).
    let g = Grid::new(5e-324, 1e9, 16.0);
    assert!(
        matches!(g, Err(Error::TooMuchWork { .. } | Error::OutOfRange { .. })),
        "{:?}",
        g.map(|g| (g.cols(), g.rows()))
    );
}

// ---------------------------------------------------------------------------------------------
// Bug B: "use a radius ≥ …" advice that does not work on huge, tiny or very thin maps
// ---------------------------------------------------------------------------------------------
//
// `min_cell_for` solves `a u² + b u + c = 0` with `a = w·h`, `b = w + h` by the textbook
// formula. `b²` overflows for w + h ≳ 1.34e154 (advice 0 or NaN), `a` underflows for tiny maps
// (advice 0), and on a very thin map `-b + sqrt(b² - 4ac)` cancels (advice too small by ~1%).
// The form `u = 2(n - 1) / (b + sqrt(b² + 4a(n - 1)))` avoids the cancellation; scaling w and h
// by a power of two before solving avoids the overflow. Found by sampler_ops (the advice check).

#[test]
fn b_advice_works_on_a_huge_map() {
    assert_advice_works(1888.375, 1.497088070224133e248, 1.0424840322e-312);
    assert_advice_works(1.0, 1e160, 1.0);
    assert_advice_works(1e150, 1.34e154, 96.0);
}

#[test]
fn b_advice_works_on_a_map_whose_area_overflows() {
    assert_advice_works(1e200, 1e200, 1.0);
}

#[test]
fn b_advice_works_on_a_tiny_map() {
    assert_advice_works(
        1.0020688894133608e-292,
        5.923015518375049e-277,
        2.228036104175e-312,
    );
}

#[test]
fn b_advice_works_on_a_very_thin_map() {
    // Advises 0.000035; a radius of 0.000035 needs 33.6 M cells, over the 33.5 M limit.
    assert_advice_works(832.375, 1e-20, 1.8876487214400166e-306);
}

#[test]
fn b_message_does_not_show_a_tiny_radius_as_zero() {
    // "radius 0 on 1888 × 1.5e248 needs …": `short` keeps at most 20 decimals.
    let msg = Sampler::new(1888.375, 1.497088070224133e248, 1.0424840322e-312, 30, 1)
        .unwrap_err()
        .to_string();
    assert!(!msg.starts_with("radius 0 "), "{msg}");
}

// ---------------------------------------------------------------------------------------------
// Bug C: radii above ~1.34e154 — squares overflow, points far too close, no end
// ---------------------------------------------------------------------------------------------
//
// The grid compares `dx² + dy² < min(r)²`. For r ≳ 1.34e154, r² is ∞ and a distance whose
// square overflows also reads ∞, so `∞ < ∞` is false: a point 0.2 r away is "not too close".
// In `step`, `hi = 4r²` is ∞ too, so every candidate is "in the ring". The sampler then places a
// point on every step and never finishes: `poisson_disk(2e155, 2e155, 1e155, 30, 1)` loops
// until memory runs out. Found by sampler_ops (exact spacing check) and darts_ops.
// A fix: refuse radii and sides above some bound (1e100 leaves room), or compare in units of r.

#[test]
fn c_grid_refuses_a_close_point_when_the_radius_is_huge() {
    // Refusing lengths beyond MAX_LENGTH is the fix; the largest grid allowed keeps spacing.
    assert_refused(Grid::for_radius(1e156, 1e156, 1e155), "width", 1e156);
    let mut g = Grid::for_radius(MAX_LENGTH, MAX_LENGTH, MAX_LENGTH / 10.0).unwrap();
    assert!(g.insert_if_free(0.0, 0.0, MAX_LENGTH / 10.0).is_some());
    assert!(
        g.insert_if_free(MAX_LENGTH / 50.0, 0.0, MAX_LENGTH / 10.0)
            .is_none(),
        "r / 5 apart"
    );
}

#[test]
fn c_sampler_with_a_huge_radius_finishes_and_keeps_its_spacing() {
    // Refusing the lengths is the fix; the largest allowed finish and keep their spacing.
    assert_refused(Sampler::new(2e155, 2e155, 1e155, 30, 1), "width", 2e155);
    assert_finishes_spaced(MAX_LENGTH, MAX_LENGTH / 2.0, 5_000);
}

// ---------------------------------------------------------------------------------------------
// Bug D: radii below ~1e-162 — squares underflow to 0, every candidate accepted, no end
// ---------------------------------------------------------------------------------------------
//
// The mirror image of C: r² is 0, `d² < 0` is never true, so nothing is ever too close; with
// `lo = hi = 0` in `step` every candidate whose d² underflows is "in the ring". The sampler
// places a point on every step (several per cell, overwriting the grid) and never finishes.
// Between ~1e-162 and ~1.5e-154 r² is subnormal and the comparison loses digits. A subnormal
// radius is refused with a misleading "smaller than this grid allows … build the grid for the
// smallest radius" (r / √2 · √2 rounds above r there). Found by sampler_ops.

#[test]
fn d_grid_refuses_a_close_point_when_the_radius_is_tiny() {
    // Refusing lengths below MIN_LENGTH is the fix; the smallest grid allowed keeps spacing.
    assert_refused(Grid::for_radius(1e-168, 1e-168, 1e-170), "width", 1e-168);
    let mut g = Grid::for_radius(1e-148, 1e-148, MIN_LENGTH).unwrap();
    assert!(g.insert_if_free(0.0, 0.0, MIN_LENGTH).is_some());
    assert!(
        g.insert_if_free(MIN_LENGTH / 10.0, 0.0, MIN_LENGTH)
            .is_none(),
        "r / 10 apart"
    );
}

#[test]
fn d_sampler_with_a_tiny_radius_finishes_and_keeps_its_spacing() {
    // Refusing the lengths is the fix; at the smallest allowed (141 × 141 cells, at most
    // ~20 000 points) the sampler finishes and keeps its spacing.
    assert_refused(Sampler::new(1e-168, 1e-168, 1e-170, 30, 1), "width", 1e-168);
    assert_finishes_spaced(1e-148, MIN_LENGTH, 50_000);
}

#[test]
fn d_subnormal_radius_message_names_the_radius() {
    let r = Sampler::new(
        2.346222e-317,
        1.74515596745504e-310,
        1.25197751667e-312,
        72,
        1,
    );
    let msg = r.unwrap_err().to_string();
    assert!(!msg.contains("build the grid"), "{msg}");
}

// ---------------------------------------------------------------------------------------------
// Bug E: largest_empty_circle panics when the points' bounding box area overflows
// ---------------------------------------------------------------------------------------------
//
// `NearestGrid::new` takes `cell = sqrt(ex · ey / n)`; with ex · ey = ∞ it falls back to
// cell = 1, so `ex / cell` is ~1e300 columns: `as usize` saturates, `+ 1` overflows (panic in
// debug), and in release the wrapped size gives "index out of bounds". Found by metrics.

#[test]
fn e_largest_empty_circle_survives_a_huge_bounding_box() {
    // Within the crate's length range a huge box still has its clearing...
    let c = largest_empty_circle(&[[0.0, 0.0], [1e150, 1e150]], 1.0, 1.0).unwrap();
    assert!(c.radius >= 1.0);
    // ...and beyond it (where squares overflow) there is none to report, and no panic.
    assert_eq!(
        largest_empty_circle(&[[0.0, 0.0], [1e300, 1e300]], 1.0, 1.0),
        None
    );
}

// ---------------------------------------------------------------------------------------------
// Bug F: jittered_grid with 0 columns loops over an unlimited number of rows
// ---------------------------------------------------------------------------------------------
//
// Like A: `floor(width / spacing) = 0` makes the point count 0, which passes the limit, and
// the row loop then runs `floor(height / spacing)` times (1e300 as usize = usize::MAX): a hang
// in debug builds (release happens to drop the empty loop). Found by darts_ops.

#[test]
fn f_jittered_grid_with_no_columns_counts_its_rows() {
    // A spacing wider than the map has no whole cell: an empty result (degenerate but valid
    // input), returned at once instead of after looping over 1e8 empty rows.
    let started = std::time::Instant::now();
    assert_eq!(
        jittered_grid(1.0, 0.5, 1e8, 1).unwrap(),
        Vec::<Point>::new()
    );
    assert_eq!(
        jittered_grid(1.0, 1e150, 0.5, 1).unwrap(),
        Vec::<Point>::new()
    );
    assert!(
        started.elapsed().as_millis() < 100,
        "took {:?}",
        started.elapsed()
    );
}

// ---------------------------------------------------------------------------------------------
// Bug G: a subnormal map side lets a point land on the far edge
// ---------------------------------------------------------------------------------------------
//
// `u · side` with u < 1 rounds up to `side` when side is subnormal (5e-324 has one bit), so
// random_points and the dart thrower return y == height, off the map [0, h). Found by
// darts_ops. Refusing subnormal sides (or any side below some minimum) is a fix.

#[test]
fn g_random_points_refuse_a_subnormal_map() {
    // Refusing subnormal sides is the fix.
    assert_refused(
        random_points(1000, 5e-324, 1447.125, 54999),
        "width",
        5e-324,
    );
}

#[test]
fn g_darts_refuse_a_subnormal_map() {
    assert_refused(
        DartThrower::new(DartParams {
            width: 3181.4375,
            height: 5e-324,
            radius: 0.5,
            max_misses: 30,
            seed: 1,
        }),
        "height",
        5e-324,
    );
}

// ---------------------------------------------------------------------------------------------
// Bug H: tightest_pair breaks its tie rule when the smallest d² underflows
// ---------------------------------------------------------------------------------------------
//
// The docs promised the smallest (i, j) among pairs with the smallest dx² + dy². (0, 1) is
// 5e-324 apart, d² = 0; (0, 2) are duplicates, d² = 0: a tie by that rule, so (0, 1) should
// have won, but the duplicate pass returns (0, 2). Found by metrics. Fixed in the docs: exact
// duplicates come first (they are truly the closest), and among distinct pairs whose d²
// underflows only the distance is promised.

#[test]
fn h_tightest_pair_puts_exact_duplicates_first() {
    let pts = [[0.0, 0.0], [0.0, 5e-324], [0.0, 0.0]];
    assert_eq!(tightest_pair(&pts), Some((0, 2, 0.0)));
    // Without the duplicate, the pair 5e-324 apart is the closest, at a distance of 0 (d²
    // underflows).
    assert_eq!(tightest_pair(&pts[..2]), Some((0, 1, 0.0)));
}

// ---------------------------------------------------------------------------------------------
// Bug I: Grid::conflict with a radius ≤ -1.5e150 hits the empty-cell sentinel
// ---------------------------------------------------------------------------------------------
//
// `too_close` takes the smaller radius, -∞ here; its square is ∞, larger than the sentinel's
// distance, so an empty cell "conflicts" and `i as usize - 1` underflows: a panic in debug,
// `Some(usize::MAX)` in release. Grid::is_free and conflict are public; a radius that is not
// finite and positive could simply never conflict (or be refused). Found by layers_ops.

#[test]
fn i_conflict_with_a_negative_radius_on_an_empty_grid() {
    let g = Grid::new(10.0, 10.0, 1.0).unwrap();
    assert_eq!(g.conflict(5.0, 5.0, f64::NEG_INFINITY), None);
    assert_eq!(g.conflict(5.0, 5.0, -1e200), None);
}

// ---------------------------------------------------------------------------------------------
// Bug J: probe and is_free disagree for a NaN radius
// ---------------------------------------------------------------------------------------------
//
// `probe` uses `r.min(p.r)` (NaN → the neighbour's radius), `too_close` uses
// `if p.r < r { p.r } else { r }` (NaN → NaN, never too close). The grid lab would draw a
// conflict that the sampler ignores. Found by layers_ops (probe vs is_free).

#[test]
fn j_probe_agrees_with_is_free_for_a_nan_radius() {
    let mut g = Grid::new(10.0, 10.0, 1.0).unwrap();
    g.add(5.0, 5.0, 2.0).unwrap();
    assert_eq!(
        g.probe(5.5, 5.0, f64::NAN).is_free(),
        g.is_free(5.5, 5.0, f64::NAN)
    );
}

// ---------------------------------------------------------------------------------------------
// Bug K: largest_empty_circle missed the widest clearing on an extremely thin point set
// ---------------------------------------------------------------------------------------------
//
// Five points spread over 1e30 in x and 1e-9 in y (aspect 1e39). The widest clearing is
// centred near x = 4.115e29 (between x = 1.57e29 and 6.66e29) with radius ≈ 2.54e29; the
// function returned radius 1.76e29 at x = 3.33e29. A second case: a pair of points 0.125 apart
// on a 1e15 map (relative 1e-16) lost the widest clearing too. Found by metrics. Two causes:
// the triangulation's in-circle test is plain floating point, so its triangles were not
// Delaunay (fixed by flipping edges with exact predicates), and it skipped the point at
// x = 1.57e29 altogether (fixed by adding that point's candidates by brute force).

#[test]
fn k_largest_empty_circle_on_a_very_thin_point_set() {
    let pts = [
        [0.0, 1e-9],
        [6.660000000000001e29, 4.42e-10],
        [9.999999999999999e29, 9.999999999999999e-10],
        [1.5708171206225683e29, 9.999999999999999e-10],
        [1e30, 4.42e-10],
    ];
    let c = largest_empty_circle(&pts, 1e30, 1e-9).unwrap();
    assert!(c.radius >= 2.54e29, "{c:?}");
}

#[test]
fn k_largest_empty_circle_with_a_near_duplicate_pair() {
    // Seven points on a 1e15 map; two of them 0.125 apart (a relative 1e-16) in one corner.
    // The centre (4.375e14, 4.375e14) has 5.465e14 of room; the result is 5.182e14.
    let pts = [
        [362000000000000.0, 999509727626459.1],
        [1000000000000000.0, 1000000000000000.0],
        [1000000000000000.0, 999999999999999.9],
        [0.0, 110000000000000.0],
        [std::f64::consts::SQRT_2, 0.0],
        [0.0, 1000000000000000.0],
        [999999999999999.9, 0.0],
    ];
    let c = largest_empty_circle(&pts, 1e15, 1e15).unwrap();
    assert!(c.radius >= 5.465e14, "{c:?}");
}

#[test]
// The fuzzer's values exactly, √2 and the float just below it among them.
#[allow(clippy::approx_constant)]
fn k_largest_empty_circle_on_a_thin_map_with_skipped_points() {
    // Found once the first two cases were fixed: on a 1e15 × 1.41 map the triangulation leaves
    // out ten points, among them (8.486e14, 1e-9), which bounds the widest clearing; copies of
    // other points had crowded it out of the skipped points' nearest neighbours.
    let pts = [
        [1e15, 1.4142135623730951],
        [999999999999999.9, 273.0625],
        [0.5, 1e-9],
        [1.0, 0.625082394568908],
        [887276264591439.8, 0.6269093163693278],
        [1.0, 0.0],
        [0.0, 1.414213562373095],
        [0.0, 0.6929646455628166],
        [442000000000000.0, 0.625082394568908],
        [-10000000000000.0, 1.2001665617925945],
        [1e15, 0.0],
        [490000000000000.0, 1.2001005284745072],
        [1e-9, 1.414213562373095],
        [999999999999999.9, 1.092774375476356],
        [1e15, 0.0],
        [999999999999999.9, 0.6929646455628166],
        [848599221789883.4, 1e-9],
        [248505836575875.5, 0.0],
        [999999999999999.9, 0.0],
        [1.0, 0.0],
        [1010000000000000.0, 0.0],
        [1.0, 0.625082394568908],
        [248505836575875.5, 0.0],
        [442000000000000.0, 0.625082394568908],
        [1.0, 0.0],
        [1e15, 1.4142135623730951],
        [1.0, 0.625082394568908],
        [248505836575875.5, 0.0],
        [999999999999999.9, 1.092774375476356],
        [-10000000000000.0, 1.2001665617925945],
        [1.0, 0.0],
        [0.0, 0.6929646455628166],
        [0.0, 0.6929646455628166],
        [1.0, 0.0],
        [248505836575875.5, 0.0],
        [1e15, 0.0],
        [1.0, 0.625082394568908],
    ];
    let c = largest_empty_circle(&pts, 1e15, 1.4142135623730951).unwrap();
    // Between x = 4.9e14 and 8.486e14, on the bottom side: 1.793e14 of room (a 17 × 17 lattice
    // of centres already finds 1.611e14 at x = 6.875e14).
    assert!(c.radius >= 1.79e14, "{c:?}");
}

// ---------------------------------------------------------------------------------------------
// Bug L: -0.0 next to 0.0 on a line of points loses a clearing
// ---------------------------------------------------------------------------------------------
//
// Collinear points on x = 0 with one x written -0.0 and a duplicate at (0, 0): the gap between
// y = 0 and y = 26 is skipped. At (10, 13) the nearest point is √269 ≈ 16.40 away; the result
// is 14.5 at (10, 36.5). With every x = +0.0 the answer is right. A click at x = -0.0 is
// accepted by `try_add` (-0.0 ≥ 0), so a sampler can produce such a point. Found by metrics.

#[test]
fn l_largest_empty_circle_with_negative_zero() {
    let pts = [[-0.0, 26.0], [-0.0, 47.0], [-0.0, 0.0], [0.0, 0.0]];
    let c = largest_empty_circle(&pts, 10.0, 47.0).unwrap();
    assert!(c.radius >= 269f64.sqrt() * (1.0 - 1e-12), "{c:?}");
}

// ---------------------------------------------------------------------------------------------
// Bug M: a radius of many cells makes every query scan up to the whole grid
// ---------------------------------------------------------------------------------------------
//
// `Grid::conflict` reads a (2·⌈r / cell⌉ + 1)² block around the candidate, clamped to the grid.
// A sampler whose radius is many cells (a big layer on a grid built for a small one, or a radius
// rule far above the minimum) pays that for every candidate, however few points are stored:
// radius 720 on a grid of 0.5 cells (645 × 8168 = 5.3 M cells) reads 1.9 M cells for each free
// candidate, and three `seed_blocks` calls took 47 s in the fuzzer. The cell limit bounds the
// memory, not this. A fix: when the block has more cells than the grid has points, test the
// stored points instead. Found by sampler_ops (slow unit), also reached through
// `with_radius_fn` (radius 851 on cells of 11.3).

#[test]
fn m_a_radius_of_many_cells_does_not_scan_the_whole_grid() {
    let grid = Grid::new(322.6875, 4083.875, 0.5).unwrap();
    let mut s = Sampler::with_grid(grid, 719.9375, 118, 305592466).unwrap();
    assert_eq!(s.start_at(100.0, 100.0), Outcome::Accepted);
    let t = std::time::Instant::now();
    for i in 0..200 {
        // Far from the one point: free, found so after reading 2881 rows × 645 columns.
        assert!(s.grid().is_free(100.0 + f64::from(i), 3000.0, 719.9375));
    }
    let spent = t.elapsed();
    assert!(
        spent.as_secs_f64() < 1.0,
        "200 free candidates took {spent:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Bug N: largest_empty_circle panics inside the triangulation on coordinates near f64::MAX
// ---------------------------------------------------------------------------------------------
//
// Found by metrics after E was fixed (the bounding-box overflow no longer stops such points
// first): seven finite points, two of them at ±1.8e308, make `delaunator::triangulate` index
// out of bounds ("the len is 35 but the index is 18446744073709551615"). The docs only ask for
// finite coordinates. Refusing (or skipping) points beyond MAX_LENGTH, or scaling, would do.

#[test]
fn n_largest_empty_circle_survives_coordinates_near_the_float_limit() {
    let pts = [
        [2.898486693572784e238, 1.2586500705120547],
        [-1.7976931348623157e308, -3.66426206451617e88],
        [490000000000000.0, 0.6929646455628166],
        [999999999999999.9, 1e150],
        [1e-9, 1e-9],
        [1.7976931348623157e308, 0.0],
        [0.0, 0.0],
    ];
    let c = std::panic::catch_unwind(|| largest_empty_circle(&pts, 1.0, 1.0));
    // Fixed by declining coordinates beyond MAX_LENGTH: no panic, and no clearing to report.
    assert_eq!(
        c.ok(),
        Some(None),
        "largest_empty_circle panicked or answered"
    );
}

// ---------------------------------------------------------------------------------------------
// Not bugs: extreme but valid inputs, kept as ordinary tests
// ---------------------------------------------------------------------------------------------

/// Scaling the map and the radius by a power of two scales every computation exactly, so the
/// same seed must give the same points, scaled, down to 2^-400 (≈ 4e-121) and up to 2^400
/// (≈ 2.6e120): the range where the squares neither underflow nor overflow.
#[test]
fn scaling_by_a_power_of_two_gives_the_same_points_scaled() {
    let base = poisson_disk(20.0, 20.0, 1.0, 30, 1).unwrap();
    assert!(base.len() > 200);
    for e in [-400, -100, -1, 1, 100, 400] {
        let s = 2f64.powi(e);
        let scaled = poisson_disk(20.0 * s, 20.0 * s, s, 30, 1).unwrap();
        let back: Vec<Point> = scaled
            .iter()
            .map(|p| Point {
                x: p.x / s,
                y: p.y / s,
                r: p.r / s,
            })
            .collect();
        assert_eq!(back, base, "scale 2^{e}");
    }
}

#[test]
fn radii_at_the_edges_of_the_safe_range_keep_their_spacing() {
    for r in [1e-150, 1e150] {
        let mut s = Sampler::new(20.0 * r, 20.0 * r, r, 30, 1).unwrap();
        s.start_random();
        assert!(s.run(10_000).unwrap(), "r = {r:e} did not finish");
        assert!(s.points().len() > 200);
        assert_eq!(s.steps(), 2 * s.points().len() as u64 - 1);
        assert_spaced(s.points());
    }
}

#[test]
fn the_cell_limit_is_exact() {
    // 8192 × 4096 cells of side 1 is exactly 2^25: allowed. Half a row more is not.
    assert_eq!(8192 * 4096, DEFAULT_MAX_CELLS);
    assert!(Grid::new(8192.0, 4096.0, 1.0).is_ok());
    assert!(matches!(
        Grid::new(8192.0, 4096.5, 1.0),
        Err(Error::TooMuchWork { .. })
    ));
}

#[test]
fn extreme_k_and_seeds() {
    for k in [1, MAX_K] {
        for seed in [i32::MIN, -1, 0, 1, i32::MAX] {
            let mut s = Sampler::new(60.0, 40.0, 7.0, k, seed).unwrap();
            s.start_random();
            s.finish();
            assert_spaced(s.points());
            assert_eq!(s.steps(), 2 * s.points().len() as u64 - 1);
        }
    }
    assert!(Sampler::new(60.0, 40.0, 7.0, 0, 1).is_err());
    assert!(Sampler::new(60.0, 40.0, 7.0, MAX_K + 1, 1).is_err());
    assert!(Sampler::new(60.0, 40.0, 7.0, 30, STUCK_SEED).is_err());
}

#[test]
fn bad_numbers_are_errors_not_panics() {
    let nasty = [
        0.0,
        -0.0,
        -1.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        -f64::MAX,
    ];
    for &v in &nasty {
        assert!(Sampler::new(v, 100.0, 5.0, 30, 1).is_err(), "width {v}");
        assert!(Sampler::new(100.0, v, 5.0, 30, 1).is_err(), "height {v}");
        assert!(Sampler::new(100.0, 100.0, v, 30, 1).is_err(), "radius {v}");
        assert!(DartThrower::new(DartParams {
            width: 100.0,
            height: 100.0,
            radius: v,
            max_misses: 30,
            seed: 1
        })
        .is_err());
        assert!(Grid::new(100.0, 100.0, v).is_err());
        assert!(jittered_grid(v, 100.0, 100.0, 1).is_err());
        assert!(random_points(3, v, 100.0, 1).is_err());
    }
    // Too much work, not an allocation: a radius of 1e-9 on the page's map, and f64::MAX sides.
    assert!(matches!(
        Sampler::new(880.0, 480.0, 1e-9, 30, 1),
        Err(Error::TooMuchWork { .. })
    ));
    assert!(Sampler::new(f64::MAX, f64::MAX, 1.0, 30, 1).is_err());
    assert!(DartThrower::new(DartParams {
        width: 100.0,
        height: 100.0,
        radius: 5.0,
        max_misses: MAX_MISSES + 1,
        seed: 1
    })
    .is_err());
}

#[test]
fn clicks_on_and_off_the_edges() {
    let mut s = Sampler::new(100.0, 50.0, 10.0, 30, 1).unwrap();
    let below = |v: f64| f64::from_bits(v.to_bits() - 1);
    for (x, y) in [
        (100.0, 10.0),
        (10.0, 50.0),
        (-1e-300, 10.0),
        (f64::NAN, 10.0),
        (f64::INFINITY, 10.0),
        (10.0, f64::NEG_INFINITY),
    ] {
        assert_eq!(s.try_add(x, y), Outcome::OffMap, "({x}, {y})");
    }
    assert_eq!(s.start_at(below(100.0), below(50.0)), Outcome::Accepted);
    assert_eq!(s.try_add(0.0, 0.0), Outcome::Accepted);
    assert!(matches!(s.try_add(5.0, 5.0), Outcome::TooClose(1)));
    while s.step() != Step::Finished {}
    assert_spaced(s.points());
    assert!(s
        .points()
        .iter()
        .all(|p| p.x >= 0.0 && p.x < 100.0 && p.y >= 0.0 && p.y < 50.0));
    assert_eq!(s.retired(), s.points().len());
}

#[test]
fn a_click_far_outside_a_huge_valid_map_is_just_off_the_map() {
    // Huge sides, inside the range where squares are exact (see bug C for beyond).
    let mut s = Sampler::new(1e100, 1e100, 1e99, 30, 1).unwrap();
    assert_eq!(s.try_add(f64::MAX, 0.0), Outcome::OffMap);
    assert_eq!(s.try_add(-f64::MAX, 0.0), Outcome::OffMap);
    assert_eq!(s.start_random(), Outcome::Accepted);
    assert!(s.run(1_000).unwrap());
    assert!(s.points().len() > 50);
    assert_spaced(s.points());
}

#[test]
fn masked_layers_with_extreme_discs_never_overlap() {
    // Discs with NaN, infinite and huge entries; the rule just says yes or no.
    let discs = vec![
        [f64::NAN, 50.0, 30.0],
        [50.0, 50.0, f64::INFINITY],
        [1e300, 1e300, 1e300],
        [20.0, 20.0, -15.0],
    ];
    let layers = vec![
        Layer::new(30.0, 30, 1).with_mask(Mask::OutsideDiscs(discs.clone())),
        Layer::new(10.0, 30, 2).with_mask(Mask::InsideDiscs(discs)),
        Layer::new(4.0, 1, i32::MIN),
    ];
    let placed = place_layers(200.0, 120.0, layers).unwrap();
    assert!(overlaps(&placed).is_empty());
    let all: Vec<Point> = placed.iter().flatten().copied().collect();
    assert_spaced(&all);
}
