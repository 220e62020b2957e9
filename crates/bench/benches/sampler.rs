//! Criterion benches for the sampler's hot paths, with a fixed seed: the whole of
//! `poisson_disk` at three sizes, one `Grid::is_free` query, and one `Sampler::step`.
//!
//! `cargo bench -p poisson-live-bench` (add `-- is_free` to run one group).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use poisson_live::bridson::{Sampler, Step};
use poisson_live::rng::ParkMiller;
use std::hint::black_box;
use std::time::{Duration, Instant};

const SEED: i32 = 123_456;
const R: f64 = 2.0;
const K: u32 = 30;

/// The one-call sampler on squares of 250, 500 and 1000 units (about 10 k, 39 k and 155 k
/// points), reported per point: linear time shows as a flat rate.
fn poisson_disk(c: &mut Criterion) {
    let mut group = c.benchmark_group("poisson_disk");
    group.sample_size(10);
    for side in [250.0, 500.0, 1000.0] {
        let points = poisson_live::poisson_disk(side, side, R, K, SEED)
            .unwrap()
            .len();
        group.throughput(Throughput::Elements(points as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{side}x{side}_r{R}")),
            &side,
            |b, &side| {
                b.iter(|| poisson_live::poisson_disk(black_box(side), side, R, K, SEED).unwrap())
            },
        );
    }
    group.finish();
}

/// One free-space query on a full map: half the queries at random spots, half just outside an
/// existing point (in its r–2r ring, where the sampler's candidates land).
fn is_free(c: &mut Criterion) {
    let mut s = Sampler::new(500.0, 500.0, R, K, SEED).unwrap();
    s.start_random();
    s.finish();
    let grid = s.into_grid();
    let mut rng = ParkMiller::new(7).unwrap();
    let mut queries = Vec::new();
    for i in 0..4096 {
        if i % 2 == 0 {
            queries.push((rng.next_f64() * 500.0, rng.next_f64() * 500.0));
        } else {
            let p = grid.points()[(rng.next_f64() * grid.points().len() as f64) as usize];
            let angle = rng.next_f64() * std::f64::consts::TAU;
            let d = R * (1.0 + rng.next_f64());
            queries.push((
                (p.x + d * angle.cos()).clamp(0.0, 499.9),
                (p.y + d * angle.sin()).clamp(0.0, 499.9),
            ));
        }
    }
    let mut group = c.benchmark_group("grid");
    group.throughput(Throughput::Elements(queries.len() as u64));
    group.bench_function("is_free_full_map", |b| {
        b.iter(|| {
            queries
                .iter()
                .filter(|&&(x, y)| grid.is_free(black_box(x), black_box(y), R))
                .count()
        })
    });
    group.finish();
}

/// One productive step, averaged over whole fills of a 1000 × 1000 map: the timer runs only
/// while stepping, and a finished sampler is replaced outside it.
fn step(c: &mut Criterion) {
    let fresh = || {
        let mut s = Sampler::new(1000.0, 1000.0, R, K, SEED).unwrap();
        s.start_random();
        s
    };
    let mut sampler = fresh();
    let mut group = c.benchmark_group("sampler");
    group.throughput(Throughput::Elements(1));
    group.bench_function("step_1000x1000_r2", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut left = iters;
            while left > 0 {
                if sampler.is_finished() {
                    sampler = fresh();
                }
                let start = Instant::now();
                while left > 0 && black_box(sampler.step()) != Step::Finished {
                    left -= 1;
                }
                total += start.elapsed();
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, poisson_disk, is_free, step);
criterion_main!(benches);
