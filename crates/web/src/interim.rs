//! `Job` for the core's long operations that do not implement it yet, so that the bindings wrap
//! every one of them the same way today. Each adapter only forwards; it goes away as soon as
//! the core type implements `poisson_live::job::Job` itself.

use poisson_live::bridson::Sampler;
use poisson_live::job::Job;
use poisson_live::stipple::{Image, Rendering, Stippling};
use poisson_live::{biomes, compare, samplers, spectrum, Point, Result};

/// A core operation seen through [`Job`].
pub(crate) struct Interim<T> {
    pub(crate) inner: T,
    /// Whether the result was handed over (`take` gives it once).
    taken: bool,
}

impl<T> Interim<T> {
    pub(crate) fn new(inner: T) -> Self {
        Self {
            inner,
            taken: false,
        }
    }
}

/// 0 while working, 1 once finished: for work whose total is not known ahead.
fn done(finished: bool) -> f64 {
    f64::from(u8::from(finished))
}

/// `impl Job for Interim<Type>`, each method given as a closure over the core value.
macro_rules! interim {
    ($ty:ty => $out:ty, run $run:expr, progress $progress:expr, take $take:expr) => {
        impl Job for Interim<$ty> {
            type Output = $out;
            fn run(&mut self, budget: u64) -> Result<bool> {
                let run: fn(&mut $ty, u64) -> Result<bool> = $run;
                run(&mut self.inner, budget)
            }
            fn progress(&self) -> f64 {
                let progress: fn(&$ty) -> f64 = $progress;
                progress(&self.inner)
            }
            fn take(&mut self) -> Option<$out> {
                let take: fn(&mut $ty) -> Option<$out> = $take;
                let out = take(&mut self.inner).filter(|_| !self.taken);
                self.taken |= out.is_some();
                out
            }
        }
    };
}

interim!(compare::Staged => [compare::Report; 3],
    run |s, b| s.run(b), progress |s| done(s.is_finished()), take |s| s.take());
interim!(samplers::Staged => samplers::Run,
    run |s, b| Ok(s.run(b)), progress |s| done(s.is_finished()), take |s| s.take());
interim!(spectrum::Staged => spectrum::Averaged,
    run |s, b| s.run(b), progress |s| s.progress(), take |s| s.take());
interim!(biomes::Placer => biomes::Placement,
    run |s, b| s.run(b),
    progress |s| if s.is_finished() { 1.0 } else { s.layers_done() as f64 / 4.0 },
    take |s| s.take());
// The dots of every set, once all are full.
interim!(Stippling => Vec<Vec<Point>>,
    run |s, b| Ok(s.run(b)),
    progress |s| done(s.is_finished()),
    take |s| s.is_finished().then(|| (0..s.sets().len()).map(|i| s.points(i).to_vec()).collect()));
// A picture being drawn, a row per unit; `None` once handed over.
interim!(Option<Rendering> => Image,
    run |s, b| Ok(s.as_mut().is_none_or(|r| r.run(usize::try_from(b).unwrap_or(usize::MAX)))),
    progress |s| s.as_ref().map_or(1.0, |r| r.rows_done() as f64 / r.rows().max(1) as f64),
    take |s| if s.as_ref()?.is_finished() { s.take()?.into_image().ok() } else { None });
// A Bridson sampler (the density forest's): its points once full.
interim!(Sampler => Vec<Point>,
    run |s, b| Ok(s.run(b)),
    progress |s| done(s.is_finished()),
    take |s| s.is_finished().then(|| s.points().to_vec()));
