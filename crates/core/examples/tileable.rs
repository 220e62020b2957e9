//! A tileable scatter: one tile of pebbles (or grass, or stars) repeated across a floor or a
//! skybox without a visible seam, checked with the seam audit.
//!
//! ```sh
//! cargo run --release -p poisson-live --example tileable
//! cargo run --release -p poisson-live --example tileable -- --seed 7
//! ```
//!
//! An ordinary Poisson set keeps its spacing inside the tile, but where copies of the tile meet,
//! points near the right edge land next to points near the left edge of the next copy: a seam
//! of crowded pairs. Bridson's sampler on a torus (`wrap::poisson_disk_wrapped`) measures
//! distances across the edges too, so the tiled set keeps its spacing everywhere. The seam
//! audit (`wrap::seam_conflicts`, `wrap::wrap_audit`) tells the two apart; a `wrap::TileSet` is
//! a tile sampled either way with its audit.

mod common;

use poisson_live::wrap::TileSet;
use poisson_live::SamplerParams;
use std::error::Error;

const TILE: f64 = 256.0;
const SPACING: f64 = 12.0;

fn main() {
    common::run_or_exit("tileable", run);
}

fn run() -> Result<(), Box<dyn Error>> {
    let seed = match std::env::args().skip(1).collect::<Vec<_>>().as_slice() {
        [] => 123456,
        [flag, n] if flag == "--seed" => n.parse()?,
        _ => return Err("use [--seed N]".into()),
    };
    println!("a {TILE} × {TILE} tile of pebbles at least {SPACING} apart, seed {seed}");
    let tile = SamplerParams {
        width: TILE,
        height: TILE,
        radius: SPACING,
        k: 30,
        seed,
    };
    for (name, wrap) in [("plain   ", false), ("wrapped ", true)] {
        let pebbles = TileSet::new(tile, wrap)?;
        let seams = pebbles.conflicts();
        let closest = pebbles.min_distance().unwrap_or(f64::INFINITY);
        let verdict = if seams.is_empty() && closest >= SPACING {
            "tiles seamlessly"
        } else {
            "shows a seam"
        };
        println!(
            "  {name} {:4} pebbles, {:3} pairs too close across the seams, closest pair when tiled {closest:6.3}: {verdict}",
            pebbles.points().len(),
            seams.len()
        );
    }
    Ok(())
}
