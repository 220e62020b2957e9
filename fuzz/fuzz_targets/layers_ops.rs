//! Layers from any numbers on one shared grid and on grids of their own, then a grid fed by
//! `insert_if_free` and probed anywhere. Checks: no overlaps across layers on a shared grid (the
//! smaller-radius rule, brute force), each separate layer well spaced, `overlaps` equal to brute
//! force, every point on the map and on allowed ground, and `probe`, `is_free`, `conflict` and
//! brute force agreeing.
#![no_main]

use arbitrary::Arbitrary;
use fuzz_support::{check_in_bounds, check_spacing, far_enough_squared, Coord, MaskSpec, F, K};
use libfuzzer_sys::fuzz_target;
use poisson_live::layers::{overlaps, place_layers, place_layers_separately, shared_grid, Layer};
use poisson_live::{Grid, Point};

/// Candidate throws one input may cost, estimated generously.
const BUDGET: f64 = 1.5e6;

#[derive(Debug, Clone, Copy, Arbitrary)]
enum Radius {
    Raw(F),
    /// A fraction of the longer side: `(1 + v) / 300`.
    Rel(u8),
}

#[derive(Debug, Clone, Arbitrary)]
struct LayerSpec {
    radius: Radius,
    k: K,
    seed: i32,
    mask: Option<MaskSpec>,
}

#[derive(Debug, Clone, Arbitrary)]
struct Input {
    width: F,
    height: F,
    layers: Vec<LayerSpec>,
    grid_cell: F,
    inserts: Vec<(Coord, Coord, F)>,
    probes: Vec<(Coord, Coord, F)>,
}

fn radius_of(r: Radius, w: f64, h: f64) -> f64 {
    match r {
        Radius::Raw(F(v)) => v,
        Radius::Rel(v) => w.max(h) * (1.0 + f64::from(v)) / 300.0,
    }
}

/// A generous bound on the candidate throws of placing a layer of radius `r` with `k` tries
/// (each point is placed once and retired once, each block of side 2r is seeded with ≤ k throws).
/// On a shared grid (cells for the smallest radius `r_min`), a candidate of radius `r` reads a
/// block of (2·⌈r / cell⌉ + 1)² cells, up to the whole grid (bug M, reported): charged here.
fn cost(w: f64, h: f64, r: f64, k: u32, r_min: f64) -> f64 {
    let points = (w / r + 2.0) * (h / r + 2.0) * 1.5;
    let blocks = (w / (2.0 * r)).ceil().max(1.0) * (h / (2.0 * r)).ceil().max(1.0);
    let cell = r_min / std::f64::consts::SQRT_2;
    let cells = (w / cell).ceil() * (h / cell).ceil();
    let block = (2.0 * (r / cell).ceil() + 1.0).powi(2).min(cells) / 25.0;
    (points * 2.0 + blocks) * f64::from(k.max(1)) * block.max(1.0)
}

fn layers_of(inp: &Input, w: f64, h: f64) -> Vec<Layer> {
    inp.layers
        .iter()
        .take(4)
        .map(|l| {
            let layer = Layer::new(radius_of(l.radius, w, h), l.k.get(), l.seed);
            match &l.mask {
                Some(m) => layer.with_mask(m.mask(w, h)),
                None => layer,
            }
        })
        .collect()
}

fn check_layers(inp: &Input, placed: &[Vec<Point>], w: f64, h: f64, what: &str) {
    for (l, (pts, spec)) in placed.iter().zip(&inp.layers).enumerate() {
        let r = radius_of(spec.radius, w, h);
        check_in_bounds(pts, w, h, what);
        for p in pts {
            assert_eq!(p.r.to_bits(), r.to_bits(), "{what}: layer {l} point {p:?}");
            if let Some(m) = &spec.mask {
                assert!(
                    m.mask(w, h).allows(p.x, p.y),
                    "{what}: {p:?} on forbidden ground"
                );
            }
        }
        check_spacing(pts, what);
    }
}

/// Cross-layer pairs that break the smaller-radius rule, by brute force.
fn brute_overlaps(placed: &[Vec<Point>]) -> usize {
    let mut n = 0;
    for (la, a) in placed.iter().enumerate() {
        for b in &placed[la + 1..] {
            for p in a {
                for q in b {
                    if !far_enough_squared(p, q) {
                        n += 1;
                    }
                }
            }
        }
    }
    n
}

/// `probe`, `is_free` and `conflict` agree with each other and with brute force.
fn check_probe(grid: &Grid, x: f64, y: f64, r: f64) {
    // Any radius, NaN and negatives included (bugs I and J, fixed): the three agree.
    let free = grid.is_free(x, y, r);
    assert_eq!(grid.conflict(x, y, r).is_none(), free);
    let probe = grid.probe(x, y, r);
    assert_eq!(
        probe.is_free(),
        free,
        "probe and is_free disagree at ({x}, {y}, {r})"
    );
    if !(r > 0.0) {
        assert!(free, "a radius of {r} asks for no room, yet conflicts");
        return;
    }
    if let Some(hit) = grid.conflict(x, y, r) {
        assert!(probe
            .neighbours
            .iter()
            .any(|n| n.index == hit && n.conflict));
    }
    assert!(probe.col_start <= probe.col_end && probe.col_end < grid.cols());
    assert!(probe.row_start <= probe.row_end && probe.row_end < grid.rows());
    let q = Point { x, y, r };
    // The crate's rule, written as it is: a conflict is d² < m² (so NaN never conflicts).
    let brute = grid.points().iter().any(|p| {
        let (dx, dy) = (p.x - q.x, p.y - q.y);
        let m = p.r.min(q.r);
        dx * dx + dy * dy < m * m
    });
    assert_eq!(
        free, !brute,
        "is_free({x}, {y}, {r}) = {free} but brute force says {}",
        !brute
    );
}

fuzz_target!(|inp: Input| {
    let (w, h) = (inp.width.0, inp.height.0);
    let specs: Vec<(f64, u32)> = inp
        .layers
        .iter()
        .take(4)
        .map(|l| (radius_of(l.radius, w, h), l.k.get()))
        .collect();

    // Construction alone never panics, whatever the numbers.
    let shared = shared_grid(w, h, specs.iter().map(|s| s.0));
    let r_min = specs.iter().map(|s| s.0).fold(f64::INFINITY, f64::min);
    let affordable = shared.is_ok()
        && specs
            .iter()
            .map(|&(r, k)| cost(w, h, r, k, r_min))
            .sum::<f64>()
            <= BUDGET;
    drop(shared);

    if affordable {
        if let Ok(placed) = place_layers(w, h, layers_of(&inp, w, h)) {
            assert_eq!(placed.len(), specs.len());
            check_layers(&inp, &placed, w, h, "shared grid");
            assert!(overlaps(&placed).is_empty(), "overlaps on a shared grid");
            let all: Vec<Point> = placed.iter().flatten().copied().collect();
            check_spacing(&all, "shared grid, all layers");
            // Probes on the shared grid the layers left behind.
            if let Ok(mut grid) = shared_grid(w, h, specs.iter().map(|s| s.0)) {
                for p in &all {
                    grid.add(p.x, p.y, p.r)
                        .expect("a well-spaced point fits its cell");
                }
                for &(x, y, r) in inp.probes.iter().take(16) {
                    check_probe(&grid, x.on(w), y.on(h), r.0);
                }
            }
        }
        if let Ok(separate) = place_layers_separately(w, h, layers_of(&inp, w, h)) {
            check_layers(&inp, &separate, w, h, "separate grids");
            assert_eq!(overlaps(&separate).len(), brute_overlaps(&separate));
        }
    }

    // A grid of any cell size, fed by insert_if_free.
    let Ok(mut grid) = Grid::new(w, h, inp.grid_cell.0) else {
        return;
    };
    for &(x, y, r) in inp.inserts.iter().take(64) {
        let (x, y, r) = (x.on(w), y.on(h), r.0);
        let before = grid.points().len();
        let was_free = grid.is_free(x, y, r);
        match grid.insert_if_free(x, y, r) {
            Some(i) => {
                assert!(was_free);
                assert_eq!(i, before);
                assert_eq!(grid.points()[i], Point { x, y, r });
            }
            None => assert_eq!(grid.points().len(), before),
        }
    }
    check_in_bounds(grid.points(), w, h, "insert_if_free");
    check_spacing(grid.points(), "insert_if_free");
    for &(x, y, r) in inp.probes.iter().take(16) {
        check_probe(&grid, x.on(w), y.on(h), r.0);
    }
});
