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

use crate::bridson::{BlockCursor, Sampler};
use crate::density::{smoothstep, Octaves};
use crate::error::{positive, Error, Result, DEFAULT_MAX_CELLS};
use crate::grid::Grid;
use crate::layers::{overlaps, place_layers, place_layers_separately, Layer, Overlap};
use crate::rng::ParkMiller;
#[cfg(doc)]
use crate::rng::STUCK_SEED;
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
        self.paint_rgba_rows(0..self.inner.height)
    }

    /// Rows `rows` of [`BiomeMap::paint_rgba`] (clamped to the map), the same bytes, so that a
    /// page can paint a big map a band of rows per frame.
    pub fn paint_rgba_rows(&self, rows: std::ops::Range<usize>) -> Vec<u8> {
        let f = &*self.inner;
        let (start, end) = (rows.start.min(f.height), rows.end.min(f.height));
        let mut rgba = vec![255u8; f.width * end.saturating_sub(start) * 4];
        for (line_index, line) in rgba.chunks_exact_mut(f.width * 4).enumerate() {
            let py = start + line_index;
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
    crate::rng::sub_seed(seed, 0x1a7e_5000 + index)
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
    let layers = object_layers(map, &spacings);
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

/// The four layers of [`place_objects`], in placement order, each with its seed and ground rule.
fn object_layers(map: &BiomeMap, spacings: &Spacings) -> Vec<Layer> {
    Object::ALL
        .iter()
        .zip(0u32..)
        .map(|(&object, index)| {
            let ground = map.clone();
            Layer::new(spacings.of(object), K, layer_seed(map.seed(), index))
                .with_allowed(move |x, y| object.allowed_on(ground.ground(x, y)))
        })
        .collect()
}

/// [`place_objects`] in slices: the same placement, point for point, a bounded number of sampler
/// steps per call to [`Placer::run`], so a page can place small spacings without blocking a
/// frame for the whole of it.
///
/// ```
/// use poisson_live::biomes::{place_objects, BiomeMap, Placer, Spacings};
/// let map = BiomeMap::new(360, 200, 7)?;
/// let mut placer = Placer::new(&map, &Spacings::default(), true)?;
/// while !placer.run(100)? {}
/// assert_eq!(placer.take(), Some(place_objects(&map, &Spacings::default(), true)?));
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub struct Placer {
    shared_grid: bool,
    /// Layers not started yet, the next one last.
    waiting: Vec<Layer>,
    /// Their grids, the next one last: one per layer, or the one shared grid between layers.
    grids: Vec<Grid>,
    /// The layer being placed.
    current: Option<Sampler>,
    /// Where its block seeding stands, until every block is seeded.
    seeding: Option<BlockCursor>,
    /// The layers placed so far.
    placed: Vec<Vec<Point>>,
    /// The finished placement, until taken.
    done: Option<Placement>,
    finished: bool,
}

impl Placer {
    /// Validates like [`place_objects`] (the same errors, at once) and builds the grids; no
    /// point is placed yet.
    pub fn new(map: &BiomeMap, spacings: &Spacings, shared_grid: bool) -> Result<Self> {
        let spacings = spacings.validate()?;
        let mut waiting = object_layers(map, &spacings);
        let (w, h) = (map.width() as f64, map.height() as f64);
        let mut grids = if shared_grid {
            vec![crate::layers::shared_grid(
                w,
                h,
                waiting.iter().map(|l| l.radius),
            )?]
        } else {
            waiting
                .iter()
                .map(|l| Grid::for_radius(w, h, l.radius))
                .collect::<Result<Vec<_>>>()?
        };
        waiting.reverse();
        grids.reverse();
        Ok(Self {
            shared_grid,
            waiting,
            grids,
            current: None,
            seeding: None,
            placed: Vec::with_capacity(Object::ALL.len()),
            done: None,
            finished: false,
        })
    }

    /// Up to `max_steps` sampler steps (seeding a block counts as one, as does starting a layer
    /// or listing the overlaps); true when every layer is placed and the overlaps are listed.
    pub fn run(&mut self, max_steps: u64) -> Result<bool> {
        let mut left = max_steps;
        while !self.finished && left > 0 {
            let Some(sampler) = self.current.as_mut() else {
                self.start_next()?;
                left -= 1;
                continue;
            };
            if let Some(cursor) = self.seeding.as_mut() {
                let blocks = usize::try_from(left).unwrap_or(usize::MAX);
                if sampler.seed_some_blocks(cursor, blocks) {
                    self.seeding = None;
                    left -= 1;
                } else {
                    left = 0;
                }
                continue;
            }
            let before = sampler.steps();
            let done = sampler.run(left);
            left = left.saturating_sub((sampler.steps() - before).max(1));
            if done {
                if let Some(sampler) = self.current.take() {
                    let (points, grid) = sampler.into_parts();
                    self.placed.push(points);
                    if self.shared_grid {
                        self.grids.push(grid);
                    }
                }
            }
        }
        Ok(self.finished)
    }

    /// Starts the next layer on its grid (seeded block by block), or ends the placement.
    fn start_next(&mut self) -> Result<()> {
        let Some(layer) = self.waiting.pop() else {
            let layers = std::mem::take(&mut self.placed);
            self.done = Some(Placement {
                shared_grid: self.shared_grid,
                overlaps: overlaps(&layers),
                layers,
            });
            self.grids.clear();
            self.finished = true;
            return Ok(());
        };
        let grid = self.grids.pop().ok_or_else(|| Error::Invalid {
            message: "a layer has no grid".into(),
        })?;
        let mut sampler = Sampler::with_grid(grid, layer.radius, layer.k, layer.seed)?;
        if let Some(allowed) = layer.allowed {
            sampler = sampler.with_allowed(allowed);
        }
        // Seeded block by block in `run`, as `place_layer` seeds it in one go.
        self.seeding = Some(BlockCursor::default());
        self.current = Some(sampler);
        Ok(())
    }

    /// True once every layer is placed.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// How many layers are placed so far (0 to 4).
    pub fn layers_done(&self) -> usize {
        if self.finished {
            Object::ALL.len()
        } else {
            self.placed.len()
        }
    }

    /// The finished placement (once; `None` before the end or when already taken).
    pub fn take(&mut self) -> Option<Placement> {
        self.done.take()
    }
}

impl std::fmt::Debug for Placer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Placer")
            .field("shared_grid", &self.shared_grid)
            .field("layers_done", &self.layers_done())
            .field("finished", &self.finished)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_in_slices_gives_the_one_call_placement() {
        // Guards: a sliced placement that drops or reorders a layer, reseeds one, or forgets to
        // hand the shared grid on, so the page's layers differ from the crate's.
        let map = BiomeMap::new(LAB_WIDTH, LAB_HEIGHT, 123456).unwrap();
        let small = Spacings {
            chest: 60.0,
            rock: 12.0,
            tree: 6.0,
            flower: 4.0,
        };
        for spacings in [Spacings::default(), small] {
            for shared in [true, false] {
                let whole = place_objects(&map, &spacings, shared).unwrap();
                for slice in [1, 7, 500, u64::MAX] {
                    let mut placer = Placer::new(&map, &spacings, shared).unwrap();
                    let mut calls = 0;
                    while !placer.run(slice).unwrap() {
                        calls += 1;
                    }
                    assert!(slice > 100 || calls > 4, "{slice}: {calls} calls");
                    assert!(placer.is_finished());
                    assert_eq!(placer.layers_done(), 4);
                    assert_eq!(
                        placer.take().as_ref(),
                        Some(&whole),
                        "slice {slice}, shared {shared}"
                    );
                    assert_eq!(placer.take(), None);
                    assert!(placer.run(10).unwrap());
                }
            }
        }
    }

    #[test]
    fn painting_in_bands_gives_the_whole_picture() {
        let map = BiomeMap::new(123, 45, 9).unwrap();
        let whole = map.paint_rgba();
        let mut bands = Vec::new();
        for y in (0..45).step_by(7) {
            bands.extend(map.paint_rgba_rows(y..y + 7));
        }
        assert_eq!(bands, whole);
        assert!(map.paint_rgba_rows(50..60).is_empty());
        assert_eq!(map.paint_rgba_rows(40..1000).len(), 5 * 123 * 4);
    }

    #[test]
    fn placing_in_slices_refuses_what_the_one_call_refuses() {
        let map = BiomeMap::new(LAB_WIDTH, LAB_HEIGHT, 1).unwrap();
        for spacings in [
            Spacings {
                flower: 0.001,
                ..Spacings::default()
            },
            Spacings {
                tree: f64::NAN,
                ..Spacings::default()
            },
        ] {
            for shared in [true, false] {
                // (Compared as text: NaN is not equal to itself.)
                let one_call = place_objects(&map, &spacings, shared).unwrap_err();
                let sliced = Placer::new(&map, &spacings, shared).unwrap_err();
                assert_eq!(one_call.to_string(), sliced.to_string());
            }
        }
    }
}
