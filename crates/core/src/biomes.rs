//! Biome rules for layered objects: a map of meadow, forest and ponds, and the four layers of the
//! layers lab (chests, rocks, trees, flowers) placed on it with one shared grid or a grid each.
//!
//! - [`BiomeMap`] answers "what ground is at `(x, y)`?" from two smooth noise fields (moisture
//!   decides forest or meadow; a second field cuts a few ponds with a sandy shore) and paints the
//!   same answer as the lab's background, so what the reader sees is exactly what the ground rules
//!   test.
//! - [`place_objects`] places the four layers biggest first, each with its own seed and ground
//!   rule ([`Object::allowed_on`]): chests and rocks on any land, trees on forest floor only,
//!   flowers on meadow only. With `shared_grid` all layers use one grid and no two objects break
//!   the smaller-radius rule; without it each layer has a grid of its own and the collisions
//!   between layers are listed in [`Placement::overlaps`].
//!
//! ```
//! use poisson_live::biomes::{place_objects, BiomeMap, Spacings};
//! let map = BiomeMap::new(720, 400, 123456)?;
//! let shared = place_objects(&map, &Spacings::default(), true)?;
//! assert!(shared.overlaps.is_empty());
//! let separate = place_objects(&map, &Spacings::default(), false)?;
//! assert!(!separate.overlaps.is_empty());
//! # Ok::<(), poisson_live::Error>(())
//! ```

use crate::density::{mix, smoothstep, Octaves};
use crate::error::{positive, Error, Result, DEFAULT_MAX_CELLS};
use crate::layers::{overlaps, place_layers, place_layers_separately, Layer, Overlap};
use crate::rng::{ParkMiller, STUCK_SEED};
use crate::world::{Ground, Object};
use crate::Point;
use std::sync::Arc;

/// Width of the layers lab's map, in map units.
pub const LAB_WIDTH: usize = 720;
/// Height of the layers lab's map, in map units.
pub const LAB_HEIGHT: usize = 400;

/// The noise fields are evaluated on a lattice this many map units apart and interpolated
/// bilinearly in between: they are smooth at this scale, and painting and ground tests stay cheap.
const LATTICE: usize = 4;
/// Moisture (in `[0, 1]`) from which the ground is forest floor; below it is meadow.
const FOREST_FROM: f64 = 0.5;
/// The pond field below this is water…
const POND_BELOW: f64 = -0.3;
/// …and below this (but above the water) a sandy shore.
const SHORE_BELOW: f64 = -0.26;
/// Tries per step for every layer.
const K: u32 = 30;

// The lab's palette: paler than the painted world, so the objects on top stand out.
const MEADOW_DRY: [u8; 3] = [214, 230, 168];
const MEADOW_LUSH: [u8; 3] = [190, 218, 146];
const FOREST_EDGE: [u8; 3] = [136, 176, 112];
const FOREST_DEEP: [u8; 3] = [112, 156, 96];
const POND_SHALLOW: [u8; 3] = [150, 204, 216];
const POND_DEEP: [u8; 3] = [104, 170, 200];
const SHORE: [u8; 3] = [234, 222, 180];

/// The spacing of each layer: the distance its objects keep from each other and, by the
/// smaller-radius rule, the most any other object has to keep from them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Spacings {
    /// Chests (the lab's default is 160).
    pub chest: f64,
    /// Rocks (44).
    pub rock: f64,
    /// Trees (16).
    pub tree: f64,
    /// Flowers (8).
    pub flower: f64,
}

impl Default for Spacings {
    /// The layers lab's defaults: 160, 44, 16 and 8.
    fn default() -> Self {
        Self {
            chest: 160.0,
            rock: 44.0,
            tree: 16.0,
            flower: 8.0,
        }
    }
}

impl Spacings {
    /// The spacing of one layer.
    pub fn of(&self, object: Object) -> f64 {
        match object {
            Object::Chest => self.chest,
            Object::Rock => self.rock,
            Object::Tree => self.tree,
            Object::Flower => self.flower,
        }
    }

    /// Checks that every spacing is finite and greater than 0; the error names the layer.
    pub fn validate(&self) -> Result<Self> {
        positive("chest spacing", self.chest)?;
        positive("rock spacing", self.rock)?;
        positive("tree spacing", self.tree)?;
        positive("flower spacing", self.flower)?;
        Ok(*self)
    }
}

/// Meadow, forest and ponds on a map, from a 32-bit seed.
///
/// Cloning is cheap (the fields are shared), which lets each layer's ground rule hold one.
#[derive(Clone)]
pub struct BiomeMap {
    inner: Arc<Fields>,
}

struct Fields {
    seed: i32,
    width: usize,
    height: usize,
    cols: usize,
    rows: usize,
    moisture: Vec<f64>,
    pond: Vec<f64>,
}

impl std::fmt::Debug for BiomeMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BiomeMap")
            .field("seed", &self.inner.seed)
            .field("width", &self.inner.width)
            .field("height", &self.inner.height)
            .finish_non_exhaustive()
    }
}

impl BiomeMap {
    /// A `width × height` biome map for `seed`. Width and height must be at least 1 and the map
    /// at most [`DEFAULT_MAX_CELLS`] map units in area; the seed must not be [`STUCK_SEED`].
    ///
    /// Patches of forest and meadow are a couple of hundred map units across, ponds rarer and
    /// smaller, whatever the map's size.
    pub fn new(width: usize, height: usize, seed: i32) -> Result<Self> {
        ParkMiller::new(seed)?;
        if width == 0 || height == 0 {
            return Err(Error::Invalid {
                message: format!(
                    "a biome map needs a width and height of at least 1, got {width} × {height}"
                ),
            });
        }
        let area = width as f64 * height as f64;
        if area > DEFAULT_MAX_CELLS as f64 {
            return Err(Error::TooMuchWork {
                subject: format!("a {width} × {height} biome map"),
                what: "map units of area",
                needed: area,
                limit: DEFAULT_MAX_CELLS,
                hint: "use a smaller map".into(),
            });
        }
        let cols = width.div_ceil(LATTICE) + 1;
        let rows = height.div_ceil(LATTICE) + 1;
        // Salts 4 and 5: fields of their own, unrelated to the density lab's or the world's.
        let moisture_noise = Octaves::new(seed, 4, 4, 1.0 / 190.0, 0.5);
        let pond_noise = Octaves::new(seed, 5, 3, 1.0 / 130.0, 0.5);
        let mut moisture = Vec::with_capacity(cols * rows);
        let mut pond = Vec::with_capacity(cols * rows);
        for j in 0..rows {
            let y = (j * LATTICE) as f64;
            for i in 0..cols {
                let x = (i * LATTICE) as f64;
                moisture.push(smoothstep(-0.2, 0.2, moisture_noise.get(x, y)));
                pond.push(pond_noise.get(x, y));
            }
        }
        Ok(Self {
            inner: Arc::new(Fields {
                seed,
                width,
                height,
                cols,
                rows,
                moisture,
                pond,
            }),
        })
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

    /// Moisture at `(x, y)`, in `[0, 1]`: from 0.5 up the ground is forest.
    pub fn moisture(&self, x: f64, y: f64) -> f64 {
        let f = &*self.inner;
        let (base, tx, ty) = f.locate(x, y);
        f.mix4(&f.moisture, base, tx, ty)
    }

    /// The ground at `(x, y)`: [`Ground::ShallowWater`] (a pond), [`Ground::Sand`] (its shore),
    /// [`Ground::Forest`] or [`Ground::Meadow`]. Exactly what [`BiomeMap::paint_rgba`] shows at
    /// that spot. Points off the map read the nearest edge.
    pub fn ground(&self, x: f64, y: f64) -> Ground {
        let f = &*self.inner;
        let (base, tx, ty) = f.locate(x, y);
        classify(
            f.mix4(&f.pond, base, tx, ty),
            f.mix4(&f.moisture, base, tx, ty),
        )
    }

    /// The map as RGBA bytes, row-major, one pixel per map unit, each pixel's colour taken at its
    /// centre: channel `c` of pixel `(x, y)` is at `4 · (y · width + x) + c`, alpha always 255
    /// (the layout of a canvas `ImageData`).
    pub fn paint_rgba(&self) -> Vec<u8> {
        let f = &*self.inner;
        let mut rgba = vec![255u8; f.width * f.height * 4];
        for (py, line) in rgba.chunks_exact_mut(f.width * 4).enumerate() {
            for (px, pixel) in line.chunks_exact_mut(4).enumerate() {
                let (base, tx, ty) = f.locate(px as f64 + 0.5, py as f64 + 0.5);
                let p = f.mix4(&f.pond, base, tx, ty);
                let m = f.mix4(&f.moisture, base, tx, ty);
                let colour = match classify(p, m) {
                    Ground::ShallowWater => {
                        lerp(POND_DEEP, POND_SHALLOW, (p + 0.6) / (POND_BELOW + 0.6))
                    }
                    Ground::Sand => SHORE,
                    Ground::Forest => lerp(
                        FOREST_EDGE,
                        FOREST_DEEP,
                        (m - FOREST_FROM) / (1.0 - FOREST_FROM),
                    ),
                    _ => lerp(MEADOW_DRY, MEADOW_LUSH, m / FOREST_FROM),
                };
                pixel[..3].copy_from_slice(&colour);
            }
        }
        rgba
    }

    /// The lab's colour for a kind of ground, for the legend: one of the four kinds
    /// [`BiomeMap::ground`] returns (other kinds get the meadow's colour).
    pub fn legend_rgb(ground: Ground) -> [u8; 3] {
        match ground {
            Ground::ShallowWater => POND_SHALLOW,
            Ground::Sand => SHORE,
            Ground::Forest => FOREST_EDGE,
            _ => MEADOW_LUSH,
        }
    }
}

impl Fields {
    /// The lattice cell holding `(x, y)` (as the index of its top-left node) and the position
    /// inside it; off-map and NaN coordinates read the nearest edge.
    #[inline]
    fn locate(&self, x: f64, y: f64) -> (usize, f64, f64) {
        let step = LATTICE as f64;
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
}

fn classify(pond: f64, moisture: f64) -> Ground {
    if pond < POND_BELOW {
        Ground::ShallowWater
    } else if pond < SHORE_BELOW {
        Ground::Sand
    } else if moisture >= FOREST_FROM {
        Ground::Forest
    } else {
        Ground::Meadow
    }
}

fn lerp(a: [u8; 3], b: [u8; 3], t: f64) -> [u8; 3] {
    let t = t.clamp(0.0, 1.0);
    let c = |i: usize| (f64::from(a[i]) + (f64::from(b[i]) - f64::from(a[i])) * t).round() as u8;
    [c(0), c(1), c(2)]
}

/// The seed of layer `index` (0 chests … 3 flowers) for a map seed: scattered by a hash, so the
/// layers do not draw related numbers, and never [`STUCK_SEED`]. The same in both grid modes, so
/// switching modes changes only what the layers can see of each other.
pub fn layer_seed(seed: i32, index: u32) -> i32 {
    let s = mix(seed as u32, 0x1a7e_5000 + index) as i32;
    if s == STUCK_SEED {
        s ^ 1
    } else {
        s
    }
}

/// The four layers placed on a [`BiomeMap`], and the collisions between them.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    /// Whether the layers shared one grid.
    pub shared_grid: bool,
    /// One point list per layer in [`Object::ALL`] order (chests, rocks, trees, flowers); each
    /// point's `r` is its layer's spacing.
    pub layers: Vec<Vec<Point>>,
    /// Pairs from different layers closer than the smaller of their spacings
    /// ([`crate::layers::overlaps`]): always empty with a shared grid.
    pub overlaps: Vec<Overlap>,
}

impl Placement {
    /// The points of one layer.
    pub fn of(&self, object: Object) -> &[Point] {
        let index = Object::ALL.iter().position(|&o| o == object).unwrap_or(0);
        self.layers.get(index).map_or(&[], Vec::as_slice)
    }
}

/// Places chests, rocks, trees and flowers on `map`, in that order, with the given spacings,
/// `k = 30` and seeds from [`layer_seed`] of the map's seed. Chests and rocks go on any land,
/// trees on forest floor only, flowers on meadow only.
///
/// With `shared_grid` every layer sees the points of the layers before it (one grid, cells of the
/// smallest spacing over √2); without it each layer has its own grid and ignores the others.
/// Spacings must be finite and > 0 ([`Spacings::validate`]) and each grid within the work limit.
pub fn place_objects(map: &BiomeMap, spacings: &Spacings, shared_grid: bool) -> Result<Placement> {
    let spacings = spacings.validate()?;
    let layers: Vec<Layer> = Object::ALL
        .iter()
        .zip(0u32..)
        .map(|(&object, index)| {
            let ground = map.clone();
            Layer::new(spacings.of(object), K, layer_seed(map.seed(), index))
                .with_allowed(move |x, y| object.allowed_on(ground.ground(x, y)))
        })
        .collect();
    let (w, h) = (map.width() as f64, map.height() as f64);
    let layers = if shared_grid {
        place_layers(w, h, layers)?
    } else {
        place_layers_separately(w, h, layers)?
    };
    let overlaps = overlaps(&layers);
    Ok(Placement {
        shared_grid,
        layers,
        overlaps,
    })
}
