//! Points turned into pictures and pictures into points: soft circles stamped into an image,
//! the painted island, the biome map of the layers lab, and stippling.
//!
//! The public modules are `paint`, `world`, `biomes` and `stipple`; the others hold what they
//! share and are reached through them: `terrain` (the island's ground), `objects` (chests,
//! rocks, trees and flowers: their rules, placement and drawing), `image` (owned grey and RGB
//! pictures), `mask` (pictures as ground rules) and `drawn` (the built-in pictures).

pub mod biomes;
pub(crate) mod drawn;
pub(crate) mod image;
pub(crate) mod mask;
pub(crate) mod objects;
pub mod paint;
pub mod stipple;
pub(crate) mod terrain;
pub mod world;
