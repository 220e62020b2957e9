//! Figures the tutorial page quotes, measured with the crate (issue 33's review of the words):
//! `cargo run --release --offline -p poisson-live --example page_figures`.
//!
//! 1. Bridson's accept rate over a whole run, at the Bridson lab's defaults (720 × 400, r 32,
//!    k 30): at most (N − 1) / (N − 1 + N k), under 1 / (k + 1).
//! 2. What a 3 × 3 cell search lets through: the same run with the block cut to one cell each
//!    way (same draws, so with two cells each way it is the crate's run, checked), counted as
//!    pairs closer than r and the closest pair, at r 32 and r 26.
//! 3. The 3D lab (a 40-wide cube, r 4, k 30): how many other points share a middle point's
//!    5 × 5 × 5 block of cells of side r / √3.
//! 4. The tiles lab at r 50 (a 360 × 200 tile, wrapped): points per tile.

use poisson_live::rng::ParkMiller;
use poisson_live::space::poisson_disk_3d;
use poisson_live::wrap::poisson_disk_wrapped;
use poisson_live::{poisson_disk, Sampler, SamplerParams, Step};

const SEEDS: std::ops::RangeInclusive<i32> = 123_450..=123_469;

fn main() {
    accept_rate();
    for r in [32.0, 26.0] {
        three_by_three(r);
    }
    block_3d();
    tiles();
}

fn accept_rate() {
    let mut rates = Vec::new();
    for seed in SEEDS {
        let mut s = Sampler::new(720.0, 400.0, 32.0, 30, seed).unwrap();
        s.start_random();
        let (mut tried, mut placed) = (0usize, 0usize);
        loop {
            let step = s.step();
            if step == Step::Finished {
                break;
            }
            tried += s.tried().len();
            placed += usize::from(matches!(step, Step::Placed(_)));
        }
        rates.push(100.0 * placed as f64 / tried as f64);
    }
    let (lo, hi) = min_max(&rates);
    println!("1. accept rate over a whole run, r 32 k 30, 20 seeds: {lo:.2} % to {hi:.2} % (1/(k+1) = 3.23 %)");
}

/// Bridson with the crate's draws (ParkMiller, square-then-ring) and a cell search `reach` cells
/// each way on cells of r / √2.
fn bridson_reach(w: f64, h: f64, r: f64, k: u32, seed: i32, reach: i64) -> Vec<[f64; 2]> {
    let cell = r / std::f64::consts::SQRT_2;
    let (cols, rows) = ((w / cell).ceil() as i64, (h / cell).ceil() as i64);
    let mut cells = vec![usize::MAX; (cols * rows) as usize];
    let mut pts: Vec<[f64; 2]> = Vec::new();
    let mut active = Vec::new();
    let mut rng = ParkMiller::new(seed).unwrap();
    let at = |x: f64, y: f64| {
        let c = ((x / cell).floor() as i64).min(cols - 1);
        let r = ((y / cell).floor() as i64).min(rows - 1);
        (c, r)
    };
    let mut try_add = |x: f64, y: f64, pts: &mut Vec<[f64; 2]>, active: &mut Vec<usize>| {
        if x < 0.0 || y < 0.0 || x >= w || y >= h {
            return false;
        }
        let (c, rr) = at(x, y);
        for j in (rr - reach).max(0)..=(rr + reach).min(rows - 1) {
            for i in (c - reach).max(0)..=(c + reach).min(cols - 1) {
                let idx = cells[(j * cols + i) as usize];
                if idx != usize::MAX {
                    let [px, py] = pts[idx];
                    if (x - px) * (x - px) + (y - py) * (y - py) < r * r {
                        return false;
                    }
                }
            }
        }
        cells[(rr * cols + c) as usize] = pts.len();
        active.push(pts.len());
        pts.push([x, y]);
        true
    };
    let (x, y) = (rng.next_f64() * w, rng.next_f64() * h);
    try_add(x, y, &mut pts, &mut active);
    while !active.is_empty() {
        let a = (rng.next_f64() * active.len() as f64).floor() as usize;
        let [px, py] = pts[active[a]];
        let mut placed = false;
        for _ in 0..k {
            let (dx, dy) = loop {
                let dx = (rng.next_f64() * 4.0 - 2.0) * r;
                let dy = (rng.next_f64() * 4.0 - 2.0) * r;
                let d2 = dx * dx + dy * dy;
                if r * r <= d2 && d2 <= 4.0 * r * r {
                    break (dx, dy);
                }
            };
            if try_add(px + dx, py + dy, &mut pts, &mut active) {
                placed = true;
                break;
            }
        }
        if !placed {
            active.swap_remove(a);
        }
    }
    pts
}

fn three_by_three(r: f64) {
    let (mut counts, mut pairs, mut closest) = (Vec::new(), Vec::new(), Vec::new());
    for seed in SEEDS {
        // With the full 5 × 5 block this is the crate's run, bit for bit.
        let full = bridson_reach(720.0, 400.0, r, 30, seed, 2);
        let crate_run = poisson_disk(720.0, 400.0, r, 30, seed).unwrap();
        assert!(
            full.len() == crate_run.len()
                && full
                    .iter()
                    .zip(&crate_run)
                    .all(|(a, b)| a[0] == b.x && a[1] == b.y)
        );
        let cut = bridson_reach(720.0, 400.0, r, 30, seed, 1);
        let (mut n, mut min) = (0, f64::INFINITY);
        for (i, a) in cut.iter().enumerate() {
            for b in &cut[i + 1..] {
                let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt();
                min = min.min(d);
                n += usize::from(d < r);
            }
        }
        counts.push(cut.len() as f64);
        pairs.push(n as f64);
        closest.push(min / r);
    }
    let ((c0, c1), (p0, p1), (m0, m1)) = (min_max(&counts), min_max(&pairs), min_max(&closest));
    println!("2. 3 × 3 search, 720 × 400, r {r}, 20 seeds: {c0}–{c1} points, {p0}–{p1} pairs closer than r, closest pair {m0:.2} r to {m1:.2} r");
}

fn block_3d() {
    let (side, r) = (40.0, 4.0);
    let cell = r / 3f64.sqrt();
    let mut counts = Vec::new();
    for seed in SEEDS {
        let pts = poisson_disk_3d(side, side, side, r, 30, seed).unwrap();
        let cellof = |p: &[f64; 3]| p.map(|v| (v / cell).floor() as i64);
        for p in &pts {
            // Points whose block lies wholly inside the box: the middle of it.
            if p.iter().any(|&v| v < 3.0 * cell || v > side - 3.0 * cell) {
                continue;
            }
            let c = cellof(p);
            let n = pts
                .iter()
                .filter(|q| *q != p && (0..3).all(|i| (cellof(q)[i] - c[i]).abs() <= 2))
                .count();
            counts.push(n as f64);
        }
    }
    let mean = counts.iter().sum::<f64>() / counts.len() as f64;
    let (lo, hi) = min_max(&counts);
    println!("3. 3D, 40-wide cube, r 4, k 30, 20 seeds: other points in a middle point's 125 cells: mean {mean:.1}, {lo}–{hi} ({} points looked at)", counts.len());
}

fn tiles() {
    let mut counts = Vec::new();
    for seed in SEEDS.chain([123_456]) {
        let params = SamplerParams {
            width: 360.0,
            height: 200.0,
            radius: 50.0,
            k: 30,
            seed,
        };
        counts.push(poisson_disk_wrapped(params).unwrap().len() as f64);
    }
    let (lo, hi) = min_max(&counts);
    println!("4. tiles, 360 × 200 wrapped, r 50, 21 seeds: {lo}–{hi} points per tile");
}

fn min_max(v: &[f64]) -> (f64, f64) {
    v.iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &x| {
            (a.min(x), b.max(x))
        })
}
