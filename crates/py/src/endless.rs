//! `poisson endless`'s chunked world, a row of chunks at a time.

use crate::convert::{value_error, xy, Seed};
use crate::DEFAULT_SEED;
use numpy::PyArray2;
use poisson_live::stream::ChunkRows;
use pyo3::prelude::*;

/// The chunked world of `poisson endless`, a row of chunks at a time: an iterator of (N, 2)
/// arrays whose concatenation is exactly the CLI's points in its order.
#[pyclass(module = "poisson_live")]
pub(crate) struct Endless {
    rows: ChunkRows,
}

#[pymethods]
impl Endless {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> Option<Bound<'py, PyArray2<f64>>> {
        let rows = &mut self.rows;
        let row = py.detach(|| rows.next())?;
        Some(xy(py, &row))
    }

    /// Rows of chunks not handed over yet.
    fn __len__(&self) -> usize {
        self.rows.len()
    }

    /// All the stream's rows of chunks, handed over or not.
    #[getter]
    fn chunk_rows(&self) -> u64 {
        self.rows.chunk_rows()
    }

    /// The chunk side (16 radii).
    #[getter]
    fn chunk_size(&self) -> f64 {
        self.rows.chunk_size()
    }
}

/// `poisson endless`'s world over `[0, width) × [0, height)`, as an iterator of row arrays;
/// `first_row` and `rows` keep one band of its rows of chunks.
#[pyfunction]
#[pyo3(signature = (width, height, radius, seed = Seed(DEFAULT_SEED), *, first_row = 0, rows = None), text_signature = "(width, height, radius, seed=123456, *, first_row=0, rows=None)")]
pub(crate) fn endless(
    width: f64,
    height: f64,
    radius: f64,
    seed: Seed,
    first_row: u64,
    rows: Option<u64>,
) -> PyResult<Endless> {
    let mut stream = ChunkRows::for_map(width, height, radius, seed.0).map_err(value_error)?;
    if first_row != 0 || rows.is_some() {
        let count = rows.unwrap_or(u64::MAX);
        stream = stream.band(first_row, count).map_err(value_error)?;
    }
    Ok(Endless { rows: stream })
}
