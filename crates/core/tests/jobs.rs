//! The samplers as jobs: run in slices of any size, they hand over exactly what their one-call
//! function gives, their progress never goes back and reads 1 only at the end, and the result
//! is handed over once.

use poisson_live::chunks::ChunkedWorld;
use poisson_live::darts::DartThrower;
use poisson_live::job::Job;
use poisson_live::DartParams;
use poisson_live::{dart_throwing, poisson_disk, Point, Sampler};

/// Runs `job` in slices of the given sizes (cycled) and returns its result, checking the
/// progress on the way.
fn run_in_slices<J: Job>(mut job: J, sizes: &[u64]) -> J::Output {
    let mut last = job.progress();
    let mut calls = 0;
    while !job.run(sizes[calls % sizes.len()]).unwrap() {
        let p = job.progress();
        assert!((last..1.0).contains(&p), "progress {last} then {p}");
        last = p;
        calls += 1;
        assert!(job.take().is_none(), "a result before the end");
    }
    assert_eq!(job.progress(), 1.0);
    assert!(job.run(5).unwrap(), "a finished job stays finished");
    let out = job.take().expect("the result, once finished");
    assert!(job.take().is_none(), "the result is handed over once");
    out
}

#[test]
fn a_sampler_run_in_slices_equals_the_one_call_poisson_disk() {
    for (w, h, r, k, seed) in [
        (720.0, 400.0, 24.0, 30, 123456),
        (300.0, 200.0, 7.5, 4, -9),
        (50.0, 50.0, 80.0, 30, 1),
    ] {
        for sizes in [&[1][..], &[7, 1, 300], &[u64::MAX]] {
            let mut s = Sampler::new(w, h, r, k, seed).unwrap();
            s.start_random();
            let got: Vec<Point> = run_in_slices(s, sizes);
            assert_eq!(
                got,
                poisson_disk(w, h, r, k, seed).unwrap(),
                "{w}×{h} r {r}"
            );
        }
    }
    // Finishing a job whose result was taken is an error, not a second copy.
    let mut s = Sampler::new(100.0, 100.0, 10.0, 30, 1).unwrap();
    s.start_random();
    while !Job::run(&mut s, 100).unwrap() {}
    assert!(s.take().is_some());
    assert!(Job::run_to_end(s).is_err());
}

#[test]
fn a_dart_thrower_run_in_slices_equals_the_one_call_dart_throwing() {
    for (w, h, r, misses, seed) in [(720.0, 400.0, 26.0, 300, 0), (200.0, 90.0, 9.0, 40, 77)] {
        for sizes in [&[1][..], &[13, 2, 999], &[u64::MAX]] {
            let d = DartThrower::new(DartParams {
                width: w,
                height: h,
                radius: r,
                max_misses: misses,
                seed,
            })
            .unwrap();
            let got = run_in_slices(d, sizes);
            assert_eq!(
                got,
                dart_throwing(DartParams {
                    width: w,
                    height: h,
                    radius: r,
                    max_misses: misses,
                    seed
                })
                .unwrap()
            );
        }
    }
}

#[test]
fn a_fill_run_in_slices_equals_the_one_call_points_in() {
    // A view across the origin, one far off, and an empty one.
    for [x, y, w, h] in [
        [-300.0, -90.0, 600.0, 250.0],
        [2e4, -7e3, 333.0, 99.0],
        [0.0; 4],
    ] {
        let mut whole = ChunkedWorld::new(96.0, 11.0, 30, 123456).unwrap();
        let expected = whole.points_in(x, y, w, h);
        for sizes in [&[1][..], &[3, 1, 17], &[u64::MAX]] {
            let mut sliced = ChunkedWorld::new(96.0, 11.0, 30, 123456)
                .unwrap()
                .with_capacity(4);
            let mut whole_small = ChunkedWorld::new(96.0, 11.0, 30, 123456)
                .unwrap()
                .with_capacity(4);
            whole_small.points_in(x, y, w, h);
            let got = run_in_slices(sliced.fill(x, y, w, h), sizes);
            assert_eq!(got, expected, "({x}, {y}, {w}, {h})");
            // The same chunks sampled, and the same ones kept.
            assert_eq!(sliced.generated(), whole_small.generated());
            assert_eq!(sliced.cached(), whole_small.cached());
        }
    }
}
