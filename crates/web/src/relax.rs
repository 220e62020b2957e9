//! Relaxation for the page (`poisson_live::relax`, `quality`, `voronoi`): `relax` and
//! `measure` in one call, `voronoiCells` for drawing, and `Relaxation`, the Relax lab's run an
//! iteration (or a slice of one) at a time.
//!
//! Points come and go as flat `x, y` pairs (`Float64Array`), in the caller's order. The map is
//! `[0, width) × [0, height)`, a torus with `wrap: true`.

use crate::js::{self, err};
use js_sys::{Float64Array, Object, Uint32Array};
use poisson_live::quality;
use poisson_live::relax::{self, Method};
use poisson_live::voronoi;
use wasm_bindgen::prelude::*;

/// The pairs of a flat `x, y` array, refused unless it holds whole pairs.
fn pairs(points: &JsValue) -> Result<Vec<[f64; 2]>, JsError> {
    let flat = js::numbers("points", points)?;
    if !flat.len().is_multiple_of(2) {
        return Err(JsError::new(&format!(
            "points must be x, y pairs, but {} numbers do not make whole pairs",
            flat.len()
        )));
    }
    Ok(flat.chunks_exact(2).map(|p| [p[0], p[1]]).collect())
}

/// `options.method` as a method, its names listed when it is unknown.
fn method(p: &js::Params) -> Result<Method, JsError> {
    js::named("method", &p.text("method")?, &Method::ALL, Method::name)
}

/// `options.wrap` of an options object that may be missing altogether.
fn wrap_of(what: &'static str, options: Option<Object>) -> Result<bool, JsError> {
    match options {
        Some(o) if !o.is_undefined() && !o.is_null() => {
            js::Params::new(what, &o.into())?.flag("wrap", false)
        }
        _ => Ok(false),
    }
}

/// `relax(points, width, height, {method, iterations, wrap})`: the points (`x, y` pairs) moved by
/// `iterations` of `"lloyd"` (each to its Voronoi cell's centroid) or `"fpo"` (farthest-point
/// optimisation), as `x, y` pairs in the same order; the crate's `relax::relax`. Throws on bad
/// input: points off the map or at one place, an unknown method, too much work.
#[wasm_bindgen]
pub fn relax(
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] points: &JsValue,
    width: f64,
    height: f64,
    #[wasm_bindgen(
        unchecked_param_type = "{ method: \"lloyd\" | \"fpo\"; iterations: number; wrap?: boolean }"
    )]
    options: &JsValue,
) -> Result<Float64Array, JsError> {
    let p = js::Params::new("relax", options)?;
    let method = method(&p)?;
    let iterations = js::whole("iterations", p.number("iterations")?)?;
    let wrap = p.flag("wrap", false)?;
    let points = pairs(points)?;
    let moved =
        relax::relax(&points, width, height, method, iterations as usize, wrap).map_err(err)?;
    Ok(js::xy(&moved))
}

/// `measure(points, width, height, {wrap})`: the quality figures of `x, y` pairs as a plain
/// object `{points, minDistance, deltaX, meanDeltaX, perR2}` (δX is the smallest distance over
/// the hexagonal packing distance `sqrt(2A / (√3 N))`, mean δX the mean nearest-neighbour
/// distance over the same); the crate's `quality::quality`. Copies are allowed (distance 0).
#[wasm_bindgen(
    unchecked_return_type = "{ points: number; minDistance: number; deltaX: number; meanDeltaX: number; perR2: number }"
)]
pub fn measure(
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] points: &JsValue,
    width: f64,
    height: f64,
    #[wasm_bindgen(unchecked_optional_param_type = "{ wrap?: boolean }")] options: Option<Object>,
) -> Result<Object, JsError> {
    let wrap = wrap_of("measure", options)?;
    let q = quality::quality(&pairs(points)?, width, height, wrap).map_err(err)?;
    let out = Object::new();
    js::set(&out, "points", q.points as f64);
    js::set(&out, "minDistance", q.min_distance);
    js::set(&out, "deltaX", q.delta_x);
    js::set(&out, "meanDeltaX", q.mean_delta_x);
    js::set(&out, "perR2", q.per_r2);
    Ok(out)
}

/// `voronoiCells(points, width, height, {wrap})`: each point's Voronoi cell, clipped to the map
/// (on a torus, around its point: it may reach past the edges, draw it shifted by the map's
/// size too), as `{starts, xy, areas}`: cell `i`'s corners are the pairs `starts[i]` to
/// `starts[i + 1] − 1` of `xy` (counter-clockwise, y up), its area `areas[i]`; `starts` has
/// N + 1 entries. The crate's `voronoi::voronoi_cells`; throws as `relax` does.
#[wasm_bindgen(
    js_name = voronoiCells,
    unchecked_return_type = "{ starts: Uint32Array; xy: Float64Array; areas: Float64Array }"
)]
pub fn voronoi_cells(
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] points: &JsValue,
    width: f64,
    height: f64,
    #[wasm_bindgen(unchecked_optional_param_type = "{ wrap?: boolean }")] options: Option<Object>,
) -> Result<Object, JsError> {
    let wrap = wrap_of("voronoiCells", options)?;
    let cells = voronoi::voronoi_cells(&pairs(points)?, width, height, wrap).map_err(err)?;
    // At most `js::MAX_NUMBERS` numbers came in, so every offset fits in 32 bits.
    let starts: Vec<u32> = cells.starts.iter().map(|&s| s as u32).collect();
    let out = Object::new();
    js::set(&out, "starts", Uint32Array::from(&starts[..]));
    js::set(&out, "xy", Float64Array::from(cells.corners.as_flattened()));
    js::set(&out, "areas", Float64Array::from(&cells.areas[..]));
    Ok(out)
}

/// A relaxation an iteration at a time, for the Relax lab: `iterate()` runs one whole
/// iteration, `run(budgetMs)` works for about that many milliseconds and stops at the end of
/// the current iteration (an iteration of farthest-point optimisation on a thousand points
/// takes longer than a frame, so it comes in slices). The crate's `relax::Relaxation`.
#[wasm_bindgen]
pub struct Relaxation {
    job: relax::Relaxation,
}

/// Work units between two looks at the clock in `run`: a few hundred microseconds.
const SLICE_UNITS: u64 = 64;

#[wasm_bindgen]
impl Relaxation {
    /// Gets ready to relax `points` (`x, y` pairs) on `width × height` with `{method, wrap}`;
    /// moves nothing yet. Throws as `relax` does.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] points: &JsValue,
        width: f64,
        height: f64,
        #[wasm_bindgen(unchecked_param_type = "{ method: \"lloyd\" | \"fpo\"; wrap?: boolean }")]
        options: &JsValue,
    ) -> Result<Relaxation, JsError> {
        let p = js::Params::new("Relaxation", options)?;
        let method = method(&p)?;
        let wrap = p.flag("wrap", false)?;
        let points = pairs(points)?;
        // As many iterations as the crate's work limit allows: the lab stops when it likes.
        let most = relax::MAX_MOVES / points.len().max(1);
        let job =
            relax::Relaxation::new(&points, width, height, method, most, wrap).map_err(err)?;
        Ok(Self { job })
    }

    /// Runs the rest of the current iteration (a whole one if none is begun).
    pub fn iterate(&mut self) -> Result<(), JsError> {
        while !self.job.advance(u64::MAX).map_err(err)? {}
        Ok(())
    }

    /// Works on the current iteration for about `budgetMs` milliseconds (at least one small
    /// slice, whatever the budget), stopping at its end: true when an iteration is complete,
    /// false when it is still under way (the points are then partly moved).
    pub fn run(&mut self, budget_ms: f64) -> Result<bool, JsError> {
        let start = js_sys::Date::now();
        loop {
            if self.job.advance(SLICE_UNITS).map_err(err)? {
                return Ok(true);
            }
            // A NaN budget compares as not less: it stops after one slice.
            let within = js_sys::Date::now() - start < budget_ms;
            if !within {
                return Ok(false);
            }
        }
    }

    /// The points as they are now, `x, y` pairs in the order given.
    #[wasm_bindgen(getter)]
    pub fn points(&self) -> Float64Array {
        js::xy(self.job.points())
    }
}

js::getters!(Relaxation, self {
    /// How many iterations are complete.
    iterations "iterations": u32 = self.job.iterations().min(u32::MAX as usize) as u32;
});
