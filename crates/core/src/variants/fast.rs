//! The fast sampler for games: the densest, quickest fill of a map, where the tutorial's exact
//! draws do not matter.
//!
//! [`fast_poisson`] fills a `width × height` map with points at least `radius` apart, about
//! 0.885 points per r² (Bridson's algorithm about 0.62), several times faster than the classic
//! sampler (the figures and the profile are in BENCHMARKS.md). The spacing is exact: `dx·dx +
//! dy·dy ≥ r·r` in `f64` for every pair, every point in `[0, width) × [0, height)`. The
//! generator is SplitMix64 and the directions come from [`crate::classic::exact::sin_cos`], so
//! with IEEE `+ − × ÷` only, a seed gives the same bits natively and in WebAssembly.
//!
//! Its own loop, not [`crate::bridson::Sampler`]'s (one placement a step, Park–Miller's stream):
//! it places every candidate that fits. Its points and cells are the one grid's
//! ([`SpaceGrid<2>`], cells of exactly r/√2); the rest is its own acceleration:
//! 1. **Candidates just beyond r, in equal steps around the circle** (Martin Roberts' variant of
//!    Bridson): each point takes one turn of 16 candidates at `r · (1 + 10⁻⁶)`, 22.5° apart from
//!    a random start (one of 256), and every one that fits is placed, in order. Touching the
//!    parent's circle is what packs the points; no candidate is wasted inside the annulus.
//! 2. **Siblings need no test against each other**: 1 or 2 steps apart they are `0.39ρ` or
//!    `0.77ρ` apart, 3 steps `1.11ρ`, so placing one rules out two on each side, by bit masks.
//! 3. **Neighbours gathered once per turn**, not per candidate: all that can matter lie in the
//!    7 × 7 cells, which a bitmap (a view of the grid's cells) gives in seven loads.
//! 4. **A screen in `f32`, four candidates per lane group** ([`wide`]'s `f32x4`): its rounding
//!    stays under `10⁻⁶ r²`, a tenth of its margin, so only a candidate whose nearest neighbour
//!    is within `10⁻⁵ r²` of `r²` needs the exact `f64` test, and no decision changes.
//! 5. **Work swept top to bottom** in bands of 8 grid rows, so the rows in use stay in cache. A
//!    band's queue holds cells, not points: a turn reads its block's occupancy from its cell
//!    while the point's coordinates load, instead of waiting for them to find the cell.

use crate::base::error::Result;
use crate::base::job::Job;
use crate::base::point::Point;
use crate::base::rng::SplitMix;
use crate::classic::exact;
use crate::classic::grid::SpaceGrid;
use crate::measures::metrics::coverage;
use wide::f32x4;

/// Candidates per turn, in equal steps around the circle.
pub const CANDIDATES: usize = 16;
/// Candidates this many steps apart or fewer are closer than r to each other (see the module
/// docs, point 2).
const SPAN: usize = 2;
/// The start direction is one of `HEADINGS = PHASES · CANDIDATES` evenly spaced ones.
const PHASES: usize = 16;
const HEADINGS: usize = PHASES * CANDIDATES;
/// Candidates sit at `r · (1 + GAP)` from their parent: just past r, so that rounding never
/// puts one closer than r. The same gap for the fast samplers in a box and on a mesh.
pub(crate) const GAP: f64 = 1e-6;
/// Cell rows per band of the work order.
const BAND: usize = 8;
/// Empty cells around the map in the grid, so the 7 × 7 block around any cell is inside it.
const PAD: usize = 3;
/// The screen's sure bounds, in units of r²: a squared distance below `SURE_NEAR` is below r²
/// in exact arithmetic too, one at or above `SURE_FAR` is at or above it.
///
/// Why: in units of r, a neighbour's offset is rounded to `f32` (relative error `2⁻²⁴`,
/// offsets up to 2.02), a candidate's offset likewise (up to 1), and the candidate's stored
/// `f64` coordinate differs from `parent + offset` by at most half an ulp, under `2⁻²⁸ r`
/// because the work limit keeps the map under `2²⁵` cells across. The difference of two offsets
/// is then off by under `2·10⁻⁷`, and the squared distance near `r²` by under `10⁻⁶ r²`, ten
/// times less than this margin. The same bounds keep every candidate of a turn whose active
/// point lies `2ρ` or more inside every edge on the map, so those turns skip the bounds test.
const SURE_NEAR: f32 = 1.0 - 1e-5;
const SURE_FAR: f32 = 1.0 + 1e-5;
/// Neighbours kept for the screen: within this squared distance of the active point, in units
/// of r. Anything that can come within r of a candidate is within `2 + GAP`.
const REACH2: f32 = 2.02 * 2.02;
/// Turns per unit of [`Job::run`]'s budget: 16 turns cost about as much as one step of the
/// classic sampler.
pub const TURNS_PER_UNIT: u64 = 16;
/// Points per r² the progress estimate expects (a little above what the sampler reaches).
const EXPECTED_DENSITY: f64 = 0.9;

/// The fast sampler as a [`Job`]: a bounded number of turns per call, for a page or a game loop
/// that must not stall; the finished points are exactly [`fast_poisson`]'s.
///
/// A unit of the budget is [`TURNS_PER_UNIT`] turns (one turn: an active point's candidates
/// tried and the ones that fit placed).
///
/// ```
/// use poisson_live::fast::{fast_poisson, FastSampler};
/// use poisson_live::Job;
/// let mut sampler = FastSampler::new(300.0, 200.0, 4.0, 11)?;
/// while !sampler.run(50)? {
///     assert!(sampler.progress() < 1.0);
/// }
/// assert_eq!(sampler.take(), Some(fast_poisson(300.0, 200.0, 4.0, 11)?));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Clone)]
pub struct FastSampler {
    /// The map's sides, the grid's, kept beside it for the turn's edge tests (read through the
    /// grid they cost 0.2 % more instructions).
    width: f64,
    height: f64,
    r2: f64,
    inv_r: f64,
    /// Points at least this far inside every edge have all their candidates on the map.
    margin: f64,
    /// The points and their cells: the one grid, cells of side exactly `radius / √2`, padded
    /// by `PAD`.
    grid: SpaceGrid<2>,
    /// The grid's occupancy, one bit per cell in the layout of its cells, and 8 spare bytes for
    /// the last reads: a view of the grid's cells that the 7 × 7 gather reads in seven loads.
    occupied: Vec<u8>,
    /// Points waiting for their turn, per band of `BAND` cell rows, in the order placed: each
    /// as its cell in the grid (padded), whose slot holds it.
    bands: Vec<Vec<u32>>,
    /// How far each band's list has been served.
    served: Vec<u32>,
    /// The first band that may have a point waiting; `bands.len()` once finished.
    current: usize,
    turns: u64,
    /// Candidates the screen left to the exact test.
    exact: u64,
    /// The points the progress estimate expects.
    expected: f64,
    /// `xs[p][k]`, `ys[p][k]`: the offset of direction `PHASES·(k mod 16) + p`, doubled so that
    /// any 16 in a row are contiguous.
    xs: Vec<[f64; 2 * CANDIDATES]>,
    ys: Vec<[f64; 2 * CANDIDATES]>,
    /// The same in units of r, in `f32`, for the screen.
    us: Vec<[f32; 2 * CANDIDATES]>,
    vs: Vec<[f32; 2 * CANDIDATES]>,
    rng: SplitMix,
    /// Scratch for a turn: the kept neighbours, in units of r from the active point.
    fx: [f32; 64],
    fy: [f32; 64],
    taken: bool,
}

impl FastSampler {
    /// A sampler for a `width × height` map with spacing `radius`, its first point placed.
    ///
    /// Width, height and radius must be finite and greater than 0 (within
    /// [`crate::error::MIN_LENGTH`]..=[`crate::error::MAX_LENGTH`]), and the background grid
    /// (cells of side `radius / √2`) must fit the crate's work limit; the errors are the classic
    /// sampler's, word for word. Every 32-bit seed is valid.
    pub fn new(width: f64, height: f64, radius: f64, seed: i32) -> Result<Self> {
        let mut grid = SpaceGrid::for_fast(width, height, radius, PAD)?;
        let [width, height] = grid.size();
        let [cols, rows] = grid.counts();
        let total = grid.slots().len();
        let rho = radius * (1.0 + GAP);
        let mut xs = vec![[0.0; 2 * CANDIDATES]; PHASES];
        let mut ys = vec![[0.0; 2 * CANDIDATES]; PHASES];
        let mut us = vec![[0.0; 2 * CANDIDATES]; PHASES];
        let mut vs = vec![[0.0; 2 * CANDIDATES]; PHASES];
        for p in 0..PHASES {
            for k in 0..2 * CANDIDATES {
                let j = PHASES * (k % CANDIDATES) + p;
                let angle = std::f64::consts::TAU * j as f64 / HEADINGS as f64;
                let (sin, cos) = exact::sin_cos(angle);
                xs[p][k] = rho * cos;
                ys[p][k] = rho * sin;
                us[p][k] = (cos * (1.0 + GAP)) as f32;
                vs[p][k] = (sin * (1.0 + GAP)) as f32;
            }
        }
        let expected = (EXPECTED_DENSITY * width / radius * height / radius).max(1.0);
        // Never more points than cells, and about `expected` of them.
        grid.reserve((expected as usize).min(cols * rows));
        let bands = rows / BAND + 1;
        let mut sampler = Self {
            width,
            height,
            r2: radius * radius,
            inv_r: 1.0 / radius,
            margin: 2.0 * rho,
            grid,
            occupied: vec![0; total / 8 + 9],
            bands: vec![Vec::new(); bands],
            served: vec![0; bands],
            current: 0,
            turns: 0,
            exact: 0,
            expected,
            xs,
            ys,
            us,
            vs,
            rng: SplitMix::new(seed),
            fx: [0.0; 64],
            fy: [0.0; 64],
            taken: false,
        };
        // The first point anywhere on the map (53-bit fractions times the size can round up to
        // the size itself; such a draw is drawn again).
        loop {
            let x = sampler.rng.unit() * width;
            let y = sampler.rng.unit() * height;
            if x < width && y < height && sampler.place(x, y) {
                break;
            }
        }
        Ok(sampler)
    }

    /// The map's width.
    pub fn width(&self) -> f64 {
        self.width
    }

    /// The map's height.
    pub fn height(&self) -> f64 {
        self.height
    }

    /// The spacing: no two points are closer.
    pub fn radius(&self) -> f64 {
        self.grid.radius()
    }

    /// The points placed so far, in the order they were placed (empty once taken).
    pub fn points(&self) -> &[[f64; 2]] {
        self.grid.points()
    }

    /// Turns taken so far: every point takes one, so the run is finished when all have.
    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// Candidates tried so far: [`CANDIDATES`] per turn.
    pub fn candidates(&self) -> u64 {
        self.turns * CANDIDATES as u64
    }

    /// True once every point has taken its turn.
    pub fn is_finished(&self) -> bool {
        self.current >= self.bands.len()
    }

    /// Places a point known to fit: its cell, its bit, and its place in its band's queue.
    ///
    /// Returns false, placing nothing, if its cell is taken. Points r apart never share a cell
    /// of diagonal r, but `x · (1/cell)` is rounded: two points within a few ulps of opposite
    /// corners could both land in one. Refusing the second keeps every point findable in the
    /// grid (a cell holds one index), so the spacing stays guaranteed; it has never been seen.
    #[inline]
    fn place(&mut self, x: f64, y: f64) -> bool {
        let (col, row) = self.grid.cell_from_zero(x, y);
        let c = (row + PAD) * self.stride() + col + PAD;
        if self.occupied[c >> 3] >> (c & 7) & 1 != 0 {
            return false;
        }
        self.occupied[c >> 3] |= 1 << (c & 7);
        self.grid.store(c, [x, y]);
        let band = row / BAND;
        // At most `DEFAULT_MAX_CELLS` cells (2^25) and the padding: a u32.
        self.bands[band].push(c as u32);
        self.current = self.current.min(band);
        true
    }

    /// The grid's step from one row of cells to the next.
    #[inline(always)]
    fn stride(&self) -> usize {
        self.grid.strides()[1]
    }

    /// The occupancy bits of the seven cells from padded cell `c` on.
    #[inline]
    fn seven(&self, c: usize) -> u64 {
        let bytes: [u8; 8] = self.occupied[c >> 3..][..8]
            .try_into()
            .expect("a slice of 8 bytes");
        (u64::from_le_bytes(bytes) >> (c & 7)) & 0x7F
    }

    /// One turn of the point in padded cell `c`: its candidates screened, tested where the
    /// screen cannot tell, and the ones that fit placed.
    fn turn(&mut self, c: usize) {
        let stride = self.stride();
        let (slots, stored) = (self.grid.slots(), self.grid.stored());
        let [px, py] = stored[slots[c] as usize];
        // The top left cell of the 7 × 7 block: padded (row + PAD − 3, col + PAD − 3), where
        // `c` is padded (row + PAD, col + PAD).
        let base = c - PAD * stride - PAD;
        // The block's occupancy, one byte per row, without the active point itself.
        let mut block = 0u64;
        for dr in 0..7 {
            block |= self.seven(base + dr * stride) << (8 * dr);
        }
        block &= !(1 << (8 * PAD + PAD));
        let mut n = 0;
        while block != 0 {
            let k = block.trailing_zeros() as usize;
            block &= block - 1;
            let cell = base + (k >> 3) * stride + (k & 7);
            let [qx, qy] = stored[slots[cell] as usize];
            let dx = ((qx - px) * self.inv_r) as f32;
            let dy = ((qy - py) * self.inv_r) as f32;
            // Written always, kept when near: no branch to mispredict.
            self.fx[n & 63] = dx;
            self.fy[n & 63] = dy;
            n += usize::from(dx * dx + dy * dy < REACH2);
        }
        // At most 48 cells besides the point's own.
        let n = n.min(64);

        let start = self.rng.direction();
        let (phase, q) = (start % PHASES, start / PHASES);
        let lanes = |table: &[f32; 2 * CANDIDATES], g: usize| {
            let four: [f32; 4] = table[q + 4 * g..q + 4 * g + 4]
                .try_into()
                .expect("a slice of 4 values");
            f32x4::from(four)
        };
        let (us, vs) = (&self.us[phase], &self.vs[phase]);
        let tx: [f32x4; CANDIDATES / 4] = std::array::from_fn(|g| lanes(us, g));
        let ty: [f32x4; CANDIDATES / 4] = std::array::from_fn(|g| lanes(vs, g));
        let mut nearest = [f32x4::splat(f32::INFINITY); CANDIDATES / 4];
        for j in 0..n {
            let (qx, qy) = (f32x4::splat(self.fx[j]), f32x4::splat(self.fy[j]));
            for g in 0..CANDIDATES / 4 {
                let (dx, dy) = (tx[g] - qx, ty[g] - qy);
                nearest[g] = nearest[g].fast_min(dx * dx + dy * dy);
            }
        }
        let mut free = 0u32;
        let mut unsure = 0u32;
        for (g, nearest) in nearest.iter().enumerate() {
            let far = nearest.simd_ge(f32x4::splat(SURE_FAR)).to_bitmask();
            let maybe = nearest.simd_ge(f32x4::splat(SURE_NEAR)).to_bitmask();
            free |= far << (4 * g);
            unsure |= (maybe & !far) << (4 * g);
        }
        while unsure != 0 {
            let i = unsure.trailing_zeros() as usize;
            unsure &= unsure - 1;
            let cx = px + self.xs[phase][q + i];
            let cy = py + self.ys[phase][q + i];
            free |= u32::from(self.fits(cx, cy, base)) << i;
            self.exact += 1;
        }

        let interior = px >= self.margin
            && py >= self.margin
            && px + self.margin < self.width
            && py + self.margin < self.height;
        while free != 0 {
            let i = free.trailing_zeros() as usize;
            let cx = px + self.xs[phase][q + i];
            let cy = py + self.ys[phase][q + i];
            let on_map = || cx >= 0.0 && cy >= 0.0 && cx < self.width && cy < self.height;
            if (interior || on_map()) && self.place(cx, cy) {
                // Placing candidate i rules out i − SPAN ..= i + SPAN, around the circle.
                let around = ((1u64 << (2 * SPAN + 1)) - 1) << (i + CANDIDATES - SPAN);
                let folded = around | around >> CANDIDATES | around >> (2 * CANDIDATES);
                free &= !((folded & ((1 << CANDIDATES) - 1)) as u32);
            } else {
                free &= free - 1;
            }
        }
    }

    /// The exact test: no point of the block at `base` is closer than r to `(x, y)`.
    fn fits(&self, x: f64, y: f64, base: usize) -> bool {
        let (slots, stored) = (self.grid.slots(), self.grid.stored());
        (0..7).all(|dr| {
            let row = base + dr * self.stride();
            (0..7).all(|dc| {
                self.seven(row + dc) & 1 == 0 || {
                    let [qx, qy] = stored[slots[row + dc] as usize];
                    let (dx, dy) = (x - qx, y - qy);
                    dx * dx + dy * dy >= self.r2
                }
            })
        })
    }
}

impl std::fmt::Debug for FastSampler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FastSampler")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("radius", &self.radius())
            .field("points", &self.points().len())
            .field("turns", &self.turns)
            .finish_non_exhaustive()
    }
}

impl Job for FastSampler {
    type Output = Vec<[f64; 2]>;

    /// Takes up to `budget ·` [`TURNS_PER_UNIT`] turns; true once every point has had its turn.
    fn run(&mut self, budget: u64) -> Result<bool> {
        let mut left = budget.saturating_mul(TURNS_PER_UNIT);
        while left > 0 {
            let b = self.current;
            let Some(queue) = self.bands.get(b) else {
                break;
            };
            let at = self.served[b] as usize;
            let Some(&c) = queue.get(at) else {
                // Served to the end: freed, until a point lands in it again.
                self.bands[b] = Vec::new();
                self.served[b] = 0;
                self.current += 1;
                continue;
            };
            self.served[b] += 1;
            self.turn(c as usize);
            self.turns += 1;
            left -= 1;
        }
        // A band served to its end is only moved past on the next call; look ahead so that the
        // call that took the last turn already reports the end.
        while let Some(queue) = self.bands.get(self.current) {
            if self.served[self.current] as usize != queue.len() {
                break;
            }
            self.bands[self.current] = Vec::new();
            self.served[self.current] = 0;
            self.current += 1;
        }
        Ok(self.is_finished())
    }

    /// Turns taken over the points expected at 0.9 per r², below 1 until finished.
    fn progress(&self) -> f64 {
        if self.is_finished() {
            1.0
        } else {
            (self.turns as f64 / self.expected).min(0.99)
        }
    }

    fn take(&mut self) -> Option<Vec<[f64; 2]>> {
        if self.is_finished() && !self.taken {
            self.taken = true;
            Some(self.grid.take_points(0))
        } else {
            None
        }
    }
}

/// A finished run of the fast sampler with the figures the samplers lab's table shows beside
/// the other samplers' ([`crate::samplers::SamplerRun`]).
///
/// ```
/// use poisson_live::fast::{FastRun, FastSampler, CANDIDATES};
/// use poisson_live::Job;
/// let mut sampler = FastSampler::new(300.0, 200.0, 4.0, 11)?;
/// while !sampler.run(50)? {}
/// let points = sampler.take().expect("finished");
/// let run = FastRun::new(&sampler, &points);
/// assert!(run.points.iter().all(|p| p.r == 4.0));
/// assert_eq!(run.candidates, (CANDIDATES * points.len()) as u64); // one turn per point
/// assert!(run.coverage > 0.6);
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FastRun {
    /// The points, in the order they were placed, each with `r` = the run's spacing.
    pub points: Vec<Point>,
    /// Candidates tested: [`CANDIDATES`] per point's turn.
    pub candidates: u64,
    /// The fraction of the map covered by disks of radius `r / 2` (0 to 1), measured as for the
    /// other samplers ([`crate::metrics::coverage`]).
    pub coverage: f64,
}

impl FastRun {
    /// The figures of `sampler`'s finished run, whose points (taken from it) are `points`.
    pub fn new(sampler: &FastSampler, points: &[[f64; 2]]) -> Self {
        let r = sampler.radius();
        let points: Vec<Point> = points.iter().map(|&[x, y]| Point { x, y, r }).collect();
        Self {
            coverage: coverage(points.iter().map(|p| p.r), sampler.width, sampler.height),
            candidates: sampler.candidates(),
            points,
        }
    }

    /// Candidates tested per placed point.
    pub fn candidates_per_point(&self) -> f64 {
        self.candidates as f64 / self.points.len().max(1) as f64
    }
}

/// Fills a `width × height` map with points at least `radius` apart: the fast sampler run to
/// the end (see the module docs). The points come as `[x, y]`, in the order they were placed.
///
/// Validation as in [`FastSampler::new`]; every 32-bit seed is valid.
///
/// ```
/// use poisson_live::fast_poisson;
/// assert!(fast_poisson(100.0, 100.0, 0.0, 1).is_err());
/// let points = fast_poisson(100.0, 100.0, 2.0, 1)?;
/// assert!(points.iter().all(|&[x, y]| (0.0..100.0).contains(&x) && (0.0..100.0).contains(&y)));
/// let trees = fast_poisson(400.0, 300.0, 5.0, 7)?;
/// assert!(trees.len() as f64 * 25.0 / (400.0 * 300.0) > 0.85); // points per r²
/// assert_eq!(trees, fast_poisson(400.0, 300.0, 5.0, 7)?); // a seed, a forest
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn fast_poisson(width: f64, height: f64, radius: f64, seed: i32) -> Result<Vec<[f64; 2]>> {
    FastSampler::new(width, height, radius, seed)?.run_to_end()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    /// The method read naively: the same generator, directions and order of turns, but every
    /// candidate tested exactly against every point placed so far (siblings included), with no
    /// grid, screen, bitmap or sibling rule. The fast sampler must give the same points, bit for
    /// bit: its shortcuts change no decision.
    fn naive(width: f64, height: f64, radius: f64, seed: i32) -> Vec<[f64; 2]> {
        let tables = FastSampler::new(width, height, radius, seed).unwrap();
        let mut rng = SplitMix::new(seed);
        let band_of = |y: f64| tables.grid.cell_from_zero(0.0, y).1 / BAND;
        let mut waiting = vec![VecDeque::new(); tables.bands.len()];
        let mut points: Vec<[f64; 2]> = Vec::new();
        let place = |waiting: &mut Vec<VecDeque<usize>>, points: &mut Vec<[f64; 2]>, x, y| {
            waiting[band_of(y)].push_back(points.len());
            points.push([x, y]);
        };
        loop {
            let x = rng.unit() * width;
            let y = rng.unit() * height;
            if x < width && y < height {
                place(&mut waiting, &mut points, x, y);
                break;
            }
        }
        while let Some(a) = waiting.iter_mut().find_map(|band| band.pop_front()) {
            let [px, py] = points[a];
            let start = rng.direction();
            for i in 0..CANDIDATES {
                let j = start + PHASES * i;
                let k = (j / PHASES) % CANDIDATES;
                let (ox, oy) = (tables.xs[j % PHASES][k], tables.ys[j % PHASES][k]);
                let (x, y) = (px + ox, py + oy);
                let on_map = x >= 0.0 && y >= 0.0 && x < width && y < height;
                let fits = points.iter().all(|&[qx, qy]| {
                    let (dx, dy) = (x - qx, y - qy);
                    dx * dx + dy * dy >= radius * radius
                });
                if on_map && fits {
                    place(&mut waiting, &mut points, x, y);
                }
            }
        }
        points
    }

    #[test]
    fn the_shortcuts_change_no_decision() {
        for &(w, h, r, seed) in &[
            (120.0, 80.0, 2.0, 1),
            (60.0, 300.0, 3.3, -5),
            (0.09, 0.05, 0.001, 77),
            (3.0e7, 1.0e7, 1.0e6, 12),
        ] {
            let fast = fast_poisson(w, h, r, seed).unwrap();
            assert!(fast.len() > 100, "{w} × {h}: {}", fast.len());
            assert_eq!(fast, naive(w, h, r, seed), "{w} × {h}, r = {r}");
        }
    }

    #[test]
    fn the_screen_is_sometimes_unsure() {
        // Candidates at 1 + 10⁻⁶ r from their parent meet other points at about r often enough
        // that the exact path runs (and the test above checks its answers).
        let mut s = FastSampler::new(400.0, 400.0, 2.0, 3).unwrap();
        while !s.run(u64::MAX).unwrap() {}
        assert!(s.exact > 10, "{} exact tests", s.exact);
        assert!(
            s.exact * 20 < s.turns,
            "{} exact tests in {} turns",
            s.exact,
            s.turns
        );
    }
}
