//! Time travel: a History records a run once, and every step it shows equals a fresh sampler
//! stepped that many times, however it got there.

use poisson_live::bridson::{Outcome, Sampler, Step};
use poisson_live::figures::{live_figures, HEXAGONAL_COVERAGE, RSA_COVERAGE};
use poisson_live::history::{History, Tally, View, CHECKPOINT};
use poisson_live::job::Job;
use poisson_live::metrics;
use poisson_live::DartParams;
use poisson_live::Point;

/// Where a run's first point comes from.
#[derive(Debug, Clone, Copy)]
enum Start {
    Random,
    At(f64, f64),
}

type Run = (f64, f64, f64, u32, i32, Start);

/// Several runs: the reference map, a click start, k = 1 (holes), a tiny map, a big spacing.
const RUNS: &[Run] = &[
    (720.0, 400.0, 24.0, 30, 123456, Start::Random),
    (720.0, 400.0, 32.0, 30, 123456, Start::At(10.0, 390.0)),
    (720.0, 400.0, 20.0, 1, 99, Start::Random),
    (300.0, 200.0, 15.0, 5, -77, Start::Random),
    (720.0, 400.0, 80.0, 60, 2147483646, Start::At(360.0, 200.0)),
];

/// A fresh sampler for the run, started as it says, stepped `steps` times.
fn stepped(run: &Run, steps: u64) -> Sampler {
    let &(w, h, r, k, seed, start) = run;
    let mut s = Sampler::new(w, h, r, k, seed).unwrap();
    let outcome = match start {
        Start::Random => s.start_random(),
        Start::At(x, y) => s.start_at(x, y),
    };
    assert!(outcome.accepted());
    for _ in 0..steps {
        s.step();
    }
    s
}

/// A history of the run, nothing recorded yet.
fn history(run: &Run) -> History {
    History::new(stepped(run, 0))
}

/// A history of the run, recorded to the end.
fn recorded(run: &Run) -> History {
    let mut h = history(run);
    while !h.run(1000).unwrap() {}
    h
}

/// Everything a reader sees of a state, compared field by field.
fn assert_same(a: View, b: &Sampler, what: &str) {
    let b = View::from(b);
    assert_eq!(a.points, b.points, "{what}: points");
    assert_eq!(a.active, b.active, "{what}: active list");
    assert_eq!(a.retired, b.retired, "{what}: retired");
    assert_eq!(a.current, b.current, "{what}: current");
    assert_eq!(a.tried, b.tried, "{what}: tried (x, y, outcome)");
    assert_eq!(a.steps, b.steps, "{what}: steps");
    assert_eq!(a.attempted, b.attempted, "{what}: attempted");
    assert_eq!(a.accepted, b.accepted, "{what}: accepted");
    assert_eq!(a.is_finished(), b.is_finished(), "{what}: finished");
}

#[test]
fn making_a_history_steps_nothing() {
    let s = stepped(&RUNS[0], 0);
    let given = (s.points().to_vec(), s.active().to_vec());
    let mut h = History::new(s);
    // No step taken, none recorded: a page may make one on every input.
    assert_eq!(h.sampler().steps(), 0);
    assert_eq!((h.recorded(), h.total_steps(), h.at()), (0, None, 0));
    assert!(!h.is_recorded());
    assert_eq!((h.view().points.to_vec(), h.view().active.to_vec()), given);
    assert!(h.progress() < 0.01);
    assert_eq!(h.take(), None, "nothing to take before the run is recorded");
    // A budget records that many steps, no more.
    assert!(!h.run(10).unwrap());
    assert_eq!((h.recorded(), h.sampler().steps(), h.at()), (10, 10, 0));
    assert_eq!(h.seek(50).steps, 10, "a seek stays within the record");
}

#[test]
fn the_reference_run_has_629_steps() {
    let mut h = history(&RUNS[0]);
    let mut last = 0.0;
    while !h.run(50).unwrap() {
        assert!(h.progress() >= last && h.progress() < 1.0);
        last = h.progress();
    }
    assert_eq!(h.progress(), 1.0);
    assert_eq!(h.total_steps(), Some(629));
    assert_eq!(h.at(), 0, "recording moves nothing");
    assert_eq!(
        h.seek(10_000).points.len(),
        315,
        "seeking past the end clamps"
    );
    assert_eq!(h.at(), 629);
    assert!(h.view().is_finished());
    // The job's result is the run's points, as the one-call sampler gives them.
    let points = h.take().unwrap();
    assert_eq!(
        points,
        poisson_live::poisson_disk(720.0, 400.0, 24.0, 30, 123456).unwrap()
    );
    assert_eq!(h.take(), None, "once");
    assert_eq!(history(&RUNS[0]).run_to_end().unwrap(), points);
}

#[test]
fn total_is_two_n_minus_one_for_every_run() {
    for run in RUNS {
        let h = recorded(run);
        let mut full = stepped(run, 0);
        full.finish();
        assert_eq!(
            h.total_steps(),
            Some(2 * full.points().len() as u64 - 1),
            "{run:?}"
        );
    }
}

#[test]
fn every_step_forward_equals_a_fresh_sampler() {
    for run in RUNS {
        // Stepping a history whose record ends where it stands records as it goes.
        let mut h = history(run);
        let mut plain = stepped(run, 0);
        assert_same(h.view(), &plain, &format!("{run:?} at 0"));
        loop {
            let (a, b) = (h.step(), plain.step());
            assert_eq!(a, b, "{run:?} step {}", plain.steps());
            assert_same(
                h.view(),
                &plain,
                &format!("{run:?} forward to {}", plain.steps()),
            );
            if b == Step::Finished {
                break;
            }
        }
        assert_eq!(h.total_steps(), Some(plain.steps()));
        // The same steps read back from the record, one seek each.
        let mut plain = stepped(run, 0);
        for s in 0..=total_of(&h) {
            assert_same(h.seek(s), &plain, &format!("{run:?} seek to {s}"));
            plain.step();
        }
    }
}

fn total_of(h: &History) -> u64 {
    h.total_steps().unwrap()
}

#[test]
fn every_step_backward_and_jumping_equals_a_fresh_sampler_without_stepping_again() {
    for run in RUNS {
        let mut h = recorded(run);
        let total = total_of(&h);
        let maker = (h.sampler().steps(), h.sampler().attempted());
        assert_eq!(maker.0, total, "the run was stepped once");
        // Backward from the end, one step at a time, checked against a fresh sampler each time.
        h.seek(total);
        for s in (0..=total).rev() {
            assert_same(h.seek(s), &stepped(run, s), &format!("{run:?} back to {s}"));
        }
        // Jumps in a scrambled order, as a drag of the scrubber would give, and short hops
        // across the active list's checkpoints.
        let mut s = 0u64;
        for i in 0..200 {
            s = if i % 3 == 0 {
                (s + 1).min(total)
            } else {
                (s * 7919 + 104_729) % (total + 1)
            };
            assert_same(h.seek(s), &stepped(run, s), &format!("{run:?} jump to {s}"));
        }
        for s in [
            CHECKPOINT as u64 - 1,
            CHECKPOINT as u64,
            CHECKPOINT as u64 + 1,
        ] {
            let s = s.min(total);
            assert_same(
                h.seek(s),
                &stepped(run, s),
                &format!("{run:?} checkpoint {s}"),
            );
        }
        // Seeking read the record only: the sampler that made it never stepped again.
        assert_eq!((h.sampler().steps(), h.sampler().attempted()), maker);
        assert_eq!(h.recorded(), total);
    }
}

#[test]
fn recording_in_slices_or_at_once_gives_one_record() {
    let run = &RUNS[1];
    let mut sliced = history(run);
    while !sliced.run(7).unwrap() {}
    let mut whole = history(run);
    assert!(whole.run(u64::MAX).unwrap());
    for s in 0..=total_of(&whole) {
        assert_eq!(sliced.cost_at(s), whole.cost_at(s));
        let a = sliced.seek(s);
        assert_eq!(a, whole.seek(s), "step {s}");
    }
}

#[test]
fn stepping_after_a_scrub_continues_the_same_run() {
    let run = &RUNS[0];
    let mut h = recorded(run);
    h.seek(400);
    h.seek(100);
    assert!(h.step().did_something());
    assert_same(h.view(), &stepped(run, 101), "step after scrub");
    assert!(!h.forward(5));
    assert_same(h.view(), &stepped(run, 106), "five steps on");
    h.seek(629);
    assert_eq!(h.step(), Step::Finished);
    assert_eq!(h.at(), 629, "a step at the end changes nothing");
    assert!(h.forward(5));
}

#[test]
fn too_close_candidates_name_a_point_that_really_is_too_close() {
    let mut h = recorded(&RUNS[0]);
    let mut seen = Tally::default();
    for s in 1..=629 {
        let state = h.seek(s);
        let t = Tally::of(state.tried);
        assert_eq!(t.accepted + t.rejected(), state.tried.len());
        assert!(t.accepted <= 1);
        for c in state.tried {
            match c.outcome {
                Outcome::TooClose(i) => {
                    let p = state.points[i];
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
fn a_refused_start_or_no_start_is_an_empty_run() {
    let mut s = Sampler::new(100.0, 100.0, 10.0, 30, 5).unwrap();
    assert!(!s.start_at(-1.0, 50.0).accepted());
    let mut h = History::new(s);
    assert!(h.run(1).unwrap(), "nothing to record");
    assert_eq!(h.total_steps(), Some(0));
    assert_eq!(h.seek(5).points.len(), 0);
    assert_eq!(h.step(), Step::Finished);
    let unstarted = History::new(Sampler::new(100.0, 100.0, 10.0, 30, 5).unwrap());
    assert!(unstarted.is_recorded() && unstarted.view().is_finished());
}

#[test]
fn live_figures_agree_with_the_metrics_module() {
    let mut h = recorded(&RUNS[0]);
    for s in [0, 1, 50, 300, 629] {
        let pts = h.seek(s).points;
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
    let pts = h.seek(629).points.to_vec();
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
    let run = &(720.0, 400.0, 32.0, 30, 123456, Start::Random);
    let mut h = history(run);
    // A step's costs are known once it is recorded.
    assert_eq!(h.cost_at(0).map(|c| c.candidates), Some(0));
    assert_eq!(h.cost_at(1), None);
    while !h.run(100).unwrap() {}
    let total = total_of(&h);
    // Each step's running totals equal what a sampler stepped that far counts itself, and
    // going back and forth changes none of them.
    for s in [0, 1, 12, total / 2, total, 3] {
        let c = h.cost_at(s).unwrap();
        let state = h.seek(s);
        assert_eq!(
            (c.candidates, c.placed),
            (state.attempted, state.accepted),
            "step {s}"
        );
    }
    // Distance checks, recounted with a fresh grid search per candidate: every candidate on the
    // map against the points stored before it, the new point of its own step excluded.
    let mut s = stepped(run, 0);
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
    let end = h.seek(total);
    let whole = end.accepted as f64 / end.attempted as f64;
    assert_eq!(h.recent_accept_rate(20), Some(0.0));
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
    let mut d = DartThrower::new(DartParams {
        width: 720.0,
        height: 400.0,
        radius: 26.0,
        max_misses: 500,
        seed: 123456,
    })
    .unwrap();
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
