//! Room for a call's memory, asked before the work starts: when the process cannot have it (a
//! `ulimit -v`, a container's limit), the call raises `MemoryError` and the interpreter lives on,
//! where an allocation failing inside the work would abort the process.
//!
//! The crate bounds each call's work (its cell limit), not the machine's memory, so a call near
//! that bound may need more than a small process may take. Before such a call, the binding
//! reserves (and frees at once) about the peak the call will reach, from the same sizes the
//! crate measures: the grid's cells and the points a filled map holds. The reservation touches no
//! page; it fails exactly where the call's own allocations would.

use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;

/// `MemoryError` for `what`, which needs about `bytes`.
pub(crate) fn out_of_memory(bytes: f64, what: &str) -> PyErr {
    PyMemoryError::new_err(format!(
        "{what} needs about {:.0} MB, more than this process can allocate",
        (bytes / 1e6).ceil()
    ))
}

/// Reserves `bytes` and frees them again, or a `MemoryError` naming `what`. An estimate of 0
/// (a map the crate refuses, see [`bridson`]) asks nothing: the crate's own error follows.
pub(crate) fn ask(bytes: f64, what: &str) -> PyResult<()> {
    let fits = bytes.is_nan()
        || bytes <= 0.0
        || (bytes < isize::MAX as f64
            && Vec::<u8>::new().try_reserve_exact(bytes as usize).is_ok());
    if fits {
        Ok(())
    } else {
        Err(out_of_memory(bytes, what))
    }
}

/// Bytes a Bridson run holds per point at its peak: the grid's list (24, doubling as it grows),
/// the active list and the array (24). Measured: 51 (VmPeak over 10 M points on 4000 × 4000 at
/// r = 1, 639 MB with the grid); a quarter more for headroom.
pub(crate) const BRIDSON_POINT: f64 = 64.0;

/// Bytes an editable set holds per point: Bridson's, and the set's own points, ids and index.
/// Measured: 198 (VmPeak over 2.5 M points on 4000 × 4000 at r = 2, 659 MB with the grid).
pub(crate) const EDIT_POINT: f64 = 220.0;

/// The grid's cells over `width × height` at cells of side `cell`, or `None` where the crate
/// refuses the map (a side that is not a positive finite number, or past its cell limit), which
/// it then says in its own words.
fn cells(width: f64, height: f64, cell: f64) -> Option<f64> {
    let fine = |v: f64| v.is_finite() && v > 0.0;
    if !(fine(width) && fine(height) && fine(cell)) {
        return None;
    }
    let cells = ((width / cell).ceil() + 4.0) * ((height / cell).ceil() + 4.0);
    (cells <= poisson_live::error::DEFAULT_MAX_CELLS as f64 * 1.01).then_some(cells)
}

/// About the peak bytes of a Bridson run at spacing `radius` (the smallest, for a varying one):
/// its grid (4 bytes a cell, 20 on grids small enough to keep coordinates beside the indices)
/// and `per_point` bytes for each of the points a filled map holds.
pub(crate) fn bridson(width: f64, height: f64, radius: f64, per_point: f64) -> f64 {
    let Some(cells) = cells(width, height, radius / std::f64::consts::SQRT_2) else {
        return 0.0;
    };
    let cell_bytes = if cells <= (1 << 23) as f64 { 20.0 } else { 4.0 };
    let points = poisson_live::job::BRIDSON_DENSITY * width * height / (radius * radius);
    cells * cell_bytes + points * per_point
}

/// About the peak bytes of the fast sampler: 4 bytes and a bit a cell, and its 0.885 points per
/// r² at 24 bytes each (measured: 16, VmPeak 363 MB for 14 M points at r = 1 on 4000 × 4000).
pub(crate) fn fast(width: f64, height: f64, radius: f64) -> f64 {
    let Some(cells) = cells(width, height, radius / std::f64::consts::SQRT_2) else {
        return 0.0;
    };
    cells * 4.2 + 0.885 * width * height / (radius * radius) * 24.0
}

/// About the peak bytes of a jittered grid: its points (24 bytes) and the array (16).
pub(crate) fn jittered(width: f64, height: f64, spacing: f64) -> f64 {
    cells(width, height, spacing).map_or(0.0, |cells| cells * 40.0)
}

/// About the peak bytes of layers on one grid: the grid of the smallest radius, and each
/// layer's points as Bridson's at its radius.
pub(crate) fn layered(width: f64, height: f64, radii: &[f64]) -> f64 {
    let smallest = radii.iter().copied().fold(f64::INFINITY, f64::min);
    let grid = bridson(width, height, smallest, 0.0);
    if grid == 0.0 {
        return 0.0;
    }
    let density = poisson_live::job::BRIDSON_DENSITY * width * height;
    grid + radii
        .iter()
        .map(|r| density / (r * r) * BRIDSON_POINT)
        .sum::<f64>()
}

/// About the peak bytes of a 3D run in the box `width × height × depth` at spacing `radius`:
/// the grid's cells (4 bytes each, padding included, as the crate counts them against its
/// limit) and `SPACE_POINT` bytes for each of the up to 0.7 points per r³ a full box holds.
pub(crate) fn space(width: f64, height: f64, depth: f64, radius: f64) -> f64 {
    let fine = |v: f64| v.is_finite() && v > 0.0;
    if ![width, height, depth, radius].into_iter().all(fine) {
        return 0.0;
    }
    let cell = radius / 3f64.sqrt() * (1.0 - 1e-6);
    let cells: f64 = [width, height, depth]
        .iter()
        .map(|s| (s / cell).ceil() + 4.0)
        .product();
    if cells > poisson_live::error::DEFAULT_MAX_CELLS as f64 * 1.01 {
        return 0.0;
    }
    cells * 4.0 + 0.7 * width * height * depth / radius.powi(3) * SPACE_POINT
}

/// Bytes a 3D run holds per point: the grid's points and its lookup copy (24 each, doubling as
/// they grow), the active list and the array (24).
const SPACE_POINT: f64 = 128.0;

/// About the peak bytes of sampling `mesh` at spacing `radius` (the smallest, for a varying
/// one): the 3D grid over its box padded by r (4 bytes a cell), Bridson's pieces of triangle
/// (`pieces`: 128 bytes each, one per triangle at least, cut as the crate cuts them) and
/// [`MESH_POINT`] bytes for each of the up to 0.9 points per r² of its area. Measured on a
/// 1000 × 1000 square at r = 1: VmPeak 311 MB for Bridson's (this says 363), 210 MB for the
/// fast sampler's (235). 0 where the crate refuses the mesh or the radius (its own error).
pub(crate) fn mesh(mesh: &poisson_live::space::Mesh, radius: f64, pieces: bool) -> f64 {
    if !(radius.is_finite() && radius > 0.0) {
        return 0.0;
    }
    let corners = (0..mesh.triangles().len()).map(|t| mesh.corners(t));
    let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
    let mut cut = 0.0;
    for [a, b, c] in corners {
        for v in [a, b, c] {
            for i in 0..3 {
                lo[i] = lo[i].min(v[i]);
                hi[i] = hi[i].max(v[i]);
            }
        }
        let edge = |p: [f64; 3], q: [f64; 3]| (0..3).map(|i| (p[i] - q[i]).powi(2)).sum::<f64>();
        let longest = edge(a, b).max(edge(b, c)).max(edge(c, a)).sqrt();
        cut += (longest / (2.0 * radius)).ceil().max(1.0).powi(2);
    }
    let cell = radius / 3f64.sqrt() * (1.0 - 1e-6);
    let cells: f64 = (0..3)
        .map(|i| ((hi[i] - lo[i] + 2.0 * radius) / cell).ceil() + 4.0)
        .product();
    if !(cells.is_finite() && cells <= poisson_live::error::DEFAULT_MAX_CELLS as f64 * 1.01) {
        return 0.0;
    }
    let pieces = if pieces { cut * 128.0 } else { 0.0 };
    cells * 4.0 + pieces + 0.9 * mesh.area() / (radius * radius) * MESH_POINT
}

/// Bytes a mesh sampler holds per point: its point with face and barycentric (48), the grid's
/// copy and lookup, the active list, and the three arrays handed over (48).
const MESH_POINT: f64 = 160.0;

/// Bytes weighted sample elimination holds per point asked for, with its 8 candidates each
/// (their neighbour lists with weights, the tournament tree and the index), in `dims`
/// dimensions (3 on a mesh). Measured at 131 072 points (peak resident set of `poisson
/// eliminate`): 329 MB in a 50 × 50 box (2 513 a point), 497 MB in a 50³ box (3 793), 358 MB on
/// a 1000 × 1000 square of two triangles (2 734), 395 MB on it with weights (3 012); a quarter
/// more for headroom.
pub(crate) fn eliminated(count: usize, dims: usize, surface: bool) -> f64 {
    let per_point = match (dims, surface) {
        (2, false) => 3100.0,
        (_, false) => 4700.0,
        (_, true) => 3800.0,
    };
    count as f64 * per_point
}

/// Bytes a relaxation holds per point (its copies, the Delaunay triangulation and the cells).
/// Measured on 1000 × 1000 (VmPeak, one iteration): 500 000 points 172 MB by Lloyd (344 a
/// point), 188 MB by FPO (376); 1 M by Lloyd 436 MB, 2 M 872 MB (436 a point).
pub(crate) const RELAX_POINT: f64 = 520.0;

/// Bytes `measure` holds per point (the copy, the bucket index, the nearest distances).
/// Measured on 1000 × 1000: VmPeak 428 MB at 2 M points (214 a point), 1024 MB at 4 M (256).
pub(crate) const MEASURE_POINT: f64 = 300.0;
