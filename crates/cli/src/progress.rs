//! The one-line progress report on standard error, and Bridson's sampler run in slices under it.

use poisson_live::{Job, Point, Sampler};
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// A one-line progress report on standard error, redrawn in place. Only when standard error
/// is a terminal (never in a pipeline's log), and only once a run has taken long enough for a
/// reader to wonder.
pub struct Progress {
    enabled: bool,
    label: &'static str,
    start: Instant,
    last: Option<Instant>,
}

impl Progress {
    const DELAY: Duration = Duration::from_millis(400);
    const EVERY: Duration = Duration::from_millis(100);

    /// A report that starts its line with `poisson LABEL:`.
    pub fn new(label: &'static str) -> Self {
        Self {
            enabled: io::stderr().is_terminal(),
            label,
            start: Instant::now(),
            last: None,
        }
    }

    /// Redraws the line with `text()` when it is due (`text` is not called otherwise).
    pub fn show(&mut self, text: impl FnOnce() -> String) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        let due = match self.last {
            None => now - self.start >= Self::DELAY,
            Some(last) => now - last >= Self::EVERY,
        };
        if due {
            self.last = Some(now);
            let mut err = io::stderr().lock();
            let _ = write!(err, "\rpoisson {}: {}\x1b[K", self.label, text());
            let _ = err.flush();
        }
    }

    /// Wipes the line, if one was drawn, before the results are written.
    pub fn clear(&mut self) {
        if self.enabled && self.last.is_some() {
            let _ = write!(io::stderr().lock(), "\r\x1b[K");
        }
    }
}

/// Runs a started sampler to the end in slices, showing progress between them: the same steps
/// as [`Sampler::finish`], so the same points. With `expected` (how many points a full map
/// holds, roughly) the line starts with a percentage, capped below 100 until the end.
pub fn finish(
    mut s: Sampler,
    progress: &mut Progress,
    expected: Option<f64>,
) -> poisson_live::Result<Vec<Point>> {
    while !s.run(1 << 15)? {
        progress.show(|| {
            let done = s.points().len();
            let pct = expected.map_or(String::new(), |e| {
                format!("~{:.0}% · ", (100.0 * done as f64 / e).min(99.0))
            });
            format!(
                "{pct}{} points, {} active",
                grouped(done),
                grouped(s.active().len())
            )
        });
    }
    Ok(s.into_points())
}

/// Runs a job to the end in slices of `slice` units, showing its progress and how many points
/// it has placed (`placed(job)`) between them.
pub fn run_job<J: poisson_live::Job>(
    label: &'static str,
    job: &mut J,
    slice: u64,
    placed: impl Fn(&J) -> usize,
) -> poisson_live::Result<()> {
    let mut progress = Progress::new(label);
    while !job.run(slice)? {
        progress.show(|| {
            format!(
                "~{:.0}% · {} points",
                (100.0 * job.progress()).min(99.0),
                grouped(placed(job))
            )
        });
    }
    progress.clear();
    Ok(())
}

/// `1234567` as `1 234 567`.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn grouping() {
        assert_eq!(super::grouped(0), "0");
        assert_eq!(super::grouped(999), "999");
        assert_eq!(super::grouped(1000), "1 000");
        assert_eq!(super::grouped(1_234_567), "1 234 567");
    }
}
