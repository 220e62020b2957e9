//! # poisson-live
//!
//! Deterministic Poisson disk sampling for games: scatter trees, rocks and loot at random without
//! two ever getting too close.
//!
//! - [`bridson::Sampler`] — Bridson's algorithm one step at a time, with its state open between
//!   steps; [`poisson_disk`] fills a map in one call.
//! - [`scatter`] (random points, jittered grid) and [`darts`] (dart throwing) — the baselines.
//! - [`grid::Grid`] — the background grid, with per-point radii so layers can share it.
//! - [`history`] — time travel through a Bridson run, and the figures shown live beside it.
//! - [`layers`] — chests, rocks, trees and flowers on one grid, with ground rules.
//! - [`metrics`] — too-close pairs, the tightest pair, coverage; [`clearing`], the widest
//!   clearing.
//! - [`export`] — point sets as JSON and CSV, numbers that read back to the same bits.
//! - [`paint`] — soft circles blended into an RGB image.
//! - [`density`] — dense woods next to open savanna: a spacing that follows fBm noise.
//! - [`samplers`] — better samplers side by side: parent cone, Roberts' variant, maximal.
//! - [`spectrum`] — the power spectrum of a point set, which shows blue noise.
//! - [`world`] — a whole island: terrain from two noise fields, four layers of objects, painted.
//! - [`classes`] — several kinds of object in one pass, each pair of kinds with its own spacing.
//! - [`wrap`] — tileable sets: Bridson on a torus, and the seam audit.
//! - [`chunks`] — endless worlds chunk by chunk, the same whatever the visit order.
//! - [`progressive`] — the same points reordered so that any first `n` are spread out.
//! - [`edit`] — a level editor's brush: erase, paint or refill a patch; every other point keeps
//!   its place and its id.
//! - [`stipple`] — stippling: dots whose spacing follows a picture, and pictures as masks.
//! - [`job`] — the one shape of long work: run a budget at a time, then take the result.
//!
//! The classic methods draw from a Park–Miller generator ([`rng`]) in a fixed order, so a seed
//! gives the same points, to the bit, natively and in WebAssembly.
//!
//! ```
//! use poisson_live::poisson_disk;
//! // 720 × 400 map, trees at least 24 apart, 30 tries per step, seed 123456.
//! let trees = poisson_disk(720.0, 400.0, 24.0, 30, 123456)?;
//! assert_eq!(trees.len(), 315);
//! # Ok::<(), poisson_live::Error>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

// The source is grouped by idea (see README's map of the code); the public paths stay flat:
// `poisson_live::bridson`, `poisson_live::grid`, … whichever folder a module lives in.
mod base;
mod classic;
mod measures;
mod pictures;
mod variants;

pub use base::{error, export, job, point, rng};
pub use classic::{bridson, darts, grid, history, scatter};
pub use measures::{clearing, compare, metrics, spectrum};
pub use pictures::{biomes, paint, stipple, world};
pub(crate) use pictures::{drawn, image, mask, noise, objects, terrain};
pub use variants::progressive;
pub use variants::{chunks, density, layers, samplers, wrap};
// Several kinds of object in one pass, each pair with its own spacing (issue 14).
pub use variants::classes::{self, poisson_classes, ClassSampler};
// Local edits with stable ids (issue 14).
pub use variants::edit::{self, EditableSet};
// The fast sampler for games (issue 12).
pub use variants::fast::{self, fast_poisson};

pub use bridson::{poisson_disk, variable_radius, Sampler, Step};
pub use darts::{dart_throwing, DartThrower};
pub use density::{density_forest, DensityField};
pub use error::{Error, Result};
pub use grid::Grid;
pub use job::Job;
pub use point::Point;
pub use scatter::{jittered_grid, random_points};
pub use world::{paint_world, Ground, Object, Terrain, World};
