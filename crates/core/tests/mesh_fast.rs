//! The fast sampler on a mesh, and where each mesh point sits: spacing by brute force, every
//! point on its triangle with its (u, v) putting it back within 1e-9, determinism, fullness,
//! coverage, parts the walks cannot reach, and the pinned bits (native = wasm).

use poisson_live::space::{
    fast_sample_mesh, FastMeshSampler, Mesh, MeshPoint, SpaceGrid, MAX_FAST_TRIANGLES,
};
use poisson_live::Job;
use proptest::prelude::*;

mod common;
#[path = "space_digests/mod.rs"]
#[allow(dead_code)]
mod space_digests;
use space_digests::{digest, FAST_MESH_DIGESTS};

/// Pairs closer than `r` in 3D, by comparing every pair.
fn too_close(points: &[MeshPoint], r: f64) -> usize {
    let mut bad = 0;
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            let d2: f64 = (0..3)
                .map(|j| (a.position[j] - b.position[j]).powi(2))
                .sum();
            bad += usize::from(d2 < r * r);
        }
    }
    bad
}

/// Every point's (u, v) puts it back on its triangle within 1e-9 of the mesh's size, inside.
fn where_they_sit(mesh: &Mesh, points: &[MeshPoint]) {
    for p in points {
        let corners = mesh.corners(p.face);
        let size = corners.iter().flatten().fold(1.0f64, |m, v| m.max(v.abs()));
        let [u, v] = p.barycentric;
        let miss = (0..3).fold(0.0f64, |m, i| {
            let back = (1.0 - u - v) * corners[0][i] + u * corners[1][i] + v * corners[2][i];
            m.max((back - p.position[i]).abs())
        });
        assert!(miss <= 1e-9 * size, "{p:?}: (u, v) miss it by {miss}");
        assert!(u >= -1e-9 && v >= -1e-9 && u + v <= 1.0 + 1e-9, "{p:?}");
    }
}

/// The fraction of `samples` uniform points of the surface (area-weighted) within `r` of a
/// point, asked of a grid holding the points.
fn coverage(mesh: &Mesh, points: &[MeshPoint], r: f64, samples: usize) -> f64 {
    let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
    for v in mesh.vertices() {
        for i in 0..3 {
            lo[i] = lo[i].min(v[i]);
            hi[i] = hi[i].max(v[i]);
        }
    }
    let origin = lo.map(|x| x - 2.0 * r);
    let size = [0, 1, 2].map(|i| hi[i] - lo[i] + 4.0 * r);
    let mut grid = SpaceGrid::<3>::for_box(origin, size, r).unwrap();
    for p in points {
        grid.add_unchecked(p.position);
    }
    let areas: Vec<f64> = (0..mesh.triangles().len())
        .map(|t| {
            let [a, b, c] = mesh.corners(t);
            let (e, f) = (
                [0, 1, 2].map(|i| b[i] - a[i]),
                [0, 1, 2].map(|i| c[i] - a[i]),
            );
            let x = [
                e[1] * f[2] - e[2] * f[1],
                e[2] * f[0] - e[0] * f[2],
                e[0] * f[1] - e[1] * f[0],
            ];
            0.5 * (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]).sqrt()
        })
        .scan(0.0, |run, a| {
            *run += a;
            Some(*run)
        })
        .collect();
    let total = *areas.last().unwrap();
    let mut unit = common::lcg_unit(0x9E37_79B9_7F4A_7C15);
    let mut near = 0;
    for _ in 0..samples {
        let t = areas
            .partition_point(|&a| a < unit() * total)
            .min(areas.len() - 1);
        let (mut s, mut u) = (unit(), unit());
        if s + u > 1.0 {
            (s, u) = (1.0 - s, 1.0 - u);
        }
        let [a, b, c] = mesh.corners(t);
        let q = [0, 1, 2].map(|i| a[i] + s * (b[i] - a[i]) + u * (c[i] - a[i]));
        near += usize::from(grid.conflict(&q).is_some());
    }
    near as f64 / samples as f64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn fast_mesh_points_keep_their_spacing_and_sit_where_they_say(
        major in 4.0f64..12.0, minor in 1.0f64..3.5, around in 3u32..40, across in 3u32..20,
        r in 0.5f64..2.0, seed in 1i32..i32::MAX,
    ) {
        let mesh = Mesh::torus(major, minor, around, across).unwrap();
        let points = fast_sample_mesh(&mesh, r, seed).unwrap();
        prop_assert!(!points.is_empty());
        prop_assert_eq!(too_close(&points, r), 0);
        where_they_sit(&mesh, &points);
        prop_assert_eq!(points, fast_sample_mesh(&mesh, r, seed).unwrap());
    }
}

#[test]
fn the_fast_cover_is_fuller_than_bridsons_and_leaves_no_room() {
    let mesh = Mesh::torus(20.0, 7.0, 120, 60).unwrap();
    let points = fast_sample_mesh(&mesh, 1.0, 7).unwrap();
    let per_r2 = points.len() as f64 / mesh.area();
    let bridson = poisson_live::space::sample_mesh(&mesh, 1.0, 30, 7).unwrap();
    assert!(per_r2 > 0.75, "{per_r2}");
    assert!(points.len() > bridson.len() * 11 / 10);
    let covered = coverage(&mesh, &points, 1.0, 100_000);
    assert!(covered > 0.999, "{covered}");
    assert_eq!(too_close(&points, 1.0), 0);
}

#[test]
fn slices_equal_the_one_call() {
    let mesh = Mesh::torus(8.0, 3.0, 48, 24).unwrap();
    let mut s = FastMeshSampler::new(&mesh, 0.5, 99).unwrap();
    let (mut slices, mut progress) = (0, 0.0);
    while !s.run(37).unwrap() {
        slices += 1;
        assert!((progress..1.0).contains(&s.progress()));
        progress = s.progress();
    }
    assert!(slices > 10);
    assert_eq!(s.progress(), 1.0);
    assert_eq!(s.grid().too_close_pairs(), 0);
    let sliced: Vec<MeshPoint> = s.take().unwrap();
    assert_eq!(s.take(), None);
    assert_eq!(sliced, fast_sample_mesh(&mesh, 0.5, 99).unwrap());
}

/// Two triangles' worth of square, open all round, and a far copy of it with its own
/// vertices: the walks stop at the open edges, the sweep reaches the second part.
#[test]
fn open_edges_and_parts_apart_are_covered() {
    let mut vertices = vec![
        [0.0, 0.0, 0.0],
        [6.0, 0.0, 0.0],
        [6.0, 6.0, 0.0],
        [0.0, 6.0, 0.0],
    ];
    vertices.extend(
        vertices
            .clone()
            .iter()
            .map(|v| [v[0] + 50.0, v[1], v[2] + 9.0]),
    );
    let mesh = Mesh::new(vertices, vec![[0, 1, 2], [0, 2, 3], [4, 5, 6], [4, 6, 7]]).unwrap();
    let points = fast_sample_mesh(&mesh, 0.5, 3).unwrap();
    assert_eq!(too_close(&points, 0.5), 0);
    where_they_sit(&mesh, &points);
    let far = points.iter().filter(|p| p.face >= 2).count();
    assert!(far * 10 > points.len() * 4, "{far} of {}", points.len());
    assert!(coverage(&mesh, &points, 0.5, 50_000) > 0.999);
}

/// Three triangles on one edge (not a surface there): walks stop at it and nothing breaks.
#[test]
fn an_edge_of_three_triangles_stops_the_walks() {
    let vertices = vec![
        [0.0, 0.0, 0.0],
        [0.0, 8.0, 0.0],
        [6.0, 4.0, 0.0],
        [-6.0, 4.0, 0.0],
        [0.0, 4.0, 6.0],
    ];
    let mesh = Mesh::new(vertices, vec![[0, 1, 2], [1, 0, 3], [0, 1, 4]]).unwrap();
    let points = fast_sample_mesh(&mesh, 0.7, 11).unwrap();
    assert_eq!(too_close(&points, 0.7), 0);
    where_they_sit(&mesh, &points);
    let per_face: Vec<usize> = (0..3)
        .map(|t| points.iter().filter(|p| p.face == t).count())
        .collect();
    let covered = coverage(&mesh, &points, 0.7, 50_000);
    assert!(covered > 0.999, "{covered} {per_face:?}");
}

#[test]
fn a_mesh_smaller_than_r_gets_one_point() {
    let speck = Mesh::new(
        vec![[0.0, 0.0, 0.0], [0.1, 0.0, 0.0], [0.0, 0.1, 0.0]],
        vec![[0, 1, 2]],
    )
    .unwrap();
    assert_eq!(fast_sample_mesh(&speck, 1.0, 1).unwrap().len(), 1);
    assert!(fast_sample_mesh(&speck, f64::NAN, 1).is_err());
    assert!(fast_sample_mesh(&speck, 1.0, -2_147_483_646).is_err()); // the stuck seed
}

/// Huge and tiny meshes lay flat alike: as many points at scale 1e150 and 1e-140 as at 1.
#[test]
fn any_scale_the_crate_measures() {
    let counts: Vec<usize> = [1.0, 1e150, 1e-140]
        .iter()
        .map(|&scale| {
            let v = [
                [0.0, 0.0, 0.0],
                [9.0, 0.0, 1.0],
                [0.0, 7.0, 2.0],
                [8.0, 8.0, 0.0],
            ];
            let mesh = Mesh::new(
                v.iter().map(|p| p.map(|c| c * scale)).collect(),
                vec![[0, 1, 2], [1, 3, 2]],
            )
            .unwrap();
            let points = fast_sample_mesh(&mesh, 0.5 * scale, 5).unwrap();
            assert_eq!(too_close(&points, 0.5 * scale), 0);
            points.len()
        })
        .collect();
    assert!(counts[0] > 100, "{counts:?}");
    assert!(
        counts
            .iter()
            .all(|&n| n.abs_diff(counts[0]) * 50 <= counts[0]),
        "{counts:?}"
    );
}

/// The same bits natively and in wasm (`crates/web/tests/space.rs` checks these digests there).
#[test]
fn the_fast_covers_bits_are_pinned() {
    let measured = FAST_MESH_DIGESTS.map(|(major, minor, r, seed, _, _)| {
        let mesh = Mesh::torus(major, minor, 48, 24).unwrap();
        let points = fast_sample_mesh(&mesh, r, seed).unwrap();
        let numbers = points.iter().flat_map(|p| {
            let [x, y, z] = p.position;
            let [u, v] = p.barycentric;
            [x, y, z, p.face as f64, u, v]
        });
        (major, minor, r, seed, points.len(), digest(numbers))
    });
    assert_eq!(measured, FAST_MESH_DIGESTS);
}

/// Past the triangles the fast method lays flat: refused in words before anything is built.
#[test]
fn too_many_triangles_are_refused_in_words() {
    let v = vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]];
    let mesh = Mesh::new(v, vec![[0, 1, 2]; MAX_FAST_TRIANGLES + 1]).unwrap();
    let e = FastMeshSampler::new(&mesh, 1.0, 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "the fast method takes at most {MAX_FAST_TRIANGLES} triangles (a bound on memory); \
             this mesh has {}",
            MAX_FAST_TRIANGLES + 1
        )
    );
}

/// A cube (sharp creases, where a walk's chord falls short of its length) wound both ways
/// (half its triangles flipped): every pair still r apart, the surface covered.
#[test]
fn creases_and_flipped_triangles_are_walked_alike() {
    let s = 6.0;
    let vertices: Vec<[f64; 3]> = (0..8)
        .map(|i| {
            [
                (i & 1) as f64 * s,
                ((i >> 1) & 1) as f64 * s,
                ((i >> 2) & 1) as f64 * s,
            ]
        })
        .collect();
    let quads = [
        [0, 1, 3, 2],
        [4, 6, 7, 5],
        [0, 4, 5, 1],
        [2, 3, 7, 6],
        [0, 2, 6, 4],
        [1, 5, 7, 3],
    ];
    let mut triangles = Vec::new();
    for (i, q) in quads.iter().enumerate() {
        let (a, b) = ([q[0], q[1], q[2]], [q[0], q[2], q[3]]);
        // Every other triangle wound the other way.
        triangles.push(if i % 2 == 0 { a } else { [a[0], a[2], a[1]] });
        triangles.push(b);
    }
    let mesh = Mesh::new(vertices, triangles).unwrap();
    let points = fast_sample_mesh(&mesh, 0.5, 21).unwrap();
    assert_eq!(too_close(&points, 0.5), 0);
    where_they_sit(&mesh, &points);
    let covered = coverage(&mesh, &points, 0.5, 100_000);
    assert!(covered > 0.999, "{covered}");
    // 0.749 at this seed: the creases cost a little against the torus's 0.79.
    let per_r2 = points.len() as f64 * 0.25 / mesh.area();
    assert!(per_r2 > 0.70, "{per_r2}");
}
