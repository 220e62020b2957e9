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
//! audit (`wrap::seam_conflicts`, `wrap::wrap_audit`) tells the two apart.

mod common;

use poisson_live::poisson_disk;
use poisson_live::wrap::{poisson_disk_wrapped, seam_conflicts, wrap_audit};
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
    for (name, pebbles) in [
        ("plain   ", poisson_disk(TILE, TILE, SPACING, 30, seed)?),
        (
            "wrapped ",
            poisson_disk_wrapped(SamplerParams {
                width: TILE,
                height: TILE,
                radius: SPACING,
                k: 30,
                seed,
            })?,
        ),
    ] {
        let seams = seam_conflicts(&pebbles, TILE, TILE, SPACING)?;
        let closest = wrap_audit(&pebbles, TILE, TILE).map_or(f64::INFINITY, |(_, _, d)| d);
        let verdict = if seams.is_empty() && closest >= SPACING {
            "tiles seamlessly"
        } else {
            "shows a seam"
        };
        println!(
            "  {name} {:4} pebbles, {:3} pairs too close across the seams, closest pair when tiled {closest:6.3}: {verdict}",
            pebbles.len(),
            seams.len()
        );
    }
    Ok(())
}
