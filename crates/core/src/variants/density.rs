//! Variable density: dense woods next to open savanna, from fractal noise.
//!
//! A [`DensityField`] turns smooth fBm (fractal Brownian motion: a few octaves of Perlin noise,
//! each twice as fine and half as strong as the last) into a density in `[0, 1]`, and the density
//! into a spacing: `radius_at = max − density · (max − min)`. Bridson's sampler with that radius
//! rule ([`crate::bridson::variable_sampler`]) packs trees tightly where the noise is high and
//! leaves wide gaps where it is low. A [`RadiusRaster`] gives the spacing from the caller's own
//! array of radii over the map instead (Python's `variable_radius` with an array).
//!
//! # Same seed, same forest, in every build
//!
//! The noise is Perlin gradient noise from the [`noise`] crate: a permutation table shuffled from
//! the seed by an integer generator, and per sample only `floor`, `+`, `−` and `×` on table
//! gradients. The octave sum (shared with the painted pictures) and the contrast curve are plain
//! arithmetic too. None of that
//! calls `sin`, `exp` or `powf`, whose last bit differs between libm implementations, so a seed
//! gives the same densities, to the bit, natively and in WebAssembly.

use crate::base::error::{positive, radius_range, Error, Result, DEFAULT_MAX_CELLS};
use crate::base::job::Job;
use crate::base::noise::{smoothstep, Octaves};
use crate::base::point::Point;
use crate::base::rng::Seed;
use crate::classic::bridson::{variable_sampler, Sampler, SamplerParams};

/// Octaves in a density field: enough for ragged edges, few enough to stay fast.
const DENSITY_OCTAVES: u32 = 4;
/// Noise values at `±DENSITY_CONTRAST` and beyond map to fully open or fully dense.
///
/// fBm of Perlin noise sits mostly within `±0.3`; a narrow ramp turns it into large patches that
/// are clearly one or the other, with a short transition between, instead of an even grey.
const DENSITY_CONTRAST: f64 = 0.16;

/// Density from fBm noise, and the spacing it implies.
///
/// With the `serde` feature it is written as the four numbers it is made from and read back
/// through [`DensityField::new`] (the noise is rebuilt from the seed; a bad number is refused).
///
/// ```
/// use poisson_live::density::DensityField;
/// let field = DensityField::new(123456, 9.0, 36.0, 5.0)?;
/// let d = field.density(100.0, 200.0);
/// assert!((0.0..=1.0).contains(&d));
/// assert_eq!(field.radius_at(100.0, 200.0), 36.0 - d * (36.0 - 9.0));
///
/// let mut forest = field.sampler(720.0, 400.0, 30, 123456)?;
/// forest.start_random();
/// forest.finish();
/// assert!(forest.points().iter().all(|p| (9.0..=36.0).contains(&p.r)));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "DensityParams", try_from = "DensityParams")
)]
pub struct DensityField {
    seed: i32,
    min_radius: f64,
    max_radius: f64,
    patch_size: f64,
    noise: Octaves,
}

/// A density field as written and read: the arguments of [`DensityField::new`].
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct DensityParams {
    seed: i32,
    min_radius: f64,
    max_radius: f64,
    patch_size: f64,
}

#[cfg(feature = "serde")]
impl From<DensityField> for DensityParams {
    fn from(field: DensityField) -> Self {
        Self {
            seed: field.seed,
            min_radius: field.min_radius,
            max_radius: field.max_radius,
            patch_size: field.patch_size,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<DensityParams> for DensityField {
    type Error = Error;

    fn try_from(p: DensityParams) -> Result<Self> {
        DensityField::new(p.seed, p.min_radius, p.max_radius, p.patch_size)
    }
}

impl DensityField {
    /// A density field from a 32-bit `seed`, spacings between `min_radius` (densest) and
    /// `max_radius` (most open), and a `patch_size`.
    ///
    /// **Patch size** is measured in open-ground tree spacings: a patch of wood or savanna is
    /// about `patch_size × max_radius` map units across (the noise's base wavelength). Tying it
    /// to the largest spacing keeps the picture the same when both radii are scaled together: with
    /// patch size 5 an open patch is always about five sparse trees wide. The defaults (radii 9 and
    /// 36, patch size 5) give patches about 180 units across, a handful on a 720 × 400 map.
    ///
    /// Both radii and the patch size must be finite and greater than 0, `min_radius ≤ max_radius`
    /// ([`Error::RadiusOrder`] otherwise), and the seed must not be
    /// [`crate::rng::STUCK_SEED`]. Equal radii are allowed: the forest is then even.
    pub fn new(seed: i32, min_radius: f64, max_radius: f64, patch_size: f64) -> Result<Self> {
        let (min_radius, max_radius) = radius_range(min_radius, max_radius)?;
        let patch_size = positive("patch size", patch_size)?;
        Seed::new(seed)?;
        let wavelength = patch_size * max_radius;
        if !wavelength.is_finite() {
            return Err(Error::Invalid {
                message: format!(
                    "patch size × max radius ({patch_size} × {max_radius}) is too large"
                ),
            });
        }
        let noise = Octaves::new(seed, 1, DENSITY_OCTAVES, 1.0 / wavelength, 0.5);
        Ok(Self {
            seed,
            min_radius,
            max_radius,
            patch_size,
            noise,
        })
    }

    /// The density at `(x, y)`, in `[0, 1]`: 1 is the densest wood (spacing `min_radius`), 0 open
    /// savanna (spacing `max_radius`). The density-map overlay draws this value.
    #[inline]
    pub fn density(&self, x: f64, y: f64) -> f64 {
        smoothstep(-DENSITY_CONTRAST, DENSITY_CONTRAST, self.noise.get(x, y))
    }

    /// The spacing a tree at `(x, y)` keeps: `max_radius − density · (max_radius − min_radius)`,
    /// always within `[min_radius, max_radius]`.
    #[inline]
    pub fn radius_at(&self, x: f64, y: f64) -> f64 {
        let r = self.max_radius - self.density(x, y) * (self.max_radius - self.min_radius);
        r.clamp(self.min_radius, self.max_radius)
    }

    /// Densities at the centres of a `cols × rows` raster of square cells of side `cell`, row by
    /// row (`value of cell (c, r)` at `r · cols + c`): what the density-map overlay paints.
    /// A `cell` that is not finite and positive gives an empty raster.
    pub fn density_map(&self, cols: usize, rows: usize, cell: f64) -> Vec<f64> {
        if !(cell.is_finite() && cell > 0.0) {
            return Vec::new();
        }
        let mut out = Vec::with_capacity(cols * rows);
        for r in 0..rows {
            let y = (r as f64 + 0.5) * cell;
            for c in 0..cols {
                out.push(self.density((c as f64 + 0.5) * cell, y));
            }
        }
        out
    }

    /// A step-by-step Bridson sampler on a `width × height` map whose spacing follows this field,
    /// with `k` tries per step and its own `seed` for the draws. Its grid is built for the
    /// minimum radius; nothing is placed until [`Sampler::start_random`] or
    /// [`Sampler::start_at`].
    ///
    /// Width and height must be finite and > 0, `k` in `1..=MAX_K`, and the grid for the minimum
    /// radius within the work limit.
    pub fn sampler(&self, width: f64, height: f64, k: u32, seed: i32) -> Result<Sampler> {
        let field = self.clone();
        variable_sampler(
            SamplerParams {
                width,
                height,
                radius: self.min_radius,
                k,
                seed,
            },
            self.max_radius,
            move |x, y| field.radius_at(x, y),
        )
    }

    /// The seed of the noise.
    pub fn seed(&self) -> i32 {
        self.seed
    }
    /// The spacing where the density is 1.
    pub fn min_radius(&self) -> f64 {
        self.min_radius
    }
    /// The spacing where the density is 0.
    pub fn max_radius(&self) -> f64 {
        self.max_radius
    }
    /// The patch size, in maximum-radius spacings.
    pub fn patch_size(&self) -> f64 {
        self.patch_size
    }
}

/// A forest grown a step at a time: a [`DensityField`] and the Bridson sampler whose spacing
/// follows it ([`DensityField::sampler`]), its first tree placed (drawn from the seed). The
/// density lab's job; [`density_forest`] is one run to the end. A unit of work is a sampler
/// step; the trees so far can be read between calls ([`ForestJob::sampler`]).
///
/// ```
/// use poisson_live::density::{density_forest, DensityField, ForestJob};
/// use poisson_live::{Job, SamplerParams};
/// let field = DensityField::new(7, 9.0, 36.0, 5.0)?;
/// let mut forest = ForestJob::new(field, 360.0, 200.0, 30, 7)?;
/// assert_eq!(forest.sampler().points().len(), 1);
/// while !forest.run(100)? {}
/// let map = SamplerParams { width: 360.0, height: 200.0, radius: 9.0, k: 30, seed: 7 };
/// assert_eq!(forest.take(), Some(density_forest(map, 36.0, 5.0)?));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug)]
pub struct ForestJob {
    field: DensityField,
    sampler: Sampler,
}

impl ForestJob {
    /// The forest of `field` on a `width × height` map, `k` tries per step and its own `seed`
    /// for the draws, with its first tree placed. The checks are [`DensityField::sampler`]'s.
    pub fn new(field: DensityField, width: f64, height: f64, k: u32, seed: i32) -> Result<Self> {
        let mut sampler = field.sampler(width, height, k, seed)?;
        sampler.start_random();
        Ok(Self { field, sampler })
    }

    /// The density field the spacing follows.
    pub fn field(&self) -> &DensityField {
        &self.field
    }

    /// The sampler: the trees so far, its grid and its active points.
    pub fn sampler(&self) -> &Sampler {
        &self.sampler
    }

    /// The sampler alone, to run it with a view of its own (a command line's progress).
    pub fn into_sampler(self) -> Sampler {
        self.sampler
    }
}

impl Job for ForestJob {
    type Output = Vec<Point>;

    fn run(&mut self, budget: u64) -> Result<bool> {
        Job::run(&mut self.sampler, budget)
    }
    fn progress(&self) -> f64 {
        Job::progress(&self.sampler)
    }
    fn take(&mut self) -> Option<Vec<Point>> {
        Job::take(&mut self.sampler)
    }
    fn run_to_end(self) -> Result<Vec<Point>> {
        Job::run_to_end(self.sampler)
    }
}

/// A spacing from an array: a `rows × cols` raster of radii laid over a `width × height` map,
/// row by row, each cell the radius of the points in it.
///
/// ```
/// use poisson_live::density::RadiusRaster;
/// use poisson_live::SamplerParams;
/// // Dense on the left half of the map, open on the right.
/// let raster = RadiusRaster::new(vec![4.0, 12.0], [1, 2], 200.0, 100.0)?;
/// assert_eq!((raster.at(99.0, 50.0), raster.at(100.0, 50.0)), (4.0, 12.0));
/// assert_eq!(raster.at(200.0, 100.0), 12.0); // the far edge belongs to the last cell
/// let map = SamplerParams { width: 200.0, height: 100.0, radius: 4.0, k: 30, seed: 1 };
/// let mut s = raster.sampler(map, 12.0)?;
/// s.start_random();
/// s.finish();
/// assert!(s.points().iter().all(|p| p.r == if p.x < 100.0 { 4.0 } else { 12.0 }));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct RadiusRaster {
    values: Vec<f64>,
    rows: usize,
    cols: usize,
    width: f64,
    height: f64,
}

impl RadiusRaster {
    /// The cells of a `[rows, cols]` raster, checked before its values are copied: at least one
    /// row and one column, at most the crate's cell limit ([`DEFAULT_MAX_CELLS`]); anything else
    /// is [`Error::Invalid`].
    pub fn cells([rows, cols]: [usize; 2]) -> Result<usize> {
        let invalid = |message| Err(Error::Invalid { message });
        if rows == 0 || cols == 0 {
            return invalid(format!(
                "the radius field must have at least one row and one column, got shape ({rows}, {cols})"
            ));
        }
        match rows.checked_mul(cols).filter(|&n| n <= DEFAULT_MAX_CELLS) {
            Some(n) => Ok(n),
            None => invalid(format!(
                "the radius field has shape ({rows}, {cols}), more than {DEFAULT_MAX_CELLS} cells: \
                 give a coarser field (the crate reads one radius per cell)"
            )),
        }
    }

    /// The raster of `values` (`rows · cols` of them, row by row) over a `width × height` map.
    /// The shape is checked as [`RadiusRaster::cells`] checks it, and every value must be
    /// finite; the map's size is the sampler's to check ([`RadiusRaster::sampler`]).
    pub fn new(
        values: Vec<f64>,
        [rows, cols]: [usize; 2],
        width: f64,
        height: f64,
    ) -> Result<Self> {
        let n = Self::cells([rows, cols])?;
        if values.len() != n {
            return Err(Error::Invalid {
                message: format!(
                    "a radius field of shape ({rows}, {cols}) needs {n} values, got {}",
                    values.len()
                ),
            });
        }
        if let Some(v) = values.iter().find(|v| !v.is_finite()) {
            return Err(Error::Invalid {
                message: format!("the radius field must hold finite numbers, got {v}"),
            });
        }
        Ok(Self {
            values,
            rows,
            cols,
            width,
            height,
        })
    }

    /// The radius of the cell that holds `(x, y)`; a point on the far edge (or beyond) belongs
    /// to the last cell, one before the near edge to the first.
    #[inline]
    pub fn at(&self, x: f64, y: f64) -> f64 {
        let cell = |v: f64, size: f64, n: usize| {
            ((v / size * n as f64).floor().max(0.0) as usize).min(n - 1)
        };
        self.values[cell(y, self.height, self.rows) * self.cols + cell(x, self.width, self.cols)]
    }

    /// A step-by-step Bridson sampler whose spacing is this raster's, clamped to
    /// `[params.radius, max_radius]` ([`variable_sampler`]'s checks); nothing is placed until
    /// it is started.
    pub fn sampler(self, params: SamplerParams, max_radius: f64) -> Result<Sampler> {
        variable_sampler(params, max_radius, move |x, y| self.at(x, y))
    }
}

/// Dense woods and open savanna in one call: a [`DensityField`] from `params.seed`,
/// `params.radius` (the densest spacing), `max_radius` and `patch_size`, then Bridson's algorithm
/// with `params.k` tries per step from the same seed, first point drawn at random. Each point
/// carries its own radius.
///
/// ```
/// use poisson_live::{density_forest, SamplerParams};
/// let map = SamplerParams { width: 720.0, height: 400.0, radius: 9.0, k: 30, seed: 123456 };
/// let trees = density_forest(map, 36.0, 5.0)?;
/// for (i, a) in trees.iter().enumerate() {
///     for b in &trees[i + 1..] {
///         let d2 = (a.x - b.x).powi(2) + (a.y - b.y).powi(2);
///         assert!(d2 >= a.r.min(b.r).powi(2)); // the smaller radius keeps them apart
///     }
/// }
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn density_forest(
    params: SamplerParams,
    max_radius: f64,
    patch_size: f64,
) -> Result<Vec<Point>> {
    let field = DensityField::new(params.seed, params.radius, max_radius, patch_size)?;
    ForestJob::new(field, params.width, params.height, params.k, params.seed)?.run_to_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbouring_seeds_give_unrelated_fields() {
        let a = DensityField::new(1, 9.0, 36.0, 5.0).unwrap();
        let b = DensityField::new(2, 9.0, 36.0, 5.0).unwrap();
        let differ = (0..100).filter(|i| {
            let (x, y) = (f64::from(*i) * 7.0, f64::from(*i) * 3.0);
            (a.density(x, y) - b.density(x, y)).abs() > 0.2
        });
        assert!(differ.count() > 20);
    }

    #[test]
    fn a_tiny_patch_size_still_gives_densities() {
        let tiny = DensityField::new(1, 1.0, 1.0, 1e-12).unwrap();
        assert!((0.0..=1.0).contains(&tiny.density(719.0, 399.0)));
    }
}
