//! What the native and the wasm tests of the fast sampler share: its digest and the values
//! it must give, so both builds are held to the same numbers (`crates/core/tests/fast.rs` and
//! `crates/web/tests/fast.rs` both declare it as a module).

#[path = "../common/digest.rs"]
mod fnv;
pub use fnv::digest;

/// Width, height, radius, seed, points and digest, recorded from the native build.
pub const DIGESTS: [(f64, f64, f64, i32, usize, u64); 3] = [
    (720.0, 400.0, 4.0, 123456, 16001, 10002845309430660945),
    (1000.0, 1000.0, 2.0, -99, 221425, 4978742773531513877),
    (333.3, 77.7, 0.7, 7, 46959, 17146494095089412709),
];
