//! `poisson endless`'s chunked world, a row of chunks at a time.

use crate::convert::{value_error, xy, Int, Num, Seed};
use crate::{DEFAULT_SEED, ZERO};
use numpy::PyArray2;
use poisson_live::stream::ChunkRows;
use pyo3::prelude::*;

/// The chunked world of `poisson endless`, a row of chunks at a time: an iterator of (N, 2)
/// arrays whose concatenation is exactly the CLI's points in its order.
#[pyclass(module = "poisson_live")]
pub(crate) struct Endless {
    rows: ChunkRows,
    /// All the stream's rows of chunks, handed over or not.
    #[pyo3(get)]
    chunk_rows: u64,
    /// The chunk side (16 radii).
    #[pyo3(get)]
    chunk_size: f64,
}

#[pymethods]
impl Endless {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyArray2<f64>>>> {
        let rows = &mut self.rows;
        match py.detach(|| rows.next()) {
            Some(row) => Ok(Some(xy(py, &row)?)),
            None => Ok(None),
        }
    }

    /// Rows of chunks not handed over yet.
    fn __len__(&self) -> usize {
        self.rows.len()
    }
}

/// `poisson endless`'s world over `[0, width) × [0, height)`, as an iterator of row arrays;
/// `first_row` and `rows` keep one band of its rows of chunks.
#[pyfunction]
#[pyo3(signature = (width, height, radius, *, seed = Seed(DEFAULT_SEED), first_row = ZERO, rows = None), text_signature = "(width, height, radius, *, seed=123456, first_row=0, rows=None)")]
pub(crate) fn endless(
    width: Num,
    height: Num,
    radius: Num,
    seed: Seed,
    first_row: Int,
    rows: Option<Int>,
) -> PyResult<Endless> {
    let first_row = first_row.count::<u64>("first_row")?;
    let rows = rows.map(|r| r.count::<u64>("rows")).transpose()?;
    let mut stream =
        ChunkRows::for_map(width.0, height.0, radius.0, seed.0).map_err(value_error)?;
    if first_row != 0 || rows.is_some() {
        // No `rows`: the band runs to the stream's end (and names one row when it starts past it).
        let to_end = stream.chunk_rows().saturating_sub(first_row).max(1);
        let count = rows.unwrap_or(to_end);
        stream = stream.band(first_row, count).map_err(value_error)?;
    }
    Ok(Endless {
        chunk_rows: stream.chunk_rows(),
        chunk_size: stream.chunk_size(),
        rows: stream,
    })
}
