//! One shape for long work: a value that advances a bounded amount per call.
//!
//! Painting the island or averaging a dozen spectra takes longer than a page may block, and a
//! game loop wants to spread such work over frames too. Every long operation of the crate is
//! therefore a [`Job`]: build it (all input is checked there), call [`Job::run`] with a budget
//! until it returns `true`, then [`Job::take`] the result. The one-call function of each
//! operation is its job run to the end ([`Job::finish`]), so the stepped and the one-call results
//! are the same to the bit.
//!
//! A budget counts *units of work*, not time: the crate has no clock (WebAssembly has none it
//! may read without the page), and the same units make the same result on every machine. Each
//! job says what its unit is, chosen so that one unit costs about as much as one Bridson step.
//! A caller that wants a time budget measures a call and scales the next one, as the page's
//! job driver (`www/lib/job.js`) does.
//!
//! ```
//! use poisson_live::job::Job;
//! use poisson_live::world::{paint_world, WorldPainter};
//! let mut painter = WorldPainter::new(7)?;
//! while !painter.run(5_000)? {
//!     assert!((0.0..1.0).contains(&painter.progress()));
//! }
//! let world = painter.take().expect("finished");
//! assert_eq!(world.rgb, paint_world(7)?.rgb);
//! # Ok::<(), poisson_live::Error>(())
//! ```

use crate::error::{Error, Result};

/// Long work done a slice at a time; see the module docs.
pub trait Job {
    /// What the finished job hands over.
    type Output;

    /// Does at most about `budget` units of work and returns `true` once the job is finished.
    ///
    /// A call with a budget above 0 does at least one piece of work while any is left, and may
    /// run over the budget by less than one piece. Once finished, calls do nothing and return
    /// `true`. An error leaves the job finished with nothing to take.
    fn run(&mut self, budget: u64) -> Result<bool>;

    /// How far along the job is, from 0 to 1; exactly 1 only once finished, and never lower
    /// than an earlier answer. Where the total is not known ahead (a Bridson run) it is an
    /// estimate.
    fn progress(&self) -> f64;

    /// What the job is doing now, in a few words for a status line ("placing trees"). Empty
    /// when a job has only one stage.
    fn stage(&self) -> &'static str {
        ""
    }

    /// The result, once: `None` before the job is finished and after it was taken.
    fn take(&mut self) -> Option<Self::Output>;

    /// Runs the job to the end and hands over its result.
    fn finish(mut self) -> Result<Self::Output>
    where
        Self: Sized,
    {
        while !self.run(u64::MAX)? {}
        self.take().ok_or_else(|| Error::Invalid {
            message: "the job's result was already taken".into(),
        })
    }
}
