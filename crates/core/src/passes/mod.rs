//! Passes over a point set: they take points, however they were placed, and move them
//! (relaxation: [`relax`], by [`voronoi`] cells) or choose among them (exact counts by weighted
//! sample elimination: [`eliminate`]). They use `base` and `measures`, and elimination also
//! the grid's torus distance (`classic`) and the mesh type (`variants`); nothing else in the
//! crate uses them.

pub mod eliminate;
mod fpo;
mod holes;
mod lloyd;
pub mod relax;
pub mod voronoi;
