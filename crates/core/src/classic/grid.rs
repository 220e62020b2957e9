//! The background grid: Bridson's trick for answering "is anything too close?" in constant time.
//!
//! The map is cut into cells small enough (side ≤ r/√2 on the plane, a hair under r/√D in `D`
//! dimensions: a cell's diagonal is at most r) that no cell can hold two points. A query then
//! only looks at the few cells within reach of the candidate instead of at every point placed.
//!
//! On the plane every stored point keeps its own radius. Two points conflict when they are
//! closer than the *smaller* of their radii, which lets a grid hold layers of different spacing,
//! or a forest whose spacing varies, at once.
//!
//! A grid need not start at the map's corner: [`Grid::with_origin`] covers any rectangle (an
//! endless world's chunk and the margin around it). And it can wrap: [`Grid::torus`] joins the
//! map's opposite edges, so distances are measured to the nearest copy of each point and a
//! tileable set keeps its spacing across every seam.
//!
//! It is one type in any dimension, tuned by the point type it stores ([`Stored`]): `Grid` is
//! `Grid<2, Point>`, the plane's; [`SpaceGrid<D>`] is `Grid<D, [f64; D]>`, bare coordinates at
//! one spacing, which Bridson in a box, both fast samplers and both mesh samplers ask: the one
//! index for "could a point stand here?" while a sampler runs. Cells that answer other questions
//! hold many points each and keep no spacing: the mesh samplers sort their pieces of surface by
//! coarse cell (an order of work), placed sets are measured through [`crate::metrics`]' buckets,
//! and weighted sample elimination and farthest-point relaxation keep buckets that follow points
//! as they are removed or moved.
//!
//! `cells`: the type, the one nearest-first block, the one cell limit and its advice; `plane`
//! and `space`: each one's constructors and API; `query`: the plane's spacing question, with
//! `near` and `crowd` its vector paths (speed only); `torus`: the wrapped map.

pub use cells::{Grid, Stored};
pub(crate) use crowd::Crowd;
pub use query::{Neighbour, Probe};
pub(crate) use query::{SameRadius, SmallerRadius, Spacing};
pub(crate) use space::cells_needed;
pub use space::{distance2, SpaceGrid};
pub(crate) use torus::tileable;
pub use torus::{torus_delta, torus_distance2};

mod cells;
mod crowd;
mod near;
mod plane;
mod query;
mod space;
mod torus;
