//! `Grid`: a partly filled background grid that answers "is it free here?" out loud.

use crate::js::{err, getters, xyr, Params};
use js_sys::Float64Array;
use poisson_live::grid;
use poisson_live::SamplerParams;
use wasm_bindgen::prelude::*;

/// A grid for the grid lab: partly filled by Bridson, probed under the pointer.
#[wasm_bindgen]
pub struct Grid {
    grid: grid::Grid,
    radius: f64,
}

#[wasm_bindgen]
impl Grid {
    /// A grid for `{width, height, radius, seed, keep}`: a `width × height` map with spacing
    /// `radius`, filled by Bridson from `seed` and then thinned so that about `keep` of the
    /// points stay (0..1). Throws on bad input.
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<Grid, JsError> {
        let p = Params::new("Grid", params)?;
        let seed = p.seed()?;
        let (w, h, radius) = (p.number("width")?, p.number("height")?, p.number("radius")?);
        let grid = poisson_live::bridson::partly_filled(
            SamplerParams {
                width: w,
                height: h,
                radius,
                k: poisson_live::bridson::DEFAULT_K,
                seed,
            },
            p.number("keep")?,
        )
        .map_err(err)?;
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
        xyr(self.grid.points())
    }
}

getters!(Grid, self {
    /// Number of stored points.
    point_count "pointCount": u32 = self.grid.points().len() as u32;
    /// Side of a cell.
    cell_size "cellSize": f64 = self.grid.cell();
    /// Columns.
    cols "cols": u32 = self.grid.cols() as u32;
    /// Rows.
    rows "rows": u32 = self.grid.rows() as u32;
    /// Minimum spacing.
    radius "radius": f64 = self.radius;
});
