//! The painted island's ground: two noise fields, the kinds of ground they make, and the shaded
//! colours the map shows.
//!
//! [`Terrain`] shapes an island from an *elevation* field (fBm noise minus a falloff toward the
//! map's edges) and a *moisture* field, and answers "what ground is at `(x, y)`?" with a
//! [`Ground`]. Light from the upper left on the elevation's slope gives hill shading. Both fields
//! and the shading live on a [`Lattice`], so the picture and the ground rules read the same
//! interpolated numbers and cannot disagree.

use crate::base::error::Result;
use crate::base::noise::{
    fields_map, smoothstep, FieldRows, Lattice, MapFields, MapNames, Octaves, Spot, LATTICE,
};
use std::sync::Arc;

/// Width of the painted world, in pixels (one pixel per map unit).
pub const WORLD_WIDTH: usize = 880;
/// Height of the painted world, in pixels.
pub const WORLD_HEIGHT: usize = 480;

/// Elevation thresholds (sea level is 0).
const DEEP_BELOW: f64 = -0.11;
const SURF_FROM: f64 = -0.028;
const SAND_BELOW: f64 = 0.05;
const HILL_FROM: f64 = 0.44;
const PEAK_FROM: f64 = 0.62;
/// Land wetter than this (moisture in `[0, 1]`) grows forest; drier land is meadow.
const FOREST_FROM: f64 = 0.45;

/// The kinds of ground, from the open sea to the rocky peaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Ground {
    /// Open sea around the island.
    DeepWater,
    /// The light shelf of water around the coast.
    ShallowWater,
    /// The white line of breaking waves just off the beach.
    Surf,
    /// Beach.
    Sand,
    /// Open grassland; flowers grow here.
    Meadow,
    /// Forest floor; trees grow here.
    Forest,
    /// High ground above the trees.
    Hill,
    /// The rocky tops of the highest hills.
    Peak,
}

impl Ground {
    /// Every kind, from the sea up: the order of the page's legend.
    pub const ALL: [Ground; 8] = [
        Ground::DeepWater,
        Ground::ShallowWater,
        Ground::Surf,
        Ground::Sand,
        Ground::Meadow,
        Ground::Forest,
        Ground::Hill,
        Ground::Peak,
    ];

    /// The legend's name for it.
    pub fn name(self) -> &'static str {
        match self {
            Ground::DeepWater => "deep water",
            Ground::ShallowWater => "shallow water",
            Ground::Surf => "surf",
            Ground::Sand => "sand",
            Ground::Meadow => "meadow",
            Ground::Forest => "forest floor",
            Ground::Hill => "hill",
            Ground::Peak => "rocky peak",
        }
    }

    /// Its typical colour on the painted map (unshaded), for the legend swatch.
    pub fn rgb(self) -> [u8; 3] {
        match self {
            Ground::DeepWater => DEEP_DARK,
            Ground::ShallowWater => SHALLOW_LIGHT,
            Ground::Surf => SURF,
            Ground::Sand => SAND,
            Ground::Meadow => MEADOW_LUSH,
            Ground::Forest => FOREST_FLOOR,
            Ground::Hill => HILL,
            Ground::Peak => PEAK,
        }
    }

    /// True for dry land: sand, meadow, forest, hill and peak.
    pub fn is_land(self) -> bool {
        !matches!(
            self,
            Ground::DeepWater | Ground::ShallowWater | Ground::Surf
        )
    }
}

// The palette. Water darkens with depth, land is shaded by the light on its slope.
const DEEP_DARK: [u8; 3] = [30, 78, 132];
const DEEP_LIGHT: [u8; 3] = [44, 116, 166];
const SHALLOW_DARK: [u8; 3] = [58, 160, 180];
const SHALLOW_LIGHT: [u8; 3] = [112, 206, 204];
const SURF: [u8; 3] = [236, 246, 240];
const SAND: [u8; 3] = [236, 218, 164];
const MEADOW_DRY: [u8; 3] = [166, 204, 104];
const MEADOW_LUSH: [u8; 3] = [138, 192, 92];
const FOREST_FLOOR: [u8; 3] = [70, 112, 56];
const HILL: [u8; 3] = [150, 156, 102];
const PEAK: [u8; 3] = [156, 148, 136];
const PEAK_TOP: [u8; 3] = [188, 182, 172];

/// Light from the upper left, a little above the horizon: `(−1, −1, 1.2)` normalised, written
/// out so no square root or trigonometry runs to get it.
const LIGHT: [f64; 3] = [
    -0.539_163_866_017_192_1,
    -0.539_163_866_017_192_1,
    0.646_996_639_220_630_4,
];
/// Vertical exaggeration for the shading: one unit of elevation stands this many map units
/// tall. Larger gives steeper-looking slopes and deeper shadows.
const RELIEF: f64 = 45.0;

/// How the terrain names itself in errors.
const NAMES: MapNames = MapNames {
    map: "world",
    area: "pixels",
    hint: "paint a smaller world",
};

/// The island's ground: elevation and moisture on a lattice, shaded, queried anywhere.
///
/// Cloning is cheap (the lattice is shared), which lets the layers' ground rules hold one each.
#[derive(Clone)]
pub struct Terrain {
    inner: Arc<MapFields<3>>,
}

// The terrain's fields, in `MapFields::fields`.
const ELEVATION: usize = 0;
const MOISTURE: usize = 1;
const SHADE: usize = 2;

fields_map!(Terrain);

impl Terrain {
    /// The terrain of the `WORLD_WIDTH × WORLD_HEIGHT` world for a 32-bit `seed`
    /// ([`crate::rng::STUCK_SEED`] is refused, as everywhere).
    pub fn new(seed: i32) -> Result<Self> {
        Self::with_size(WORLD_WIDTH, WORLD_HEIGHT, seed)
    }

    /// Terrain for a map of another size. The island fills the map; hills, woods and bays keep
    /// their size in map units. Width and height must be at least 1 and the map at most
    /// [`crate::error::DEFAULT_MAX_CELLS`] pixels.
    pub fn with_size(width: usize, height: usize, seed: i32) -> Result<Self> {
        let mut shaping = Shaping::new(width, height, seed)?;
        while !shaping.row() {}
        Ok(shaping.into_terrain())
    }

    /// Elevation at `(x, y)`: sea level is 0, the coast's shelf drops below about −0.1, hills
    /// start at 0.44. Points off the map read the nearest edge.
    pub fn elevation(&self, x: f64, y: f64) -> f64 {
        self.inner.at(ELEVATION, x, y)
    }

    /// Moisture at `(x, y)`, in `[0, 1]`: land wetter than 0.45 grows forest.
    pub fn moisture(&self, x: f64, y: f64) -> f64 {
        self.inner.at(MOISTURE, x, y)
    }

    /// The ground at `(x, y)`, exactly as the painted map shows it (the same interpolated
    /// fields decide both).
    pub fn ground(&self, x: f64, y: f64) -> Ground {
        let [e, m] = self.inner.pair([ELEVATION, MOISTURE], x, y);
        classify(e, m)
    }

    /// The terrain alone, without objects: RGB bytes, row-major (see [`crate::paint`]), each
    /// pixel's colour taken at its centre.
    pub fn paint(&self) -> Vec<u8> {
        let mut rgb = vec![0u8; self.width() * self.height() * 3];
        let columns = self.columns();
        for (py, line) in rgb.chunks_exact_mut(self.width() * 3).enumerate() {
            self.paint_row(py, &columns, line);
        }
        rgb
    }

    /// The lattice spots of pixel row 0, for [`Terrain::paint_row`].
    pub(crate) fn columns(&self) -> Vec<Spot> {
        self.inner.lattice.columns(self.width())
    }

    /// Paints pixel row `py` of the terrain into `line` (its `width · 3` RGB bytes); `columns`
    /// comes from [`Terrain::columns`].
    pub(crate) fn paint_row(&self, py: usize, columns: &[Spot], line: &mut [u8]) {
        let f = &*self.inner;
        let row = f.lattice.row(py);
        for (pixel, &column) in line.chunks_exact_mut(3).zip(columns) {
            let spot = column.in_row(row);
            let e = f.read(ELEVATION, spot);
            let m = f.read(MOISTURE, spot);
            let ground = classify(e, m);
            let colour = if ground.is_land() {
                let s = f.read(SHADE, spot);
                shaded(land_colour(ground, e, m), s)
            } else {
                water_colour(ground, e)
            };
            pixel.copy_from_slice(&colour);
        }
    }
}

/// [`Terrain::with_size`] a lattice row at a time: the elevation and moisture rows first, then
/// the shading rows (each needs the elevation rows beside it). The world painter shapes its
/// terrain over several slices with it; `with_size` runs it to the end in one go.
pub(crate) struct Shaping {
    /// Elevation and moisture.
    fields: FieldRows<2>,
    shade: Vec<f64>,
}

impl Shaping {
    /// Checks the seed and size (the errors of [`Terrain::with_size`]); computes nothing yet.
    pub(crate) fn new(width: usize, height: usize, seed: i32) -> Result<Self> {
        let noise = [
            Octaves::new(seed, 2, 5, 1.0 / 260.0, 0.5),
            Octaves::new(seed, 3, 3, 1.0 / 210.0, 0.5),
        ];
        let fields = FieldRows::new(width, height, seed, &NAMES, noise)?;
        Ok(Self {
            shade: Vec::with_capacity(fields.lattice().nodes()),
            fields,
        })
    }

    /// True once elevation and moisture are complete (shading comes next).
    pub(crate) fn fields_done(&self) -> bool {
        self.fields.done()
    }

    /// How far the shaping has come, from 0 to 1: lattice rows done (fields, then shading).
    pub(crate) fn share_done(&self) -> f64 {
        let lattice = self.fields.lattice();
        let rows = self.fields.rows_done() + self.shade.len() / lattice.cols;
        rows as f64 / (2 * lattice.rows) as f64
    }

    /// Computes the next lattice row; true once every row of every field is there.
    pub(crate) fn row(&mut self) -> bool {
        let Lattice { cols, rows } = self.fields.lattice();
        if !self.fields.done() {
            let (width, height) = self.fields.size();
            let (half_w, half_h) = (width as f64 / 2.0, height as f64 / 2.0);
            self.fields.row([
                &|noise, x, y| {
                    let (nx, ny) = ((x - half_w) / half_w, (y - half_h) / half_h);
                    // An ellipse touching the map's edges: 0 in the middle, 1 at the edge
                    // midpoints.
                    let d2 = nx * nx + ny * ny;
                    let falloff = 0.45 * d2 + 0.55 * d2 * d2;
                    0.46 + 0.9 * noise - falloff
                },
                &|noise, _, _| smoothstep(-0.22, 0.22, noise),
            ]);
            return false;
        }
        if self.shade.len() < cols * rows {
            let j = self.shade.len() / cols;
            let elevation = &self.fields.fields()[0];
            let step = LATTICE as f64;
            let (up, down) = (j.saturating_sub(1), (j + 1).min(rows - 1));
            for i in 0..cols {
                let (left, right) = (i.saturating_sub(1), (i + 1).min(cols - 1));
                let ex = (elevation[j * cols + right] - elevation[j * cols + left])
                    / ((right - left) as f64 * step);
                let ey = (elevation[down * cols + i] - elevation[up * cols + i])
                    / ((down - up) as f64 * step);
                // The surface normal (−ex·RELIEF, −ey·RELIEF, 1) against the light, divided by
                // what flat ground gets: 1 on the flat, above 1 facing the light, below 1 away.
                let (nx, ny, nz) = (-ex * RELIEF, -ey * RELIEF, 1.0);
                let lit = (nx * LIGHT[0] + ny * LIGHT[1] + nz * LIGHT[2])
                    / (nx * nx + ny * ny + nz * nz).sqrt();
                self.shade.push(lit / LIGHT[2]);
            }
        }
        self.shade.len() == cols * rows
    }

    /// The finished terrain (call once `row` has returned true).
    pub(crate) fn into_terrain(self) -> Terrain {
        let shade = self.shade;
        Terrain {
            inner: Arc::new(
                self.fields
                    .into_map(|[elevation, moisture]| [elevation, moisture, shade]),
            ),
        }
    }
}

fn classify(e: f64, m: f64) -> Ground {
    if e < DEEP_BELOW {
        Ground::DeepWater
    } else if e < SURF_FROM {
        Ground::ShallowWater
    } else if e < 0.0 {
        Ground::Surf
    } else if e < SAND_BELOW {
        Ground::Sand
    } else if e >= PEAK_FROM {
        Ground::Peak
    } else if e >= HILL_FROM {
        Ground::Hill
    } else if m >= FOREST_FROM {
        Ground::Forest
    } else {
        Ground::Meadow
    }
}

/// `a` moved `t` (clamped to `[0, 1]`) of the way to `b`, per channel.
#[inline]
pub(crate) fn lerp(a: [u8; 3], b: [u8; 3], t: f64) -> [f64; 3] {
    let t = t.clamp(0.0, 1.0);
    let c = |i: usize| f64::from(a[i]) + (f64::from(b[i]) - f64::from(a[i])) * t;
    [c(0), c(1), c(2)]
}

#[inline]
fn to_bytes(c: [f64; 3]) -> [u8; 3] {
    // `as u8` saturates; clamp anyway so the intent is plain.
    [
        c[0].clamp(0.0, 255.0) as u8,
        c[1].clamp(0.0, 255.0) as u8,
        c[2].clamp(0.0, 255.0) as u8,
    ]
}

fn water_colour(ground: Ground, e: f64) -> [u8; 3] {
    match ground {
        Ground::DeepWater => to_bytes(lerp(DEEP_DARK, DEEP_LIGHT, (e + 0.6) / (DEEP_BELOW + 0.6))),
        Ground::ShallowWater => to_bytes(lerp(
            SHALLOW_DARK,
            SHALLOW_LIGHT,
            (e - DEEP_BELOW) / (SURF_FROM - DEEP_BELOW),
        )),
        _ => SURF,
    }
}

fn land_colour(ground: Ground, e: f64, m: f64) -> [f64; 3] {
    match ground {
        Ground::Sand => SAND.map(f64::from),
        Ground::Meadow => lerp(MEADOW_DRY, MEADOW_LUSH, m / FOREST_FROM),
        Ground::Forest => lerp(
            FOREST_FLOOR,
            [52, 92, 46],
            (m - FOREST_FROM) / (1.0 - FOREST_FROM),
        ),
        Ground::Hill => lerp(
            HILL,
            [140, 132, 98],
            (e - HILL_FROM) / (PEAK_FROM - HILL_FROM),
        ),
        _ => lerp(PEAK, PEAK_TOP, (e - PEAK_FROM) / 0.25),
    }
}

#[inline]
fn shaded(c: [f64; 3], s: f64) -> [u8; 3] {
    // Soften the light so slopes read without turning black: 1 on flat ground.
    let s = 1.0 + (s - 1.0) * 0.8;
    to_bytes([c[0] * s, c[1] * s, c[2] * s])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn light_is_a_unit_vector() {
        let n = LIGHT[0] * LIGHT[0] + LIGHT[1] * LIGHT[1] + LIGHT[2] * LIGHT[2];
        assert!((n - 1.0).abs() < 1e-15);
        let z = 1.2 / (1.0f64 + 1.0 + 1.44).sqrt();
        assert!((LIGHT[2] - z).abs() < 1e-15);
    }

    #[test]
    fn edges_are_sea() {
        let t = Terrain::new(123456).unwrap();
        for x in [0.5, 440.0, 879.5] {
            assert!(!t.ground(x, 0.5).is_land());
            assert!(!t.ground(x, 479.5).is_land());
        }
    }
}
