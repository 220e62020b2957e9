//! `ForestJob`: the density lab's forest, a Bridson sampler whose spacing follows an fBm
//! density field, grown a step per unit of work.

use crate::job::job_class;
use crate::js::{err, getters, whole, xyr, Params};
use js_sys::Float64Array;
use poisson_live::bridson::Sampler;
use poisson_live::density::{self, DensityField};
use wasm_bindgen::prelude::*;

/// The most cells a density map may ask for (a 2048 × 2048 raster).
const MAX_MAP_CELLS: u32 = 1 << 22;

job_class!(
    /// Dense woods and open savanna, grown one sampler step per unit of work; the trees so far
    /// can be read between calls, and `take()` hands over all of them (`x, y, r` triplets, r the
    /// tree's own spacing) once the forest is full. `densityMap()` is one density in `[0, 1]` per
    /// cell, row by row.
    ForestJob,
    density::ForestJob,
    Float64Array,
    |trees| xyr(&trees)
);

impl ForestJob {
    fn sampler(&self) -> &Sampler {
        self.job.sampler()
    }
}

#[wasm_bindgen]
impl ForestJob {
    /// `{width, height, minRadius, maxRadius, patchSize, k, seed}`: a forest on a
    /// `width × height` map with spacings from `minRadius` (densest) to `maxRadius` (most open),
    /// noise patches about `patchSize × maxRadius` across, `k` tries per step, and one 32-bit
    /// `seed` for both the noise and the sampler. The first tree is placed (drawn from the
    /// seed). Throws with a readable message on bad input (min radius above max radius, a radius
    /// or patch size ≤ 0, a grid too large, a bad seed).
    #[wasm_bindgen(constructor)]
    pub fn new(params: &JsValue) -> Result<ForestJob, JsError> {
        let p = Params::new("ForestJob", params)?;
        let (k, seed) = (p.tries()?, p.seed()?);
        let (min, max) = (p.number("minRadius")?, p.number("maxRadius")?);
        let field = DensityField::new(seed, min, max, p.number("patchSize")?).map_err(err)?;
        let (w, h) = (p.number("width")?, p.number("height")?);
        Ok(Self {
            job: density::ForestJob::new(field, w, h, k, seed).map_err(err)?,
        })
    }

    /// The trees so far as `x, y, r` triplets, in the order they were placed.
    pub fn points(&self) -> Float64Array {
        xyr(self.sampler().points())
    }

    /// Pairs of trees closer than the smaller of their two radii (the audit; always 0 for a
    /// correct sampler).
    #[wasm_bindgen(js_name = tooCloseCount)]
    pub fn too_close_count(&self) -> u32 {
        poisson_live::metrics::radius_violations(self.sampler().points()).len() as u32
    }

    /// Density in `[0, 1]` at `(x, y)`: 1 is the densest wood.
    pub fn density(&self, x: f64, y: f64) -> f64 {
        self.job.field().density(x, y)
    }

    /// The spacing a tree at `(x, y)` keeps.
    #[wasm_bindgen(js_name = radiusAt)]
    pub fn radius_at(&self, x: f64, y: f64) -> f64 {
        self.job.field().radius_at(x, y)
    }

    /// Densities at the centres of a `cols × rows` raster of square cells of side `cell`, row by
    /// row. Throws if cols or rows is not a whole number or the raster has over 4 M cells.
    #[wasm_bindgen(js_name = densityMap)]
    pub fn density_map(&self, cols: f64, rows: f64, cell: f64) -> Result<Float64Array, JsError> {
        let (cols, rows) = (whole("cols", cols)?, whole("rows", rows)?);
        if u64::from(cols) * u64::from(rows) > u64::from(MAX_MAP_CELLS) {
            return Err(JsError::new(&format!(
                "a density map of {cols} × {rows} cells is too large; the limit is {MAX_MAP_CELLS} cells"
            )));
        }
        let map = self
            .job
            .field()
            .density_map(cols as usize, rows as usize, cell);
        Ok(Float64Array::from(&map[..]))
    }
}

getters!(ForestJob, self {
    /// Number of trees placed so far.
    point_count "pointCount": u32 = self.sampler().points().len() as u32;
    /// The smallest spacing (densest wood).
    min_radius "minRadius": f64 = self.job.field().min_radius();
    /// The largest spacing (open savanna).
    max_radius "maxRadius": f64 = self.job.field().max_radius();
    /// Side of a background-grid cell: the minimum radius over √2.
    cell_size "cellSize": f64 = self.sampler().grid().cell();
});
