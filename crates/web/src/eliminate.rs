//! Exact counts (`poisson_live::eliminate`): `eliminate(count, options)` on a map, a
//! box, wrapped or not, or a mesh's surface, in one call.

use crate::js::{self, err};
use crate::space::mesh_of;
use js_sys::{Float64Array, Reflect};
use poisson_live::eliminate::{self as core, Domain};
use wasm_bindgen::prelude::*;

/// Exactly `count` points by weighted sample elimination (Yuksel 2015), in progressive order
/// (any first n are spread out too), the same bits as the crate's `eliminate`. Options
/// `{width, height, depth?, wrap?, seed}` for a map (`x, y` per point) or a box with `depth`
/// (`x, y, z`), `wrap` joining opposite edges; or `{vertices, indices, seed}` for a mesh's
/// surface (`x, y, z`; vertices `x, y, z` each, indices three per triangle), with `weights` (one
/// in `[0, 1]` per vertex) and `radiusMax` (≥ 1: the spacing at weight 0 over the spacing at
/// weight 1) to vary the spacing. Throws on bad input: a count that is not whole, 0, or past the
/// work limit (2^17), a bad size, mesh or weights.
#[wasm_bindgen(js_name = eliminate)]
pub fn eliminate(
    count: f64,
    #[wasm_bindgen(
        unchecked_param_type = "{width: number, height: number, depth?: number, wrap?: boolean, seed: number} | {vertices: Float64Array | number[], indices: Uint32Array | number[], weights?: Float64Array | number[], radiusMax?: number, seed: number}"
    )]
    options: &JsValue,
) -> Result<Float64Array, JsError> {
    if !(count.is_finite() && count >= 0.0 && count == count.trunc()) {
        return Err(JsError::new(&format!(
            "count must be a whole number, got {}",
            js::short_number(count)
        )));
    }
    let p = js::Params::new("eliminate", options)?;
    let seed = p.seed()?;
    let domain = if p.has("vertices")? || p.has("indices")? {
        let get = |key: &str| Reflect::get(options, &key.into()).unwrap_or(JsValue::UNDEFINED);
        let mesh = mesh_of(&get("vertices"), &get("indices"))?;
        match (p.has("weights")?, p.has("radiusMax")?) {
            (false, false) => Domain::Surface(mesh),
            (true, true) => Domain::WeightedSurface {
                mesh,
                weights: p.numbers("weights")?,
                radius_max: p.number("radiusMax")?,
            },
            _ => {
                return Err(JsError::new(
                    "eliminate takes weights and radiusMax together, or neither",
                ))
            }
        }
    } else {
        let (width, height) = (p.number("width")?, p.number("height")?);
        let wrap = p.flag("wrap", false)?;
        match p.optional("depth")? {
            Some(depth) => Domain::Space {
                size: [width, height, depth],
                wrap,
            },
            None => Domain::Plane {
                size: [width, height],
                wrap,
            },
        }
    };
    // Counts past usize (a 32-bit wasm target) are past the limit too: the crate says so.
    let count = if count > usize::MAX as f64 {
        usize::MAX
    } else {
        count as usize
    };
    let samples = core::eliminate(&domain, count, seed).map_err(err)?;
    Ok(Float64Array::from(&samples.coords()[..]))
}
