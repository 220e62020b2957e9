//! Variable density: dense woods next to open savanna, from fractal noise.
//!
//! A [`DensityField`] turns smooth fBm (fractal Brownian motion: a few octaves of Perlin noise,
//! each twice as fine and half as strong as the last) into a density in `[0, 1]`, and the density
//! into a spacing: `radius_at = max − density · (max − min)`. Bridson's sampler with that radius
//! rule ([`crate::bridson::variable_sampler`]) packs trees tightly where the noise is high and
//! leaves wide gaps where it is low.
//!
//! # Same seed, same forest, in every build
//!
//! The noise is Perlin gradient noise from the [`noise`] crate: a permutation table shuffled from
//! the seed by an integer generator, and per sample only `floor`, `+`, `−` and `×` on table
//! gradients. The octave sum and the contrast curve here are plain arithmetic too. None of that
//! calls `sin`, `exp` or `powf`, whose last bit differs between libm implementations, so a seed
//! gives the same densities, to the bit, natively and in WebAssembly.

use crate::bridson::{variable_sampler, Sampler};
use crate::error::{positive, radius_range, Error, Result};
use crate::rng::{hash32, ParkMiller};
use crate::Point;
use noise::{NoiseFn, Perlin};

/// fBm over Perlin noise, with the octave sum written out so every operation is known.
///
/// Octave `i` has frequency `base · 2^i` and amplitude `gain^i`; each octave has its own
/// permutation table and a fixed offset, so octaves do not share lattice points (Perlin noise is
/// zero on its lattice, and a shared lattice point would pin the sum to zero there).
#[derive(Clone, Debug)]
pub(crate) struct Octaves {
    octaves: Vec<(Perlin, f64, f64)>,
    frequency: f64,
    gain: f64,
    norm: f64,
}

impl Octaves {
    /// `count` octaves of Perlin noise with base `frequency` (lattice cells per map unit),
    /// seeded from `seed` and `salt` (different salts give independent fields for one seed).
    pub(crate) fn new(seed: i32, salt: u32, count: u32, frequency: f64, gain: f64) -> Self {
        let mut octaves = Vec::with_capacity(count as usize);
        let mut amplitude = 1.0;
        let mut norm = 0.0;
        for i in 0..count {
            let h = hash32(seed as u32, salt.wrapping_mul(64).wrapping_add(i));
            // Offsets in [0, 256) with a 1/256 step: exact in f64, and well away from the lattice
            // point at the origin that every unshifted octave would share.
            let ox = f64::from(h & 0xffff) / 256.0;
            let oy = f64::from(h >> 16) / 256.0;
            octaves.push((Perlin::new(hash32(h, 0x5eed)), ox, oy));
            norm += amplitude;
            amplitude *= gain;
        }
        Self {
            octaves,
            frequency,
            gain,
            norm,
        }
    }

    /// The octave sum at `(x, y)` divided by the sum of the amplitudes: about `[-1, 1]`, mostly
    /// within `±0.5`.
    #[inline]
    pub(crate) fn get(&self, x: f64, y: f64) -> f64 {
        let mut f = self.frequency;
        let mut amplitude = 1.0;
        let mut sum = 0.0;
        for (perlin, ox, oy) in &self.octaves {
            sum += amplitude * perlin.get([wrap(x * f + ox), wrap(y * f + oy)]);
            f *= 2.0;
            amplitude *= self.gain;
        }
        sum / self.norm
    }
}

/// Brings a lattice coordinate into `[0, 256]`.
///
/// The noise crate's Perlin noise repeats every 256 lattice cells (its hash reads the low 8 bits
/// of the cell's corner), so this changes no value, but it keeps the corner small: the crate
/// converts it to `isize`, which is 32 bits in wasm32 and would panic on a huge coordinate.
/// A coordinate that is not finite reads the noise at 0 instead of panicking.
#[inline]
fn wrap(u: f64) -> f64 {
    if u.is_finite() {
        u - 256.0 * (u / 256.0).floor()
    } else {
        0.0
    }
}

/// `0` below `lo`, `1` above `hi`, a smooth S-curve (`3t² − 2t³`) between.
#[inline]
pub(crate) fn smoothstep(lo: f64, hi: f64, v: f64) -> f64 {
    let t = ((v - lo) / (hi - lo)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Octaves in a density field: enough for ragged edges, few enough to stay fast.
const DENSITY_OCTAVES: u32 = 4;
/// Noise values at `±DENSITY_CONTRAST` and beyond map to fully open or fully dense.
///
/// fBm of Perlin noise sits mostly within `±0.3`; a narrow ramp turns it into large patches that
/// are clearly one or the other, with a short transition between, instead of an even grey.
const DENSITY_CONTRAST: f64 = 0.16;

/// Density from fBm noise, and the spacing it implies.
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
pub struct DensityField {
    seed: i32,
    min_radius: f64,
    max_radius: f64,
    patch_size: f64,
    noise: Octaves,
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
        ParkMiller::new(seed)?;
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
            width,
            height,
            self.min_radius,
            self.max_radius,
            k,
            seed,
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

/// Dense woods and open savanna in one call: a [`DensityField`] from `seed`, `min_radius`,
/// `max_radius` and `patch_size`, then Bridson's algorithm with `k` tries per step from the same
/// seed, first point drawn at random. Each point carries its own radius.
///
/// ```
/// let trees = poisson_live::density_forest(720.0, 400.0, 9.0, 36.0, 5.0, 30, 123456)?;
/// for (i, a) in trees.iter().enumerate() {
///     for b in &trees[i + 1..] {
///         let d2 = (a.x - b.x).powi(2) + (a.y - b.y).powi(2);
///         assert!(d2 >= a.r.min(b.r).powi(2)); // the smaller radius keeps them apart
///     }
/// }
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn density_forest(
    width: f64,
    height: f64,
    min_radius: f64,
    max_radius: f64,
    patch_size: f64,
    k: u32,
    seed: i32,
) -> Result<Vec<Point>> {
    let field = DensityField::new(seed, min_radius, max_radius, patch_size)?;
    let mut s = field.sampler(width, height, k, seed)?;
    s.start_random();
    s.finish();
    Ok(s.into_parts().0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn octave_offsets_keep_the_origin_from_being_pinned() {
        let o = Octaves::new(7, 1, 4, 1.0 / 100.0, 0.5);
        assert_ne!(o.get(0.0, 0.0), 0.0);
    }

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
    fn wrapping_keeps_values_and_survives_wild_coordinates() {
        let o = Octaves::new(7, 1, 4, 1.0 / 100.0, 0.5);
        // One lattice period (256 cells of 100 units) away: the same value, up to rounding.
        let (a, b) = (o.get(130.0, 70.0), o.get(130.0 + 25_600.0, 70.0 - 51_200.0));
        assert!((a - b).abs() < 1e-12, "{a} vs {b}");
        for (x, y) in [
            (f64::NAN, 0.0),
            (f64::INFINITY, 1.0),
            (1e300, -1e300),
            (-3e9, 5e12),
        ] {
            assert!(o.get(x, y).is_finite());
        }
        let tiny = DensityField::new(1, 1.0, 1.0, 1e-12).unwrap();
        assert!((0.0..=1.0).contains(&tiny.density(719.0, 399.0)));
    }

    #[test]
    fn smoothstep_ends_and_middle() {
        assert_eq!(smoothstep(-1.0, 1.0, -2.0), 0.0);
        assert_eq!(smoothstep(-1.0, 1.0, 0.0), 0.5);
        assert_eq!(smoothstep(-1.0, 1.0, 5.0), 1.0);
    }
}
