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

use crate::base::error::{positive, Result};
use crate::base::job::{spend, Handover, Job};
use crate::base::noise::{fields_map, smoothstep, FieldRows, MapFields, MapNames, Octaves};
use crate::base::point::Point;
#[cfg(doc)]
use crate::base::rng::STUCK_SEED;
use crate::pictures::objects::{Object, Placing};
use crate::pictures::terrain::{lerp, Ground};
use crate::variants::layers::{overlaps, Layer, Overlap};
use std::sync::Arc;

/// Width of the layers lab's map, in map units.
pub const LAB_WIDTH: usize = 720;
/// Height of the layers lab's map, in map units.
pub const LAB_HEIGHT: usize = 400;

/// Moisture (in `[0, 1]`) from which the ground is forest floor; below it is meadow.
const FOREST_FROM: f64 = 0.5;
/// The pond field below this is water…
const POND_BELOW: f64 = -0.3;
/// …and below this (but above the water) a sandy shore.
const SHORE_BELOW: f64 = -0.26;
/// Tries per step for every layer.
const K: u32 = crate::classic::bridson::DEFAULT_K;

// The lab's palette: paler than the painted world, so the objects on top stand out.
const MEADOW_DRY: [u8; 3] = [214, 230, 168];
const MEADOW_LUSH: [u8; 3] = [190, 218, 146];
const FOREST_EDGE: [u8; 3] = [136, 176, 112];
const FOREST_DEEP: [u8; 3] = [112, 156, 96];
const POND_SHALLOW: [u8; 3] = [150, 204, 216];
const POND_DEEP: [u8; 3] = [104, 170, 200];
const SHORE: [u8; 3] = [234, 222, 180];

/// [`BiomeMap::new`] as a [`Job`]: the moisture and pond fields a lattice row at a time. A unit
/// of work is about a Bridson step; a row of the lab's map (181 nodes, seven octaves of noise)
/// costs 51.
///
/// ```
/// use poisson_live::biomes::{BiomeMap, MapJob};
/// use poisson_live::Job;
/// let mut job = MapJob::new(720, 400, 7)?;
/// while !job.run(200)? {}
/// let map = job.take().expect("finished");
/// assert_eq!(map.ground(300.5, 200.5), BiomeMap::new(720, 400, 7)?.ground(300.5, 200.5));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug)]
pub struct MapJob {
    /// Moisture and ponds, until the map is made.
    fields: Option<FieldRows<2>>,
    rows: usize,
    done: Option<BiomeMap>,
}

impl MapJob {
    /// Checks the size and seed (the errors of [`BiomeMap::new`]); computes nothing yet.
    pub fn new(width: usize, height: usize, seed: i32) -> Result<Self> {
        // Salts 4 and 5: fields of their own, unrelated to the density lab's or the world's.
        let noise = [
            Octaves::new(seed, 4, 4, 1.0 / 190.0, 0.5),
            Octaves::new(seed, 5, 3, 1.0 / 130.0, 0.5),
        ];
        let fields = FieldRows::new(width, height, seed, &NAMES, noise)?;
        Ok(Self {
            rows: fields.lattice().rows,
            fields: Some(fields),
            done: None,
        })
    }
}

impl Job for MapJob {
    type Output = BiomeMap;

    fn run(&mut self, budget: u64) -> Result<bool> {
        spend(budget, |_| {
            let Some(fields) = self.fields.as_mut() else {
                return Ok(None);
            };
            // Seven octaves per node, a node about 0.28 of a Bridson step.
            let cost = 1 + fields.lattice().cols as u64 * 7 / 25;
            fields.row([
                &|noise, _, _| smoothstep(-0.2, 0.2, noise),
                &|noise, _, _| noise,
            ]);
            if fields.done() {
                let map = self.fields.take().map(|f| f.into_map(|fields| fields));
                self.done = map.map(|inner| BiomeMap {
                    inner: Arc::new(inner),
                });
            }
            Ok(Some(cost))
        })?;
        Ok(self.fields.is_none())
    }

    fn progress(&self) -> f64 {
        self.fields
            .as_ref()
            .map_or(1.0, |f| f.rows_done() as f64 / self.rows as f64)
    }

    fn take(&mut self) -> Option<BiomeMap> {
        self.done.take()
    }
}

/// The spacing of each layer: the distance its objects keep from each other and, by the
/// smaller-radius rule, the most any other object has to keep from them.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    inner: Arc<MapFields<2>>,
}

// The map's fields, in `MapFields::fields`.
const MOISTURE: usize = 0;
const POND: usize = 1;

/// How the biome map names itself in errors.
const NAMES: MapNames = MapNames {
    map: "biome map",
    area: "map units of area",
    hint: "use a smaller map",
};

fields_map!(BiomeMap);

impl BiomeMap {
    /// A `width × height` biome map for `seed`. Width and height must be at least 1 and the map
    /// at most [`crate::error::DEFAULT_MAX_CELLS`] map units in area; the seed must not be
    /// [`STUCK_SEED`].
    ///
    /// Patches of forest and meadow are a couple of hundred map units across, ponds rarer and
    /// smaller, whatever the map's size. [`MapJob`] run to the end.
    pub fn new(width: usize, height: usize, seed: i32) -> Result<Self> {
        MapJob::new(width, height, seed)?.run_to_end()
    }

    /// Moisture at `(x, y)`, in `[0, 1]`: from 0.5 up the ground is forest.
    pub fn moisture(&self, x: f64, y: f64) -> f64 {
        self.inner.at(MOISTURE, x, y)
    }

    /// The ground at `(x, y)`: [`Ground::ShallowWater`] (a pond), [`Ground::Sand`] (its shore),
    /// [`Ground::Forest`] or [`Ground::Meadow`]. Exactly what [`BiomeMap::paint_rgba`] shows at
    /// that spot. Points off the map read the nearest edge.
    pub fn ground(&self, x: f64, y: f64) -> Ground {
        let [pond, moisture] = self.inner.pair([POND, MOISTURE], x, y);
        classify(pond, moisture)
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
                let spot = f.lattice.locate(px as f64 + 0.5, py as f64 + 0.5);
                let p = f.read(POND, spot);
                let m = f.read(MOISTURE, spot);
                let colour = match classify(p, m) {
                    Ground::ShallowWater => {
                        blend(POND_DEEP, POND_SHALLOW, (p + 0.6) / (POND_BELOW + 0.6))
                    }
                    Ground::Sand => SHORE,
                    Ground::Forest => blend(
                        FOREST_EDGE,
                        FOREST_DEEP,
                        (m - FOREST_FROM) / (1.0 - FOREST_FROM),
                    ),
                    _ => blend(MEADOW_DRY, MEADOW_LUSH, m / FOREST_FROM),
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

/// `a` moved `t` of the way to `b`, rounded to whole bytes.
fn blend(a: [u8; 3], b: [u8; 3], t: f64) -> [u8; 3] {
    lerp(a, b, t).map(|c| c.round() as u8)
}

/// The seed of layer `index` (0 chests … 3 flowers) for a map seed: scattered by a hash, so the
/// layers do not draw related numbers, and never [`STUCK_SEED`]. The same in both grid modes, so
/// switching modes changes only what the layers can see of each other.
pub fn layer_seed(seed: i32, index: u32) -> i32 {
    crate::base::rng::sub_seed(seed, 0x1a7e_5000 + index)
}

/// The four layers placed on a [`BiomeMap`], and the collisions between them.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
        let index = Object::ALL
            .iter()
            .position(|&o| o == object)
            .expect("`Object::ALL` lists every object");
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
/// This is [`Placer`] run to the end in one call.
pub fn place_objects(map: &BiomeMap, spacings: &Spacings, shared_grid: bool) -> Result<Placement> {
    Placer::new(map, spacings, shared_grid)?.run_to_end()
}

/// [`place_objects`] as a [`Job`]: the same placement, point for point, a bounded amount of work
/// per call to [`Job::run`], so a page can place small spacings without blocking a frame for the
/// whole of it.
///
/// A unit of work is one sampler step, one `2r` block seeded, or starting a layer; listing the
/// overlaps at the end costs a unit per point placed.
///
/// ```
/// use poisson_live::biomes::{place_objects, BiomeMap, Placer, Spacings};
/// use poisson_live::Job;
/// let map = BiomeMap::new(360, 200, 7)?;
/// let mut placer = Placer::new(&map, &Spacings::default(), true)?;
/// while !placer.run(100)? {}
/// assert_eq!(placer.take(), Some(place_objects(&map, &Spacings::default(), true)?));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug)]
pub struct Placer {
    shared_grid: bool,
    /// The layers being placed; `None` once they all are (or after an error).
    placing: Option<Placing>,
    /// Each layer's share of the work (they add up to 1): about its number of points.
    shares: [f64; 4],
    /// The finished placement, until taken.
    done: Option<Placement>,
    handover: Handover,
}

impl Placer {
    /// Validates like [`place_objects`] (the same errors, at once) and builds the grids; no
    /// point is placed yet.
    pub fn new(map: &BiomeMap, spacings: &Spacings, shared_grid: bool) -> Result<Self> {
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
        let placing = Placing::new(w, h, layers, shared_grid)?;
        // A layer's steps and blocks both go as its area over its spacing squared.
        let weights = Object::ALL.map(|o| 1.0 / (spacings.of(o) * spacings.of(o)));
        let total: f64 = weights.iter().sum();
        Ok(Self {
            shared_grid,
            placing: Some(placing),
            shares: weights.map(|w| w / total),
            done: None,
            handover: Handover::default(),
        })
    }

    /// How many layers are placed so far (0 to 4).
    pub fn layers_done(&self) -> usize {
        self.placing
            .as_ref()
            .map_or(Object::ALL.len(), Placing::layers_done)
    }

    /// One piece of work; returns its cost, or `None` once the placement is complete.
    fn piece(&mut self) -> Result<Option<u64>> {
        let Some(placing) = self.placing.as_mut() else {
            return Ok(None);
        };
        if !placing.step()? {
            return Ok(Some(1));
        }
        let placing = self.placing.take().expect("checked just above");
        let layers = placing.into_layers();
        let points: usize = layers.iter().map(Vec::len).sum();
        self.done = Some(Placement {
            shared_grid: self.shared_grid,
            overlaps: overlaps(&layers),
            layers,
        });
        Ok(Some(1 + points as u64))
    }

    /// Where the placement stands: the finished layers' shares and the current one's progress.
    fn estimate(&self) -> f64 {
        let Some(placing) = &self.placing else {
            return 1.0;
        };
        let done = placing.layers_done().min(self.shares.len() - 1);
        let before: f64 = self.shares[..done].iter().sum();
        // The last few percent are for listing the overlaps.
        0.97 * (before + self.shares[done] * placing.layer_share())
    }
}

impl Job for Placer {
    type Output = Placement;

    fn run(&mut self, budget: u64) -> Result<bool> {
        spend(budget, |_| self.piece()).inspect_err(|_| self.placing = None)?;
        self.handover.show(self.estimate());
        Ok(self.placing.is_none())
    }

    fn progress(&self) -> f64 {
        self.handover.progress(self.placing.is_none())
    }

    fn stage(&self) -> &'static str {
        match self.layers_done() {
            0 => "placing chests",
            1 => "placing rocks",
            2 => "placing trees",
            3 => "placing flowers",
            _ => "done",
        }
    }

    fn take(&mut self) -> Option<Placement> {
        self.done.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
