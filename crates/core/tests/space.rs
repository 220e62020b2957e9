//! 3D and meshes: spacing by brute force, bounds, determinism, fullness, every mesh point on its
//! triangle (barycentric check), and bad input refused in words.

use poisson_live::space::{
    fast_poisson_3d, poisson_disk_3d, poisson_disk_nd, sample_mesh, FastSampler3d, Mesh, MeshPoint,
    SpaceSampler, Step,
};
use poisson_live::Job;
use proptest::prelude::*;

mod common;

/// Pairs closer than `r` (squared distance < r² in f64), by comparing every pair.
fn too_close<const D: usize>(points: &[[f64; D]], r: f64) -> usize {
    let mut bad = 0;
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            let d2: f64 = (0..D).map(|j| (a[j] - b[j]) * (a[j] - b[j])).sum();
            bad += usize::from(d2 < r * r);
        }
    }
    bad
}

fn inside<const D: usize>(points: &[[f64; D]], size: [f64; D]) -> bool {
    points
        .iter()
        .all(|p| (0..D).all(|i| p[i] >= 0.0 && p[i] < size[i]))
}

/// Where `p` sits on triangle `[a, b, c]`: its barycentric coordinates and its distance from the
/// triangle's plane.
fn barycentric(p: [f64; 3], [a, b, c]: [[f64; 3]; 3]) -> ([f64; 3], f64) {
    let sub = |u: [f64; 3], v: [f64; 3]| [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
    let dot = |u: [f64; 3], v: [f64; 3]| u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
    let (e1, e2, d) = (sub(b, a), sub(c, a), sub(p, a));
    let (d11, d12, d22) = (dot(e1, e1), dot(e1, e2), dot(e2, e2));
    let (d1, d2) = (dot(d, e1), dot(d, e2));
    let det = d11 * d22 - d12 * d12;
    let v = (d22 * d1 - d12 * d2) / det;
    let w = (d11 * d2 - d12 * d1) / det;
    let foot = [0, 1, 2].map(|i| a[i] + v * e1[i] + w * e2[i]);
    let off = sub(p, foot);
    ([1.0 - v - w, v, w], dot(off, off).sqrt())
}

fn on_their_triangles(mesh: &Mesh, points: &[MeshPoint]) {
    for p in points {
        let corners = mesh.corners(p.face);
        let (weights, off) = barycentric(p.position, corners);
        let size = corners
            .iter()
            .flatten()
            .fold(0.0f64, |m, v| m.max(v.abs()))
            .max(1.0);
        assert!(
            weights.iter().all(|&w| w >= -1e-9) && off <= 1e-9 * size,
            "{p:?} is off its triangle: {weights:?}, {off} from its plane"
        );
        // Its own (u, v) put it back where it is, within 1e-9 of the triangle's size.
        let [u, v] = p.barycentric;
        let [a, b, c] = corners;
        let back: Vec<f64> = (0..3)
            .map(|i| (1.0 - u - v) * a[i] + u * b[i] + v * c[i])
            .collect();
        let miss = (0..3).fold(0.0f64, |m, i| m.max((back[i] - p.position[i]).abs()));
        assert!(miss <= 1e-9 * size, "{p:?}: (u, v) miss it by {miss}");
        assert!(u >= -1e-9 && v >= -1e-9 && u + v <= 1.0 + 1e-9, "{p:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn classic_3d_keeps_its_spacing_and_box(
        w in 4.0f64..30.0, h in 4.0f64..30.0, d in 4.0f64..30.0,
        r in 1.5f64..5.0, k in 1u32..40, seed in 1i32..i32::MAX,
    ) {
        let points = poisson_disk_3d(w, h, d, r, k, seed).unwrap();
        prop_assert!(!points.is_empty());
        prop_assert_eq!(too_close(&points, r), 0);
        prop_assert!(inside(&points, [w, h, d]));
        prop_assert_eq!(points, poisson_disk_3d(w, h, d, r, k, seed).unwrap());
    }

    #[test]
    fn fast_3d_keeps_its_spacing_and_box(
        w in 4.0f64..30.0, h in 4.0f64..30.0, d in 4.0f64..30.0,
        r in 1.5f64..5.0, seed in any::<i32>(),
    ) {
        let points = fast_poisson_3d(w, h, d, r, seed).unwrap();
        prop_assert_eq!(too_close(&points, r), 0);
        prop_assert!(inside(&points, [w, h, d]));
        prop_assert_eq!(points, fast_poisson_3d(w, h, d, r, seed).unwrap());
    }

    #[test]
    fn mesh_points_keep_their_spacing_and_stay_on_their_triangles(
        major in 4.0f64..12.0, minor in 1.0f64..3.5, around in 3u32..40, across in 3u32..20,
        r in 0.5f64..2.0, seed in 1i32..i32::MAX,
    ) {
        let mesh = Mesh::torus(major, minor, around, across).unwrap();
        let points = sample_mesh(&mesh, r, 30, seed).unwrap();
        let xyz: Vec<[f64; 3]> = points.iter().map(|p| p.position).collect();
        prop_assert!(!points.is_empty());
        prop_assert_eq!(too_close(&xyz, r), 0);
        on_their_triangles(&mesh, &points);
        prop_assert_eq!(points, sample_mesh(&mesh, r, 30, seed).unwrap());
    }
}

#[test]
fn a_box_fills_to_bridsons_density_and_the_fast_one_fuller() {
    let (side, r) = (40.0, 2.0);
    let per_r3 = |n: usize| n as f64 * r * r * r / (side * side * side);
    let classic = poisson_disk_3d(side, side, side, r, 30, 7).unwrap();
    let fast = fast_poisson_3d(side, side, side, r, 7).unwrap();
    // Edges lose a little against the 100³ box of the benchmarks (0.59 and 0.77 there).
    assert!(per_r3(classic.len()) > 0.55, "{}", per_r3(classic.len()));
    assert!(per_r3(fast.len()) > 0.70, "{}", per_r3(fast.len()));
}

#[test]
fn a_finished_box_has_no_room_left() {
    // Every point of a fine lattice lies within 2r of a point: the shell around it was tried.
    let (side, r) = (20.0, 2.0);
    for points in [
        poisson_disk_3d(side, side, side, r, 30, 3).unwrap(),
        fast_poisson_3d(side, side, side, r, 3).unwrap(),
    ] {
        let mut worst = 0.0f64;
        for i in 0..40 {
            for j in 0..40 {
                for l in 0..40 {
                    let q = [i, j, l].map(|v| (v as f64 + 0.5) * side / 40.0);
                    let near = points
                        .iter()
                        .map(|p| (0..3).map(|a| (p[a] - q[a]).powi(2)).sum::<f64>())
                        .fold(f64::INFINITY, f64::min);
                    worst = worst.max(near.sqrt());
                }
            }
        }
        assert!(worst < 2.0 * r, "a hole of radius {worst}");
    }
}

#[test]
fn the_stepper_is_the_one_call_and_takes_2n_minus_1_steps() {
    let mut s = SpaceSampler::<3>::new([25.0, 20.0, 15.0], 2.5, 30, 99).unwrap();
    s.start_random();
    let mut productive = 0;
    while s.step() != Step::Finished {
        productive += 1;
    }
    assert_eq!(productive, 2 * s.points().len() - 1);
    assert_eq!(
        s.points(),
        &poisson_disk_3d(25.0, 20.0, 15.0, 2.5, 30, 99).unwrap()[..]
    );
    let mut sliced = FastSampler3d::new([25.0, 20.0, 15.0], 2.5, 99).unwrap();
    while !sliced.run(7).unwrap() {}
    assert_eq!(
        sliced.points(),
        &fast_poisson_3d(25.0, 20.0, 15.0, 2.5, 99).unwrap()[..]
    );
}

#[test]
fn other_dimensions_come_free() {
    let line = poisson_disk_nd([100.0], 3.0, 30, 5).unwrap();
    let plane = poisson_disk_nd([30.0, 30.0], 2.0, 30, 5).unwrap();
    let four = poisson_disk_nd([8.0, 8.0, 8.0, 8.0], 2.0, 30, 5).unwrap();
    assert_eq!(too_close(&line, 3.0), 0);
    assert_eq!(too_close(&plane, 2.0), 0);
    assert_eq!(too_close(&four, 2.0), 0);
    assert!(line.len() >= 17 && plane.len() > 100 && four.len() > 100);
}

#[test]
fn the_plane_in_any_dimension_is_the_plane_samplers() {
    // The one 2D Bridson fill: `poisson_disk_nd::<2>` gives `poisson_disk`'s points, in order.
    for (w, h, r, seed) in [
        (30.0, 30.0, 2.0, 5),
        (120.0, 45.0, 1.5, 77),
        (9.0, 60.0, 3.0, 1),
    ] {
        let plane: Vec<[f64; 2]> = poisson_live::poisson_disk(w, h, r, 30, seed)
            .unwrap()
            .iter()
            .map(|p| [p.x, p.y])
            .collect();
        assert!(plane.len() > 20);
        assert_eq!(poisson_disk_nd([w, h], r, 30, seed).unwrap(), plane);
    }
    assert_eq!(
        poisson_disk_nd([30.0, 30.0], 0.0, 30, 5)
            .unwrap_err()
            .to_string(),
        poisson_live::poisson_disk(30.0, 30.0, 0.0, 30, 5)
            .unwrap_err()
            .to_string()
    );
}

#[test]
fn a_torus_is_covered_as_fully_as_the_peers() {
    // The benchmark's torus at a quarter of its size: about 0.66 points per r²; near-maximal:
    // under 1 % of the surface farther than r from every point (room for one more point there;
    // about 0.2 % is usual, as Bridson's k = 30 leaves in a box), and nowhere farther than 2r.
    let mesh = Mesh::torus(10.0, 3.75, 40, 20).unwrap();
    let points = sample_mesh(&mesh, 1.0, 30, 7).unwrap();
    let density = points.len() as f64 / mesh.area();
    assert!(density > 0.62, "{density}");
    let (mut room, mut holes, mut samples) = (0, 0, 0);
    let mut unit = common::lcg_unit(12345);
    for t in 0..mesh.triangles().len() {
        let [a, b, c] = mesh.corners(t);
        for _ in 0..5 {
            let (mut s, mut u) = (unit(), unit());
            if s + u > 1.0 {
                (s, u) = (1.0 - s, 1.0 - u);
            }
            let q = [0, 1, 2].map(|i| a[i] + s * (b[i] - a[i]) + u * (c[i] - a[i]));
            let near = points
                .iter()
                .map(|p| (0..3).map(|i| (p.position[i] - q[i]).powi(2)).sum::<f64>())
                .fold(f64::INFINITY, f64::min);
            room += usize::from(near >= 1.0);
            holes += usize::from(near >= 4.0);
            samples += 1;
        }
    }
    assert!(
        room * 100 < samples,
        "{room} of {samples} samples have room for a point"
    );
    assert_eq!(holes, 0, "samples farther than 2r from every point");
}

#[test]
fn meshes_from_arrays_and_obj_agree() {
    let square = Mesh::from_obj("v 0 0 0\nv 4 0 0\nv 4 4 0\nv 0 4 0\nf 1 2 3 4\n").unwrap();
    let arrays = Mesh::from_arrays(
        &[0., 0., 0., 4., 0., 0., 4., 4., 0., 0., 4., 0.],
        &[0, 1, 2, 0, 2, 3],
    )
    .unwrap();
    assert_eq!(square, arrays);
    let points = sample_mesh(&square, 0.5, 30, 1).unwrap();
    assert!(points.iter().all(|p| p.face < 2 && p.position[2] == 0.0));
    on_their_triangles(&square, &points);
}

#[test]
fn meshes_smaller_than_the_shell_get_a_point_each_part() {
    // One triangle 0.1 wide at r = 1: no piece reaches a point's shell, so its step has
    // nothing to draw from (this once read past an empty list and panicked).
    let speck = Mesh::from_obj("v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nf 1 2 3\n").unwrap();
    let one = sample_mesh(&speck, 1.0, 30, 1).unwrap();
    assert_eq!(one.len(), 1);
    on_their_triangles(&speck, &one);
    // Two such specks 10 apart: the sweep reaches both.
    let two = Mesh::from_obj(
        "v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nv 10 0 0\nv 10.1 0 0\nv 10 0.1 0\nf 1 2 3\nf 4 5 6\n",
    )
    .unwrap();
    let points = sample_mesh(&two, 1.0, 30, 1).unwrap();
    assert_eq!(points.len(), 2);
    assert_ne!(points[0].face, points[1].face);
    on_their_triangles(&two, &points);
}

#[test]
fn a_mesh_samples_the_same_at_any_scale_the_crate_measures() {
    // The area of a triangle 1e150 wide squares past f64's range, and of one 1e-140 wide
    // below it; both once read as "no area".
    let at = |scale: f64| {
        let corners = [-1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0];
        let unit = Mesh::from_arrays(&corners, &[0, 1, 2]).unwrap();
        let mesh = Mesh::from_arrays(&corners.map(|c| c * scale), &[0, 1, 2]).unwrap();
        let points = sample_mesh(&mesh, 0.1 * scale, 30, 5).unwrap();
        let positions: Vec<[f64; 3]> = points.iter().map(|p| p.position).collect();
        assert_eq!(too_close(&positions, 0.1 * scale), 0, "at {scale}");
        // Checked back at scale 1, where the check's own squares stay in range.
        let back: Vec<MeshPoint> = points
            .iter()
            .map(|p| MeshPoint {
                position: p.position.map(|c| c / scale),
                face: p.face,
                barycentric: p.barycentric,
            })
            .collect();
        on_their_triangles(&unit, &back);
        points.len()
    };
    let plain = at(1.0);
    assert!(
        plain > 50,
        "{plain} points on a triangle of area 1 at r 0.1"
    );
    assert_eq!(at(1e150), plain);
    assert_eq!(at(1e-140), plain);
}

#[test]
fn bad_input_is_refused_in_words() {
    let message = |e: poisson_live::Error| e.to_string();
    assert_eq!(
        message(poisson_disk_3d(10.0, 10.0, -1.0, 1.0, 30, 1).unwrap_err()),
        "depth must be a finite number greater than 0, got -1"
    );
    assert_eq!(
        message(fast_poisson_3d(10.0, 10.0, 10.0, f64::NAN, 1).unwrap_err()),
        "radius must be a finite number greater than 0, got NaN"
    );
    assert!(
        message(poisson_disk_3d(1e4, 1e4, 1e4, 0.5, 30, 1).unwrap_err())
            .starts_with("radius 0.5 on 10000 × 10000 × 10000 needs")
    );
    assert_eq!(
        message(Mesh::from_arrays(&[0.0, 0.0], &[0, 1, 2]).unwrap_err()),
        "vertices and indices come in threes, got 2 and 3 numbers"
    );
    assert_eq!(
        message(Mesh::from_arrays(&[0.0; 9], &[0, 1, 3]).unwrap_err()),
        "triangle 0 names vertex 3, but the mesh has 3 vertices"
    );
    assert_eq!(
        message(
            Mesh::from_arrays(&[0., 0., 0., 2e152, 0., 0., 0., 1., 0.], &[0, 1, 2]).unwrap_err()
        ),
        "vertex 1 has a coordinate beyond ±1e152, the largest length measured"
    );
    let wide = Mesh::from_arrays(&[0., 0., 0., 1e152, 0., 0., 0., 1., 0.], &[0, 1, 2]).unwrap();
    assert_eq!(
        message(sample_mesh(&wide, 1e150, 30, 1).unwrap_err()),
        "the mesh spans 1.02e152 along x with r on both sides, past 1e152, the largest length \
         measured"
    );
    let tiny = sample_mesh(&Mesh::torus(40.0, 15.0, 16, 8).unwrap(), 1e-4, 30, 1).unwrap_err();
    assert!(message(tiny).contains("use a radius ≥"));
}

mod space_digests;

/// The pinned bits: the wasm build's tests (`crates/web/tests/space.rs`) hold it to the same.
#[test]
fn the_bits_are_pinned() {
    use space_digests::{digest, Kind, BARYCENTRIC_DIGESTS, DIGESTS};
    let measured = DIGESTS.map(|(kind, size, r, seed, _, _)| {
        let numbers: Vec<f64> = match kind {
            Kind::Bridson => poisson_disk_3d(size[0], size[1], size[2], r, 30, seed)
                .unwrap()
                .into_iter()
                .flatten()
                .collect(),
            Kind::Fast => fast_poisson_3d(size[0], size[1], size[2], r, seed)
                .unwrap()
                .into_iter()
                .flatten()
                .collect(),
            Kind::Torus => {
                let mesh = Mesh::torus(size[0], size[1], 48, 24).unwrap();
                sample_mesh(&mesh, r, 30, seed)
                    .unwrap()
                    .into_iter()
                    .flat_map(|p| [p.position[0], p.position[1], p.position[2], p.face as f64])
                    .collect()
            }
        };
        let n = numbers.len() / if kind == Kind::Torus { 4 } else { 3 };
        (kind, size, r, seed, n, digest(numbers))
    });
    assert_eq!(measured, DIGESTS);
    let measured = BARYCENTRIC_DIGESTS.map(|(major, minor, r, seed, _)| {
        let mesh = Mesh::torus(major, minor, 48, 24).unwrap();
        let points = sample_mesh(&mesh, r, 30, seed).unwrap();
        let uv = points.iter().flat_map(|p| p.barycentric);
        (major, minor, r, seed, digest(uv))
    });
    assert_eq!(measured, BARYCENTRIC_DIGESTS);
}

/// A mesh's extent is the box of all its vertices, as the file lists them: a vertex no
/// triangle uses counts too (the width and height `poisson mesh` writes).
#[test]
fn a_mesh_extent_spans_every_vertex() {
    let square = Mesh::from_obj("v 0 0 0\nv 4 0 0\nv 4 4 0\nv 0 4 0\nf 1 2 3 4\n").unwrap();
    assert_eq!(square.extent(), ([0.0, 0.0, 0.0], [4.0, 4.0, 0.0]));
    let stray = Mesh::from_obj("v -3 0 0\nv 0 0 0\nv 4 0 0\nv 0 4 2\nf 2 3 4\n").unwrap();
    assert_eq!(stray.extent(), ([-3.0, 0.0, 0.0], [7.0, 4.0, 2.0]));
}
