//! A layer's disc mask answers through an index of its discs (`Layer::with_mask`): the answers
//! must be `Mask::allows`'s linear scan to the bit, for any discs (huge, tiny, negative, zero,
//! NaN, infinite) and any point (on an edge, one ulp either side of it, off the discs' area),
//! and a masked layer must place the same points as one ruled by the scan. Guards the index
//! missing a disc whose square it rounds off, or a cell at the grid's border.

use poisson_live::layers::{place_layers, Layer, Mask};
use poisson_live::rng::ParkMiller;
use proptest::prelude::*;

/// The indexed rule of `mask` beside the scan.
fn both(mask: &Mask) -> impl Fn(f64, f64) -> (bool, bool) + '_ {
    let indexed = Layer::new(1.0, 30, 1).with_mask(mask.clone()).allowed;
    move |x, y| {
        let rule = indexed.as_ref().expect("a disc mask makes a rule");
        (rule(x, y), mask.allows(x, y))
    }
}

/// Points that test a disc's edge: on it along each axis and one ulp to either side, its centre,
/// and its square's corners.
fn edges(&[cx, cy, r]: &[f64; 3]) -> Vec<(f64, f64)> {
    let mut out = vec![(cx, cy)];
    for v in [cx - r, cx + r, cx - r.abs(), cx + r.abs()] {
        for w in [v, v.next_up(), v.next_down()] {
            out.push((w, cy));
            out.push((cy, w));
            out.push((w, cy - r));
            out.push((w, cy + r));
        }
    }
    for v in [cy - r, cy + r] {
        for w in [v, v.next_up(), v.next_down()] {
            out.push((cx, w));
        }
    }
    out
}

fn special() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(0.0),
        Just(-0.0),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(1e300),
        Just(-1e-300),
        Just(f64::MIN_POSITIVE),
    ]
}

fn coordinate() -> impl Strategy<Value = f64> {
    prop_oneof![8 => -50.0..250.0f64, 1 => -1e6..1e6f64, 1 => special()]
}

fn radius() -> impl Strategy<Value = f64> {
    prop_oneof![6 => 0.0..20.0f64, 2 => 20.0..400.0f64, 1 => -10.0..0.0f64, 1 => special()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_index_answers_as_the_scan(
        discs in prop::collection::vec((coordinate(), coordinate(), radius()), 0..60),
        points in prop::collection::vec((coordinate(), coordinate()), 0..60),
        inside in any::<bool>(),
    ) {
        let discs: Vec<[f64; 3]> = discs.into_iter().map(|(x, y, r)| [x, y, r]).collect();
        let mask = if inside {
            Mask::InsideDiscs(discs.clone())
        } else {
            Mask::OutsideDiscs(discs.clone())
        };
        let ask = both(&mask);
        let near = discs.iter().flat_map(edges);
        for (x, y) in points.into_iter().chain(near) {
            let (indexed, scanned) = ask(x, y);
            prop_assert_eq!(indexed, scanned, "at ({:?}, {:?})", x, y);
        }
    }
}

/// Many discs over a map: thousands of random points and every disc's edges agree, and layers
/// with and without the index place the same points to the bit.
#[test]
fn many_discs_place_the_scans_points() {
    let mut rng = ParkMiller::new(5).unwrap();
    let discs: Vec<[f64; 3]> = (0..3000)
        .map(|i| {
            let r = if i % 500 == 0 {
                60.0
            } else {
                0.5 + 6.0 * rng.next_f64()
            };
            [
                600.0 * rng.next_f64() - 50.0,
                400.0 * rng.next_f64() - 50.0,
                r,
            ]
        })
        .collect();
    for mask in [
        Mask::OutsideDiscs(discs.clone()),
        Mask::InsideDiscs(discs.clone()),
    ] {
        let ask = both(&mask);
        for _ in 0..20_000 {
            let (x, y) = (520.0 * rng.next_f64() - 10.0, 320.0 * rng.next_f64() - 10.0);
            let (indexed, scanned) = ask(x, y);
            assert_eq!(indexed, scanned, "at ({x:?}, {y:?})");
        }
        for (x, y) in discs.iter().flat_map(edges) {
            let (indexed, scanned) = ask(x, y);
            assert_eq!(indexed, scanned, "at ({x:?}, {y:?})");
        }
        let scan = mask.clone();
        let layers = |indexed: bool| {
            let big = Layer::new(9.0, 30, 3);
            let small = Layer::new(3.0, 30, 4);
            let small = if indexed {
                small.with_mask(mask.clone())
            } else {
                let scan = scan.clone();
                small.with_allowed(move |x, y| scan.allows(x, y))
            };
            place_layers(500.0, 300.0, vec![big, small]).unwrap()
        };
        let (indexed, scanned) = (layers(true), layers(false));
        assert!(indexed[1].len() > 100, "the mask leaves room for points");
        assert_eq!(indexed, scanned);
    }
}
