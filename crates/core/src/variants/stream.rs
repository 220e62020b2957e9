//! Maps bigger than one call: the chunked world over a rectangle, handed out one row of chunks at
//! a time, its chunks built on every core, in memory that grows with the width only.
//!
//! A one-call sampler holds its whole map, so it refuses past the work limit (33.5 M grid cells,
//! about 16 M points). [`ChunkRows`] streams instead: it builds the [`ChunkedWorld`] over a
//! rectangle a row of chunks at a time, hands each row's points over, and forgets what no later
//! row needs; its docs say which chunks a row needs, how they are batched for threads (feature
//! `parallel`) and how little is held, and [`CHUNK_RADII`] why chunks are 16 radii across.
//!
//! **The same points in one fixed order, for any number of threads**: rows of chunks top to
//! bottom, in each row the chunks left to right, each chunk's points in the order they were
//! placed, those inside the rectangle kept. Concatenated, the rows are exactly
//! [`ChunkedWorld::points_in`] for the same world and rectangle. A chunk is a pure function of
//! the seed and its coordinates (see [`crate::chunks`]), so building chunks at the same time on
//! several threads changes when each is built, never what it holds.
//!
//! Past one machine, the Python package builds this same stream on a Dask cluster
//! (`poisson_live.dask.endless`; see [`ChunkRows`], "Past one machine").

use crate::base::error::MAX_LENGTH;
use crate::base::error::{in_range, positive, short, Advice, Error, Result, DEFAULT_MAX_CELLS};
use crate::base::job::bridson_points;
use crate::base::point::Point;
use crate::variants::chunks::{constraints_of, phase, ChunkedWorld, Recipe};

/// The chunk side [`ChunkRows::for_map`] uses, in radii. 16 r is in the flat optimum of the
/// time per point measured for sides from 8 r to 256 r (BENCHMARKS.md, "Notes from the code"),
/// in a quarter of the memory of 64 r: a row is built up to three chunks wider than the map on
/// each side, which costs little at 16 r and much at 256 r, while below 16 r a chunk's margin
/// and constraints become a larger share of its work. A multiple of the radius, the side never
/// gives a chunk more cells than the work limit, at any radius; what a small radius can break
/// is the limit on the points held at once, across the width.
pub const CHUNK_RADII: f64 = 16.0;

/// The candidates per step [`ChunkRows::for_map`] uses: Bridson's 30, as everywhere else.
pub const FOR_MAP_K: u32 = crate::classic::bridson::DEFAULT_K;

/// How many rows of chunks a stream holds at most: three built, and the one handed over.
const ROWS_HELD: f64 = 4.0;

/// Chunks a stream builds in a row beyond the rectangle's, at most: up to three on each side
/// (see [`ChunkRows::columns`]), and one more where the rectangle's right edge rounds up.
const EXTRA_COLUMNS: f64 = 7.0;

/// The chunk side [`ChunkRows::for_map`] uses for `radius`: [`CHUNK_RADII`] radii.
pub fn chunk_size_for(radius: f64) -> f64 {
    CHUNK_RADII * radius
}

/// A [`ChunkedWorld`] over a rectangle, a row of chunks at a time; see the module docs for the
/// order.
///
/// Each item is one row of chunks' points inside the rectangle, top row first: rows may be empty
/// where the rectangle only grazes a chunk row. Their concatenation is
/// [`ChunkedWorld::points_in`] of the same rectangle.
///
/// # What a row needs
///
/// A chunk's phase is `(cx mod 2) + 2·(cy mod 2)`. An even row of chunks holds phases 0 and 1,
/// and a phase-1 chunk needs only its phase-0 neighbours left and right: an even row depends on
/// nothing outside itself. An odd row holds phases 2 and 3, which need the even rows just above
/// and below (phases 0 and 1) and, for phase 3, the phase-2 chunks beside them. So a row is built
/// in two *batches*: phase 0 then phase 1 for an even row; for an odd row, once the even rows on
/// both sides are built, phase 2 then phase 3. The chunks of a batch never depend on one another,
/// only on earlier batches: with the `parallel` feature, each batch is built in parallel with
/// rayon. The rows are built a few chunks wider than the rectangle (up to three on each side),
/// where the chunks it shows have the constraints they need.
///
/// # Memory
///
/// At most three built rows of chunks are held (odd row `y` needs rows `y − 1` and `y + 1`), and
/// the row handed over: about four rows of points at 24 bytes each. With [`ChunkRows::for_map`]'s
/// chunks of side 16 r, a row of chunks across a map `W` wide holds about `0.63 · 16 · W / r`
/// points ([`crate::job::BRIDSON_DENSITY`] per r²), so the stream holds about
/// `4 × 24 × 10 · W / r` bytes, under 1 KB per `W / r`: 10 MB
/// for a map 20 000 wide at r = 2, whatever its height. Each thread also holds one chunk's grid
/// while it samples (`18² × 2` cells of 4 bytes). A stream that would hold more than
/// [`DEFAULT_MAX_CELLS`] points at once is refused, with the radius that would fit.
///
/// # Past one machine
///
/// The Python package (`crates/py`) builds this same stream on a Dask cluster:
/// `poisson_live.dask.endless(width, height, radius, *, seed, path)` runs one task per band of
/// chunk rows ([`ChunkRows::band`]) on the current `dask.distributed` client, each writing a
/// Parquet part, and the parts in order are exactly this stream's points for any number of
/// workers. Its docs (and the README, "Use it from Python") say how to point it at a real cluster
/// and what a worker needs installed. A band is a pure function of the world's settings and its
/// rows, so a task needs nothing from another: it builds again the one even row below its last
/// odd row that the next band also builds. [`ChunkedWorld::chunk_from`] builds one chunk from its
/// neighbours' points alone, for an engine that would rather ship the strips along chunk edges
/// than build them twice (`tests/stream.rs` builds a map that way).
///
/// ```
/// use poisson_live::chunks::ChunkedWorld;
/// use poisson_live::stream::ChunkRows;
/// let mut world = ChunkedWorld::new(100.0, 6.0, 30, 7)?;
/// let rows = ChunkRows::new(&world, -130.0, 20.0, 333.0, 250.0)?;
/// assert_eq!(rows.len(), 3); // chunk rows 0, 1 and 2
/// let streamed: Vec<_> = rows.flatten().collect();
/// assert_eq!(streamed, world.points_in(-130.0, 20.0, 333.0, 250.0));
/// # Ok::<(), poisson_live::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct ChunkRows {
    recipe: Recipe,
    /// `[x, y, width, height]`.
    rect: [f64; 4],
    /// The rectangle's chunk columns and rows, inclusive.
    cols: (i32, i32),
    rows: (i32, i32),
    /// The next row to hand over; past `rows.1` when all are.
    next: i64,
    /// The rows built and still needed, at most three.
    built: Vec<Row>,
    generated: u64,
}

/// One built row of chunks: chunk `(first + i, cy)` is `chunks[i]`.
#[derive(Debug, Clone)]
struct Row {
    cy: i32,
    first: i32,
    chunks: Vec<Vec<Point>>,
}

impl Row {
    fn chunk(&self, cx: i32) -> &[Point] {
        // Callers only ask for chunks the row holds (see `ChunkRows::build`).
        &self.chunks[(i64::from(cx) - i64::from(self.first)) as usize]
    }
}

impl ChunkRows {
    /// The points of `world` inside `[x, x + width) × [y, y + height)`, a row of chunks at a
    /// time. Only the world's settings are used: its cache is neither read nor filled.
    ///
    /// `x` and `y` must be finite, `width` and `height` lengths (finite, > 0), the rectangle's
    /// chunks within the `i32` range where the world exists, and the points held at once (about
    /// four rows of chunks across the width) within [`DEFAULT_MAX_CELLS`].
    pub fn new(world: &ChunkedWorld, x: f64, y: f64, width: f64, height: f64) -> Result<Self> {
        let recipe = world.recipe();
        Self::with_advice(recipe, [x, y, width, height], |held| {
            // The points held go as 1 / r² for a given chunk side, and a chunk must stay at
            // least 2 r across.
            let lowest = recipe.radius * (held / DEFAULT_MAX_CELLS as f64).sqrt() * (1.0 + 1e-9);
            if lowest <= recipe.size / 2.0 {
                Advice::at_least("radius", lowest)
            } else {
                Advice::from("use a narrower rectangle or smaller chunks")
            }
        })
    }

    /// A whole `width × height` map, `[0, width) × [0, height)`, with points at least `radius`
    /// apart: the [`ChunkedWorld`] with chunks of side [`chunk_size_for`]`(radius)`,
    /// [`FOR_MAP_K`] tries per step and `seed`. What `poisson endless` streams.
    ///
    /// Width, height and radius must be lengths (finite, > 0); a small radius is refused where
    /// the points held at once (about four rows of chunks across the width) would pass
    /// [`DEFAULT_MAX_CELLS`], or the chunk rows would pass the `i32` range, with the radius that
    /// fits.
    ///
    /// ```
    /// use poisson_live::stream::ChunkRows;
    /// let e = ChunkRows::for_map(20_000.0, 20_000.0, 0.01, 1).unwrap_err();
    /// assert!(e.to_string().ends_with("use a radius ≥ 0.025"), "{e}");
    /// assert_eq!(e.advised_minimum("radius"), Some(0.025));
    /// assert!(ChunkRows::for_map(20_000.0, 20_000.0, 0.025, 1).is_ok());
    /// ```
    ///
    /// ```
    /// use poisson_live::stream::ChunkRows;
    /// let mut count = 0;
    /// for row in ChunkRows::for_map(1000.0, 600.0, 8.0, 123456)? {
    ///     // Write the row out here; it is dropped before the next one is built.
    ///     assert!(row.iter().all(|p| p.x < 1000.0 && p.y < 600.0));
    ///     count += row.len();
    /// }
    /// assert!(count > 5000);
    /// # Ok::<(), poisson_live::Error>(())
    /// ```
    pub fn for_map(width: f64, height: f64, radius: f64, seed: i32) -> Result<Self> {
        let width = positive("width", width)?;
        let height = positive("height", height)?;
        let radius = positive("radius", radius)?;
        // A chunk side that is a length, so the radius is the only thing to change.
        in_range("radius", radius, 0.0, MAX_LENGTH / CHUNK_RADII)?;
        // The smallest radius that meets every rule below at once, so that following the
        // advice of one rule never breaks another. Held points = ROWS_HELD × (W / (16 r) +
        // EXTRA_COLUMNS) × per chunk, where a chunk of 16 r holds the same number of points at
        // any r: solved for r. Chunk columns and rows: fewer than 2^31 - 1 each way.
        let per_chunk = bridson_points(CHUNK_RADII * CHUNK_RADII, 1.0);
        let columns = DEFAULT_MAX_CELLS as f64 / (ROWS_HELD * per_chunk) - EXTRA_COLUMNS;
        let each_way = CHUNK_RADII * f64::from(i32::MAX - 1);
        let lowest = (width / (CHUNK_RADII * columns))
            .max(width / each_way)
            .max(height / each_way)
            * (1.0 + 1e-9);
        let advice = || Advice::at_least("radius", lowest);
        let world = ChunkedWorld::new(chunk_size_for(radius), radius, FOR_MAP_K, seed)?;
        for (side, length) in [("width", width), ("height", height)] {
            let chunks = length / world.chunk_size();
            if chunks >= f64::from(i32::MAX) {
                return Err(Error::TooMuchWork {
                    subject: format!("{side} {} at radius {}", short(length), short(radius)),
                    what: if side == "width" {
                        "chunk columns"
                    } else {
                        "chunk rows"
                    },
                    needed: chunks.floor() + 1.0,
                    limit: i32::MAX as usize,
                    hint: advice(),
                });
            }
        }
        Self::with_advice(world.recipe(), [0.0, 0.0, width, height], |_| advice())
    }

    /// Checks the rectangle and the points held; `hint` says what to change when too many
    /// would be, given how many.
    fn with_advice(
        recipe: Recipe,
        [x, y, width, height]: [f64; 4],
        hint: impl FnOnce(f64) -> Advice,
    ) -> Result<Self> {
        in_range("x", x, -MAX_LENGTH, MAX_LENGTH)?;
        in_range("y", y, -MAX_LENGTH, MAX_LENGTH)?;
        let width = positive("width", width)?;
        let height = positive("height", height)?;
        let index = |v: f64| (v / recipe.size).floor();
        let range = f64::from(i32::MIN)..=f64::from(i32::MAX);
        let corners = [index(x), index(y), index(x + width), index(y + height)];
        if !corners.iter().all(|c| range.contains(c)) {
            return Err(Error::Invalid {
                message: format!(
                    "the rectangle [{}, {}) × [{}, {}) reaches past the world's last chunk \
                     (chunk {} across; the world has 2^32 chunks each way); move it or use \
                     larger chunks",
                    short(x),
                    short(x + width),
                    short(y),
                    short(y + height),
                    short(recipe.size)
                ),
            });
        }
        let per_chunk = bridson_points(recipe.size * recipe.size, recipe.radius);
        let held = ROWS_HELD * ((width / recipe.size).ceil() + EXTRA_COLUMNS) * per_chunk;
        if held > DEFAULT_MAX_CELLS as f64 {
            return Err(Error::TooMuchWork {
                subject: format!(
                    "a map {} wide at radius {} (chunks of {})",
                    short(width),
                    short(recipe.radius),
                    short(recipe.size)
                ),
                what: "points held at once",
                needed: held,
                limit: DEFAULT_MAX_CELLS,
                hint: hint(held),
            });
        }
        let [c0, r0, c1, r1] = corners.map(|c| c as i32);
        Ok(Self {
            recipe,
            rect: [x, y, width, height],
            cols: (c0, c1),
            rows: (r0, r1),
            next: i64::from(r0),
            built: Vec::new(),
            generated: 0,
        })
    }

    /// Only `count` rows of chunks of this stream, from its row `first` (0 is its top row): one
    /// *band*, for a cluster that builds a map band by band on many machines (the Python
    /// package's `poisson_live.dask.endless`). The rectangle stays the whole stream's, so a band
    /// hands over exactly the rows the whole stream would there; bands side by side, in order,
    /// are the whole stream. A band reaching past the last row ends there. Call it before the
    /// first row is taken.
    ///
    /// `count` must be at least 1 and `first` a row of the stream (below [`Self::chunk_rows`]).
    ///
    /// ```
    /// use poisson_live::stream::ChunkRows;
    /// let whole: Vec<_> = ChunkRows::for_map(900.0, 700.0, 6.0, 5)?.collect();
    /// let rows = ChunkRows::for_map(900.0, 700.0, 6.0, 5)?.chunk_rows();
    /// let mut banded = Vec::new();
    /// for first in (0..rows).step_by(3) {
    ///     banded.extend(ChunkRows::for_map(900.0, 700.0, 6.0, 5)?.band(first, 3)?);
    /// }
    /// assert_eq!(banded, whole);
    /// assert!(ChunkRows::for_map(900.0, 700.0, 6.0, 5)?.band(rows, 1).is_err());
    /// # Ok::<(), poisson_live::Error>(())
    /// ```
    pub fn band(mut self, first: u64, count: u64) -> Result<Self> {
        let rows = self.chunk_rows();
        // The count is not quoted when the first row is wrong: a caller's "to the end" can be
        // `u64::MAX`, which is no band a reader asked for.
        if count == 0 {
            return Err(Error::Invalid {
                message: format!(
                    "a band of 0 chunk rows from row {first}: a band needs at least one row"
                ),
            });
        }
        if first >= rows {
            return Err(Error::Invalid {
                message: format!(
                    "a band from chunk row {first}: the stream has rows 0 to {}",
                    rows - 1
                ),
            });
        }
        // Both ends lie within the stream's rows, which are i32.
        let start = i64::from(self.rows.0) + first as i64;
        let end = (start + (count - 1).min(rows - 1 - first) as i64) as i32;
        self.rows = (start as i32, end);
        self.next = start;
        Ok(self)
    }

    /// The chunk side.
    pub fn chunk_size(&self) -> f64 {
        self.recipe.size
    }

    /// The rectangle's rows of chunks, handed over or not: the stream's length at the start.
    pub fn chunk_rows(&self) -> u64 {
        (i64::from(self.rows.1) - i64::from(self.rows.0) + 1) as u64
    }

    /// How many chunks were sampled so far, those beside the rectangle that its chunks need
    /// included.
    pub fn generated(&self) -> u64 {
        self.generated
    }

    /// The share of rows handed over, from 0 to 1.
    pub fn progress(&self) -> f64 {
        let done = self.next - i64::from(self.rows.0);
        done as f64 / self.chunk_rows() as f64
    }

    /// The columns of chunks built in row `cy`: the rectangle's, widened to even columns at
    /// both ends (an odd row's phase-3 chunks need phase-2 chunks on both sides), and an even
    /// row two more each way (the odd rows' chunks need the even rows' one column further, and
    /// a phase-1 chunk there its phase-0 neighbours). Clipped to the `i32` range: chunks beyond
    /// do not exist.
    fn columns(&self, cy: i32) -> (i32, i32) {
        let (c0, c1) = (i64::from(self.cols.0), i64::from(self.cols.1));
        let (a, b) = (c0 - c0.rem_euclid(2), c1 + c1.rem_euclid(2));
        let wide = if cy.rem_euclid(2) == 0 { 2 } else { 0 };
        let clip = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
        (clip(a - wide), clip(b + wide))
    }

    /// Builds row `cy` if it is not built: an odd row after the even rows on both sides.
    fn build(&mut self, cy: i32) {
        if self.built.iter().any(|row| row.cy == cy) {
            return;
        }
        let odd = cy.rem_euclid(2) == 1;
        if odd {
            // Even rows need nothing outside themselves.
            for ny in [cy.checked_sub(1), cy.checked_add(1)].into_iter().flatten() {
                self.build(ny);
            }
        }
        let (first, last) = self.columns(cy);
        let mut row = Row {
            cy,
            first,
            chunks: vec![Vec::new(); (i64::from(last) - i64::from(first) + 1) as usize],
        };
        for p in if odd { [2, 3] } else { [0, 1] } {
            let batch: Vec<i32> = (first..=last).filter(|&cx| phase(cx, cy) == p).collect();
            let (recipe, built, this) = (self.recipe, &self.built, &row);
            let find = |(nx, ny): (i32, i32)| -> &[Point] {
                let row = if ny == cy {
                    this
                } else {
                    built
                        .iter()
                        .find(|row| row.cy == ny)
                        .expect("an odd row is built after the even rows beside it")
                };
                row.chunk(nx)
            };
            let points = each(&batch, |&cx| {
                let mut pts = recipe.sample(cx, cy, constraints_of(cx, cy).map(find));
                // The sampler's list grew by doubling; a held row keeps only the points.
                pts.shrink_to_fit();
                pts
            });
            self.generated += batch.len() as u64;
            for (cx, pts) in batch.into_iter().zip(points) {
                row.chunks[(i64::from(cx) - i64::from(first)) as usize] = pts;
            }
        }
        self.built.push(row);
    }

    /// Row `cy`'s points inside the rectangle, chunk by chunk as [`ChunkedWorld::points_in`]
    /// takes them.
    fn inside(&self, cy: i32) -> Vec<Point> {
        let [x, y, width, height] = self.rect;
        let Some(row) = self.built.iter().find(|row| row.cy == cy) else {
            return Vec::new();
        };
        let inside = |p: &&Point| p.x >= x && p.y >= y && p.x < x + width && p.y < y + height;
        let chunks = || (self.cols.0..=self.cols.1).map(|cx| row.chunk(cx));
        let mut points = Vec::with_capacity(chunks().map(<[Point]>::len).sum());
        for chunk in chunks() {
            points.extend(chunk.iter().filter(inside));
        }
        points
    }
}

impl Iterator for ChunkRows {
    type Item = Vec<Point>;

    /// Builds what the next row of chunks needs (in parallel batches with the `parallel`
    /// feature), hands over its points inside the rectangle, and forgets the rows no later row
    /// needs.
    fn next(&mut self) -> Option<Vec<Point>> {
        let cy = i32::try_from(self.next)
            .ok()
            .filter(|&cy| cy <= self.rows.1)?;
        self.build(cy);
        let points = self.inside(cy);
        self.next += 1;
        // An even row stays for the odd row after it; everything above goes.
        let keep = |row: &Row| row.cy > cy || (row.cy == cy && cy.rem_euclid(2) == 0);
        self.built.retain(keep);
        Some(points)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (i64::from(self.rows.1) + 1 - self.next).max(0) as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for ChunkRows {}
impl std::iter::FusedIterator for ChunkRows {}

/// `f` on every item, in order: on the current rayon pool with the `parallel` feature.
#[cfg(feature = "parallel")]
fn each<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync + Send) -> Vec<R> {
    use rayon::prelude::*;
    // One chunk is a task: chunks cost milliseconds, far more than a steal.
    items.par_iter().with_max_len(1).map(f).collect()
}

/// `f` on every item, in order, one after another (the build without threads: wasm).
#[cfg(not(feature = "parallel"))]
fn each<T, R>(items: &[T], f: impl Fn(&T) -> R) -> Vec<R> {
    items.iter().map(f).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_built_wide_enough_and_forgotten() {
        let world = ChunkedWorld::new(40.0, 5.0, 10, 3).unwrap();
        let mut rows = ChunkRows::new(&world, -35.0, -75.0, 150.0, 170.0).unwrap();
        assert_eq!((rows.cols, rows.rows), ((-1, 2), (-2, 2)));
        // Even rows: columns -2..=2 widened by two; odd rows: -2..=2.
        assert_eq!(rows.columns(0), (-4, 4));
        assert_eq!(rows.columns(-1), (-2, 2));
        let mut n = 0;
        while rows.next().is_some() {
            n += 1;
            // Between rows, only an even row the next (odd) row needs is kept.
            let kept: Vec<i32> = rows.built.iter().map(|r| r.cy).collect();
            let last = rows.next as i32 - 1;
            assert_eq!(
                kept,
                if last % 2 == 0 {
                    vec![last]
                } else {
                    vec![last + 1]
                }
            );
        }
        assert_eq!(n, 5);
        // Three even rows of 9 chunks, two odd rows of 5.
        assert_eq!(rows.generated(), 3 * 9 + 2 * 5);
        assert!(rows.next().is_none());
        assert_eq!(rows.progress(), 1.0);
    }

    #[test]
    fn the_world_still_ends_at_the_edge_of_i32() {
        let world = ChunkedWorld::new(64.0, 8.0, 10, 5).unwrap();
        let edge = 64.0 * f64::from(i32::MAX);
        let streamed: Vec<Point> = ChunkRows::new(&world, edge - 100.0, edge - 100.0, 99.0, 99.0)
            .unwrap()
            .flatten()
            .collect();
        let mut w = world.clone();
        assert_eq!(
            streamed,
            w.points_in(edge - 100.0, edge - 100.0, 99.0, 99.0)
        );
        assert!(!streamed.is_empty());
        let low = 64.0 * f64::from(i32::MIN);
        let streamed: Vec<Point> = ChunkRows::new(&world, low, low, 150.0, 150.0)
            .unwrap()
            .flatten()
            .collect();
        assert_eq!(streamed, w.points_in(low, low, 150.0, 150.0));
        assert!(ChunkRows::new(&world, edge, 0.0, 100.0, 10.0).is_err());
    }
}
