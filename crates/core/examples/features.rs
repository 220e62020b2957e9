//! The crate's two optional features in a game's code: `serde` to save a level's scatter and
//! read it back to the bit, `mint` to hand positions to a maths library (glam, nalgebra and
//! cgmath all convert from `mint::Point2<f64>`).
//!
//! ```sh
//! cargo run --release -p poisson-live --features serde,mint --example features
//! cargo run --release -p poisson-live --features serde,mint --example features -- level.json
//! ```
//!
//! It writes `level.json` beside the example's binary (in the target folder) unless given a
//! path.

mod common;

use poisson_live::layers::{place_layers, Layer};
use poisson_live::Point;
use std::error::Error;
use std::path::PathBuf;

/// What the game saves: the layers' settings and what they placed.
#[derive(serde::Serialize, serde::Deserialize)]
struct Level {
    width: f64,
    height: f64,
    layers: Vec<Layer>,
    rocks: Vec<Point>,
    trees: Vec<Point>,
}

fn main() {
    common::run_or_exit("features", run);
}

fn run() -> Result<(), Box<dyn Error>> {
    let path = match std::env::args().nth(1) {
        Some(p) => PathBuf::from(p),
        None => std::env::current_exe()?.with_file_name("level.json"),
    };
    let (width, height) = (640.0, 480.0);
    let layers = || vec![Layer::new(40.0, 30, 1), Layer::new(14.0, 30, 2)];
    let mut placed = place_layers(width, height, layers())?.into_iter();
    let (rocks, trees) = (
        placed.next().unwrap_or_default(),
        placed.next().unwrap_or_default(),
    );
    let level = Level {
        width,
        height,
        layers: layers(),
        rocks,
        trees,
    };

    // serde: save, load, and the load is the same to the bit (serde_json with its
    // `float_roundtrip` feature; any format that keeps f64 exactly will do).
    std::fs::write(&path, serde_json::to_string_pretty(&level)?)?;
    let loaded: Level = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
    assert_eq!(loaded.rocks, level.rocks);
    assert_eq!(loaded.trees, level.trees);
    // The saved settings place the same level again.
    let again = place_layers(loaded.width, loaded.height, loaded.layers)?;
    assert_eq!(again, [level.rocks.clone(), level.trees.clone()]);
    println!(
        "saved {} rocks and {} trees to {}; loaded and re-placed them, the same to the bit",
        level.rocks.len(),
        level.trees.len(),
        path.display()
    );

    // mint: positions for the engine. `spawn` stands in for glam's `DVec2::from`, nalgebra's
    // `Point2::from` or cgmath's `Point2::from`, which all take a `mint::Point2<f64>`.
    let spawn = |at: mint::Point2<f64>| (at.x, at.y);
    let spawned: Vec<(f64, f64)> = level.trees.iter().map(|&t| spawn(t.into())).collect();
    let first: mint::Point2<f64> = level.trees[0].into();
    println!(
        "handed {} tree positions over as mint::Point2<f64>, the first at ({:.2}, {:.2})",
        spawned.len(),
        first.x,
        first.y
    );
    // And back: a position from the engine becomes a point that keeps no spacing (r = 0).
    let picked = Point::from(mint::Point2 { x: 100.0, y: 50.0 });
    println!("a clicked position back as a Point: {picked:?}");
    Ok(())
}
