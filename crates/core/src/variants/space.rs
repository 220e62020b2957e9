//! Beyond the plane: Poisson disk sampling in a box of 3 (or any `D`) dimensions, and on the
//! surface of a triangle mesh.
//!
//! What changes from 2D: a cell of the background grid is a cube of side r/√3 (its diagonal is
//! r, so it still holds at most one point), "too close?" reads the 5 × 5 × 5 block of 125 cells
//! around a candidate instead of 5 × 5, and Bridson's candidates land in the shell between r
//! and 2r, whose volume is 7 × (4/3)π r³: 46 % of the cube `[−2r, 2r]³` they are drawn from.
//! A filled box holds about 0.6 points per r³.
//!
//! - [`SpaceSampler`] — Bridson's algorithm in `D` dimensions, stepped by the crate's one
//!   Bridson loop (the plane's [`crate::Sampler`] is the same loop with a ring);
//!   [`poisson_disk_3d`] in one call.
//! - [`FastSampler3d`] — the fast sampler's idea in 3D: fuller and quicker;
//!   [`fast_poisson_3d`] in one call.
//! - [`Mesh`] and [`sample_mesh`] — points on a triangle mesh's surface, at least r apart in
//!   3D, each knowing its triangle and where in it ([`barycentric`]); meshes read from OBJ
//!   text. [`FastMeshSampler`] and [`fast_sample_mesh`]: the mesh's densest, quickest cover.
//! - [`SpaceGrid`] — the crate's one grid type in `D` dimensions (`Grid<D, [f64; D]>`), which
//!   also counts too-close pairs.

pub use crate::classic::bridson::Step;
pub use barycentric::barycentric;
pub use bridson::{poisson_disk_3d, poisson_disk_nd, SpaceSampler};
pub use fast::{fast_poisson_3d, FastSampler3d, TURNS_PER_UNIT_3D};
pub use fast_mesh::{
    fast_sample_mesh, fast_sample_mesh_weighted, FastMeshSampler, MAX_FAST_TRIANGLES,
    TURNS_PER_UNIT_MESH,
};
pub use grid::{distance2, SpaceGrid};
pub use mesh::{Mesh, MAX_OBJ_BYTES, MAX_TRIANGLES};
pub use on_mesh::{sample_mesh, sample_mesh_weighted, MeshPoint, MeshSampler};
pub use pieces::{piece_limit, MAX_PIECES};
pub use spacing::MeshSpacing;

mod barycentric;
mod bridson;
mod fast;
mod fast_mesh;
mod grid;
mod mesh;
mod obj;
mod on_mesh;
mod pieces;
mod spacing;
mod walk;
