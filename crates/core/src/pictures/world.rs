//! The painted world of the last lab: an island from two noise fields, four layers of objects on
//! one shared grid, every object a few blended circles.
//!
//! - [`Terrain`] shapes the island and answers "what ground is at `(x, y)`?" with a [`Ground`]
//!   (see the terrain's own docs for its fields and shading).
//! - [`paint_world`] paints the terrain, places chests, rocks, trees (forest only) and flowers
//!   (meadow only) on one shared grid as [`crate::layers::place_layers`] does, and stamps each
//!   [`Object`] as a shadow, a body and a highlight with [`crate::paint::stamp_circle`].
//! - [`WorldPainter`] is that work as a [`Job`], in small pieces (a terrain row, a sampler step,
//!   an object), so a page can paint the island across animation frames; `paint_world` is the
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

use crate::base::error::Result;
use crate::base::job::{spend, Handover, Job};
use crate::base::noise::Spot;
use crate::base::point::Point;
use crate::base::rng::ParkMiller;
#[cfg(any(doc, test))]
use crate::base::rng::STUCK_SEED;
use crate::pictures::objects::{Canvas, Placing};
use crate::pictures::paint::encode_png;
use crate::pictures::terrain::Shaping;
use crate::variants::layers::Layer;

pub use crate::pictures::objects::Object;
pub use crate::pictures::terrain::{Ground, Terrain, WORLD_HEIGHT, WORLD_WIDTH};

/// Tries per step for every layer.
const K: u32 = crate::classic::bridson::DEFAULT_K;

/// The painted world: pixels, the objects on them and the terrain under them.
///
/// With the `serde` feature a world serializes as its seed, size and four object layers, what a
/// level file or another tool needs; not its pixels ([`World::to_png`] writes those) nor its
/// terrain, both of which follow from the seed. It does not deserialize: a world is what its
/// seed paints, so [`paint_world`]`(seed)` gives it back, and the layers read back as points.
#[derive(Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct World {
    /// The seed it was painted from.
    pub seed: i32,
    /// Width in pixels ([`WORLD_WIDTH`]).
    pub width: usize,
    /// Height in pixels ([`WORLD_HEIGHT`]).
    pub height: usize,
    /// The picture: RGB bytes, row-major, no padding; channel `c` of pixel `(x, y)` is at
    /// `3 · (y · width + x) + c` (see [`crate::paint`]).
    #[cfg_attr(feature = "serde", serde(skip))]
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
    #[cfg_attr(feature = "serde", serde(skip))]
    pub terrain: Terrain,
}

impl std::fmt::Debug for World {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("World")
            .field("seed", &self.seed)
            .field("width", &self.width)
            .field("height", &self.height)
            .field("objects", &self.layers().map(<[Point]>::len))
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
    crate::base::rng::sub_seed(seed, 0x0b1e_c700 + part)
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

// What each piece of the painter's work costs against a budget. One unit is about one sampler
// step (a microsecond natively, a few in wasm); the other costs were timed against it, so a
// budget buys about the same time whatever the painter is busy with.
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

/// The share of the whole painting each stage takes, for the progress: terrain, ground, the
/// four layers' placement (chests, rocks, trees, flowers), stamping. Timed on a few seeds; a
/// world that differs only makes the percentage run a little fast or slow.
const SHARES: [f64; 7] = [0.23, 0.21, 0.005, 0.015, 0.07, 0.22, 0.25];

/// [`paint_world`] as a [`Job`]: the same world, byte for byte, painted a bounded amount of work
/// per call to [`Job::run`], so a page can paint it across animation frames without blocking
/// any of them for long.
///
/// The work comes in small pieces: a lattice row of the terrain, a pixel row of the ground, a
/// sampler step (or one seeding block) of a layer, one object stamped. A unit of the budget is
/// about one sampler step: a terrain row costs 36 (2 for its shading), a ground row 9, stamping
/// an object 1 (a flower) to 17 (a chest). Every piece is the one-call painter's own code on the
/// same data in the same order, so where the slices fall changes nothing.
///
/// ```
/// use poisson_live::job::Job;
/// use poisson_live::world::{paint_world, WorldPainter};
/// let mut painter = WorldPainter::new(7)?;
/// while !painter.run(500)? {
///     assert!((0.0..1.0).contains(&painter.progress()));
/// }
/// let world = painter.take().expect("finished");
/// assert_eq!(world.rgb, paint_world(7)?.rgb);
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub struct WorldPainter {
    seed: i32,
    /// The picture so far: empty until the ground is being painted.
    rgb: Vec<u8>,
    stage: Stage,
    handover: Handover,
}

enum Stage {
    /// Shaping the terrain, a lattice row at a time.
    Terrain(Shaping),
    /// Painting the ground, a pixel row at a time.
    Ground {
        terrain: Terrain,
        columns: Vec<Spot>,
        row: usize,
    },
    /// Placing the layers on their shared grid, a sampler step at a time.
    Placing {
        terrain: Terrain,
        placing: Box<Placing>,
    },
    /// Stamping the objects, one at a time, in the painter's order.
    Stamping(Box<Stamping>),
    /// Finished, until taken.
    Done(Box<World>),
    /// Taken, or abandoned after an error.
    Empty,
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
            stage: Stage::Terrain(Shaping::new(WORLD_WIDTH, WORLD_HEIGHT, seed)?),
            handover: Handover::default(),
        })
    }

    /// The seed being painted.
    pub fn seed(&self) -> i32 {
        self.seed
    }

    /// [`Job::run`], under the name the bindings call until they use the job protocol.
    pub fn step(&mut self, budget: u64) -> Result<bool> {
        self.run(budget)
    }

    /// Paints whatever is left and returns the world: exactly [`paint_world`]'s ([`Job::run_to_end`]).
    pub fn finish(self) -> Result<World> {
        Job::run_to_end(self)
    }

    /// True once the world is complete, taken, or abandoned after an error.
    fn ended(&self) -> bool {
        matches!(self.stage, Stage::Done(_) | Stage::Empty)
    }

    /// One piece of work; returns its cost, or `None` once the world is complete.
    fn piece(&mut self) -> Result<Option<u64>> {
        let (cost, stage_done) = match &mut self.stage {
            Stage::Terrain(shaping) => {
                let cost = if shaping.fields_done() {
                    COST_SHADE_ROW
                } else {
                    COST_FIELD_ROW
                };
                (cost, shaping.row())
            }
            Stage::Ground {
                terrain,
                columns,
                row,
            } => {
                let width = terrain.width();
                let line = &mut self.rgb[*row * width * 3..(*row + 1) * width * 3];
                terrain.paint_row(*row, columns, line);
                *row += 1;
                (COST_PIXEL_ROW, *row == terrain.height())
            }
            Stage::Placing { placing, .. } => (COST_SAMPLER, placing.step()?),
            Stage::Stamping(stamping) => {
                let cost = stamping.stamp(&mut self.rgb);
                (cost, stamping.next == stamping.queue.len())
            }
            Stage::Done(_) | Stage::Empty => return Ok(None),
        };
        if stage_done {
            self.advance()?;
        }
        Ok(Some(cost))
    }

    /// Moves on to the next stage once the current one is complete.
    fn advance(&mut self) -> Result<()> {
        self.stage = match std::mem::replace(&mut self.stage, Stage::Empty) {
            Stage::Terrain(shaping) => {
                let terrain = shaping.into_terrain();
                self.rgb = vec![0u8; terrain.width() * terrain.height() * 3];
                Stage::Ground {
                    columns: terrain.columns(),
                    terrain,
                    row: 0,
                }
            }
            Stage::Ground { terrain, .. } => Stage::Placing {
                placing: Box::new(world_layers(&terrain)?),
                terrain,
            },
            Stage::Placing { terrain, placing } => {
                let layers = placing.into_layers();
                Stage::Stamping(Box::new(Stamping::new(terrain, layers, self.seed)?))
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

    /// Where the painting stands now, from the stage and how far into it.
    fn estimate(&self) -> f64 {
        let (stage, within) = match &self.stage {
            Stage::Terrain(shaping) => (0, shaping.share_done()),
            Stage::Ground { terrain, row, .. } => (1, *row as f64 / terrain.height() as f64),
            Stage::Placing { placing, .. } => {
                (2 + placing.layers_done().min(3), placing.layer_share())
            }
            Stage::Stamping(s) => (6, s.spent as f64 / s.total.max(1) as f64),
            Stage::Done(_) | Stage::Empty => return 1.0,
        };
        let before: f64 = SHARES[..stage].iter().sum();
        before + SHARES[stage] * within.clamp(0.0, 1.0)
    }
}

impl Job for WorldPainter {
    type Output = World;

    /// A unit is about one sampler step; see the type's docs for what the other pieces cost.
    fn run(&mut self, budget: u64) -> Result<bool> {
        spend(budget, |_| self.piece()).inspect_err(|_| self.stage = Stage::Empty)?;
        self.handover.show(self.estimate());
        Ok(self.ended())
    }

    /// An estimate, since how long placing takes depends on the island; it never goes backwards.
    fn progress(&self) -> f64 {
        self.handover.progress(self.ended())
    }

    /// "shaping the terrain", "painting the ground", "placing chests" (rocks, trees, flowers),
    /// "stamping objects" or "done".
    fn stage(&self) -> &'static str {
        match &self.stage {
            Stage::Terrain(_) => "shaping the terrain",
            Stage::Ground { .. } => "painting the ground",
            Stage::Placing { placing, .. } => match placing.layers_done() {
                0 => "placing chests",
                1 => "placing rocks",
                2 => "placing trees",
                _ => "placing flowers",
            },
            Stage::Stamping(_) => "stamping objects",
            Stage::Done(_) | Stage::Empty => "done",
        }
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
            .field("stage", &Job::stage(self))
            .finish_non_exhaustive()
    }
}

/// The four layers as [`paint_world`] places them: each with its spacing, `k`, a seed from the
/// world's and its ground rule, on one grid shared by all four.
fn world_layers(terrain: &Terrain) -> Result<Placing> {
    let layers: Vec<Layer> = Object::ALL
        .iter()
        .zip(0u32..)
        .map(|(&object, part)| {
            let t = terrain.clone();
            Layer::new(object.spacing(), K, part_seed(terrain.seed(), part))
                .with_allowed(move |x, y| object.allowed_on(t.ground(x, y)))
        })
        .collect();
    let (w, h) = (terrain.width() as f64, terrain.height() as f64);
    Placing::new(w, h, layers, true)
}

impl Stamping {
    fn new(terrain: Terrain, placed: Vec<Vec<Point>>, seed: i32) -> Result<Self> {
        let layers: [Vec<Point>; 4] = placed
            .try_into()
            .expect("the island places its four layers, chests to flowers");
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
            terrain,
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
        canvas.stamp(object, p, &mut self.rng);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn part_seeds_differ_and_avoid_the_stuck_seed() {
        let s: Vec<i32> = (0..4).map(|p| part_seed(1, p)).collect();
        assert!(s.iter().all(|&v| v != STUCK_SEED));
        assert!(s.windows(2).all(|w| w[0] != w[1]));
    }
}
