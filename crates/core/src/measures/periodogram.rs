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
//! It measures any point set ([`crate::spectrum`] makes the lab's four) and is a picture for the
//! page, not part of any sampler: it uses the platform's `sin` and `cos`, so its last bits may
//! differ between builds (the samplers' outputs do not). Each point needs two `sin`/`cos` pairs;
//! every other power of `exp(−2πi x / w)` comes from the one before by a complex multiplication,
//! so a periodogram costs `O(N · (Fx + Fy))` trigonometric calls and `O(N · Fx · Fy)`
//! multiplications.

use crate::base::error::{in_range, positive, Error, Result};
use crate::base::point::Point;
use std::f64::consts::TAU;

/// The largest frequency index along either axis.
pub const MAX_FREQUENCY: u32 = 4096;
/// The most work a periodogram may take: points × frequencies.
pub const MAX_WORK: f64 = 2e9;
/// The periodogram of a point set over the integer frequencies `−fx_max..=fx_max` ×
/// `−fy_max..=fy_max`.
///
/// With the `serde` feature it is written as its fields and read back only if its sizes agree
/// (the power has `cols · rows` entries, the ranges are within [`MAX_FREQUENCY`]).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(remote = "Self"))]
pub struct Periodogram {
    width: f64,
    height: f64,
    fx_max: u32,
    fy_max: u32,
    points: usize,
    power: Vec<f64>,
}

/// Written as its fields (serde's derive, through `remote = "Self"`).
#[cfg(feature = "serde")]
impl serde::Serialize for Periodogram {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        Periodogram::serialize(self, s)
    }
}

/// Read as its fields, then kept only if its sizes agree.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Periodogram {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        Periodogram::deserialize(d)?
            .checked()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "serde")]
impl Periodogram {
    /// `self` if its sizes agree: what reading one checks.
    fn checked(self) -> Result<Self> {
        positive("width", self.width)?;
        positive("height", self.height)?;
        let max = f64::from(MAX_FREQUENCY);
        in_range("fx_max", f64::from(self.fx_max), 0.0, max)?;
        in_range("fy_max", f64::from(self.fy_max), 0.0, max)?;
        let want = self.cols() * self.rows();
        if self.power.len() != want {
            return Err(Error::Invalid {
                message: format!(
                    "a periodogram with fx_max {} and fy_max {} has {want} powers, not {}",
                    self.fx_max,
                    self.fy_max,
                    self.power.len()
                ),
            });
        }
        Ok(self)
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

    /// The same map and frequencies with another power and point count: what the spectrum
    /// job's running mean becomes.
    pub(crate) fn with_power(self, power: Vec<f64>, points: usize) -> Self {
        Periodogram {
            power,
            points,
            ..self
        }
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
pub(crate) struct Sums {
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
    pub(crate) fn new(width: f64, height: f64, fx_max: u32, fy_max: u32) -> Result<Self> {
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
    pub(crate) fn point_cost(&self) -> u64 {
        1 + self.re.len() as u64 / 512
    }

    /// Refuses a point set over the work limit or with a coordinate that is not finite.
    pub(crate) fn check(&self, points: &[Point]) -> Result<()> {
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
    pub(crate) fn add(&mut self, p: Point) {
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
    pub(crate) fn periodogram(&mut self, n: usize) -> Periodogram {
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
