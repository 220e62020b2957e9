//! Spacing from per-vertex weights on a mesh, for both methods: every pair at least the smaller
//! of their two radii apart (by brute force), the weighted half denser, determinism, and bad
//! weights refused in words.

use poisson_live::space::{
    fast_sample_mesh_weighted, sample_mesh_weighted, Mesh, MeshPoint, MeshSpacing,
};
use proptest::prelude::*;

mod common;

/// Pairs closer than the smaller of their two radii (each radius recomputed from where the
/// point says it sits), by comparing every pair.
fn too_close(mesh: &Mesh, spacing: &MeshSpacing, points: &[MeshPoint]) -> usize {
    let radii: Vec<f64> = points
        .iter()
        .map(|p| spacing.radius_at(mesh, p.face, p.barycentric))
        .collect();
    let mut bad = 0;
    for (i, a) in points.iter().enumerate() {
        for (j, b) in points.iter().enumerate().skip(i + 1) {
            let d2: f64 = (0..3)
                .map(|k| (a.position[k] - b.position[k]).powi(2))
                .sum();
            let limit = radii[i].min(radii[j]);
            // The radius is recomputed from (u, v), which rounding may move by an ulp or so.
            bad += usize::from(d2 < limit * limit * (1.0 - 1e-9));
        }
    }
    bad
}

/// Weight 1 on the vertices with y ≥ 0, 0 on the others.
fn half(mesh: &Mesh) -> Vec<f64> {
    mesh.vertices()
        .iter()
        .map(|v| if v[1] >= 0.0 { 1.0 } else { 0.0 })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn weighted_points_keep_the_smaller_radius_apart(
        major in 4.0f64..10.0, minor in 1.0f64..3.0, around in 3u32..30, across in 3u32..16,
        r in 0.5f64..1.5, stretch in 1.0f64..2.5, seed in 1i32..i32::MAX, salt in any::<u64>(),
    ) {
        let mesh = Mesh::torus(major, minor, around, across).unwrap();
        let mut unit = common::lcg_unit(salt);
        let weights: Vec<f64> = (0..mesh.vertices().len()).map(|_| unit()).collect();
        let spacing = MeshSpacing::new(&mesh, r, r * stretch, weights).unwrap();
        let fast = fast_sample_mesh_weighted(&mesh, &spacing, seed).unwrap();
        let bridson = sample_mesh_weighted(&mesh, &spacing, 30, seed).unwrap();
        for points in [&fast, &bridson] {
            prop_assert!(!points.is_empty());
            prop_assert_eq!(too_close(&mesh, &spacing, points), 0);
        }
        prop_assert_eq!(fast, fast_sample_mesh_weighted(&mesh, &spacing, seed).unwrap());
        prop_assert_eq!(bridson, sample_mesh_weighted(&mesh, &spacing, 30, seed).unwrap());
    }
}

#[test]
fn the_weighted_half_holds_over_two_and_a_half_times_the_points() {
    let mesh = Mesh::torus(20.0, 7.0, 120, 60).unwrap();
    let spacing = MeshSpacing::new(&mesh, 1.0, 2.0, half(&mesh)).unwrap();
    for points in [
        fast_sample_mesh_weighted(&mesh, &spacing, 7).unwrap(),
        sample_mesh_weighted(&mesh, &spacing, 30, 7).unwrap(),
    ] {
        let heavy = points.iter().filter(|p| p.position[1] > 0.0).count();
        let light = points.len() - heavy;
        assert!(
            heavy as f64 >= 2.5 * light as f64,
            "{heavy} against {light}"
        );
        assert_eq!(too_close(&mesh, &spacing, &points), 0);
    }
}

#[test]
fn all_weights_one_is_the_plain_spacing() {
    let mesh = Mesh::torus(8.0, 3.0, 24, 12).unwrap();
    let n = mesh.vertices().len();
    let spacing = MeshSpacing::new(&mesh, 1.0, 3.0, vec![1.0; n]).unwrap();
    let points = fast_sample_mesh_weighted(&mesh, &spacing, 3).unwrap();
    let plain = poisson_live::space::fast_sample_mesh(&mesh, 1.0, 3).unwrap();
    // Not the same draws (the weighted query asks every point within reach), but as full.
    assert!(points.len().abs_diff(plain.len()) * 20 < plain.len());
}

#[test]
fn bad_weights_are_refused_in_words() {
    let mesh = Mesh::torus(8.0, 3.0, 6, 4).unwrap();
    let n = mesh.vertices().len();
    let message =
        |r: f64, max: f64, w: Vec<f64>| MeshSpacing::new(&mesh, r, max, w).unwrap_err().to_string();
    assert_eq!(
        message(1.0, 2.0, vec![0.5; n - 1]),
        format!(
            "{} weights for a mesh of {n} vertices: give one per vertex, in OBJ order",
            n - 1
        )
    );
    let mut w = vec![0.5; n];
    w[3] = f64::NAN;
    assert_eq!(
        message(1.0, 2.0, w.clone()),
        "weight 4 (vertex 3) is NaN; weights are numbers from 0 to 1"
    );
    w[3] = 1.5;
    assert!(message(1.0, 2.0, w.clone()).starts_with("weight 4 (vertex 3) is 1.5"));
    w[3] = -0.0;
    assert!(MeshSpacing::new(&mesh, 1.0, 2.0, w).is_ok());
    assert!(message(1.0, 0.5, vec![0.5; n]).starts_with("radius-max must be a finite number ≥"));
    assert!(message(1.0, f64::INFINITY, vec![0.5; n]).starts_with("radius-max"));
    assert!(message(f64::NAN, 2.0, vec![0.5; n]).contains("radius"));
    let text = "0.5\n".repeat(n - 1) + "heavy\n";
    let e = MeshSpacing::from_text(&mesh, 1.0, 2.0, &text).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("weights line {n}: \"heavy\" is not a number")
    );
    let text = "\u{feff}".to_string() + &" 1 \n\n".repeat(n);
    assert!(MeshSpacing::from_text(&mesh, 1.0, 2.0, &text).is_ok());
    let e = MeshSpacing::from_text(&mesh, 1.0, 2.0, &"1\n".repeat(n + 5)).unwrap_err();
    assert!(
        e.to_string().starts_with(&format!("{} weights", n + 5)),
        "{e}"
    );
}
