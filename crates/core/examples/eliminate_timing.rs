//! The elimination's own share of `poisson eliminate`, timed in-process (no process start, no
//! CSV): reading the OBJ, then `eliminate` on its surface, best of a few runs, with the smallest
//! pair and δX of the answer. scripts/bench-eliminate.sh times the whole process against
//! point-cloud-utils; this says how much of it is the elimination.
//!
//! `cargo run --release -p poisson-live --example eliminate_timing -- MESH.obj [N [RUNS]]`
//! (default N 15 000, 5 runs); with `box` instead of a file, the 200 × 100 map.

use poisson_live::eliminate::{eliminate, smallest_pair, Domain, Samples};
use poisson_live::space::Mesh;
use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args.first().ok_or("give an OBJ file, or box")?;
    let n: usize = args.get(1).map_or(Ok(15_000), |a| a.parse())?;
    let runs: usize = args.get(2).map_or(Ok(5), |a| a.parse())?;

    let (domain, area) = if path == "box" {
        let size = [200.0, 100.0];
        (Domain::Plane { size, wrap: false }, size[0] * size[1])
    } else {
        let text = std::fs::read_to_string(path)?;
        let clock = Instant::now();
        let mesh = Mesh::from_obj(&text)?;
        println!("read the OBJ: {:.3} s", clock.elapsed().as_secs_f64());
        let area = mesh.area();
        (Domain::Surface(mesh), area)
    };
    let mut best = f64::INFINITY;
    let mut last = None;
    for _ in 0..runs {
        let clock = Instant::now();
        let samples = eliminate(&domain, n, 123456)?;
        best = best.min(clock.elapsed().as_secs_f64());
        last = Some(samples);
    }
    let d = match last.ok_or("no runs")? {
        Samples::Plane(p) => smallest_pair(&p, None),
        Samples::Space(p) => smallest_pair(&p, None),
        Samples::Surface(p) => {
            let p: Vec<[f64; 3]> = p.iter().map(|m| m.position).collect();
            smallest_pair(&p, None)
        }
    };
    let hex = (2.0 * area / (3f64.sqrt() * n as f64)).sqrt();
    println!(
        "eliminate, N {n}: best of {runs} {best:.3} s; smallest pair {d:.3}, δX {:.3}",
        d / hex
    );
    Ok(())
}
