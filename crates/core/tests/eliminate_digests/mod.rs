//! What the native and the wasm tests of the elimination share: each case and the digest of its
//! points (`space_digests::digest` over the coordinates), recorded from the native build, so
//! both builds are held to the same bits (`crates/core/tests/eliminate.rs` and
//! `crates/web/tests/eliminate.rs` both declare it as a module).

/// The domain: a 40 × 30 map, wrapped or not; a 12 × 9 × 6 box, wrapped or not; or the torus
/// `Mesh::torus(8, 3, 48, 24)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    Map,
    WrappedMap,
    Box,
    WrappedBox,
    Torus,
}

/// Kind, count, seed and the digest of the coordinates (x, y or x, y, z per point).
pub const DIGESTS: [(Kind, usize, i32, u64); 6] = [
    (Kind::Map, 500, 123456, 3841405426860085836),
    (Kind::Map, 37, -5, 4448613355215451343),
    (Kind::WrappedMap, 300, 7, 17874869589758280513),
    (Kind::Box, 400, 123456, 6091820353406789776),
    (Kind::WrappedBox, 250, 9, 17153835325737166015),
    (Kind::Torus, 600, 123456, 3218586460919286852),
];
