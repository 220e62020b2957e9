//! Invariants of the sampler crate as property tests, each with the bug it guards against.
//!
//! Distances are checked by brute force over every pair (the maps are small), with the crate's own
//! rule written out: two points of radii ri and rj are far enough apart when
//! dx² + dy² ≥ min(ri, rj)². Slow, exhaustive variants are `#[ignore]`d with the reason.

use poisson_live::bridson::{variable_radius, Outcome, Sampler, Step, MAX_K};
use poisson_live::darts::{DartThrower, MAX_MISSES, MISS_WINDOW, RECENT_REJECTED};
use poisson_live::error::{Bound, DEFAULT_MAX_CELLS};
use poisson_live::grid::Grid;
use poisson_live::layers::{
    overlaps, place_layer, place_layers, place_layers_separately, shared_grid, Layer, Mask, Overlap,
};
use poisson_live::rng::{ParkMiller, STUCK_SEED};
use poisson_live::{dart_throwing, jittered_grid, poisson_disk, random_points, Error, Point};
use poisson_live::{DartParams, Job, SamplerParams};
use proptest::prelude::*;

mod common;
use common::{map_and_spacing, spacing};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn d2(ax: f64, ay: f64, bx: f64, by: f64) -> f64 {
    let (dx, dy) = (ax - bx, ay - by);
    dx * dx + dy * dy
}

/// Every pair keeps the smaller of its two radii (brute force, O(n²)).
fn check_spacing(points: &[Point]) -> Result<(), TestCaseError> {
    for (i, a) in points.iter().enumerate() {
        for (j, b) in points.iter().enumerate().skip(i + 1) {
            let m = a.r.min(b.r);
            prop_assert!(
                d2(a.x, a.y, b.x, b.y) >= m * m,
                "points {} {:?} and {} {:?} are {} apart, need {}",
                i,
                a,
                j,
                b,
                d2(a.x, a.y, b.x, b.y).sqrt(),
                m
            );
        }
    }
    Ok(())
}

fn check_in_bounds(
    what: &str,
    points: impl IntoIterator<Item = impl Into<[f64; 2]>>,
    w: f64,
    h: f64,
) -> Result<(), TestCaseError> {
    for (i, [x, y]) in points.into_iter().map(Into::into).enumerate() {
        prop_assert!(
            (0.0..w).contains(&x) && (0.0..h).contains(&y),
            "{}: point {} ({}, {}) off the {} × {} map",
            what,
            i,
            x,
            y,
            w,
            h
        );
    }
    Ok(())
}

fn xy(points: &[Point]) -> Vec<[f64; 2]> {
    points.iter().map(|p| [p.x, p.y]).collect()
}

fn bits(points: &[Point]) -> Vec<[u64; 3]> {
    points
        .iter()
        .map(|p| [p.x.to_bits(), p.y.to_bits(), p.r.to_bits()])
        .collect()
}

/// Any seed but the one the generator refuses.
fn seed() -> impl Strategy<Value = i32> {
    any::<i32>().prop_filter("the stuck seed is refused", |&s| s != STUCK_SEED)
}

/// A seed other than `s` (and not the stuck one), for a second layer.
fn other_seed(s: i32) -> i32 {
    match s ^ 1 {
        STUCK_SEED => 1,
        t => t,
    }
}

fn side() -> impl Strategy<Value = f64> + Clone {
    common::side(10, 300)
}

/// A map and a radius giving at most about `max_points` points (so O(n²) checks stay cheap), up
/// to a radius larger than the map.
fn map_and_radius(max_points: f64) -> impl Strategy<Value = (f64, f64, f64)> {
    map_and_spacing(side(), max_points)
}

/// A sampler's arguments: [`map_and_radius`], a `k` from 1 to 39, and a [`seed`].
fn sampler_args(max_points: f64) -> impl Strategy<Value = ((f64, f64, f64), u32, i32)> {
    (map_and_radius(max_points), 1u32..40, seed())
}

fn disc_mask(w: f64, h: f64) -> impl Strategy<Value = Mask> {
    let discs = prop::collection::vec(
        (0.0..w, 0.0..h, 5.0..0.6 * w.max(h)).prop_map(|(x, y, r)| [x, y, r]),
        0..4,
    );
    prop_oneof![
        Just(Mask::Everywhere),
        discs.clone().prop_map(Mask::InsideDiscs),
        discs.prop_map(Mask::OutsideDiscs),
    ]
}

/// A density in [0, 1] (or a little outside it) over the map: waves, so the radius really varies.
fn waves(w: f64, h: f64, wobble: f64) -> impl Fn(f64, f64) -> f64 + Send + Sync + Clone + 'static {
    move |x: f64, y: f64| 0.5 + wobble * (x / w * 9.0).sin() * (y / h * 7.0).cos()
}

/// The radius a too-much-work error advises, read from its advice's fields; the message shows
/// that very number.
fn advised_radius(e: &Error) -> f64 {
    let advised = e
        .advised_minimum("radius")
        .unwrap_or_else(|| panic!("no advice in {e:?}"));
    assert!(e.to_string().ends_with(e.advice().unwrap().text()), "{e}");
    advised
}

// ---------------------------------------------------------------------------------------------
// Minimum distance and bounds
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    // Guards: a grid that misses a neighbour (reach too small, wrong clamp, `<=` for `<`), or a
    // cell overwritten by a second point so later checks forget the first.
    #[test]
    fn poisson_disk_keeps_its_radius(((w, h, r), k, seed) in sampler_args(800.0)) {
        let pts = poisson_disk(w, h, r, k, seed).unwrap();
        prop_assert!(!pts.is_empty(), "the first point always fits on an empty map");
        prop_assert!(pts.iter().all(|p| p.r == r), "every point carries the radius");
        check_in_bounds("poisson_disk", xy(&pts), w, h)?;
        check_spacing(&pts)?;
    }

    // Guards: darts tested against the grid with a different rule than "≥ r from every kept dart".
    #[test]
    fn dart_throwing_keeps_its_radius((w, h, r) in map_and_radius(300.0), misses in 1u32..200, seed in seed()) {
        let darts = DartParams { width: w, height: h, radius: r, max_misses: misses, seed };
        let pts = dart_throwing(darts).unwrap();
        prop_assert!(!pts.is_empty());
        check_in_bounds("darts", pts.iter().copied(), w, h)?;
        prop_assert!(pts.iter().all(|p| p.r == r), "every kept dart carries the radius");
        check_spacing(&pts)?;
    }

    // Guards: a grid searching by the sampler's minimum instead of the candidate's own radius, or
    // comparing with the larger radius of a pair; radii escaping [min, max].
    #[test]
    fn variable_radius_keeps_the_smaller_radius_of_each_pair(
        (w, h, min) in map_and_radius(300.0),
        grow in 1.0..4.0f64,
        wobble in 0.0..0.9f64,
        k in 1u32..40,
        seed in seed(),
    ) {
        let max = min * grow;
        let t = waves(w, h, wobble);
        let rule = move |x: f64, y: f64| min + t(x, y) * (max - min);
        let map = SamplerParams { width: w, height: h, radius: min, k, seed };
        let pts = variable_radius(map, max, rule.clone()).unwrap();
        check_in_bounds("variable", xy(&pts), w, h)?;
        check_spacing(&pts)?;
        for p in &pts {
            prop_assert!(p.r >= min && p.r <= max, "radius {} outside [{}, {}]", p.r, min, max);
            prop_assert_eq!(p.r, rule(p.x, p.y).clamp(min, max), "a point keeps the radius of its spot");
        }
        // The step-by-step sampler with the same rule, unclamped, keeps the rule too.
        let mut s = Sampler::new(w, h, min, k, seed).unwrap().with_radius_fn(rule);
        s.start_random();
        s.finish();
        check_in_bounds("variable sampler", xy(s.points()), w, h)?;
        check_spacing(s.points())?;
        prop_assert!(s.points().iter().all(|p| p.r >= min));
    }

    // Guards: layers checked only against their own points, or a later small layer squeezing into
    // an earlier big one; ground rules ignored by the block seeding pass.
    #[test]
    fn shared_grid_layers_keep_the_smaller_radius_across_layers(
        (w, h, layers) in (side(), side()).prop_flat_map(|(w, h)| {
            let lo = (w * h / 150.0).sqrt();
            let layer = (spacing(lo, 1.2 * w.max(h)), 1u32..40, seed(), disc_mask(w, h));
            (Just(w), Just(h), prop::collection::vec(layer, 1..5))
        }),
    ) {
        let build = || layers.iter().map(|(r, k, s, m)| Layer::new(*r, *k, *s).with_mask(m.clone())).collect::<Vec<_>>();
        let placed = place_layers(w, h, build()).unwrap();
        prop_assert_eq!(placed.len(), layers.len());
        let all: Vec<Point> = placed.iter().flatten().copied().collect();
        check_in_bounds("layers", xy(&all), w, h)?;
        check_spacing(&all)?;
        prop_assert_eq!(overlaps(&placed), vec![]);
        for (pts, (r, _, _, mask)) in placed.iter().zip(&layers) {
            prop_assert!(pts.iter().all(|p| p.r == *r), "a layer's points carry its radius");
            prop_assert!(pts.iter().all(|p| mask.allows(p.x, p.y)), "a point on forbidden ground");
        }
        // Separate grids keep each layer well spaced and in bounds, whatever they do to each other.
        for (pts, _) in place_layers_separately(w, h, build()).unwrap().iter().zip(&layers) {
            check_in_bounds("separate layer", xy(pts), w, h)?;
            check_spacing(pts)?;
        }
    }

    // Guards: a click-started sampler that consumes a random draw for its start, or skips the
    // spacing check for the clicked point.
    #[test]
    fn sampler_started_at_a_click_keeps_its_radius(
        (w, h, r, x, y) in map_and_radius(400.0)
            .prop_flat_map(|(w, h, r)| (Just(w), Just(h), Just(r), 0.0..0.999 * w, 0.0..0.999 * h)),
        k in 1u32..40,
        seed in seed(),
    ) {
        let mut s = Sampler::new(w, h, r, k, seed).unwrap();
        prop_assert_eq!(s.start_at(x, y), Outcome::Accepted);
        prop_assert_eq!(s.points(), &[Point { x, y, r }][..]);
        s.step();
        // No draw was spent on the start: the step drew `a` first, then the first candidate's pair.
        let mut g = ParkMiller::new(seed).unwrap();
        prop_assert_eq!((g.next_f64() * 1.0) as usize, 0);
        let (dx, dy) = loop {
            let dx = (g.next_f64() * 4.0 - 2.0) * r;
            let dy = (g.next_f64() * 4.0 - 2.0) * r;
            if r * r <= dx * dx + dy * dy && dx * dx + dy * dy <= 4.0 * r * r {
                break (dx, dy);
            }
        };
        prop_assert_eq!((s.tried()[0].x, s.tried()[0].y), (x + dx, y + dy));
        s.finish();
        check_in_bounds("from a click", xy(s.points()), w, h)?;
        check_spacing(s.points())?;
    }

    // Guards: x = f·w without the cell offset, `round` for `floor` in the cell count, or the last
    // row/column overflowing the map.
    #[test]
    fn scatter_stays_on_the_map_and_jitter_in_its_cell(
        w in side(),
        h in side(),
        count in 0usize..2000,
        spacing_frac in 0.005..1.2f64,
        seed in seed(),
    ) {
        let pts = random_points(count, w, h, seed).unwrap();
        prop_assert_eq!(pts.len(), count);
        check_in_bounds("random", pts.iter().copied(), w, h)?;

        let s = spacing_frac * w.max(h);
        let pts = jittered_grid(s, w, h, seed).unwrap();
        let (cols, rows) = ((w / s).floor() as usize, (h / s).floor() as usize);
        prop_assert_eq!(pts.len(), cols * rows);
        check_in_bounds("jittered", pts.iter().copied(), w, h)?;
        for (i, &Point { x, y, .. }) in pts.iter().enumerate() {
            let (col, row) = ((i % cols) as f64, (i / cols) as f64);
            prop_assert!(
                x >= col * s && x < (col + 1.0) * s && y >= row * s && y < (row + 1.0) * s,
                "point {} ({}, {}) outside its cell ({}, {}) of side {}", i, x, y, col, row, s
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Determinism
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    // Guards: hidden state (a global RNG, HashMap iteration order, time) leaking into the output,
    // or a seed that is ignored.
    #[test]
    fn same_seed_same_output_other_seed_other_output(
        ((w, h, r), k, a) in sampler_args(200.0),
        b in seed(),
    ) {
        prop_assert_eq!(bits(&poisson_disk(w, h, r, k, a).unwrap()), bits(&poisson_disk(w, h, r, k, a).unwrap()));
        prop_assert_eq!(random_points(20, w, h, a).unwrap(), random_points(20, w, h, a).unwrap());
        prop_assert_eq!(jittered_grid(r, w, h, a).unwrap(), jittered_grid(r, w, h, a).unwrap());
        let darts = DartParams { width: w, height: h, radius: r, max_misses: 30, seed: a };
        prop_assert_eq!(dart_throwing(darts).unwrap(), dart_throwing(darts).unwrap());
        let layers = || vec![Layer::new(2.0 * r, k, a), Layer::new(r, k, other_seed(a))];
        prop_assert_eq!(place_layers(w, h, layers()).unwrap(), place_layers(w, h, layers()).unwrap());

        // Distinct generator states give a distinct first draw, so a distinct first point. (Seeds
        // that fold to the same state, such as 0 and 2147483646, are the same seed by the spec.)
        let same_state = ParkMiller::new(a).unwrap().state() == ParkMiller::new(b).unwrap().state();
        let differ = |x: &[Point], y: &[Point]| bits(x) != bits(y);
        prop_assert_eq!(differ(&poisson_disk(w, h, r, k, a).unwrap(), &poisson_disk(w, h, r, k, b).unwrap()), !same_state);
        prop_assert_eq!(random_points(1, w, h, a).unwrap() != random_points(1, w, h, b).unwrap(), !same_state);
        let darts = DartParams { width: w, height: h, radius: r, max_misses: 5, seed: a };
        let other_seed = DartParams { width: w, height: h, radius: r, max_misses: 5, seed: b };
        prop_assert_eq!(dart_throwing(darts).unwrap() != dart_throwing(other_seed).unwrap(), !same_state);
    }
}

#[test]
fn seeds_that_fold_together_give_the_same_forest() {
    // By the spec's folding, a seed s ≤ 0 is the state s + M − 1: these pairs are one seed.
    for (a, b) in [
        (0, 2_147_483_646),
        (-1, 2_147_483_645),
        (i32::MIN, -1),
        (i32::MAX, 0),
    ] {
        assert_eq!(
            poisson_disk(200.0, 100.0, 10.0, 30, a).unwrap(),
            poisson_disk(200.0, 100.0, 10.0, 30, b).unwrap()
        );
    }
    assert_ne!(
        poisson_disk(200.0, 100.0, 10.0, 30, 1).unwrap(),
        poisson_disk(200.0, 100.0, 10.0, 30, 2).unwrap()
    );
}

// ---------------------------------------------------------------------------------------------
// The step-by-step sampler's bookkeeping
// ---------------------------------------------------------------------------------------------

/// Steps `s` to the end checking every step; returns the number of productive steps.
fn step_to_the_end(s: &mut Sampler, k: u32) -> Result<u64, TestCaseError> {
    let mut productive = 0u64;
    let mut attempted = s.attempted();
    loop {
        let before = s.points().len();
        let step = s.step();
        prop_assert_eq!(step.did_something(), step != Step::Finished);
        match step {
            Step::Finished => break,
            Step::Placed(i) => {
                prop_assert_eq!(i, before);
                prop_assert_eq!(s.points().len(), before + 1);
                prop_assert_eq!(s.active().last(), Some(&i), "a new point becomes active");
                let (last, rest) = s.tried().split_last().unwrap();
                prop_assert!(last.outcome.accepted() && rest.iter().all(|c| !c.outcome.accepted()));
                prop_assert!(s.tried().len() <= k as usize);
            }
            Step::Retired(i) => {
                prop_assert_eq!(Some(i), s.current());
                prop_assert!(
                    !s.active().contains(&i),
                    "a retired point left the active list"
                );
                prop_assert_eq!(
                    s.tried().len(),
                    k as usize,
                    "a point retires after exactly k misses"
                );
                prop_assert!(s.tried().iter().all(|c| !c.outcome.accepted()));
            }
        }
        // Every candidate lies in the ring [r, 2r] around the current point (up to rounding).
        let c = s.points()[s.current().unwrap()];
        for t in s.tried() {
            let d = d2(t.x, t.y, c.x, c.y).sqrt();
            prop_assert!(
                d >= c.r * (1.0 - 1e-9) && d <= 2.0 * c.r * (1.0 + 1e-9),
                "candidate at {} from a radius-{} point",
                d,
                c.r
            );
        }
        attempted += s.tried().len() as u64;
        productive += 1;
        prop_assert_eq!(s.attempted(), attempted);
        prop_assert_eq!(s.steps(), s.retired() as u64 + s.accepted());
        prop_assert_eq!(s.points().len(), s.active().len() + s.retired());
        prop_assert!(productive <= 10_000_000, "runaway sampler");
    }
    Ok(productive)
}

/// After the end, more steps change nothing.
fn check_finished_is_stable(s: &mut Sampler) -> Result<(), TestCaseError> {
    let (current, tried, points, steps, attempted) = (
        s.current(),
        s.tried().to_vec(),
        s.points().to_vec(),
        s.steps(),
        s.attempted(),
    );
    for _ in 0..3 {
        prop_assert_eq!(s.step(), Step::Finished);
        prop_assert!(s.is_finished() && s.active().is_empty());
        prop_assert_eq!(s.current(), current);
        prop_assert_eq!(s.tried(), &tried[..]);
        prop_assert_eq!(s.points(), &points[..]);
        prop_assert_eq!((s.steps(), s.attempted()), (steps, attempted));
    }
    prop_assert!(s.run(10).unwrap());
    prop_assert_eq!(s.steps(), steps);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    // Guards: a step counted twice or not at all, a point retired twice or never (active list
    // corrupted by the swap-remove), counters drifting from what the lab shows.
    #[test]
    fn n_points_take_exactly_2n_minus_1_steps(
        ((w, h, r), k, seed) in sampler_args(400.0),
        click in prop::option::of((0.0..0.999f64, 0.0..0.999f64)),
    ) {
        let mut s = Sampler::new(w, h, r, k, seed).unwrap();
        let first = match click {
            Some((fx, fy)) => s.start_at(fx * w, fy * h),
            None => s.start_random(),
        };
        prop_assert_eq!(first, Outcome::Accepted);
        prop_assert_eq!((s.steps(), s.attempted(), s.accepted(), s.retired()), (0, 0, 0, 0));
        prop_assert_eq!(s.current(), None);
        let productive = step_to_the_end(&mut s, k)?;
        let n = s.points().len() as u64;
        prop_assert_eq!(productive, 2 * n - 1);
        prop_assert_eq!(s.steps(), 2 * n - 1);
        prop_assert!(s.active().is_empty());
        prop_assert_eq!(s.retired() as u64, n);
        prop_assert_eq!(s.accepted(), n - 1);
        prop_assert!(s.attempted() >= s.accepted());
        check_finished_is_stable(&mut s)?;
    }

    // Guards: the same bookkeeping for a layer seeded block by block: B seeded points and N in all
    // take 2N − B steps, with N − B accepted candidates.
    #[test]
    fn block_seeded_layer_takes_2n_minus_b_steps(
        (w, h, r, mask) in map_and_radius(300.0).prop_flat_map(|(w, h, r)| (Just(w), Just(h), Just(r), disc_mask(w, h))),
        k in 1u32..40,
        seed in seed(),
    ) {
        let mut s = Sampler::new(w, h, r, k, seed).unwrap().with_allowed(move |x, y| mask.allows(x, y));
        s.seed_blocks();
        let b = s.points().len() as u64;
        prop_assert_eq!(s.active().len() as u64, b);
        step_to_the_end(&mut s, k)?;
        let n = s.points().len() as u64;
        prop_assert_eq!(s.steps(), 2 * n - b);
        prop_assert_eq!(s.accepted(), n - b);
        prop_assert_eq!(s.retired() as u64, n);
        check_finished_is_stable(&mut s)?;
    }
}

/// What a page sees of a sampler between calls: its points (as bits), active list, current
/// point, last step's candidates and counters.
type Seen = (
    Vec<[u64; 3]>,
    Vec<usize>,
    Option<usize>,
    Vec<[u64; 2]>,
    [u64; 4],
);

fn seen(s: &Sampler) -> Seen {
    let tried = s
        .tried()
        .iter()
        .map(|c| [c.x.to_bits(), c.y.to_bits()])
        .collect();
    let counts = [s.steps(), s.attempted(), s.accepted(), s.retired() as u64];
    (
        bits(s.points()),
        s.active().to_vec(),
        s.current(),
        tried,
        counts,
    )
}

/// A started sampler of one of the kinds the one Bridson loop serves: 0 plain, 1 a radius
/// rule, 2 a ground rule, 3 a torus, 4 a layer over a finer layer on a shared grid.
fn some_sampler(kind: u8, w: f64, h: f64, r: f64, k: u32, seed: i32) -> Option<Sampler> {
    let mut s = match kind {
        0 => Sampler::new(w, h, r, k, seed).ok()?,
        1 => Sampler::new(w, h, r, k, seed)
            .ok()?
            .with_radius_fn(move |x, y| r * (1.0 + waves(w, h, 0.5)(x, y))),
        2 => {
            let mask = Mask::OutsideDiscs(vec![[0.3 * w, 0.6 * h, 0.25 * w.max(h)]]);
            Sampler::new(w, h, r, k, seed)
                .ok()?
                .with_allowed(move |x, y| mask.allows(x, y))
        }
        3 => Sampler::wrapped(SamplerParams {
            width: w,
            height: h,
            radius: r,
            k,
            seed,
        })
        .ok()?,
        _ => {
            let grid = shared_grid(w, h, [r, r / 2.0]).ok()?;
            let (_, grid) = place_layer(grid, Layer::new(r / 2.0, k, other_seed(seed))).ok()?;
            Sampler::with_grid(grid, r, k, seed).ok()?
        }
    };
    s.start_random();
    Some(s)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    // Guards: the one-call path (Job::run, which keeps no candidates for steps nobody sees)
    // drifting from the stepper the page shows: another draw, another verdict, a counter or the
    // last step's candidates out of step at the end of a slice.
    #[test]
    fn running_in_slices_equals_stepping_to_the_bit(
        ((w, h, r), k, seed) in sampler_args(1500.0),
        kind in 0u8..5,
        slice in prop_oneof![1u64..4, 4u64..300, Just(u64::MAX)],
    ) {
        let Some(mut stepped) = some_sampler(kind, w, h, r, k, seed) else {
            return Ok(()); // a map this kind refuses (a torus narrower than 2r)
        };
        let mut run = some_sampler(kind, w, h, r, k, seed).unwrap();
        loop {
            let finished = run.run(slice).unwrap();
            let mut steps = 0;
            while steps < slice && stepped.step() != Step::Finished {
                steps += 1;
            }
            prop_assert_eq!(seen(&run), seen(&stepped), "kind {}, after a slice of {}", kind, slice);
            prop_assert_eq!(finished, stepped.is_finished());
            if finished {
                break;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Layers: shared grid versus one grid each
// ---------------------------------------------------------------------------------------------

#[test]
fn separate_grids_overlap_where_a_shared_grid_does_not() {
    // Guards: a "separate" mode that quietly shares state, so the lab's red rings never show.
    let layers = || {
        vec![
            Layer::new(40.0, 30, 1),
            Layer::new(12.0, 30, 2),
            Layer::new(6.0, 30, 3),
        ]
    };
    let separate = place_layers_separately(300.0, 200.0, layers()).unwrap();
    let found = overlaps(&separate);
    assert!(
        !found.is_empty(),
        "three independent layers on a small map must collide somewhere"
    );
    for o in &found {
        let (a, b) = (
            separate[o.layer_a][o.index_a],
            separate[o.layer_b][o.index_b],
        );
        let m = a.r.min(b.r);
        assert!(
            o.layer_a < o.layer_b && d2(a.x, a.y, b.x, b.y) < m * m,
            "{o:?} is not an overlap"
        );
    }
    let shared = place_layers(300.0, 200.0, layers()).unwrap();
    assert!(overlaps(&shared).is_empty());
    // Each separate layer is exactly what that layer alone would give on a fresh grid.
    for (i, layer) in layers().into_iter().enumerate() {
        let alone = place_layer(Grid::for_radius(300.0, 200.0, layer.radius).unwrap(), layer)
            .unwrap()
            .0;
        assert_eq!(alone, separate[i]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    // Guards: `overlaps` missing pairs across its buckets, or reporting same-layer pairs.
    #[test]
    fn overlaps_finds_exactly_the_brute_force_pairs(
        (w, h, radii, seeds) in (side(), side()).prop_flat_map(|(w, h)| {
            let lo = (w * h / 120.0).sqrt();
            (Just(w), Just(h), prop::collection::vec(spacing(lo, w.max(h)), 1..4), prop::collection::vec(seed(), 3))
        }),
    ) {
        let layers = radii.iter().zip(&seeds).map(|(&r, &s)| Layer::new(r, 30, s)).collect();
        let placed = place_layers_separately(w, h, layers).unwrap();
        prop_assert_eq!(overlaps(&placed), overlaps_by_brute_force(&placed));
    }
}

/// Every cross-layer pair checked against every other: the definition, slowly.
fn overlaps_by_brute_force(layers: &[Vec<Point>]) -> Vec<Overlap> {
    let mut out = Vec::new();
    for (layer_a, a) in layers.iter().enumerate() {
        for (layer_b, b) in layers.iter().enumerate().skip(layer_a + 1) {
            for (index_a, p) in a.iter().enumerate() {
                for (index_b, q) in b.iter().enumerate() {
                    let m = p.r.min(q.r);
                    if d2(p.x, p.y, q.x, q.y) < m * m {
                        out.push(Overlap {
                            layer_a,
                            index_a,
                            layer_b,
                            index_b,
                        });
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out
}

#[test]
fn overlaps_finds_exactly_the_pairs_closer_than_the_smaller_radius() {
    // Guards: a search that looks only as far as the smaller layer's buckets and misses a
    // pair, or counts one twice; thousands of points in layers of very different spacings.
    let mut rng = ParkMiller::new(99).unwrap();
    for radii in [
        vec![160.0, 44.0, 16.0, 8.0],
        vec![3.0, 300.0],
        vec![20.0, 20.0, 20.0],
    ] {
        let layers: Vec<Vec<Point>> = radii
            .iter()
            .map(|&r| {
                let n = (40_000.0 / r) as usize;
                let mut at = || (rng.next_f64() * 720.0, rng.next_f64() * 400.0);
                (0..n)
                    .map(|_| {
                        let (x, y) = at();
                        Point { x, y, r }
                    })
                    .collect()
            })
            .collect();
        let fast = overlaps(&layers);
        assert!(!fast.is_empty());
        assert_eq!(fast, overlaps_by_brute_force(&layers), "radii {radii:?}");
    }
    assert!(overlaps(&[]).is_empty());
    assert!(overlaps(&[vec![], vec![]]).is_empty());
}

// ---------------------------------------------------------------------------------------------
// The grid's probe
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    // Guards: the grid lab showing a different answer than the sampler uses (probe and is_free
    // drifting apart), or the searched block missing a conflicting neighbour.
    #[test]
    fn probe_agrees_with_is_free_conflict_and_brute_force(
        (w, h, r) in map_and_radius(300.0),
        seed in seed(),
        probes in prop::collection::vec((-0.1..1.1f64, -0.1..1.1f64, 0.2..3.0f64), 1..40),
    ) {
        let mut single = Sampler::new(w, h, r, 30, seed).unwrap();
        single.start_random();
        single.finish();
        // Mixed radii, as a shared grid holds them: a layer at r, then one at r/2.
        let mixed = shared_grid(w, h, [r, r / 2.0]).unwrap();
        let (_, mixed) = place_layer(mixed, Layer::new(r, 10, seed)).unwrap();
        let (_, mixed) = place_layer(mixed, Layer::new(r / 2.0, 10, other_seed(seed))).unwrap();
        for grid in [single.into_grid(), mixed] {
            for &(fx, fy, fr) in &probes {
                let (x, y, pr) = (fx * w, fy * h, fr * r);
                let probe = grid.probe(x, y, pr);
                prop_assert_eq!(probe.is_free(), grid.is_free(x, y, pr));
                prop_assert_eq!(grid.conflict(x, y, pr).is_none(), grid.is_free(x, y, pr));
                // conflict() names a point the probe also marks as a conflict (it may search the
                // block nearest-first, so not necessarily the first in scan order).
                if let Some(hit) = grid.conflict(x, y, pr) {
                    prop_assert!(probe.neighbours.iter().any(|n| n.index == hit && n.conflict));
                }
                prop_assert_eq!(probe.checked(), probe.neighbours.len());
                prop_assert!(probe.col_start <= probe.col_end && probe.col_end < grid.cols());
                prop_assert!(probe.row_start <= probe.row_end && probe.row_end < grid.rows());
                for n in &probe.neighbours {
                    let p = grid.points()[n.index];
                    let m = pr.min(p.r);
                    let dd = d2(p.x, p.y, x, y);
                    prop_assert_eq!(n.distance, dd.sqrt());
                    prop_assert_eq!(n.conflict, dd < m * m);
                }
                // Nothing that conflicts is left outside the searched block.
                let brute: Vec<usize> = grid
                    .points()
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| d2(p.x, p.y, x, y) < pr.min(p.r) * pr.min(p.r))
                    .map(|(i, _)| i)
                    .collect();
                let mut seen: Vec<usize> = probe.neighbours.iter().filter(|n| n.conflict).map(|n| n.index).collect();
                seen.sort_unstable();
                prop_assert_eq!(seen, brute);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The dart thrower's counters
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    // Guards: counters drifting from the darts the lab draws, a miss rate over the wrong window,
    // a thrower that stops early or never stops.
    #[test]
    fn dart_thrower_counts_add_up((w, h, r) in map_and_radius(200.0), max_misses in 1u32..200, seed in seed()) {
        let darts = DartParams { width: w, height: h, radius: r, max_misses, seed };
        let mut d = DartThrower::new(darts).unwrap();
        prop_assert_eq!(d.miss_rate(), 0.0);
        let mut history = Vec::new();
        while let Some(dart) = d.throw() {
            history.push(dart.kept);
            prop_assert_eq!(d.kept().len() as u64 + d.rejected_count(), d.thrown());
            let misses = history.iter().filter(|&&k| !k).count();
            prop_assert_eq!(d.recent_rejected().len(), misses.min(RECENT_REJECTED));
            prop_assert_eq!(d.thrown() as usize, history.len());
            let rate = d.miss_rate();
            prop_assert!((0.0..=1.0).contains(&rate));
            let window = &history[history.len().saturating_sub(MISS_WINDOW)..];
            let misses = window.iter().filter(|&&k| !k).count();
            prop_assert_eq!(rate, misses as f64 / window.len() as f64);
            let in_a_row = history.iter().rev().take_while(|&&k| !k).count();
            prop_assert_eq!(d.misses_in_a_row() as usize, in_a_row);
            prop_assert!(d.misses_in_a_row() <= max_misses);
            let last = if dart.kept { d.kept().last() } else { d.recent_rejected().last() };
            prop_assert_eq!(last, Some(&Point { x: dart.x, y: dart.y, r }));
        }
        prop_assert!(d.is_finished());
        prop_assert_eq!(d.misses_in_a_row(), max_misses);
        let thrown = d.thrown();
        prop_assert!(d.throw().is_none() && poisson_live::Job::run(&mut d, 5).unwrap() && d.thrown() == thrown, "throwing after the end changes nothing");
        let darts = DartParams { width: w, height: h, radius: r, max_misses, seed };
        prop_assert_eq!(d.kept(), &dart_throwing(darts).unwrap()[..]);
    }
}

// ---------------------------------------------------------------------------------------------
// Bad input is an error, never a panic
// ---------------------------------------------------------------------------------------------

/// Numbers that are not finite and > 0.
fn not_positive() -> impl Strategy<Value = f64> {
    prop_oneof![
        prop::sample::select(vec![
            f64::NAN,
            -f64::NAN,
            0.0,
            -0.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            -f64::MIN_POSITIVE,
            f64::MIN
        ]),
        -1e6..0.0f64,
    ]
}

/// Every method with one bad number in a given slot (0 width, 1 height, 2 radius or spacing).
/// A `w × h` map at radius `r` with k = 30 and seed 1.
fn k30_seed1(w: f64, h: f64, r: f64) -> SamplerParams {
    SamplerParams {
        width: w,
        height: h,
        radius: r,
        k: 30,
        seed: 1,
    }
}

fn every_method(slot: usize, bad: f64) -> Vec<(&'static str, poisson_live::Result<usize>)> {
    let pick = |i: usize, good: f64| if i == slot { bad } else { good };
    let (w, h, r) = (pick(0, 200.0), pick(1, 100.0), pick(2, 10.0));
    let len = |v: poisson_live::Result<Vec<Point>>| v.map(|p| p.len());
    let mut all = vec![
        ("jittered_grid", jittered_grid(r, w, h, 1).map(|p| p.len())),
        (
            "dart_throwing",
            dart_throwing(DartParams {
                width: w,
                height: h,
                radius: r,
                max_misses: 10,
                seed: 1,
            })
            .map(|p| p.len()),
        ),
        (
            "DartThrower",
            DartThrower::new(DartParams {
                width: w,
                height: h,
                radius: r,
                max_misses: 10,
                seed: 1,
            })
            .map(|_| 0),
        ),
        ("poisson_disk", len(poisson_disk(w, h, r, 30, 1))),
        ("Sampler", Sampler::new(w, h, r, 30, 1).map(|_| 0)),
        (
            "variable_radius min",
            len(variable_radius(k30_seed1(w, h, r), 20.0, |_, _| 15.0)),
        ),
        (
            "variable_radius max",
            len(variable_radius(k30_seed1(w, h, 5.0), r, |_, _| 15.0)),
        ),
        (
            "place_layers",
            len(place_layers(w, h, vec![Layer::new(r, 30, 1)]).map(|l| l.concat())),
        ),
        (
            "place_layers 2nd",
            len(
                place_layers(w, h, vec![Layer::new(20.0, 30, 1), Layer::new(r, 30, 1)])
                    .map(|l| l.concat()),
            ),
        ),
        (
            "place_layers_separately",
            len(place_layers_separately(w, h, vec![Layer::new(r, 30, 1)]).map(|l| l.concat())),
        ),
        ("shared_grid", shared_grid(w, h, [r]).map(|_| 0)),
        ("Grid::for_radius", Grid::for_radius(w, h, r).map(|_| 0)),
        ("Grid::new", Grid::new(w, h, r).map(|_| 0)),
    ];
    if slot < 2 {
        all.push(("random_points", random_points(10, w, h, 1).map(|p| p.len())));
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    // Guards: a NaN slipping past `x <= 0` checks into `as usize` casts or an endless loop, or an
    // infinite size allocating forever.
    #[test]
    fn bad_sizes_and_radii_are_errors(slot in 0usize..3, bad in not_positive()) {
        for (name, result) in every_method(slot, bad) {
            prop_assert!(
                matches!(result, Err(Error::NotPositive { .. })),
                "{} with {} in slot {}: {:?}", name, bad, slot, result
            );
            let message = result.unwrap_err().to_string();
            prop_assert!(message.contains("must be a finite number greater than 0"), "{}", message);
        }
    }

    // Guards: k = 0 (a step that retires every point at once) or k beyond the limit accepted.
    #[test]
    fn bad_k_is_an_error(k in prop_oneof![Just(0u32), MAX_K + 1..=u32::MAX]) {
        let results = vec![
            Sampler::new(200.0, 100.0, 10.0, k, 1).map(|_| ()),
            poisson_disk(200.0, 100.0, 10.0, k, 1).map(|_| ()),
            variable_radius(SamplerParams { width: 200.0, height: 100.0, radius: 5.0, k, seed: 1 }, 10.0, |_, _| 7.0).map(|_| ()),
            place_layers(200.0, 100.0, vec![Layer::new(10.0, k, 1)]).map(|_| ()),
        ];
        for r in results {
            prop_assert!(matches!(r, Err(Error::OutOfRange { name: "k", .. })), "{:?}", r);
        }
        let max_misses = MAX_MISSES + 1 + k % 1000;
        let darts = DartParams { width: 200.0, height: 100.0, radius: 10.0, max_misses, seed: 1 };
        prop_assert!(DartThrower::new(darts).is_err());
    }

    // Guards: a min radius above the max accepted and silently swapped or clamped.
    #[test]
    fn min_radius_above_max_is_an_error(min in 1.0..50.0f64, less in 0.001..0.99f64) {
        let map = SamplerParams { width: 200.0, height: 100.0, radius: min, k: 30, seed: 1 };
        let r = variable_radius(map, min * less, |_, _| 1.0);
        prop_assert!(matches!(r, Err(Error::RadiusOrder { .. })), "{:?}", r);
    }
}

/// Every sampler refuses a tiny radius on a big map with the same advice; it parses, and the
/// grid for the advised radius can be built. Returns the advised radius.
fn check_too_much_work(w: f64, h: f64, r: f64) -> Result<f64, TestCaseError> {
    let results = vec![
        Grid::for_radius(w, h, r).map(|_| ()),
        Sampler::new(w, h, r, 30, 1).map(|_| ()),
        DartThrower::new(DartParams {
            width: w,
            height: h,
            radius: r,
            max_misses: 30,
            seed: 1,
        })
        .map(|_| ()),
        poisson_disk(w, h, r, 30, 1).map(|_| ()),
        variable_radius(k30_seed1(w, h, r), 2.0 * r, |_, _| 0.0).map(|_| ()),
        place_layers(w, h, vec![Layer::new(r, 30, 1)]).map(|_| ()),
    ];
    let mut advice = Vec::new();
    for result in results {
        let e = result.unwrap_err();
        prop_assert!(matches!(e, Error::TooMuchWork { .. }), "{:?}", e);
        advice.push(advised_radius(&e));
    }
    let advised = advice[0];
    prop_assert!(
        advice.iter().all(|&a| a == advised),
        "different advice: {:?}",
        advice
    );
    prop_assert!(
        advised > r && advised.is_finite(),
        "advice {} for radius {}",
        advised,
        r
    );
    let grid = Grid::for_radius(w, h, advised);
    prop_assert!(
        grid.is_ok(),
        "advised radius {} on {} × {} still too small: {:?}",
        advised,
        w,
        h,
        grid
    );
    Ok(advised)
}

/// A map from 500 to a million units a side and a radius too small for it.
fn too_much_work_case() -> impl Strategy<Value = (f64, f64, f64)> {
    (500.0..1e6f64, 500.0..1e6f64, 1e-9..0.9f64).prop_map(|(w, h, shrink)| {
        let fits = (2.0 * w * h / DEFAULT_MAX_CELLS as f64).sqrt();
        (w, h, fits * shrink)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4, ..ProptestConfig::default() })]

    // Guards: a tiny radius on a big map allocating gigabytes, and advice that does not work when
    // followed. (Few cases: following the advice allocates a grid of up to 128 MiB.)
    #[test]
    fn too_much_work_is_refused_with_advice_that_works((w, h, r) in too_much_work_case()) {
        check_too_much_work(w, h, r)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    #[test]
    #[ignore = "slow: 100 maps, each allocating a grid of up to 128 MiB"]
    fn too_much_work_advice_works_exhaustive((w, h, r) in too_much_work_case()) {
        let advised = check_too_much_work(w, h, r)?;
        prop_assert!(Sampler::new(w, h, advised, 30, 1).is_ok());
    }
}

#[test]
fn the_stuck_seed_is_an_error_everywhere() {
    // Guards: state 0, where the generator sticks and next_float turns negative.
    let s = STUCK_SEED;
    let darts = DartParams {
        width: 200.0,
        height: 100.0,
        radius: 10.0,
        max_misses: 10,
        seed: s,
    };
    let errors: Vec<Error> = vec![
        random_points(10, 200.0, 100.0, s).unwrap_err(),
        jittered_grid(10.0, 200.0, 100.0, s).unwrap_err(),
        dart_throwing(darts).unwrap_err(),
        DartThrower::new(darts).unwrap_err(),
        poisson_disk(200.0, 100.0, 10.0, 30, s).unwrap_err(),
        Sampler::new(200.0, 100.0, 10.0, 30, s).unwrap_err(),
        variable_radius(
            SamplerParams {
                width: 200.0,
                height: 100.0,
                radius: 5.0,
                k: 30,
                seed: s,
            },
            10.0,
            |_, _| 7.0,
        )
        .unwrap_err(),
        place_layers(200.0, 100.0, vec![Layer::new(10.0, 30, s)]).unwrap_err(),
        ParkMiller::new(s).unwrap_err(),
        poisson_live::rng::seed_from_f64(f64::from(s)).unwrap_err(),
    ];
    for e in errors {
        assert!(matches!(e, Error::BadSeed { .. }), "{e:?}");
        assert!(e.to_string().contains("pick any other seed"), "{e}");
    }
    // Its neighbours are ordinary seeds.
    for s in [STUCK_SEED - 1, STUCK_SEED + 1] {
        assert!(!poisson_disk(200.0, 100.0, 10.0, 30, s).unwrap().is_empty());
    }
}

#[test]
fn a_layer_radius_below_the_grid_is_an_error() {
    // Guards: two points landing in one cell of a grid built for a bigger radius.
    let grid = Grid::for_radius(200.0, 100.0, 20.0).unwrap();
    assert!(matches!(
        place_layer(grid.clone(), Layer::new(10.0, 30, 1)),
        Err(Error::Invalid { .. })
    ));
    assert!(Sampler::with_grid(grid, 20.0, 30, 1).is_ok());
}

#[test]
fn advice_works_on_a_long_thin_map() {
    // 1e7 × 1 with radius 0.01: the advice is "use a radius ≥ 0.78", but cell 0.78/√2 gives
    // 18.1 M columns × 2 rows = 36.3 M cells, over the 33.6 M limit.
    let e = Grid::for_radius(1e7, 1.0, 0.01).unwrap_err();
    let advised = advised_radius(&e);
    assert!(Grid::for_radius(1e7, 1.0, advised).is_ok(), "{e}");
}

#[test]
fn advice_works_on_a_small_map() {
    // 0.5 × 0.5, radius 1e-9: "use a radius ≥ 0.0001", which needs 50 M cells and gets the same
    // advice again; 0.01 × 0.01: "use a radius ≥ 0", not a valid radius at all. (The message also
    // calls the given radius "radius 0".)
    for (w, h) in [(0.5, 0.5), (0.01, 0.01)] {
        let e = Grid::for_radius(w, h, 1e-9).unwrap_err();
        let advised = advised_radius(&e);
        assert!(Grid::for_radius(w, h, advised).is_ok(), "{e}");
    }
}

#[test]
fn random_points_advice_is_within_the_limit() {
    // Once "ask for at most 33.6 M points" for a limit of 33 554 432: rounded up past the
    // limit. Now the count is exact (or, written in millions, rounded down).
    let e = random_points(40_000_000, 10.0, 10.0, 1).unwrap_err();
    let advice = e.advice().unwrap_or_else(|| panic!("no advice in {e:?}"));
    assert_eq!(advice.parameter, Some("count"));
    let Some(Bound::AtMost(advised)) = advice.bound else {
        panic!("no bound in {e:?}");
    };
    assert!(e.to_string().ends_with(advice.text()), "{e}");
    assert!(advised <= DEFAULT_MAX_CELLS as f64, "{e}");
    assert!(
        random_points(advised as usize, 10.0, 10.0, 1).is_ok(),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------------
// Degenerate but valid input: an empty (or one-point) result, not an error
// ---------------------------------------------------------------------------------------------

#[test]
fn nothing_allowed_gives_an_empty_result() {
    // Guards: a refused first point treated as an error, or a sampler left half-started.
    let mut s = Sampler::new(200.0, 100.0, 10.0, 30, 1)
        .unwrap()
        .with_allowed(|_, _| false);
    assert_eq!(s.start_random(), Outcome::WrongGround);
    assert!(s.is_finished() && s.points().is_empty());
    assert_eq!(s.step(), Step::Finished);
    assert_eq!((s.steps(), s.current(), s.tried().len()), (0, None, 0));

    let layers = vec![
        Layer::new(20.0, 30, 1).with_mask(Mask::InsideDiscs(vec![])),
        Layer::new(10.0, 30, 2),
    ];
    let placed = place_layers(200.0, 100.0, layers).unwrap();
    assert!(placed[0].is_empty());
    assert!(
        !placed[1].is_empty(),
        "an empty layer leaves the map to the next one"
    );
    let outside_all = Mask::OutsideDiscs(vec![[100.0, 50.0, 1000.0]]);
    assert_eq!(
        place_layers(
            200.0,
            100.0,
            vec![Layer::new(10.0, 30, 1).with_mask(outside_all)]
        )
        .unwrap(),
        vec![vec![]]
    );
}

#[test]
fn empty_counts_give_empty_results() {
    assert!(random_points(0, 200.0, 100.0, 1).unwrap().is_empty());
    assert!(
        jittered_grid(250.0, 200.0, 100.0, 1).unwrap().is_empty(),
        "a spacing wider than the map fits no cell"
    );
    assert!(
        dart_throwing(DartParams {
            width: 200.0,
            height: 100.0,
            radius: 10.0,
            max_misses: 0,
            seed: 1
        })
        .unwrap()
        .is_empty(),
        "zero misses allowed: stop before the first dart"
    );
}

#[test]
fn a_click_off_the_map_leaves_the_sampler_empty() {
    for (x, y) in [
        (-1.0, 5.0),
        (5.0, -0.001),
        (200.0, 5.0),
        (5.0, 100.0),
        (f64::NAN, 5.0),
        (5.0, f64::INFINITY),
    ] {
        let mut s = Sampler::new(200.0, 100.0, 10.0, 30, 1).unwrap();
        assert_eq!(s.start_at(x, y), Outcome::OffMap, "({x}, {y})");
        assert_eq!(s.step(), Step::Finished);
        assert!(s.points().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    // Guards: a map smaller than its radius refused as an error, or losing its one point.
    #[test]
    fn a_map_smaller_than_the_radius_still_gets_its_first_point(
        w in 0.01..50.0f64,
        h in 0.01..50.0f64,
        grow in 1.0..100.0f64,
        k in 1u32..40,
        seed in seed(),
    ) {
        let r = (w * w + h * h).sqrt() * grow;
        let pts = poisson_disk(w, h, r, k, seed).unwrap();
        let mut g = ParkMiller::new(seed).unwrap();
        let (x, y) = (g.next_f64() * w, g.next_f64() * h);
        prop_assert_eq!(pts, vec![Point { x, y, r }], "exactly the first point: nothing else fits");
        let darts = DartParams { width: w, height: h, radius: r, max_misses: 20, seed };
        let darts = dart_throwing(darts).unwrap();
        prop_assert_eq!(darts, vec![Point { x, y, r }]);
        let layer = place_layers(w, h, vec![Layer::new(r, k, seed)]).unwrap();
        prop_assert_eq!(layer[0].len(), 1);
    }
}
