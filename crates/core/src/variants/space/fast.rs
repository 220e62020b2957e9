//! The fast sampler in 3D: the 2D fast sampler's idea ([`crate::fast`]) in a box. Each point
//! takes one turn: `DIRECTIONS` candidates spread evenly over the sphere of radius `r · (1 +
//! 10⁻⁶)` around it, turned by one of 256 fixed rotations, and every candidate that fits is
//! placed, in order. Points take their turns in the order they were placed, so the fill grows
//! out from the first point like a wave, and the grid rows in use stay in cache. Each candidate
//! is asked of the grid, after the few points that refused this turn's earlier candidates (most
//! are refused there). Eight directions leave as little room as Bridson's 30 tries (about 0.2 %
//! of the box could take another point, for both) and fill about 0.69 points per r³.
//!
//! Like the 2D fast sampler, its own loop, not Bridson's: it places every candidate that fits.
//! The generator is SplitMix64 and the directions come from [`crate::classic::exact::sin_cos`],
//! so a seed gives the same bits natively and in WebAssembly.

use super::grid::{Refusers, SpaceGrid};
use crate::base::error::Result;
use crate::base::job::{Handover, Job};
use crate::base::rng::SplitMix;
use crate::classic::exact::sin_cos;
use crate::variants::fast::GAP;

/// Candidates per turn, spread evenly over the sphere.
pub const DIRECTIONS: usize = 8;
/// The fixed rotations a turn picks from.
const ROTATIONS: usize = 256;
/// Turns per unit of [`Job::run`]'s budget: 3 turns cost about as much as one step of the
/// box's Bridson ([`super::SpaceSampler`]), as the plane's [`crate::fast::TURNS_PER_UNIT`] is
/// measured against the plane's. Measured filling boxes of side 100 and 200 at r = 2 (`poisson
/// fast --depth` against `poisson bridson --depth`): 3.1 to 3.4 turns take the user time of a
/// step, though a turn runs 3 718 instructions and a step 7 470 (callgrind): the time is what
/// a budget stands for.
pub const TURNS_PER_UNIT_3D: u64 = 3;
/// Points per r³ the progress estimate expects (a little above what the sampler reaches).
const EXPECTED_DENSITY: f64 = 0.7;

/// The fast 3D sampler as a [`Job`], run a bounded number of turns at a time: a unit of the
/// budget is [`TURNS_PER_UNIT_3D`] turns (one turn: a point's candidates tried and the ones
/// that fit placed).
///
/// ```
/// use poisson_live::job::Job;
/// use poisson_live::space::{fast_poisson_3d, FastSampler3d};
/// let mut s = FastSampler3d::new([30.0, 30.0, 30.0], 2.0, 5)?;
/// while !s.run(50)? {
///     assert!(s.progress() < 1.0);
/// }
/// assert_eq!(s.points(), &fast_poisson_3d(30.0, 30.0, 30.0, 2.0, 5)?[..]);
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct FastSampler3d {
    grid: SpaceGrid<3>,
    rng: SplitMix,
    /// `ROTATIONS` turns of the sphere's directions, already scaled to `r · (1 + GAP)`.
    turns: Vec<[[f64; 3]; DIRECTIONS]>,
    r2: f64,
    /// The next point to take its turn.
    next: usize,
    /// About how many points fill the box, for the progress.
    expected: f64,
    handover: Handover,
}

impl FastSampler3d {
    /// A fast sampler for the box with sides `size` and spacing `radius`, from a 32-bit seed;
    /// the first point is placed (uniformly in the box). Sides and radius finite and > 0, the
    /// grid within the work limit.
    pub fn new(size: [f64; 3], radius: f64, seed: i32) -> Result<Self> {
        let grid = SpaceGrid::for_box([0.0; 3], size, radius)?;
        let step = radius * (1.0 + GAP);
        let sphere = even_directions();
        let mut fixed = SplitMix::new(0x3D);
        let turns = (0..ROTATIONS)
            .map(|_| {
                let m = rotation(&mut fixed);
                sphere.map(|d| {
                    let mut out = [0.0; 3];
                    for (i, o) in out.iter_mut().enumerate() {
                        *o = (m[i][0] * d[0] + m[i][1] * d[1] + m[i][2] * d[2]) * step;
                    }
                    out
                })
            })
            .collect();
        let mut rng = SplitMix::new(seed);
        let first = [0, 1, 2].map(|i| rng.unit() * size[i]);
        let mut sampler = Self {
            grid,
            rng,
            turns,
            r2: radius * radius,
            next: 0,
            expected: EXPECTED_DENSITY * size.iter().map(|side| side / radius).product::<f64>(),
            handover: Handover::default(),
        };
        sampler.grid.try_add(first);
        Ok(sampler)
    }

    /// Up to `max_turns` turns; true when every point has taken its turn (the box is full).
    fn run_turns(&mut self, max_turns: u64) -> bool {
        for _ in 0..max_turns {
            if self.next == self.grid.points().len() {
                return true;
            }
            self.turn(self.next);
            self.next += 1;
        }
        self.next == self.grid.points().len()
    }

    /// True when the box is full.
    pub fn is_finished(&self) -> bool {
        self.next == self.grid.points().len()
    }

    /// The points so far, in the order they were placed.
    pub fn points(&self) -> &[[f64; 3]] {
        self.grid.points()
    }

    /// The points, giving up the sampler.
    pub fn into_points(self) -> Vec<[f64; 3]> {
        self.grid.into_points()
    }

    /// The grid, to count too-close pairs.
    pub fn grid(&self) -> &SpaceGrid<3> {
        &self.grid
    }

    /// Point `i`'s turn: each candidate that fits is placed.
    #[inline(always)]
    fn turn(&mut self, i: usize) {
        let p = self.grid.point(i);
        let turn = &self.turns[self.rng.direction()];
        let mut refusers = Refusers::new();
        for d in turn {
            let c = [p[0] + d[0], p[1] + d[1], p[2] + d[2]];
            if !self.grid.contains(&c) || refusers.refuse(&c, self.r2) {
                continue;
            }
            match self.grid.conflict(&c) {
                Some(hit) => refusers.keep(self.grid.point(hit)),
                None => {
                    self.grid.add_unchecked(c);
                    refusers.keep(c);
                }
            }
        }
    }
}

impl Job for FastSampler3d {
    type Output = Vec<[f64; 3]>;

    /// Takes up to `budget ·` [`TURNS_PER_UNIT_3D`] turns; true once every point has had its
    /// turn (the box is full).
    fn run(&mut self, budget: u64) -> Result<bool> {
        let done = self.run_turns(budget.saturating_mul(TURNS_PER_UNIT_3D));
        let placed = self.grid.points().len() as f64;
        self.handover
            .show(self.next as f64 / self.expected.max(placed));
        Ok(done)
    }

    /// Turns taken over the points expected at 0.7 per r³ (or placed, if more); 1 once
    /// finished.
    fn progress(&self) -> f64 {
        self.handover.progress(self.is_finished())
    }

    /// A copy of the points: the sampler keeps them, and its grid, for drawing.
    fn take(&mut self) -> Option<Vec<[f64; 3]>> {
        let (grid, finished) = (&self.grid, self.is_finished());
        self.handover.take(finished, || grid.points().to_vec())
    }

    /// Turns to the end and hands the points over without copying them.
    fn run_to_end(mut self) -> Result<Vec<[f64; 3]>> {
        self.run_turns(u64::MAX);
        self.handover.hand_over()?;
        Ok(self.into_points())
    }
}

/// The fast 3D sampler in one call: the box `[0, width) × [0, height) × [0, depth)` filled
/// with points at least `radius` apart, about 0.69 points per r³ (Bridson's about 0.59), from a
/// 32-bit seed.
///
/// ```
/// let dust = poisson_live::space::fast_poisson_3d(40.0, 40.0, 40.0, 2.0, 9)?;
/// assert!(dust.len() as f64 * 8.0 / 64_000.0 > 0.65); // points per r³
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn fast_poisson_3d(
    width: f64,
    height: f64,
    depth: f64,
    radius: f64,
    seed: i32,
) -> Result<Vec<[f64; 3]>> {
    FastSampler3d::new([width, height, depth], radius, seed)?.run_to_end()
}

/// `DIRECTIONS` unit vectors spread evenly over the sphere: a spiral of equal-area bands, each
/// turned by the golden angle from the last.
fn even_directions() -> [[f64; 3]; DIRECTIONS] {
    // The golden angle, π (3 − √5).
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let mut out = [[0.0; 3]; DIRECTIONS];
    for (i, d) in out.iter_mut().enumerate() {
        let z = 1.0 - (2 * i + 1) as f64 / DIRECTIONS as f64;
        let rho = (1.0 - z * z).sqrt();
        let (s, c) = sin_cos(golden * i as f64);
        *d = [rho * c, rho * s, z];
    }
    out
}

/// A rotation drawn uniformly: a unit quaternion from four draws in `[−1, 1]` kept when they
/// fall in the unit ball, as a matrix.
fn rotation(rng: &mut SplitMix) -> [[f64; 3]; 3] {
    let (w, x, y, z) = loop {
        let q = [0; 4].map(|_| 2.0 * rng.unit() - 1.0);
        let n2: f64 = q.iter().map(|v| v * v).sum();
        if n2 > 1e-6 && n2 <= 1.0 {
            let n = n2.sqrt();
            break (q[0] / n, q[1] / n, q[2] / n, q[3] / n);
        }
    };
    [
        [
            1.0 - 2.0 * (y * y + z * z),
            2.0 * (x * y - w * z),
            2.0 * (x * z + w * y),
        ],
        [
            2.0 * (x * y + w * z),
            1.0 - 2.0 * (x * x + z * z),
            2.0 * (y * z - w * x),
        ],
        [
            2.0 * (x * z - w * y),
            2.0 * (y * z + w * x),
            1.0 - 2.0 * (x * x + y * y),
        ],
    ]
}
