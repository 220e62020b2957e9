//! Bridson's algorithm put to work for games: a spacing that follows noise, layers on a shared
//! grid, tileable sets, endless chunked worlds, and better samplers side by side.

pub mod chunks;
pub mod density;
pub mod fast;
pub mod layers;
pub mod samplers;
pub mod stream;
pub mod wrap;
