//! The power spectrum of a point set: how much of each spatial frequency its points hold.
//!
//! For points `x_j` on a `width × height` map and an integer frequency `(fx, fy)`, i.e. the wave
//! vector `f = (fx / width, fy / height)` in cycles per map unit, the periodogram is
//!
//! ```text
//! P(f) = |Σ_j exp(−2πi f · x_j)|² / N
//! ```
//!
//! At `f = 0` it is `N`; for `N` independent uniform points its expected value is exactly 1 at
//! every other integer frequency, so 1 is "white noise". Poisson disk points are *blue noise*:
//! their spectrum is almost empty in a disk around the origin (no long-wavelength clumps or
//! holes), rises to a ring near `|f| ≈ 1 / r` (the typical spacing), and is about 1 beyond it
//! (no regular lattice either). [`RadialAverage`] averages `P` over rings of equal `|f|`, which
//! turns that picture into one curve.
//!
//! This is a picture for the page, not part of any sampler: it uses the platform's `sin` and
//! `cos`, so its last bits may differ between builds (the samplers' outputs do not). Each point
//! needs two `sin`/`cos` pairs; every other power of `exp(−2πi x / w)` comes from the one before
//! by a complex multiplication, so a periodogram costs `O(N · (Fx + Fy))` trigonometric calls
//! and `O(N · Fx · Fy)` multiplications.

use crate::measures::compare::{matching_jittered, matching_random};
use crate::classic::darts::DartThrower;
use crate::base::error::{in_range, positive, Error, Result};
use crate::base::job::{bridson_points, spend, Job, Shown};
use crate::base::point::Point;
use crate::classic::bridson::Sampler;
use std::f64::consts::TAU;

/// The largest frequency index along either axis.
pub const MAX_FREQUENCY: u32 = 4096;
/// The most work a periodogram may take: points × frequencies.
pub const MAX_WORK: f64 = 2e9;
/// Tries per step for the Bridson point set of [`point_set`].
pub const SPECTRUM_K: u32 = 30;
/// Misses in a row after which [`point_set`]'s dart thrower stops.
pub const DART_MISSES: u32 = 500;
/// The most maps [`seeds`] hands out for one average.
pub const MAX_MAPS: u32 = 64;

/// The periodogram of a point set over the integer frequencies `−fx_max..=fx_max` ×
/// `−fy_max..=fy_max`.
///
/// With the `serde` feature it is written as its fields and read back only if its sizes agree
/// (the power has `cols · rows` entries, the ranges are within [`MAX_FREQUENCY`]).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Fields"))]
pub struct Periodogram {
    width: f64,
    height: f64,
    fx_max: u32,
    fy_max: u32,
    points: usize,
    power: Vec<f64>,
}

/// A periodogram as read, before its sizes are checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct Fields {
    width: f64,
    height: f64,
    fx_max: u32,
    fy_max: u32,
    points: usize,
    power: Vec<f64>,
}

#[cfg(feature = "serde")]
impl TryFrom<Fields> for Periodogram {
    type Error = Error;

    fn try_from(f: Fields) -> Result<Self> {
        positive("width", f.width)?;
        positive("height", f.height)?;
        let max = f64::from(MAX_FREQUENCY);
        in_range("fx_max", f64::from(f.fx_max), 0.0, max)?;
        in_range("fy_max", f64::from(f.fy_max), 0.0, max)?;
        let p = Periodogram {
            width: f.width,
            height: f.height,
            fx_max: f.fx_max,
            fy_max: f.fy_max,
            points: f.points,
            power: f.power,
        };
        if p.power.len() != p.cols() * p.rows() {
            return Err(Error::Invalid {
                message: format!(
                    "a periodogram with fx_max {} and fy_max {} has {} powers, not {}",
                    p.fx_max,
                    p.fy_max,
                    p.cols() * p.rows(),
                    p.power.len()
                ),
            });
        }
        Ok(p)
    }
}

impl Periodogram {
    /// Computes `P(f)` for every integer `(fx, fy)` with `|fx| ≤ fx_max`, `|fy| ≤ fy_max`.
    ///
    /// Width and height must be finite and > 0, `fx_max` and `fy_max` at most
    /// [`MAX_FREQUENCY`], and points × frequencies within [`MAX_WORK`]. With no points the
    /// spectrum is all zeros.
    ///
    /// ```
    /// use poisson_live::{spectrum::Periodogram, Point};
    /// // One point: every frequency carries the same power, 1.
    /// let p = Periodogram::new(&[Point { x: 3.0, y: 4.0, r: 0.0 }], 10.0, 10.0, 5, 5).unwrap();
    /// assert!(p.power().iter().all(|&v| (v - 1.0).abs() < 1e-12));
    /// ```
    pub fn new(
        points: &[Point],
        width: f64,
        height: f64,
        fx_max: u32,
        fy_max: u32,
    ) -> Result<Self> {
        let mut sums = Sums::new(width, height, fx_max, fy_max)?;
        sums.check(points)?;
        for &p in points {
            sums.add(p);
        }
        Ok(sums.periodogram(points.len()))
    }

    /// The mean of several periodograms over the same frequencies, e.g. of several maps made
    /// the same way: each one is noisy (at a given frequency `P` scatters like an exponential
    /// variable around its mean), and averaging `n` of them shrinks that scatter by `√n`, so the
    /// shape of the spectrum shows. [`Periodogram::point_count`] becomes the mean count.
    ///
    /// The list must not be empty and every periodogram must share width, height and ranges.
    ///
    /// ```
    /// use poisson_live::{spectrum::Periodogram, Point};
    /// let at = |x, y| Point { x, y, r: 0.0 };
    /// let a = Periodogram::new(&[at(1.0, 2.0)], 10.0, 10.0, 2, 2).unwrap();
    /// let b = Periodogram::new(&[at(1.0, 2.0), at(6.0, 2.0)], 10.0, 10.0, 2, 2).unwrap();
    /// let mean = Periodogram::average(&[a.clone(), b.clone()]).unwrap();
    /// assert_eq!(mean.at(1, 0), Some((a.at(1, 0).unwrap() + b.at(1, 0).unwrap()) / 2.0));
    /// ```
    pub fn average(parts: &[Periodogram]) -> Result<Periodogram> {
        let Some(first) = parts.first() else {
            return Err(Error::Invalid {
                message: "average needs at least one periodogram".into(),
            });
        };
        let same = |p: &Periodogram| {
            (p.width, p.height, p.fx_max, p.fy_max)
                == (first.width, first.height, first.fx_max, first.fy_max)
        };
        if !parts.iter().all(same) {
            return Err(Error::Invalid {
                message: "periodograms to average must share the map and the frequencies".into(),
            });
        }
        let n = parts.len() as f64;
        let mut power = vec![0.0; first.power.len()];
        for p in parts {
            for (sum, v) in power.iter_mut().zip(&p.power) {
                *sum += v;
            }
        }
        for v in &mut power {
            *v /= n;
        }
        let points = parts.iter().map(|p| p.points).sum::<usize>() as f64 / n;
        Ok(Periodogram {
            power,
            points: points.round() as usize,
            ..first.clone()
        })
    }

    /// `P` row by row: row `j` holds `fy = j − fy_max`, column `i` holds `fx = i − fx_max`.
    pub fn power(&self) -> &[f64] {
        &self.power
    }
    /// Columns: `2 · fx_max + 1`.
    pub fn cols(&self) -> usize {
        2 * self.fx_max as usize + 1
    }
    /// Rows: `2 · fy_max + 1`.
    pub fn rows(&self) -> usize {
        2 * self.fy_max as usize + 1
    }
    /// The largest `|fx|`.
    pub fn fx_max(&self) -> u32 {
        self.fx_max
    }
    /// The largest `|fy|`.
    pub fn fy_max(&self) -> u32 {
        self.fy_max
    }
    /// How many points went in.
    pub fn point_count(&self) -> usize {
        self.points
    }

    /// `P` at integer frequency `(fx, fy)`, or `None` outside the computed range.
    pub fn at(&self, fx: i64, fy: i64) -> Option<f64> {
        let (i, j) = (fx + i64::from(self.fx_max), fy + i64::from(self.fy_max));
        if i < 0 || j < 0 || i >= self.cols() as i64 || j >= self.rows() as i64 {
            return None;
        }
        Some(self.power[j as usize * self.cols() + i as usize])
    }

    /// `|f|` in cycles per map unit for the integer frequency `(fx, fy)`.
    pub fn frequency(&self, fx: i64, fy: i64) -> f64 {
        let (u, v) = (fx as f64 / self.width, fy as f64 / self.height);
        (u * u + v * v).sqrt()
    }

    /// The width of a ring of [`Periodogram::radial_average`]: the coarser of the two frequency
    /// steps, `max(1 / width, 1 / height)`, so every ring holds several frequencies.
    pub fn bin_width(&self) -> f64 {
        (1.0 / self.width).max(1.0 / self.height)
    }

    /// The largest `|f|` whose whole circle lies inside the computed rectangle:
    /// `min(fx_max / width, fy_max / height)`.
    pub fn radial_limit(&self) -> f64 {
        (f64::from(self.fx_max) / self.width).min(f64::from(self.fy_max) / self.height)
    }

    /// The mean of `P` over rings of `|f|` centred on `Δ, 2Δ, 3Δ, …` ([`Periodogram::bin_width`]
    /// Δ), each `Δ` wide, as far as [`Periodogram::radial_limit`]; see [`RadialAverage`]. The
    /// origin is left out (it always holds `N`). Centring the rings on multiples of Δ keeps the
    /// axis frequencies of a square map in the middle of a ring, where rounding cannot move them.
    ///
    /// ```
    /// use poisson_live::{spectrum::Periodogram, Point};
    /// let p = Periodogram::new(&[Point { x: 1.0, y: 2.0, r: 0.0 }], 50.0, 50.0, 10, 10).unwrap();
    /// let radial = p.radial_average();
    /// assert_eq!(radial.mean.len(), 9);
    /// assert!(radial.mean.iter().all(|&m| (m - 1.0).abs() < 1e-12));
    /// assert_eq!(radial.count[0], 8); // (±1, 0), (0, ±1) and (±1, ±1): |f| from Δ to 1.41 Δ
    /// ```
    pub fn radial_average(&self) -> RadialAverage {
        let width = self.bin_width();
        let limit = self.radial_limit();
        // Ring i (from 0) spans [(i + ½)Δ, (i + 3/2)Δ); keep the rings wholly inside the limit.
        let bins = (limit / width - 0.5 + 1e-9).floor().max(0.0) as usize;
        let mut sum = vec![0.0; bins];
        let mut count = vec![0usize; bins];
        let (fx, fy) = (i64::from(self.fx_max), i64::from(self.fy_max));
        for y in -fy..=fy {
            for x in -fx..=fx {
                if x == 0 && y == 0 {
                    continue;
                }
                let ring = (self.frequency(x, y) / width).round() as usize;
                if (1..=bins).contains(&ring) {
                    let bin = ring - 1;
                    sum[bin] += self.power[(y + fy) as usize * self.cols() + (x + fx) as usize];
                    count[bin] += 1;
                }
            }
        }
        let mean = sum
            .iter()
            .zip(&count)
            .map(|(&s, &c)| if c > 0 { s / c as f64 } else { 0.0 })
            .collect();
        RadialAverage {
            bin_width: width,
            mean,
            count,
        }
    }
}

/// The running sums `S(f) = Σ_j exp(−2πi f · x_j)` of one periodogram, a point at a time.
///
/// `S(−f)` is the conjugate of `S(f)`, so only the rows `fy ≥ 0` are summed; the others mirror.
#[derive(Debug, Clone)]
struct Sums {
    width: f64,
    height: f64,
    fx_max: u32,
    fy_max: u32,
    re: Vec<f64>,
    im: Vec<f64>,
    /// `exp(−2πi fx x / w)` of the point being added, for every column.
    ex_re: Vec<f64>,
    ex_im: Vec<f64>,
}

impl Sums {
    /// Validates the map and the frequency ranges; the sums start at zero.
    fn new(width: f64, height: f64, fx_max: u32, fy_max: u32) -> Result<Self> {
        let width = positive("width", width)?;
        let height = positive("height", height)?;
        let max = f64::from(MAX_FREQUENCY);
        in_range("frequencies across", f64::from(fx_max), 0.0, max)?;
        in_range("frequencies down", f64::from(fy_max), 0.0, max)?;
        let cols = 2 * fx_max as usize + 1;
        let half_rows = fy_max as usize + 1;
        Ok(Self {
            width,
            height,
            fx_max,
            fy_max,
            re: vec![0.0; half_rows * cols],
            im: vec![0.0; half_rows * cols],
            ex_re: vec![0.0; cols],
            ex_im: vec![0.0; cols],
        })
    }

    /// Units of work to add one point: a unit per 512 of the frequencies summed (the rows
    /// `fy ≥ 0`), each a complex multiply-add, at least one.
    fn point_cost(&self) -> u64 {
        1 + self.re.len() as u64 / 512
    }

    /// Refuses a point set over the work limit or with a coordinate that is not finite.
    fn check(&self, points: &[Point]) -> Result<()> {
        let (cols, rows) = (2 * self.fx_max as usize + 1, 2 * self.fy_max as usize + 1);
        let work = points.len() as f64 * (cols * rows) as f64;
        if work > MAX_WORK {
            return Err(Error::TooMuchWork {
                subject: format!(
                    "the spectrum of {} points at {cols} × {rows} frequencies",
                    points.len()
                ),
                what: "point-frequency products",
                needed: work,
                limit: MAX_WORK as usize,
                hint: "use fewer points or fewer frequencies".into(),
            });
        }
        if points.iter().any(|p| !(p.x.is_finite() && p.y.is_finite())) {
            return Err(Error::Invalid {
                message: "every point of a spectrum must have finite coordinates".into(),
            });
        }
        Ok(())
    }

    /// Adds one point's waves to the sums.
    fn add(&mut self, p: Point) {
        let cols = self.ex_re.len();
        let fx0 = self.fx_max as usize;
        let (ex_re, ex_im) = (&mut self.ex_re, &mut self.ex_im);
        // exp(−2πi fx x / w) for fx = 0..=fx_max by repeated multiplication; negative fx are the
        // conjugates.
        let (s, c) = (TAU * p.x / self.width).sin_cos();
        let (step_re, step_im) = (c, -s);
        let (mut a, mut b) = (1.0, 0.0);
        for m in 0..=fx0 {
            ex_re[fx0 + m] = a;
            ex_im[fx0 + m] = b;
            ex_re[fx0 - m] = a;
            ex_im[fx0 - m] = -b;
            (a, b) = (a * step_re - b * step_im, a * step_im + b * step_re);
        }
        let (s, c) = (TAU * p.y / self.height).sin_cos();
        let (step_re, step_im) = (c, -s);
        let (mut ya, mut yb) = (1.0, 0.0);
        for row in 0..=self.fy_max as usize {
            let out_re = &mut self.re[row * cols..(row + 1) * cols];
            let out_im = &mut self.im[row * cols..(row + 1) * cols];
            for i in 0..cols {
                out_re[i] += ya * ex_re[i] - yb * ex_im[i];
                out_im[i] += ya * ex_im[i] + yb * ex_re[i];
            }
            (ya, yb) = (ya * step_re - yb * step_im, ya * step_im + yb * step_re);
        }
    }

    /// The periodogram of the `n` points added so far; the sums start again from zero.
    fn periodogram(&mut self, n: usize) -> Periodogram {
        let cols = self.ex_re.len();
        let rows = 2 * self.fy_max as usize + 1;
        let mut power = vec![0.0; rows * cols];
        if n > 0 {
            let fy0 = self.fy_max as usize;
            for row in 0..=fy0 {
                for i in 0..cols {
                    let (a, b) = (self.re[row * cols + i], self.im[row * cols + i]);
                    let v = (a * a + b * b) / n as f64;
                    power[(fy0 + row) * cols + i] = v;
                    power[(fy0 - row) * cols + (cols - 1 - i)] = v;
                }
            }
        }
        self.re.fill(0.0);
        self.im.fill(0.0);
        Periodogram {
            width: self.width,
            height: self.height,
            fx_max: self.fx_max,
            fy_max: self.fy_max,
            points: n,
            power,
        }
    }
}

/// `P` averaged over rings of equal `|f|`; see [`Periodogram::radial_average`].
///
/// Entry `i` is the ring centred on `(i + 1)·Δ`, covering `|f|` in `[(i + ½)Δ, (i + 3/2)Δ)`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RadialAverage {
    /// The width Δ of each ring, in cycles per map unit.
    pub bin_width: f64,
    /// The mean of `P` in each ring (0 for a ring with no integer frequency in it).
    pub mean: Vec<f64>,
    /// How many integer frequencies fell in each ring.
    pub count: Vec<usize>,
}

impl RadialAverage {
    /// The `|f|` at the middle of entry `i`: `(i + 1)·Δ`.
    pub fn centre(&self, i: usize) -> f64 {
        (i + 1) as f64 * self.bin_width
    }

    /// The mean of the ring averages for the rings lying wholly below `cutoff` (cycles per map
    /// unit), skipping empty rings; `None` when no ring qualifies. With `cutoff = 0.5 / r` this is
    /// the spectrum lab's "low-frequency power": near 1 for random points, far below for blue
    /// noise.
    pub fn low_frequency_power(&self, cutoff: f64) -> Option<f64> {
        let mut sum = 0.0;
        let mut rings = 0;
        for (i, (&m, &c)) in self.mean.iter().zip(&self.count).enumerate() {
            if (i as f64 + 1.5) * self.bin_width > cutoff * (1.0 + 1e-12) {
                break;
            }
            if c > 0 {
                sum += m;
                rings += 1;
            }
        }
        (rings > 0).then(|| sum / rings as f64)
    }
}

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

impl Kind {
    /// Every kind, in the lab's order.
    pub const ALL: [Kind; 4] = [Kind::Random, Kind::Jittered, Kind::Darts, Kind::Bridson];

    /// The name the page uses: `random`, `jittered`, `darts`, `bridson`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Random => "random",
            Kind::Jittered => "jittered",
            Kind::Darts => "darts",
            Kind::Bridson => "bridson",
        }
    }

    /// The kind with this [`Kind::name`], if any.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

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
                if !sampler.run(1) {
                    return Ok((1, None));
                }
                let n = sampler.points().len().max(1);
                let set = match self.kind {
                    Kind::Bridson => sampler.points().to_vec(),
                    Kind::Random => matching_random(n, w, h, seed)?,
                    Kind::Jittered => matching_jittered(n, w, h, seed)?.0,
                    Kind::Darts => {
                        let darts = DartThrower::new(w, h, self.radius, DART_MISSES, seed)?;
                        self.stage = Making::Darts(Box::new(darts));
                        return Ok((1, None));
                    }
                };
                self.stage = Making::Done;
                Ok((1 + set.len() as u64 / 64, Some(set)))
            }
            Making::Darts(darts) => {
                if !darts.run(DARTS_PER_UNIT) {
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
    crate::base::rng::ParkMiller::new(seed)?;
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
    shown: Shown,
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
            shown: Shown::default(),
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
        for (sum, v) in self.total.iter_mut().zip(&part.power) {
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
            periodogram: Periodogram {
                power,
                points: (self.total_points as f64 / n).round() as usize,
                ..part
            },
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
        self.shown.update(self.estimate());
        Ok(self.ended)
    }

    fn progress(&self) -> f64 {
        self.shown.get(self.ended)
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
