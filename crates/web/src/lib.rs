//! The bindings between the `poisson-live` sampler and the tutorial page.
//!
//! This crate holds no sampling logic: each export wraps a core type or function, turns errors
//! into JS exceptions (`JsError`) and hands bulk data over as flat typed arrays, the layout
//! written on each method. What crosses the border is read and written once, in `js.rs`: a call
//! with more than four numbers takes one object of named values (`{width, height, radius, k,
//! seed}`), except the package's positional `poissonDisk` and `PoissonSampler`. Every long
//! operation is a job class of one shape (`job.rs`): `run(maxWork)`, `progress`, `stage`,
//! `take()`, `finish()`.

#![deny(missing_docs)]

use wasm_bindgen::prelude::*;

mod classes;
mod compare;
mod darts;
mod density;
mod editor;
mod eliminate;
mod endless;
mod export;
mod fast;
mod grid;
mod history;
mod job;
mod js;
mod layers;
mod progressive;
mod relax;
mod sampler;
mod samplers;
mod scatter;
mod space;
mod spectrum;
mod stipple;
mod tiles;
mod world;

pub use classes::{poisson_classes, ClassSampler};
pub use compare::{CompareJob, Comparison};
pub use darts::{dart_throwing, DartThrower};
pub use density::ForestJob;
pub use editor::{EditableSet, EditableSetFill};
pub use eliminate::eliminate;
pub use endless::ChunkedWorld;
pub use export::{points_to_csv, points_to_json};
pub use fast::{fast_poisson, FastSampler};
pub use grid::Grid;
pub use history::{hexagonal_coverage, live_figures_flat, rsa_coverage, History};
pub use layers::{BiomeMap, Placement, Placer};
pub use progressive::{progressive_order_flat, ProgressiveOrder};
pub use relax::{measure, relax, voronoi_cells, Relaxation};
pub use sampler::{poisson_disk_flat, Outcome, PoissonSampler};
pub use samplers::{default_exponent, SamplerJob, SamplerRun};
pub use scatter::{jittered_grid, random_points};
pub use space::{fast_poisson_3d, poisson_disk_3d, sample_mesh, Mesh, MeshSampler, SpaceSampler};
pub use spectrum::{spectrum_of, Spectrum, SpectrumJob};
pub use stipple::{inks, picture_label, picture_names, PictureJob, StippleImage, Stippling};
pub use tiles::TileSet;
pub use world::{world_legend, World, WorldPainter};

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
