//! The job protocol (`poisson_live::job::Job`) wrapped once for JS.
//!
//! Every long operation reaches the page as a class with the same shape, made by [`job_class!`]:
//!
//! - `run(maxWork)` does up to `maxWork` units of work and returns `true` once finished (the job
//!   says what a unit is; about one Bridson step each). It throws if the work fails.
//! - `progress` (0 to 1) and `stage` (a few words, or "") say how far along it is.
//! - `take()` hands over the result once, when finished; `finish()` runs to the end first
//!   (blocking: for tests and scripts, never for a page).
//! - `free()` releases it, as for every wasm-bindgen class.
//!
//! The page's job driver (`www/lib/job.js`) calibrates `maxWork` to its frame budget.

use crate::js::{budget, err};
use poisson_live::job::Job;
use wasm_bindgen::JsError;

/// `run(maxWork)` for any job: the budget clamp and the error, once.
pub(crate) fn run<J: Job>(job: &mut J, max_work: f64) -> Result<bool, JsError> {
    job.run(budget(max_work)).map_err(err)
}

/// `take()` for any job.
pub(crate) fn take<J: Job>(job: &mut J) -> Result<J::Output, JsError> {
    job.take()
        .ok_or_else(|| JsError::new("the job is not finished yet, or its result was already taken"))
}

/// `finish()` for any job: to the end, then the result.
pub(crate) fn finish<J: Job>(job: &mut J) -> Result<J::Output, JsError> {
    while !run(job, f64::INFINITY)? {}
    take(job)
}

/// A JS class for a job: `job_class!(Name, JobType, Result, |output| result)` declares
/// `pub struct Name { job: JobType }` with the protocol's methods; `result` turns the job's
/// output into what `take()` returns. `|job, output| result` also sees the finished job, for a
/// result that carries its figures. The class's constructor and any readings of the work in
/// progress are written beside it, in an `impl` block of their own.
macro_rules! job_class {
    ($(#[$doc:meta])* $class:ident, $job:ty, $result:ty, |$out:ident| $wrap:expr) => {
        $crate::job::job_class!($(#[$doc])* $class, $job, $result, |_job, $out| $wrap);
    };
    ($(#[$doc:meta])* $class:ident, $job:ty, $result:ty, |$done:ident, $out:ident| $wrap:expr) => {
        $(#[$doc])*
        #[wasm_bindgen]
        pub struct $class {
            job: $job,
        }

        #[wasm_bindgen]
        impl $class {
            /// Does up to `maxWork` units of work (at least one while any is left); true once
            /// finished. Throws if the work fails; the job is then finished with nothing to take.
            pub fn run(&mut self, max_work: f64) -> Result<bool, JsError> {
                crate::job::run(&mut self.job, max_work)
            }

            /// How far along the work is, from 0 to 1; 1 only once finished.
            #[wasm_bindgen(getter)]
            pub fn progress(&self) -> f64 {
                poisson_live::job::Job::progress(&self.job)
            }

            /// What the job is doing now, in a few words for a status line ("" if one stage).
            #[wasm_bindgen(getter)]
            pub fn stage(&self) -> String {
                poisson_live::job::Job::stage(&self.job).to_owned()
            }

            /// True once the work is finished.
            #[wasm_bindgen(getter, js_name = isFinished)]
            pub fn is_finished(&self) -> bool {
                poisson_live::job::Job::progress(&self.job) >= 1.0
            }

            /// The result, once: throws before the job is finished and after it was taken.
            pub fn take(&mut self) -> Result<$result, JsError> {
                let $out = crate::job::take(&mut self.job)?;
                let $done = &self.job;
                Ok($wrap)
            }

            /// Runs the job to the end now and hands over its result (for tests and scripts: a
            /// page runs it in slices instead).
            pub fn finish(&mut self) -> Result<$result, JsError> {
                let $out = crate::job::finish(&mut self.job)?;
                let $done = &self.job;
                Ok($wrap)
            }
        }
    };
}
pub(crate) use job_class;
