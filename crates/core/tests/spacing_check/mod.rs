//! The smaller-radius rule checked by brute force, every pair against every other: no grid to
//! trust. Shared by the tests of the pictures (world, biomes, stipple).

use poisson_live::Point;

/// Every pair at least the smaller of its two radii apart.
pub fn assert_smaller_radius_rule(points: &[Point]) {
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
