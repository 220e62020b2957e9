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
