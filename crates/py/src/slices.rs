//! Long work a slice at a time, so Ctrl-C (or any signal a Python handler raises from) stops a
//! call within a fraction of a second instead of after it.
//!
//! Each long call drives the core's [`Job`] in slices of about
//! [`SLICE`] of wall time with the GIL released, and between slices takes the GIL back and runs
//! Python's pending signal handlers ([`Python::check_signals`]); an exception from a handler
//! (`KeyboardInterrupt`) ends the call and drops its work. Budgets are units of work (about a
//! Bridson step each), grown or shrunk after each slice to stay near the target time, so the
//! result is the same to the bit as one run to the end.
//!
//! A job whose one slice can run for seconds (Lloyd's method triangulates all its points at
//! once: about 5 s for a million on a busy machine) runs on a thread of its own instead
//! ([`run_job_apart`]): the caller's thread waits for it, checking for signals every [`WAIT`],
//! and returns a handler's exception at once; the job's thread finishes the slice it is in and
//! drops the job.

use crate::convert::value_error;
use poisson_live::Job;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// About how long one slice runs before signals are checked.
const SLICE: Duration = Duration::from_millis(40);

/// How often a caller waiting on a job's thread checks for signals.
const WAIT: Duration = Duration::from_millis(20);

/// The first slice's budget: small, since a unit's cost is not known ahead.
const FIRST_BUDGET: u64 = 8;

/// The next budget after a slice of `budget` units took `took`: doubled while slices are short,
/// halved when one ran long.
fn next_budget(budget: u64, took: Duration) -> u64 {
    if took < SLICE / 2 {
        budget.saturating_mul(2).min(1 << 40)
    } else if took > SLICE * 2 {
        (budget / 2).max(1)
    } else {
        budget
    }
}

/// A slice's budget in units of work, kept near [`SLICE`] of wall time ([`next_budget`]) and
/// started again from [`FIRST_BUDGET`] when the work enters a new stage, so a budget grown on
/// cheap units does not run long on dear ones.
struct Budget {
    units: u64,
    stage: &'static str,
}

impl Default for Budget {
    fn default() -> Self {
        Self {
            units: FIRST_BUDGET,
            stage: "",
        }
    }
}

impl Budget {
    /// The budget after a slice that took `took` and ended in `stage`.
    fn after(&mut self, stage: &'static str, took: Duration) {
        self.units = if stage == self.stage {
            next_budget(self.units, took)
        } else {
            FIRST_BUDGET
        };
        self.stage = stage;
    }
}

/// Calls `slice(budget)` with the GIL released until it returns true, checking for signals in
/// between; an error from a slice or a signal handler ends the loop.
pub(crate) fn detached(
    py: Python<'_>,
    mut slice: impl FnMut(u64) -> PyResult<bool> + Send,
) -> PyResult<()> {
    staged(py, |budget| Ok((slice(budget)?, "")))
}

/// [`detached`] for work in stages whose units cost differently (an edit's seeding blocks, then
/// its Bridson steps): `slice` also says the stage it ended in, and a new stage starts again
/// from the first budget, so a budget grown on cheap units does not run long on dear ones.
fn staged(
    py: Python<'_>,
    mut slice: impl FnMut(u64) -> PyResult<(bool, &'static str)> + Send,
) -> PyResult<()> {
    let mut budget = Budget::default();
    loop {
        let start = Instant::now();
        let (done, stage) = py.detach(|| slice(budget.units))?;
        if done {
            return Ok(());
        }
        py.check_signals()?;
        budget.after(stage, start.elapsed());
    }
}

/// [`detached`] with the GIL held throughout, for work that calls back into Python.
pub(crate) fn attached(
    py: Python<'_>,
    mut slice: impl FnMut(u64) -> PyResult<bool>,
) -> PyResult<()> {
    let mut budget = FIRST_BUDGET;
    loop {
        let start = Instant::now();
        if slice(budget)? {
            return Ok(());
        }
        py.check_signals()?;
        budget = next_budget(budget, start.elapsed());
    }
}

/// Runs `job` to its end in slices ([`detached`]) and hands over its result.
pub(crate) fn run_job<J>(py: Python<'_>, mut job: J) -> PyResult<J::Output>
where
    J: Job + Send,
    J::Output: Send,
{
    staged(py, |budget| {
        let done = job.run(budget).map_err(value_error)?;
        Ok((done, job.stage()))
    })?;
    py.detach(|| job.run_to_end()).map_err(value_error)
}

/// [`run_job`] on a thread of its own (see the module docs): the same slices, budgets and
/// result, but a signal's exception returns within [`WAIT`] even while one slice runs long. The
/// job's thread then stops after that slice, dropping the job and its memory.
pub(crate) fn run_job_apart<J>(py: Python<'_>, job: J) -> PyResult<J::Output>
where
    J: Job + Send + 'static,
    J::Output: Send + 'static,
{
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = Arc::clone(&stop);
    let (send, receive) = mpsc::channel();
    std::thread::Builder::new()
        .name("poisson-live job".into())
        .spawn(move || {
            let mut job = job;
            let mut budget = Budget::default();
            let result = loop {
                if stopped.load(Ordering::Relaxed) {
                    return;
                }
                let start = Instant::now();
                match job.run(budget.units) {
                    Ok(false) => budget.after(job.stage(), start.elapsed()),
                    Ok(true) => break job.run_to_end(),
                    Err(e) => break Err(e),
                }
            };
            // The caller may have stopped waiting (a signal): then nobody takes the result.
            let _ = send.send(result);
        })
        .map_err(|e| {
            PyRuntimeError::new_err(format!("could not start a thread for the job: {e}"))
        })?;
    let mut receive = receive;
    loop {
        // The receiver is handed to the wait and back (it may be moved, not shared, between
        // threads).
        let (back, got) = py.detach(move || {
            let got = receive.recv_timeout(WAIT);
            (receive, got)
        });
        receive = back;
        match got {
            Ok(result) => return result.map_err(value_error),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(raised) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    return Err(raised);
                }
            }
            Err(RecvTimeoutError::Disconnected) => return Err(PyRuntimeError::new_err(
                "the job's thread ended without a result (a bug in poisson_live: please report it)",
            )),
        }
    }
}
