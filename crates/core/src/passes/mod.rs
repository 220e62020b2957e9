//! Passes over a point set that is already made: they take points, however they were placed,
//! and move them. They use `base` and `measures` (the bucket index, the quality figures, the
//! clearing's Delaunay helpers) and no sampler; nothing else in the crate uses them.

mod fpo;
mod holes;
mod lloyd;
pub mod relax;
pub mod voronoi;
