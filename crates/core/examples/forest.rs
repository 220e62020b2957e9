//! A forest for a level: trees and the bushes under them, placed as two layers on one shared
//! grid with ground rules (nothing grows in the lake, and the trees leave a clearing for a
//! cabin), then drawn at their radii as an SVG, or as a PNG through the crate's `paint` module.
//!
//! ```sh
//! cargo run --release -p poisson-live --example forest                  # SVG next to the binary
//! cargo run --release -p poisson-live --example forest -- forest.png    # or a path: .svg or .png
//! cargo run --release -p poisson-live --example forest -- out.svg --seed 7
//! ```
//!
//! Each tree's point keeps its layer's spacing as `r`, so canopies drawn with radius `r / 2`
//! never overlap; a bush needs only the smaller spacing (its own) from a tree, so it may stand
//! in a tree's shade but never on its trunk.

mod common;

use poisson_live::layers::{overlaps, place_layers, Layer, Mask};
use poisson_live::paint::{encode_png, stamp_circle};
use poisson_live::Point;
use std::error::Error;
use std::fmt::Write as _;
use std::path::PathBuf;

const WIDTH: f64 = 1200.0;
const HEIGHT: f64 = 800.0;
const TREE_SPACING: f64 = 34.0;
const BUSH_SPACING: f64 = 12.0;
/// `[x, y, r]`: the lake, the clearing the trees leave, and the cabin's yard in it (no bushes).
const LAKE: [f64; 3] = [820.0, 470.0, 170.0];
const CLEARING: [f64; 3] = [330.0, 300.0, 110.0];
const YARD: [f64; 3] = [330.0, 300.0, 36.0];

const GRASS: [u8; 3] = [122, 160, 82];
const WATER: [u8; 3] = [72, 132, 186];
const BUSH: [u8; 3] = [86, 130, 58];
const CANOPY: [u8; 3] = [38, 92, 44];
const CABIN: [u8; 3] = [140, 96, 60];

fn main() {
    common::run_or_exit("forest", run);
}

fn run() -> Result<(), Box<dyn Error>> {
    let (path, seed) = arguments()?;

    // Biggest first: the trees go on the grid, then the bushes fill in around them.
    let trees =
        Layer::new(TREE_SPACING, 30, seed).with_mask(Mask::OutsideDiscs(vec![LAKE, CLEARING]));
    let bushes = Layer::new(BUSH_SPACING, 30, seed.wrapping_add(1))
        .with_mask(Mask::OutsideDiscs(vec![LAKE, YARD]));
    let placed = place_layers(WIDTH, HEIGHT, vec![trees, bushes])?;
    assert!(
        overlaps(&placed).is_empty(),
        "one shared grid: no bush on a trunk"
    );
    let (trees, bushes) = (&placed[0], &placed[1]);

    let bytes = match path.extension().and_then(|e| e.to_str()) {
        Some("png") => png(trees, bushes)?,
        _ => svg(trees, bushes).into_bytes(),
    };
    std::fs::write(&path, bytes)?;
    println!(
        "{} trees (spacing {TREE_SPACING}) and {} bushes (spacing {BUSH_SPACING}) on {WIDTH} × {HEIGHT}, seed {seed}",
        trees.len(),
        bushes.len()
    );
    println!("wrote {}", path.display());
    Ok(())
}

/// The output path (default: `forest.svg` beside the example's binary, in the target folder)
/// and `--seed N` (default 123456).
fn arguments() -> Result<(PathBuf, i32), Box<dyn Error>> {
    let mut path = None;
    let mut seed = 123456;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seed" => seed = args.next().ok_or("--seed needs a number")?.parse()?,
            other if other.starts_with('-') => {
                return Err(
                    format!("unknown flag {other}; use [PATH.svg|PATH.png] [--seed N]").into(),
                )
            }
            other => path = Some(PathBuf::from(other)),
        }
    }
    let path = match path {
        Some(p) => p,
        None => std::env::current_exe()?.with_file_name("forest.svg"),
    };
    Ok((path, seed))
}

fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn svg(trees: &[Point], bushes: &[Point]) -> String {
    let [lx, ly, lr] = LAKE;
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">
<rect width="{WIDTH}" height="{HEIGHT}" fill="{}"/>
<circle cx="{lx}" cy="{ly}" r="{lr}" fill="{}"/>
"#,
        hex(GRASS),
        hex(WATER),
    );
    // Bushes under the trees, each drawn at half its spacing: no two of a layer overlap.
    for (points, colour) in [(bushes, BUSH), (trees, CANOPY)] {
        writeln!(s, r#"<g fill="{}" fill-opacity="0.9">"#, hex(colour)).unwrap();
        for p in points {
            let (x, y, r) = (p.x, p.y, p.r / 2.0);
            writeln!(s, r#"<circle cx="{x:.2}" cy="{y:.2}" r="{r:.2}"/>"#).unwrap();
        }
        s.push_str("</g>\n");
    }
    let [cx, cy, _] = YARD;
    let (x, y) = (cx - 16.0, cy - 12.0);
    writeln!(
        s,
        r#"<rect x="{x}" y="{y}" width="32" height="24" fill="{}"/>"#,
        hex(CABIN)
    )
    .unwrap();
    s.push_str("</svg>\n");
    s
}

fn png(trees: &[Point], bushes: &[Point]) -> Result<Vec<u8>, Box<dyn Error>> {
    let (w, h) = (WIDTH as usize, HEIGHT as usize);
    let mut rgb: Vec<u8> = GRASS.iter().copied().cycle().take(w * h * 3).collect();
    let disc = |[x, y, r]: [f64; 3]| Point { x, y, r };
    stamp_circle(&mut rgb, w, h, disc(LAKE), WATER, 1.0);
    for (points, colour) in [(bushes, BUSH), (trees, CANOPY)] {
        for p in points {
            // A soft shadow to the lower right, then the crown.
            let r = p.r / 2.0;
            let shadow = Point {
                x: p.x + 3.0,
                y: p.y + 3.0,
                r,
            };
            stamp_circle(&mut rgb, w, h, shadow, [0, 0, 0], 0.25);
            stamp_circle(&mut rgb, w, h, Point { r, ..*p }, colour, 0.9);
        }
    }
    let [cx, cy, _] = YARD;
    stamp_circle(&mut rgb, w, h, disc([cx, cy, 14.0]), CABIN, 1.0);
    Ok(encode_png(w, h, &rgb)?)
}
