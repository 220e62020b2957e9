//! # poisson-live
//!
//! Deterministic Poisson disk sampling for games: scatter trees, rocks and loot at random without
//! two ever getting too close. A seed gives the same points, to the bit, on every machine and in
//! WebAssembly.
//!
//! ## Quick start
//!
//! **One call.** A map, the spacing, tries per step (30 is the usual), a 32-bit seed; every
//! point carries its spacing as `r`. Bad input is an [`Error`] that says what to change.
//!
//! ```
//! use poisson_live::poisson_disk;
//! // 720 × 400 map, trees at least 24 apart, 30 tries per step, seed 123456.
//! let trees = poisson_disk(720.0, 400.0, 24.0, 30, 123456)?;
//! assert_eq!(trees.len(), 315);
//! assert!(poisson_disk(720.0, 400.0, -1.0, 30, 1).is_err());
//! # Ok::<(), poisson_live::Error>(())
//! ```
//!
//! **The stepper.** [`Sampler`] is Bridson's algorithm one step at a time, its state open
//! between steps (the points, the active list, the candidates just tried), to draw it growing.
//!
//! ```
//! use poisson_live::{poisson_disk, Sampler, Step};
//! let mut sampler = Sampler::new(720.0, 400.0, 24.0, 30, 123456)?;
//! sampler.start_random();
//! loop {
//!     match sampler.step() {
//!         Step::Placed(i) => { let _new_tree = sampler.points()[i]; }
//!         Step::Retired(_) => {} // that point has no room left around it
//!         Step::Finished => break,
//!     }
//! }
//! assert_eq!(sampler.points(), poisson_disk(720.0, 400.0, 24.0, 30, 123456)?);
//! # Ok::<(), poisson_live::Error>(())
//! ```
//!
//! **The fast sampler.** When the tutorial's exact draws do not matter, [`fast_poisson`] packs
//! about 0.885 points per r² (Bridson about 0.62), several times faster: grass, stars, debris.
//!
//! ```
//! let grass = poisson_live::fast_poisson(1000.0, 1000.0, 2.0, 7)?; // [x, y] pairs
//! assert!(grass.len() as f64 * 4.0 / 1e6 > 0.88);
//! # Ok::<(), poisson_live::Error>(())
//! ```
//!
//! **In 3D and on meshes.** The same rule in a box, or on a surface, distances in 3D:
//!
//! ```
//! use poisson_live::space::{poisson_disk_3d, sample_mesh, Mesh};
//! let asteroids = poisson_disk_3d(100.0, 100.0, 50.0, 8.0, 30, 7)?; // [x, y, z]
//! assert!(asteroids.len() > 500);
//! let rock = Mesh::from_obj("v 0 0 0\nv 9 0 0\nv 0 9 0\nv 0 0 9\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n")?;
//! let moss = sample_mesh(&rock, 1.0, 30, 7)?;
//! assert!(moss.iter().all(|m| m.face < 4)); // each point knows its triangle
//! # Ok::<(), poisson_live::Error>(())
//! ```
//!
//! **Long work in slices.** Every long operation is a [`Job`]: [`Job::run`] a budget of work
//! units per frame until it returns `true`, then [`Job::take`] the result, the same to the bit
//! as the one call. The `game_loop` example fits the budget to a time slice.
//!
//! ```
//! use poisson_live::{world::WorldPainter, Job};
//! let mut painter = WorldPainter::new(7)?;
//! while !painter.run(5_000)? {
//!     println!("{:.0} % {}", 100.0 * painter.progress(), painter.stage()); // a loading bar
//! }
//! let island = painter.take().expect("finished");
//! assert!(!island.trees.is_empty());
//! # Ok::<(), poisson_live::Error>(())
//! ```
//!
//! **Features**, both off by default: `serde` (Serialize and Deserialize for [`Point`] and the
//! parameter and result types; a [`DensityField`] or an [`edit::Stroke`] is written as what it is
//! made from and checked again when read; what holds code or pixels is the exception: a [`World`]
//! writes its seed, size and objects and is not read back, a [`layers::Layer`] with a ground rule
//! refuses to be written, and the samplers and jobs themselves are not serialized) and `mint` (a
//! [`Point`] to and from `mint::Point2<f64>`, which glam, nalgebra and cgmath convert from and to;
//! the radius is dropped one way and 0 the other).
//!
//! ```
//! # #[cfg(all(feature = "serde", feature = "mint"))] {
//! use poisson_live::{poisson_disk, Point};
//! let rocks = poisson_disk(300.0, 200.0, 30.0, 30, 5)?;
//! let saved = serde_json::to_string(&rocks)?;
//! assert_eq!(serde_json::from_str::<Vec<Point>>(&saved)?, rocks);
//! let at: mint::Point2<f64> = rocks[0].into(); // glam::DVec2::from(at), …
//! assert_eq!((at.x, at.y), (rocks[0].x, rocks[0].y));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Examples** (`crates/core/examples/`): `cargo run --release -p poisson-live --example NAME`
//! with `forest` (two layers with ground rules, written as SVG or PNG), `game_loop`, `grass`
//! (the fast sampler on a big terrain), `tileable` (the seam audit), and `features` (add
//! `--features serde,mint`), `space` (3D and a mesh).
//!
//! ## The modules
//!
//! - [`bridson::Sampler`] — Bridson's algorithm one step at a time, with its state open between
//!   steps; [`poisson_disk`] fills a map in one call.
//! - [`fast`] — the fast sampler for games: the densest, quickest fill.
//! - [`scatter`] (random points, jittered grid) and [`darts`] (dart throwing) — the baselines;
//!   [`compare`] sets them beside Bridson on one map.
//! - [`grid::Grid`] — the background grid, with per-point radii so layers can share it; the
//!   one grid type, which also serves the box and the mesh as [`space::SpaceGrid`].
//! - [`history`] — time travel through a Bridson run, recorded once as a job; [`figures`], the
//!   figures shown live beside a map.
//! - [`layers`] — chests, rocks, trees and flowers on one grid, with ground rules.
//! - [`metrics`] — too-close pairs, the tightest pair, coverage; [`clearing`], the widest
//!   clearing.
//! - [`export`] — point sets as JSON and CSV, numbers that read back to the same bits.
//! - [`paint`] — soft circles blended into an RGB image.
//! - [`density`] — dense woods next to open savanna: a spacing that follows fBm noise.
//! - [`samplers`] — better samplers side by side: parent cone, Roberts' variant, maximal.
//! - [`spectrum`] — the power spectrum of a point set, which shows blue noise, and the spectrum
//!   lab's four point sets averaged over maps.
//! - [`world`] — a whole island: terrain from two noise fields, four layers of objects, painted.
//! - [`classes`] — several classes of object in one pass, each pair with its own spacing.
//! - [`wrap`] — tileable sets: Bridson on a torus, and the seam audit.
//! - [`chunks`] — endless worlds chunk by chunk, the same whatever the visit order.
//! - [`stream`] — maps bigger than one call: the chunked world a row of chunks at a time, on
//!   every core (feature `parallel`), in memory that grows with the width only, and in bands
//!   of rows for a cluster (the Python package's `poisson_live.dask`).
//! - [`progressive`] — the same points reordered so that any first `n` are spread out.
//! - [`edit`] — a level editor's brush: erase, paint or refill a patch; every other point keeps
//!   its place and its id.
//! - [`stipple`] — stippling: dots whose spacing follows a picture, and pictures as masks.
//! - [`space`] — beyond the plane: Bridson in a box of 3 (or any) dimensions, the fast sampler
//!   in 3D, and points on a triangle mesh's surface (meshes read from OBJ).
//! - [`eliminate`] — exactly N points by weighted sample elimination (Yuksel 2015), in
//!   progressive order, on a box (2D or 3D, optionally wrapped) or a mesh's surface.
//! - [`relax`] — Lloyd's method and farthest-point optimisation: a finished set moved towards an
//!   even spread; [`voronoi`], the cells they move by; [`quality`], δX, mean δX and the pair
//!   correlation.
//! - [`job`] — the one shape of long work: run a budget at a time, then take the result.
//!
//! The classic methods draw from a Park–Miller generator ([`rng`]) in a fixed order, so a seed
//! gives the same points, to the bit, natively and in WebAssembly.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The source is grouped by idea (see README's map of the code); the public paths stay flat:
// `poisson_live::bridson`, `poisson_live::grid`, … whichever folder a module lives in. These
// re-exports are for users: the crate's own code names real paths (`crate::base::error`). The
// folders are the dependency graph: base <- classic <- variants <- pictures, each using only
// those to its left, and measures beside them, using base alone and used by any folder but
// base. Passes (relaxation) take finished point sets and move them: they use base and measures
// only, and no folder uses them. `node scripts/audit-core.mjs` finds no cycle between folders
// or between modules.
mod base;
mod classic;
mod measures;
mod passes;
mod pictures;
mod variants;

pub use base::{error, export, job, point, rng};
pub use classic::{bridson, compare, darts, grid, history, scatter, spectrum};
pub use measures::{clearing, figures, metrics, quality};
pub use passes::{eliminate, relax, voronoi};
pub use pictures::{biomes, paint, stipple, world};
pub use variants::progressive;
pub use variants::{chunks, density, layers, samplers, space, stream, wrap};
// Several classes of object in one pass, each pair with its own spacing (issue 14).
pub use variants::classes::{self, poisson_classes, ClassSampler};
// Local edits with stable ids (issue 14).
pub use variants::edit::{self, EditableSet};
// The fast sampler for games (issue 12).
pub use variants::fast::{self, fast_poisson};

pub use bridson::{poisson_disk, variable_radius, Sampler, SamplerParams, Step};
pub use darts::{dart_throwing, DartParams, DartThrower};
pub use density::{density_forest, DensityField};
pub use error::{Error, Result};
pub use grid::Grid;
pub use job::Job;
pub use point::Point;
pub use scatter::{jittered_grid, random_points};
pub use world::{paint_world, Ground, Object, Terrain, World};
