//! `DensityForest`: the density lab's sampler, whose spacing follows an fBm density field.

use crate::err;
use js_sys::Float64Array;
use poisson_live::bridson::Sampler;
use poisson_live::density::DensityField;
use wasm_bindgen::prelude::*;

/// The most cells a density map may ask for (a 2048 × 2048 raster).
const MAX_MAP_CELLS: u32 = 1 << 22;

/// Dense woods and open savanna: a [`DensityField`] and a Bridson sampler whose radius follows
/// it, started from the seed's first point, to be run in slices (`run`) or at once (`finish`).
///
/// Array layouts: `points()` is `x, y, r` per tree (r is the tree's own spacing);
/// `densityMap()` is one density in `[0, 1]` per cell, row by row.
#[wasm_bindgen]
pub struct DensityForest {
    field: DensityField,
    sampler: Sampler,
}

#[wasm_bindgen]
impl DensityForest {
    /// A forest on a `width × height` map with spacings from `minRadius` (densest) to
    /// `maxRadius` (most open), noise patches about `patchSize × maxRadius` across, `k` tries per
    /// step, and one 32-bit `seed` for both the noise and the sampler. The first tree is placed
    /// (drawn from the seed); nothing else yet. Throws with a readable message on bad input
    /// (min radius above max radius, a radius or patch size ≤ 0, a grid too large, a bad seed).
    #[wasm_bindgen(constructor)]
    pub fn new(
        width: f64,
        height: f64,
        min_radius: f64,
        max_radius: f64,
        patch_size: f64,
        k: f64,
        seed: f64,
    ) -> Result<DensityForest, JsError> {
        let k = crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?;
        let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
        let field = DensityField::new(seed, min_radius, max_radius, patch_size).map_err(err)?;
        let mut sampler = field.sampler(width, height, k, seed).map_err(err)?;
        sampler.start_random();
        Ok(Self { field, sampler })
    }

    /// Up to `maxSteps` sampler steps; true when the forest is full.
    pub fn run(&mut self, max_steps: f64) -> bool {
        self.sampler
            .run(if max_steps > 0.0 { max_steps as u64 } else { 0 })
    }

    /// Steps until the forest is full.
    pub fn finish(&mut self) {
        self.sampler.finish();
    }

    /// True when nothing is active.
    #[wasm_bindgen(getter, js_name = isFinished)]
    pub fn is_finished(&self) -> bool {
        self.sampler.is_finished()
    }

    /// Trees as `x, y, r` triplets, in the order they were placed.
    pub fn points(&self) -> Float64Array {
        crate::xyr(self.sampler.points())
    }

    /// Number of trees placed.
    #[wasm_bindgen(getter, js_name = pointCount)]
    pub fn point_count(&self) -> u32 {
        self.sampler.points().len() as u32
    }

    /// Pairs of trees closer than the smaller of their two radii (the audit; always 0 for a
    /// correct sampler).
    #[wasm_bindgen(js_name = tooCloseCount)]
    pub fn too_close_count(&self) -> u32 {
        poisson_live::metrics::radius_violations(self.sampler.points()).len() as u32
    }

    /// Density in `[0, 1]` at `(x, y)`: 1 is the densest wood.
    pub fn density(&self, x: f64, y: f64) -> f64 {
        self.field.density(x, y)
    }

    /// The spacing a tree at `(x, y)` keeps.
    #[wasm_bindgen(js_name = radiusAt)]
    pub fn radius_at(&self, x: f64, y: f64) -> f64 {
        self.field.radius_at(x, y)
    }

    /// Densities at the centres of a `cols × rows` raster of square cells of side `cell`, row by
    /// row. Throws if cols or rows is not a whole number or the raster has over 4 M cells.
    #[wasm_bindgen(js_name = densityMap)]
    pub fn density_map(&self, cols: f64, rows: f64, cell: f64) -> Result<Float64Array, JsError> {
        let (cols, rows) = (crate::whole("cols", cols)?, crate::whole("rows", rows)?);
        if u64::from(cols) * u64::from(rows) > u64::from(MAX_MAP_CELLS) {
            return Err(JsError::new(&format!(
                "a density map of {cols} × {rows} cells is too large; the limit is {MAX_MAP_CELLS} cells"
            )));
        }
        Ok(Float64Array::from(
            &self.field.density_map(cols as usize, rows as usize, cell)[..],
        ))
    }

    /// The smallest spacing (densest wood).
    #[wasm_bindgen(getter, js_name = minRadius)]
    pub fn min_radius(&self) -> f64 {
        self.field.min_radius()
    }

    /// The largest spacing (open savanna).
    #[wasm_bindgen(getter, js_name = maxRadius)]
    pub fn max_radius(&self) -> f64 {
        self.field.max_radius()
    }

    /// Side of a background-grid cell: the minimum radius over √2.
    #[wasm_bindgen(getter, js_name = cellSize)]
    pub fn cell_size(&self) -> f64 {
        self.sampler.grid().cell()
    }
}

/// The density lab's forest in one call (`x, y, r` triplets): what a `DensityForest` with the
/// same arguments holds when finished.
#[wasm_bindgen(js_name = densityForest)]
pub fn density_forest_flat(
    width: f64,
    height: f64,
    min_radius: f64,
    max_radius: f64,
    patch_size: f64,
    k: f64,
    seed: f64,
) -> Result<Float64Array, JsError> {
    let k = crate::whole_in("k", k, 1, poisson_live::bridson::MAX_K)?;
    let seed = poisson_live::rng::seed_from_f64(seed).map_err(err)?;
    let trees =
        poisson_live::density_forest(width, height, min_radius, max_radius, patch_size, k, seed)
            .map_err(err)?;
    Ok(crate::xyr(&trees))
}
