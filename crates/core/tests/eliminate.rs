//! Weighted sample elimination: exactly N points on every domain, spacing measured by brute
//! force (the box's δX target, any first rows spread out, wrapped distances on a torus), points
//! on their triangles, determinism, the job in slices giving the one call's bits, bad input.

use poisson_live::eliminate::{
    eliminate, r_max, smallest_pair, Domain, Elimination, Samples, MAX_COUNT,
};
use poisson_live::space::Mesh;
use poisson_live::Job;
use proptest::prelude::*;

/// The hexagonal packing's spacing of `n` points on `area`: `sqrt(2A / (√3 n))`.
fn hex(area: f64, n: usize) -> f64 {
    (2.0 * area / (3f64.sqrt() * n as f64)).sqrt()
}

/// `n` points on the map `size`, checked to be exactly `n`, all on the map.
fn plane(size: [f64; 2], wrap: bool, n: usize, seed: i32) -> Vec<[f64; 2]> {
    match eliminate(&Domain::Plane { size, wrap }, n, seed).unwrap() {
        Samples::Plane(p) => counted_inside(p, size, n),
        other => panic!("a plane gave {other:?}"),
    }
}

/// `n` points in the box `size`, checked to be exactly `n`, all in the box.
fn space(size: [f64; 3], wrap: bool, n: usize, seed: i32) -> Vec<[f64; 3]> {
    match eliminate(&Domain::Space { size, wrap }, n, seed).unwrap() {
        Samples::Space(p) => counted_inside(p, size, n),
        other => panic!("a box gave {other:?}"),
    }
}

fn counted_inside<const D: usize>(
    points: Vec<[f64; D]>,
    size: [f64; D],
    n: usize,
) -> Vec<[f64; D]> {
    assert_eq!(points.len(), n);
    assert!(inside(&points, size));
    points
}

fn inside<const D: usize>(points: &[[f64; D]], size: [f64; D]) -> bool {
    points
        .iter()
        .all(|p| (0..D).all(|i| p[i] >= 0.0 && p[i] < size[i]))
}

/// The target in the 200 × 100 box at N 10 000: δX ≥ 0.72, its first 1 000 rows ≥ 0.6.
#[test]
fn the_box_at_ten_thousand_keeps_its_spacing_and_its_prefix() {
    let size = [200.0, 100.0];
    let p = plane(size, false, 10_000, 1);
    let full = smallest_pair(&p, None) / hex(20_000.0, 10_000);
    let prefix = smallest_pair(&p[..1000], None) / hex(20_000.0, 1000);
    assert!(full >= 0.72, "δX {full}");
    assert!(prefix >= 0.6, "first 1 000: δX {prefix}");
}

#[test]
fn a_torus_keeps_its_spacing_across_the_seams() {
    let size = [60.0, 40.0];
    let p = plane(size, true, 2000, 3);
    let wrapped = smallest_pair(&p, Some(size)) / hex(2400.0, 2000);
    assert!(wrapped >= 0.7, "wrapped δX {wrapped}");
}

#[test]
fn boxes_in_3d_plain_and_wrapped() {
    let size = [20.0, 15.0, 10.0];
    let d_max = 2.0 * r_max(3000.0, 2000, 3);
    for wrap in [false, true] {
        let p = space(size, wrap, 2000, 5);
        let d = smallest_pair(&p, wrap.then_some(size)) / d_max;
        assert!(d >= 0.68, "wrap {wrap}: smallest pair {d} of 2 r_max");
        let first = smallest_pair(&p[..200], None) / (2.0 * r_max(3000.0, 200, 3));
        assert!(first >= 0.6, "first 200: {first} of their 2 r_max");
    }
}

/// Every point on the triangle it names, within rounding.
#[test]
fn mesh_points_lie_on_their_triangles() {
    let ring = Mesh::torus(8.0, 3.0, 48, 24).unwrap();
    let Samples::Surface(p) = eliminate(&Domain::Surface(ring.clone()), 700, 9).unwrap() else {
        panic!("a mesh gives surface points");
    };
    assert_eq!(p.len(), 700);
    for m in &p {
        let [a, b, c] = ring.corners(m.face);
        let (e1, e2, q) = (sub(b, a), sub(c, a), sub(m.position, a));
        let n = cross(e1, e2);
        let len = dot(n, n).sqrt();
        assert!(
            dot(q, n).abs() / len < 1e-9,
            "off the plane of face {}",
            m.face
        );
        // Inside: the point's barycentric coordinates are all ≥ 0 (within rounding).
        let (u, v) = (
            dot(cross(q, e2), n) / (len * len),
            dot(cross(e1, q), n) / (len * len),
        );
        assert!(
            u >= -1e-9 && v >= -1e-9 && u + v <= 1.0 + 1e-9,
            "outside face {}",
            m.face
        );
    }
    let pos: Vec<[f64; 3]> = p.iter().map(|m| m.position).collect();
    let d = smallest_pair(&pos, None) / hex(ring.area(), 700);
    assert!(d >= 0.65, "δX on the surface {d}");
}

/// Weights on a mesh: 1 on the half x > 0, 0 on the other, radius-max 2 (four times the
/// density where the weight is 1): the heavy half gets at least 2.5× the points, and the light
/// half's points, away from the seam, keep about twice the heavy half's smallest pair. With
/// every weight equal, the halves come out even: the weights, not the mesh, do it.
#[test]
fn weights_put_more_points_on_the_heavy_half() {
    let ring = Mesh::torus(8.0, 3.0, 48, 24).unwrap();
    let halves = |light: f64| -> Vec<f64> {
        let v = ring.vertices().iter();
        v.map(|v| if v[0] > 0.0 { 1.0 } else { light }).collect()
    };
    let run = |weights: Vec<f64>| {
        let domain = Domain::WeightedSurface {
            mesh: ring.clone(),
            weights,
            radius_max: 2.0,
        };
        let Samples::Surface(p) = eliminate(&domain, 1500, 4).unwrap() else {
            panic!("a mesh gives surface points");
        };
        assert_eq!(p.len(), 1500);
        let heavy = p.iter().filter(|m| m.position[0] > 0.0).count();
        (p, heavy)
    };
    let (p, heavy) = run(halves(0.0));
    assert!(
        heavy as f64 >= 2.5 * (1500 - heavy) as f64,
        "{heavy} of 1500 heavy"
    );
    let side = |sign: f64| -> Vec<[f64; 3]> {
        let far = p.iter().filter(|m| m.position[0] * sign > 2.0);
        far.map(|m| m.position).collect()
    };
    let (dh, dl) = (
        smallest_pair(&side(1.0), None),
        smallest_pair(&side(-1.0), None),
    );
    assert!(
        dl > 1.5 * dh,
        "light side's smallest pair {dl}, heavy side's {dh}"
    );
    // The first rows follow the weights too.
    let first = p[..300].iter().filter(|m| m.position[0] > 0.0).count();
    assert!(
        first as f64 >= 2.5 * (300 - first) as f64,
        "{first} of the first 300"
    );
    let (_, even) = run(halves(1.0));
    assert!(
        (600..=900).contains(&even),
        "{even} of 1500 with even weights"
    );
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}
fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}
fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

#[test]
fn one_point_and_a_few() {
    for n in [1, 2, 3, 7] {
        let size = [5.0, 3.0];
        for wrap in [false, true] {
            plane(size, wrap, n, 11);
        }
        space([1.0; 3], true, n, 2);
    }
}

#[test]
fn bad_input_is_refused_in_words() {
    let d = Domain::Plane {
        size: [10.0, 10.0],
        wrap: false,
    };
    let msg = |r: poisson_live::Result<Elimination>| r.unwrap_err().to_string();
    assert!(msg(Elimination::new(&d, 0, 1)).contains("count must be from 1 to"));
    assert!(msg(Elimination::new(&d, MAX_COUNT + 1, 1)).contains("count must be from 1 to"));
    let nan = Domain::Plane {
        size: [f64::NAN, 10.0],
        wrap: false,
    };
    assert!(msg(Elimination::new(&nan, 5, 1)).contains("width"));
    let flat = Domain::Space {
        size: [1.0, 1.0, 0.0],
        wrap: false,
    };
    assert!(msg(Elimination::new(&flat, 5, 1)).contains("depth"));
    // Weights: one per vertex, each in [0, 1], radius-max ≥ 1.
    let ring = Mesh::torus(8.0, 3.0, 12, 6).unwrap();
    let weighted = |weights: Vec<f64>, radius_max: f64| Domain::WeightedSurface {
        mesh: ring.clone(),
        weights,
        radius_max,
    };
    let ok = vec![0.5; 72];
    let mut nan = ok.clone();
    nan[3] = f64::NAN;
    let mut high = ok.clone();
    high[70] = 1.5;
    for (domain, words) in [
        (
            weighted(vec![0.5; 71], 2.0),
            "71 weights for a mesh of 72 vertices",
        ),
        (weighted(nan, 2.0), "weight 4 (vertex 3) is NaN"),
        (
            weighted(high, 2.0),
            "is 1.5; weights are numbers from 0 to 1",
        ),
        (weighted(vec![-0.1; 72], 2.0), "is -0.1"),
        (weighted(ok.clone(), 0.5), "radius-max"),
        (weighted(ok.clone(), f64::INFINITY), "radius-max"),
        (weighted(ok.clone(), 1e300), "radius-max 1e300 is too large"),
    ] {
        let m = msg(Elimination::new(&domain, 5, 1));
        assert!(m.contains(words), "{m}");
    }
    assert!(msg(Elimination::new(&weighted(ok, 2.0), 0, 1)).contains("count must be"));
    // A surface whose coordinates hold fewer places than asked for: refused, not repeated.
    let far = Mesh::from_obj(
        "v 1e15 1e15 0\nv 1000000000000001 1e15 0\nv 1e15 1000000000000001 0\nf 1 2 3\n",
    )
    .unwrap();
    let err = eliminate(&Domain::Surface(far.clone()), 1000, 1).unwrap_err();
    assert!(err.to_string().contains("1000 points do not fit"), "{err}");
    assert_eq!(eliminate(&Domain::Surface(far), 10, 1).unwrap().len(), 10);
    for size in [[1e-150; 3], [1e152; 3]] {
        let d = Domain::Space { size, wrap: false };
        assert!(
            msg(Elimination::new(&d, 5, 1)).contains("volume"),
            "{size:?}"
        );
    }
    assert!(
        Elimination::new(&d, 5, -2_147_483_646).is_err(),
        "the stuck seed"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Exactly N, deterministic, and the job in any slices gives the one call's bits, with a
    /// progress that never goes back and is 1 only at the end.
    #[test]
    fn exact_deterministic_and_sliced(
        n in 1usize..300,
        seed in any::<i32>().prop_filter("the stuck seed", |s| *s != -2_147_483_646),
        budget in 1u64..5000,
        which in 0usize..6,
    ) {
        let ring = Mesh::torus(8.0, 3.0, 24, 12).unwrap();
        let domain = match which {
            0 => Domain::Plane { size: [30.0, 20.0], wrap: false },
            1 => Domain::Plane { size: [30.0, 20.0], wrap: true },
            2 => Domain::Space { size: [9.0, 8.0, 7.0], wrap: false },
            3 => Domain::Space { size: [9.0, 8.0, 7.0], wrap: true },
            4 => Domain::Surface(ring),
            _ => Domain::WeightedSurface {
                weights: (0..ring.vertices().len()).map(|i| (i % 3) as f64 / 2.0).collect(),
                mesh: ring,
                radius_max: 3.0,
            },
        };
        let once = eliminate(&domain, n, seed).unwrap();
        prop_assert_eq!(once.len(), n);
        prop_assert_eq!(once.coords().len(), n * if which < 2 { 2 } else { 3 });
        let mut job = Elimination::new(&domain, n, seed).unwrap();
        let mut last = 0.0;
        while !job.run(budget).unwrap() {
            let p = job.progress();
            prop_assert!(p >= last && p < 1.0);
            last = p;
        }
        prop_assert_eq!(job.progress(), 1.0);
        let sliced = job.take().unwrap();
        prop_assert!(job.take().is_none());
        prop_assert_eq!(&sliced, &once);
        // No point twice.
        let c = once.coords();
        let dim = c.len() / n;
        let mut rows: Vec<&[f64]> = c.chunks(dim).collect();
        rows.sort_by(|a, b| a.partial_cmp(b).unwrap());
        rows.dedup();
        prop_assert_eq!(rows.len(), n);
    }
}

#[path = "eliminate_digests/mod.rs"]
mod eliminate_digests;
#[path = "space_digests/mod.rs"]
#[allow(dead_code)]
mod space_digests;

/// The bits the wasm build must give too (`crates/web/tests/eliminate.rs`).
#[test]
fn the_recorded_bits() {
    use eliminate_digests::{Kind, DIGESTS};
    let measured = DIGESTS.map(|(kind, n, seed, _)| {
        let domain = match kind {
            Kind::Map | Kind::WrappedMap => Domain::Plane {
                size: [40.0, 30.0],
                wrap: kind == Kind::WrappedMap,
            },
            Kind::Box | Kind::WrappedBox => Domain::Space {
                size: [12.0, 9.0, 6.0],
                wrap: kind == Kind::WrappedBox,
            },
            Kind::Torus => Domain::Surface(Mesh::torus(8.0, 3.0, 48, 24).unwrap()),
        };
        let coords = eliminate(&domain, n, seed).unwrap().coords();
        (kind, n, seed, space_digests::digest(coords))
    });
    assert_eq!(measured, DIGESTS);
}
