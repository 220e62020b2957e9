//! Classes in one pass: every pair of points keeps the spacing of its pair of classes (checked
//! pair by pair), points stay on the map, a seed gives one result, weights set the shares of
//! candidates, the default spacing of a pair is the smaller one, and no class gets the map
//! first. Bad input is refused with what to change.

mod common;

use common::assert_spaced;
use poisson_live::classes::{
    poisson_classes, Between, Class, ClassParams, ClassProblem, ClassSampler, ClassTable,
    ClassedPoints, MAX_SPACING_RATIO,
};
use poisson_live::error::Bound;
use poisson_live::job::Job;
use poisson_live::SamplerParams;
use poisson_live::{poisson_disk, EditableSet, Error};
use proptest::prelude::*;

fn params(w: f64, h: f64, classes: Vec<Class>, between: Vec<Between>, seed: i32) -> ClassParams {
    ClassParams {
        classes,
        between,
        seed,
        ..ClassParams::new(w, h)
    }
}

/// Every pair at least the spacing of its pair of classes apart, the slow and obvious way; the
/// closest pair of each pair of classes, over that spacing (to see how close it came).
fn assert_pair_spacing(placed: &ClassedPoints, table: &ClassTable) -> Vec<f64> {
    let n = table.len();
    let mut closest = vec![f64::INFINITY; n * n];
    for (i, a) in placed.points.iter().enumerate() {
        for (j, b) in placed.points.iter().enumerate().skip(i + 1) {
            let (ca, cb) = (placed.classes[i], placed.classes[j]);
            let s = table.spacing(ca, cb);
            let d2 = (a.x - b.x).powi(2) + (a.y - b.y).powi(2);
            assert!(
                d2 >= s * s,
                "points {i} ({a:?}, class {ca}) and {j} ({b:?}, class {cb}) closer than {s}"
            );
            let at = ca as usize * n + cb as usize;
            closest[at] = closest[at].min(d2.sqrt() / s);
        }
    }
    closest
}

fn assert_on_map(placed: &ClassedPoints, w: f64, h: f64) {
    for p in &placed.points {
        assert!(
            p.x >= 0.0 && p.x < w && p.y >= 0.0 && p.y < h,
            "{p:?} off the map"
        );
    }
}

/// Up to four classes whose spacings give at most a few hundred points on a `w × h` map, with
/// weights (some 0, not all), and between rules for some pairs, smaller or larger than either.
fn class_sets(w: f64, h: f64) -> impl Strategy<Value = (Vec<Class>, Vec<Between>)> {
    let lo = (w * h / 300.0).sqrt();
    let class = (lo..4.0 * lo, prop_oneof![Just(1.0), 0.0..3.0f64]);
    (prop::collection::vec(class, 1..=4), any::<u64>()).prop_flat_map(move |(cs, bits)| {
        let n = cs.len();
        let classes: Vec<Class> = cs
            .iter()
            .enumerate()
            .map(|(i, &(s, wt))| Class::new(format!("c{i}"), s).weight(wt))
            .collect();
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .filter(|(a, b)| bits >> (a * 4 + b) & 1 == 1)
            .collect();
        let count = pairs.len();
        (
            Just(classes),
            Just(pairs),
            prop::collection::vec(lo * 0.5..lo * 6.0, count..=count),
        )
            .prop_map(|(mut classes, pairs, spacings)| {
                if classes.iter().all(|c| c.weight == 0.0) {
                    classes[0].weight = 1.0;
                }
                let between = pairs
                    .iter()
                    .zip(spacings)
                    .map(|(&(a, b), s)| Between::new(format!("c{a}"), format!("c{b}"), s))
                    .collect();
                (classes, between)
            })
    })
}

fn map_and_classes() -> impl Strategy<Value = (f64, f64, Vec<Class>, Vec<Between>, i32)> {
    (20.0..400.0f64, 20.0..400.0f64).prop_flat_map(|(w, h)| {
        (
            Just(w),
            Just(h),
            class_sets(w, h),
            any::<i32>().prop_filter("not the stuck seed", |&s| s != -2_147_483_646),
        )
            .prop_map(|(w, h, (c, b), s)| (w, h, c, b, s))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Guards: a neighbour search that stops short of a class's largest spacing, a check by the
    /// smaller radius instead of the pair's spacing (a between rule larger than both), a class
    /// recorded against the wrong point, a point off the map, a run that differs between two
    /// calls or between slices and one call.
    #[test]
    fn every_pair_keeps_its_pair_spacing((w, h, classes, between, seed) in map_and_classes()) {
        let p = params(w, h, classes, between, seed);
        let placed = poisson_classes(&p).unwrap();
        let table = ClassTable::new(&p.classes, &p.between).unwrap();
        prop_assert!(!placed.is_empty());
        prop_assert_eq!(placed.points.len(), placed.classes.len());
        assert_pair_spacing(&placed, &table);
        assert_on_map(&placed, w, h);
        // The crate's own promise holds too: no two closer than the smaller of their radii.
        assert_spaced(&placed.points);
        for (p, &c) in placed.points.iter().zip(&placed.classes) {
            prop_assert_eq!(p.r, table.radius(c));
            prop_assert!(table.weight(c) > 0.0, "a class of weight 0 was placed");
        }
        prop_assert_eq!(&poisson_classes(&p).unwrap(), &placed);
        let mut sliced = ClassSampler::new(&p).unwrap();
        while !sliced.run(7).unwrap() {
            prop_assert!(sliced.progress() < 1.0);
        }
        prop_assert_eq!(sliced.take().unwrap(), placed);
    }
}

#[test]
fn one_class_is_bridson_itself() {
    // Guards: class draws that leak into the position stream, or a ring other than [r, 2r].
    for (w, h, r, seed) in [(720.0, 400.0, 24.0, 123456), (300.0, 170.0, 7.5, -9)] {
        let placed = poisson_classes(&params(w, h, vec![Class::new("tree", r)], vec![], seed));
        let placed = placed.unwrap();
        assert_eq!(placed.points, poisson_disk(w, h, r, 30, seed).unwrap());
        assert!(placed.classes.iter().all(|&c| c == 0));
    }
}

#[test]
fn a_pair_without_a_rule_keeps_the_smaller_spacing() {
    // Guards: a default of the larger spacing (rocks would push trees away) or of the first
    // class's. Trees 8 apart, rocks 30: a tree keeps 8 from a rock, so trees fill in right up
    // to the rocks, well inside 30.
    let p = params(
        720.0,
        400.0,
        vec![Class::new("tree", 8.0), Class::new("rock", 30.0)],
        vec![],
        5,
    );
    let table = ClassTable::new(&p.classes, &p.between).unwrap();
    assert_eq!(table.spacing(0, 1), 8.0);
    assert_eq!(table.spacing(1, 0), 8.0);
    assert_eq!((table.spacing(0, 0), table.spacing(1, 1)), (8.0, 30.0));
    let placed = poisson_classes(&p).unwrap();
    let closest = assert_pair_spacing(&placed, &table);
    // The closest tree–rock pair, in units of 8: under 1.5 (so nowhere near 30 = 3.75).
    assert!(
        closest[1] < 1.5,
        "closest tree–rock pair {} × 8",
        closest[1]
    );
    // And rocks among themselves come within 1.5 × 30: the rule is met, not overshot.
    assert!(closest[3] < 1.5, "closest rock pair {} × 30", closest[3]);
}

#[test]
fn a_rule_between_two_classes_is_kept_and_used() {
    // The example: a tree keeps 16 from a tree but only 10 from a rock; a rock keeps
    // 40 from a rock. And a larger rule: bushes keep 25 from rocks though both are closer to
    // their own class.
    let p = params(
        720.0,
        400.0,
        vec![
            Class::new("tree", 16.0),
            Class::new("rock", 40.0),
            Class::new("bush", 12.0),
        ],
        vec![
            Between::new("tree", "rock", 10.0),
            Between::new("rock", "bush", 25.0),
        ],
        77,
    );
    let table = ClassTable::new(&p.classes, &p.between).unwrap();
    assert_eq!(table.spacing(0, 1), 10.0);
    assert_eq!(table.spacing(1, 2), 25.0);
    assert_eq!(table.spacing(0, 2), 12.0);
    // Radii: the smallest spacing a class keeps from anything.
    assert_eq!(
        (table.radius(0), table.radius(1), table.radius(2)),
        (10.0, 10.0, 12.0)
    );
    let placed = poisson_classes(&p).unwrap();
    let closest = assert_pair_spacing(&placed, &table);
    let n = table.len();
    // Every rule is met with some pair near it: tree–rock within 1.5 × 10 (not held to 16),
    // rock–bush within 1.5 × 25.
    assert!(closest[1] < 1.5 && closest[n + 2] < 1.5, "{closest:?}");
    // What an editor takes: the radii keep the crate's promise, so EditableSet accepts them.
    let set = EditableSet::with_items(
        SamplerParams {
            width: 720.0,
            height: 400.0,
            radius: 10.0,
            k: 30,
            seed: 1,
        },
        placed.items(),
    )
    .unwrap();
    assert_eq!(set.classes(), &placed.classes[..]);
    assert_eq!(set.points(), &placed.points[..]);
}

#[test]
fn weights_set_the_shares_when_spacings_agree() {
    // With one spacing for every pair, acceptance does not depend on the class, so each point's
    // class is a draw by weight: about 1 : 3 : 0 here. 1000 × 1000 at spacing 6 is about 17 000
    // points; one standard deviation of the first share is 0.0033, the band is ± 0.02 (6 σ).
    let p = params(
        1000.0,
        1000.0,
        vec![
            Class::new("a", 6.0).weight(1.0),
            Class::new("b", 6.0).weight(3.0),
            Class::new("c", 6.0).weight(0.0),
        ],
        vec![],
        2024,
    );
    let placed = poisson_classes(&p).unwrap();
    let n = placed.len() as f64;
    assert!(n > 15_000.0, "{n} points");
    let share = placed.count(0) as f64 / n;
    assert!(
        (share - 0.25).abs() < 0.02,
        "class a has {share} of the points"
    );
    assert_eq!(placed.count(2), 0, "a class of weight 0 was placed");
    assert_eq!(placed.count(0) + placed.count(1), placed.len());
}

#[test]
fn no_class_gets_the_map_first() {
    // Guards: classes placed one after another (the first would take the best spots, the
    // second only the gaps), or the class drawn per step instead of per candidate. With equal
    // weights, both classes stand on both halves of the map in about the same numbers: each
    // class's share of the left half and of the right half within 0.1 of each other.
    for seed in [1, 123456, -77] {
        let p = params(
            720.0,
            400.0,
            vec![Class::new("big", 20.0), Class::new("small", 8.0)],
            vec![],
            seed,
        );
        let placed = poisson_classes(&p).unwrap();
        // In time too: the first tenth of the points placed holds each class in about its
        // share of the whole (layers would place only the first class there).
        let tenth = &placed.classes[..placed.len() / 10];
        for class in [0, 1] {
            let early = tenth.iter().filter(|&&c| c == class).count() as f64 / tenth.len() as f64;
            let all = placed.count(class) as f64 / placed.len() as f64;
            assert!(
                (early - all).abs() < 0.1,
                "seed {seed} class {class}: {early} / {all}"
            );
        }
        for class in [0, 1] {
            let of = |left: bool| {
                let here: Vec<u16> = placed
                    .points
                    .iter()
                    .zip(&placed.classes)
                    .filter(|(q, _)| (q.x < 360.0) == left)
                    .map(|(_, &c)| c)
                    .collect();
                here.iter().filter(|&&c| c == class).count() as f64 / here.len() as f64
            };
            let (left, right) = (of(true), of(false));
            assert!(
                left > 0.05 && right > 0.05,
                "seed {seed} class {class}: {left} / {right}"
            );
            assert!(
                (left - right).abs() < 0.1,
                "seed {seed} class {class}: {left} / {right}"
            );
        }
    }
}

fn refused(classes: Vec<Class>, between: Vec<Between>) -> (ClassProblem, Error) {
    let e = poisson_classes(&params(100.0, 100.0, classes, between, 1)).unwrap_err();
    match &e {
        Error::Classes { problem, .. } => (problem.clone(), e),
        other => panic!("not a class error: {other:?}"),
    }
}

#[test]
fn bad_classes_are_refused_with_what_to_change() {
    let tree = || Class::new("tree", 10.0);
    let rock = || Class::new("rock", 20.0);
    // Tree and rock, refused for their one between rule `a`–`b` at `spacing`.
    let between = |a, b, spacing| refused(vec![tree(), rock()], vec![Between::new(a, b, spacing)]);

    let (p, e) = refused(vec![], vec![]);
    assert_eq!(p, ClassProblem::NoClasses);
    assert_eq!(
        e.to_string(),
        "no class was given; give at least one class with its spacing"
    );

    for bad in [0.0, -3.0, f64::NAN, f64::INFINITY, 1e200] {
        let (p, e) = refused(vec![tree(), Class::new("rock", bad)], vec![]);
        assert!(
            matches!(&p, ClassProblem::Spacing { class, .. } if class == "rock"),
            "{p:?}"
        );
        assert_eq!(e.advice().unwrap().parameter, Some("spacing"));
        assert!(
            e.to_string()
                .starts_with("the spacing of class rock must be"),
            "{e}"
        );
        assert!(
            e.to_string().ends_with("give class rock a spacing > 0"),
            "{e}"
        );
    }

    for bad in [-1.0, f64::NAN, f64::INFINITY] {
        let (p, e) = refused(vec![tree().weight(bad)], vec![]);
        assert!(matches!(&p, ClassProblem::Weight { class, .. } if class == "tree"));
        assert_eq!(e.advice().unwrap().parameter, Some("weight"));
    }
    let (p, e) = refused(vec![tree().weight(0.0), rock().weight(0.0)], vec![]);
    assert_eq!(p, ClassProblem::NoWeight);
    assert_eq!(
        e.to_string(),
        "every class has weight 0; give some class a weight > 0"
    );
    let (p, _) = refused(vec![tree().weight(1e308), rock().weight(1e308)], vec![]);
    assert!(matches!(p, ClassProblem::Weight { .. }), "{p:?}");

    let (p, e) = between("tree", "bush", 5.0);
    assert_eq!(
        p,
        ClassProblem::UnknownClass {
            name: "bush".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "a between rule names class bush, which was not given; name classes that were given: tree, rock"
    );

    for bad in [0.0, -1.0, f64::NAN] {
        let (p, e) = between("rock", "tree", bad);
        assert!(
            matches!(&p, ClassProblem::BetweenSpacing { a, b, .. } if a == "rock" && b == "tree")
        );
        assert!(
            e.to_string()
                .starts_with("the spacing between rock and tree must be"),
            "{e}"
        );
    }

    let (p, _) = between("tree", "tree", 5.0);
    assert_eq!(
        p,
        ClassProblem::SameClass {
            class: "tree".into()
        }
    );
    let twice = vec![
        Between::new("tree", "rock", 5.0),
        Between::new("rock", "tree", 6.0),
    ];
    let (p, _) = refused(vec![tree(), rock()], twice);
    assert!(matches!(p, ClassProblem::PairTwice { .. }), "{p:?}");
    let (p, _) = refused(vec![tree(), tree()], vec![]);
    assert_eq!(
        p,
        ClassProblem::SameName {
            name: "tree".into()
        }
    );
    let (p, _) = refused(vec![Class::new("", 3.0)], vec![]);
    assert_eq!(p, ClassProblem::Unnamed { index: 0 });
    let many = (0..300)
        .map(|i| Class::new(format!("c{i}"), 10.0))
        .collect();
    let (p, _) = refused(many, vec![]);
    assert_eq!(p, ClassProblem::TooManyClasses { count: 300 });
}

#[test]
fn too_much_work_says_which_spacing_fits() {
    // Spacings too far apart: the largest class would search too far around each candidate.
    let (p, e) = refused(vec![Class::new("a", 1.0), Class::new("b", 40.0)], vec![]);
    assert_eq!(
        p,
        ClassProblem::SpacingRatio {
            smallest: 1.0,
            largest: 40.0
        }
    );
    let Some(Bound::AtLeast(least)) = e.advice().unwrap().bound else {
        panic!("no bound in {e}")
    };
    assert!(
        (40.0 / MAX_SPACING_RATIO..1.3 + 1e-12).contains(&least),
        "{e}"
    );
    // Following the advice works.
    let ok = vec![Class::new("a", least), Class::new("b", 40.0)];
    assert!(poisson_classes(&params(100.0, 100.0, ok, vec![], 1)).is_ok());
    // A small rule between two classes counts as a spacing too.
    let (p, _) = refused(
        vec![Class::new("a", 40.0), Class::new("b", 40.0)],
        vec![Between::new("a", "b", 1.0)],
    );
    assert!(matches!(p, ClassProblem::SpacingRatio { .. }), "{p:?}");

    // A grid too large for the work limit, as for every Bridson sampler; the advice names the
    // spacing.
    let e = poisson_classes(&params(
        720.0,
        400.0,
        vec![Class::new("dust", 0.001)],
        vec![],
        1,
    ))
    .unwrap_err();
    assert!(matches!(e, Error::TooMuchWork { .. }), "{e:?}");
    assert!(
        e.to_string()
            .starts_with("smallest spacing 0.001 on 720 × 400 needs"),
        "{e}"
    );
    let least = e.advised_minimum("spacing").unwrap();
    assert!(least > 0.001 && least < 0.2, "{e}");

    // The map and the run's own numbers: as for Bridson.
    let tree = || vec![Class::new("tree", 10.0)];
    let bad_width = poisson_classes(&params(-1.0, 100.0, tree(), vec![], 1)).unwrap_err();
    assert!(matches!(
        bad_width,
        Error::NotPositive { name: "width", .. }
    ));
    let bad_k = ClassParams {
        k: 0,
        ..params(100.0, 100.0, tree(), vec![], 1)
    };
    assert!(matches!(
        poisson_classes(&bad_k),
        Err(Error::OutOfRange { name: "k", .. })
    ));
    let stuck = params(100.0, 100.0, tree(), vec![], poisson_live::rng::STUCK_SEED);
    assert!(matches!(
        poisson_classes(&stuck),
        Err(Error::BadSeed { .. })
    ));
}
