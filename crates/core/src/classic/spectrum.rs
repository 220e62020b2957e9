//! The spectrum lab's figures: the periodogram of each classic method's point set (random,
//! jittered, dart throwing, Bridson), averaged over several maps, as a [`Job`].
//!
//! One map's periodogram is noisy; the mean of a few shows the shape: blue noise is almost empty
//! in a disk around the origin and rises to a ring near `|f| ≈ 1 / r`. The periodogram itself
//! ([`Periodogram`], [`RadialAverage`]) is a measure of any point set and is re-exported here,
//! where users of this module have always found it.

use crate::base::error::{in_range, Result};
use crate::base::job::{bridson_points, spend, Handover, Job};
use crate::base::names::named;
use crate::base::point::Point;
use crate::classic::bridson::Sampler;
use crate::classic::compare::{matching_jittered, matching_random};
use crate::classic::darts::{DartParams, DartThrower};
use crate::measures::periodogram::Sums;
pub use crate::measures::periodogram::{Periodogram, RadialAverage, MAX_FREQUENCY, MAX_WORK};

/// Tries per step for the Bridson point set of [`point_set`].
pub const SPECTRUM_K: u32 = crate::classic::bridson::DEFAULT_K;
/// Misses in a row after which [`point_set`]'s dart thrower stops.
pub const DART_MISSES: u32 = 500;
/// The most maps [`seeds`] hands out for one average.
pub const MAX_MAPS: u32 = 64;

/// The four point sets of the spectrum lab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Kind {
    /// Uniform random points, as many as Bridson places.
    Random,
    /// A jittered grid with spacing `√(w·h / N)`, N the Bridson count (as in the comparison).
    Jittered,
    /// Dart throwing with spacing `r`, stopped after [`DART_MISSES`] misses in a row.
    Darts,
    /// Bridson's algorithm with spacing `r` and `k =` [`SPECTRUM_K`].
    Bridson,
}

named!(Kind {
    Random => "random",
    Jittered => "jittered",
    Darts => "darts",
    Bridson => "bridson",
});

/// The lab's point set of `kind` on a `width × height` map with spacing `radius` and `seed`.
/// Bridson runs first (for every kind) to fix the count N that random and jittered match.
/// Random and jittered points keep no spacing (`r = 0`); the others keep `radius`.
///
/// ```
/// use poisson_live::spectrum::{point_set, Kind};
/// let bridson = point_set(Kind::Bridson, 300.0, 200.0, 15.0, 1).unwrap();
/// let random = point_set(Kind::Random, 300.0, 200.0, 15.0, 1).unwrap();
/// assert_eq!(bridson.len(), random.len());
/// ```
pub fn point_set(
    kind: Kind,
    width: f64,
    height: f64,
    radius: f64,
    seed: i32,
) -> Result<Vec<Point>> {
    let mut making = PointSet::new(kind, width, height, radius, seed)?;
    loop {
        if let (_, Some(set)) = making.piece()? {
            return Ok(set);
        }
    }
}

/// Darts thrown per unit of work: a dart is one grid test, about a sixteenth of a Bridson step.
const DARTS_PER_UNIT: u64 = 16;

/// [`point_set`] a piece at a time: Bridson's sampler a step per piece, then for the darts the
/// thrower [`DARTS_PER_UNIT`] darts per piece; random and jittered points come in one piece
/// (they cost a unit per 64 points). The set is exactly [`point_set`]'s.
#[derive(Debug)]
struct PointSet {
    kind: Kind,
    width: f64,
    height: f64,
    radius: f64,
    seed: i32,
    stage: Making,
}

#[derive(Debug)]
enum Making {
    /// Bridson's sampler: the set itself, or the count N the others match.
    Bridson(Box<Sampler>),
    /// The dart thrower, after Bridson.
    Darts(Box<DartThrower>),
    /// Handed over.
    Done,
}

impl PointSet {
    /// Validates as [`crate::poisson_disk`] does, and places Bridson's first point.
    fn new(kind: Kind, width: f64, height: f64, radius: f64, seed: i32) -> Result<Self> {
        let mut sampler = Sampler::new(width, height, radius, SPECTRUM_K, seed)?;
        sampler.start_random();
        Ok(Self {
            kind,
            width,
            height,
            radius,
            seed,
            stage: Making::Bridson(Box::new(sampler)),
        })
    }

    /// One piece of work: its cost, and the set once it is complete.
    fn piece(&mut self) -> Result<(u64, Option<Vec<Point>>)> {
        let (w, h, seed) = (self.width, self.height, self.seed);
        match &mut self.stage {
            Making::Bridson(sampler) => {
                if !sampler.run_slice(1) {
                    return Ok((1, None));
                }
                let n = sampler.points().len().max(1);
                let set = match self.kind {
                    Kind::Bridson => sampler.points().to_vec(),
                    Kind::Random => matching_random(n, w, h, seed)?,
                    Kind::Jittered => matching_jittered(n, w, h, seed)?.0,
                    Kind::Darts => {
                        let darts = DartThrower::new(DartParams {
                            width: w,
                            height: h,
                            radius: self.radius,
                            max_misses: DART_MISSES,
                            seed,
                        })?;
                        self.stage = Making::Darts(Box::new(darts));
                        return Ok((1, None));
                    }
                };
                self.stage = Making::Done;
                Ok((1 + set.len() as u64 / 64, Some(set)))
            }
            Making::Darts(darts) => {
                if !Job::run(darts.as_mut(), DARTS_PER_UNIT)? {
                    return Ok((1, None));
                }
                let set = darts.kept().to_vec();
                self.stage = Making::Done;
                Ok((1, Some(set)))
            }
            Making::Done => Ok((0, None)),
        }
    }

    /// Points placed so far (Bridson's, then the darts kept).
    fn placed(&self) -> usize {
        match &self.stage {
            Making::Bridson(s) => s.points().len(),
            Making::Darts(d) => d.kept().len(),
            Making::Done => 0,
        }
    }
}

/// `count` seeds for maps to average, starting with `seed`: `seed, seed + 1, …`, wrapping around
/// the 32-bit range and skipping the one seed the generator refuses. `count` must be in
/// `1..=MAX_MAPS`.
///
/// ```
/// use poisson_live::spectrum::seeds;
/// assert_eq!(seeds(7, 3).unwrap(), vec![7, 8, 9]);
/// assert_eq!(seeds(i32::MAX, 2).unwrap(), vec![i32::MAX, i32::MIN]);
/// ```
pub fn seeds(seed: i32, count: u32) -> Result<Vec<i32>> {
    in_range("maps", f64::from(count), 1.0, f64::from(MAX_MAPS))?;
    crate::base::rng::Seed::new(seed)?;
    Ok(crate::base::rng::seed_run(seed, count as usize))
}

/// The spectrum lab's figure: a point set of one [`Kind`] on several maps, and their mean
/// periodogram.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Averaged {
    /// The first map's points.
    pub points: Vec<Point>,
    /// The mean of the maps' periodograms ([`Periodogram::average`]).
    pub periodogram: Periodogram,
}

/// What the spectrum lab averages: the kind of point set, the map and its spacing, the first
/// seed and how many maps, and the frequencies `|fx| ≤ fx_max`, `|fy| ≤ fy_max`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpectrumParams {
    /// The kind of point set.
    pub kind: Kind,
    /// Map width.
    pub width: f64,
    /// Map height.
    pub height: f64,
    /// The spacing of Bridson's points and the darts.
    pub radius: f64,
    /// The first map's seed; the others follow ([`seeds`]).
    pub seed: i32,
    /// How many maps to average, `1..=MAX_MAPS`.
    pub maps: u32,
    /// The largest `|fx|`, at most [`MAX_FREQUENCY`].
    pub fx_max: u32,
    /// The largest `|fy|`, at most [`MAX_FREQUENCY`].
    pub fy_max: u32,
}

/// The `kind` point set ([`point_set`]) on `maps` maps of `width × height` with spacing
/// `radius`, one per seed of [`seeds`]`(seed, maps)`, and the mean of their periodograms over
/// `|fx| ≤ fx_max`, `|fy| ≤ fy_max`: exactly [`Periodogram::average`] of each map's
/// [`Periodogram::new`]. [`SpectrumJob`] run to the end.
///
/// ```
/// use poisson_live::spectrum::{averaged_spectrum, point_set, seeds, Kind, Periodogram, SpectrumParams};
/// let params = SpectrumParams {
///     kind: Kind::Bridson, width: 200.0, height: 100.0, radius: 12.0,
///     seed: 5, maps: 3, fx_max: 8, fy_max: 4,
/// };
/// let mean = averaged_spectrum(params)?;
/// let parts = seeds(5, 3)?
///     .into_iter()
///     .map(|s| Periodogram::new(&point_set(Kind::Bridson, 200.0, 100.0, 12.0, s)?, 200.0, 100.0, 8, 4))
///     .collect::<Result<Vec<_>, _>>()?;
/// assert_eq!(mean.periodogram, Periodogram::average(&parts)?);
/// assert_eq!(mean.points, point_set(Kind::Bridson, 200.0, 100.0, 12.0, 5)?);
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn averaged_spectrum(params: SpectrumParams) -> Result<Averaged> {
    SpectrumJob::new(params)?.run_to_end()
}

/// [`averaged_spectrum`] as a [`Job`], for a page that must not block a frame for the whole of
/// it. Map by map, it makes the point set (a unit of work is a sampler step, or 16 darts) and
/// adds its points to the sums (a point costs a unit per 512 frequencies). The finished result
/// is exactly [`averaged_spectrum`]'s, to the bit: the sets are made by the same steps, the
/// points added in the same order, and the maps' periodograms summed in the same order, as the
/// one-call functions do.
///
/// ```
/// use poisson_live::spectrum::{averaged_spectrum, Kind, SpectrumJob, SpectrumParams};
/// use poisson_live::Job;
/// let params = SpectrumParams {
///     kind: Kind::Darts, width: 200.0, height: 100.0, radius: 12.0,
///     seed: 5, maps: 3, fx_max: 8, fy_max: 4,
/// };
/// let mut job = SpectrumJob::new(params)?;
/// while !job.run(40)? {}
/// assert_eq!(job.take(), Some(averaged_spectrum(params)?));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug)]
pub struct SpectrumJob {
    params: SpectrumParams,
    seeds: Vec<i32>,
    /// The map being worked on, an index into `seeds`.
    map: usize,
    /// Its point set in the making, if it is.
    making: Option<PointSet>,
    /// Its point set once made, and the next of its points to add.
    set: Option<Vec<Point>>,
    at: usize,
    /// The first map's points, kept for the result.
    first: Vec<Point>,
    sums: Sums,
    /// The sum of the finished maps' periodograms, and of their point counts.
    total: Vec<f64>,
    total_points: usize,
    done: Option<Averaged>,
    /// True once every map is summed (or the job failed).
    ended: bool,
    /// Units spent on the current map, and about how many a map takes.
    spent: u64,
    per_map: f64,
    handover: Handover,
}

impl SpectrumJob {
    /// Checks the input: the seeds and map count as [`seeds`] does, the map and spacing as the
    /// first map's point set does (its Bridson sampler), then the frequencies as
    /// [`Periodogram::new`] does; the same errors as [`averaged_spectrum`], at once. Only a point
    /// set over the work limit is refused later, by [`Job::run`]. Places one point.
    pub fn new(params: SpectrumParams) -> Result<Self> {
        let p = params;
        let seeds = seeds(p.seed, p.maps)?;
        let making = PointSet::new(p.kind, p.width, p.height, p.radius, seeds[0])?;
        let sums = Sums::new(p.width, p.height, p.fx_max, p.fy_max)?;
        let cells = (2 * p.fx_max as usize + 1) * (2 * p.fy_max as usize + 1);
        // A map: Bridson's 2N steps, about N more for the darts, then N points added.
        let n = bridson_points(p.width * p.height, p.radius);
        let darts = if p.kind == Kind::Darts { n } else { 0.0 };
        let per_map = 2.0 * n + darts + n * sums.point_cost() as f64;
        Ok(Self {
            params,
            seeds,
            map: 0,
            making: Some(making),
            set: None,
            at: 0,
            first: Vec::new(),
            sums,
            total: vec![0.0; cells],
            total_points: 0,
            done: None,
            ended: false,
            spent: 0,
            per_map,
            handover: Handover::default(),
        })
    }

    /// How many maps are averaged.
    pub fn maps(&self) -> usize {
        self.seeds.len()
    }

    /// One piece of work, within `budget` units: a piece of the current map's point set, or as
    /// many of its points added as the budget pays for (at least one). Returns its cost, or
    /// `None` once every map is summed.
    fn piece(&mut self, budget: u64) -> Result<Option<u64>> {
        if self.ended {
            return Ok(None);
        }
        let Some(set) = &self.set else {
            let making = match &mut self.making {
                Some(making) => making,
                None => {
                    let p = self.params;
                    let seed = self.seeds[self.map];
                    let set = PointSet::new(p.kind, p.width, p.height, p.radius, seed)?;
                    self.making.insert(set)
                }
            };
            let (cost, set) = making.piece()?;
            if let Some(set) = set {
                self.making = None;
                self.sums.check(&set)?;
                // Now the map's cost is known, but for the adding.
                let adding = set.len() as f64 * self.sums.point_cost() as f64;
                self.per_map = (self.spent + cost) as f64 + adding;
                self.set = Some(set);
                self.at = 0;
            }
            self.spent += cost;
            return Ok(Some(cost));
        };
        let point_cost = self.sums.point_cost();
        let take = usize::try_from((budget / point_cost).max(1)).unwrap_or(usize::MAX);
        let end = set.len().min(self.at.saturating_add(take));
        for &p in &set[self.at..end] {
            self.sums.add(p);
        }
        let cost = ((end - self.at) as u64 * point_cost).max(1);
        self.at = end;
        self.spent += cost;
        if end == set.len() {
            self.finish_map();
        }
        Ok(Some(cost))
    }

    /// The map is summed: its periodogram joins the total, as [`Periodogram::average`] adds
    /// them; after the last map, the mean.
    fn finish_map(&mut self) {
        let set = self
            .set
            .take()
            .expect("a map is summed only once its set is made");
        let part = self.sums.periodogram(set.len());
        for (sum, v) in self.total.iter_mut().zip(part.power()) {
            *sum += v;
        }
        self.total_points += set.len();
        if self.map == 0 {
            self.first = set;
        }
        self.map += 1;
        self.spent = 0;
        if self.map < self.seeds.len() {
            return;
        }
        let n = self.seeds.len() as f64;
        let mut power = std::mem::take(&mut self.total);
        for v in &mut power {
            *v /= n;
        }
        self.done = Some(Averaged {
            points: std::mem::take(&mut self.first),
            periodogram: part.with_power(power, (self.total_points as f64 / n).round() as usize),
        });
        self.ended = true;
    }

    /// Maps summed, plus the current map's units spent over what a map takes (the point set
    /// being made may show that it takes more).
    fn estimate(&self) -> f64 {
        let placed = self.making.as_ref().map_or(0, PointSet::placed);
        let per_map = self
            .per_map
            .max((self.spent + 2 * placed as u64) as f64)
            .max(1.0);
        let within = (self.spent as f64 / per_map).min(1.0);
        (self.map as f64 + within) / self.seeds.len() as f64
    }
}

impl Job for SpectrumJob {
    type Output = Averaged;

    fn run(&mut self, budget: u64) -> Result<bool> {
        spend(budget, |left| self.piece(left)).inspect_err(|_| self.ended = true)?;
        self.handover.show(self.estimate());
        Ok(self.ended)
    }

    fn progress(&self) -> f64 {
        self.handover.progress(self.ended)
    }

    fn stage(&self) -> &'static str {
        match (&self.set, self.ended) {
            (_, true) => "done",
            (None, false) => "making the points",
            (Some(_), false) => "summing the waves",
        }
    }

    fn take(&mut self) -> Option<Averaged> {
        self.done.take()
    }
}
