//! The `serde` feature: every public parameter and result type goes through JSON and back to the
//! same value, to the bit, with values from real runs (not hand-made ones); the types that
//! cannot round-trip say so (a layer's ground rule, a world's pixels), and the ones with rules
//! (a periodogram's sizes, a stroke, a density field) are checked again when read.
//! Run with `cargo test -p poisson-live --features serde`.
#![cfg(feature = "serde")]

use poisson_live::bridson::{Outcome, Step};
use poisson_live::edit::{EditableSet, Stroke, Tool};
use poisson_live::figures::live_figures;
use poisson_live::history::{Cost, History, Tally};
use poisson_live::job::Job;
use poisson_live::layers::{overlaps, place_layers, place_layers_separately, Layer, Mask};
use poisson_live::spectrum::{averaged_spectrum, Kind, Periodogram, SpectrumParams};
use poisson_live::stipple::{Channels, Ink, Mode, Picture, StippleParams};
use poisson_live::world::{paint_world, Ground, Object};
use poisson_live::{biomes, clearing, compare, darts, metrics, samplers, wrap};
use poisson_live::{poisson_disk, DensityField, Point, Sampler};
use poisson_live::{DartParams, SamplerParams};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// `value` through JSON and back: equal, with the same `Debug` text (which prints every `f64`
/// in its shortest round-trip form, so equal text means equal bits, and −0 stays −0), and
/// written again to the same JSON.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("serializes");
    let back: T = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
    assert_eq!(&back, value, "{json}");
    assert_eq!(format!("{back:?}"), format!("{value:?}"));
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
    json
}

fn bits(points: &[Point]) -> Vec<[u64; 3]> {
    points
        .iter()
        .map(|p| [p.x.to_bits(), p.y.to_bits(), p.r.to_bits()])
        .collect()
}

#[test]
fn points_keep_their_bits() {
    let trees = poisson_disk(720.0, 400.0, 24.0, 30, 123456).unwrap();
    assert_eq!(trees.len(), 315);
    let json = round_trip(&trees);
    let back: Vec<Point> = serde_json::from_str(&json).unwrap();
    assert_eq!(bits(&back), bits(&trees));
    // Field names a hand-written reader can rely on.
    let first: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(first[0]["x"].as_f64(), Some(trees[0].x));
    assert_eq!(first[0]["r"].as_f64(), Some(24.0));
}

proptest! {
    /// Any finite coordinates, subnormals and −0 included.
    #[test]
    fn any_finite_point_keeps_its_bits(
        x in any::<f64>().prop_filter("finite", |v| v.is_finite()),
        y in prop_oneof![Just(-0.0), Just(5e-324), Just(0.1 + 0.2), any::<f64>().prop_filter("finite", |v| v.is_finite())],
        r in 0.0..1e6f64,
    ) {
        let p = Point { x, y, r };
        let back: Point = serde_json::from_str(&serde_json::to_string(&p).unwrap()).unwrap();
        prop_assert_eq!(bits(&[back]), bits(&[p]));
    }
}

#[test]
fn a_bridson_run_its_steps_candidates_and_probe() {
    let mut s = Sampler::new(200.0, 120.0, 15.0, 30, 9).unwrap();
    let first = s.start_random();
    round_trip(&first);
    let mut outcomes = vec![first];
    let mut steps = Vec::new();
    loop {
        let step = s.step();
        steps.push(step);
        outcomes.extend(s.tried().iter().map(|c| c.outcome));
        round_trip(&s.tried().to_vec());
        round_trip(&Tally::of(s.tried()));
        if step == Step::Finished {
            break;
        }
    }
    // Every kind of step and of outcome a plain run gives went through.
    assert!(steps.iter().any(|s| matches!(s, Step::Placed(_))));
    assert!(steps.iter().any(|s| matches!(s, Step::Retired(_))));
    assert!(outcomes.contains(&Outcome::OffMap));
    assert!(outcomes.iter().any(|o| matches!(o, Outcome::TooClose(_))));
    round_trip(&steps);
    round_trip(&outcomes);
    round_trip(&Outcome::WrongGround);
    let p = s.points()[3];
    let probe = s.grid().probe(p.x + 1.0, p.y, 15.0);
    assert!(probe.neighbours.iter().any(|n| n.conflict));
    round_trip(&probe);
}

#[test]
fn history_costs_and_live_figures() {
    let mut s = Sampler::new(150.0, 100.0, 12.0, 30, 4).unwrap();
    s.start_at(10.5, 0.5);
    let mut h = History::new(s);
    assert!(h.run(u64::MAX).unwrap());
    round_trip(&h.cost_at(h.recorded()).unwrap());
    round_trip(&Cost::default());
    let mut points = poisson_disk(150.0, 100.0, 12.0, 30, 4).unwrap();
    points.push(Point {
        x: points[0].x + 0.1,
        ..points[0]
    });
    let figures = live_figures(&points, 150.0, 100.0, 12.0);
    assert!(figures.violation.is_some());
    round_trip(&figures);
    round_trip(&metrics::min_distance_audit(&points).unwrap());
}

#[test]
fn darts_comparison_and_clearing() {
    let mut thrower = darts::DartThrower::new(DartParams {
        width: 100.0,
        height: 80.0,
        radius: 10.0,
        max_misses: 50,
        seed: 3,
    })
    .unwrap();
    let thrown: Vec<_> = std::iter::from_fn(|| thrower.throw()).take(200).collect();
    assert!(thrown.iter().any(|d| d.kept) && thrown.iter().any(|d| !d.kept));
    round_trip(&thrown);
    let comparison = compare::compare(300.0, 200.0, 20.0, 11).unwrap();
    assert!(comparison.reports.iter().any(|r| !r.too_close.is_empty()));
    round_trip(&comparison);
    let points = poisson_disk(300.0, 200.0, 20.0, 30, 11).unwrap();
    round_trip(&clearing::largest_empty_circle(&points, 300.0, 200.0).unwrap());
}

#[test]
fn sampler_params_and_runs() {
    let params = samplers::SamplerParams {
        width: 160.0,
        height: 90.0,
        radius: 9.5,
        k: 12,
        seed: -77,
    };
    round_trip(&params);
    for method in samplers::Method::ALL {
        let run = samplers::sample(method, params).unwrap();
        assert!(!run.points.is_empty());
        round_trip(&run);
    }
}

#[test]
fn spectra_and_a_periodogram_whose_sizes_disagree() {
    let params = SpectrumParams {
        kind: Kind::Bridson,
        width: 120.0,
        height: 80.0,
        radius: 9.0,
        seed: 5,
        maps: 2,
        fx_max: 6,
        fy_max: 4,
    };
    round_trip(&params);
    round_trip(&Kind::ALL);
    let mean = averaged_spectrum(params).unwrap();
    round_trip(&mean);
    round_trip(&mean.periodogram.radial_average());

    let mut value = serde_json::to_value(&mean.periodogram).unwrap();
    value["power"].as_array_mut().unwrap().pop();
    let err = serde_json::from_value::<Periodogram>(value.clone()).unwrap_err();
    assert!(err.to_string().contains("has 117 powers, not 116"), "{err}");
    value["fx_max"] = 5000.into();
    let err = serde_json::from_value::<Periodogram>(value).unwrap_err();
    assert!(err.to_string().contains("fx_max"), "{err}");
}

#[test]
fn layers_overlaps_and_masks() {
    let layers = || vec![Layer::new(30.0, 30, 1), Layer::new(9.0, 30, 2)];
    let placed = place_layers_separately(200.0, 150.0, layers()).unwrap();
    let found = overlaps(&placed);
    assert!(!found.is_empty());
    round_trip(&found);

    // A layer with no ground rule reads back the same, and places the same points.
    let json = serde_json::to_string(&layers()).unwrap();
    let back: Vec<Layer> = serde_json::from_str(&json).unwrap();
    assert_eq!(format!("{back:?}"), format!("{:?}", layers()));
    assert_eq!(
        place_layers(200.0, 150.0, back).unwrap(),
        place_layers(200.0, 150.0, layers()).unwrap()
    );

    // A rule is code: writing it is an error, not a silent loss. Its mask is data.
    let mask = Mask::InsideDiscs(vec![[50.0, 50.0, 40.5]]);
    round_trip(&mask);
    round_trip(&Mask::OutsideDiscs(vec![[1.0, 2.0, 3.0]]));
    round_trip(&Mask::Everywhere);
    let ruled = Layer::new(9.0, 30, 2).with_mask(mask);
    let err = serde_json::to_string(&ruled).unwrap_err();
    assert!(err.to_string().contains("ground rule"), "{err}");
}

#[test]
fn biomes_placement_and_the_lab_enums() {
    let map = biomes::BiomeMap::new(240, 160, 8).unwrap();
    let spacings = biomes::Spacings {
        chest: 60.0,
        rock: 22.0,
        tree: 9.0,
        flower: 6.5,
    };
    round_trip(&spacings);
    let placement = biomes::place_objects(&map, &spacings, false).unwrap();
    assert!(!placement.overlaps.is_empty());
    round_trip(&placement);
    round_trip(&Object::ALL);
    round_trip(&Ground::ALL);
    round_trip(&Picture::ALL);
    round_trip(&Ink::ALL);
    round_trip(&[Mode::Mono, Mode::Colour, Mode::Mask]);
    round_trip(&[Channels::Gray, Channels::Rgb]);
    round_trip(&StippleParams {
        min_radius: 1.5,
        max_radius: 6.0,
        gamma: Some(0.8),
        k: 20,
        seed: 3,
    });
}

#[test]
fn seam_pairs() {
    let points = poisson_disk(120.0, 90.0, 10.0, 30, 6).unwrap();
    let pairs = wrap::seam_conflicts(&points, 120.0, 90.0, 10.0).unwrap();
    assert!(!pairs.is_empty());
    round_trip(&pairs);
}

/// A small level, filled: 300 × 200 at spacing 12.
fn small_level() -> EditableSet {
    let map = SamplerParams {
        width: 300.0,
        height: 200.0,
        radius: 12.0,
        k: 30,
        seed: 4,
    };
    EditableSet::fill(map).unwrap()
}

#[test]
fn a_level_editors_tools_items_and_changes() {
    let mut set = small_level();
    let change = set
        .apply(Tool::Refill, &Stroke::circle(150.0, 100.0, 40.0).unwrap())
        .unwrap();
    assert!(change.added > 0 && change.removed > 0);
    round_trip(&change);
    round_trip(&[Tool::Paint, Tool::Erase, Tool::Refill]);
    let items: Vec<_> = set.items().collect();
    assert!(items.iter().any(|i| i.id > 0));
    round_trip(&items);
}

#[test]
fn a_recorded_stroke_replays_the_same_edit_and_a_bad_one_is_refused() {
    let stroke = Stroke::new(&[[40.0, 50.0], [160.0, 120.0], [0.1 + 0.2, -0.0]], 25.0).unwrap();
    let json = round_trip(&stroke);
    // Written as what `Stroke::new` takes; the bounds are worked out again when read.
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let keys: Vec<_> = value.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, ["path", "radius"]);
    let replayed: Stroke = serde_json::from_str(&json).unwrap();
    assert_eq!(replayed.bounds(), stroke.bounds());
    let edit = |s: &Stroke| {
        let mut set = small_level();
        set.apply(Tool::Refill, s).unwrap();
        set.items().collect::<Vec<_>>()
    };
    assert_eq!(edit(&replayed), edit(&stroke));

    let refused = |json: &str| {
        serde_json::from_str::<Stroke>(json)
            .unwrap_err()
            .to_string()
    };
    let err = refused(r#"{"path":[],"radius":5.0}"#);
    assert!(err.contains("at least one point"), "{err}");
    let err = refused(r#"{"path":[[1.0,2.0]],"radius":-5.0}"#);
    assert!(err.contains("brush radius"), "{err}");
    let err = refused(r#"{"path":[[1.0,2.0],[1e300,2.0]],"radius":5.0}"#);
    assert!(err.contains("point 1 of the stroke's path"), "{err}");
}

#[test]
fn a_density_field_is_written_as_its_four_numbers_and_rebuilt() {
    let field = DensityField::new(123456, 9.0, 36.0, 5.0).unwrap();
    let json = serde_json::to_string(&field).unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["seed"], 123456);
    assert_eq!(value["patch_size"].as_f64(), Some(5.0));
    assert_eq!(value.as_object().unwrap().len(), 4, "{json}");
    let back: DensityField = serde_json::from_str(&json).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
    // The same noise: the same density everywhere, and the same forest from it.
    for (x, y) in [(0.0, 0.0), (100.0, 200.0), (719.5, 3.25), (-40.0, 1e4)] {
        assert_eq!(back.density(x, y).to_bits(), field.density(x, y).to_bits());
    }
    let forest = |f: &DensityField| {
        let mut s = f.sampler(360.0, 200.0, 30, 7).unwrap();
        s.start_random();
        s.finish();
        bits(s.points())
    };
    assert_eq!(forest(&back), forest(&field));

    let mut swapped = value.clone();
    swapped["min_radius"] = 40.0.into();
    let err = serde_json::from_value::<DensityField>(swapped).unwrap_err();
    assert_eq!(
        err.to_string(),
        DensityField::new(123456, 40.0, 36.0, 5.0)
            .unwrap_err()
            .to_string()
    );
    let mut flat = value;
    flat["patch_size"] = 0.0.into();
    let err = serde_json::from_value::<DensityField>(flat).unwrap_err();
    assert!(err.to_string().contains("patch size"), "{err}");
}

/// What a world writes, read back by a program of its own.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Objects {
    seed: i32,
    width: usize,
    height: usize,
    chests: Vec<Point>,
    rocks: Vec<Point>,
    trees: Vec<Point>,
    flowers: Vec<Point>,
}

#[test]
fn a_world_writes_its_seed_size_and_objects_not_its_pixels() {
    let world = paint_world(123456).unwrap();
    let json = serde_json::to_string(&world).unwrap();
    // Nothing else: no pixels, no terrain (unknown fields are refused above).
    let read: Objects = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (read.seed, read.width, read.height),
        (world.seed, world.width, world.height)
    );
    let layers = [&read.chests, &read.rocks, &read.trees, &read.flowers];
    for (read, painted) in layers.into_iter().zip(world.layers()) {
        assert!(!painted.is_empty());
        assert_eq!(bits(read), bits(painted));
    }
    assert!(json.len() < 200_000, "{} bytes", json.len());
}
