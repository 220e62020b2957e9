//! Beyond the plane: an asteroid field in a box, dust by the fast 3D sampler, and moss on a
//! torus-shaped rock, each checked and timed.
//!
//! `cargo run --release -p poisson-live --example space [-- SIDE RADIUS]` (default 100 2).

use poisson_live::space::{fast_poisson_3d, poisson_disk_3d, sample_mesh, Mesh, SpaceGrid};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<f64> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let side = args.first().copied().unwrap_or(100.0);
    let r = args.get(1).copied().unwrap_or(2.0);
    let volume = side * side * side;

    let clock = Instant::now();
    let asteroids = poisson_disk_3d(side, side, side, r, 30, 7)?;
    report(
        "Bridson, k = 30",
        &asteroids,
        side,
        r,
        clock.elapsed().as_secs_f64(),
        volume,
    );

    let clock = Instant::now();
    let dust = fast_poisson_3d(side, side, side, r, 7)?;
    report(
        "fast",
        &dust,
        side,
        r,
        clock.elapsed().as_secs_f64(),
        volume,
    );

    // A torus like the benchmark's: major radius 40, tube 15, 160 × 80 quads.
    let rock = Mesh::torus(40.0, 15.0, 160, 80)?;
    let clock = Instant::now();
    let moss = sample_mesh(&rock, 1.0, 30, 7)?;
    let took = clock.elapsed().as_secs_f64();
    println!(
        "mesh (torus, {} triangles, r 1): {} points, {:.3} points per r², {:.3} s",
        rock.triangles().len(),
        moss.len(),
        moss.len() as f64 / rock.area(),
        took
    );
    Ok(())
}

/// Prints a box's count, density and time, after counting too-close pairs on a grid.
fn report(name: &str, points: &[[f64; 3]], side: f64, r: f64, took: f64, volume: f64) {
    let mut grid = SpaceGrid::for_box([0.0; 3], [side; 3], r).expect("the same box");
    for p in points {
        grid.add_unchecked(*p);
    }
    println!(
        "{name}: {} points, {:.3} points per r³, {:.3} s ({:.2} M points/s), too close: {}",
        points.len(),
        points.len() as f64 * r * r * r / volume,
        took,
        points.len() as f64 / took / 1e6,
        grid.too_close_pairs()
    );
}
