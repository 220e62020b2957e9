//! The endless world itself: chunks built on demand around their constraints, kept in a cache
//! that forgets the farthest, and a rectangle's chunks as a job.

use super::scheme::{chunk_seed, constraints_of, phase, REACH};
use crate::base::error::{positive, Advice, Error, Result, DEFAULT_MAX_CELLS};
use crate::base::job::{Handover, Job};
use crate::base::point::Point;
use crate::base::rng::Seed;
use crate::classic::bridson::{Sampler, Tries};
use crate::classic::grid::Grid;
use std::collections::{HashMap, HashSet};
use std::f64::consts::SQRT_2;
use std::rc::Rc;

/// How many chunks a world keeps by default before it forgets the farthest.
pub const DEFAULT_CAPACITY: usize = 256;

/// An endless world of Poisson disk points, generated chunk by chunk on demand; see the module
/// docs for why a chunk never depends on the visit order and no seam ever shows.
///
/// # Inside one chunk (the draw order)
///
/// The chunk's Park–Miller generator ([`chunk_seed`]) first walks the chunk in blocks of side
/// `2r`, rows outer: in each block up to `k` times `x = bx + f·min(2r, right − bx)`, then
/// `y = by + f·min(2r, bottom − by)`, stopping at the first point placed (this finds room in
/// every pocket the constraints leave). Then classic Bridson steps until nothing is active:
/// `a = floor(f · active.len)`, up to `k` candidates `dx = (f·4 − 2)·r`, `dy = (f·4 − 2)·r`
/// redrawn until `r² ≤ dx² + dy² ≤ 4r²`; a candidate outside the chunk's square is refused.
/// Distances are plain `dx² + dy²` in world coordinates, compared with `r²`, to the chunk's own
/// points and to every constraint point. That is [`Sampler::step`] on a grid with an origin
/// (the chunk and a margin of one radius, where the constraints that matter stand) and with the
/// chunk as its sampling region.
///
/// ```
/// use poisson_live::chunks::ChunkedWorld;
/// let mut a = ChunkedWorld::new(128.0, 16.0, 30, 123456).unwrap();
/// let mut b = ChunkedWorld::new(128.0, 16.0, 30, 123456).unwrap();
/// let far_first = b.chunk(5, -2).to_vec(); // visit another chunk first
/// let here = a.chunk(0, 0).to_vec();
/// assert_eq!(b.chunk(0, 0), &here[..]);
/// assert!(!far_first.is_empty());
/// assert!(here.iter().all(|p| (0.0..128.0).contains(&p.x) && (0.0..128.0).contains(&p.y)));
/// ```
#[derive(Debug, Clone)]
pub struct ChunkedWorld {
    recipe: Recipe,
    capacity: usize,
    cache: HashMap<(i32, i32), Rc<[Point]>>,
    generated: u64,
}

impl ChunkedWorld {
    /// A world of square chunks of side `chunk_size`, points at least `radius` apart, `k` tries per
    /// step and a 32-bit seed, remembering up to [`DEFAULT_CAPACITY`] chunks.
    ///
    /// Chunk size and radius must be finite and > 0, the chunk at least `2 × radius` across (so
    /// only touching chunks can hold close points), `k` in `1..=MAX_K`, and one chunk's grid
    /// within the work limit.
    pub fn new(chunk_size: f64, radius: f64, k: u32, seed: i32) -> Result<Self> {
        let size = positive("chunk size", chunk_size)?;
        let radius = positive("radius", radius)?;
        Tries::new(k)?;
        Seed::new(seed)?;
        if size < 2.0 * radius {
            return Err(Error::Invalid {
                message: format!(
                    "chunk size ({}) must be at least 2 × radius; use a radius ≤ {}",
                    crate::base::error::short(size),
                    crate::base::error::short(size / 2.0)
                ),
            });
        }
        let side = (size / radius).ceil() + 2.0;
        let needed = side * side;
        if needed > DEFAULT_MAX_CELLS as f64 {
            let min_radius = size / ((DEFAULT_MAX_CELLS as f64).sqrt() - 2.0);
            return Err(Error::TooMuchWork {
                subject: format!(
                    "radius {} in chunks of {}",
                    crate::base::error::short(radius),
                    crate::base::error::short(size)
                ),
                what: "grid cells per chunk",
                needed,
                limit: DEFAULT_MAX_CELLS,
                hint: Advice::at_least("radius", min_radius),
            });
        }
        Ok(Self {
            recipe: Recipe {
                size,
                radius,
                k,
                seed,
            },
            capacity: DEFAULT_CAPACITY,
            cache: HashMap::new(),
            generated: 0,
        })
    }

    /// Keeps at most `capacity` chunks (at least 1) after each request; the farthest from the
    /// requested chunk are forgotten first. The capacity never changes any result.
    pub fn with_capacity(mut self, capacity: usize) -> Self {
        self.capacity = capacity.max(1);
        self
    }

    /// The points of chunk `(cx, cy)`, in world coordinates, in the order they were placed.
    /// Generates the chunk (and the lower-phase neighbours it needs) when it is not cached.
    pub fn chunk(&mut self, cx: i32, cy: i32) -> &[Point] {
        self.get(cx, cy);
        // Eviction never drops the requested chunk, so it is still there.
        self.evict_around(cx, cy);
        &self.cache[&(cx, cy)]
    }

    /// Every point inside the rectangle `[x, x + width) × [y, y + height)`, chunk by chunk (rows of
    /// chunks top to bottom, left to right), generating chunks as needed.
    ///
    /// This may sample dozens of chunks in one call when the view lands somewhere new; a page
    /// that must not block calls [`generate_next`](Self::generate_next) a few times per frame
    /// first, and this once nothing is missing. It is [`ChunkedWorld::fill`] run to the end.
    pub fn points_in(&mut self, x: f64, y: f64, width: f64, height: f64) -> Vec<Point> {
        Job::run_to_end(self.fill(x, y, width, height))
            .expect("a fill's `run` never fails, and its points are there once it has run")
    }

    /// [`ChunkedWorld::points_in`] as a [`Job`], one chunk per unit of work: the rectangle's
    /// chunks in the same order, each after the constraints it still needs (depth first, in
    /// the order sampling reads them), and the same points and cache at the end.
    ///
    /// ```
    /// use poisson_live::chunks::ChunkedWorld;
    /// use poisson_live::job::Job;
    /// let mut world = ChunkedWorld::new(128.0, 16.0, 30, 7)?;
    /// let mut fill = world.fill(-200.0, -100.0, 400.0, 200.0);
    /// while !fill.run(3)? {
    ///     assert!(fill.progress() < 1.0);
    /// }
    /// let view = fill.take().unwrap();
    /// let fresh = ChunkedWorld::new(128.0, 16.0, 30, 7)?.points_in(-200.0, -100.0, 400.0, 200.0);
    /// assert_eq!(view, fresh);
    /// # Ok::<(), poisson_live::Error>(())
    /// ```
    pub fn fill(&mut self, x: f64, y: f64, width: f64, height: f64) -> Fill<'_> {
        let span = self.span_of(x, y, width, height);
        let todo = span.map_or(0, |(c0, r0, c1, r1)| {
            let chunks = (i64::from(c1) - i64::from(c0) + 1) * (i64::from(r1) - i64::from(r0) + 1);
            chunks as usize + self.missing_in(x, y, width, height)
        });
        Fill {
            next: span.map(|(c0, r0, ..)| (c0, r0)),
            world: self,
            rect: [x, y, width, height],
            span,
            points: Vec::new(),
            todo,
            done: 0,
            finished: false,
            handover: Handover::default(),
        }
    }

    /// Samples the next chunk that `points_in(x, y, width, height)` still needs, and only that
    /// one: a chunk whose constraints are all cached already, so a call samples exactly one chunk
    /// however far the view jumped. Returns the chunk it built, or `None` once nothing the
    /// rectangle needs is missing (`points_in` then samples nothing).
    ///
    /// Calling it until `None` and then `points_in` gives the points `points_in` alone gives, to
    /// the bit, and generates the same chunks (each chunk is a pure function of the seed and its
    /// coordinates; only the order of the work changes). The order shows the scheme: the
    /// rectangle's phase-0 chunks first, then phase 1, 2 and 3 (rows, then columns, within a
    /// phase); a chunk whose constraints are missing has its first missing constraint built
    /// first, depth first in the fixed order sampling reads them.
    ///
    /// When the cache is full, chunks out of the rectangle's reach (more than [`REACH`] chunks
    /// beyond it) are forgotten, farthest from its centre first. Nothing the rectangle needs is
    /// forgotten, so calls in a row always reach `None`.
    pub fn generate_next(&mut self, x: f64, y: f64, width: f64, height: f64) -> Option<(i32, i32)> {
        let (c0, r0, c1, r1) = self.span_of(x, y, width, height)?;
        let target = (0..4u8).find_map(|p| {
            (r0..=r1).find_map(|cy| {
                (c0..=c1)
                    .filter(|&cx| phase(cx, cy) == p)
                    .find_map(|cx| self.buildable(cx, cy))
            })
        })?;
        if self.cache.len() >= self.capacity {
            let reach = |(cx, cy): (i32, i32)| {
                let near = |v: i32, lo: i32, hi: i32| {
                    i64::from(v) >= i64::from(lo) - i64::from(REACH)
                        && i64::from(v) <= i64::from(hi) + i64::from(REACH)
                };
                near(cx, c0, c1) && near(cy, r0, r1)
            };
            let centre = self.chunk_of(x + width / 2.0, y + height / 2.0);
            self.evict(centre, self.capacity - 1, reach);
        }
        self.get(target.0, target.1);
        Some(target)
    }

    /// How many chunks `points_in(x, y, width, height)` would sample now: the rectangle's
    /// chunks and the constraints they need, less what is cached. Each
    /// [`generate_next`](Self::generate_next) takes one off.
    pub fn missing_in(&self, x: f64, y: f64, width: f64, height: f64) -> usize {
        let Some((c0, r0, c1, r1)) = self.span_of(x, y, width, height) else {
            return 0;
        };
        let mut missing = HashSet::new();
        let mut todo: Vec<(i32, i32)> = (r0..=r1)
            .flat_map(|cy| (c0..=c1).map(move |cx| (cx, cy)))
            .collect();
        while let Some((cx, cy)) = todo.pop() {
            if !self.cache.contains_key(&(cx, cy)) && missing.insert((cx, cy)) {
                todo.extend(constraints_of(cx, cy));
            }
        }
        missing.len()
    }

    /// Samples chunk `(cx, cy)` from the points of its constraints, given in the order of
    /// [`constraints_of`], without the cache: what a worker elsewhere runs, given this world's
    /// settings and the neighbours' points (`tests/stream.rs` builds a map this way). Only the
    /// constraint points within one radius of the chunk's square are read.
    ///
    /// An `Err` when the constraint points break the spacing (they are not this world's).
    ///
    /// ```
    /// use poisson_live::chunks::{constraints_of, ChunkedWorld};
    /// let mut world = ChunkedWorld::new(128.0, 16.0, 30, 123456)?;
    /// let needs: Vec<Vec<_>> = constraints_of(3, 5)
    ///     .map(|(nx, ny)| world.chunk(nx, ny).to_vec())
    ///     .collect();
    /// let slices: Vec<&[_]> = needs.iter().map(|v| &v[..]).collect();
    /// assert_eq!(world.chunk_from(3, 5, &slices)?, world.chunk(3, 5));
    /// # Ok::<(), poisson_live::Error>(())
    /// ```
    pub fn chunk_from(&self, cx: i32, cy: i32, constraints: &[&[Point]]) -> Result<Vec<Point>> {
        self.recipe.try_sample(cx, cy, constraints.iter().copied())
    }

    /// The points of chunk `(cx, cy)` if it is cached; never samples and never forgets.
    pub fn cached_chunk(&self, cx: i32, cy: i32) -> Option<&[Point]> {
        self.cache.get(&(cx, cy)).map(|p| &p[..])
    }

    /// The chunks a rectangle covers, `(c0, r0, c1, r1)` inclusive, or `None` when it is empty
    /// or not finite.
    fn span_of(&self, x: f64, y: f64, width: f64, height: f64) -> Option<(i32, i32, i32, i32)> {
        if !(x.is_finite() && y.is_finite() && width > 0.0 && height > 0.0) {
            return None;
        }
        let (c0, r0) = self.chunk_of(x, y);
        let (c1, r1) = self.chunk_of(x + width, y + height);
        Some((c0, r0, c1, r1))
    }

    /// The first chunk to sample on the way to `(cx, cy)`: `None` if it is cached, itself if all
    /// its constraints are cached, else the first such chunk among its missing constraints.
    fn buildable(&self, cx: i32, cy: i32) -> Option<(i32, i32)> {
        if self.cache.contains_key(&(cx, cy)) {
            return None;
        }
        constraints_of(cx, cy)
            .find_map(|(nx, ny)| self.buildable(nx, ny))
            .or(Some((cx, cy)))
    }

    /// The chunk holding the world position `(x, y)`, clamped to the `i32` range.
    pub fn chunk_of(&self, x: f64, y: f64) -> (i32, i32) {
        self.recipe.chunk_of(x, y)
    }

    /// The square chunk `(cx, cy)` covers: `(left, top, right, bottom)`, right and bottom
    /// excluded.
    pub fn bounds(&self, cx: i32, cy: i32) -> (f64, f64, f64, f64) {
        self.recipe.bounds(cx, cy)
    }

    /// How many chunk generations ran so far, counting the neighbours a chunk needed and any
    /// chunk generated again after it was forgotten.
    pub fn generated(&self) -> u64 {
        self.generated
    }
    /// How many chunks the cache holds now.
    pub fn cached(&self) -> usize {
        self.cache.len()
    }
    /// Whether chunk `(cx, cy)` is in the cache.
    pub fn is_cached(&self, cx: i32, cy: i32) -> bool {
        self.cache.contains_key(&(cx, cy))
    }
    /// Forgets every chunk (results do not change: they are generated again on request).
    pub fn clear_cache(&mut self) {
        self.cache.clear();
    }
    /// The chunk side.
    pub fn chunk_size(&self) -> f64 {
        self.recipe.size
    }
    /// The minimum spacing.
    pub fn radius(&self) -> f64 {
        self.recipe.radius
    }
    /// The candidates tried per step.
    pub fn k(&self) -> u32 {
        self.recipe.k
    }
    /// The world seed.
    pub fn seed(&self) -> i32 {
        self.recipe.seed
    }
    /// What every chunk of this world is a function of, besides its coordinates.
    pub(crate) fn recipe(&self) -> Recipe {
        self.recipe
    }
    /// The most chunks kept after a request.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The chunk's points, from the cache or generated (with its constraints) and cached.
    fn get(&mut self, cx: i32, cy: i32) -> Rc<[Point]> {
        if let Some(p) = self.cache.get(&(cx, cy)) {
            return Rc::clone(p);
        }
        let constraints: Vec<Rc<[Point]>> = constraints_of(cx, cy)
            .map(|(nx, ny)| self.get(nx, ny))
            .collect();
        let pts: Rc<[Point]> = self
            .recipe
            .sample(cx, cy, constraints.iter().map(|p| &p[..]))
            .into();
        self.generated += 1;
        self.cache.insert((cx, cy), Rc::clone(&pts));
        pts
    }

    /// Forgets the farthest chunks from `(cx, cy)` until at most `capacity` remain.
    fn evict_around(&mut self, cx: i32, cy: i32) {
        self.evict((cx, cy), self.capacity, |_| false);
    }

    /// Forgets the farthest chunks from `centre` until at most `keep` remain, never `centre`
    /// itself nor a chunk `protect` names (fewer may go then).
    fn evict(&mut self, (cx, cy): (i32, i32), keep: usize, protect: impl Fn((i32, i32)) -> bool) {
        if self.cache.len() <= keep {
            return;
        }
        let far = |&(x, y): &(i32, i32)| {
            let d = (i64::from(x) - i64::from(cx))
                .abs()
                .max((i64::from(y) - i64::from(cy)).abs());
            // Farthest first; ties broken by coordinates so eviction itself is deterministic.
            (std::cmp::Reverse(d), x, y)
        };
        let mut keys: Vec<(i32, i32)> = self
            .cache
            .keys()
            .copied()
            .filter(|&key| key != (cx, cy) && !protect(key))
            .collect();
        keys.sort_by_key(far);
        let excess = self.cache.len() - keep;
        for key in keys.into_iter().take(excess) {
            self.cache.remove(&key);
        }
    }
}

/// What a chunk is a function of, besides its coordinates: the chunk side, the spacing, the
/// tries per step and the world seed. Small and `Copy`, so a chunk can be sampled anywhere (on
/// another thread, by [`crate::stream::ChunkRows`]) from it and its constraints alone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Recipe {
    pub(crate) size: f64,
    pub(crate) radius: f64,
    pub(crate) k: u32,
    pub(crate) seed: i32,
}

impl Recipe {
    /// See [`ChunkedWorld::chunk_of`].
    pub(crate) fn chunk_of(&self, x: f64, y: f64) -> (i32, i32) {
        let c = |v: f64| {
            (v / self.size)
                .floor()
                .clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
        };
        (c(x), c(y))
    }

    /// See [`ChunkedWorld::bounds`].
    pub(crate) fn bounds(&self, cx: i32, cy: i32) -> (f64, f64, f64, f64) {
        let s = self.size;
        (
            cx as f64 * s,
            cy as f64 * s,
            (i64::from(cx) + 1) as f64 * s,
            (i64::from(cy) + 1) as f64 * s,
        )
    }

    /// Samples chunk `(cx, cy)` around the points of its constraints, given in the order of
    /// [`constraints_of`]; see [`ChunkedWorld`] for the draw order.
    ///
    /// A classic [`Sampler`] does it: its grid covers the chunk and a margin of one radius,
    /// where the constraints stand, and its sampling region is the chunk.
    pub(crate) fn sample<'a>(
        &self,
        cx: i32,
        cy: i32,
        constraints: impl IntoIterator<Item = &'a [Point]>,
    ) -> Vec<Point> {
        self.try_sample(cx, cy, constraints).expect(
            "`ChunkedWorld::new` checked the size, radius, k and seed, every chunk seed is valid, \
             and the constraints are this world's own chunks, which keep the spacing",
        )
    }

    /// [`Recipe::sample`], with an `Err` when the constraints do not keep the spacing.
    fn try_sample<'a>(
        &self,
        cx: i32,
        cy: i32,
        constraints: impl IntoIterator<Item = &'a [Point]>,
    ) -> Result<Vec<Point>> {
        let r = self.radius;
        let (left, top, right, bottom) = self.bounds(cx, cy);
        let (gl, gt, gr, gb) = (left - r, top - r, right + r, bottom + r);
        // Cells a hair under r / √2: two points at least r apart then never share one, however
        // the cell index rounds, so the constraints fit one to a cell (they are all r apart:
        // the world keeps its spacing). `new` bounded the cells by its own count, (S/r + 2)².
        let cell = r / SQRT_2 * (1.0 - 1e-9);
        let mut grid = Grid::over(gl, gt, gr - gl, gb - gt, cell);
        for q in constraints.into_iter().flatten() {
            if q.x >= gl && q.x < gr && q.y >= gt && q.y < gb {
                grid.add(q.x, q.y, q.r)?;
            }
        }
        let mut s = Sampler::with_grid(grid, r, self.k, chunk_seed(self.seed, cx, cy))?
            .with_region(left, top, right, bottom)?;
        s.seed_blocks();
        Job::run_to_end(s)
    }
}

/// Filling a rectangle of a [`ChunkedWorld`] as a [`Job`]; see [`ChunkedWorld::fill`].
#[derive(Debug)]
pub struct Fill<'w> {
    world: &'w mut ChunkedWorld,
    /// `[x, y, width, height]`.
    rect: [f64; 4],
    /// The rectangle's chunks, `(c0, r0, c1, r1)`; `None` for an empty rectangle.
    span: Option<(i32, i32, i32, i32)>,
    /// The next of the rectangle's chunks to collect, rows then columns; `None` once all are.
    next: Option<(i32, i32)>,
    points: Vec<Point>,
    /// Units in the whole fill (the rectangle's chunks and those to sample) and done so far.
    todo: usize,
    done: usize,
    finished: bool,
    handover: Handover,
}

impl Fill<'_> {
    /// One unit: samples the next chunk the rectangle still needs, or collects the points of
    /// the next rectangle chunk once it is there; after the last, forgets what `points_in`
    /// forgets.
    fn unit(&mut self) {
        let Some((cx, cy)) = self.next else {
            return;
        };
        if let Some((bx, by)) = self.world.buildable(cx, cy) {
            // Its constraints are all cached: this samples exactly one chunk.
            self.world.get(bx, by);
        } else {
            let [x, y, width, height] = self.rect;
            let pts = &self.world.cache[&(cx, cy)];
            let inside = |p: &&Point| p.x >= x && p.y >= y && p.x < x + width && p.y < y + height;
            self.points.extend(pts.iter().filter(inside));
            self.next = self
                .span
                .and_then(|(c0, _, c1, r1)| match (cx < c1, cy < r1) {
                    (true, _) => Some((cx + 1, cy)),
                    (false, true) => Some((c0, cy + 1)),
                    (false, false) => None,
                });
        }
        self.done += 1;
    }

    /// Keeps at least what the view needs, or panning would regenerate it every frame.
    fn forget_far_chunks(&mut self) {
        if let Some((c0, r0, c1, r1)) = self.span {
            let [x, y, width, height] = self.rect;
            let centre = self.world.chunk_of(x + width / 2.0, y + height / 2.0);
            let span = (c1 - c0).max(r1 - r0) as usize + 3;
            let keep = self.world.capacity.max(span * span);
            self.world.evict(centre, keep, |_| false);
        }
        self.finished = true;
    }
}

impl Job for Fill<'_> {
    type Output = Vec<Point>;

    /// A unit is one chunk: sampled, or its points collected.
    fn run(&mut self, budget: u64) -> Result<bool> {
        for _ in 0..budget {
            if self.next.is_none() {
                break;
            }
            self.unit();
        }
        self.handover
            .show(self.done as f64 / self.todo.max(1) as f64);
        if self.next.is_none() && !self.finished {
            self.forget_far_chunks();
        }
        Ok(self.finished)
    }

    /// Chunks sampled or collected over those the fill needed when it began.
    fn progress(&self) -> f64 {
        self.handover.progress(self.finished)
    }

    /// The points inside the rectangle, as [`ChunkedWorld::points_in`] gives them.
    fn take(&mut self) -> Option<Vec<Point>> {
        let points = &mut self.points;
        self.handover.take(self.finished, || std::mem::take(points))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touching_chunks_never_share_a_phase() {
        for cy in -3..3 {
            for cx in -3..3 {
                for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    assert_ne!(phase(cx, cy), phase(cx + dx, cy + dy));
                }
            }
        }
    }

    #[test]
    fn small_chunks_are_refused_with_the_rule() {
        let e = ChunkedWorld::new(30.0, 20.0, 30, 1).unwrap_err();
        assert!(e.to_string().contains("at least 2 × radius"), "{e}");
        assert!(ChunkedWorld::new(128.0, 0.0, 30, 1).is_err());
        assert!(ChunkedWorld::new(128.0, 10.0, 0, 1).is_err());
        assert!(ChunkedWorld::new(128.0, 10.0, 30, crate::base::rng::STUCK_SEED).is_err());
        assert!(ChunkedWorld::new(1e9, 0.01, 30, 1).is_err());
    }

    #[test]
    fn the_world_ends_at_the_edge_of_i32() {
        let mut w = ChunkedWorld::new(64.0, 8.0, 10, 5).unwrap();
        assert!(!w.chunk(i32::MAX, i32::MAX).is_empty());
        assert!(!w.chunk(i32::MIN, i32::MIN).is_empty());
    }
}
