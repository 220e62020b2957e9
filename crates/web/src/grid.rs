//! `GridLab`: a partly filled background grid that answers "is it free here?" out loud.

use crate::err;
use js_sys::Float64Array;
use poisson_live::Grid;
use wasm_bindgen::prelude::*;

/// A grid for the grid lab: partly filled by Bridson, probed under the pointer.
#[wasm_bindgen]
pub struct GridLab {
    grid: Grid,
    radius: f64,
}

#[wasm_bindgen]
impl GridLab {
    /// A `width × height` map with spacing `radius`, filled by Bridson and then thinned so that
    /// about `keep` of the points stay (0..1).
    #[wasm_bindgen(constructor)]
    pub fn new(
        width: f64,
        height: f64,
        radius: f64,
        seed: f64,
        keep: f64,
    ) -> Result<GridLab, JsError> {
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        let grid =
            poisson_live::bridson::partly_filled(width, height, radius, seed, keep).map_err(err)?;
        Ok(Self { grid, radius })
    }

    /// Probes `(x, y)`: `[colStart, colEnd, rowStart, rowEnd, free]` followed by one
    /// `index, x, y, distance, conflict` group per stored point found in the searched cells.
    pub fn probe(&self, x: f64, y: f64) -> Float64Array {
        let p = self.grid.probe(x, y, self.radius);
        let mut v = vec![
            p.col_start as f64,
            p.col_end as f64,
            p.row_start as f64,
            p.row_end as f64,
            if p.is_free() { 1.0 } else { 0.0 },
        ];
        for n in &p.neighbours {
            let q = self.grid.points()[n.index];
            v.extend_from_slice(&[
                n.index as f64,
                q.x,
                q.y,
                n.distance,
                if n.conflict { 1.0 } else { 0.0 },
            ]);
        }
        Float64Array::from(&v[..])
    }

    /// Adds a point at `(x, y)` if it is on the map and free; returns whether it was added.
    pub fn add(&mut self, x: f64, y: f64) -> bool {
        self.grid.insert_if_free(x, y, self.radius).is_some()
    }

    /// Stored points as `x, y, r` triplets.
    pub fn points(&self) -> Float64Array {
        crate::xyr(self.grid.points())
    }
    /// Number of stored points.
    #[wasm_bindgen(getter, js_name = pointCount)]
    pub fn point_count(&self) -> u32 {
        self.grid.points().len() as u32
    }
    /// Side of a cell.
    #[wasm_bindgen(getter, js_name = cellSize)]
    pub fn cell_size(&self) -> f64 {
        self.grid.cell()
    }
    /// Columns.
    #[wasm_bindgen(getter)]
    pub fn cols(&self) -> u32 {
        self.grid.cols() as u32
    }
    /// Rows.
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> u32 {
        self.grid.rows() as u32
    }
    /// Minimum spacing.
    #[wasm_bindgen(getter)]
    pub fn radius(&self) -> f64 {
        self.radius
    }
}
