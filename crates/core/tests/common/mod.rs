//! Helpers the core's integration tests share: the spacing rule checked pair by pair, and the
//! proptest strategies for maps and spacings. (Each test file is its own crate, so each uses
//! only some of these.)
#![allow(dead_code)]

use poisson_live::Point;
use proptest::prelude::*;

/// Every pair at least the smaller of its two radii apart, `dx² + dy² ≥ min(rᵢ, rⱼ)²` as the
/// crate decides it: the promise of every sampler, checked the slow and obvious way.
pub fn assert_spaced(points: &[Point]) {
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            let (dx, dy) = (a.x - b.x, a.y - b.y);
            let r = a.r.min(b.r);
            assert!(
                dx * dx + dy * dy >= r * r,
                "{a:?} and {b:?} closer than {r}"
            );
        }
    }
}

/// Test input from a plain 64-bit LCG (not the samplers' generator): each call a number in
/// `[0, 1)` from the top 53 bits of the next state.
pub fn lcg_unit(mut state: u64) -> impl FnMut() -> f64 {
    move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A map side in `lo..hi`, whole or not.
pub fn side(lo: u32, hi: u32) -> impl Strategy<Value = f64> + Clone {
    prop_oneof![f64::from(lo)..f64::from(hi), (lo..hi).prop_map(f64::from)]
}

/// A spacing between `lo` and `hi`, whole or not: log-uniform, or dense (near `lo`, where most
/// points and most conflicts are), or a whole number (which may round up past `hi`).
pub fn spacing(lo: f64, hi: f64) -> impl Strategy<Value = f64> {
    let log = move |u: f64| lo * (hi / lo).powf(u);
    prop_oneof![
        2 => (0.0..1.0f64).prop_map(log),
        2 => (0.0..1.0f64).prop_map(move |u| lo * (1.0 + u)),
        1 => (0.0..1.0f64).prop_map(move |u| log(u).ceil()),
    ]
}

/// A map with sides from `sides` and a spacing that gives at most about `max_points` points (so
/// O(n²) checks stay cheap), up to a spacing larger than the map.
pub fn map_and_spacing(
    sides: impl Strategy<Value = f64> + Clone,
    max_points: f64,
) -> impl Strategy<Value = (f64, f64, f64)> {
    (sides.clone(), sides).prop_flat_map(move |(w, h)| {
        let lo = (w * h / max_points).sqrt();
        (Just(w), Just(h), spacing(lo, 1.5 * w.max(h)))
    })
}
