//! The opening comparison: each method's points and figures are what the public one-call
//! functions give, and the comparison cut in slices is the one-call comparison.

use poisson_live::compare::{compare, CompareJob, Method, Report, COMPARE_K};
use poisson_live::metrics::{largest_empty_circle, tightest_pair, too_close_pairs};
use poisson_live::{jittered_grid, poisson_disk, random_points, Job};

mod job_check;
use job_check::{assert_zero_budget_does_nothing, run_in_slices, UNEVEN};

/// One method's report the long way: its positions and the metrics on them.
fn by_hand(method: Method, xy: Vec<[f64; 2]>, spacing: f64, lab: f64, w: f64, h: f64) -> Report {
    let r = if method == Method::Poisson { lab } else { 0.0 };
    Report {
        method,
        too_close: too_close_pairs(&xy, lab),
        tightest: tightest_pair(&xy),
        clearing: largest_empty_circle(&xy, w, h),
        points: xy
            .iter()
            .map(|&[x, y]| poisson_live::Point { x, y, r })
            .collect(),
        spacing,
    }
}

#[test]
fn the_comparison_is_the_methods_by_hand() {
    let (w, h) = (720.0, 400.0);
    for (spacing, seed) in [(26.0, 123456), (10.0, 7), (60.0, -5)] {
        let poisson: Vec<[f64; 2]> = poisson_disk(w, h, spacing, COMPARE_K, seed)
            .unwrap()
            .iter()
            .map(|p| [p.x, p.y])
            .collect();
        let n = poisson.len();
        let jitter = (w * h / n as f64).sqrt();
        let want = [
            by_hand(
                Method::Random,
                poisson_live::point::xy(&random_points(n, w, h, seed).unwrap()),
                spacing,
                spacing,
                w,
                h,
            ),
            by_hand(
                Method::Jittered,
                poisson_live::point::xy(&jittered_grid(jitter, w, h, seed).unwrap()),
                jitter,
                spacing,
                w,
                h,
            ),
            by_hand(Method::Poisson, poisson, spacing, spacing, w, h),
        ];
        assert_eq!(
            compare(w, h, spacing, seed).unwrap().reports,
            want,
            "spacing {spacing}"
        );
    }
}

#[test]
fn comparisons_in_slices_equal_the_one_call_comparison() {
    // Guards: a sliced comparison that measures a method against the wrong spacing, takes the
    // count before Poisson is done, or reorders the methods.
    for (spacing, seed) in [(26.0, 123456), (10.0, 7), (60.0, -5)] {
        let whole = compare(720.0, 400.0, spacing, seed).unwrap();
        for budgets in [&[1][..], &UNEVEN, &[100], &[u64::MAX]] {
            let mut job = CompareJob::new(720.0, 400.0, spacing, seed).unwrap();
            assert_eq!(job.stage(), "placing the Poisson points");
            assert_zero_budget_does_nothing(&mut job);
            let (reports, calls) = run_in_slices(job, budgets);
            assert_eq!(reports, whole, "spacing {spacing}, slices {budgets:?}");
            if budgets == [1] {
                // A call per Poisson step (2N − 1 of them; the last one scatters the other two
                // methods), then one per method measured.
                let n = whole.reports[2].points.len();
                assert_eq!(calls, 2 * n + 2, "{n} points");
            }
        }
    }
}

#[test]
fn the_comparison_job_refuses_what_compare_refuses() {
    for (spacing, seed) in [
        (0.0, 1),
        (f64::NAN, 1),
        (0.001, 1),
        (26.0, poisson_live::rng::STUCK_SEED),
    ] {
        let one_call = compare(720.0, 400.0, spacing, seed).unwrap_err();
        let job = CompareJob::new(720.0, 400.0, spacing, seed).unwrap_err();
        assert_eq!(one_call.to_string(), job.to_string());
    }
}
