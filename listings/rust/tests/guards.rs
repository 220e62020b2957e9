//! Bad input to the listings gets an error, not a panic, a hang or a silent wrong answer (issue
//! 33): a radius of 0 made the grid's size infinite and the layer loops endless.

use poisson_listing::bridson::{poisson_disk, Sampler};
use poisson_listing::darts::dart_throwing;
use poisson_listing::grid::Grid;
use poisson_listing::jittered::jittered_grid;
use poisson_listing::layers::{place_layers, Layer, Mask};
use poisson_listing::paint::{paint_world, stamp_circle};
use poisson_listing::random::{random_points, ParkMiller};
use poisson_listing::variable::{fbm, linear_x, variable_radius};

fn layer(radius: f64) -> Layer {
    Layer {
        radius,
        k: 30,
        seed: 1,
        mask: Mask::Everywhere,
    }
}

#[test]
fn bad_sizes_are_refused_with_a_message() {
    for r in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let e = poisson_disk(100.0, 100.0, r, 30, 1).unwrap_err();
        assert!(e.contains("radius"), "{e}");
        assert!(dart_throwing(100.0, 100.0, r, 30, 1).is_err());
        assert!(jittered_grid(r, 100.0, 100.0, 1).is_err());
        assert!(place_layers(100.0, 100.0, vec![layer(5.0), layer(r)]).is_err());
        assert!(variable_radius(100.0, 100.0, r, 10.0, linear_x(100.0), 30, 1).is_err());
    }
    assert!(poisson_disk(f64::NAN, 100.0, 5.0, 30, 1).is_err());
    assert!(random_points(10, 0.0, 100.0, 1).is_err());
    // A cell so small the grid would need more than 2^25 cells.
    let e = poisson_disk(1e9, 1e9, 1.0, 30, 1).unwrap_err();
    assert!(e.contains("too small"), "{e}");
    let e = variable_radius(100.0, 100.0, 10.0, 5.0, linear_x(100.0), 30, 1).unwrap_err();
    assert!(e.contains("above"), "{e}");
    assert!(ParkMiller::new(-2_147_483_646).is_err());
    assert!(fbm(0.0, 4, 1).is_err());
    assert!(fbm(f64::NAN, 4, 1).is_err());
    assert!(fbm(100.0, 0, 1).is_err());
}

#[test]
fn a_radius_the_grid_cannot_hold_is_refused() {
    let grid = Grid::new(100.0, 100.0, 10.0).unwrap();
    // Cells of 10 hold one point only for spacings of 10 · √2 or more.
    assert!(Sampler::new(grid, 10.0, 30, 1).is_err());
    let grid = Grid::new(100.0, 100.0, 10.0).unwrap();
    assert!(Sampler::new(grid, 15.0, 30, 1).is_ok());
}

#[test]
fn a_bad_stamp_is_refused_and_paints_nothing() {
    let mut rgb = vec![7u8; 3 * 4 * 4];
    for (cx, r, opacity) in [(f64::NAN, 1.0, 1.0), (1.0, f64::NAN, 1.0), (1.0, 1.0, 2.0)] {
        assert!(stamp_circle(&mut rgb, 4, 4, cx, 1.0, r, [0, 0, 0], opacity).is_err());
    }
    assert!(rgb.iter().all(|&b| b == 7));
    assert!(stamp_circle(&mut rgb, 5, 4, 1.0, 1.0, 1.0, [0, 0, 0], 1.0).is_err());
    // Far off the image is not an error: nothing to paint.
    assert!(stamp_circle(&mut rgb, 4, 4, 1e300, 1.0, 1.0, [0, 0, 0], 1.0).is_ok());
    assert!(place_layers(100.0, 100.0, Vec::new()).unwrap().is_empty());
    assert!(paint_world(0, 10, 1).is_err());
    assert!(paint_world(100_000, 100_000, 1).is_err());
}
