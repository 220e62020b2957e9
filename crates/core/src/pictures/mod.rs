//! Points turned into pictures and pictures into points: soft circles stamped into an image,
//! the painted island, the biome map of the layers lab, and stippling.

pub mod biomes;
pub mod paint;
pub mod stipple;
pub mod world;
