//! The painted world of the last lab: an island from two noise fields, four layers of objects on
//! one shared grid, every object a few blended circles.
//!
//! - [`Terrain`] shapes an island from an *elevation* field (fBm noise minus a falloff toward the
//!   map's edges) and a *moisture* field, and answers "what ground is at `(x, y)`?" with a
//!   [`Ground`]. Light from the upper left on the elevation's slope gives hill shading.
//! - [`paint_world`] paints the terrain, places chests, rocks, trees (forest only) and flowers
//!   (meadow only) on one shared grid as [`crate::layers::place_layers`] does, and stamps each
//!   object as a shadow, a body and a highlight with [`crate::paint::stamp_circle`].
//! - [`WorldPainter`] does the same work in small slices (a terrain row, a sampler step, an
//!   object), so a page can paint the island across animation frames; `paint_world` is the
//!   painter run to the end in one call, so the two cannot disagree.
//!
//! Everything is plain `f64` arithmetic (`+ − × ÷ sqrt floor`) on seeded integer generators, so a
//! seed paints the same pixels, byte for byte, natively and in WebAssembly: the golden image test
//! pins them.
//!
//! ```
//! use poisson_live::world::{paint_world, Object, WORLD_HEIGHT, WORLD_WIDTH};
//! let world = paint_world(123456)?;
//! assert_eq!(world.rgb.len(), WORLD_WIDTH * WORLD_HEIGHT * 3);
//! assert!(world.trees.iter().all(|t| Object::Tree.allowed_on(world.terrain.ground(t.x, t.y))));
//! # Ok::<(), poisson_live::Error>(())
//! ```

use crate::bridson::{BlockCursor, Sampler, Step};
use crate::density::{smoothstep, Octaves};
use crate::error::{Error, Result, DEFAULT_MAX_CELLS};
use crate::grid::Grid;
use crate::layers::{shared_grid, Layer};
use crate::paint::{encode_png, stamp_circle};
use crate::rng::ParkMiller;
#[cfg(any(doc, test))]
use crate::rng::STUCK_SEED;
use crate::Point;
use std::sync::Arc;

/// Width of the painted world, in pixels (one pixel per map unit).
pub const WORLD_WIDTH: usize = 880;
/// Height of the painted world, in pixels.
pub const WORLD_HEIGHT: usize = 480;

/// Noise is evaluated on a lattice this many pixels apart and interpolated bilinearly in
/// between: the fields are smooth at this scale, and it makes painting about 16 times cheaper.
const LATTICE: usize = 4;

/// Elevation thresholds (sea level is 0).
const DEEP_BELOW: f64 = -0.11;
const SURF_FROM: f64 = -0.028;
const SAND_BELOW: f64 = 0.05;
const HILL_FROM: f64 = 0.44;
const PEAK_FROM: f64 = 0.62;
/// Land wetter than this (moisture in `[0, 1]`) grows forest; drier land is meadow.
const FOREST_FROM: f64 = 0.45;

/// Tries per step for every layer.
const K: u32 = 30;

/// The kinds of ground, from the open sea to the rocky peaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

/// The four layers of objects, placed in this order (largest spacing first) on one grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Object {
    /// Treasure chests, far apart, anywhere on land.
    Chest,
    /// Boulders, anywhere on land.
    Rock,
    /// Trees, on forest floor only.
    Tree,
    /// Flowers, on meadow only.
    Flower,
}

impl Object {
    /// Every layer, in placement order.
    pub const ALL: [Object; 4] = [Object::Chest, Object::Rock, Object::Tree, Object::Flower];

    /// The legend's name for it (plural, as the layer toggles read).
    pub fn name(self) -> &'static str {
        match self {
            Object::Chest => "chests",
            Object::Rock => "rocks",
            Object::Tree => "trees",
            Object::Flower => "flowers",
        }
    }

    /// The layer's spacing on the shared grid: 140, 34, 11 and 6 map units.
    pub fn spacing(self) -> f64 {
        match self {
            Object::Chest => 140.0,
            Object::Rock => 34.0,
            Object::Tree => 11.0,
            Object::Flower => 6.0,
        }
    }

    /// Its main colour on the painted map, for the legend swatch.
    pub fn rgb(self) -> [u8; 3] {
        match self {
            Object::Chest => CHEST_GOLD,
            Object::Rock => ROCK_GREY,
            Object::Tree => TREE_GREENS[1],
            Object::Flower => FLOWER_COLOURS[0],
        }
    }

    /// The ground rule: where this layer may place a point.
    pub fn allowed_on(self, ground: Ground) -> bool {
        match self {
            Object::Chest | Object::Rock => ground.is_land(),
            Object::Tree => ground == Ground::Forest,
            Object::Flower => ground == Ground::Meadow,
        }
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

const SHADOW: [u8; 3] = [18, 36, 22];
const TREE_GREENS: [[u8; 3]; 4] = [[30, 86, 42], [38, 102, 48], [28, 78, 38], [46, 112, 50]];
const TREE_MID: [u8; 3] = [66, 136, 64];
const TREE_LIGHT: [u8; 3] = [128, 184, 100];
const ROCK_GREY: [u8; 3] = [126, 126, 132];
const ROCK_DARK: [u8; 3] = [100, 100, 108];
const ROCK_LIGHT: [u8; 3] = [208, 208, 212];
const CHEST_GLOW: [u8; 3] = [255, 236, 150];
const CHEST_RIM: [u8; 3] = [96, 56, 22];
const CHEST_GOLD: [u8; 3] = [226, 172, 40];
const CHEST_LIGHT: [u8; 3] = [255, 246, 196];
const FLOWER_COLOURS: [[u8; 3]; 6] = [
    [232, 62, 80],
    [250, 208, 56],
    [250, 250, 244],
    [238, 120, 190],
    [164, 112, 232],
    [250, 148, 48],
];
const FLOWER_EYE: [u8; 3] = [250, 224, 90];

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

/// The island's ground: elevation and moisture on a lattice, shaded, queried anywhere.
///
/// Cloning is cheap (the lattice is shared), which lets the layers' ground rules hold one each.
#[derive(Clone)]
pub struct Terrain {
    inner: Arc<Fields>,
}

struct Fields {
    seed: i32,
    width: usize,
    height: usize,
    cols: usize,
    rows: usize,
    elevation: Vec<f64>,
    moisture: Vec<f64>,
    shade: Vec<f64>,
}

impl std::fmt::Debug for Terrain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Terrain")
            .field("seed", &self.inner.seed)
            .field("width", &self.inner.width)
            .field("height", &self.inner.height)
            .finish_non_exhaustive()
    }
}

impl Terrain {
    /// The terrain of the `WORLD_WIDTH × WORLD_HEIGHT` world for a 32-bit `seed`
    /// ([`crate::rng::STUCK_SEED`] is refused, as everywhere).
    pub fn new(seed: i32) -> Result<Self> {
        Self::with_size(WORLD_WIDTH, WORLD_HEIGHT, seed)
    }

    /// Terrain for a map of another size. The island fills the map; hills, woods and bays keep
    /// their size in map units. Width and height must be at least 1 and the map at most
    /// [`DEFAULT_MAX_CELLS`] pixels.
    pub fn with_size(width: usize, height: usize, seed: i32) -> Result<Self> {
        let mut builder = TerrainBuilder::new(width, height, seed)?;
        while !builder.row() {}
        Ok(builder.build())
    }

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

    /// Elevation at `(x, y)`: sea level is 0, the coast's shelf drops below about −0.1, hills
    /// start at 0.44. Points off the map read the nearest edge.
    pub fn elevation(&self, x: f64, y: f64) -> f64 {
        self.inner.sample(&self.inner.elevation, x, y)
    }

    /// Moisture at `(x, y)`, in `[0, 1]`: land wetter than 0.45 grows forest.
    pub fn moisture(&self, x: f64, y: f64) -> f64 {
        self.inner.sample(&self.inner.moisture, x, y)
    }

    /// The ground at `(x, y)`, exactly as the painted map shows it (the same interpolated
    /// fields decide both).
    pub fn ground(&self, x: f64, y: f64) -> Ground {
        let f = &*self.inner;
        let (base, tx, ty) = f.locate(x, y);
        classify(
            f.mix4(&f.elevation, base, tx, ty),
            f.mix4(&f.moisture, base, tx, ty),
        )
    }

    /// The terrain alone, without objects: RGB bytes, row-major (see [`crate::paint`]), each
    /// pixel's colour taken at its centre.
    pub fn paint(&self) -> Vec<u8> {
        let f = &*self.inner;
        let mut rgb = vec![0u8; f.width * f.height * 3];
        let columns = f.columns();
        for (py, line) in rgb.chunks_exact_mut(f.width * 3).enumerate() {
            f.paint_row(py, &columns, line);
        }
        rgb
    }
}

/// [`Terrain::with_size`] a lattice row at a time: the elevation and moisture rows first, then
/// the shading rows (each needs the elevation rows beside it). The world painter builds its
/// terrain over several steps with it; `with_size` runs it to the end in one go.
struct TerrainBuilder {
    seed: i32,
    width: usize,
    height: usize,
    cols: usize,
    rows: usize,
    height_noise: Octaves,
    moisture_noise: Octaves,
    elevation: Vec<f64>,
    moisture: Vec<f64>,
    shade: Vec<f64>,
}

impl TerrainBuilder {
    /// Checks the seed and size (the errors of [`Terrain::with_size`]); computes nothing yet.
    fn new(width: usize, height: usize, seed: i32) -> Result<Self> {
        ParkMiller::new(seed)?;
        if width == 0 || height == 0 {
            return Err(Error::Invalid {
                message: format!(
                    "a world needs a width and height of at least 1, got {width} × {height}"
                ),
            });
        }
        let pixels = width as f64 * height as f64;
        if pixels > DEFAULT_MAX_CELLS as f64 {
            return Err(Error::TooMuchWork {
                subject: format!("a {width} × {height} world"),
                what: "pixels",
                needed: pixels,
                limit: DEFAULT_MAX_CELLS,
                hint: "paint a smaller world".into(),
            });
        }
        let cols = width.div_ceil(LATTICE) + 1;
        let rows = height.div_ceil(LATTICE) + 1;
        Ok(Self {
            seed,
            width,
            height,
            cols,
            rows,
            height_noise: Octaves::new(seed, 2, 5, 1.0 / 260.0, 0.5),
            moisture_noise: Octaves::new(seed, 3, 3, 1.0 / 210.0, 0.5),
            elevation: Vec::with_capacity(cols * rows),
            moisture: Vec::with_capacity(cols * rows),
            shade: Vec::with_capacity(cols * rows),
        })
    }

    /// True once elevation and moisture are complete (shading comes next).
    fn fields_done(&self) -> bool {
        self.elevation.len() == self.cols * self.rows
    }

    /// Lattice rows done so far, out of `2 · rows` (fields, then shading).
    fn rows_done(&self) -> usize {
        (self.elevation.len() + self.shade.len()) / self.cols
    }

    /// Computes the next lattice row; true once every row of every field is there.
    fn row(&mut self) -> bool {
        let (cols, rows) = (self.cols, self.rows);
        if self.elevation.len() < cols * rows {
            let j = self.elevation.len() / cols;
            let (half_w, half_h) = (self.width as f64 / 2.0, self.height as f64 / 2.0);
            let y = (j * LATTICE) as f64;
            let ny = (y - half_h) / half_h;
            for i in 0..cols {
                let x = (i * LATTICE) as f64;
                let nx = (x - half_w) / half_w;
                // An ellipse touching the map's edges: 0 in the middle, 1 at the edge midpoints.
                let d2 = nx * nx + ny * ny;
                let falloff = 0.45 * d2 + 0.55 * d2 * d2;
                self.elevation
                    .push(0.46 + 0.9 * self.height_noise.get(x, y) - falloff);
                self.moisture
                    .push(smoothstep(-0.22, 0.22, self.moisture_noise.get(x, y)));
            }
            return false;
        }
        if self.shade.len() < cols * rows {
            let j = self.shade.len() / cols;
            let elevation = &self.elevation;
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
    fn build(self) -> Terrain {
        Terrain {
            inner: Arc::new(Fields {
                seed: self.seed,
                width: self.width,
                height: self.height,
                cols: self.cols,
                rows: self.rows,
                elevation: self.elevation,
                moisture: self.moisture,
                shade: self.shade,
            }),
        }
    }
}

impl Fields {
    /// The lattice column and position inside it for each pixel column's centre. Every row
    /// crosses the same columns, so they are located once; the numbers are the ones `locate`
    /// gives for each pixel, so the picture agrees with `ground` exactly.
    fn columns(&self) -> Vec<(usize, f64)> {
        (0..self.width)
            .map(|px| {
                let (base, tx, _) = self.locate(px as f64 + 0.5, 0.5);
                (base, tx)
            })
            .collect()
    }

    /// Paints pixel row `py` of the terrain into `line` (its `width · 3` RGB bytes).
    fn paint_row(&self, py: usize, columns: &[(usize, f64)], line: &mut [u8]) {
        let (row, _, ty) = self.locate(0.5, py as f64 + 0.5);
        for (pixel, &(col, tx)) in line.chunks_exact_mut(3).zip(columns) {
            let base = row + col;
            let e = self.mix4(&self.elevation, base, tx, ty);
            let m = self.mix4(&self.moisture, base, tx, ty);
            let ground = classify(e, m);
            let colour = if ground.is_land() {
                let s = self.mix4(&self.shade, base, tx, ty);
                shaded(land_colour(ground, e, m), s)
            } else {
                water_colour(ground, e)
            };
            pixel.copy_from_slice(&colour);
        }
    }

    /// The lattice cell holding `(x, y)` (as the index of its top-left node) and the position
    /// inside it.
    #[inline]
    fn locate(&self, x: f64, y: f64) -> (usize, f64, f64) {
        let step = LATTICE as f64;
        // `max` before `min` also sends NaN to 0: it reads the corner, never out of bounds.
        let fx = (x / step).max(0.0).min((self.cols - 1) as f64);
        let fy = (y / step).max(0.0).min((self.rows - 1) as f64);
        let i = (fx as usize).min(self.cols - 2);
        let j = (fy as usize).min(self.rows - 2);
        (j * self.cols + i, fx - i as f64, fy - j as f64)
    }

    #[inline]
    fn mix4(&self, field: &[f64], base: usize, tx: f64, ty: f64) -> f64 {
        let (a, b) = (field[base], field[base + 1]);
        let (c, d) = (field[base + self.cols], field[base + self.cols + 1]);
        let top = a + (b - a) * tx;
        let bottom = c + (d - c) * tx;
        top + (bottom - top) * ty
    }

    fn sample(&self, field: &[f64], x: f64, y: f64) -> f64 {
        let (base, tx, ty) = self.locate(x, y);
        self.mix4(field, base, tx, ty)
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

/// `a` moved `t` of the way to `b`, per channel.
#[inline]
fn lerp(a: [u8; 3], b: [u8; 3], t: f64) -> [f64; 3] {
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

/// The painted world: pixels, the objects on them and the terrain under them.
#[derive(Clone)]
pub struct World {
    /// The seed it was painted from.
    pub seed: i32,
    /// Width in pixels ([`WORLD_WIDTH`]).
    pub width: usize,
    /// Height in pixels ([`WORLD_HEIGHT`]).
    pub height: usize,
    /// The picture: RGB bytes, row-major, no padding; channel `c` of pixel `(x, y)` is at
    /// `3 · (y · width + x) + c` (see [`crate::paint`]).
    pub rgb: Vec<u8>,
    /// Chests (spacing 140), on land.
    pub chests: Vec<Point>,
    /// Rocks (spacing 34), on land.
    pub rocks: Vec<Point>,
    /// Trees (spacing 11), on forest floor only.
    pub trees: Vec<Point>,
    /// Flowers (spacing 6), on meadow only.
    pub flowers: Vec<Point>,
    /// The ground under it all, for legends, loupes and ground rules.
    pub terrain: Terrain,
}

impl std::fmt::Debug for World {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("World")
            .field("seed", &self.seed)
            .field("width", &self.width)
            .field("height", &self.height)
            .field("chests", &self.chests.len())
            .field("rocks", &self.rocks.len())
            .field("trees", &self.trees.len())
            .field("flowers", &self.flowers.len())
            .finish_non_exhaustive()
    }
}

impl World {
    /// The four layers in [`Object::ALL`] order: chests, rocks, trees, flowers.
    pub fn layers(&self) -> [&[Point]; 4] {
        [&self.chests, &self.rocks, &self.trees, &self.flowers]
    }

    /// The picture as a PNG file (8-bit RGB), the exact pixels of [`World::rgb`].
    pub fn to_png(&self) -> Result<Vec<u8>> {
        encode_png(self.width, self.height, &self.rgb)
    }
}

/// A seed for one part of the world (`part` 0, 1, …), scattered by a hash so that parts, and
/// neighbouring world seeds, do not draw related numbers. Never [`STUCK_SEED`].
fn part_seed(seed: i32, part: u32) -> i32 {
    crate::rng::sub_seed(seed, 0x0b1e_c700 + part)
}

/// Paints the `WORLD_WIDTH × WORLD_HEIGHT` island for a 32-bit `seed`.
///
/// Terrain first ([`Terrain::paint`]); then chests (140), rocks (34), trees (11, forest only) and
/// flowers (6, meadow only) are placed, largest first, on one shared grid with `k = 30` and
/// seeds derived from `seed`; then each is stamped as a few blended circles, flowers first and
/// chests last, each layer top to bottom so lower objects overlap the ones behind them.
///
/// The seed must not be [`STUCK_SEED`]. The same seed gives the same bytes in every build.
/// This is [`WorldPainter`] run to the end in one call.
pub fn paint_world(seed: i32) -> Result<World> {
    WorldPainter::new(seed)?.finish()
}

// What each piece of the painter's work costs against `WorldPainter::step`'s budget. One unit
// is about one sampler step (a microsecond natively, a few in wasm); the other costs were
// timed against it, so a budget buys about the same time whatever the painter is busy with.
/// One lattice row of elevation and moisture (221 nodes, eight octaves of noise).
const COST_FIELD_ROW: u64 = 36;
/// One lattice row of hill shading.
const COST_SHADE_ROW: u64 = 2;
/// One pixel row of the ground (880 pixels).
const COST_PIXEL_ROW: u64 = 9;
/// One sampler step, seeding one block, or starting a layer.
const COST_SAMPLER: u64 = 1;

/// Stamping one object: its circles' area decides.
fn stamp_cost(object: Object) -> u64 {
    match object {
        Object::Flower => 1,
        Object::Rock => 7,
        Object::Tree => 8,
        Object::Chest => 17,
    }
}

/// The share of the whole painting each stage takes, for [`WorldPainter::progress`]: terrain,
/// ground, the four layers' placement (chests, rocks, trees, flowers), stamping. Timed on a few
/// seeds; a world that differs only makes the percentage run a little fast or slow.
const SHARES: [f64; 7] = [0.23, 0.21, 0.005, 0.015, 0.07, 0.22, 0.25];

/// [`paint_world`] in slices: the same world, byte for byte, painted a bounded amount of work
/// per call to [`WorldPainter::step`], so a page can paint it across animation frames without
/// blocking any of them for long.
///
/// The work comes in small pieces: a lattice row of the terrain, a pixel row of the ground, a
/// sampler step (or one seeding block) of a layer, one object stamped. Every piece is the
/// one-shot painter's own code on the same data in the same order, so where the slices fall
/// changes nothing.
///
/// ```
/// use poisson_live::world::{paint_world, WorldPainter};
/// let mut painter = WorldPainter::new(7)?;
/// while !painter.step(500)? {
///     assert!((0.0..1.0).contains(&painter.progress()));
/// }
/// let world = painter.finish()?;
/// assert_eq!(world.rgb, paint_world(7)?.rgb);
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub struct WorldPainter {
    seed: i32,
    /// The picture so far: empty until the ground is being painted.
    rgb: Vec<u8>,
    stage: Stage,
    /// The largest estimate of progress so far: the percentage never runs backwards.
    shown: f64,
}

enum Stage {
    /// Shaping the terrain, a lattice row at a time.
    Terrain(TerrainBuilder),
    /// Painting the ground, a pixel row at a time.
    Ground {
        terrain: Terrain,
        columns: Vec<(usize, f64)>,
        row: usize,
    },
    /// Placing the layers on their shared grid, a sampler step at a time.
    Placing(Box<Placing>),
    /// Stamping the objects, one at a time, in the painter's order.
    Stamping(Box<Stamping>),
    /// Finished, until taken.
    Done(Box<World>),
    /// Taken by `finish`, or abandoned after an error.
    Empty,
}

struct Placing {
    terrain: Terrain,
    /// Layers not started yet, the next one last.
    waiting: Vec<Layer>,
    /// The shared grid, while no layer is using it.
    grid: Option<Grid>,
    /// The layer being placed.
    sampler: Option<Sampler>,
    /// Where its block seeding stands, and how many blocks of how many are seeded.
    seeding: Option<(BlockCursor, usize, usize)>,
    /// The layers placed so far, in [`Object::ALL`] order.
    placed: Vec<Vec<Point>>,
}

struct Stamping {
    terrain: Terrain,
    layers: [Vec<Point>; 4],
    /// Every object in stamping order: flowers, rocks, trees, chests, each top to bottom.
    queue: Vec<(Object, Point)>,
    next: usize,
    rng: ParkMiller,
    /// The cost of stamping the whole queue, and of what is stamped so far.
    total: u64,
    spent: u64,
}

impl WorldPainter {
    /// Checks the seed ([`STUCK_SEED`] is refused with the error [`paint_world`] gives);
    /// paints nothing yet.
    pub fn new(seed: i32) -> Result<Self> {
        Ok(Self {
            seed,
            rgb: Vec::new(),
            stage: Stage::Terrain(TerrainBuilder::new(WORLD_WIDTH, WORLD_HEIGHT, seed)?),
            shown: 0.0,
        })
    }

    /// The seed being painted.
    pub fn seed(&self) -> i32 {
        self.seed
    }

    /// Does up to `budget` units of work and returns true once the world is complete. A unit is
    /// about one sampler step; a terrain row costs 36 (2 for its shading), a ground row 9,
    /// stamping an object 1 (a flower) to 17 (a chest). A call may run over its budget by less than one piece of work, and does at least one
    /// piece if `budget` is above 0 and anything is left.
    pub fn step(&mut self, budget: u64) -> Result<bool> {
        let mut left = budget;
        while left > 0 {
            let cost = match &mut self.stage {
                Stage::Terrain(builder) => {
                    let cost = if builder.fields_done() {
                        COST_SHADE_ROW
                    } else {
                        COST_FIELD_ROW
                    };
                    if builder.row() {
                        self.advance()?;
                    }
                    cost
                }
                Stage::Ground {
                    terrain,
                    columns,
                    row,
                } => {
                    let width = terrain.width();
                    let line = &mut self.rgb[*row * width * 3..(*row + 1) * width * 3];
                    terrain.inner.paint_row(*row, columns, line);
                    *row += 1;
                    if *row == terrain.height() {
                        self.advance()?;
                    }
                    COST_PIXEL_ROW
                }
                Stage::Placing(placing) => {
                    if placing.step()? {
                        self.advance()?;
                    }
                    COST_SAMPLER
                }
                Stage::Stamping(stamping) => {
                    let cost = stamping.stamp(&mut self.rgb);
                    if stamping.next == stamping.queue.len() {
                        self.advance()?;
                    }
                    cost
                }
                Stage::Done(_) | Stage::Empty => break,
            };
            left = left.saturating_sub(cost);
        }
        self.shown = self.shown.max(self.estimate());
        Ok(self.is_finished())
    }

    /// Moves on to the next stage once the current one is complete.
    fn advance(&mut self) -> Result<()> {
        self.stage = match std::mem::replace(&mut self.stage, Stage::Empty) {
            Stage::Terrain(builder) => {
                let terrain = builder.build();
                self.rgb = vec![0u8; terrain.width() * terrain.height() * 3];
                Stage::Ground {
                    columns: terrain.inner.columns(),
                    terrain,
                    row: 0,
                }
            }
            Stage::Ground { terrain, .. } => Stage::Placing(Box::new(Placing::new(terrain)?)),
            Stage::Placing(placing) => {
                Stage::Stamping(Box::new(Stamping::new(*placing, self.seed)?))
            }
            Stage::Stamping(stamping) => {
                let Stamping {
                    terrain, layers, ..
                } = *stamping;
                let [chests, rocks, trees, flowers] = layers;
                Stage::Done(Box::new(World {
                    seed: self.seed,
                    width: terrain.width(),
                    height: terrain.height(),
                    rgb: std::mem::take(&mut self.rgb),
                    chests,
                    rocks,
                    trees,
                    flowers,
                    terrain,
                }))
            }
            done => done,
        };
        Ok(())
    }

    /// True once the world is complete.
    pub fn is_finished(&self) -> bool {
        matches!(self.stage, Stage::Done(_))
    }

    /// How far the painting has come, from 0 to 1 (1 only when complete). An estimate, since how
    /// long placing takes depends on the island, but it never goes backwards.
    pub fn progress(&self) -> f64 {
        self.shown
    }

    /// Where the painting stands now, from the stage and how far into it.
    fn estimate(&self) -> f64 {
        let (stage, within) = match &self.stage {
            Stage::Terrain(builder) => (0, builder.rows_done() as f64 / (2 * builder.rows) as f64),
            Stage::Ground { terrain, row, .. } => (1, *row as f64 / terrain.height() as f64),
            Stage::Placing(placing) => (2 + placing.placed.len().min(3), placing.layer_progress()),
            Stage::Stamping(s) => (6, s.spent as f64 / s.total.max(1) as f64),
            Stage::Done(_) | Stage::Empty => return 1.0,
        };
        let before: f64 = SHARES[..stage].iter().sum();
        (before + SHARES[stage] * within.clamp(0.0, 1.0)).min(0.999)
    }

    /// What the painter is doing, in a few words: "shaping the terrain", "painting the ground",
    /// "placing chests" (rocks, trees, flowers), "stamping objects" or "done".
    pub fn stage(&self) -> &'static str {
        match &self.stage {
            Stage::Terrain(_) => "shaping the terrain",
            Stage::Ground { .. } => "painting the ground",
            Stage::Placing(placing) => match placing.placed.len() {
                0 => "placing chests",
                1 => "placing rocks",
                2 => "placing trees",
                _ => "placing flowers",
            },
            Stage::Stamping(_) => "stamping objects",
            Stage::Done(_) | Stage::Empty => "done",
        }
    }

    /// Paints whatever is left and returns the world: exactly [`paint_world`]'s.
    pub fn finish(mut self) -> Result<World> {
        while !self.step(u64::MAX)? {
            if matches!(self.stage, Stage::Empty) {
                break;
            }
        }
        match std::mem::replace(&mut self.stage, Stage::Empty) {
            Stage::Done(world) => Ok(*world),
            _ => Err(Error::Invalid {
                message: "the world painter stopped before the world was complete".into(),
            }),
        }
    }
}

impl crate::job::Job for WorldPainter {
    type Output = World;

    /// A unit is about one sampler step; see [`WorldPainter::step`].
    fn run(&mut self, budget: u64) -> Result<bool> {
        self.step(budget)
    }

    fn progress(&self) -> f64 {
        WorldPainter::progress(self)
    }

    fn stage(&self) -> &'static str {
        WorldPainter::stage(self)
    }

    fn take(&mut self) -> Option<World> {
        match std::mem::replace(&mut self.stage, Stage::Empty) {
            Stage::Done(world) => Some(*world),
            other => {
                self.stage = other;
                None
            }
        }
    }
}

impl std::fmt::Debug for WorldPainter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorldPainter")
            .field("seed", &self.seed)
            .field("stage", &self.stage())
            .finish_non_exhaustive()
    }
}

impl Placing {
    /// The four layers as [`paint_world`] places them: each with its spacing, `k`, a seed from
    /// the world's and its ground rule, on one grid shared by all four.
    fn new(terrain: Terrain) -> Result<Self> {
        let seed = terrain.seed();
        let mut waiting: Vec<Layer> = Object::ALL
            .iter()
            .zip(0u32..)
            .map(|(&object, part)| {
                let t = terrain.clone();
                Layer::new(object.spacing(), K, part_seed(seed, part))
                    .with_allowed(move |x, y| object.allowed_on(t.ground(x, y)))
            })
            .collect();
        let grid = shared_grid(
            terrain.width() as f64,
            terrain.height() as f64,
            waiting.iter().map(|l| l.radius),
        )?;
        waiting.reverse();
        Ok(Self {
            terrain,
            waiting,
            grid: Some(grid),
            sampler: None,
            seeding: None,
            placed: Vec::with_capacity(Object::ALL.len()),
        })
    }

    /// One piece of placing, as `place_layer` does it for each layer in turn: start the next
    /// layer, seed one block, or take one sampler step. True once every layer is placed.
    fn step(&mut self) -> Result<bool> {
        let Some(sampler) = self.sampler.as_mut() else {
            let Some(layer) = self.waiting.pop() else {
                return Ok(true);
            };
            let grid = self.grid.take().ok_or_else(|| Error::Invalid {
                message: "the world's layers lost their grid".into(),
            })?;
            let mut sampler = Sampler::with_grid(grid, layer.radius, layer.k, layer.seed)?;
            if let Some(allowed) = layer.allowed {
                sampler = sampler.with_allowed(allowed);
            }
            let spacing = 2.0 * layer.radius;
            let blocks = (sampler.grid().width() / spacing).ceil()
                * (sampler.grid().height() / spacing).ceil();
            self.seeding = Some((BlockCursor::default(), 0, blocks as usize));
            self.sampler = Some(sampler);
            return Ok(false);
        };
        if let Some((cursor, seeded, _)) = self.seeding.as_mut() {
            *seeded += 1;
            if sampler.seed_some_blocks(cursor, 1) {
                self.seeding = None;
            }
            return Ok(false);
        }
        if sampler.step() == Step::Finished {
            if let Some(sampler) = self.sampler.take() {
                let (points, grid) = sampler.into_parts();
                self.placed.push(points);
                self.grid = Some(grid);
            }
            return Ok(self.waiting.is_empty());
        }
        Ok(false)
    }

    /// How far the current layer has come, from 0 to 1: seeding its blocks is the first third,
    /// then the share of its points that have retired (every point retires once).
    fn layer_progress(&self) -> f64 {
        let Some(sampler) = &self.sampler else {
            return 0.0;
        };
        match self.seeding {
            Some((_, seeded, blocks)) => seeded as f64 / blocks.max(1) as f64 / 3.0,
            None => {
                let points = sampler.points().len().max(1) as f64;
                1.0 / 3.0 + 2.0 / 3.0 * (sampler.retired() as f64 / points)
            }
        }
    }
}

impl Stamping {
    fn new(placing: Placing, seed: i32) -> Result<Self> {
        let mut placed = placing.placed.into_iter();
        let mut next = || placed.next().unwrap_or_default();
        let layers = [next(), next(), next(), next()];
        let [chests, rocks, trees, flowers] = &layers;
        let mut queue = Vec::with_capacity(layers.iter().map(Vec::len).sum());
        for (object, points) in [
            (Object::Flower, flowers),
            (Object::Rock, rocks),
            (Object::Tree, trees),
            (Object::Chest, chests),
        ] {
            queue.extend(by_rows(points).into_iter().map(|p| (object, p)));
        }
        Ok(Self {
            terrain: placing.terrain,
            rng: ParkMiller::new(part_seed(seed, 10))?,
            total: queue.iter().map(|&(object, _)| stamp_cost(object)).sum(),
            spent: 0,
            layers,
            queue,
            next: 0,
        })
    }

    /// Stamps the next object onto `rgb`; returns what it cost.
    fn stamp(&mut self, rgb: &mut [u8]) -> u64 {
        let Some(&(object, p)) = self.queue.get(self.next) else {
            return 0;
        };
        self.next += 1;
        let mut canvas = Canvas {
            rgb,
            width: self.terrain.width(),
            height: self.terrain.height(),
        };
        match object {
            Object::Flower => canvas.flower(p, &mut self.rng),
            Object::Rock => canvas.rock(p, &mut self.rng),
            Object::Tree => canvas.tree(p, &mut self.rng),
            Object::Chest => canvas.chest(p),
        }
        self.spent += stamp_cost(object);
        stamp_cost(object)
    }
}

/// The points sorted top to bottom (then left to right), the painter's order.
fn by_rows(points: &[Point]) -> Vec<Point> {
    let mut v = points.to_vec();
    v.sort_by(|a, b| a.y.total_cmp(&b.y).then(a.x.total_cmp(&b.x)));
    v
}

struct Canvas<'a> {
    rgb: &'a mut [u8],
    width: usize,
    height: usize,
}

impl Canvas<'_> {
    fn circle(&mut self, x: f64, y: f64, r: f64, colour: [u8; 3], opacity: f64) {
        stamp_circle(self.rgb, self.width, self.height, x, y, r, colour, opacity);
    }

    /// A crown ~0.8 of the spacing: neighbours' crowns overlap into a canopy.
    fn tree(&mut self, p: Point, rng: &mut ParkMiller) {
        let r = p.r * (0.72 + 0.18 * rng.next_f64());
        let body = TREE_GREENS[(rng.next_f64() * TREE_GREENS.len() as f64) as usize];
        self.circle(p.x + 0.3 * r, p.y + 0.4 * r, r, SHADOW, 0.42);
        self.circle(p.x, p.y, r, body, 1.0);
        self.circle(p.x - 0.18 * r, p.y - 0.2 * r, 0.68 * r, TREE_MID, 0.45);
        self.circle(p.x - 0.32 * r, p.y - 0.36 * r, 0.32 * r, TREE_LIGHT, 0.5);
    }

    /// Four petals round a bright eye, a few pixels across.
    fn flower(&mut self, p: Point, rng: &mut ParkMiller) {
        let colour = FLOWER_COLOURS[(rng.next_f64() * FLOWER_COLOURS.len() as f64) as usize];
        let s = 1.0 + 0.35 * rng.next_f64();
        self.circle(p.x + 0.7, p.y + 0.9, 2.4 * s, SHADOW, 0.22);
        for (dx, dy) in [(1.2, 0.0), (-1.2, 0.0), (0.0, 1.2), (0.0, -1.2)] {
            self.circle(p.x + dx * s, p.y + dy * s, 1.25 * s, colour, 0.95);
        }
        self.circle(p.x, p.y, 0.8 * s, FLOWER_EYE, 1.0);
    }

    /// A boulder with a smaller one leaning on it.
    fn rock(&mut self, p: Point, rng: &mut ParkMiller) {
        let r = 0.2 * p.r * (0.8 + 0.4 * rng.next_f64());
        self.circle(p.x + 0.35 * r, p.y + 0.45 * r, 1.1 * r, SHADOW, 0.4);
        self.circle(p.x, p.y, r, ROCK_GREY, 1.0);
        self.circle(p.x + 0.75 * r, p.y + 0.35 * r, 0.62 * r, ROCK_DARK, 1.0);
        self.circle(p.x - 0.3 * r, p.y - 0.35 * r, 0.42 * r, ROCK_LIGHT, 0.6);
    }

    /// A gold coin of a chest with a soft glow, so it can be found on the map.
    fn chest(&mut self, p: Point) {
        self.circle(p.x, p.y, 15.0, CHEST_GLOW, 0.28);
        self.circle(p.x + 2.5, p.y + 3.2, 8.0, SHADOW, 0.45);
        self.circle(p.x, p.y, 8.0, CHEST_RIM, 1.0);
        self.circle(p.x, p.y, 6.4, CHEST_GOLD, 1.0);
        self.circle(p.x, p.y, 2.0, CHEST_RIM, 0.9);
        self.circle(p.x - 2.4, p.y - 2.6, 2.2, CHEST_LIGHT, 0.8);
    }
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

    #[test]
    fn part_seeds_differ_and_avoid_the_stuck_seed() {
        let s: Vec<i32> = (0..4).map(|p| part_seed(1, p)).collect();
        assert!(s.iter().all(|&v| v != STUCK_SEED));
        assert!(s.windows(2).all(|w| w[0] != w[1]));
    }
}
