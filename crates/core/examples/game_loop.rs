//! Generating a level inside a game loop without dropping a frame: a long job gets a few
//! milliseconds of each frame, and the rest of the frame stays the game's.
//!
//! ```sh
//! cargo run --release -p poisson-live --example game_loop
//! cargo run --release -p poisson-live --example game_loop -- --slice-ms 2 --seed 7
//! ```
//!
//! Every long operation of the crate is a [`Job`]: `run(budget)` does about `budget` units of
//! work and returns `true` once finished, then `take()` hands over the result. A budget counts
//! units, not time (the crate has no clock, and units keep the result the same on every
//! machine), so the loop below measures each slice with [`Instant`] and scales the next budget
//! to fit the time it allows. Two jobs run this way, one after the other: Bridson's sampler
//! (the stepper: a unit is one step) scattering trees over a large map, and the painter of the
//! crate's whole island (terrain, four layers of objects, stamping). The frames are simulated:
//! the loop does not sleep, it prints what each frame did.

mod common;

use poisson_live::world::WorldPainter;
use poisson_live::{Job, Sampler};
use std::error::Error;
use std::time::{Duration, Instant};

fn main() {
    common::run_or_exit("game_loop", run);
}

fn run() -> Result<(), Box<dyn Error>> {
    let (slice, seed) = arguments()?;
    println!("a slice of {slice:?} per frame (at 60 fps a frame is 16.7 ms)\n");

    // The stepper: a 2400 × 2400 map, trees at least 8 apart. Start it, then step it in slices.
    let mut sampler = Sampler::new(2400.0, 2400.0, 8.0, 30, seed)?;
    sampler.start_random();
    let trees = in_frames("trees", sampler, slice)?;
    println!("{} trees\n", trees.len());

    let world = in_frames("island", WorldPainter::new(seed)?, slice)?;
    let counts = world.layers().map(<[_]>::len);
    println!(
        "island {} × {}: {} chests, {} rocks, {} trees, {} flowers",
        world.width, world.height, counts[0], counts[1], counts[2], counts[3]
    );
    Ok(())
}

/// Runs `job` a slice per simulated frame, each slice's budget tuned so that it takes about
/// `slice` of wall time, and returns its result.
fn in_frames<J: Job>(name: &str, mut job: J, slice: Duration) -> Result<J::Output, Box<dyn Error>> {
    // What a unit costs, in seconds, as measured so far: about a microsecond natively. Start
    // from that guess; each slice's measurement corrects it.
    let mut per_unit = 1e-6;
    let mut budget = (slice.as_secs_f64() / per_unit) as u64;
    let mut worst = Duration::ZERO;
    let started = Instant::now();
    for frame in 1.. {
        let t = Instant::now();
        let done = job.run(budget)?;
        let spent = t.elapsed();
        worst = worst.max(spent);
        println!(
            "{name} frame {frame:3}: {:5.1} %  {:<20} {budget:7} units in {:5.2} ms",
            100.0 * job.progress(),
            job.stage(),
            spent.as_secs_f64() * 1e3,
        );
        if done {
            break;
        }
        // The next budget fills the slice at the cost per unit measured so far: a moving
        // average, so one odd frame (another process, a stage of dearer pieces) cannot throw
        // it far off.
        let measured = spent.as_secs_f64() / budget as f64;
        per_unit = 0.7 * per_unit + 0.3 * measured;
        budget = ((slice.as_secs_f64() / per_unit) as u64).max(1);
        // … the rest of the frame: input, game update, drawing what is placed so far.
    }
    println!(
        "{name}: done in {:.1} ms of slices; the longest slice took {:.2} ms",
        started.elapsed().as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3
    );
    Ok(job.take().ok_or("the job finished with nothing to take")?)
}

/// `--slice-ms F` (default 4) and `--seed N` (default 123456).
fn arguments() -> Result<(Duration, i32), Box<dyn Error>> {
    let (mut slice_ms, mut seed) = (4.0, 123456);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a number"));
        match arg.as_str() {
            "--slice-ms" => slice_ms = value()?.parse::<f64>()?,
            "--seed" => seed = value()?.parse()?,
            _ => {
                return Err(format!("unknown argument {arg}; use [--slice-ms F] [--seed N]").into())
            }
        }
    }
    if !(slice_ms > 0.0 && slice_ms <= 1000.0) {
        return Err("--slice-ms must be above 0 and at most 1000".into());
    }
    Ok((Duration::from_secs_f64(slice_ms / 1e3), seed))
}
