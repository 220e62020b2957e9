//! The elimination's arithmetic: the weight a neighbour adds, Yuksel's `r_max`, and the
//! smallest pair of a set by brute force (for tests and benchmarks).

use super::near::offset;

/// The weight a neighbour `sqrt(d2)` away adds: `(1 − d / d_max)^8`, `d` no less than `d_min`.
#[inline(always)]
pub fn weight(d2: f64, d_max: f64, d_min: f64) -> f64 {
    let d = d2.sqrt().max(d_min);
    let x = 1.0 - d / d_max;
    let x2 = x * x;
    let x4 = x2 * x2;
    x4 * x4
}

/// Yuksel's `r_max` for `n` points: `sqrt(A / (2√3 n))` over an area (`dims` 2) and
/// `cbrt(V / (4√2 n))` in a volume (`dims` 3), from arithmetic alone (the same bits anywhere).
pub fn r_max(measure: f64, n: usize, dims: usize) -> f64 {
    if dims == 2 {
        (measure / (2.0 * 3f64.sqrt() * n as f64)).sqrt()
    } else {
        cube_root(measure / (4.0 * 2f64.sqrt() * n as f64))
    }
}

/// The cube root of `x > 0` by Newton's method from the exponent's third: plain arithmetic,
/// where `f64::cbrt` is libm's and may differ in the last bit between builds.
fn cube_root(x: f64) -> f64 {
    let mut y = 2f64.powi((x.log2() / 3.0).round() as i32);
    for _ in 0..100 {
        let next = y - (y * y * y - x) / (3.0 * y * y);
        if next == y {
            break;
        }
        y = next;
    }
    y
}

/// Whether two of `points` are at the same place.
pub(super) fn repeats_a_place<const D: usize>(mut points: Vec<[f64; D]>) -> bool {
    let order = |a: &[f64; D], b: &[f64; D]| {
        let mut axes = a.iter().zip(b).map(|(x, y)| x.total_cmp(y));
        axes.find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    };
    points.sort_unstable_by(order);
    points.windows(2).any(|w| w[0] == w[1])
}

/// The smallest distance between two of `points` (brute force), to the nearest copy on a
/// torus of sides `wrap`: for tests and benchmarks of small sets.
pub fn smallest_pair<const D: usize>(points: &[[f64; D]], wrap: Option<[f64; D]>) -> f64 {
    let mut best = f64::INFINITY;
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            best = best.min(offset(a, b, wrap));
        }
    }
    best.sqrt()
}
