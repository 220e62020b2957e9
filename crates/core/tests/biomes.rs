//! The layers lab's core: biome map, the four layers with one shared grid or a grid each, and
//! the overlaps between layers.

use poisson_live::biomes::{
    layer_seed, place_objects, BiomeMap, MapJob, Placer, Spacings, LAB_HEIGHT, LAB_WIDTH,
};
use poisson_live::layers::{overlaps, place_layers, place_layers_separately, Layer};
use poisson_live::world::{Ground, Object};
use poisson_live::{Error, Job};

mod job_check;
use job_check::{assert_zero_budget_does_nothing, run_in_slices, UNEVEN};

mod common;
use common::assert_spaced;

fn lab_map(seed: i32) -> BiomeMap {
    BiomeMap::new(LAB_WIDTH, LAB_HEIGHT, seed).unwrap()
}

/// Guards the shared grid's whole promise: no pair of any two layers (or within one layer)
/// comes closer than the smaller of their spacings.
#[test]
fn shared_grid_keeps_every_pair_at_the_smaller_radius() {
    for seed in [123456, 1, 987654321] {
        let placed = place_objects(&lab_map(seed), &Spacings::default(), true).unwrap();
        assert!(placed.shared_grid);
        assert!(
            placed.overlaps.is_empty(),
            "seed {seed}: {} overlaps",
            placed.overlaps.len()
        );
        assert_spaced(&placed.layers.concat());
    }
}

/// Without a shared grid, layers ignore each other: the lab's defaults must show collisions,
/// and each one really is a cross-layer pair closer than the smaller spacing.
#[test]
fn separate_grids_overlap_with_the_lab_defaults() {
    let placed = place_objects(&lab_map(123456), &Spacings::default(), false).unwrap();
    assert!(!placed.shared_grid);
    assert!(
        placed.overlaps.len() > 10,
        "only {} overlaps",
        placed.overlaps.len()
    );
    for o in &placed.overlaps {
        assert!(o.layer_a < o.layer_b);
        let a = placed.layers[o.layer_a][o.index_a];
        let b = placed.layers[o.layer_b][o.index_b];
        let need = a.r.min(b.r);
        assert!((a.x - b.x).powi(2) + (a.y - b.y).powi(2) < need * need);
    }
    assert_eq!(overlaps(&placed.layers), placed.overlaps);
    // Within a layer the spacing still holds: its own grid saw to that.
    for layer in &placed.layers {
        for (i, a) in layer.iter().enumerate() {
            for b in &layer[i + 1..] {
                assert!((a.x - b.x).powi(2) + (a.y - b.y).powi(2) >= a.r * a.r);
            }
        }
    }
}

/// The first layer sees no one in either mode, so chests are the same; later layers lose
/// places to earlier ones only with the shared grid.
#[test]
fn modes_differ_only_in_what_layers_see_of_each_other() {
    let map = lab_map(123456);
    let shared = place_objects(&map, &Spacings::default(), true).unwrap();
    let separate = place_objects(&map, &Spacings::default(), false).unwrap();
    assert_eq!(shared.of(Object::Chest), separate.of(Object::Chest));
    assert!(shared.of(Object::Rock).len() <= separate.of(Object::Rock).len());
    assert!(shared.of(Object::Tree).len() < separate.of(Object::Tree).len());
}

#[test]
fn ground_rules_are_obeyed() {
    for seed in [123456, 42] {
        let map = lab_map(seed);
        for shared in [true, false] {
            let placed = place_objects(&map, &Spacings::default(), shared).unwrap();
            for object in Object::ALL {
                let points = placed.of(object);
                assert!(!points.is_empty(), "seed {seed}: no {}", object.name());
                for p in points {
                    assert!(p.x >= 0.0 && p.y >= 0.0 && p.x < 720.0 && p.y < 400.0);
                    assert_eq!(p.r, Spacings::default().of(object));
                    let g = map.ground(p.x, p.y);
                    match object {
                        Object::Tree => assert_eq!(g, Ground::Forest, "tree at {p:?}"),
                        Object::Flower => assert_eq!(g, Ground::Meadow, "flower at {p:?}"),
                        _ => assert!(g.is_land(), "{} in a pond at {p:?}", object.name()),
                    }
                }
            }
        }
    }
}

#[test]
fn same_seed_same_output_other_seed_other_output() {
    let a = place_objects(&lab_map(123456), &Spacings::default(), false).unwrap();
    let b = place_objects(&lab_map(123456), &Spacings::default(), false).unwrap();
    assert_eq!(a, b);
    assert_eq!(lab_map(7).paint_rgba(), lab_map(7).paint_rgba());
    let c = place_objects(&lab_map(123457), &Spacings::default(), false).unwrap();
    assert_ne!(a.layers, c.layers);
}

/// The map the reader sees has both biomes in clear patches, some water, and the painted colour
/// of every pixel matches the ground the rules test there.
#[test]
fn the_map_shows_what_the_rules_test() {
    let map = lab_map(123456);
    let rgba = map.paint_rgba();
    assert_eq!(rgba.len(), 720 * 400 * 4);
    let mut counts = std::collections::HashMap::new();
    for y in 0..400 {
        for x in 0..720 {
            let g = map.ground(x as f64 + 0.5, y as f64 + 0.5);
            *counts.entry(g).or_insert(0usize) += 1;
            let i = 4 * (y * 720 + x);
            assert_eq!(rgba[i + 3], 255);
            if g == Ground::Sand {
                assert_eq!(&rgba[i..i + 3], &BiomeMap::legend_rgb(Ground::Sand));
            }
        }
    }
    let share = |g: Ground| counts.get(&g).copied().unwrap_or(0) as f64 / (720.0 * 400.0);
    assert!(
        share(Ground::Forest) > 0.2,
        "forest {}",
        share(Ground::Forest)
    );
    assert!(
        share(Ground::Meadow) > 0.2,
        "meadow {}",
        share(Ground::Meadow)
    );
    assert!(share(Ground::ShallowWater) > 0.0);
    assert_eq!(
        counts.len(),
        4,
        "only pond, shore, forest and meadow: {counts:?}"
    );
}

#[test]
fn bad_input_is_refused_with_the_layer_named() {
    let map = lab_map(1);
    let bad = Spacings {
        rock: 0.0,
        ..Spacings::default()
    };
    let e = place_objects(&map, &bad, true).unwrap_err();
    assert!(e.to_string().contains("rock spacing"), "{e}");
    let bad = Spacings {
        flower: f64::NAN,
        ..Spacings::default()
    };
    assert!(place_objects(&map, &bad, false)
        .unwrap_err()
        .to_string()
        .contains("flower spacing"));
    // A tiny spacing on the map is refused by the work limit, not by running out of memory.
    let tiny = Spacings {
        flower: 0.01,
        ..Spacings::default()
    };
    assert!(matches!(
        place_objects(&map, &tiny, true),
        Err(Error::TooMuchWork { .. })
    ));
    assert!(BiomeMap::new(0, 400, 1).is_err());
    assert!(BiomeMap::new(720, 400, poisson_live::rng::STUCK_SEED).is_err());
}

#[test]
fn layer_seeds_differ_and_avoid_the_stuck_seed() {
    let seeds: Vec<i32> = (0..4).map(|i| layer_seed(123456, i)).collect();
    for (i, a) in seeds.iter().enumerate() {
        assert_ne!(*a, poisson_live::rng::STUCK_SEED);
        assert!(seeds[i + 1..].iter().all(|b| b != a));
    }
}

#[test]
fn placements_in_slices_equal_the_one_call_placement() {
    // Guards: a sliced placement that drops or reorders a layer, reseeds one, or forgets to
    // hand the shared grid on, so the page's layers differ from the crate's.
    let map = lab_map(123456);
    let small = Spacings {
        chest: 60.0,
        rock: 12.0,
        tree: 6.0,
        flower: 4.0,
    };
    for spacings in [Spacings::default(), small] {
        for shared in [true, false] {
            let whole = place_objects(&map, &spacings, shared).unwrap();
            for budgets in [&[1][..], &UNEVEN, &[500]] {
                let mut placer = Placer::new(&map, &spacings, shared).unwrap();
                assert_eq!(placer.stage(), "placing chests");
                assert_zero_budget_does_nothing(&mut placer);
                let (placement, calls) = run_in_slices(placer, budgets);
                assert_eq!(placement, whole, "slices {budgets:?}, shared {shared}");
                if budgets == [1] {
                    // A call per sampler step: two per point, less the seeded ones.
                    let points: usize = whole.layers.iter().map(Vec::len).sum();
                    assert!(calls > points, "{calls} calls for {points} points");
                }
            }
        }
    }
    // The layers come in order, and the placer says which it is placing.
    let mut placer = Placer::new(&map, &Spacings::default(), true).unwrap();
    let mut seen = vec![placer.stage()];
    while !placer.run(50).unwrap() {
        assert!(placer.layers_done() < 4);
        if seen.last() != Some(&placer.stage()) {
            seen.push(placer.stage());
        }
    }
    assert_eq!(placer.layers_done(), 4);
    let want = [
        "placing chests",
        "placing rocks",
        "placing trees",
        "placing flowers",
    ];
    assert_eq!(&seen[..seen.len().min(4)], &want[..seen.len().min(4)]);
    assert_eq!(placer.stage(), "done");
}

#[test]
fn the_placer_refuses_what_the_one_call_refuses() {
    let map = lab_map(1);
    for spacings in [
        Spacings {
            flower: 0.001,
            ..Spacings::default()
        },
        Spacings {
            tree: f64::NAN,
            ..Spacings::default()
        },
    ] {
        for shared in [true, false] {
            // (Compared as text: NaN is not equal to itself.)
            let one_call = place_objects(&map, &spacings, shared).unwrap_err();
            let sliced = Placer::new(&map, &spacings, shared).unwrap_err();
            assert_eq!(one_call.to_string(), sliced.to_string());
        }
    }
}

/// Independent of the placer: the placement is the crate's layers placed in one go, each with
/// its spacing, k = 30, its layer seed and its ground rule.
#[test]
fn the_placement_is_the_four_layers_placed_in_one_go() {
    for seed in [123456, -3] {
        let map = lab_map(seed);
        let spacings = Spacings {
            tree: 12.0,
            ..Spacings::default()
        };
        let layers = || -> Vec<Layer> {
            Object::ALL
                .iter()
                .zip(0u32..)
                .map(|(&object, index)| {
                    let ground = map.clone();
                    Layer::new(spacings.of(object), 30, layer_seed(seed, index))
                        .with_allowed(move |x, y| object.allowed_on(ground.ground(x, y)))
                })
                .collect()
        };
        let (w, h) = (LAB_WIDTH as f64, LAB_HEIGHT as f64);
        let shared = place_objects(&map, &spacings, true).unwrap();
        assert_eq!(shared.layers, place_layers(w, h, layers()).unwrap());
        let separate = place_objects(&map, &spacings, false).unwrap();
        let want = place_layers_separately(w, h, layers()).unwrap();
        assert_eq!(separate.overlaps, overlaps(&want));
        assert_eq!(separate.layers, want);
    }
}

#[test]
fn maps_made_in_slices_equal_the_one_call_map() {
    for (w, h, seed) in [(LAB_WIDTH, LAB_HEIGHT, 123456), (97, 5, -8), (1, 1, 3)] {
        let whole = BiomeMap::new(w, h, seed).unwrap();
        for budgets in [&[1][..], &UNEVEN] {
            let mut job = MapJob::new(w, h, seed).unwrap();
            assert_zero_budget_does_nothing(&mut job);
            let (map, calls) = run_in_slices(job, budgets);
            assert_eq!(
                map.paint_rgba(),
                whole.paint_rgba(),
                "{w}×{h} in {budgets:?}"
            );
            for (x, y) in [(0.0, 0.0), (w as f64 / 3.0, h as f64 / 2.0), (1e9, -1.0)] {
                assert_eq!(map.moisture(x, y).to_bits(), whole.moisture(x, y).to_bits());
            }
            if budgets == [1] {
                // A lattice row per call: one per 4 map units, and one past the edge.
                assert_eq!(calls, h.div_ceil(4) + 1);
            }
        }
    }
    assert_eq!(
        MapJob::new(0, 3, 1).unwrap_err().to_string(),
        BiomeMap::new(0, 3, 1).unwrap_err().to_string()
    );
}
