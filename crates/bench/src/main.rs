//! Side-by-side benchmark: poisson-live against the Rust Poisson disk samplers a game developer
//! might pick instead, on identical boxes, in one process, printed as markdown tables: the
//! classic samplers (Bridson's algorithm, `k` = 30), the fast ones (where the tutorial's draws
//! do not matter: ours `fast_poisson` against faster_poisson's default parental sampler) and, in
//! 3D, ours `poisson_disk_3d` and `fast_poisson_3d` against the peers' 3D samplers on one box
//! (the `space` module), each system's spacing checked.
//!
//! ```text
//! cargo run --release -p poisson-live-bench            # all tables, linearity, memory
//! cargo run --release -p poisson-live-bench -- --quick # smaller, faster tables
//! cargo run --release -p poisson-live-bench -- --space # only the 3D table
//! cargo run --release -p poisson-live-bench -- --memory
//! ```
//!
//! Each measurement is the best of several runs (fewer for a slow peer, within a time budget),
//! with the systems taking turns so that a burst of load elsewhere on the machine hits them all
//! alike. Peak memory is measured in a child process of this binary, so that the table's runs do
//! not inflate it: the child reads its own peak resident set (`VmHWM` in `/proc/self/status`).
//! The fast sampler's whole-process figure is a child process too, timed from spawn to exit: it
//! starts, fills the box and counts the points, as `poisson fast … --format count` would.

#![forbid(unsafe_code)]

use std::hint::black_box;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{Duration, Instant};

mod space;

/// The seed every system is given (each through its own generator).
const SEED: u64 = 123_456;
/// Tries per active point, for every system.
const K: u32 = 30;
/// The map for the memory check: about 10 million points at r = 2, just within the core's
/// default work limit of 2^25 grid cells.
const MEMORY_BOX: (f64, f64, f64) = (8100.0, 8100.0, 2.0);

/// A box to fill.
#[derive(Clone, Copy, Debug)]
struct Case {
    width: f64,
    height: f64,
    radius: f64,
}

impl Case {
    const fn square(side: f64, radius: f64) -> Self {
        Self {
            width: side,
            height: side,
            radius,
        }
    }
    fn label(self) -> String {
        format!("{} × {}, r = {}", self.width, self.height, self.radius)
    }
}

/// The samplers compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum System {
    /// Our classic sampler, `poisson_disk`: Bridson's algorithm with the tutorial's draws.
    Ours,
    PoissonDiskus,
    FastPoisson,
    /// faster_poisson's Bridson sampler with `cdf_exp(Some(2.0))` (uniform in the annulus) and
    /// 30 attempts: the classic algorithm.
    FasterBridson,
    /// Our fast sampler for games, `fast_poisson`.
    OursFast,
    /// faster_poisson's default sampler (`Poisson2D::new()`: parental, its own attempts and
    /// `cdf_exp`), only the box, radius and seed set.
    FasterParental,
}

impl System {
    fn name(self) -> &'static str {
        match self {
            System::Ours => "poisson-live (ours)",
            System::PoissonDiskus => "poisson-diskus 1.0.0",
            System::FastPoisson => "fast_poisson 1.0.2",
            System::FasterBridson => "faster_poisson 1.3.0, Bridson (k 30, cdf_exp 2)",
            System::OursFast => "poisson-live fast_poisson (ours)",
            System::FasterParental => "faster_poisson 1.3.0, default parental sampler",
        }
    }

    /// The row that "speed vs ours" divides by: ours of the same kind.
    fn ours(self) -> System {
        match self {
            System::OursFast | System::FasterParental => System::OursFast,
            _ => System::Ours,
        }
    }

    /// Fills the box once and returns the number of points: what the table times.
    fn run(self, case: Case) -> usize {
        match self {
            // Ours returns points with their radius; counting them needs no conversion.
            System::Ours => {
                poisson_live::poisson_disk(case.width, case.height, case.radius, K, SEED as i32)
                    .expect("a valid box")
                    .len()
            }
            _ => self.fill(case).len(),
        }
    }

    /// Fills the box once and returns the points.
    fn fill(self, case: Case) -> Vec<[f64; 2]> {
        let Case {
            width,
            height,
            radius,
        } = case;
        match self {
            System::Ours => poisson_live::poisson_disk(width, height, radius, K, SEED as i32)
                .expect("a valid box")
                .iter()
                .map(|p| [p.x, p.y])
                .collect(),
            System::PoissonDiskus => {
                use rand_08::SeedableRng;
                let mut rng = rand_08::rngs::StdRng::seed_from_u64(SEED);
                poisson_diskus::bridson_rng(&[width, height], radius, K as usize, false, &mut rng)
                    .expect("a valid box")
            }
            System::FastPoisson => fast_poisson::Poisson2D::new()
                .with_dimensions([width, height], radius)
                .with_samples(K)
                .with_seed(SEED)
                .generate(),
            System::FasterBridson => faster_poisson::PoissonBridson2D::new()
                .dims([width, height])
                .radius(radius)
                .attempts(K as usize)
                .cdf_exp(Some(2.0))
                .seed(Some(SEED))
                .run(),
            System::OursFast => {
                poisson_live::fast_poisson(width, height, radius, SEED as i32).expect("a valid box")
            }
            System::FasterParental => faster_poisson::Poisson2D::new()
                .dims([width, height])
                .radius(radius)
                .seed(Some(SEED))
                .run(),
        }
    }
}

/// One line of the table.
struct Row {
    system: System,
    case: Case,
    timing: Timing,
}

/// A system's runs on one box: the best time, how many runs, and the points of the last.
#[derive(Clone, Copy)]
struct Timing {
    points: usize,
    best: Duration,
    runs: u32,
}

impl Timing {
    /// Before the first run.
    const NONE: Timing = Timing {
        points: 0,
        best: Duration::MAX,
        runs: 0,
    };

    /// Counts a run that gave `points` points in `took`.
    fn record(&mut self, points: usize, took: Duration) {
        self.points = points;
        self.best = self.best.min(took);
        self.runs += 1;
    }

    /// Points per second at the best time.
    fn rate(&self) -> f64 {
        self.points as f64 / self.best.as_secs_f64()
    }
}

/// How hard to try.
struct Plan {
    /// The largest number of runs per system and box.
    reps: u32,
    /// No new run of a system on a box once its runs there have taken this long.
    budget: Duration,
    /// Boxes and the classic systems run on each (the first table).
    cases: Vec<(Case, Vec<System>)>,
    /// Boxes and the fast systems run on each (the second table).
    fast: Vec<(Case, Vec<System>)>,
    /// Whole-process runs of our fast sampler on the fast table's largest box.
    process_runs: u32,
    /// The pair of boxes (4× the area) whose times show whether ours is linear.
    linear: Option<(Case, Case)>,
    memory: bool,
}

fn plan(quick: bool) -> Plan {
    use System::*;
    let small = Case::square(1000.0, 2.0);
    let main = Case::square(2000.0, 2.0);
    let big = Case::square(4000.0, 2.0);
    if quick {
        Plan {
            reps: 2,
            budget: Duration::from_secs(3),
            cases: vec![
                (small, vec![Ours, PoissonDiskus, FastPoisson, FasterBridson]),
                (main, vec![Ours, PoissonDiskus, FasterBridson]),
            ],
            fast: vec![(main, vec![OursFast, FasterParental])],
            process_runs: 2,
            linear: None,
            memory: false,
        }
    } else {
        Plan {
            reps: 5,
            budget: Duration::from_secs(20),
            cases: vec![
                (small, vec![Ours, PoissonDiskus, FastPoisson, FasterBridson]),
                (main, vec![Ours, PoissonDiskus, FastPoisson, FasterBridson]),
                (big, vec![Ours]),
            ],
            fast: vec![
                (main, vec![OursFast, FasterParental]),
                (big, vec![OursFast, FasterParental]),
            ],
            process_runs: 5,
            linear: Some((main, big)),
            memory: true,
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    if has("--help") || has("-h") {
        println!(
            "poisson-live-bench: ours against poisson-diskus, fast_poisson and faster_poisson, markdown tables in 2D and 3D\n\n\
             Usage: poisson-live-bench [--quick] [--fast | --space | --memory]\n\n  \
             --quick   smaller boxes and fewer runs (about a minute)\n  \
             --fast    only the fast samplers' table and issue 12's targets\n  \
             --space   only the 3D table (ours poisson_disk_3d and fast_poisson_3d) and its targets\n  \
             --memory  only the peak-memory check of ours at about 10 M points\n\n\
             Build with --release: a debug build measures the debug build."
        );
        return ExitCode::SUCCESS;
    }
    if let Some(at) = args.iter().position(|a| a == "--memory-child") {
        return memory_child(&args[at + 1..]);
    }
    if let Some(at) = args.iter().position(|a| a == "--fast-child") {
        return fast_child(&args[at + 1..]);
    }
    for a in &args {
        if !matches!(a.as_str(), "--quick" | "--fast" | "--space" | "--memory") {
            eprintln!("poisson-live-bench: error: unknown argument '{a}'; see --help");
            return ExitCode::from(2);
        }
    }
    if cfg!(debug_assertions) {
        eprintln!("poisson-live-bench: warning: this is a debug build; run with --release for real numbers");
    }

    println!("{}\n", machine());
    if has("--memory") {
        return report_memory();
    }
    if has("--space") {
        space::tables(has("--quick"));
        return ExitCode::SUCCESS;
    }
    let mut plan = plan(has("--quick"));
    if has("--fast") {
        plan.cases.clear();
        plan.linear = None;
        plan.memory = false;
    }
    if !plan.cases.is_empty() {
        classic_tables(&plan);
    }
    fast_tables(&plan);
    if !has("--fast") {
        space::tables(has("--quick"));
    }
    let code = if plan.memory {
        report_memory()
    } else {
        ExitCode::SUCCESS
    };
    println!("\nLoad average after the runs: {}", load());
    code
}

/// The classic table, its targets and the linearity check.
fn classic_tables(plan: &Plan) {
    println!("### Classic: Bridson's algorithm\n");
    let rows = measure(plan, &plan.cases);
    print_table(
        &rows,
        &format!(
            "Bridson's algorithm, k = {K}, single thread; best of up to {} runs per row (fewer for a \
             system whose runs on a box exceed {} s). Points per r² = points · r² / area. \
             \"Speed vs ours\" = this system's points per second ÷ ours on the same box.",
            plan.reps,
            plan.budget.as_secs()
        ),
    );
    print_speed_target(&rows);
    if let Some((a, b)) = plan.linear {
        print_linearity(&rows, a, b);
    }
    println!("\nLoad average now: {}\n", load());
}

/// The fast samplers' table and issue 12's targets for them.
fn fast_tables(plan: &Plan) {
    println!("### Fast: where the tutorial's draws do not matter\n");
    let fast = measure(plan, &plan.fast);
    print_table(
        &fast,
        &format!(
            "Each system's fastest way to fill a box at spacing r, single thread: ours \
             `fast_poisson` (16 candidates just beyond r per point) and faster_poisson's default \
             sampler (`Poisson2D::new()`, parental). Best of up to {} runs per row; points per r² \
             as above; \"speed vs ours\" = ÷ ours `fast_poisson` on the same box.",
            plan.reps
        ),
    );
    print_fast_targets(&fast, plan);
}

/// Runs every system on every box, taking turns, and keeps each one's best time.
fn measure(plan: &Plan, cases: &[(Case, Vec<System>)]) -> Vec<Row> {
    let tty = std::io::stderr().is_terminal();
    let mut rows = Vec::new();
    for (case, systems) in cases {
        let mut mine: Vec<Row> = systems
            .iter()
            .map(|&system| Row {
                system,
                case: *case,
                timing: Timing::NONE,
            })
            .collect();
        take_turns(
            &mut mine,
            plan.reps,
            plan.budget,
            |row| format!("{:<48} {:<22}", row.system.name(), case.label()),
            |_, row| {
                let (points, took) = timed(|| row.system.run(black_box(*case)));
                row.timing.record(points, took);
                took
            },
        );
        rows.extend(mine);
    }
    if tty {
        eprint!("\r{:90}\r", "");
    }
    rows
}

/// Runs each of `rows` up to `reps` times, taking turns, with no new run of a row once its
/// runs have taken `budget`; `run` runs row `i` once, records it and returns how long it took.
/// On a terminal, a progress line names the row (`label`) and the run.
fn take_turns<R>(
    rows: &mut [R],
    reps: u32,
    budget: Duration,
    label: impl Fn(&R) -> String,
    mut run: impl FnMut(usize, &mut R) -> Duration,
) {
    let tty = std::io::stderr().is_terminal();
    let mut spent = vec![Duration::ZERO; rows.len()];
    for rep in 0..reps {
        for (i, (row, spent)) in rows.iter_mut().zip(&mut spent).enumerate() {
            if rep > 0 && *spent >= budget {
                continue;
            }
            if tty {
                eprint!("\r{} run {}/{}   ", label(row), rep + 1, reps);
            }
            *spent += run(i, row);
        }
    }
}

/// Runs `fill` once on the clock: what it returns, and how long it took.
fn timed<T>(fill: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = black_box(fill());
    (out, start.elapsed())
}

fn print_table(rows: &[Row], intro: &str) {
    println!("{intro}\n");
    println!(
        "| system | box | points | points per r² | seconds | M points/s | speed vs ours | runs |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    for row in rows {
        let ours = rows
            .iter()
            .find(|o| o.system == row.system.ours() && o.case.label() == row.case.label())
            .map(|o| o.timing.rate());
        let Case {
            width,
            height,
            radius,
        } = row.case;
        println!(
            "| {} | {} × {} | {} | {:.3} | {:.3} | {:.3} | {} | {} |",
            row.system.name(),
            width,
            height,
            row.timing.points,
            row.timing.points as f64 * radius * radius / (width * height),
            row.timing.best.as_secs_f64(),
            row.timing.rate() / 1e6,
            ours.map_or("–".into(), |o| format!("{:.3}×", row.timing.rate() / o)),
            row.timing.runs
        );
    }
}

/// The issue's speed target for ours on the 2000 × 2000 box, and how far ahead of the fastest
/// peer that is.
fn print_speed_target(rows: &[Row]) {
    let on_main = |r: &&Row| r.case.width == 2000.0 && r.case.height == 2000.0;
    let Some(ours) = rows
        .iter()
        .filter(on_main)
        .find(|r| r.system == System::Ours)
    else {
        return;
    };
    let best_peer = rows
        .iter()
        .filter(on_main)
        .filter(|r| r.system != System::Ours)
        .max_by(|a, b| a.timing.rate().total_cmp(&b.timing.rate()));
    let speed = ours.timing.rate() / 1e6;
    print!(
        "\nTarget on 2000 × 2000, r = 2: ours {speed:.3} M points/s (target ≥ 1.0: {})",
        if speed >= 1.0 { "met" } else { "missed" }
    );
    match best_peer {
        Some(peer) => println!(
            "; {:.1}× the fastest peer here ({}).",
            ours.timing.rate() / peer.timing.rate(),
            peer.system.name()
        ),
        None => println!("."),
    }
    if let Some(peer) = rows
        .iter()
        .filter(on_main)
        .find(|r| r.system == System::FasterBridson)
    {
        let ratio = ours.timing.rate() / peer.timing.rate();
        println!(
            "Ours ÷ faster_poisson's Bridson on that box: {ratio:.2}× (issue 12 target ≥ 3: {}).",
            if ratio >= 3.0 { "met" } else { "missed" }
        );
    }
}

/// Issue 12's targets for the fast sampler, on the fast table's largest box: points per r²,
/// M points/s in this process and as a whole process, and the ratio to faster_poisson's default
/// sampler in this run.
fn print_fast_targets(rows: &[Row], plan: &Plan) {
    let Some(big) = plan.fast.last().map(|(case, _)| *case) else {
        return;
    };
    let find = |system| {
        rows.iter()
            .find(|r| r.system == system && r.case.label() == big.label())
    };
    let (Some(ours), Some(peer)) = (find(System::OursFast), find(System::FasterParental)) else {
        return;
    };
    let density = ours.timing.points as f64 * big.radius * big.radius / (big.width * big.height);
    let ratio = ours.timing.rate() / peer.timing.rate();
    let verdict = |ok: bool| if ok { "met" } else { "missed" };
    println!(
        "\nTargets on {} (issue 12): {density:.3} points per r² (target ≥ 0.85: {}); \
         {:.2} M points/s in this process; {ratio:.2}× faster_poisson's default sampler \
         (target ≥ 5: {}).",
        big.label(),
        verdict(density >= 0.85),
        ours.timing.rate() / 1e6,
        verdict(ratio >= 5.0)
    );
    match whole_process(big, plan.process_runs) {
        Ok((points, best)) => {
            let rate = points as f64 / best.as_secs_f64() / 1e6;
            println!(
                "Whole process (this program run again as a child that fills the box and counts \
                 the points, timed from spawn to exit; best of {}): {:.3} s, {rate:.2} M points/s \
                 (target ≥ 4: {}).",
                plan.process_runs,
                best.as_secs_f64(),
                verdict(rate >= 4.0)
            );
        }
        Err(e) => println!("Whole process: not measured ({e})."),
    }
}

/// The best wall-clock time of `runs` child processes that each fill `case` with the fast
/// sampler, and the points they counted.
fn whole_process(case: Case, runs: u32) -> Result<(usize, Duration), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let mut best = Duration::MAX;
    let mut points = 0;
    for _ in 0..runs {
        let start = Instant::now();
        let out = std::process::Command::new(&exe)
            .args([
                "--fast-child",
                &case.width.to_string(),
                &case.height.to_string(),
                &case.radius.to_string(),
            ])
            .output()
            .map_err(|e| format!("cannot run the child: {e}"))?;
        let took = start.elapsed();
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).trim().to_string());
        }
        points = String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse()
            .map_err(|e| format!("the child printed no count: {e}"))?;
        best = best.min(took);
    }
    Ok((points, best))
}

/// The child side of the whole-process figure: fill the box with the fast sampler, print the
/// count.
fn fast_child(args: &[String]) -> ExitCode {
    let num = |i: usize| args.get(i).and_then(|v| v.parse::<f64>().ok());
    let (Some(w), Some(h), Some(r)) = (num(0), num(1), num(2)) else {
        eprintln!("poisson-live-bench: error: --fast-child needs WIDTH HEIGHT RADIUS");
        return ExitCode::from(2);
    };
    match poisson_live::fast_poisson(w, h, r, SEED as i32) {
        Ok(points) => {
            println!("{}", points.len());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("poisson-live-bench: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Time for 4× the area (about 4× the points) against time for the smaller box, scaled to
/// exactly 4× the points: linear time gives 4.
fn print_linearity(rows: &[Row], small: Case, big: Case) {
    let find = |case: Case| {
        rows.iter()
            .find(|r| r.system == System::Ours && r.case.label() == case.label())
    };
    if let (Some(a), Some(b)) = (find(small), find(big)) {
        let points = b.timing.points as f64 / a.timing.points as f64;
        let time = b.timing.best.as_secs_f64() / a.timing.best.as_secs_f64();
        let scaled = time * 4.0 / points;
        println!(
            "\nLinearity (ours): {} → {}: {points:.3}× the points in {time:.3}× the time; \
             time for exactly 4× the points = {scaled:.2}× (target ≤ 4.4: {}).",
            a.case.label(),
            b.case.label(),
            if scaled <= 4.4 { "met" } else { "missed" }
        );
    }
}

/// Runs the memory check in a child process and prints its result.
fn report_memory() -> ExitCode {
    let (w, h, r) = MEMORY_BOX;
    eprintln!("memory: filling {w} × {h}, r = {r} in a child process");
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => {
            eprintln!("\npoisson-live-bench: error: cannot find this program to rerun it: {e}");
            return ExitCode::FAILURE;
        }
    };
    let out = std::process::Command::new(exe)
        .args([
            "--memory-child",
            &w.to_string(),
            &h.to_string(),
            &r.to_string(),
        ])
        .output();
    let out = match out {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).into_owned(),
        Ok(out) => {
            eprintln!(
                "poisson-live-bench: error: the memory child failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("poisson-live-bench: error: cannot run the memory child: {e}");
            return ExitCode::FAILURE;
        }
    };
    let field = |name: &str| -> f64 {
        out.split_whitespace()
            .find_map(|kv| kv.strip_prefix(name).and_then(|v| v.strip_prefix('=')))
            .and_then(|v| v.parse().ok())
            .unwrap_or(f64::NAN)
    };
    let (points, before, peak) = (
        field("points"),
        field("before_kib") * 1024.0,
        field("peak_kib") * 1024.0,
    );
    let per_point = peak / points;
    println!(
        "\nPeak memory (ours, poisson_disk on {w} × {h}, r = {r}): {points} points; peak resident set {:.1} MiB \
         = {per_point:.1} bytes per point (target ≤ 64: {}); {:.1} bytes per point above the {:.1} MiB the \
         process held before sampling.",
        peak / 1048576.0,
        if per_point <= 64.0 { "met" } else { "missed" },
        (peak - before) / points,
        before / 1048576.0
    );
    ExitCode::SUCCESS
}

/// The child side of the memory check: fill the box once, report the peak resident set.
fn memory_child(args: &[String]) -> ExitCode {
    let num = |i: usize| args.get(i).and_then(|v| v.parse::<f64>().ok());
    let (Some(w), Some(h), Some(r)) = (num(0), num(1), num(2)) else {
        eprintln!("poisson-live-bench: error: --memory-child needs WIDTH HEIGHT RADIUS");
        return ExitCode::from(2);
    };
    let before = peak_kib();
    match poisson_live::poisson_disk(w, h, r, K, SEED as i32) {
        Ok(points) => {
            let peak = peak_kib();
            println!(
                "points={} before_kib={} peak_kib={}",
                black_box(&points).len(),
                before,
                peak
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("poisson-live-bench: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// This process's peak resident set size in KiB (`VmHWM`), or 0 where /proc is missing.
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// The CPU model, core count and load, as one markdown line.
fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| {
                l.strip_prefix("model name")
                    .map(|v| v.trim_start_matches([' ', '\t', ':']).to_string())
            })
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!(
        "Machine: {cpu}, {cores} cores; load average before the runs: {}",
        load()
    )
}

/// The 1, 5 and 15 minute load averages from /proc/loadavg.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The comparison is only fair if every system is asked the same thing: points in the box,
    /// none closer than r, the box filled (about 0.6 points per r² for Bridson with k = 30, more
    /// for the fast samplers).
    #[test]
    fn every_system_fills_the_same_box_with_the_same_spacing() {
        let case = Case::square(60.0, 2.0);
        for system in [
            System::Ours,
            System::PoissonDiskus,
            System::FastPoisson,
            System::FasterBridson,
            System::OursFast,
            System::FasterParental,
        ] {
            let points = system.fill(case);
            if system != System::PoissonDiskus {
                // poisson-diskus keeps its active list in a HashSet, whose order is random per
                // process, so even a seeded run varies a little; the others repeat exactly.
                assert_eq!(points.len(), system.run(case), "{system:?}");
            }
            let density = points.len() as f64 * 4.0 / 3600.0;
            let expected = match system {
                System::OursFast => 0.85..0.95,
                _ => 0.5..0.75,
            };
            assert!(expected.contains(&density), "{system:?}: {density}");
            for (i, a) in points.iter().enumerate() {
                assert!(
                    (0.0..60.0).contains(&a[0]) && (0.0..60.0).contains(&a[1]),
                    "{system:?}"
                );
                for b in &points[i + 1..] {
                    let d2 = (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2);
                    assert!(d2 >= 4.0 * (1.0 - 1e-12), "{system:?}: {a:?} {b:?}");
                }
            }
        }
    }
}
