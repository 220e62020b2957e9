//! Sampler construction from any numbers, then any sequence of starts, try-adds, steps and runs,
//! with an optional radius rule and ground rule. After every operation the sampler's promises are
//! checked: spacing by the smaller-radius rule, on the map, active ⊆ points, the counters.
#![no_main]

use arbitrary::Arbitrary;
use fuzz_support::{cells_for, check_in_bounds, check_spacing, positive, Coord, MaskSpec, F, K};
use libfuzzer_sys::fuzz_target;
use poisson_live::bridson::{variable_sampler, Outcome, Sampler, Step, MAX_K};
use poisson_live::density::DensityField;
use poisson_live::error::DEFAULT_MAX_CELLS;
use poisson_live::rng::STUCK_SEED;
use poisson_live::SamplerParams;
use poisson_live::{Error, Grid};
use std::f64::consts::SQRT_2;

/// Candidate throws one input may cost (k per step), so every run stays in milliseconds.
const BUDGET: u64 = 400_000;

#[derive(Debug, Clone, Copy, Arbitrary)]
enum Rule {
    /// `base + amp · sin(x · fx) · cos(y · fy)`.
    Waves { base: F, amp: F, fx: F, fy: F },
    /// A constant.
    Const(F),
    /// A step: `lo` left of `split`, `hi` right of it.
    Split { split: F, lo: F, hi: F },
}

impl Rule {
    fn func(self) -> impl Fn(f64, f64) -> f64 + Send + Sync + Clone + 'static {
        move |x: f64, y: f64| match self {
            Rule::Waves { base, amp, fx, fy } => {
                base.0 + amp.0 * (x * fx.0).sin() * (y * fy.0).cos()
            }
            Rule::Const(c) => c.0,
            Rule::Split { split, lo, hi } => {
                if x < split.0 {
                    lo.0
                } else {
                    hi.0
                }
            }
        }
    }
}

#[derive(Debug, Clone, Arbitrary)]
enum Build {
    /// `Sampler::new`.
    New,
    /// `variable_sampler` with a max radius and a rule (clamped by the crate).
    Variable { max_radius: F, rule: Rule },
    /// `Grid::new` with any cell, then `Sampler::with_grid`.
    WithGrid { cell: F },
    /// `DensityField::new(..).sampler(..)`.
    Density { max_radius: F, patch: F },
}

#[derive(Debug, Clone, Copy, Arbitrary)]
enum Op {
    StartRandom,
    StartAt(Coord, Coord),
    TryAdd(Coord, Coord),
    Step,
    Run(u8),
    SeedBlocks,
}

#[derive(Debug, Clone, Arbitrary)]
struct Input {
    width: F,
    height: F,
    radius: F,
    k: K,
    seed: i32,
    build: Build,
    /// An unclamped rule set with `with_radius_fn` (NaN, ∞, negatives all allowed).
    raw_rule: Option<Rule>,
    mask: Option<MaskSpec>,
    ops: Vec<Op>,
}

impl Input {
    /// Width, height, radius, k and seed, as `Sampler::new` takes them.
    fn params(&self) -> (f64, f64, f64, u32, i32) {
        let (w, h, r) = (self.width.0, self.height.0, self.radius.0);
        (w, h, r, self.k.get(), self.seed)
    }
}

fn build(inp: &Input) -> poisson_live::Result<Sampler> {
    let (w, h, r, k, seed) = inp.params();
    let mut s = match &inp.build {
        Build::New => Sampler::new(w, h, r, k, seed)?,
        Build::Variable { max_radius, rule } => variable_sampler(
            SamplerParams {
                width: w,
                height: h,
                radius: r,
                k,
                seed,
            },
            max_radius.0,
            rule.func(),
        )?,
        Build::WithGrid { cell } => Sampler::with_grid(Grid::new(w, h, cell.0)?, r, k, seed)?,
        Build::Density { max_radius, patch } => {
            DensityField::new(seed, r, max_radius.0, patch.0)?.sampler(w, h, k, seed)?
        }
    };
    if let Some(rule) = inp.raw_rule {
        s = s.with_radius_fn(rule.func());
    }
    if let Some(m) = &inp.mask {
        let mask = m.mask(w, h);
        s = s.with_allowed(move |x, y| mask.allows(x, y));
    }
    Ok(s)
}

/// `Sampler::new` is Ok exactly when every input is valid and the grid fits the limit.
fn check_new_validation(inp: &Input, result: &poisson_live::Result<Sampler>) {
    let (w, h, r, k, seed) = inp.params();
    let cell = r / SQRT_2;
    let valid = positive(w)
        && positive(h)
        && positive(r)
        && cell > 0.0
        && (1..=MAX_K).contains(&k)
        && seed != STUCK_SEED
        && cells_for(w, h, cell) <= DEFAULT_MAX_CELLS as f64;
    assert!(
        result.is_ok() == valid,
        "Sampler::new({w}, {h}, {r}, {k}, {seed}) gave {:?}",
        result.as_ref().err()
    );
    if let Err(e) = result {
        let msg = e.to_string();
        assert!(!msg.is_empty());
        if let Error::TooMuchWork { .. } = e {
            // The advice must work: the radius it names fits the limit.
            if let Some(advice) = e.advised_minimum("radius") {
                assert!(
                    Grid::for_radius(w, h, advice).is_ok(),
                    "advice {advice} from {msg:?} does not fit"
                );
            }
        }
    }
}

/// An upper bound on what a rule returns (NaN when unknown).
fn rule_bound(rule: Rule) -> f64 {
    match rule {
        Rule::Waves { base, amp, .. } => base.0.abs() + amp.0.abs(),
        Rule::Const(c) => c.0,
        Rule::Split { lo, hi, .. } => lo.0.max(hi.0),
    }
}

/// How many 5 × 5 blocks of cells one candidate's query may read: a radius of many cells makes
/// `Grid::conflict` scan a (2·reach + 1)² block (up to the whole grid; bug M, reported), so the
/// work budget charges for it instead of letting one input run for a minute.
fn query_factor(inp: &Input, s: &Sampler) -> u64 {
    let base = s.radius();
    let mut rmax = match &inp.build {
        Build::New | Build::WithGrid { .. } => base,
        Build::Variable { max_radius, rule } => base.max(rule_bound(*rule).min(max_radius.0)),
        Build::Density { max_radius, .. } => base.max(max_radius.0),
    };
    if let Some(rule) = inp.raw_rule {
        rmax = rmax.max(rule_bound(rule)).max(base);
    }
    let g = s.grid();
    let cells = (g.cols() * g.rows()) as f64;
    let reach = (rmax / g.cell()).ceil();
    let block = (2.0 * reach + 1.0).powi(2);
    let block = if block.is_nan() {
        cells
    } else {
        block.min(cells)
    };
    ((block / 25.0).ceil() as u64).max(1)
}

/// Runs the ops, checking after each; returns the points' bits and counters for replay.
fn exercise(inp: &Input, mut s: Sampler) -> (Vec<[u64; 3]>, [u64; 4]) {
    let (w, h) = (s.grid().width(), s.grid().height());
    let k = u64::from(s.k());
    let base = s.radius();
    let mask = inp.mask.as_ref().map(|m| m.mask(w, h));
    assert!(s.points().is_empty() && s.active().is_empty() && s.is_finished());
    assert_eq!(
        (s.steps(), s.attempted(), s.accepted(), s.retired()),
        (0, 0, 0, 0)
    );

    let mut budget = BUDGET;
    // Budget units per step: k candidates, each a query of `factor` blocks.
    let unit = k * query_factor(inp, &s);
    // Points placed by something other than a step (starts, try-adds, block seeding).
    let mut added_by_hand: u64 = 0;
    for op in inp.ops.iter().take(64) {
        let before = s.points().len();
        let steps_before = s.steps();
        match *op {
            Op::StartRandom | Op::StartAt(..) | Op::TryAdd(..) => {
                let (out, x, y) = match *op {
                    Op::StartRandom => (s.start_random(), f64::NAN, f64::NAN),
                    Op::StartAt(x, y) => {
                        let (x, y) = (x.on(w), y.on(h));
                        (s.start_at(x, y), x, y)
                    }
                    Op::TryAdd(x, y) => {
                        let (x, y) = (x.on(w), y.on(h));
                        (s.try_add(x, y), x, y)
                    }
                    _ => unreachable!(),
                };
                let on_map = x >= 0.0 && y >= 0.0 && x < w && y < h;
                match out {
                    Outcome::Accepted => {
                        added_by_hand += 1;
                        assert_eq!(s.points().len(), before + 1);
                        assert_eq!(s.active().last(), Some(&before));
                        if !x.is_nan() {
                            let p = s.points()[before];
                            assert!(p.x == x && p.y == y, "{p:?} placed for ({x}, {y})");
                        }
                    }
                    other => {
                        assert_eq!(s.points().len(), before, "{other:?} added a point");
                        match other {
                            Outcome::OffMap => assert!(x.is_nan() || !on_map),
                            Outcome::WrongGround => {
                                assert!(mask.is_some());
                                if !x.is_nan() {
                                    assert!(!mask.as_ref().unwrap().allows(x, y));
                                }
                            }
                            Outcome::TooClose(hit) => {
                                let p = s.grid().points()[hit];
                                if !x.is_nan() {
                                    let m = p.r.min(s.radius_at(x, y));
                                    let (dx, dy) = (p.x - x, p.y - y);
                                    assert!(dx * dx + dy * dy < m * m, "TooClose({hit}) is not");
                                }
                            }
                            Outcome::Accepted => unreachable!(),
                        }
                    }
                }
            }
            Op::Step => {
                if budget < unit {
                    continue;
                }
                budget -= unit;
                let accepted = s.accepted();
                let retired = s.retired();
                let st = s.step();
                assert!(s.tried().len() as u64 <= k);
                match st {
                    Step::Placed(i) => {
                        assert_eq!(i, before);
                        assert_eq!(s.points().len(), before + 1);
                        assert_eq!(s.accepted(), accepted + 1);
                        assert_eq!(s.retired(), retired);
                        assert_eq!(s.steps(), steps_before + 1);
                        assert!(s.active().contains(&i));
                        assert_eq!(s.tried().last().map(|c| c.outcome), Some(Outcome::Accepted));
                        assert!(s.current().unwrap() < before);
                    }
                    Step::Retired(i) => {
                        assert!(i < before);
                        assert_eq!(s.points().len(), before);
                        assert_eq!(s.retired(), retired + 1);
                        assert_eq!(s.steps(), steps_before + 1);
                        assert!(!s.active().contains(&i));
                        assert_eq!(s.tried().len() as u64, k);
                        assert!(s.tried().iter().all(|c| !c.outcome.accepted()));
                        assert_eq!(s.current(), Some(i));
                    }
                    Step::Finished => {
                        assert!(s.is_finished());
                        assert_eq!(s.points().len(), before);
                        assert_eq!(s.steps(), steps_before);
                    }
                }
            }
            Op::Run(n) => {
                let n = u64::from(n % 32).min(budget / unit);
                budget -= n * unit;
                let done = s.run(n);
                assert_eq!(done, s.is_finished());
                assert!(s.steps() - steps_before <= n);
            }
            Op::SeedBlocks => {
                let spacing = 2.0 * base;
                let blocks = ((w / spacing).ceil() * (h / spacing).ceil()).max(1.0);
                let cost = blocks * unit as f64;
                if cost > budget as f64 {
                    continue;
                }
                budget -= cost as u64;
                s.seed_blocks();
                added_by_hand += (s.points().len() - before) as u64;
                assert_eq!(s.steps(), steps_before);
            }
        }

        // Invariants after every operation.
        let n = s.points().len();
        assert!(
            s.active().iter().all(|&i| i < n),
            "active index out of range"
        );
        let mut seen = s.active().to_vec();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), s.active().len(), "an index is active twice");
        assert_eq!(
            s.retired() + s.active().len(),
            n,
            "retired + active ≠ points"
        );
        assert_eq!(
            s.steps(),
            s.accepted() + s.retired() as u64,
            "steps ≠ placed + retired"
        );
        assert_eq!(
            n as u64,
            added_by_hand + s.accepted(),
            "points ≠ by hand + by step"
        );
        assert!(s.attempted() >= s.accepted());
        assert_eq!(s.is_finished(), s.active().is_empty());
    }

    let pts = s.points();
    check_in_bounds(pts, w, h, "sampler");
    for p in pts {
        assert!(p.r >= base, "{p:?} has a radius below the sampler's {base}");
        assert_eq!(
            p.r.to_bits(),
            s.radius_at(p.x, p.y).to_bits(),
            "{p:?} radius"
        );
        if let Some(m) = &mask {
            assert!(m.allows(p.x, p.y), "{p:?} is on forbidden ground");
        }
    }
    check_spacing(pts, "sampler");
    assert_eq!(s.grid().points().len(), pts.len());

    let bits = pts
        .iter()
        .map(|p| [p.x.to_bits(), p.y.to_bits(), p.r.to_bits()])
        .collect();
    (
        bits,
        [s.steps(), s.attempted(), s.accepted(), s.retired() as u64],
    )
}

fuzz_target!(|inp: Input| {
    if let Build::New = inp.build {
        check_new_validation(&inp, &build(&inp));
    }
    let Ok(s) = build(&inp) else { return };
    let first = exercise(&inp, s);
    // Deterministic: the same input replays to the same bits.
    if first.0.len() <= 500 {
        let again = exercise(&inp, build(&inp).expect("built once, builds again"));
        assert_eq!(first, again, "same input, different result");
    }
});
