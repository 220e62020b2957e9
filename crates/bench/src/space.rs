//! The 3D table: ours `poisson_disk_3d` (Bridson's algorithm, k = 30) and `fast_poisson_3d`
//! against the Rust samplers that fill a box in 3D, on one box, in this process, with the
//! systems taking turns as in the 2D tables.
//!
//! Each system's output is also checked, untimed: the smallest distance between two of its
//! points (a grid of cells 2r wide, so every pair closer than 2r is compared: the minimum is
//! exact whenever it is below 2r, as it is in any filled box) and whether every point lies in
//! the box. A peer that spaces its points more loosely, or not at all, shows in the table.

use std::hint::black_box;
use std::io::IsTerminal;
use std::time::Duration;

use super::{load, take_turns, timed, Timing, K, SEED};

/// A box to fill in 3D.
#[derive(Clone, Copy, Debug)]
struct Cube {
    width: f64,
    height: f64,
    depth: f64,
    radius: f64,
}

impl Cube {
    const fn side(side: f64, radius: f64) -> Self {
        Self {
            width: side,
            height: side,
            depth: side,
            radius,
        }
    }
    fn label(self) -> String {
        format!(
            "{} × {} × {}, r = {}",
            self.width, self.height, self.depth, self.radius
        )
    }
    fn volume(self) -> f64 {
        self.width * self.height * self.depth
    }
    fn contains(self, p: &[f64; 3]) -> bool {
        (0.0..self.width).contains(&p[0])
            && (0.0..self.height).contains(&p[1])
            && (0.0..self.depth).contains(&p[2])
    }
}

/// The 3D samplers compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum System {
    /// Our classic sampler, `space::poisson_disk_3d`, k = 30.
    OursClassic,
    /// Our fast sampler, `space::fast_poisson_3d`.
    OursFast,
    FastPoisson,
    PoissonDiskus,
    /// faster_poisson's `Poisson3D` (its `BridsonSampler`, its default `cdf_exp`, `None`: a
    /// bias toward the inner sphere) with 30 attempts instead of its default 16: the peer the
    /// targets divide by. Its 3D spacing test (`Params3D::is_sample_valid`, 1.3.0) measures a
    /// candidate's distance in x and y only, so it also turns down candidates r apart in 3D:
    /// its points keep the spacing, but fewer fit.
    Faster,
    /// The same with `cdf_exp(Some(3.0))`: candidates spread evenly in the shell's volume along
    /// the radius, as in Bridson's paper.
    FasterUniform,
}

/// Every system, in the table's order.
const SYSTEMS: [System; 6] = [
    System::OursClassic,
    System::OursFast,
    System::FastPoisson,
    System::PoissonDiskus,
    System::Faster,
    System::FasterUniform,
];

impl System {
    fn name(self) -> &'static str {
        match self {
            System::OursClassic => "poisson-live poisson_disk_3d (ours, k 30)",
            System::OursFast => "poisson-live fast_poisson_3d (ours)",
            System::FastPoisson => "fast_poisson 1.0.2 Poisson3D (k 30)",
            System::PoissonDiskus => "poisson-diskus 1.0.0, 3D (k 30)",
            System::Faster => "faster_poisson 1.3.0 Poisson3D (Bridson, 30 attempts)",
            System::FasterUniform => {
                "faster_poisson 1.3.0 Poisson3D (Bridson, 30 attempts, cdf_exp 3)"
            }
        }
    }

    /// Fills the box once and returns the points.
    fn fill(self, cube: Cube) -> Vec<[f64; 3]> {
        let Cube {
            width,
            height,
            depth,
            radius,
        } = cube;
        match self {
            System::OursClassic => {
                poisson_live::space::poisson_disk_3d(width, height, depth, radius, K, SEED as i32)
                    .expect("a valid box")
            }
            System::OursFast => {
                poisson_live::space::fast_poisson_3d(width, height, depth, radius, SEED as i32)
                    .expect("a valid box")
            }
            System::FastPoisson => fast_poisson::Poisson3D::new()
                .with_dimensions([width, height, depth], radius)
                .with_samples(K)
                .with_seed(SEED)
                .generate(),
            System::PoissonDiskus => {
                use rand_08::SeedableRng;
                let mut rng = rand_08::rngs::StdRng::seed_from_u64(SEED);
                poisson_diskus::bridson_rng(
                    &[width, height, depth],
                    radius,
                    K as usize,
                    false,
                    &mut rng,
                )
                .expect("a valid box")
            }
            System::Faster => faster_poisson::Poisson3D::new()
                .dims([width, height, depth])
                .radius(radius)
                .attempts(K as usize)
                .seed(Some(SEED))
                .run(),
            System::FasterUniform => faster_poisson::Poisson3D::new()
                .dims([width, height, depth])
                .radius(radius)
                .attempts(K as usize)
                .cdf_exp(Some(3.0))
                .seed(Some(SEED))
                .run(),
        }
    }
}

/// One line of the table.
struct Row {
    system: System,
    timing: Timing,
    /// The smallest distance between two points of the last run (infinite if no two points lie
    /// within 2r of each other).
    min_gap: f64,
    /// Points of the last run outside the box.
    outside: usize,
}

/// Runs every system on the box (up to 3 runs each, 1 in quick mode; no new run of a system
/// once its runs have taken 20 s, 3 s in quick mode), prints the table and the targets.
pub(crate) fn tables(quick: bool) {
    let (cube, reps, budget) = if quick {
        (Cube::side(60.0, 2.0), 1, Duration::from_secs(3))
    } else {
        (Cube::side(100.0, 2.0), 3, Duration::from_secs(20))
    };
    println!("### 3D: a box filled in space\n");
    let rows = measure(cube, reps, budget);
    println!(
        "{}; single thread; best of up to {reps} runs per row (fewer for a system whose runs \
         exceed {} s), the systems taking turns. Points per r³ = points · r³ / volume. \"Speed \
         ÷ faster_poisson\" = this row's points per second ÷ faster_poisson `Poisson3D`'s (30 \
         attempts). \"Min gap / r\" = the smallest distance between two of the row's points ÷ \
         r, measured after the timed runs (✗: closer than r).\n",
        cube.label(),
        budget.as_secs()
    );
    print_table(&rows, cube);
    print_targets(&rows, cube);
    println!("\nLoad average now: {}\n", load());
}

/// Runs every system on the box, taking turns, keeps each one's best time and checks the last
/// run's points.
fn measure(cube: Cube, reps: u32, budget: Duration) -> Vec<Row> {
    let tty = std::io::stderr().is_terminal();
    let mut rows: Vec<Row> = SYSTEMS
        .iter()
        .map(|&system| Row {
            system,
            timing: Timing::NONE,
            min_gap: f64::INFINITY,
            outside: 0,
        })
        .collect();
    let mut last: Vec<Vec<[f64; 3]>> = vec![Vec::new(); rows.len()];
    take_turns(
        &mut rows,
        reps,
        budget,
        |row| format!("{:<66} {:<26}", row.system.name(), cube.label()),
        |i, row| {
            // The previous run's points are freed before the clock starts.
            last[i] = Vec::new();
            let (points, took) = timed(|| row.system.fill(black_box(cube)));
            row.timing.record(points.len(), took);
            last[i] = points;
            took
        },
    );
    if tty {
        eprint!("\r{:110}\r", "");
    }
    for (row, points) in rows.iter_mut().zip(&last) {
        row.min_gap = min_gap(points, cube.radius);
        row.outside = points.iter().filter(|p| !cube.contains(p)).count();
    }
    rows
}

/// Whether the smallest gap keeps the spacing: no two points closer than r (less 1e-9 for
/// rounding).
fn spaced(min_gap: f64, radius: f64) -> bool {
    min_gap >= radius - 1e-9
}

fn print_table(rows: &[Row], cube: Cube) {
    let peer = rows
        .iter()
        .find(|r| r.system == System::Faster)
        .map(|r| r.timing.rate());
    let r3 = cube.radius.powi(3);
    println!(
        "| system | points | points per r³ | seconds | M points/s | speed ÷ faster_poisson | \
         min gap / r | runs |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for row in rows {
        let gap = if row.min_gap.is_finite() {
            format!(
                "{:.4}{}",
                row.min_gap / cube.radius,
                if spaced(row.min_gap, cube.radius) {
                    ""
                } else {
                    " ✗"
                }
            )
        } else {
            "–".into()
        };
        println!(
            "| {} | {} | {:.3} | {:.4} | {:.3} | {} | {gap} | {} |",
            row.system.name(),
            row.timing.points,
            row.timing.points as f64 * r3 / cube.volume(),
            row.timing.best.as_secs_f64(),
            row.timing.rate() / 1e6,
            peer.map_or("–".into(), |p| format!("{:.2}×", row.timing.rate() / p)),
            row.timing.runs
        );
    }
    let outside: Vec<String> = rows
        .iter()
        .filter(|r| r.outside > 0)
        .map(|r| format!("{} ({} points)", r.system.name(), r.outside))
        .collect();
    if outside.is_empty() {
        println!("\nEvery system's points lie in the box [0, W) × [0, H) × [0, D).");
    } else {
        println!("\nPoints outside the box: {}.", outside.join("; "));
    }
    println!(
        "\nfaster_poisson 1.3.0's 3D spacing test measures a candidate's distance in x and y only \
         (`Params3D::is_sample_valid`), so it also turns down candidates r apart in 3D: its \
         points keep the spacing, but fewer fit in the box."
    );
}

/// The 3D targets: classic ≥ 0.57 points per r³ and ≥ 5× faster_poisson `Poisson3D`; fast
/// ≥ 0.65 points per r³ and ≥ 10× it.
fn print_targets(rows: &[Row], cube: Cube) {
    let find = |system| rows.iter().find(|r| r.system == system);
    let Some(peer) = find(System::Faster) else {
        return;
    };
    let verdict = |ok: bool| if ok { "met" } else { "missed" };
    println!("\nTargets on {}:\n", cube.label());
    for (system, what, density_target, speed_target) in [
        (System::OursClassic, "classic `poisson_disk_3d`", 0.57, 5.0),
        (System::OursFast, "fast `fast_poisson_3d`", 0.65, 10.0),
    ] {
        let Some(ours) = find(system) else {
            continue;
        };
        let density = ours.timing.points as f64 * cube.radius.powi(3) / cube.volume();
        let ratio = ours.timing.rate() / peer.timing.rate();
        let time = peer.timing.best.as_secs_f64() / ours.timing.best.as_secs_f64();
        let spacing = if spaced(ours.min_gap, cube.radius) && ours.outside == 0 {
            String::new()
        } else {
            " (but its spacing or box is broken, see the table)".into()
        };
        println!(
            "- Ours {what}: {density:.3} points per r³ (target ≥ {density_target}: {}); \
             {ratio:.2}× faster_poisson `Poisson3D`'s points per second (target ≥ {speed_target}: \
             {}; its time ÷ ours: {time:.2}×){spacing}.",
            verdict(density >= density_target),
            verdict(ratio >= speed_target)
        );
    }
}

/// The smallest distance between two of the points, by a grid of cubic cells 2r on a side
/// over the points' bounding box: every pair closer than 2r lies in the same or neighbouring
/// cells, so the result is exact whenever it is below 2r; infinite if no pair is that close.
fn min_gap(points: &[[f64; 3]], radius: f64) -> f64 {
    if points.len() < 2 {
        return f64::INFINITY;
    }
    let cell = 2.0 * radius;
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in points {
        for a in 0..3 {
            lo[a] = lo[a].min(p[a]);
            hi[a] = hi[a].max(p[a]);
        }
    }
    // Cells along each axis (at least one; the float-to-int cast saturates on a huge span).
    let dims: [usize; 3] = std::array::from_fn(|a| ((hi[a] - lo[a]) / cell) as usize + 1);
    let coord = |p: &[f64; 3]| -> [usize; 3] {
        std::array::from_fn(|a| (((p[a] - lo[a]) / cell) as usize).min(dims[a] - 1))
    };
    let index = |c: [usize; 3]| (c[2] * dims[1] + c[1]) * dims[0] + c[0];
    // Counting sort of the points by cell: cell i holds order[start[i]..start[i + 1]].
    let cells = dims[0] * dims[1] * dims[2];
    let mut start = vec![0usize; cells + 1];
    for p in points {
        start[index(coord(p)) + 1] += 1;
    }
    for i in 0..cells {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut order = vec![0usize; points.len()];
    for (i, p) in points.iter().enumerate() {
        let c = index(coord(p));
        order[fill[c]] = i;
        fill[c] += 1;
    }
    let mut best = f64::INFINITY;
    for (i, p) in points.iter().enumerate() {
        let c = coord(p);
        let span = |a: usize| c[a].saturating_sub(1)..=(c[a] + 1).min(dims[a] - 1);
        for z in span(2) {
            for y in span(1) {
                for x in span(0) {
                    let k = index([x, y, z]);
                    for &j in &order[start[k]..start[k + 1]] {
                        // Each pair once.
                        if j <= i {
                            continue;
                        }
                        let q = &points[j];
                        let d2 =
                            (p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2);
                        best = best.min(d2);
                    }
                }
            }
        }
    }
    if best.sqrt() < cell {
        best.sqrt()
    } else {
        f64::INFINITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The grid's minimum agrees with every pair compared, on scattered points with some
    /// pairs close.
    #[test]
    fn min_gap_agrees_with_every_pair() {
        // A small xorshift: no generator crate needed for a test's scatter.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        for (n, side) in [(2, 5.0), (50, 20.0), (400, 30.0), (400, 300.0)] {
            let points: Vec<[f64; 3]> = (0..n)
                .map(|_| [next() * side, next() * side, next() * side - side / 2.0])
                .collect();
            let mut brute = f64::INFINITY;
            for (i, a) in points.iter().enumerate() {
                for b in &points[i + 1..] {
                    let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2))
                        .sqrt();
                    brute = brute.min(d);
                }
            }
            let radius = 1.5;
            let expected = if brute < 2.0 * radius {
                brute
            } else {
                f64::INFINITY
            };
            assert_eq!(min_gap(&points, radius), expected, "{n} points in {side}");
        }
        assert_eq!(min_gap(&[[1.0, 2.0, 3.0]], 1.0), f64::INFINITY);
    }

    /// Every 3D system is asked the same thing and answers it: points in the box, none closer
    /// than r, the box filled.
    #[test]
    fn every_system_fills_the_same_box() {
        let cube = Cube::side(24.0, 2.0);
        for system in SYSTEMS {
            let points = system.fill(cube);
            let density = points.len() as f64 * 8.0 / cube.volume();
            assert!((0.3..0.9).contains(&density), "{system:?}: {density}");
            assert!(points.iter().all(|p| cube.contains(p)), "{system:?}");
            let gap = min_gap(&points, cube.radius);
            assert!(spaced(gap, cube.radius), "{system:?}: {gap}");
        }
    }
}
