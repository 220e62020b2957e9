//! The job protocol's promises, checked the same way for every long operation: run in uneven
//! slices (a budget of 1 included), its progress never goes back and stays below 1 until the
//! end, is exactly 1 once finished; a finished job stays finished and hands its result over
//! once. The tests that use it compare the sliced result with the one-call result; the
//! independent checks of what the result should be are the golden cases, the golden PNG, the
//! pinned hashes and the naive reference.

use poisson_live::Job;

/// Uneven budgets, 1 included, cycled: slices that end in the middle of every kind of piece.
pub const UNEVEN: [u64; 9] = [1, 7, 1, 250, 3, 40, 1, 1000, 13];

/// Runs `job` to the end in calls of `budgets` (cycled), checking the protocol after every
/// call; returns the result and how many calls it took.
pub fn run_in_slices<J: Job>(mut job: J, budgets: &[u64]) -> (J::Output, usize) {
    let mut progress = job.progress();
    assert!(
        (0.0..1.0).contains(&progress),
        "a new job is not finished: {progress}"
    );
    let mut calls = 0;
    loop {
        let done = job
            .run(budgets[calls % budgets.len()])
            .expect("the job runs");
        calls += 1;
        let now = job.progress();
        if done {
            assert_eq!(now, 1.0, "a finished job shows exactly 1");
            break;
        }
        assert!(
            now >= progress && now < 1.0,
            "call {calls}: progress went from {progress} to {now}"
        );
        assert!(!job.is_finished());
        assert!(job.take().is_none(), "nothing to take before the end");
        progress = now;
    }
    assert!(job.is_finished());
    assert!(
        job.run(1).expect("a finished job runs"),
        "a finished job stays finished"
    );
    let out = job.take().expect("a finished job hands over its result");
    assert!(job.take().is_none(), "the result is handed over once");
    assert_eq!(job.progress(), 1.0);
    (out, calls)
}

/// A zero budget does nothing: the job is where it was, and not finished.
pub fn assert_zero_budget_does_nothing<J: Job>(job: &mut J) {
    let before = job.progress();
    assert!(!job.run(0).expect("the job runs"));
    assert_eq!(job.progress(), before);
}
