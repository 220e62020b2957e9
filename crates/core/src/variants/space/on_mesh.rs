//! Points on a triangle mesh's surface, at least r apart in 3D (straight-line distance, as the
//! peers measure it), each knowing its triangle.
//!
//! The method is Bridson's, stepped by the crate's one loop, with candidates on the surface:
//! an active point's candidates are drawn uniformly by area on the pieces of triangle within
//! reach of it and kept if they land between r and `SHELL · r` of it; "too close?" is the 3D
//! grid's ([`SpaceGrid`]). Why this and not oversampling with weighted elimination (Yuksel 2015,
//! Blender): elimination must first scatter several times the final count and sort them all by
//! weight, and its result is only as full as the oversampling made it; Bridson's front stops
//! when no room is left, which is what "no hole a free disk of radius r could sit in" asks, and
//! it costs a few candidates per point. Two things make it work on any mesh:
//!
//! 1. **Pieces no longer than 2r.** Each triangle is cut into `n²` similar pieces, `n` its
//!    longest edge over 2r rounded up, so the pieces near a point cover little more than its
//!    shell and a long triangle does not waste draws far away.
//! 2. **A sweep for what the front cannot reach.** Parts of the mesh more than `SHELL · r`
//!    apart (two rocks, a handle) are never reached from one start, so the run sweeps the
//!    pieces in order, throwing a few points on each, and lets the front grow from every one
//!    that fits. The first point is the sweep's first.
//!
//! A candidate's shell ends at `SHELL = 1.5` r rather than Bridson's 2r: closer candidates
//! pack the surface fuller (about 0.66 points per r² on a torus, Bridson's ring about 0.62),
//! and the sweep still leaves no room behind. Draws come from SplitMix64, in a fixed order, one
//! 64-bit draw per landing cut in three (the piece, and where on it).

use super::grid::{distance2, Refusers, SpaceGrid};
use super::mesh::Mesh;
use super::pieces::{advice, cut, Piece};
use super::spacing::MeshSpacing;
use crate::base::error::{positive, Error, Result};
use crate::base::job::{bridson_share, Handover, Job};
use crate::base::rng::{Seed, SplitMix};
use crate::classic::bridson::front::{self, stream_and_front, Front, Grows};
use crate::classic::bridson::{Step, Tries};

/// The outer edge of a candidate's shell, in units of r.
pub const SHELL: f64 = 1.5;
/// Points thrown on each piece by the sweep.
const SWEEP_TRIES: u32 = 2;
/// Draws a candidate may take to land in its shell before it counts as failed.
const LANDING_TRIES: u32 = 32;
/// A point on a mesh, the triangle it lies on (its index in the mesh, 0-based) and where in it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeshPoint {
    /// Where the point is.
    pub position: [f64; 3],
    /// The triangle it lies on.
    pub face: usize,
    /// `(u, v)`: the point is `(1 − u − v)·A + u·B + v·C` of the triangle's corners, up to
    /// rounding ([`super::barycentric`]).
    pub barycentric: [f64; 2],
}

impl MeshPoint {
    /// The point at `position` on triangle `face` of `mesh`, its barycentric `(u, v)` solved.
    pub fn on(mesh: &Mesh, position: [f64; 3], face: usize) -> Self {
        Self {
            position,
            face,
            barycentric: super::barycentric(&mesh.corners(face), &position),
        }
    }
}

/// Bridson's algorithm on a mesh's surface, one step at a time ([`sample_mesh`] runs it).
///
/// As a [`Job`], a unit of the budget is one step ([`MeshSampler::step`]).
///
/// ```
/// use poisson_live::job::Job;
/// use poisson_live::space::{sample_mesh, Mesh, MeshSampler};
/// let ring = Mesh::torus(8.0, 3.0, 48, 24)?;
/// let mut s = MeshSampler::new(&ring, 1.0, 30, 7)?;
/// while !s.run(100)? {
///     assert!(s.progress() < 1.0);
/// }
/// assert_eq!(s.take(), Some(sample_mesh(&ring, 1.0, 30, 7)?));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct MeshSampler {
    mesh: Mesh,
    grid: SpaceGrid<3>,
    faces: Vec<u32>,
    pieces: Vec<Piece>,
    /// Where each coarse cell's pieces start: the pieces are sorted by the coarse cell (side
    /// `SHELL · r` and the longest reach of a piece) their centre is in.
    starts: Vec<u32>,
    coarse: f64,
    coarse_dims: [usize; 3],
    /// The farthest any piece's point lies from its centre.
    piece_reach: f64,
    radius: f64,
    k: u32,
    rng: SplitMix,
    front: Front,
    /// The sweep's next piece.
    swept: usize,
    /// The pieces within reach of the point being stepped, and their running areas.
    near: Vec<u32>,
    running: Vec<f64>,
    /// Spacing from weights, and each point's radius under it (see [`MeshSpacing`]).
    spacing: Option<MeshSpacing>,
    radii: Vec<f64>,
    /// About how many points cover the surface ([`MESH_DENSITY`]), for the progress.
    expected: f64,
    handover: Handover,
}

/// About how many points the mesh sampler (`k = 30`) places per `r²` of surface: 0.661 as
/// measured on the bench's torus (area 23 687) at r = 0.4 (97 866 points). Only the progress
/// estimate uses it.
const MESH_DENSITY: f64 = 0.66;

impl MeshSampler {
    /// A sampler for `mesh` with spacing `radius`, `k` tries per step, from a 32-bit seed.
    /// The radius must be finite and > 0, `k` in `1..=MAX_K`, and the pieces and the grid
    /// within their limits.
    pub fn new(mesh: &Mesh, radius: f64, k: u32, seed: i32) -> Result<Self> {
        let radius = positive("radius", radius)?;
        let k = Tries::new(k)?.get();
        Seed::new(seed)?; // the seeds every sampler refuses
        let rng = SplitMix::new(seed);
        let grid = match mesh.grid_around(radius) {
            // The grid's advice holds the box fixed, but the box grows with r: advise a radius
            // at which this mesh's grid and pieces both fit.
            Err(Error::TooMuchWork {
                subject,
                what,
                needed,
                limit,
                ..
            }) => {
                return Err(Error::TooMuchWork {
                    subject,
                    what,
                    needed,
                    limit,
                    hint: advice(mesh, radius),
                })
            }
            grid => grid?,
        };
        let (origin, grid_size) = (grid.origin(), grid.size());
        let pieces = cut(mesh, radius)?;
        // Coarse cells as wide as the farthest a step looks, so it reads at most 3 × 3 × 3.
        let piece_reach = pieces.iter().map(|p| p.reach).fold(0.0, f64::max);
        let coarse = SHELL * radius + piece_reach;
        let coarse_dims = grid_size.map(|s| (s / coarse).ceil() as usize + 1);
        let cells = coarse_dims.iter().product::<usize>();
        let coarse_of = |p: &[f64; 3]| {
            let mut at = 0;
            let mut stride = 1;
            for i in 0..3 {
                let c = (((p[i] - origin[i]) / coarse) as usize).min(coarse_dims[i] - 1);
                at += c * stride;
                stride *= coarse_dims[i];
            }
            at
        };
        // The pieces sorted by coarse cell (a counting sort, stable): a cell's pieces sit
        // together, `starts[c]..starts[c + 1]`.
        let mut starts = vec![0u32; cells + 1];
        for p in &pieces {
            starts[coarse_of(&p.centre) + 1] += 1;
        }
        for c in 0..cells {
            starts[c + 1] += starts[c];
        }
        // Each piece's place, then the pieces moved there in place (a cycle at a time): no
        // second copy of them, which at the triangle limit would be 2 GB.
        let mut fill = starts.clone();
        let mut places: Vec<u32> = pieces
            .iter()
            .map(|p| {
                let h = coarse_of(&p.centre);
                fill[h] += 1;
                fill[h] - 1
            })
            .collect();
        let mut pieces = pieces;
        for i in 0..pieces.len() {
            while places[i] as usize != i {
                let to = places[i] as usize;
                pieces.swap(i, to);
                places.swap(i, to);
            }
        }
        Ok(Self {
            mesh: mesh.clone(),
            grid,
            faces: Vec::new(),
            pieces,
            starts,
            coarse,
            coarse_dims,
            piece_reach,
            radius,
            k,
            rng,
            front: Front::default(),
            swept: 0,
            near: Vec::new(),
            running: Vec::new(),
            spacing: None,
            radii: Vec::new(),
            expected: MESH_DENSITY * mesh.area() / (radius * radius),
            handover: Handover::default(),
        })
    }

    /// A sampler whose spacing follows `spacing`'s weights: each point's shell is its own
    /// radius to `SHELL` times it, and every pair is at least the smaller of their two radii
    /// apart ([`MeshSpacing`] says why that rule).
    pub fn with_spacing(mesh: &Mesh, spacing: &MeshSpacing, k: u32, seed: i32) -> Result<Self> {
        let mut s = Self::new(mesh, spacing.radius(), k, seed)?;
        s.spacing = Some(spacing.clone());
        Ok(s)
    }

    /// Under variable spacing: the radius at `p` on `face` if no point is closer to it than
    /// the smaller of their two radii.
    fn fits(&self, p: &[f64; 3], face: u32) -> Option<f64> {
        let s = self.spacing.as_ref()?;
        let at = super::barycentric(&self.mesh.corners(face as usize), p);
        let r = s.radius_at(&self.mesh, face as usize, at);
        let radii = &self.radii;
        let hit = self.grid.conflict_within(p, r, |j, d2| {
            let limit = r.min(radii[j]);
            d2 < limit * limit
        });
        hit.is_none().then_some(r)
    }

    /// One step: a step of the front ([`crate::Sampler::step`] says what one is) or, when
    /// nothing is active, the sweep's throws on the next piece. [`Step::Finished`] once the
    /// sweep has passed every piece and nothing is active.
    pub fn step(&mut self) -> Step {
        loop {
            let k = self.k;
            let step = front::step(self, k, ());
            if step != Step::Finished {
                return step;
            }
            if self.swept == self.pieces.len() {
                return Step::Finished;
            }
            self.sweep_one();
        }
    }

    /// True when the sweep is over and nothing is active.
    pub fn is_finished(&self) -> bool {
        self.swept == self.pieces.len() && self.front.is_empty()
    }

    /// The points so far, in the order they were placed.
    pub fn points(&self) -> impl ExactSizeIterator<Item = MeshPoint> + '_ {
        self.grid
            .points()
            .iter()
            .zip(&self.faces)
            .map(|(p, f)| MeshPoint::on(&self.mesh, *p, *f as usize))
    }

    /// The grid, to count too-close pairs.
    pub fn grid(&self) -> &SpaceGrid<3> {
        &self.grid
    }

    /// How many pieces the mesh was cut into.
    pub fn piece_count(&self) -> usize {
        self.pieces.len()
    }

    /// The sweep's throws on its next piece; a point that fits becomes active.
    fn sweep_one(&mut self) {
        let piece = self.pieces[self.swept];
        self.swept += 1;
        for _ in 0..SWEEP_TRIES {
            let [_, s, t] = thirds(self.rng.next());
            let p = piece.at(s, t);
            let room = match self.spacing {
                None => self.grid.conflict(&p).is_none().then_some(self.radius),
                Some(_) => self.fits(&p, piece.face),
            };
            if let Some(r) = room {
                let index = self.store(p, piece.face, r);
                self.front.activate(index);
                return;
            }
        }
    }

    /// Stores a point that fits, on the triangle `face`, with its radius `r` (kept only under
    /// variable spacing): its index.
    fn store(&mut self, p: [f64; 3], face: u32, r: f64) -> usize {
        if self.spacing.is_some() {
            self.radii.push(r);
        }
        let index = self.grid.add_unchecked(p);
        self.faces.push(face);
        index
    }

    /// The pieces whose points can lie in the shell from `radius` to `SHELL · radius` around
    /// `p`, and their running areas.
    fn gather(&mut self, p: &[f64; 3], radius: f64) -> f64 {
        self.near.clear();
        self.running.clear();
        let origin = self.grid.origin();
        let reach = SHELL * radius + self.piece_reach;
        let (inner, outer) = (radius, SHELL * radius);
        let span = |i: usize| {
            let lo = ((p[i] - reach - origin[i]) / self.coarse).max(0.0) as usize;
            let hi =
                (((p[i] + reach - origin[i]) / self.coarse) as usize).min(self.coarse_dims[i] - 1);
            lo..=hi
        };
        let (dx, dy) = (self.coarse_dims[0], self.coarse_dims[1]);
        let mut total = 0.0;
        for z in span(2) {
            for y in span(1) {
                for x in span(0) {
                    let c = x + dx * (y + dy * z);
                    for m in self.starts[c]..self.starts[c + 1] {
                        let piece = &self.pieces[m as usize];
                        // Some of the piece lies between `inner` and `outer` of `p`.
                        let d2 = distance2(&piece.centre, p);
                        let (near, far) = (outer + piece.reach, inner - piece.reach);
                        if d2 < near * near && (far <= 0.0 || d2 > far * far) {
                            total += piece.area;
                            self.near.push(m);
                            self.running.push(total);
                        }
                    }
                }
            }
        }
        total
    }
}

/// A step around a point on the mesh: its centre, the shell's squared radii, the area of the
/// pieces gathered near it, and the points that refused earlier candidates.
pub(crate) struct MeshTurn {
    centre: [f64; 3],
    r2: f64,
    outer2: f64,
    total: f64,
    refusers: Refusers<3>,
}

impl Job for MeshSampler {
    type Output = Vec<MeshPoint>;

    /// A unit is one step ([`MeshSampler::step`]).
    fn run(&mut self, budget: u64) -> Result<bool> {
        let done = front::run(self, budget, Self::step, Self::is_finished);
        let share = bridson_share(self.front.steps, self.grid.points().len(), self.expected);
        self.handover.show(share);
        Ok(done)
    }

    mesh_handover!();
}

/// [`Job::progress`] and [`Job::take`] of either mesh sampler, written once: the estimate its
/// `run` last showed (1 once finished), and the points, each with its triangle and where on
/// it, once finished and once.
///
/// The estimates: [`MeshSampler`] counts steps over the `2N − 1` a covered surface takes, N
/// about 0.66 points per r² of area (`MESH_DENSITY`) or the points so far if more;
/// [`super::FastMeshSampler`] counts turns over N at about 0.8 per r². Under weights r is the
/// smallest radius, so the estimate runs low and jumps to 1 at the end.
macro_rules! mesh_handover {
    () => {
        fn progress(&self) -> f64 {
            self.handover.progress(self.is_finished())
        }

        fn take(&mut self) -> Option<Vec<MeshPoint>> {
            let finished = self.is_finished();
            self.handover
                .take(finished, || ())
                .map(|()| self.points().collect())
        }
    };
}
pub(super) use mesh_handover;

impl Grows<()> for MeshSampler {
    type Turn = MeshTurn;
    /// A point and its triangle.
    type Candidate = ([f64; 3], u32);
    /// The point's radius.
    type Room = f64;

    stream_and_front!();

    fn begin(&mut self, current: usize, (): ()) -> Option<MeshTurn> {
        let centre = self.grid.point(current);
        let radius = match self.spacing {
            None => self.radius,
            Some(_) => self.radii[current],
        };
        let total = self.gather(&centre, radius);
        // No piece reaches the shell (a mesh smaller than r): nothing can land.
        (!self.near.is_empty()).then(|| MeshTurn {
            centre,
            r2: radius * radius,
            outer2: SHELL * SHELL * radius * radius,
            total,
            refusers: Refusers::new(),
        })
    }

    /// Up to `LANDING_TRIES` draws on the gathered pieces, by area, until one lands in the
    /// shell.
    fn candidate(&mut self, turn: &mut MeshTurn, (): ()) -> Option<([f64; 3], u32)> {
        for _ in 0..LANDING_TRIES {
            let [pick, s, t] = thirds(self.rng.next());
            let at = self
                .running
                .partition_point(|&run| run <= pick * turn.total);
            let piece = self.pieces[self.near[at.min(self.near.len() - 1)] as usize];
            let p = piece.at(s, t);
            let d2 = distance2(&p, &turn.centre);
            if d2 >= turn.r2 && d2 < turn.outer2 {
                return Some((p, piece.face));
            }
        }
        None
    }

    /// The point's radius when it may stand: [`MeshSampler::fits`]' under variable spacing.
    fn admit(&mut self, turn: &mut MeshTurn, &(p, face): &([f64; 3], u32), (): ()) -> Option<f64> {
        if self.spacing.is_some() {
            return self.fits(&p, face);
        }
        if turn.refusers.refuse(&p, turn.r2) {
            return None;
        }
        match self.grid.conflict(&p) {
            Some(hit) => {
                turn.refusers.keep(self.grid.point(hit));
                None
            }
            None => Some(self.radius),
        }
    }

    fn place(&mut self, (p, face): ([f64; 3], u32), r: f64, _parent: usize) -> usize {
        self.store(p, face, r)
    }
}

/// Points on `mesh`'s surface at least `radius` apart in 3D, none of the surface left with room
/// for another, each with its triangle; deterministic from the 32-bit seed. See the module docs
/// for the method.
///
/// ```
/// use poisson_live::space::{sample_mesh, Mesh};
/// let ring = Mesh::torus(8.0, 3.0, 48, 24)?;
/// let points = sample_mesh(&ring, 1.0, 30, 7)?;
/// for (i, a) in points.iter().enumerate() {
///     for b in &points[i + 1..] {
///         let d2: f64 = (0..3).map(|j| (a.position[j] - b.position[j]).powi(2)).sum();
///         assert!(d2 >= 1.0);
///     }
/// }
/// assert!(points.len() as f64 / ring.area() > 0.6); // points per r²
/// # Ok::<(), poisson_live::Error>(())
/// ```
pub fn sample_mesh(mesh: &Mesh, radius: f64, k: u32, seed: i32) -> Result<Vec<MeshPoint>> {
    MeshSampler::new(mesh, radius, k, seed)?.run_to_end()
}

/// [`sample_mesh`] with spacing from weights ([`MeshSpacing`]): `radius` where the vertices
/// weigh 1, `radius_max` where they weigh 0; every pair at least the smaller of their two radii
/// apart in 3D.
pub fn sample_mesh_weighted(
    mesh: &Mesh,
    spacing: &MeshSpacing,
    k: u32,
    seed: i32,
) -> Result<Vec<MeshPoint>> {
    MeshSampler::with_spacing(mesh, spacing, k, seed)?.run_to_end()
}

/// A 64-bit draw as three numbers in `[0, 1)`, 21 bits each: the piece picked and where on it.
#[inline(always)]
fn thirds(bits: u64) -> [f64; 3] {
    const SCALE: f64 = 1.0 / (1u64 << 21) as f64;
    [0, 21, 42].map(|shift| ((bits >> shift) & ((1 << 21) - 1)) as f64 * SCALE)
}
