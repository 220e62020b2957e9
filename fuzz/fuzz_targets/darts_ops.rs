//! The dart thrower from any numbers, thrown dart by dart, and the two baselines (random points,
//! jittered grid). Checks: kept darts at least r apart and on the map, the counters and the miss
//! rate consistent with the darts seen, the stopping rule, construction Ok exactly for valid input.
#![no_main]

use arbitrary::Arbitrary;
use fuzz_support::{cells_for, check_in_bounds, check_spacing, positive, F};
use libfuzzer_sys::fuzz_target;
use poisson_live::darts::{DartThrower, MAX_MISSES, MISS_WINDOW, RECENT_REJECTED};
use poisson_live::error::DEFAULT_MAX_CELLS;
use poisson_live::rng::STUCK_SEED;
use poisson_live::DartParams;
use poisson_live::{dart_throwing, jittered_grid, random_points, Point};
use std::f64::consts::SQRT_2;

/// Darts one input may throw.
const BUDGET: u64 = 20_000;

#[derive(Debug, Clone, Copy, Arbitrary)]
enum Misses {
    Small(u8),
    Raw(u32),
}

#[derive(Debug, Clone, Copy, Arbitrary)]
enum Op {
    Throw,
    Run(u16),
}

#[derive(Debug, Clone, Arbitrary)]
struct Input {
    width: F,
    height: F,
    radius: F,
    misses: Misses,
    seed: i32,
    ops: Vec<Op>,
    count: u16,
    spacing: F,
}

fuzz_target!(|inp: Input| {
    let (w, h, r, seed) = (inp.width.0, inp.height.0, inp.radius.0, inp.seed);
    let max_misses = match inp.misses {
        Misses::Small(m) => u32::from(m),
        Misses::Raw(m) => m,
    };

    // Baselines: errors or points on the map, never a panic.
    match random_points(usize::from(inp.count), w, h, seed) {
        Ok(pts) => {
            assert_eq!(pts.len(), usize::from(inp.count));
            check_in_bounds(&pts, w, h, "random");
            assert!(pts.iter().all(|p| p.r == 0.0));
        }
        Err(e) => assert!(!(positive(w) && positive(h) && seed != STUCK_SEED), "{e}"),
    }
    let s = inp.spacing.0;
    let (cols, rows) = ((w / s).floor(), (h / s).floor());
    let jitter_cells = cols * rows;
    if !(jitter_cells > 65_536.0) || jitter_cells > DEFAULT_MAX_CELLS as f64 {
        if let Ok(pts) = jittered_grid(s, w, h, seed) {
            assert!(pts.len() as f64 == jitter_cells);
            check_in_bounds(&pts, w, h, "jittered");
        }
    }

    let valid = positive(w)
        && positive(h)
        && positive(r)
        && r / SQRT_2 > 0.0
        && max_misses <= MAX_MISSES
        && seed != STUCK_SEED
        && cells_for(w, h, r / SQRT_2) <= DEFAULT_MAX_CELLS as f64;
    let built = DartThrower::new(DartParams {
        width: w,
        height: h,
        radius: r,
        max_misses,
        seed,
    });
    assert_eq!(built.is_ok(), valid, "{:?}", built.as_ref().err());
    let Ok(mut d) = built else { return };
    assert_eq!(d.miss_rate(), 0.0);

    let mut history: Vec<bool> = Vec::new();
    let mut budget = BUDGET;
    for op in inp.ops.iter().take(32) {
        if budget == 0 {
            break;
        }
        let n = match *op {
            Op::Throw => 1,
            Op::Run(n) => u64::from(n).min(budget),
        };
        budget -= n;
        if n == 1 && matches!(op, Op::Throw) {
            match d.throw() {
                Some(dart) => {
                    history.push(dart.kept);
                    let last = if dart.kept {
                        d.kept().last()
                    } else {
                        d.recent_rejected().last()
                    };
                    assert_eq!(
                        last,
                        Some(&Point {
                            x: dart.x,
                            y: dart.y,
                            r
                        })
                    );
                }
                None => assert!(d.is_finished()),
            }
        } else {
            let thrown = d.thrown();
            let kept = d.kept().len();
            let done = d.run(n);
            assert_eq!(done, d.is_finished());
            assert!(d.thrown() - thrown <= n);
            assert!(done || d.thrown() - thrown == n);
            // Rebuild the history from the counters: the new darts are the new kept ones plus
            // the new rejected ones, in an order only the thrower knows; take it from the lists.
            let new_kept = d.kept().len() - kept;
            let new = (d.thrown() - thrown) as usize;
            // The last darts of the run: a kept dart resets the run of misses.
            let tail_misses = (d.misses_in_a_row() as usize).min(new);
            assert!(new_kept + tail_misses <= new);
            history.clear(); // the order is lost; the window check restarts below
        }
        assert_eq!(d.kept().len() as u64 + d.rejected_count(), d.thrown());
        assert!(d.recent_rejected().len() <= RECENT_REJECTED);
        assert!(d.misses_in_a_row() <= max_misses);
        assert_eq!(d.is_finished(), d.misses_in_a_row() >= max_misses);
        let rate = d.miss_rate();
        assert!((0.0..=1.0).contains(&rate), "miss rate {rate}");
        if history.len() as u64 == d.thrown() {
            let window = &history[history.len().saturating_sub(MISS_WINDOW)..];
            if !window.is_empty() {
                let misses = window.iter().filter(|&&k| !k).count();
                assert_eq!(rate, misses as f64 / window.len() as f64);
            }
            let in_a_row = history.iter().rev().take_while(|&&k| !k).count();
            assert_eq!(d.misses_in_a_row() as usize, in_a_row);
        }
    }

    check_in_bounds(d.kept(), w, h, "darts");
    check_spacing(d.kept(), "darts");
    let recent: Vec<Point> = d.recent_rejected().copied().collect();
    check_in_bounds(&recent, w, h, "rejected darts");
    // The one-call version throws the same darts when it finishes within what we threw.
    if d.is_finished() && d.thrown() <= BUDGET {
        assert_eq!(
            d.kept(),
            &dart_throwing(DartParams {
                width: w,
                height: h,
                radius: r,
                max_misses,
                seed
            })
            .unwrap()[..]
        );
    }
});
