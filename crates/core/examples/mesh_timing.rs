//! The fast mesh sampler alone, timed on a mesh already built: what a host that holds its mesh
//! in memory (the Blender add-on's helper, the bindings) pays per call, without reading OBJ
//! text or writing numbers. Best of five calls of `fast_sample_mesh`, seed 123456 (the CLI's).
//!
//! `cargo run --release -p poisson-live --example mesh_timing [-- FILE.obj [RADIUS]]`; without
//! a file, the torus of `scripts/bench-mesh.sh` (major radius 40, minor 15, 160 × 80 quads),
//! radius 1.

use poisson_live::space::{fast_sample_mesh, Mesh};
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mesh = match args.first() {
        Some(path) => Mesh::from_obj(&std::fs::read_to_string(path)?)?,
        None => Mesh::torus(40.0, 15.0, 160, 80)?,
    };
    let radius: f64 = args.get(1).map_or(Ok(1.0), |r| r.parse())?;
    let mut best = f64::INFINITY;
    let mut count = 0;
    for _ in 0..5 {
        let clock = Instant::now();
        let points = fast_sample_mesh(&mesh, radius, 123_456)?;
        best = best.min(clock.elapsed().as_secs_f64());
        count = points.len();
    }
    println!(
        "fast_sample_mesh: {} triangles, radius {radius}: {count} points ({:.3} per r²), best of 5 \
         {:.2} ms",
        mesh.triangles().len(),
        count as f64 * radius * radius / mesh.area(),
        best * 1e3
    );
    Ok(())
}
