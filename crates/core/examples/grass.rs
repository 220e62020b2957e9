//! Grass for a big terrain: millions of tufts, none closer than the spacing, from the fast
//! sampler for games (`poisson_live::fast`), then sorted into render chunks for instanced
//! drawing.
//!
//! ```sh
//! cargo run --release -p poisson-live --example grass
//! cargo run --release -p poisson-live --example grass -- --size 1024 --spacing 0.5 --seed 7
//! ```
//!
//! The fast sampler packs about 0.885 points per r² (Bridson's algorithm about 0.62: the
//! example measures both), so the same spacing covers the ground more evenly, and it places
//! them several times faster. Its points are `[x, y]` pairs; a seed gives the same ones on
//! every machine and in WebAssembly. Where the tutorial's exact draws matter (the classic
//! sampler's stepper, layers, ground rules), use `Sampler` instead.

mod common;

use poisson_live::{fast_poisson, poisson_disk};
use std::error::Error;
use std::time::Instant;

/// Render chunks: squares of this side, each one instanced draw call.
const CHUNK: f64 = 64.0;

fn main() {
    common::run_or_exit("grass", run);
}

fn run() -> Result<(), Box<dyn Error>> {
    let (size, spacing, seed) = arguments()?;

    let t = Instant::now();
    let grass = fast_poisson(size, size, spacing, seed)?;
    let seconds = t.elapsed().as_secs_f64();
    let per_r2 = |count: usize, side: f64| count as f64 * spacing * spacing / (side * side);
    println!(
        "{} grass tufts on a {size} × {size} terrain, spacing {spacing}, seed {seed}",
        grass.len()
    );
    println!(
        "  {:.1} ms: {:.2} M points per second, {:.3} points per r²",
        seconds * 1e3,
        grass.len() as f64 / seconds / 1e6,
        per_r2(grass.len(), size)
    );

    // Instances per render chunk, as a renderer would batch them.
    let across = (size / CHUNK).ceil() as usize;
    let mut chunks = vec![Vec::new(); across * across];
    for &[x, y] in &grass {
        let (cx, cy) = ((x / CHUNK) as usize, (y / CHUNK) as usize);
        chunks[cy * across + cx].push([x as f32, y as f32]);
    }
    let full = |c: &&Vec<[f32; 2]>| c.len();
    let most = chunks.iter().max_by_key(full).map_or(0, Vec::len);
    let least = chunks.iter().min_by_key(full).map_or(0, Vec::len);
    println!(
        "  {} render chunks of {CHUNK} × {CHUNK}: {least} to {most} instances each",
        chunks.len()
    );

    // The classic sampler on one tile of the same terrain, for the density.
    let tile = size.min(256.0);
    let t = Instant::now();
    let classic = poisson_disk(tile, tile, spacing, 30, seed)?;
    let seconds = t.elapsed().as_secs_f64();
    println!(
        "Bridson (k = 30) on a {tile} × {tile} tile: {:.3} points per r², {:.2} M points per second",
        per_r2(classic.len(), tile),
        classic.len() as f64 / seconds / 1e6
    );
    Ok(())
}

/// `--size S` (default 2048 map units square), `--spacing R` (default 1.5) and `--seed N`
/// (default 123456).
fn arguments() -> Result<(f64, f64, i32), Box<dyn Error>> {
    let (mut size, mut spacing, mut seed) = (2048.0, 1.5, 123456);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a number"));
        match arg.as_str() {
            "--size" => size = value()?.parse()?,
            "--spacing" => spacing = value()?.parse()?,
            "--seed" => seed = value()?.parse()?,
            _ => {
                return Err(format!(
                    "unknown argument {arg}; use [--size S] [--spacing R] [--seed N]"
                )
                .into())
            }
        }
    }
    Ok((size, spacing, seed))
}
