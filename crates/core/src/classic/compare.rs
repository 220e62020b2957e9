//! The comparison the tutorial opens with: random, jittered and Poisson scatter with the same
//! number of trees, and the figures that tell them apart.
//!
//! Poisson goes first and fixes the count N. Random scatter then places N points; the jittered
//! grid uses the spacing √(w·h / N) that would give N cells, rounded down to whole rows and
//! columns. Each method is measured the same way: pairs closer than the spacing, the tightest
//! pair, and the widest clearing. [`CompareJob`] does it a slice at a time; [`compare`] is that
//! job run to the end. Either hands over a [`Comparison`]: the three reports, found by the
//! method's name as the page and the CLI spell it.

use crate::base::error::{Error, Result};
use crate::base::job::{bridson_points, spend, Handover, Job};
use crate::base::names::named;
use crate::base::point::Point;
use crate::classic::bridson::Sampler;
use crate::measures::metrics::{largest_empty_circle, tightest_pair, too_close_pairs, Clearing};

/// Tries per step for the Poisson method of the comparison.
pub const COMPARE_K: u32 = crate::classic::bridson::DEFAULT_K;

/// One of the three methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Method {
    /// Uniform random points.
    Random,
    /// One point per cell of a square grid.
    Jittered,
    /// Bridson's Poisson disk sampling.
    Poisson,
}

named!(Method {
    Random => "random",
    Jittered => "jittered",
    Poisson => "poisson",
});

/// One method's points and figures.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Report {
    /// Which method.
    pub method: Method,
    /// Its points. Random and jittered points keep no spacing (`r = 0`); Poisson points keep
    /// the lab's.
    pub points: Vec<Point>,
    /// The grid spacing it used (the jittered grid's own; the lab's spacing for the others).
    pub spacing: f64,
    /// Pairs closer than the lab's spacing, `(i, j)` with `i < j`.
    pub too_close: Vec<(usize, usize)>,
    /// The closest pair and its distance.
    pub tightest: Option<(usize, usize, f64)>,
    /// The largest empty circle whose centre lies on the map.
    pub clearing: Option<Clearing>,
}

/// The three methods' reports, random, jittered and Poisson in that order.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Comparison {
    /// One report per method, in [`Method::ALL`]'s order.
    pub reports: [Report; 3],
}

impl Comparison {
    /// The report of the method named `name` (`"random"`, `"jittered"` or `"poisson"`); any
    /// other name is [`Error::Invalid`], with the names to use.
    pub fn get(&self, name: &str) -> Result<&Report> {
        (self.reports.iter())
            .find(|r| r.method.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = self.reports.iter().map(|r| r.method.name()).collect();
                Error::Invalid {
                    message: format!("unknown method {name:?}: use {}", names.join(", ")),
                }
            })
    }
}

/// N uniform random points, N the count Bridson placed ([`crate::random_points`]).
pub(crate) fn matching_random(n: usize, w: f64, h: f64, seed: i32) -> Result<Vec<Point>> {
    crate::classic::scatter::random_points(n, w, h, seed)
}

/// The jittered grid whose cells would hold N points, N the count Bridson placed: its points
/// ([`crate::jittered_grid`]) and its spacing `√(w·h / N)`.
pub(crate) fn matching_jittered(n: usize, w: f64, h: f64, seed: i32) -> Result<(Vec<Point>, f64)> {
    let spacing = (w * h / n as f64).sqrt();
    Ok((
        crate::classic::scatter::jittered_grid(spacing, w, h, seed)?,
        spacing,
    ))
}

/// Runs the three methods on one `width × height` map with one seed; see the module docs.
/// [`CompareJob`] run to the end.
///
/// ```
/// let comparison = poisson_live::compare::compare(720.0, 400.0, 26.0, 123456).unwrap();
/// let [random, jittered, poisson] = &comparison.reports;
/// assert_eq!(random.points.len(), poisson.points.len());
/// assert!(poisson.too_close.is_empty());
/// assert!(!random.too_close.is_empty());
/// assert!(jittered.points.len() <= poisson.points.len());
/// assert_eq!(comparison.get("poisson")?, poisson);
/// assert_eq!(
///     comparison.get("hexagonal").unwrap_err().to_string(),
///     "unknown method \"hexagonal\": use random, jittered, poisson"
/// );
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn compare(width: f64, height: f64, spacing: f64, seed: i32) -> Result<Comparison> {
    CompareJob::new(width, height, spacing, seed)?.run_to_end()
}

/// Units of work to scatter the random and jittered points (one unit scatters 64 of them).
fn scatter_cost(n: usize) -> u64 {
    1 + n as u64 / 64
}

/// Units of work to measure a method of `n` points: the pairs, the tightest pair and the
/// clearing (a Delaunay triangulation) cost about one and a half Bridson steps per point.
fn measure_cost(n: usize) -> u64 {
    1 + 3 * n as u64 / 2
}

/// [`compare`] as a [`Job`], for a page that must not block a frame for the whole of it: the
/// Poisson sampler runs first (a unit of work is a sampler step), then the other two methods
/// scatter their points (a unit per 64 points), then each method's figures are measured, one
/// method per piece of work (about 1.5 units per point). The result is exactly [`compare`]'s.
///
/// ```
/// use poisson_live::compare::{compare, CompareJob};
/// use poisson_live::Job;
/// let mut job = CompareJob::new(360.0, 200.0, 12.0, 7)?;
/// while !job.run(50)? {}
/// assert_eq!(job.take(), Some(compare(360.0, 200.0, 12.0, 7)?));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug)]
pub struct CompareJob {
    width: f64,
    height: f64,
    spacing: f64,
    seed: i32,
    /// The Poisson method's sampler, while it runs.
    sampler: Option<Sampler>,
    /// Methods whose points are ready and whose figures are not, the next one last.
    waiting: Vec<(Method, Vec<Point>, f64)>,
    reports: Vec<Report>,
    done: Option<Comparison>,
    /// True once all three are measured (or the job failed).
    ended: bool,
    /// Units spent so far, and about how many the whole comparison takes.
    spent: u64,
    planned: f64,
    handover: Handover,
}

impl CompareJob {
    /// Validates like [`compare`] (the same errors, at once) and starts the Poisson sampler.
    pub fn new(width: f64, height: f64, spacing: f64, seed: i32) -> Result<Self> {
        let mut sampler = Sampler::new(width, height, spacing, COMPARE_K, seed)?;
        sampler.start_random();
        let n = bridson_points(width * height, spacing) as usize;
        Ok(Self {
            width,
            height,
            spacing,
            seed,
            sampler: Some(sampler),
            waiting: Vec::new(),
            reports: Vec::with_capacity(3),
            done: None,
            ended: false,
            spent: 0,
            planned: (2 * n as u64 + scatter_cost(n) + 3 * measure_cost(n)) as f64,
            handover: Handover::default(),
        })
    }

    /// One piece of work: a Poisson step; the other two methods scattered; or one method
    /// measured. Returns its cost, or `None` once all three are measured.
    fn piece(&mut self) -> Result<Option<u64>> {
        if self.ended {
            return Ok(None);
        }
        let (w, h, spacing) = (self.width, self.height, self.spacing);
        if let Some(sampler) = self.sampler.as_mut() {
            if !sampler.run_slice(1) {
                return Ok(Some(1));
            }
            let sampler = self.sampler.take().expect("matched just above");
            let poisson = sampler.into_points();
            // The other two methods take the count from Poisson (see `compare`).
            let n = poisson.len().max(1);
            let random = matching_random(n, w, h, self.seed)?;
            let (jittered, jitter_spacing) = matching_jittered(n, w, h, self.seed)?;
            let cost = scatter_cost(n);
            self.planned = (self.spent + cost) as f64
                + [&poisson, &jittered, &random]
                    .map(|p| measure_cost(p.len()) as f64)
                    .iter()
                    .sum::<f64>();
            self.waiting = vec![
                (Method::Poisson, poisson, spacing),
                (Method::Jittered, jittered, jitter_spacing),
                (Method::Random, random, spacing),
            ];
            return Ok(Some(cost));
        }
        let Some((method, points, own_spacing)) = self.waiting.pop() else {
            return Ok(None);
        };
        let cost = measure_cost(points.len());
        let xy: Vec<[f64; 2]> = points.iter().map(|p| [p.x, p.y]).collect();
        self.reports.push(Report {
            method,
            too_close: too_close_pairs(&xy, spacing),
            tightest: tightest_pair(&xy),
            clearing: largest_empty_circle(&xy, w, h),
            points,
            spacing: own_spacing,
        });
        if self.waiting.is_empty() {
            let mut reports = std::mem::take(&mut self.reports).into_iter();
            if let (Some(a), Some(b), Some(c)) = (reports.next(), reports.next(), reports.next()) {
                self.done = Some(Comparison { reports: [a, b, c] });
            }
            self.ended = true;
        }
        Ok(Some(cost))
    }

    /// Units spent over units planned; during the Poisson run the plan grows with its points.
    fn estimate(&self) -> f64 {
        let planned = match &self.sampler {
            Some(s) => self
                .planned
                .max((self.spent + 2 * s.points().len() as u64) as f64),
            None => self.planned,
        };
        self.spent as f64 / planned.max(1.0)
    }
}

impl Job for CompareJob {
    type Output = Comparison;

    fn run(&mut self, budget: u64) -> Result<bool> {
        spend(budget, |_| {
            let cost = self.piece()?;
            self.spent += cost.unwrap_or(0);
            Ok(cost)
        })
        .inspect_err(|_| self.ended = true)?;
        self.handover.show(self.estimate());
        Ok(self.ended)
    }

    fn progress(&self) -> f64 {
        self.handover.progress(self.ended)
    }

    fn stage(&self) -> &'static str {
        match (&self.sampler, self.waiting.len()) {
            (Some(_), _) => "placing the Poisson points",
            (None, 0) => "done",
            (None, _) => "measuring",
        }
    }

    fn take(&mut self) -> Option<Comparison> {
        self.done.take()
    }
}
