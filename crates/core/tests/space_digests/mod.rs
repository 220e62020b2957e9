//! What the native and the wasm tests of 3D and meshes share: the digest and the values each
//! sampler must give, so both builds are held to the same bits (`crates/core/tests/space.rs` and
//! `crates/web/tests/space.rs` both declare it as a module).

#[path = "../common/digest.rs"]
mod fnv;
pub use fnv::digest;

/// Which sampler: Bridson in a box (k 30), the fast 3D sampler, or a torus mesh.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    Bridson,
    Fast,
    /// `Mesh::torus(major, minor, 48, 24)` with the box's first two sides as major and minor.
    Torus,
}

/// Kind, box (or torus), radius, seed, points and digest (of x, y, z and, on a mesh, the face),
/// recorded from the native build.
pub const DIGESTS: [(Kind, [f64; 3], f64, i32, usize, u64); 6] = [
    (
        Kind::Bridson,
        [30.0, 20.0, 10.0],
        1.5,
        123456,
        1136,
        8990303935572588763,
    ),
    (
        Kind::Bridson,
        [17.3, 40.0, 9.1],
        0.9,
        -5,
        5334,
        5604058639866762008,
    ),
    (
        Kind::Fast,
        [30.0, 20.0, 10.0],
        1.5,
        123456,
        1303,
        8296326813031176512,
    ),
    (
        Kind::Fast,
        [17.3, 40.0, 9.1],
        0.9,
        -5,
        6238,
        7470080848627886496,
    ),
    (
        Kind::Torus,
        [8.0, 3.0, 0.0],
        0.5,
        123456,
        2486,
        14322460150322786664,
    ),
    (
        Kind::Torus,
        [20.0, 2.5, 0.0],
        0.7,
        77,
        2633,
        9210866112752753516,
    ),
];

/// Torus (major, minor radius; 48 × 24 quads), radius, seed and the digest of every mesh point's
/// barycentric `u, v`, recorded from the native build.
pub const BARYCENTRIC_DIGESTS: [(f64, f64, f64, i32, u64); 2] = [
    (8.0, 3.0, 0.5, 123456, 18079109987404068908),
    (20.0, 2.5, 0.7, 77, 9719235596513013004),
];

/// Torus (major, minor radius; 48 × 24 quads), radius, seed, points and the digest of every
/// point's `x, y, z, face, u, v` from the fast mesh sampler, recorded from the native build.
#[allow(dead_code)] // read by mesh_fast.rs and the wasm tests, not by space.rs
pub const FAST_MESH_DIGESTS: [(f64, f64, f64, i32, usize, u64); 2] = [
    (8.0, 3.0, 0.5, 123456, 2963, 11986880081167542944),
    (20.0, 2.5, 0.7, 77, 3142, 5295328437916716283),
];
