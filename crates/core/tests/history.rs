//! Time travel: every step of a History equals a fresh sampler stepped that many times.

use poisson_live::bridson::{Outcome, Sampler, Step};
use poisson_live::history::{
    live_figures, History, Start, Tally, HEXAGONAL_COVERAGE, RSA_COVERAGE,
};
use poisson_live::metrics;
use poisson_live::Point;

/// A fresh sampler for the recipe, started as `start` says, stepped `steps` times.
fn stepped(w: f64, h: f64, r: f64, k: u32, seed: i32, start: Start, steps: u64) -> Sampler {
    let mut s = Sampler::new(w, h, r, k, seed).unwrap();
    match start {
        Start::Random => s.start_random(),
        Start::At(x, y) => s.start_at(x, y),
    };
    for _ in 0..steps {
        s.step();
    }
    s
}

/// Everything a reader sees of a state, compared field by field.
fn assert_same(a: &Sampler, b: &Sampler, what: &str) {
    assert_eq!(a.points(), b.points(), "{what}: points");
    assert_eq!(a.active(), b.active(), "{what}: active list");
    assert_eq!(a.retired(), b.retired(), "{what}: retired");
    assert_eq!(a.current(), b.current(), "{what}: current");
    assert_eq!(a.tried(), b.tried(), "{what}: tried (x, y, outcome)");
    assert_eq!(a.steps(), b.steps(), "{what}: steps");
    assert_eq!(a.attempted(), b.attempted(), "{what}: attempted");
    assert_eq!(a.accepted(), b.accepted(), "{what}: accepted");
    assert_eq!(a.is_finished(), b.is_finished(), "{what}: finished");
}

/// Several runs: the reference map, a click start, k = 1 (holes), a tiny map, a big spacing.
const RUNS: &[(f64, f64, f64, u32, i32, Start)] = &[
    (720.0, 400.0, 24.0, 30, 123456, Start::Random),
    (720.0, 400.0, 32.0, 30, 123456, Start::At(10.0, 390.0)),
    (720.0, 400.0, 20.0, 1, 99, Start::Random),
    (300.0, 200.0, 15.0, 5, -77, Start::Random),
    (720.0, 400.0, 80.0, 60, 2147483646, Start::At(360.0, 200.0)),
];

fn history(run: &(f64, f64, f64, u32, i32, Start)) -> History {
    let &(w, h, r, k, seed, start) = run;
    let mut hist = History::new(w, h, r, k, seed).unwrap();
    let outcome = match start {
        Start::Random => hist.start_random(),
        Start::At(x, y) => hist.start_at(x, y),
    };
    assert!(outcome.accepted());
    hist
}

#[test]
fn the_reference_run_has_629_steps() {
    let mut h = history(&RUNS[0]);
    assert_eq!(h.total_steps(), 629);
    assert_eq!(h.at(), 0);
    assert_eq!(
        h.seek(10_000).points().len(),
        315,
        "seeking past the end clamps"
    );
    assert_eq!(h.at(), 629);
    assert!(h.sampler().is_finished());
}

#[test]
fn total_is_two_n_minus_one_for_every_run() {
    for run in RUNS {
        let &(w, hgt, r, k, seed, start) = run;
        let h = history(run);
        let full = stepped(w, hgt, r, k, seed, start, u64::MAX >> 40);
        assert!(full.is_finished());
        assert_eq!(
            h.total_steps(),
            2 * full.points().len() as u64 - 1,
            "{run:?}"
        );
    }
}

#[test]
fn every_step_forward_equals_a_fresh_sampler() {
    for run in RUNS {
        let &(w, hgt, r, k, seed, start) = run;
        let mut h = history(run);
        let mut plain = stepped(w, hgt, r, k, seed, start, 0);
        for s in 0..=h.total_steps() {
            let at = h.seek(s);
            assert_same(at, &plain, &format!("{run:?} forward to {s}"));
            plain.step();
        }
    }
}

#[test]
fn every_step_backward_and_jumping_equals_a_fresh_sampler() {
    for run in RUNS {
        let &(w, hgt, r, k, seed, start) = run;
        let mut h = history(run);
        let total = h.total_steps();
        // Backward from the end, one step at a time, checked against a fresh sampler each time.
        h.seek(total);
        for s in (0..=total).rev() {
            let expected = stepped(w, hgt, r, k, seed, start, s);
            assert_same(h.seek(s), &expected, &format!("{run:?} back to {s}"));
            assert_same(&h.state_at(s), &expected, &format!("{run:?} state_at({s})"));
        }
        // Jumps in a scrambled order, as a drag of the scrubber would give.
        let mut s = 0u64;
        for _ in 0..200 {
            s = (s * 7919 + 104_729) % (total + 1);
            let expected = stepped(w, hgt, r, k, seed, start, s);
            assert_same(h.seek(s), &expected, &format!("{run:?} jump to {s}"));
        }
    }
}

#[test]
fn stepping_after_a_scrub_continues_the_same_run() {
    let run = &RUNS[0];
    let &(w, hgt, r, k, seed, start) = run;
    let mut h = history(run);
    h.seek(400);
    h.seek(100);
    assert!(h.step().did_something());
    assert_same(
        h.sampler(),
        &stepped(w, hgt, r, k, seed, start, 101),
        "step after scrub",
    );
    h.seek(629);
    assert_eq!(h.step(), Step::Finished);
    assert_eq!(h.at(), 629, "a step at the end changes nothing");
}

#[test]
fn too_close_candidates_name_a_point_that_really_is_too_close() {
    let mut h = history(&RUNS[0]);
    let mut seen = Tally::default();
    for s in 1..=h.total_steps() {
        let state = h.seek(s);
        let pts = state.points();
        let t = Tally::of(state.tried());
        assert_eq!(t.accepted + t.rejected(), state.tried().len());
        assert!(t.accepted <= 1);
        for c in state.tried() {
            match c.outcome {
                Outcome::TooClose(i) => {
                    let p = pts[i];
                    assert!((c.x - p.x).hypot(c.y - p.y) < p.r, "step {s}: hit {i}");
                }
                Outcome::OffMap => {
                    assert!(!(c.x >= 0.0 && c.x < 720.0 && c.y >= 0.0 && c.y < 400.0))
                }
                Outcome::WrongGround => panic!("no ground rule in this run"),
                Outcome::Accepted => {}
            }
        }
        seen.off_map += t.off_map;
        seen.too_close += t.too_close;
    }
    assert!(
        seen.off_map > 0 && seen.too_close > 0,
        "both reasons occur: {seen:?}"
    );
}

#[test]
fn a_refused_start_is_an_empty_run() {
    let mut h = History::new(100.0, 100.0, 10.0, 30, 5).unwrap();
    assert!(!h.start_at(-1.0, 50.0).accepted());
    assert_eq!(h.total_steps(), 0);
    assert_eq!(h.seek(5).points().len(), 0);
    assert_eq!(h.step(), Step::Finished);
    // Starting again replaces the run.
    assert!(h.start_random().accepted());
    assert!(h.total_steps() > 0);
    assert_eq!(h.at(), 0);
    assert_eq!(h.sampler().points().len(), 1);
}

#[test]
fn bad_recipes_are_refused_like_the_sampler() {
    let e = History::new(720.0, 400.0, 24.0, 0, 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        Sampler::new(720.0, 400.0, 24.0, 0, 1)
            .unwrap_err()
            .to_string()
    );
    assert!(History::new(720.0, 400.0, f64::NAN, 30, 1).is_err());
}

#[test]
fn live_figures_agree_with_the_metrics_module() {
    let mut h = history(&RUNS[0]);
    for s in [0, 1, 50, 300, 629] {
        let state = h.seek(s);
        let pts = state.points();
        let f = live_figures(pts, 720.0, 400.0, 24.0);
        assert_eq!(
            f.points_per_r2,
            metrics::points_per_r2(pts.len(), 720.0, 400.0, 24.0)
        );
        assert_eq!(
            f.coverage,
            metrics::coverage(pts.iter().map(|p| p.r), 720.0, 400.0)
        );
        assert_eq!(f.violation, None, "Bridson keeps its spacing at step {s}");
    }
    let full = h.seek(629);
    let pts = full.points().to_vec();
    let f = live_figures(&pts, 720.0, 400.0, 24.0);
    assert!(
        f.coverage > 0.4 && f.coverage < HEXAGONAL_COVERAGE,
        "{}",
        f.coverage
    );
    // A pair planted too close is found, with its distance and the spacing it needed.
    let mut bad = pts.clone();
    bad.push(Point {
        x: pts[7].x + 3.0,
        y: pts[7].y + 4.0,
        r: 24.0,
    });
    let v = live_figures(&bad, 720.0, 400.0, 24.0).violation.unwrap();
    assert_eq!((v.i, v.j, v.distance, v.required), (7, 315, 5.0, 24.0));
}

#[test]
fn the_reference_lines_are_the_known_constants() {
    assert_eq!(HEXAGONAL_COVERAGE, std::f64::consts::PI / 12f64.sqrt());
    const { assert!(RSA_COVERAGE > 0.54 && RSA_COVERAGE < 0.55) };
}

#[test]
fn costs_match_the_sampler_and_the_recent_accept_rate_falls() {
    let mut h = History::new(720.0, 400.0, 32.0, 30, 123456).unwrap();
    h.start_random();
    let total = h.total_steps();
    // A step's costs are known once the history has been there.
    assert_eq!(h.cost_at(1), None);
    h.seek(total);
    // Each step's running totals equal what a sampler stepped that far counts itself, and
    // going back and forth (a replay) changes none of them.
    for s in [0, 1, 12, total / 2, total, 3] {
        let c = h.cost_at(s).unwrap();
        let state = h.seek(s);
        assert_eq!(
            (c.candidates, c.placed),
            (state.attempted(), state.accepted()),
            "step {s}"
        );
    }
    // Distance checks, recounted with a fresh grid search per candidate: every candidate on the
    // map against the points stored before it, the new point of its own step excluded.
    let mut s = Sampler::new(720.0, 400.0, 32.0, 30, 123456).unwrap();
    s.start_random();
    let mut checks = 0u64;
    while s.step() != Step::Finished {
        let before = s.points().len()
            - usize::from(
                s.tried()
                    .last()
                    .is_some_and(|c| c.outcome == Outcome::Accepted),
            );
        for c in s.tried() {
            if c.outcome == Outcome::OffMap {
                continue;
            }
            checks += s.points()[..before]
                .iter()
                .filter(|p| {
                    let (pc, pr) = s.grid().cell_of(p.x, p.y);
                    let (cc, cr) = s.grid().cell_of(c.x, c.y);
                    pc.abs_diff(cc) <= 2 && pr.abs_diff(cr) <= 2
                })
                .count() as u64;
        }
    }
    assert_eq!(h.cost_at(total).unwrap().checks, checks);
    // The first steps place a point with their first candidate; the last ones only retire
    // points, so none of their candidates lands. The run-long rate hides both.
    h.seek(5);
    assert_eq!(h.recent_accept_rate(20), Some(1.0));
    h.seek(total);
    assert_eq!(h.recent_accept_rate(20), Some(0.0));
    let whole = h.sampler().accepted() as f64 / h.sampler().attempted() as f64;
    assert!(whole > 0.02 && whole < 0.05, "{whole}");
    // A window longer than the run is the whole run.
    assert_eq!(h.recent_accept_rate(u64::MAX), Some(whole));
    h.seek(0);
    assert_eq!(h.recent_accept_rate(20), None);
}

#[test]
fn darts_count_plain_and_grid_checks() {
    use poisson_live::darts::DartThrower;
    use poisson_live::grid::Grid;
    let cells = Grid::for_radius(720.0, 400.0, 26.0).unwrap();
    let mut d = DartThrower::new(720.0, 400.0, 26.0, 500, 123456).unwrap();
    let (mut plain, mut grid) = (0u64, 0u64);
    loop {
        let kept: Vec<Point> = d.kept().to_vec();
        let Some(dart) = d.throw() else { break };
        // Recounted by hand: every point kept before the dart, and those within two cells.
        plain += kept.len() as u64;
        let (dc, dr) = cells.cell_of(dart.x, dart.y);
        grid += kept
            .iter()
            .filter(|p| {
                let (pc, pr) = cells.cell_of(p.x, p.y);
                pc.abs_diff(dc) <= 2 && pr.abs_diff(dr) <= 2
            })
            .count() as u64;
    }
    assert_eq!((d.plain_checks(), d.grid_checks()), (plain, grid));
    // The grid is what saves the checks: ten times fewer at the lab's defaults.
    assert!(
        d.grid_checks() * 10 < d.plain_checks(),
        "{} vs {}",
        d.grid_checks(),
        d.plain_checks()
    );
}
