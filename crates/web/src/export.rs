//! Point sets as JSON and CSV text for the page's download buttons.
//!
//! The page hands over a flat array with `stride` numbers per point: 3 for `x, y, r`, 2 for
//! `x, y`. The core writes the text (`poisson_live::export`).

use crate::js::{self, finite};
use poisson_live::export;
use poisson_live::Point;
use wasm_bindgen::prelude::*;

/// The stride of a flat point array from JS: 2 or 3, and the array must hold whole points.
pub(crate) fn stride(flat: &[f64], stride: f64) -> Result<usize, JsError> {
    if stride != 2.0 && stride != 3.0 {
        return Err(JsError::new(&format!(
            "stride must be 2 (x, y) or 3 (x, y, r), got {stride}"
        )));
    }
    let stride = stride as usize;
    if !flat.len().is_multiple_of(stride) {
        return Err(JsError::new(&format!(
            "{} numbers do not make whole points of {stride}",
            flat.len()
        )));
    }
    Ok(stride)
}

fn with_radius(flat: &[f64]) -> Vec<Point> {
    flat.chunks_exact(3)
        .map(|c| Point {
            x: c[0],
            y: c[1],
            r: c[2],
        })
        .collect()
}

fn positions(flat: &[f64]) -> Vec<[f64; 2]> {
    flat.chunks_exact(2).map(|c| [c[0], c[1]]).collect()
}

/// `{"width": W, "height": H, "points": [[x, y, r], …]}` (or `[x, y]` rows when `stride` is 2).
#[wasm_bindgen(js_name = pointsToJson)]
pub fn points_to_json(
    width: f64,
    height: f64,
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] flat: &JsValue,
    stride: f64,
) -> Result<String, JsError> {
    // JSON has no NaN or Infinity: a width that is not finite would be written as `null`.
    let (width, height) = (finite("width", width)?, finite("height", height)?);
    let flat = js::numbers("points", flat)?;
    Ok(match self::stride(&flat, stride)? {
        3 => export::to_json(width, height, &with_radius(&flat)),
        _ => export::to_json_xy(width, height, &positions(&flat)),
    })
}

/// CSV with the header `x,y,r` (or `x,y` when `stride` is 2), one line per point; `columns`
/// names them instead when given (`"x,y,z"` for points in a box): one name per number of a
/// point, each of letters only.
#[wasm_bindgen(js_name = pointsToCsv)]
pub fn points_to_csv(
    #[wasm_bindgen(unchecked_param_type = "Float64Array | number[]")] flat: &JsValue,
    stride: f64,
    // Read here, not by wasm-bindgen's string glue, which copies a number as if it were text.
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] columns: Option<JsValue>,
) -> Result<String, JsError> {
    let flat = js::numbers("points", flat)?;
    let stride = self::stride(&flat, stride)?;
    let columns = match columns.filter(|c| !c.is_null()) {
        // Room for 16 letters and a comma per number is all a valid header needs.
        Some(c) => Some(js::string_of(
            "columns",
            &c,
            "column names (a string like \"x,y,z\")",
            64,
        )?),
        None => None,
    };
    if let Some(header) = columns {
        let names: Vec<&str> = header.split(',').collect();
        let letters =
            |n: &&str| (1..=16).contains(&n.len()) && n.chars().all(|c| c.is_ascii_alphabetic());
        if names.len() != stride || !names.iter().all(letters) {
            return Err(JsError::new(&format!(
                "columns must name the {stride} numbers of a point, each in letters, like \"x,y,z\"; got \"{}\"",
                header.chars().take(40).collect::<String>()
            )));
        }
        return Ok(export::csv_rows(&header, flat.chunks(stride)));
    }
    Ok(match stride {
        3 => export::to_csv(&with_radius(&flat)),
        _ => export::to_csv_xy(&positions(&flat)),
    })
}
