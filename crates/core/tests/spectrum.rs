//! The periodogram on point sets whose spectrum is known in advance.

use poisson_live::spectrum::{
    averaged_spectrum, point_set, seeds, Averaged, Kind, Periodogram, SpectrumJob, SpectrumParams,
};
use poisson_live::{Job, Point};

mod job_check;
use job_check::{assert_zero_budget_does_nothing, run_in_slices, UNEVEN};

/// A point at `(x, y)` that keeps no spacing.
fn at(x: f64, y: f64) -> Point {
    Point { x, y, r: 0.0 }
}

#[test]
fn a_single_point_has_a_flat_spectrum() {
    for &[x, y] in &[[0.0, 0.0], [3.7, 91.25], [719.9, 399.9]] {
        let p = Periodogram::new(&[at(x, y)], 720.0, 400.0, 20, 11).unwrap();
        assert_eq!((p.cols(), p.rows()), (41, 23));
        for &v in p.power() {
            assert!(
                (v - 1.0).abs() < 1e-12,
                "P = {v} for one point at ({x}, {y})"
            );
        }
    }
}

#[test]
fn a_lattice_has_peaks_at_its_reciprocal_lattice_and_nothing_else() {
    // 10 × 6 points, 10 apart, on a 100 × 60 map: the sum over the lattice is N where fx is a
    // multiple of 10 and fy a multiple of 6, and cancels exactly everywhere else.
    let (w, h, a) = (100.0, 60.0, 10.0);
    let mut pts = Vec::new();
    for j in 0..6 {
        for i in 0..10 {
            pts.push(at((i as f64 + 0.3) * a, (j as f64 + 0.7) * a));
        }
    }
    let n = pts.len() as f64;
    let p = Periodogram::new(&pts, w, h, 25, 15).unwrap();
    for fy in -15i64..=15 {
        for fx in -25i64..=25 {
            let v = p.at(fx, fy).unwrap();
            if fx % 10 == 0 && fy % 6 == 0 {
                assert!(
                    (v - n).abs() < 1e-9 * n,
                    "peak ({fx}, {fy}) = {v}, want {n}"
                );
            } else {
                assert!(v < 1e-20 * n, "({fx}, {fy}) = {v}, want 0");
            }
        }
    }
    assert_eq!(p.at(26, 0), None);
    assert_eq!(p.at(0, -16), None);
}

#[test]
fn the_spectrum_is_symmetric_and_the_origin_holds_n() {
    let pts = point_set(Kind::Bridson, 300.0, 200.0, 15.0, 4).unwrap();
    let p = Periodogram::new(&pts, 300.0, 200.0, 30, 20).unwrap();
    assert!((p.at(0, 0).unwrap() - pts.len() as f64).abs() < 1e-9);
    for fy in -20i64..=20 {
        for fx in -30i64..=30 {
            let (a, b) = (p.at(fx, fy).unwrap(), p.at(-fx, -fy).unwrap());
            assert_eq!(a, b);
        }
    }
    // And it agrees with the definition summed directly with sin and cos.
    for &(fx, fy) in &[(1i64, 0i64), (7, -3), (-30, 20), (12, 5)] {
        let (mut re, mut im) = (0.0f64, 0.0f64);
        for q in &pts {
            let phase =
                -std::f64::consts::TAU * (fx as f64 * q.x / 300.0 + fy as f64 * q.y / 200.0);
            re += phase.cos();
            im += phase.sin();
        }
        let want = (re * re + im * im) / pts.len() as f64;
        let got = p.at(fx, fy).unwrap();
        assert!(
            (got - want).abs() < 1e-9 * want.max(1.0),
            "({fx}, {fy}): {got} vs {want}"
        );
    }
}

#[test]
fn random_points_are_white_noise() {
    // E[P(f)] = 1 at every integer f ≠ 0 for independent uniform points; the mean over thousands
    // of frequencies is close to it for every seed.
    for seed in [1, 2, 3, 123456] {
        let pts = poisson_live::random_points(500, 720.0, 400.0, seed).unwrap();
        let p = Periodogram::new(&pts, 720.0, 400.0, 48, 27).unwrap();
        let others: Vec<f64> = p
            .power()
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != p.power().len() / 2)
            .map(|(_, &v)| v)
            .collect();
        let mean = others.iter().sum::<f64>() / others.len() as f64;
        assert!((mean - 1.0).abs() < 0.08, "seed {seed}: mean {mean}");
        let radial = p.radial_average();
        let flat = radial.mean.iter().sum::<f64>() / radial.mean.len() as f64;
        assert!((flat - 1.0).abs() < 0.1, "seed {seed}: radial mean {flat}");
        let low = radial.low_frequency_power(0.5 / 20.0).unwrap();
        assert!(low > 0.5, "seed {seed}: random low-frequency power {low}");
    }
}

#[test]
fn bridson_points_are_blue_noise() {
    // Poisson disk points leave the low frequencies almost empty, up to about 0.5 / r, and look
    // like white noise well above the spacing's peak.
    let (w, h, r) = (400.0, 400.0, 10.0);
    for seed in [1, 2, 123456] {
        let pts = point_set(Kind::Bridson, w, h, r, seed).unwrap();
        let p = Periodogram::new(&pts, w, h, 120, 120).unwrap();
        let radial = p.radial_average();
        assert!((radial.bin_width - 1.0 / 400.0).abs() < 1e-15);
        assert_eq!(radial.mean.len(), 119);
        assert!(radial.count.iter().all(|&c| c > 0));
        let low = radial.low_frequency_power(0.5 / r).unwrap();
        assert!(low < 0.2, "seed {seed}: low-frequency power {low}");
        // Above 1.6 / r (up to 3 / r) the rings average about 1.
        let from = (1.6 / r / radial.bin_width) as usize - 1;
        assert!((radial.centre(from) - 1.6 / r).abs() < 1e-12);
        let high = &radial.mean[from..];
        let mean = high.iter().sum::<f64>() / high.len() as f64;
        assert!(
            (mean - 1.0).abs() < 0.1,
            "seed {seed}: high-frequency mean {mean}"
        );
        // The spacing shows as a peak above 1 near 1 / r.
        let peak = radial.mean.iter().cloned().fold(0.0, f64::max);
        assert!(peak > 1.3, "seed {seed}: peak {peak}");
    }
}

#[test]
fn the_lab_sets_rank_as_expected() {
    // Low-frequency power: random ≈ 1, darts and Bridson far below, jittered in between.
    let (w, h, r) = (720.0, 400.0, 20.0);
    let low = |kind| {
        let pts = point_set(kind, w, h, r, 123456).unwrap();
        Periodogram::new(&pts, w, h, 64, 36)
            .unwrap()
            .radial_average()
            .low_frequency_power(0.5 / r)
            .unwrap()
    };
    let (random, jittered, darts, bridson) = (
        low(Kind::Random),
        low(Kind::Jittered),
        low(Kind::Darts),
        low(Kind::Bridson),
    );
    assert!(random > 0.6, "random {random}");
    assert!(
        bridson < 0.25 && darts < 0.25,
        "bridson {bridson}, darts {darts}"
    );
    assert!(
        jittered < random && jittered > bridson,
        "jittered {jittered}"
    );
}

#[test]
fn degenerate_and_bad_input() {
    let empty = Periodogram::new(&[], 10.0, 10.0, 3, 3).unwrap();
    assert!(empty.power().iter().all(|&v| v == 0.0));
    assert!(Periodogram::new(&[at(1.0, 1.0)], 0.0, 10.0, 3, 3).is_err());
    assert!(Periodogram::new(&[at(1.0, f64::NAN)], 10.0, 10.0, 3, 3).is_err());
    assert!(Periodogram::new(&[at(1.0, 1.0)], 10.0, 10.0, 5000, 3).is_err());
    let many = vec![at(1.0, 1.0); 1_000_000];
    let err = Periodogram::new(&many, 10.0, 10.0, 100, 100).unwrap_err();
    assert!(err.to_string().contains("fewer"), "{err}");
    // A zero frequency range has one frequency, the origin, and no rings.
    let dc = Periodogram::new(&[at(1.0, 1.0)], 10.0, 10.0, 0, 0).unwrap();
    assert_eq!(dc.power(), &[1.0]);
    assert_eq!(dc.radial_average().low_frequency_power(1.0), None);
    for kind in Kind::ALL {
        assert_eq!(Kind::from_name(kind.name()), Some(kind));
    }
}

#[test]
fn averaging_maps_smooths_the_spectrum() {
    // One random map's periodogram scatters around 1 with a spread of about 1; the mean of 16
    // maps scatters about a quarter as much.
    let (w, h) = (720.0, 400.0);
    let spread = |p: &Periodogram| {
        let v: Vec<f64> = p.power().iter().copied().filter(|&v| v < 100.0).collect();
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        (v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / v.len() as f64).sqrt()
    };
    let seeds = poisson_live::spectrum::seeds(123456, 16).unwrap();
    assert_eq!(seeds.len(), 16);
    let parts: Vec<Periodogram> = seeds
        .iter()
        .map(|&s| {
            let pts = point_set(Kind::Random, w, h, 20.0, s).unwrap();
            Periodogram::new(&pts, w, h, 32, 18).unwrap()
        })
        .collect();
    let mean = Periodogram::average(&parts).unwrap();
    let (one, many) = (spread(&parts[0]), spread(&mean));
    assert!(
        one > 0.7 && many < 0.35,
        "spread of one map {one}, of 16 {many}"
    );
    assert!(Periodogram::average(&[]).is_err());
    let other = Periodogram::new(&[at(1.0, 1.0)], w, h, 32, 17).unwrap();
    assert!(Periodogram::average(&[parts[0].clone(), other]).is_err());
    // The seeds skip the one the generator refuses, and the count is bounded.
    let near_stuck = poisson_live::rng::STUCK_SEED - 1;
    assert_eq!(
        poisson_live::spectrum::seeds(near_stuck, 3).unwrap(),
        vec![near_stuck, near_stuck + 2, near_stuck + 3]
    );
    assert!(poisson_live::spectrum::seeds(1, 0).is_err());
    assert!(poisson_live::spectrum::seeds(1, 65).is_err());
}

/// The spectrum lab's parameters.
#[allow(clippy::too_many_arguments)]
fn params(
    kind: Kind,
    w: f64,
    h: f64,
    r: f64,
    seed: i32,
    maps: u32,
    fx: u32,
    fy: u32,
) -> SpectrumParams {
    SpectrumParams {
        kind,
        width: w,
        height: h,
        radius: r,
        seed,
        maps,
        fx_max: fx,
        fy_max: fy,
    }
}

/// The lab's spectrum the long way, from the one-call public functions: each map's point set,
/// its periodogram, and their average.
fn by_hand(p: SpectrumParams) -> Averaged {
    let mut first = None;
    let mut parts = Vec::new();
    for s in seeds(p.seed, p.maps).unwrap() {
        let set = point_set(p.kind, p.width, p.height, p.radius, s).unwrap();
        parts.push(Periodogram::new(&set, p.width, p.height, p.fx_max, p.fy_max).unwrap());
        first.get_or_insert(set);
    }
    Averaged {
        points: first.unwrap(),
        periodogram: Periodogram::average(&parts).unwrap(),
    }
}

fn assert_bit_identical(a: &Averaged, b: &Averaged, what: &str) {
    let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    let flat = |p: &[Point]| {
        p.iter()
            .flat_map(|q| [q.x, q.y, q.r])
            .map(f64::to_bits)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        flat(&a.points),
        flat(&b.points),
        "{what}: first map's points"
    );
    let (p, q) = (&a.periodogram, &b.periodogram);
    assert_eq!(bits(p.power()), bits(q.power()), "{what}: power");
    assert_eq!(p.point_count(), q.point_count(), "{what}: point count");
    assert_eq!((p.fx_max(), p.fy_max()), (q.fx_max(), q.fy_max()), "{what}");
    assert_eq!(p, q, "{what}");
}

/// The spectrum lab's cases: kind, spacing, seed, maps, frequencies.
const CASES: [(Kind, f64, i32, u32, u32, u32); 5] = [
    (Kind::Bridson, 20.0, 123456, 3, 16, 9),
    (Kind::Random, 14.0, 7, 2, 12, 7),
    (Kind::Jittered, 30.0, -5, 4, 10, 10),
    (Kind::Darts, 12.0, 2024, 2, 8, 5),
    (Kind::Bridson, 40.0, i32::MAX, 3, 0, 0),
];

#[test]
fn the_one_call_spectrum_is_the_spectrum_by_hand() {
    for (kind, r, seed, maps, fx, fy) in CASES {
        let p = params(kind, 720.0, 400.0, r, seed, maps, fx, fy);
        let what = format!("{kind:?} r {r} seed {seed} maps {maps} {fx}×{fy}");
        assert_bit_identical(&averaged_spectrum(p).unwrap(), &by_hand(p), &what);
    }
}

#[test]
fn spectra_in_slices_equal_the_one_call_spectrum() {
    for (kind, r, seed, maps, fx, fy) in CASES {
        let p = params(kind, 720.0, 400.0, r, seed, maps, fx, fy);
        let one_call = averaged_spectrum(p).unwrap();
        let what = format!("{kind:?} r {r} seed {seed} maps {maps} {fx}×{fy}");
        for budgets in [&[1][..], &UNEVEN, &[97]] {
            let mut job = SpectrumJob::new(p).unwrap();
            assert_eq!(job.maps(), maps as usize);
            assert_zero_budget_does_nothing(&mut job);
            let (got, calls) = run_in_slices(job, budgets);
            assert_bit_identical(&got, &one_call, &format!("{what}, slices {budgets:?}"));
            // A unit of work per call: a call per sampler step (two per point) and per point
            // added (a point costs one unit at these frequencies).
            if budgets == [1] {
                let points = maps as usize * one_call.periodogram.point_count();
                assert!(calls >= 2 * points, "{what}: {calls} calls");
            }
        }
    }
}

#[test]
fn the_lab_spectrum_in_slices_at_the_labs_own_size_is_the_spectrum_by_hand() {
    // The lab's own frequency window (64 × 36) and its heaviest settings, a few maps: a point
    // costs ten units there, so a call of a few units adds one point.
    for kind in Kind::ALL {
        let p = params(kind, 720.0, 400.0, 12.0, 31337, 2, 64, 36);
        let reference = by_hand(p);
        let (got, _) = run_in_slices(SpectrumJob::new(p).unwrap(), &[1, 64, 5, 333]);
        assert_bit_identical(&got, &reference, &format!("{kind:?}"));
    }
}

#[test]
fn the_spectrum_job_refuses_what_one_call_refuses() {
    let (w, h) = (720.0, 400.0);
    for (r, seed, maps, fx, fy, width) in [
        (20.0, poisson_live::rng::STUCK_SEED, 2, 8, 8, w),
        (20.0, 1, 0, 8, 8, w),
        (20.0, 1, 65, 8, 8, w),
        (0.001, 1, 2, 8, 8, w),
        (-3.0, 1, 2, 8, 8, w),
        (20.0, 1, 2, 5000, 8, w),
        (20.0, 1, 2, 8, 8, f64::NAN),
    ] {
        let p = params(Kind::Darts, width, h, r, seed, maps, fx, fy);
        let one_call = averaged_spectrum(p).unwrap_err();
        let job = SpectrumJob::new(p).unwrap_err();
        assert_eq!(one_call.to_string(), job.to_string());
    }
    // Too many points for the frequencies: known only once the first point set is made, so
    // run() refuses it, as the one call does, and the job is then over with nothing to take.
    let p = params(Kind::Random, w, h, 12.0, 1, 1, 4096, 4096);
    let one_call = averaged_spectrum(p).unwrap_err();
    let mut job = SpectrumJob::new(p).unwrap();
    let refused = loop {
        match job.run(100) {
            Ok(true) => panic!("the work limit was not enforced"),
            Ok(false) => {}
            Err(e) => break e,
        }
    };
    assert_eq!(one_call.to_string(), refused.to_string());
    assert!(refused.to_string().contains("fewer"), "{refused}");
    assert!(job.run(1).unwrap() && job.is_finished());
    assert_eq!(job.take(), None);
}
