//! The four kinds of objects of the layers lab and the painted island: where each may stand,
//! how the layers are placed a piece at a time, and how each object is drawn.
//!
//! - [`Object`] names the layers (chests, rocks, trees, flowers), their spacing on the island and
//!   their ground rule.
//! - [`Placing`] places a list of layers one after another, on one shared grid or a grid each,
//!   one piece of work per call: what [`crate::layers::place_layers`] and
//!   [`crate::layers::place_layers_separately`] do in one go, point for point.
//! - [`Canvas`] stamps an object as a few blended circles ([`crate::paint::stamp_circle`]).

use crate::base::error::{Error, Result};
use crate::base::point::Point;
use crate::base::rng::ParkMiller;
use crate::classic::bridson::{BlockCursor, Sampler, Step};
use crate::classic::grid::Grid;
use crate::pictures::paint::stamp_circle;
use crate::pictures::terrain::Ground;
use crate::variants::layers::{shared_grid, Layer};

/// The four layers of objects, placed in this order (largest spacing first) on one grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

    /// Its main colour on the painted map, for the legend swatch: the first of its palette.
    pub fn rgb(self) -> [u8; 3] {
        self.palette()[0].1
    }

    /// The colours it is drawn in on the painted map, by role, main colour first: what a page
    /// that draws the objects itself uses, so that the page and the core agree.
    pub fn palette(self) -> &'static [(&'static str, [u8; 3])] {
        match self {
            Object::Chest => &[
                ("body", CHEST_GOLD),
                ("rim", CHEST_RIM),
                ("light", CHEST_LIGHT),
                ("glow", CHEST_GLOW),
                ("shadow", SHADOW),
            ],
            Object::Rock => &[
                ("body", ROCK_GREY),
                ("dark", ROCK_DARK),
                ("light", ROCK_LIGHT),
                ("shadow", SHADOW),
            ],
            Object::Tree => &[
                ("body", TREE_GREENS[1]),
                ("mid", TREE_MID),
                ("light", TREE_LIGHT),
                ("shadow", SHADOW),
            ],
            Object::Flower => &[
                ("body", FLOWER_COLOURS[0]),
                ("petal-2", FLOWER_COLOURS[1]),
                ("petal-3", FLOWER_COLOURS[2]),
                ("petal-4", FLOWER_COLOURS[3]),
                ("petal-5", FLOWER_COLOURS[4]),
                ("petal-6", FLOWER_COLOURS[5]),
                ("eye", FLOWER_EYE),
                ("shadow", SHADOW),
            ],
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

/// Layers placed one after another, a piece of work per [`Placing::step`]: start the next layer
/// on its grid, seed one of its `2r` blocks, or take one step of its sampler. Every piece is
/// [`crate::layers::place_layer`]'s own work in its order, so the points are the same however
/// the pieces are spread over calls.
pub(crate) struct Placing {
    shared_grid: bool,
    /// Layers not started yet, the next one last.
    waiting: Vec<Layer>,
    /// Their grids, the next one last: one per layer, or the one shared grid between layers.
    grids: Vec<Grid>,
    /// The layer being placed.
    current: Option<Sampler>,
    /// Where its block seeding stands, until every block is seeded.
    seeding: Option<Seeding>,
    /// The layers placed so far, in order.
    placed: Vec<Vec<Point>>,
}

impl std::fmt::Debug for Placing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Placing")
            .field("shared_grid", &self.shared_grid)
            .field("layers_done", &self.layers_done())
            .field("waiting", &self.waiting.len())
            .finish_non_exhaustive()
    }
}

/// A layer's block seeding: the next block, and how many of how many are seeded.
struct Seeding {
    cursor: BlockCursor,
    seeded: usize,
    blocks: usize,
}

impl Placing {
    /// The layers in placement order on a `width × height` map, on one grid for all
    /// ([`shared_grid`]) or on a grid each; the errors of building those grids, at once.
    pub(crate) fn new(width: f64, height: f64, layers: Vec<Layer>, shared: bool) -> Result<Self> {
        let mut grids = if shared {
            vec![shared_grid(width, height, layers.iter().map(|l| l.radius))?]
        } else {
            layers
                .iter()
                .map(|l| Grid::for_radius(width, height, l.radius))
                .collect::<Result<Vec<_>>>()?
        };
        let mut waiting = layers;
        waiting.reverse();
        grids.reverse();
        Ok(Self {
            shared_grid: shared,
            placed: Vec::with_capacity(waiting.len()),
            waiting,
            grids,
            current: None,
            seeding: None,
        })
    }

    /// One piece of work (see the type's docs); true once every layer is placed.
    pub(crate) fn step(&mut self) -> Result<bool> {
        let Some(sampler) = self.current.as_mut() else {
            let Some(layer) = self.waiting.pop() else {
                return Ok(true);
            };
            let grid = self.grids.pop().ok_or_else(|| Error::Invalid {
                message: "a layer has no grid".into(),
            })?;
            let mut sampler = Sampler::with_grid(grid, layer.radius, layer.k, layer.seed)?;
            if let Some(allowed) = layer.allowed {
                sampler = sampler.with_allowed(allowed);
            }
            // Seeded block by block below, as `place_layer` seeds it in one go.
            let spacing = 2.0 * layer.radius;
            let blocks = (sampler.grid().width() / spacing).ceil()
                * (sampler.grid().height() / spacing).ceil();
            self.seeding = Some(Seeding {
                cursor: BlockCursor::default(),
                seeded: 0,
                blocks: blocks as usize,
            });
            self.current = Some(sampler);
            return Ok(false);
        };
        if let Some(seeding) = self.seeding.as_mut() {
            seeding.seeded += 1;
            if sampler.seed_some_blocks(&mut seeding.cursor, 1) {
                self.seeding = None;
            }
            return Ok(false);
        }
        if sampler.step() != Step::Finished {
            return Ok(false);
        }
        if let Some(sampler) = self.current.take() {
            let (points, grid) = sampler.into_parts();
            self.placed.push(points);
            if self.shared_grid {
                self.grids.push(grid);
            }
        }
        Ok(self.waiting.is_empty())
    }

    /// How many layers are placed.
    pub(crate) fn layers_done(&self) -> usize {
        self.placed.len()
    }

    /// How far the current layer has come, from 0 to 1: seeding its blocks is the first third,
    /// then the share of its points that have retired (every point retires once).
    pub(crate) fn layer_share(&self) -> f64 {
        let Some(sampler) = &self.current else {
            return 0.0;
        };
        match &self.seeding {
            Some(s) => s.seeded as f64 / s.blocks.max(1) as f64 / 3.0,
            None => {
                let points = sampler.points().len().max(1) as f64;
                1.0 / 3.0 + 2.0 / 3.0 * (sampler.retired() as f64 / points)
            }
        }
    }

    /// The layers placed, in order.
    pub(crate) fn into_layers(self) -> Vec<Vec<Point>> {
        self.placed
    }
}

// The objects' palette.
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

/// An RGB picture objects are stamped on (see [`crate::paint`] for the byte order).
pub(crate) struct Canvas<'a> {
    pub(crate) rgb: &'a mut [u8],
    pub(crate) width: usize,
    pub(crate) height: usize,
}

impl Canvas<'_> {
    /// Stamps `object` at `p`, drawing its variations (size, colour) from `rng` (a chest
    /// draws no numbers).
    pub(crate) fn stamp(&mut self, object: Object, p: Point, rng: &mut ParkMiller) {
        match object {
            Object::Flower => self.flower(p, rng),
            Object::Rock => self.rock(p, rng),
            Object::Tree => self.tree(p, rng),
            Object::Chest => self.chest(p),
        }
    }

    fn circle(&mut self, x: f64, y: f64, r: f64, colour: [u8; 3], opacity: f64) {
        let disc = Point { x, y, r };
        stamp_circle(self.rgb, self.width, self.height, disc, colour, opacity);
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
