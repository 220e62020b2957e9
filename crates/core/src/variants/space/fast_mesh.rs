//! The fast sampler on a mesh: the densest, quickest cover of a surface, the plane's fast
//! sampler ([`crate::fast`]) carried onto triangles. Each point takes one turn: `CANDIDATES`
//! headings in equal steps around it, from a random start (one of 256), in its own triangle's
//! plane; each is walked straight over the surface for `r · (1 + 10⁻⁶)`, unfolding across
//! edges into the next triangle (`walk.rs`: the edge adjacency is built once), and walked on
//! until it lies that far from the point in 3D too (a bent surface brings the end closer).
//! Every candidate that fits is placed, in order; "too close?" is the 3D grid's
//! ([`SpaceGrid`]), after the few points that refused this turn's earlier candidates.
//!
//! Why this and not Bridson's on pieces of triangle ([`super::sample_mesh`]): a step there
//! gathers the pieces near the point and draws on them, the method's floor (BENCHMARKS.md);
//! here a candidate costs a short walk and a grid lookup, nothing is gathered, and candidates
//! touching the point's sphere pack the surface fuller. A sweep over the triangles in file
//! order then seeds what the walks cannot reach (another part, past an open edge) and any
//! hole left behind. Like the plane's fast sampler, its own loop, not Bridson's: it places every
//! candidate that fits. The generator is SplitMix64 and the headings come from
//! [`crate::classic::exact::sin_cos`], so a seed gives the same bits natively and in wasm.

use super::grid::{distance2, Refusers, SpaceGrid};
use super::mesh::Mesh;
use super::on_mesh::{mesh_handover, MeshPoint};
use super::spacing::MeshSpacing;
use super::walk::{faces, Face, Walker};
use crate::base::error::{positive, Error, Result};
use crate::base::job::{Handover, Job};
use crate::base::rng::{Seed, SplitMix};
use crate::classic::exact::sin_cos;
use crate::variants::fast::GAP;

/// Candidates per turn, in equal steps around the point: 8 fill about 0.79 points per r² and
/// leave about 0.01 % of the surface farther than r from a point; 16 fill 0.88 for a third
/// more work (BENCHMARKS.md, "Meshes, fast").
pub const CANDIDATES: usize = 8;
/// Neighbouring candidates are `2 r sin(22.5°)` apart, closer than r, so placing one rules out
/// one on each side; two steps apart they are `√2 r` apart.
const SPAN: usize = 1;
/// The start heading is one of `PHASES · CANDIDATES` = 256 evenly spaced ones.
const PHASES: usize = 32;
const HEADINGS: usize = PHASES * CANDIDATES;
/// Walks a candidate may take on to reach its distance in 3D.
const REACH_TRIES: u32 = 4;
/// Points the sweep throws per r² of a triangle's area (at least one per triangle).
const SWEEP_PER_R2: f64 = 2.0;
/// Pieces of work (a point's turn, one of the sweep's throws, or the sweep's move to the next
/// triangle) per unit of [`Job::run`]'s budget: 12 cost about as much as one step of the mesh's
/// Bridson ([`super::MeshSampler`]), as the plane's [`crate::fast::TURNS_PER_UNIT`] is measured
/// against the plane's. Measured on the bench's torus (25 600 triangles) at r = 0.4 (`poisson
/// mesh` with each method): 0.33 µs of user time a piece against 4.4 µs a step (13 pieces a
/// step; callgrind's instructions, 1 640 against 22 200, say 13.5).
pub const TURNS_PER_UNIT_MESH: u64 = 12;
/// Points per r² the progress estimate expects (a little above what the sampler reaches).
const EXPECTED_DENSITY: f64 = 0.8;
/// The most triangles the fast sampler lays flat: a bound on memory (about 230 bytes each,
/// 490 MB), the same count as [`super::MAX_PIECES`].
pub const MAX_FAST_TRIANGLES: usize = 1 << 21;

/// The fast sampler on a mesh as a [`Job`], run a bounded amount at a time: a unit of the
/// budget is [`TURNS_PER_UNIT_MESH`] pieces of work.
///
/// ```
/// use poisson_live::job::Job;
/// use poisson_live::space::{fast_sample_mesh, FastMeshSampler, Mesh};
/// let ring = Mesh::torus(8.0, 3.0, 48, 24)?;
/// let mut s = FastMeshSampler::new(&ring, 1.0, 7)?;
/// while !s.run(20)? {
///     assert!(s.progress() < 1.0);
/// }
/// let points = s.take().expect("finished");
/// assert_eq!(points, fast_sample_mesh(&ring, 1.0, 7)?);
/// assert!(points.len() as f64 / ring.area() > 0.7); // points per r²
/// // Where each sits: (1 − u − v)·A + u·B + v·C of its triangle.
/// let p = points[0];
/// let [a, b, c] = ring.corners(p.face);
/// let [u, v] = p.barycentric;
/// let x = (1.0 - u - v) * a[0] + u * b[0] + v * c[0];
/// assert!((x - p.position[0]).abs() < 1e-9);
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct FastMeshSampler {
    mesh: Mesh,
    faces: Vec<Face>,
    grid: SpaceGrid<3>,
    rng: SplitMix,
    /// The `HEADINGS` unit headings, in a triangle's own frame.
    headings: Vec<[f64; 2]>,
    radius: f64,
    /// Spacing from weights, and each point's radius under it (see [`MeshSpacing`]).
    spacing: Option<MeshSpacing>,
    radii: Vec<f64>,
    /// Each point's triangle and where on it, in the triangle's frame.
    spots: Vec<(u32, [f64; 2])>,
    /// The next point to take its turn.
    next: usize,
    /// The sweep's next triangle, and the throws left on the one before it.
    swept: usize,
    throws: u64,
    /// About how many points cover the surface, for the progress.
    expected: f64,
    handover: Handover,
}

impl FastMeshSampler {
    /// A fast sampler for `mesh` with spacing `radius` (finite, > 0, the grid within the work
    /// limit), from a 32-bit seed.
    pub fn new(mesh: &Mesh, radius: f64, seed: i32) -> Result<Self> {
        Self::build(mesh, radius, None, seed)
    }

    /// A fast sampler whose spacing follows `spacing`'s weights: every pair at least the
    /// smaller of their two radii apart ([`MeshSpacing`] says why that rule).
    pub fn with_spacing(mesh: &Mesh, spacing: &MeshSpacing, seed: i32) -> Result<Self> {
        Self::build(mesh, spacing.radius(), Some(spacing.clone()), seed)
    }

    fn build(mesh: &Mesh, radius: f64, spacing: Option<MeshSpacing>, seed: i32) -> Result<Self> {
        let radius = positive("radius", radius)?;
        Seed::new(seed)?; // the seeds every sampler refuses
        let triangles = mesh.triangles().len();
        if triangles > MAX_FAST_TRIANGLES {
            return Err(Error::Invalid {
                message: format!(
                    "the fast method takes at most {MAX_FAST_TRIANGLES} triangles (a bound on \
                     memory); this mesh has {triangles}"
                ),
            });
        }
        let grid = mesh.grid_around(radius)?;
        let headings = (0..HEADINGS)
            .map(|i| {
                let (s, c) = sin_cos(std::f64::consts::TAU * i as f64 / HEADINGS as f64);
                [c, s]
            })
            .collect();
        Ok(Self {
            mesh: mesh.clone(),
            faces: faces(mesh),
            grid,
            rng: SplitMix::new(seed),
            headings,
            radius,
            spacing,
            radii: Vec::new(),
            spots: Vec::new(),
            next: 0,
            swept: 0,
            throws: 0,
            expected: EXPECTED_DENSITY * mesh.area() / (radius * radius),
            handover: Handover::default(),
        })
    }

    /// Up to `max_turns` pieces of work (see [`TURNS_PER_UNIT_MESH`]); true once the sweep
    /// has passed every triangle and every point has taken its turn. Kept out of line, so the
    /// loop compiles alike whoever drives it (inlined into the CLI's slices it ran 4 % more
    /// instructions).
    #[inline(never)]
    fn run_turns(&mut self, max_turns: u64) -> bool {
        for _ in 0..max_turns {
            if self.next < self.spots.len() {
                self.turn(self.next);
                self.next += 1;
            } else if self.throws > 0 || self.swept < self.faces.len() {
                self.sweep_one();
            } else {
                return true;
            }
        }
        self.is_finished()
    }

    /// True once the sweep is over and every point has taken its turn.
    pub fn is_finished(&self) -> bool {
        self.next == self.spots.len() && self.throws == 0 && self.swept == self.faces.len()
    }

    /// The points so far, in the order they were placed.
    pub fn points(&self) -> impl ExactSizeIterator<Item = MeshPoint> + '_ {
        self.grid
            .points()
            .iter()
            .zip(&self.spots)
            .map(|(p, (f, _))| MeshPoint::on(&self.mesh, *p, *f as usize))
    }

    /// The grid, to count too-close pairs.
    pub fn grid(&self) -> &SpaceGrid<3> {
        &self.grid
    }

    /// One of the sweep's throws on its triangle (a point that fits is placed, and its wave
    /// runs before the sweep goes on), or the move to the next triangle once they are spent.
    fn sweep_one(&mut self) {
        if self.throws == 0 {
            let face = &self.faces[self.swept];
            self.swept += 1;
            if face.is_flat() {
                let r2 = self.radius * self.radius;
                self.throws = (SWEEP_PER_R2 * face.area() / r2).ceil().max(1.0) as u64;
            }
            return;
        }
        let t = self.swept - 1;
        self.throws -= 1;
        let bits = self.rng.next();
        const SCALE: f64 = 1.0 / (1u64 << 32) as f64;
        let (s, u) = ((bits >> 32) as f64 * SCALE, (bits as u32) as f64 * SCALE);
        let face = &self.faces[t];
        let at = face.spot(s, u);
        let p = face.at(at);
        if !self.grid.contains(&p) {
            return;
        }
        let fits = match self.spacing {
            None => self.grid.conflict(&p).is_none(),
            Some(_) => self.fits(&p, t as u32, at).is_some(),
        };
        if fits {
            self.place(p, t as u32, at);
        }
    }

    fn place(&mut self, p: [f64; 3], face: u32, at: [f64; 2]) {
        self.grid.add_unchecked(p);
        self.spots.push((face, at));
        if let Some(s) = &self.spacing {
            let r = s.radius_at(
                &self.mesh,
                face as usize,
                self.faces[face as usize].barycentric(at),
            );
            self.radii.push(r);
        }
    }

    /// Under variable spacing: the radius at `p` (at 2D `at` of `face`) if no point is closer
    /// to it than the smaller of their two radii.
    fn fits(&self, p: &[f64; 3], face: u32, at: [f64; 2]) -> Option<f64> {
        let s = self.spacing.as_ref()?;
        let r = s.radius_at(
            &self.mesh,
            face as usize,
            self.faces[face as usize].barycentric(at),
        );
        let radii = &self.radii;
        let hit = self.grid.conflict_within(p, r, |j, d2| {
            let limit = r.min(radii[j]);
            d2 < limit * limit
        });
        hit.is_none().then_some(r)
    }

    /// Point `i`'s turn: each candidate that fits is placed.
    fn turn(&mut self, i: usize) {
        let (face, at) = self.spots[i];
        let centre = self.grid.point(i);
        let start = self.rng.direction();
        let own = if self.spacing.is_some() {
            self.radii[i]
        } else {
            self.radius
        };
        let step = own * (1.0 + GAP);
        let r2 = self.radius * self.radius;
        // Half the gap is enough: a walk on one flat triangle ends `step` away up to rounding.
        let want = own * (1.0 + 0.5 * GAP);
        let want2 = want * want;
        let mut refusers = Refusers::new();
        let mut ruled_out = 0u32;
        for k in 0..CANDIDATES {
            if ruled_out & (1 << k) != 0 {
                continue;
            }
            let heading = self.headings[(start + k * PHASES) % HEADINGS];
            let mut w = Walker::new(face, at, heading);
            let (mut left, mut p) = (step, centre);
            let mut on_surface = true;
            for _ in 0..REACH_TRIES {
                if !w.walk(&self.faces, left) {
                    on_surface = false;
                    break;
                }
                p = self.faces[w.face as usize].at(w.at);
                let d2 = distance2(&p, &centre);
                if d2 >= want2 {
                    break;
                }
                // The chord fell short of the walk (the surface bends): walk on by the gap.
                left = step - d2.sqrt() + own * GAP;
            }
            if !on_surface || !self.grid.contains(&p) {
                continue;
            }
            if self.spacing.is_some() {
                if self.fits(&p, w.face, w.at).is_some() {
                    self.place(p, w.face, w.at);
                    for s in 1..=SPAN {
                        ruled_out |= 1 << ((k + s) % CANDIDATES);
                        ruled_out |= 1 << ((k + CANDIDATES - s) % CANDIDATES);
                    }
                }
                continue;
            }
            if refusers.refuse(&p, r2) {
                continue;
            }
            match self.grid.conflict(&p) {
                Some(hit) => refusers.keep(self.grid.point(hit)),
                None => {
                    self.place(p, w.face, w.at);
                    refusers.keep(p);
                    for s in 1..=SPAN {
                        ruled_out |= 1 << ((k + s) % CANDIDATES);
                        ruled_out |= 1 << ((k + CANDIDATES - s) % CANDIDATES);
                    }
                }
            }
        }
    }
}

impl Job for FastMeshSampler {
    type Output = Vec<MeshPoint>;

    /// Up to `budget ·` [`TURNS_PER_UNIT_MESH`] pieces of work; true once the sweep has
    /// passed every triangle and every point has taken its turn.
    fn run(&mut self, budget: u64) -> Result<bool> {
        let done = self.run_turns(budget.saturating_mul(TURNS_PER_UNIT_MESH));
        let placed = self.spots.len() as f64;
        self.handover
            .show(self.next as f64 / self.expected.max(placed));
        Ok(done)
    }

    mesh_handover!();
}

/// The fast sampler on a mesh in one call: points on `mesh`'s surface at least `radius` apart
/// in 3D, each with its triangle and where in it, from a 32-bit seed. See the module docs.
pub fn fast_sample_mesh(mesh: &Mesh, radius: f64, seed: i32) -> Result<Vec<MeshPoint>> {
    FastMeshSampler::new(mesh, radius, seed)?.run_to_end()
}

/// [`fast_sample_mesh`] with spacing from weights ([`MeshSpacing`]): about `radius` apart where
/// the vertices weigh 1, `radius_max` where they weigh 0; every pair at least the smaller of
/// their two radii apart in 3D.
pub fn fast_sample_mesh_weighted(
    mesh: &Mesh,
    spacing: &MeshSpacing,
    seed: i32,
) -> Result<Vec<MeshPoint>> {
    FastMeshSampler::with_spacing(mesh, spacing, seed)?.run_to_end()
}
