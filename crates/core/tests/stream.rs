//! Huge maps streamed a row of chunks at a time: exactly the chunked world's points, the same
//! for every thread count, and spaced across every chunk border.

use poisson_live::chunks::{constraints_of, phase, ChunkedWorld};
use poisson_live::metrics::too_close_pairs;
use poisson_live::stream::{chunk_size_for, ChunkRows, FOR_MAP_K};
use poisson_live::{Error, Point};
use proptest::prelude::*;

/// Every coordinate and radius as bits, so `==` means the same to the bit.
fn bits(points: &[Point]) -> Vec<[u64; 3]> {
    points
        .iter()
        .map(|p| [p.x.to_bits(), p.y.to_bits(), p.r.to_bits()])
        .collect()
}

fn streamed(world: &ChunkedWorld, rect: [f64; 4]) -> Vec<Point> {
    let [x, y, w, h] = rect;
    ChunkRows::new(world, x, y, w, h)
        .unwrap()
        .flatten()
        .collect()
}

fn assert_streams_points_in(size: f64, radius: f64, seed: i32, rect: [f64; 4]) {
    let world = ChunkedWorld::new(size, radius, 30, seed).unwrap();
    let [x, y, w, h] = rect;
    let expected = world.clone().points_in(x, y, w, h);
    let got = streamed(&world, rect);
    assert_eq!(
        bits(&got),
        bits(&expected),
        "chunk {size}, r {radius}, seed {seed}, {rect:?}"
    );
}

#[test]
fn the_streamed_rows_are_points_in_exactly() {
    // Rectangles that start on odd and even chunks, at the origin and on either side of it,
    // narrower than a chunk, exactly a whole number of chunks, and not.
    let rects = [
        [0.0, 0.0, 1000.0, 700.0],
        [0.0, 0.0, 960.0, 640.0],
        [-333.3, -250.5, 777.7, 512.25],
        [1234.5, -987.25, 300.0, 170.0],
        [-5000.0, 7000.0, 1.0, 500.0],
        [96.0, 96.0, 96.0, 96.0],
        [-10.0, 95.0, 20.0, 2.0],
    ];
    for (size, radius, seed) in [
        (96.0, 11.0, 123456),
        (120.0, 6.0, 1),
        (64.0, 9.5, 99),
        (200.0, 100.0, -77),
    ] {
        for rect in rects {
            assert_streams_points_in(size, radius, seed, rect);
        }
    }
}

#[test]
fn each_row_holds_one_row_of_chunks() {
    let world = ChunkedWorld::new(80.0, 7.0, 30, 5).unwrap();
    let rows = ChunkRows::new(&world, -30.0, -170.0, 400.0, 325.0).unwrap();
    assert_eq!(rows.len(), 5); // chunk rows -3 to 1
    for (i, row) in rows.enumerate() {
        let cy = i as i32 - 3;
        let (_, top, _, bottom) = world.bounds(0, cy);
        assert!(!row.is_empty());
        assert!(row.iter().all(|p| p.y >= top && p.y < bottom));
    }
}

/// The `w × h` map read from the chunked world [`ChunkRows::for_map`] streams from.
fn world_map(w: f64, h: f64, r: f64, seed: i32) -> Vec<Point> {
    let mut world = ChunkedWorld::new(chunk_size_for(r), r, FOR_MAP_K, seed).unwrap();
    world.points_in(0.0, 0.0, w, h)
}

/// A map and the world agree: every point to the bit, on every thread count (with the
/// `parallel` feature), on wide and tall maps, sizes off the chunk grid, fine spacings with many
/// rows of chunks and a map of a chunk or two.
#[test]
fn a_map_is_the_world_with_chunks_of_16_radii() {
    for (w, h, r, seed) in [
        (1000.0, 700.0, 5.0, 123456),
        (333.0, 1500.5, 3.5, -4),
        (150.0, 90.0, 40.0, 9),
        (1100.0, 600.0, 2.0, 123456),
        (1500.5, 1333.0, 5.0, -9),
        (130.0, 2000.0, 1.5, 77),
    ] {
        let expected = world_map(w, h, r, seed);
        let rows: Vec<Vec<Point>> = ChunkRows::for_map(w, h, r, seed).unwrap().collect();
        let got = rows.concat();
        assert_eq!(bits(&got), bits(&expected), "{w} × {h}, r {r}");
        assert!(!got.is_empty());
        assert!(got
            .iter()
            .all(|p| p.x >= 0.0 && p.x < w && p.y >= 0.0 && p.y < h && p.r == r));
        #[cfg(feature = "parallel")]
        threads::assert_the_same_rows_for_every_thread_count(w, h, r, seed, &rows);
    }
    assert_eq!(chunk_size_for(2.0), 32.0);
}

#[test]
fn bad_maps_are_refused_with_what_to_change() {
    for (w, h, r) in [
        (-1.0, 10.0, 1.0),
        (10.0, f64::NAN, 1.0),
        (f64::INFINITY, 10.0, 1.0),
        (10.0, 10.0, 0.0),
        (10.0, 10.0, -2.0),
    ] {
        let e = ChunkRows::for_map(w, h, r, 1).unwrap_err();
        assert!(
            matches!(e, Error::NotPositive { .. }),
            "{w} × {h}, r {r}: {e}"
        );
    }
    assert!(matches!(
        ChunkRows::for_map(10.0, 10.0, 1.0, poisson_live::rng::STUCK_SEED),
        Err(Error::BadSeed { .. })
    ));
    // Too many points across the width: the advice is a radius, and following it works.
    for width in [20_000.0, 1e6, 12_345.6] {
        let e = ChunkRows::for_map(width, 100.0, 0.01, 1).unwrap_err();
        let lowest = e.advised_minimum("radius").expect("typed advice");
        assert!(e.to_string().contains("points held at once"), "{e}");
        assert!(ChunkRows::for_map(width, 100.0, lowest, 1).is_ok(), "{e}");
        assert!(ChunkRows::for_map(width, 100.0, lowest * 0.85, 1).is_err());
    }
    // Too many chunk rows for the world's 32-bit chunk numbers.
    let e = ChunkRows::for_map(10.0, 1e15, 1.0, 1).unwrap_err();
    let lowest = e.advised_minimum("radius").expect("typed advice");
    assert!(e.to_string().contains("chunk rows"), "{e}");
    assert!(ChunkRows::for_map(10.0, 1e15, lowest, 1).is_ok(), "{e}");

    // A world's own rectangle: beyond its last chunk, or too wide for its chunks.
    let world = ChunkedWorld::new(64.0, 8.0, 30, 5).unwrap();
    let edge = 64.0 * 2f64.powi(31);
    assert!(ChunkRows::new(&world, edge - 10.0, 0.0, 100.0, 10.0).is_err());
    assert!(ChunkRows::new(&world, 0.0, -edge - 64.0, 10.0, 10.0).is_err());
    assert!(ChunkRows::new(&world, f64::NAN, 0.0, 10.0, 10.0).is_err());
    assert!(ChunkRows::new(&world, 0.0, 0.0, 0.0, 10.0).is_err());
    let e = ChunkRows::new(&world, 0.0, 0.0, 1e9, 10.0).unwrap_err();
    assert!(e.advice().is_some(), "{e}");
}

#[cfg(feature = "parallel")]
mod threads {
    use super::*;

    fn on_threads(threads: usize, w: f64, h: f64, r: f64, seed: i32) -> Vec<Vec<Point>> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| ChunkRows::for_map(w, h, r, seed).unwrap().collect())
    }

    /// The rows of the `w × h` map on 1, 2, 3 and 8 threads are `expected` (streamed on the
    /// default pool), row by row.
    pub(super) fn assert_the_same_rows_for_every_thread_count(
        w: f64,
        h: f64,
        r: f64,
        seed: i32,
        expected: &[Vec<Point>],
    ) {
        for threads in [1, 2, 3, 8] {
            let rows = on_threads(threads, w, h, r, seed);
            assert_eq!(rows.len(), expected.len());
            for (i, (a, b)) in rows.iter().zip(expected).enumerate() {
                assert_eq!(
                    bits(a),
                    bits(b),
                    "{w} × {h}, r {r}: {threads} threads, row {i}"
                );
            }
        }
    }
}

/// Streams a map and checks every pair of points in the same or neighbouring rows of chunks
/// (the only rows close points can share) with the crate's exact bucket index; returns the
/// points and the close pairs (under 2 r) that straddle a chunk border.
fn stream_and_check_spacing(w: f64, h: f64, r: f64, seed: i32) -> (usize, usize) {
    let s = chunk_size_for(r);
    let chunk = |p: &Point| ((p.x / s).floor() as i64, (p.y / s).floor() as i64);
    let (mut count, mut across) = (0, 0);
    let mut previous: Vec<Point> = Vec::new();
    for row in ChunkRows::for_map(w, h, r, seed).unwrap() {
        count += row.len();
        let both = [&previous[..], &row[..]].concat();
        let bad = too_close_pairs(&both, r);
        if let Some(&(i, j)) = bad.first() {
            panic!("{:?} and {:?} are closer than {r}", both[i], both[j]);
        }
        // Pairs with a point in this row (`i < j`, so `j` is), each counted once.
        across += too_close_pairs(&both, 2.0 * r)
            .iter()
            .filter(|&&(i, j)| j >= previous.len() && chunk(&both[i]) != chunk(&both[j]))
            .count();
        previous = row;
    }
    (count, across)
}

#[test]
fn spacing_holds_across_every_chunk_border() {
    // About 100 k points, 7 × 6 chunks: every kind of border, between every pair of phases.
    let (count, across) = stream_and_check_spacing(880.0, 760.0, 2.0, 123456);
    assert!(count > 90_000, "{count} points");
    // The borders are filled as densely as the chunks: thousands of close pairs straddle them.
    assert!(across > 5_000, "only {across} close pairs across borders");
}

#[test]
#[ignore = "about 4 M points; minutes in a debug build: cargo test --release -- --ignored"]
fn spacing_holds_across_every_chunk_border_in_a_few_million_points() {
    let (count, across) = stream_and_check_spacing(3200.0, 2000.0, 1.0, 7);
    assert!(count > 3_500_000, "{count} points");
    assert!(across > 100_000, "only {across} close pairs across borders");
}

/// Chunks built elsewhere, as an engine across many machines could build them
/// (`ChunkedWorld::chunk_from`): pick the chunks, build them in four stages by phase, each
/// chunk from nothing but the world's settings, its coordinates and one-radius strips of its
/// constraints' points. The rectangle's points are the stream's, to the bit.
#[test]
fn chunks_built_elsewhere_from_strips_are_the_stream() {
    use std::collections::{BTreeSet, HashMap};
    // Chunks of 16 r, as a map's.
    let (size, r) = (96.0, 6.0);
    let world = ChunkedWorld::new(size, r, 30, 4242).unwrap();
    let [x, y, w, h] = [-250.0, 130.0, 600.0, 420.0];
    let inside = |p: &&Point| p.x >= x && p.y >= y && p.x < x + w && p.y < y + h;

    // 1. The chunks: the rectangle's, and their constraints, closed over.
    let ((c0, r0), (c1, r1)) = (world.chunk_of(x, y), world.chunk_of(x + w, y + h));
    let mut needed = BTreeSet::new();
    let mut todo: Vec<(i32, i32)> = (r0..=r1)
        .flat_map(|cy| (c0..=c1).map(move |cx| (cx, cy)))
        .collect();
    while let Some(c) = todo.pop() {
        if needed.insert(c) {
            todo.extend(constraints_of(c.0, c.1));
        }
    }
    // At most three more on each side, as the docs say.
    let reach =
        |&(cx, cy): &(i32, i32)| (c0 - 3..=c1 + 3).contains(&cx) && (r0 - 3..=r1 + 3).contains(&cy);
    assert!(needed.iter().all(reach));

    // 2. Four stages; within one, any order (here backwards), nothing read from the stage itself.
    let mut built: HashMap<(i32, i32), Vec<Point>> = HashMap::new();
    let (mut shipped, mut held) = (0, 0);
    for stage in 0..4 {
        let mut made = Vec::new();
        for &(cx, cy) in needed.iter().rev().filter(|c| phase(c.0, c.1) == stage) {
            // 3. What a worker receives: the constraints' points within one radius of its
            // square, in the order constraints_of lists them.
            let (left, top, right, bottom) = world.bounds(cx, cy);
            let near = |p: &&Point| {
                p.x >= left - r && p.x < right + r && p.y >= top - r && p.y < bottom + r
            };
            let strips: Vec<Vec<Point>> = constraints_of(cx, cy)
                .map(|n| {
                    held += built[&n].len();
                    built[&n].iter().filter(near).copied().collect()
                })
                .collect();
            shipped += strips.iter().map(Vec::len).sum::<usize>();
            let slices: Vec<&[Point]> = strips.iter().map(|s| &s[..]).collect();
            made.push(((cx, cy), world.chunk_from(cx, cy, &slices).unwrap()));
        }
        built.extend(made);
    }
    // The strips are a small share of the neighbours' points.
    // A strip is about a sixteenth of an edge neighbour's points (r of 16 r), 1/256 of a
    // corner's: 4.3 % of all the neighbours' points here.
    assert!(shipped * 16 < held, "{shipped} of {held} points shipped");

    // The rectangle's chunks, rows then columns, as the stream hands them out.
    let mut got = Vec::new();
    for cy in r0..=r1 {
        for cx in c0..=c1 {
            got.extend(built[&(cx, cy)].iter().filter(inside));
        }
    }
    assert!(got.len() > 3000, "{} points", got.len());
    let want = streamed(&world, [x, y, w, h]);
    let first_difference = bits(&got)
        .iter()
        .zip(bits(&want))
        .position(|(a, b)| *a != b);
    assert!(
        bits(&got) == bits(&want),
        "{} points, the stream {}; first difference at {first_difference:?}",
        got.len(),
        want.len()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any world and rectangle: the stream is `points_in`.
    #[test]
    fn any_rectangle_streams_as_points_in(
        size in 40.0..200.0f64,
        share in 0.02..0.5f64,
        seed in any::<i32>().prop_filter("not the stuck seed", |&s| s != poisson_live::rng::STUCK_SEED),
        x in -1000.0..1000.0f64,
        y in -1000.0..1000.0f64,
        w in 1.0..600.0f64,
        h in 1.0..600.0f64,
    ) {
        let radius = (size * share).max(size / 60.0);
        let world = ChunkedWorld::new(size, radius, 30, seed).unwrap();
        let expected = world.clone().points_in(x, y, w, h);
        prop_assert_eq!(bits(&streamed(&world, [x, y, w, h])), bits(&expected));
    }
}

/// Bands of rows (what each Dask task of the Python package builds), of sizes odd and even (so
/// starting on odd rows and even ones) and one larger than the stream: side by side
/// they are the whole stream, to the bit; a band past the last row, or of no rows, is refused.
#[test]
fn bands_of_rows_side_by_side_are_the_whole_stream() {
    let stream = || ChunkRows::for_map(620.0, 560.0, 5.0, 99).unwrap();
    let whole: Vec<Vec<Point>> = stream().collect();
    let rows = stream().chunk_rows();
    // 560 / 80 = 7: row 7 is only grazed by the map's bottom edge, and empty.
    assert_eq!(rows, 8);
    assert!(whole[7].is_empty());
    for size in [1, 2, 3, rows + 1] {
        let mut banded = Vec::new();
        for first in (0..rows).step_by(size as usize) {
            let band = stream().band(first, size).unwrap();
            assert_eq!(band.len() as u64, size.min(rows - first));
            banded.extend(band);
        }
        assert_eq!(banded, whole, "bands of {size}");
    }
    // One band alone, from an odd row: the same rows as the stream there.
    let middle: Vec<Vec<Point>> = stream().band(3, 2).unwrap().collect();
    assert_eq!(middle, whole[3..5]);
    assert!(stream().band(rows, 1).is_err());
    assert!(stream().band(0, 0).is_err());
}
