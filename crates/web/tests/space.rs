//! 3D and meshes through the wasm build: the same bits as the native build, the lab's samplers
//! in slices equal to the one calls, and bad input as JS exceptions in the core's words.
#![cfg(target_arch = "wasm32")]

mod common;
#[path = "../../core/tests/space_digests/mod.rs"]
mod space_digests;

use common::message;
use js_sys::{Float64Array, Uint32Array};
use poisson_live_web::{
    fast_poisson_3d, poisson_disk_3d, sample_mesh, Mesh, MeshSampler, SpaceSampler,
};
use space_digests::{digest, Kind, BARYCENTRIC_DIGESTS, DIGESTS, FAST_MESH_DIGESTS};
use wasm_bindgen::{JsError, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn object(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

/// `sampleMesh` on `mesh` with the parameters in `json`.
fn on_mesh(mesh: &Mesh, json: &str) -> Result<Float64Array, JsError> {
    sample_mesh(
        &mesh.vertices().into(),
        &mesh.indices().into(),
        &object(json),
    )
}

/// `sampleMesh` on the triangles `indices` of the vertices `xyz`, with the parameters in `json`.
fn on_triangles(xyz: &[f64], indices: &[u32], json: &str) -> Result<Float64Array, JsError> {
    let (xyz, indices) = (Float64Array::from(xyz), Uint32Array::from(indices));
    sample_mesh(&xyz.into(), &indices.into(), &object(json))
}

#[wasm_bindgen_test]
fn the_same_bits_as_the_native_build() {
    let mut uv_digests = Vec::new();
    let measured = DIGESTS.map(|(kind, size, r, seed, _, _)| {
        let numbers = match kind {
            Kind::Bridson => poisson_disk_3d(size[0], size[1], size[2], r, 30.0, f64::from(seed)),
            Kind::Fast => fast_poisson_3d(size[0], size[1], size[2], r, f64::from(seed)),
            Kind::Torus => {
                let torus = format!(
                    r#"{{"major": {}, "minor": {}, "around": 48, "across": 24}}"#,
                    size[0], size[1]
                );
                let mesh = Mesh::torus(&object(&torus)).unwrap();
                let params = format!(r#"{{"radius": {r}, "seed": {seed}}}"#);
                on_mesh(&mesh, &params)
            }
        }
        .unwrap()
        .to_vec();
        // A mesh point is `x, y, z, face, u, v`: the pinned digest is of the first four, and
        // `u, v` have their own.
        let (n, numbers) = match kind {
            Kind::Torus => {
                let uv = numbers.chunks(6).flat_map(|p| [p[4], p[5]]);
                uv_digests.push((size[0], size[1], r, seed, digest(uv)));
                (
                    numbers.len() / 6,
                    numbers.chunks(6).flat_map(|p| p[..4].to_vec()).collect(),
                )
            }
            _ => (numbers.len() / 3, numbers),
        };
        (kind, size, r, seed, n, digest(numbers))
    });
    assert_eq!(measured, DIGESTS);
    assert_eq!(uv_digests, BARYCENTRIC_DIGESTS);
}

#[wasm_bindgen_test]
fn the_fast_mesh_cover_has_the_native_bits() {
    let measured = FAST_MESH_DIGESTS.map(|(major, minor, r, seed, _, _)| {
        let torus =
            format!(r#"{{"major": {major}, "minor": {minor}, "around": 48, "across": 24}}"#);
        let mesh = Mesh::torus(&object(&torus)).unwrap();
        let params = format!(r#"{{"radius": {r}, "seed": {seed}, "method": "fast"}}"#);
        let numbers = on_mesh(&mesh, &params).unwrap().to_vec();
        (major, minor, r, seed, numbers.len() / 6, digest(numbers))
    });
    assert_eq!(measured, FAST_MESH_DIGESTS);
    let bad = on_triangles(
        &[0.0, 0.0, 0.0, 9.0, 0.0, 0.0, 0.0, 9.0, 0.0],
        &[0, 1, 2],
        r#"{"radius": 1, "seed": 1, "method": "darts"}"#,
    );
    assert_eq!(message(bad), "unknown method \"darts\": use bridson, fast");
}

#[wasm_bindgen_test]
fn weights_vary_the_spacing_and_bad_weights_throw_the_cores_message() {
    let torus = object(r#"{"major": 8, "minor": 3, "around": 24, "across": 12}"#);
    let mesh = Mesh::torus(&torus).unwrap();
    let vertices = mesh.vertices();
    let n = vertices.length() / 3;
    let heavy: Vec<f64> = vertices
        .to_vec()
        .chunks(3)
        .map(|v| if v[1] >= 0.0 { 1.0 } else { 0.0 })
        .collect();
    let native = poisson_live::space::Mesh::torus(8.0, 3.0, 24, 12).unwrap();
    let spacing = poisson_live::space::MeshSpacing::new(&native, 0.8, 1.6, heavy.clone()).unwrap();
    let weights = serde_json::to_string(&heavy).unwrap();
    for method in ["bridson", "fast"] {
        let params = format!(
            r#"{{"radius": 0.8, "seed": 3, "method": "{method}", "weights": {weights}, "radiusMax": 1.6}}"#
        );
        let got = on_mesh(&mesh, &params).unwrap().to_vec();
        let want = match method {
            "bridson" => poisson_live::space::sample_mesh_weighted(&native, &spacing, 30, 3),
            _ => poisson_live::space::fast_sample_mesh_weighted(&native, &spacing, 3),
        }
        .unwrap();
        let want: Vec<f64> = want
            .iter()
            .flat_map(|p| {
                let [x, y, z] = p.position;
                let [u, v] = p.barycentric;
                [x, y, z, p.face as f64, u, v]
            })
            .collect();
        assert_eq!(got, want, "{method}");
    }
    let short = r#"{"radius": 0.5, "seed": 3, "weights": [1, 0], "radiusMax": 1}"#;
    assert_eq!(
        message(on_mesh(&mesh, short)),
        format!("2 weights for a mesh of {n} vertices: give one per vertex, in OBJ order")
    );
    let alone = r#"{"radius": 0.5, "seed": 3, "radiusMax": 1}"#;
    assert_eq!(
        message(on_mesh(&mesh, alone)),
        "sampleMesh takes weights and radiusMax together, or neither"
    );
    let below = format!(r#"{{"radius": 0.5, "seed": 3, "weights": {weights}, "radiusMax": 0.25}}"#);
    assert!(
        message(on_mesh(&mesh, &below)).starts_with("radius-max must be a finite number ≥ radius")
    );
}

#[wasm_bindgen_test]
fn the_labs_samplers_in_slices_equal_the_one_calls() {
    let params =
        r#"{"width": 30, "height": 20, "depth": 10, "radius": 1.5, "k": 30, "seed": 123456}"#;
    let mut s = SpaceSampler::new(&object(params)).unwrap();
    while !s.run(37.0).unwrap() {}
    assert_eq!(
        s.points().to_vec(),
        poisson_disk_3d(30.0, 20.0, 10.0, 1.5, 30.0, 123456.0)
            .unwrap()
            .to_vec()
    );
    assert_eq!(s.too_close(), 0);
    assert_eq!(s.block(), 125);
    assert!(s.is_finished() && s.progress() == 1.0);
    assert_eq!(s.take().unwrap().to_vec(), s.points().to_vec());
    assert!(s.take().is_err(), "the points are handed over once");
    let mesh = Mesh::torus(&object(
        r#"{"major": 8, "minor": 3, "around": 48, "across": 24}"#,
    ))
    .unwrap();
    let mut m = MeshSampler::new(
        &mesh,
        &object(r#"{"radius": 0.5, "k": 30, "seed": 123456}"#),
    )
    .unwrap();
    while !m.run(50.0).unwrap() {}
    let whole = on_mesh(&mesh, r#"{"radius": 0.5, "seed": 123456}"#);
    assert_eq!(m.points().to_vec(), whole.unwrap().to_vec());
    assert_eq!(m.too_close(), 0);
    assert!(m.is_finished() && m.progress() == 1.0);
    assert_eq!(m.take().unwrap().to_vec(), m.points().to_vec());
}

#[wasm_bindgen_test]
fn bad_input_throws_the_cores_message() {
    let core = poisson_live::space::poisson_disk_3d(10.0, 10.0, f64::NAN, 1.0, 30, 1).unwrap_err();
    assert_eq!(
        message(poisson_disk_3d(10.0, 10.0, f64::NAN, 1.0, 30.0, 1.0)),
        core.to_string()
    );
    assert!(message(fast_poisson_3d(1e5, 1e5, 1e5, 1.0, 1.0)).contains("use a radius ≥"));
    assert!(message(poisson_disk_3d(10.0, 10.0, 10.0, 1.0, 0.0, 1.0)).contains("k"));
    let bad = on_triangles(&[0.0; 9], &[0, 1, 5], r#"{"radius": 1, "seed": 1}"#);
    assert_eq!(
        message(bad),
        "triangle 0 names vertex 5, but the mesh has 3 vertices"
    );
    assert!(Mesh::from_obj(&"v 0 0 0\nf 1 2 3\n".into()).is_err());
    assert_eq!(
        message(Mesh::from_obj(&JsValue::from(1.0))),
        "text must be OBJ text (a string), got 1"
    );
    assert!(Mesh::from_obj(&"v 0 0 0\nv 9 0 0\nv 0 9 0\nf 1 2 3\n".into()).is_ok());
    // A triangle smaller than r: one point, no trap (its step has no piece to draw from).
    let speck = on_triangles(
        &[0.0, 0.0, 0.0, 0.1, 0.0, 0.0, 0.0, 0.1, 0.0],
        &[0, 1, 2],
        r#"{"radius": 1, "seed": 1}"#,
    )
    .unwrap();
    assert_eq!(speck.length(), 6);
}

#[wasm_bindgen_test]
fn points_in_a_box_export_as_csv_with_their_columns() {
    let xyz = poisson_disk_3d(10.0, 10.0, 10.0, 3.0, 30.0, 1.0).unwrap();
    let csv =
        poisson_live_web::points_to_csv(&xyz.clone().into(), 3.0, Some("x,y,z".into())).unwrap();
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("x,y,z"));
    assert_eq!(lines.count(), xyz.length() as usize / 3);
    let bad = poisson_live_web::points_to_csv(&xyz.into(), 3.0, Some("x,y".into()));
    assert!(message(bad).starts_with("columns must name the 3 numbers of a point"));
}

#[wasm_bindgen_test]
fn the_lab_samplers_default_k_as_sample_mesh_does() {
    let with_k = r#"{"width": 20, "height": 20, "depth": 10, "radius": 2, "k": 30, "seed": 5}"#;
    let without = r#"{"width": 20, "height": 20, "depth": 10, "radius": 2, "seed": 5}"#;
    let finish = |json: &str| {
        let mut s = SpaceSampler::new(&object(json)).unwrap();
        while !s.run(1000.0).unwrap() {}
        s.points().to_vec()
    };
    assert_eq!(finish(without), finish(with_k));
    let mesh = Mesh::torus(&object(
        r#"{"major": 8, "minor": 3, "around": 24, "across": 12}"#,
    ))
    .unwrap();
    let mut m = MeshSampler::new(&mesh, &object(r#"{"radius": 1, "seed": 5}"#)).unwrap();
    while !m.run(1000.0).unwrap() {}
    let whole = on_mesh(&mesh, r#"{"radius": 1, "k": 30, "seed": 5}"#);
    assert_eq!(m.points().to_vec(), whole.unwrap().to_vec());
}

#[wasm_bindgen_test]
fn the_lab_sampler_takes_sample_meshs_method_and_weights() {
    let mesh = Mesh::torus(&object(
        r#"{"major": 8, "minor": 3, "around": 24, "across": 12}"#,
    ))
    .unwrap();
    // Weights by height: 1 on top, 0 at the bottom.
    let heights: Vec<String> = mesh
        .vertices()
        .to_vec()
        .chunks(3)
        .map(|v| ((v[2] + 3.0) / 6.0).clamp(0.0, 1.0).to_string())
        .collect();
    let weights = format!(r#""weights": [{}], "radiusMax": 3"#, heights.join(", "));
    for options in [
        r#""method": "fast""#.to_owned(),
        r#""method": "bridson""#.to_owned(),
        weights.clone(),
        format!(r#""method": "fast", {weights}"#),
    ] {
        let json = format!(r#"{{"radius": 1, "seed": 5, {options}}}"#);
        let mut m = MeshSampler::new(&mesh, &object(&json)).unwrap();
        while !m.run(7.0).unwrap() {}
        let whole = on_mesh(&mesh, &json);
        assert_eq!(m.points().to_vec(), whole.unwrap().to_vec(), "{options}");
        assert_eq!(m.too_close(), 0, "{options}");
        assert_eq!(m.point_count() as usize * 6, m.points().length() as usize);
    }
    let bad = MeshSampler::new(
        &mesh,
        &object(r#"{"radius": 1, "seed": 5, "method": "slow"}"#),
    );
    assert_eq!(message(bad), "unknown method \"slow\": use bridson, fast");
    let half = MeshSampler::new(
        &mesh,
        &object(r#"{"radius": 1, "seed": 5, "radiusMax": 2}"#),
    );
    assert_eq!(
        message(half),
        "MeshSampler takes weights and radiusMax together, or neither"
    );
}

#[wasm_bindgen_test]
fn too_many_indices_are_counted_not_called_a_wrong_type() {
    let vertices = js_sys::Float64Array::from(&[0.0, 0.0, 0.0, 9.0, 0.0, 0.0, 0.0, 9.0, 0.0][..]);
    let indices = js_sys::Uint32Array::new_with_length(3 << 22 | 1);
    let m = message(Mesh::from_arrays(&vertices.into(), &indices.into()));
    assert_eq!(
        m,
        "indices holds 12582913 numbers; the limit is 12582912 (2^22 triangles of 3 corners)"
    );
}

#[wasm_bindgen_test]
fn csv_columns_of_the_wrong_type_are_refused_in_words() {
    let xyz = poisson_disk_3d(10.0, 10.0, 10.0, 3.0, 30.0, 1.0).unwrap();
    let bad = poisson_live_web::points_to_csv(&xyz.clone().into(), 3.0, Some(1.0.into()));
    assert_eq!(
        message(bad),
        "columns must be column names (a string like \"x,y,z\"), got 1"
    );
    // null is no columns, as undefined is.
    let plain = poisson_live_web::points_to_csv(&xyz.into(), 3.0, Some(JsValue::NULL)).unwrap();
    assert!(plain.starts_with("x,y,r\n"), "{plain}");
}

#[wasm_bindgen_test]
fn a_getter_that_throws_is_reported_not_called_missing() {
    let js = |body: &str| {
        js_sys::Function::new_no_args(body)
            .call0(&JsValue::NULL)
            .unwrap()
    };
    let params = js("return { width: 20, height: 20, depth: 10, seed: 5, \
        get radius() { throw new Error('the getter broke'); } }");
    assert_eq!(
        message(SpaceSampler::new(&params)),
        "SpaceSampler needs radius: reading it threw: the getter broke"
    );
    // An array whose entry throws: the same words, naming the entry.
    let vertices = js("const a = [0, 0, 0, 9, 0, 0, 0, 9, 0]; \
        Object.defineProperty(a, 4, { get() { throw new Error('the entry broke'); } }); return a;");
    let m = message(Mesh::from_arrays(
        &vertices,
        &js_sys::Uint32Array::from(&[0, 1, 2][..]).into(),
    ));
    assert_eq!(m, "vertices[4]: reading it threw: the entry broke");
}
