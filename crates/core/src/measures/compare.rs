//! The comparison the tutorial opens with: random, jittered and Poisson scatter with the same
//! number of trees, and the figures that tell them apart.
//!
//! Poisson goes first and fixes the count N. Random scatter then places N points; the jittered
//! grid uses the spacing √(w·h / N) that would give N cells, rounded down to whole rows and
//! columns. Each method is measured the same way: pairs closer than the spacing, the tightest
//! pair, and the widest clearing.

use crate::bridson::Sampler;
use crate::error::Result;
use crate::metrics::{largest_empty_circle, tightest_pair, too_close_pairs, Clearing};
use crate::point::xy;

/// Tries per step for the Poisson method of the comparison.
pub const COMPARE_K: u32 = 30;

/// One of the three methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Uniform random points.
    Random,
    /// One point per cell of a square grid.
    Jittered,
    /// Bridson's Poisson disk sampling.
    Poisson,
}

impl Method {
    /// The method's name as the page spells it (`random`, `jittered`, `poisson`).
    pub fn name(self) -> &'static str {
        match self {
            Method::Random => "random",
            Method::Jittered => "jittered",
            Method::Poisson => "poisson",
        }
    }
}

/// One method's points and figures.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Which method.
    pub method: Method,
    /// Its points.
    pub points: Vec<[f64; 2]>,
    /// The grid spacing it used (the jittered grid's own; the lab's spacing for the others).
    pub spacing: f64,
    /// Pairs closer than the lab's spacing, `(i, j)` with `i < j`.
    pub too_close: Vec<(usize, usize)>,
    /// The closest pair and its distance.
    pub tightest: Option<(usize, usize, f64)>,
    /// The largest empty circle whose centre lies on the map.
    pub clearing: Option<Clearing>,
}

fn report(
    method: Method,
    points: Vec<[f64; 2]>,
    spacing: f64,
    lab_spacing: f64,
    w: f64,
    h: f64,
) -> Report {
    Report {
        method,
        too_close: too_close_pairs(&points, lab_spacing),
        tightest: tightest_pair(&points),
        clearing: largest_empty_circle(&points, w, h),
        points,
        spacing,
    }
}

/// Runs the three methods on one `width × height` map with one seed; see the module docs.
///
/// ```
/// let [random, jittered, poisson] = poisson_live::compare::compare(720.0, 400.0, 26.0, 123456).unwrap();
/// assert_eq!(random.points.len(), poisson.points.len());
/// assert!(poisson.too_close.is_empty());
/// assert!(!random.too_close.is_empty());
/// assert!(jittered.points.len() <= poisson.points.len());
/// ```
pub fn compare(width: f64, height: f64, spacing: f64, seed: i32) -> Result<[Report; 3]> {
    let poisson: Vec<[f64; 2]> = crate::poisson_disk(width, height, spacing, COMPARE_K, seed)?
        .iter()
        .map(|p| [p.x, p.y])
        .collect();
    let n = poisson.len().max(1);
    let random = xy(&crate::random_points(n, width, height, seed)?);
    let jitter_spacing = (width * height / n as f64).sqrt();
    let jittered = xy(&crate::jittered_grid(jitter_spacing, width, height, seed)?);
    Ok([
        report(Method::Random, random, spacing, spacing, width, height),
        report(
            Method::Jittered,
            jittered,
            jitter_spacing,
            spacing,
            width,
            height,
        ),
        report(Method::Poisson, poisson, spacing, spacing, width, height),
    ])
}

/// [`compare`] in stages, for a page that must not block a frame for the whole of it: the
/// Poisson sampler runs a bounded number of steps per call to [`Staged::run`], then the other
/// two methods scatter their points, then each method's figures are measured, one method per
/// call. The result is exactly [`compare`]'s.
///
/// ```
/// use poisson_live::compare::{compare, Staged};
/// let mut staged = Staged::new(360.0, 200.0, 12.0, 7)?;
/// while !staged.run(50)? {}
/// assert_eq!(staged.take(), Some(compare(360.0, 200.0, 12.0, 7)?));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug)]
pub struct Staged {
    width: f64,
    height: f64,
    spacing: f64,
    seed: i32,
    /// The Poisson method's sampler, while it runs.
    sampler: Option<Sampler>,
    /// Methods whose points are ready and whose figures are not, the next one last.
    waiting: Vec<(Method, Vec<[f64; 2]>, f64)>,
    reports: Vec<Report>,
    done: Option<[Report; 3]>,
    finished: bool,
}

impl Staged {
    /// Validates like [`compare`] (the same errors, at once) and starts the Poisson sampler.
    pub fn new(width: f64, height: f64, spacing: f64, seed: i32) -> Result<Self> {
        let mut sampler = Sampler::new(width, height, spacing, COMPARE_K, seed)?;
        sampler.start_random();
        Ok(Self {
            width,
            height,
            spacing,
            seed,
            sampler: Some(sampler),
            waiting: Vec::new(),
            reports: Vec::with_capacity(3),
            done: None,
            finished: false,
        })
    }

    /// Up to `max_steps` Poisson steps, or (once the sampler is done) one stage of the rest;
    /// true when all three methods are measured.
    pub fn run(&mut self, max_steps: u64) -> Result<bool> {
        if self.finished {
            return Ok(true);
        }
        let (w, h, spacing) = (self.width, self.height, self.spacing);
        if let Some(sampler) = self.sampler.as_mut() {
            if !sampler.run(max_steps) {
                return Ok(false);
            }
            let poisson: Vec<[f64; 2]> = sampler.points().iter().map(|p| [p.x, p.y]).collect();
            self.sampler = None;
            // The other two methods take the count from Poisson (see `compare`).
            let n = poisson.len().max(1);
            let random = xy(&crate::random_points(n, w, h, self.seed)?);
            let jitter_spacing = (w * h / n as f64).sqrt();
            let jittered = xy(&crate::jittered_grid(jitter_spacing, w, h, self.seed)?);
            self.waiting = vec![
                (Method::Poisson, poisson, spacing),
                (Method::Jittered, jittered, jitter_spacing),
                (Method::Random, random, spacing),
            ];
            return Ok(false);
        }
        if let Some((method, points, own_spacing)) = self.waiting.pop() {
            self.reports
                .push(report(method, points, own_spacing, spacing, w, h));
        }
        if self.waiting.is_empty() {
            let mut reports = std::mem::take(&mut self.reports).into_iter();
            if let (Some(a), Some(b), Some(c)) = (reports.next(), reports.next(), reports.next()) {
                self.done = Some([a, b, c]);
            }
            self.finished = true;
        }
        Ok(self.finished)
    }

    /// True once all three methods are measured.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The three reports, as [`compare`] returns them (once; `None` before the end or when taken).
    pub fn take(&mut self) -> Option<[Report; 3]> {
        self.done.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staged_comparison_is_the_one_call_comparison() {
        // Guards: a staged comparison that measures a method against the wrong spacing, takes
        // the count before Poisson is done, or reorders the methods.
        for (spacing, seed) in [(26.0, 123456), (10.0, 7), (60.0, -5)] {
            let whole = compare(720.0, 400.0, spacing, seed).unwrap();
            for slice in [1, 100, u64::MAX] {
                let mut staged = Staged::new(720.0, 400.0, spacing, seed).unwrap();
                let mut calls = 0;
                while !staged.run(slice).unwrap() {
                    calls += 1;
                }
                assert!(calls >= 3, "the figures take a call per method");
                assert!(staged.is_finished());
                assert_eq!(
                    staged.take().as_ref(),
                    Some(&whole),
                    "spacing {spacing}, slice {slice}"
                );
                assert_eq!(staged.take(), None);
            }
        }
    }

    #[test]
    fn staged_comparison_refuses_what_compare_refuses() {
        for (spacing, seed) in [
            (0.0, 1),
            (f64::NAN, 1),
            (0.001, 1),
            (26.0, crate::rng::STUCK_SEED),
        ] {
            let one_call = compare(720.0, 400.0, spacing, seed).unwrap_err();
            let staged = Staged::new(720.0, 400.0, spacing, seed).unwrap_err();
            assert_eq!(one_call.to_string(), staged.to_string());
        }
    }
}
