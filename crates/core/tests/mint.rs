//! The `mint` feature: points to and from `mint::Point2<f64>`, the type glam, nalgebra and
//! cgmath convert from and to. Run with `cargo test -p poisson-live --features mint`.
#![cfg(feature = "mint")]

use poisson_live::{poisson_disk, Point};
use proptest::prelude::*;

/// Stands in for a maths library's constructor: glam's `DVec2`, nalgebra's `Point2` and
/// cgmath's `Point2` all take `impl Into<mint::Point2<f64>>` or `From<mint::Point2<f64>>`.
fn engine_position(p: impl Into<mint::Point2<f64>>) -> [f64; 2] {
    let p = p.into();
    [p.x, p.y]
}

#[test]
fn a_forest_hands_its_positions_over() {
    let trees = poisson_disk(720.0, 400.0, 24.0, 30, 123456).unwrap();
    let positions: Vec<[f64; 2]> = trees.iter().map(|&t| engine_position(t)).collect();
    assert_eq!(positions, poisson_live::point::xy(&trees));
}

#[test]
fn the_radius_is_dropped_one_way_and_zero_the_other() {
    let p = Point {
        x: 12.5,
        y: -0.0,
        r: 24.0,
    };
    let m: mint::Point2<f64> = p.into();
    assert_eq!(
        (m.x.to_bits(), m.y.to_bits()),
        (12.5f64.to_bits(), (-0.0f64).to_bits())
    );
    let back = Point::from(m);
    assert_eq!(back.r, 0.0);
    assert_eq!(Point { r: 24.0, ..back }, p);
}

proptest! {
    /// Positions keep their bits both ways, whatever they are.
    #[test]
    fn positions_keep_their_bits(x in any::<f64>(), y in any::<f64>(), r in any::<f64>()) {
        let m = mint::Point2::from(Point { x, y, r });
        prop_assert_eq!((m.x.to_bits(), m.y.to_bits()), (x.to_bits(), y.to_bits()));
        let p = Point::from(m);
        prop_assert_eq!((p.x.to_bits(), p.y.to_bits(), p.r.to_bits()), (x.to_bits(), y.to_bits(), 0));
    }
}
