//! Smooth noise for maps: fBm octaves of Perlin noise, the hash that seeds them, and fields
//! sampled on a coarse lattice and read back anywhere.
//!
//! The density lab's spacing, the painted island's elevation and moisture, and the layers lab's
//! moisture and ponds all come from [`Octaves`]. The island and the biome map evaluate their
//! fields on a [`Lattice`] of nodes [`LATTICE`] map units apart and interpolate between them:
//! the fields are smooth at that scale, and reading one costs four lookups instead of a dozen
//! Perlin evaluations.
//!
//! # Same seed, same field, in every build
//!
//! The noise is Perlin gradient noise from the [`noise`] crate: a permutation table shuffled from
//! the seed by an integer generator, and per sample only `floor`, `+`, `−` and `×` on table
//! gradients. The octave sum, the lattice and [`smoothstep`] are plain arithmetic too. None of
//! that calls `sin`, `exp` or `powf`, whose last bit differs between libm implementations, so a
//! seed gives the same values, to the bit, natively and in WebAssembly.

use crate::base::error::{Error, Result, DEFAULT_MAX_CELLS};
use crate::base::rng::{hash32, Seed};
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

/// Lattice nodes are this many map units apart.
pub(crate) const LATTICE: usize = 4;

/// The nodes of a map's fields: every [`LATTICE`] map units from the origin, one past the map's
/// edge each way, row by row (node `(i, j)` at index `j · cols + i`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Lattice {
    /// Nodes per row.
    pub(crate) cols: usize,
    /// Rows of nodes.
    pub(crate) rows: usize,
}

/// Where a map point falls on a [`Lattice`]: the index of its cell's top-left node, and the
/// position inside the cell, each in `[0, 1]`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Spot {
    base: usize,
    tx: f64,
    ty: f64,
}

impl Spot {
    /// A pixel's spot from its column's ([`Lattice::columns`]) and its row's
    /// ([`Lattice::row`]).
    #[inline]
    pub(crate) fn in_row(self, row: Spot) -> Spot {
        Spot {
            base: row.base + self.base,
            tx: self.tx,
            ty: row.ty,
        }
    }
}

/// How a map of fields names itself in errors: "a world needs …", "a 9 × 9 world".
pub(crate) struct MapNames {
    /// The map, without an article: `world`, `biome map`.
    pub(crate) map: &'static str,
    /// What its area counts: `pixels`, `map units of area`.
    pub(crate) area: &'static str,
    /// What to do about a map over the work limit.
    pub(crate) hint: &'static str,
}

impl Lattice {
    /// The lattice of a `width × height` map. Width and height must be at least 1 and the area
    /// at most [`DEFAULT_MAX_CELLS`]; the errors name the map as `names` says.
    pub(crate) fn for_map(width: usize, height: usize, names: &MapNames) -> Result<Self> {
        let map = names.map;
        if width == 0 || height == 0 {
            return Err(Error::Invalid {
                message: format!(
                    "a {map} needs a width and height of at least 1, got {width} × {height}"
                ),
            });
        }
        let area = width as f64 * height as f64;
        if area > DEFAULT_MAX_CELLS as f64 {
            return Err(Error::TooMuchWork {
                subject: format!("a {width} × {height} {map}"),
                what: names.area,
                needed: area,
                limit: DEFAULT_MAX_CELLS,
                hint: names.hint.into(),
            });
        }
        Ok(Self {
            cols: width.div_ceil(LATTICE) + 1,
            rows: height.div_ceil(LATTICE) + 1,
        })
    }

    /// How many nodes in all.
    pub(crate) fn nodes(&self) -> usize {
        self.cols * self.rows
    }

    /// Appends row `j` of a field to `field`: `value(x, y)` at each node's map position, left
    /// to right.
    pub(crate) fn push_row(&self, j: usize, field: &mut Vec<f64>, value: impl Fn(f64, f64) -> f64) {
        let y = (j * LATTICE) as f64;
        field.extend((0..self.cols).map(|i| value((i * LATTICE) as f64, y)));
    }

    /// The cell holding `(x, y)`; off-map and NaN coordinates read the nearest edge.
    #[inline]
    pub(crate) fn locate(&self, x: f64, y: f64) -> Spot {
        let step = LATTICE as f64;
        // `max` before `min` also sends NaN to 0: it reads the corner, never out of bounds.
        let fx = (x / step).max(0.0).min((self.cols - 1) as f64);
        let fy = (y / step).max(0.0).min((self.rows - 1) as f64);
        let i = (fx as usize).min(self.cols - 2);
        let j = (fy as usize).min(self.rows - 2);
        Spot {
            base: j * self.cols + i,
            tx: fx - i as f64,
            ty: fy - j as f64,
        }
    }

    /// The spots of the pixel centres of row 0 of a `width`-pixel map. Every pixel row crosses
    /// the same cells, so a painter locates the columns once and each row once, and puts them
    /// together with [`Spot::in_row`]: the numbers are the ones [`Lattice::locate`] gives for
    /// each pixel.
    pub(crate) fn columns(&self, width: usize) -> Vec<Spot> {
        (0..width)
            .map(|px| self.locate(px as f64 + 0.5, 0.5))
            .collect()
    }

    /// The spot of the pixel centres of row `py`, in column 0; see [`Lattice::columns`].
    pub(crate) fn row(&self, py: usize) -> Spot {
        self.locate(0.5, py as f64 + 0.5)
    }

    /// `field` at `spot`, interpolated bilinearly between the cell's four nodes.
    #[inline]
    pub(crate) fn read(&self, field: &[f64], spot: Spot) -> f64 {
        let Spot { base, tx, ty } = spot;
        let (a, b) = (field[base], field[base + 1]);
        let (c, d) = (field[base + self.cols], field[base + self.cols + 1]);
        let top = a + (b - a) * tx;
        let bottom = c + (d - c) * tx;
        top + (bottom - top) * ty
    }
}

/// The noise fields of one map, sampled on its lattice: what a terrain or a biome map holds
/// behind an `Arc`, so that clones (one per layer's ground rule) share them.
pub(crate) struct MapFields<const N: usize> {
    pub(crate) seed: i32,
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) lattice: Lattice,
    /// The fields, each node by node in the lattice's order.
    pub(crate) fields: [Vec<f64>; N],
}

impl<const N: usize> MapFields<N> {
    /// Field `field` at `spot`.
    #[inline]
    pub(crate) fn read(&self, field: usize, spot: Spot) -> f64 {
        self.lattice.read(&self.fields[field], spot)
    }

    /// Fields `a` and `b` at map point `(x, y)`, located once.
    #[inline]
    pub(crate) fn pair(&self, [a, b]: [usize; 2], x: f64, y: f64) -> [f64; 2] {
        let spot = self.lattice.locate(x, y);
        [self.read(a, spot), self.read(b, spot)]
    }

    /// Field `field` at map point `(x, y)`; off-map points read the nearest edge.
    #[inline]
    pub(crate) fn at(&self, field: usize, x: f64, y: f64) -> f64 {
        self.read(field, self.lattice.locate(x, y))
    }
}

/// For a map that holds its [`MapFields`] as `inner` (the terrain, the biome map): its Debug
/// output (its name, seed and size) and its `seed`, `width` and `height` accessors.
macro_rules! fields_map {
    ($ty:ident) => {
        impl std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_struct(stringify!($ty))
                    .field("seed", &self.inner.seed)
                    .field("width", &self.inner.width)
                    .field("height", &self.inner.height)
                    .finish_non_exhaustive()
            }
        }

        impl $ty {
            /// The seed it was built from.
            pub fn seed(&self) -> i32 {
                self.inner.seed
            }
            /// Map width.
            pub fn width(&self) -> usize {
                self.inner.width
            }
            /// Map height.
            pub fn height(&self) -> usize {
                self.inner.height
            }
        }
    };
}
pub(crate) use fields_map;

/// A map's noise fields being sampled on its lattice a row at a time: what the terrain and the
/// biome map do in slices, and in one go when made in one call.
#[derive(Debug)]
pub(crate) struct FieldRows<const N: usize> {
    seed: i32,
    width: usize,
    height: usize,
    lattice: Lattice,
    noise: [Octaves; N],
    fields: [Vec<f64>; N],
    rows_done: usize,
}

/// What a map's field holds at a node, from its noise there and the node's map position.
pub(crate) type NodeValue<'a> = &'a dyn Fn(f64, f64, f64) -> f64;

impl<const N: usize> FieldRows<N> {
    /// Checks the seed and the map's size (the errors name the map as `names` says); samples
    /// nothing yet. Field `i` will read `noise[i]`.
    pub(crate) fn new(
        width: usize,
        height: usize,
        seed: i32,
        names: &MapNames,
        noise: [Octaves; N],
    ) -> Result<Self> {
        Seed::new(seed)?;
        let lattice = Lattice::for_map(width, height, names)?;
        Ok(Self {
            seed,
            width,
            height,
            lattice,
            noise,
            fields: std::array::from_fn(|_| Vec::with_capacity(lattice.nodes())),
            rows_done: 0,
        })
    }

    /// The map's width and height.
    pub(crate) fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    /// The map's lattice.
    pub(crate) fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// Rows of nodes sampled so far.
    pub(crate) fn rows_done(&self) -> usize {
        self.rows_done
    }

    /// True once every row of every field is sampled.
    pub(crate) fn done(&self) -> bool {
        self.rows_done == self.lattice.rows
    }

    /// The fields sampled so far (whole rows).
    pub(crate) fn fields(&self) -> &[Vec<f64>; N] {
        &self.fields
    }

    /// Samples the next row of every field: node `(x, y)` of field `i` holds
    /// `values[i](noise, x, y)`, `noise` being `noise[i]` at the node.
    pub(crate) fn row(&mut self, values: [NodeValue<'_>; N]) {
        let j = self.rows_done;
        for ((field, noise), value) in self.fields.iter_mut().zip(&self.noise).zip(values) {
            self.lattice
                .push_row(j, field, |x, y| value(noise.get(x, y), x, y));
        }
        self.rows_done += 1;
    }

    /// The finished map: these fields, then any the caller derived from them (`more`).
    pub(crate) fn into_map<const M: usize>(
        self,
        more: impl FnOnce([Vec<f64>; N]) -> [Vec<f64>; M],
    ) -> MapFields<M> {
        MapFields {
            seed: self.seed,
            width: self.width,
            height: self.height,
            lattice: self.lattice,
            fields: more(self.fields),
        }
    }
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
    }

    #[test]
    fn smoothstep_ends_and_middle() {
        assert_eq!(smoothstep(-1.0, 1.0, -2.0), 0.0);
        assert_eq!(smoothstep(-1.0, 1.0, 0.0), 0.5);
        assert_eq!(smoothstep(-1.0, 1.0, 5.0), 1.0);
    }

    #[test]
    fn a_lattice_reads_its_nodes_and_clamps_off_the_map() {
        let names = MapNames {
            map: "test map",
            area: "pixels",
            hint: "smaller",
        };
        let lattice = Lattice::for_map(9, 5, &names).unwrap();
        assert_eq!((lattice.cols, lattice.rows), (4, 3));
        let mut field = Vec::new();
        for j in 0..lattice.rows {
            lattice.push_row(j, &mut field, |x, y| x + 100.0 * y);
        }
        assert_eq!(field.len(), lattice.nodes());
        let at = |x: f64, y: f64| lattice.read(&field, lattice.locate(x, y));
        assert_eq!(at(4.0, 4.0), 404.0);
        assert_eq!(at(2.0, 6.0), 602.0);
        assert_eq!(at(-5.0, f64::NAN), 0.0);
        assert_eq!(at(1e9, 1e9), 12.0 + 800.0);
        let columns = lattice.columns(9);
        let spot = columns[6].in_row(lattice.row(3));
        assert_eq!(lattice.read(&field, spot), at(6.5, 3.5));
        assert!(Lattice::for_map(0, 5, &names).is_err());
        assert!(Lattice::for_map(1 << 13, 1 << 13, &names).is_err());
    }
}
