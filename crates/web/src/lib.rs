//! The bindings between the `poisson-live` sampler and the tutorial page.
//!
//! This crate holds no sampling logic: each export wraps a core type or function, turns
//! errors into JS exceptions (`JsError`) and hands bulk data over as flat typed arrays.

use wasm_bindgen::prelude::*;

/// Largest valid seed: one below the Park–Miller modulus 2^31 − 1.
const SEED_MAX: u32 = 2_147_483_646;

#[wasm_bindgen]
extern "C" {
    /// The page's panic banner (`www/main.js` defines it before loading the module). `catch`
    /// keeps a missing handler, as in the wasm-bindgen tests, from turning into a second panic.
    #[wasm_bindgen(js_namespace = globalThis, js_name = poissonLivePanic, catch)]
    fn report_panic(message: &str) -> Result<(), JsValue>;
}

/// Runs once when the module is instantiated. A Rust panic is logged on the browser console
/// with its message and location, and shown in the page's panic banner, instead of
/// surfacing only as a bare `unreachable` trap.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let _ = report_panic(&info.to_string());
    }));
}

/// A fresh seed from the browser's entropy source, uniform in `1..=2147483646`.
///
/// Every value in that range is a seed the Park–Miller generator accepts as is: never 0 or
/// negative, and never the one seed (−2147483646) that folds to a stuck state.
#[wasm_bindgen(js_name = randomSeed)]
pub fn random_seed() -> Result<i32, JsError> {
    // Rejection sampling over 31 random bits keeps the draw uniform without modulo bias;
    // it rejects 2 values in 2^31, so the loop all but never repeats.
    loop {
        let bits =
            getrandom::u32().map_err(|e| JsError::new(&format!("no browser entropy: {e}")))?;
        let candidate = bits >> 1;
        if (1..=SEED_MAX).contains(&candidate) {
            return Ok(candidate as i32);
        }
    }
}

/// The version of this bindings crate, shown in the page footer.
#[wasm_bindgen(js_name = crateVersion)]
pub fn crate_version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}

mod chunks;
mod compare;
mod darts;
mod density;
mod edit;
mod export;
mod fast;
mod grid;
mod history;
mod layers;
mod progressive;
mod sampler;
mod samplers;
mod scatter;
mod spectrum;
mod stipple;
mod world;
mod wrap;

pub use chunks::EndlessWorld;
pub use compare::{Comparison, ComparisonBuilder};
pub use darts::DartThrower;
pub use density::{density_forest_flat, DensityForest};
pub use edit::EditableMap;
pub use export::{points_to_csv, points_to_json};
pub use fast::fast_poisson;
pub use grid::GridLab;
pub use history::{hexagonal_coverage, live_figures_flat, rsa_coverage, SamplerHistory};
pub use layers::{BiomeMap, LayerPlacement, LayerPlacer};
pub use progressive::{progressive_order_flat, ProgressiveOrder};
pub use sampler::{poisson_disk_flat, PoissonSampler};
pub use samplers::{default_exponent, SamplerRun, SamplerRunBuilder};
pub use spectrum::{Spectrum, SpectrumBuilder};
pub use stipple::{
    inks, masked_poisson_flat, picture_label, picture_names, stipple_colour_flat, stipple_flat,
    PictureRender, StippleImage, Stippler,
};
pub use world::{world_legend, PaintedWorld};
pub use wrap::TileSet;

/// Turns the core's error into a JS exception carrying its message.
pub(crate) fn err(e: poisson_live::Error) -> JsError {
    JsError::new(&e.to_string())
}

/// A count from JS (width, count, …): a whole number from 0 to 2^32 − 1, else a readable error.
pub(crate) fn whole(name: &'static str, value: f64) -> Result<u32, JsError> {
    whole_in(name, value, 0, u32::MAX)
}

/// A count from JS that the core limits to `min..=max` (`k`, misses): checked here, where it
/// is still a JS number, so that −5 or 1e30 is refused in the core's own words ("k must be
/// between 1 and 10000, got -5") instead of wrapping into a u32.
pub(crate) fn whole_in(name: &'static str, value: f64, min: u32, max: u32) -> Result<u32, JsError> {
    if !(value.is_finite() && value == value.trunc()) {
        let shown = if value.is_nan() {
            "NaN".to_owned()
        } else if value.is_infinite() {
            if value > 0.0 { "infinity" } else { "-infinity" }.to_owned()
        } else {
            value.to_string()
        };
        return Err(JsError::new(&format!(
            "{name} must be a whole number from {min} to {max}, got {shown}"
        )));
    }
    if value < f64::from(min) || value > f64::from(max) {
        return Err(err(poisson_live::Error::OutOfRange {
            name,
            value,
            min: f64::from(min),
            max: f64::from(max),
        }));
    }
    Ok(value as u32)
}

/// Points as a flat `x, y, r` array.
pub(crate) fn xyr(points: &[poisson_live::Point]) -> js_sys::Float64Array {
    let v: Vec<f64> = points.iter().flat_map(|p| [p.x, p.y, p.r]).collect();
    js_sys::Float64Array::from(&v[..])
}

/// Positions (points or bare pairs) as a flat `x, y` array.
pub(crate) fn xy<P: Copy + Into<[f64; 2]>>(points: &[P]) -> js_sys::Float64Array {
    let v: Vec<f64> = points.iter().flat_map(|&p| p.into()).collect();
    js_sys::Float64Array::from(&v[..])
}
