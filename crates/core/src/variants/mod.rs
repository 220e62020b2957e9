//! Bridson's algorithm put to work for games: a spacing that follows noise, layers on a shared
//! grid, several classes of object in one pass, tileable sets, endless chunked worlds, better
//! samplers side by side, and an order in which any first few points are spread out.

pub mod chunks;
pub mod classes;
pub mod density;
pub mod edit;
pub mod fast;
pub mod layers;
pub mod progressive;
pub mod samplers;
pub mod space;
pub mod stream;
pub mod wrap;
