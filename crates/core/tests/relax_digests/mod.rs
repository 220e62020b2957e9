//! What the native and the wasm tests of relaxation share: the cases and the digests each must
//! give, so both builds are held to the same bits (`crates/core/tests/relax.rs` and
//! `crates/web/tests/relax.rs` both declare it as a module).

#[path = "../common/digest.rs"]
mod fnv;
pub use fnv::digest;

/// The start of every case: `n` white-noise points of `poisson_live::random_points` on the map,
/// as `x, y` pairs.
pub fn start(n: usize, width: f64, height: f64, seed: i32) -> Vec<[f64; 2]> {
    poisson_live::random_points(n, width, height, seed)
        .unwrap()
        .iter()
        .map(|p| [p.x, p.y])
        .collect()
}

/// Method name, wrap, map, points, seed, iterations; then the digests, recorded from the native
/// build, of the relaxed `x, y` pairs, of their cells' areas and of their quality figures
/// (points, smallest distance, δX, mean δX, per r²).
pub type Case = (&'static str, bool, [f64; 2], usize, i32, usize, [u64; 3]);

pub const CASES: [Case; 4] = [
    (
        "lloyd",
        false,
        [720.0, 400.0],
        300,
        123456,
        5,
        [
            5184181451016487863,
            11014194528428066854,
            18224632232114617233,
        ],
    ),
    (
        "lloyd",
        true,
        [100.0, 60.0],
        500,
        -5,
        3,
        [
            11736378590134757630,
            16456043636980344180,
            9780192858423131842,
        ],
    ),
    (
        "fpo",
        false,
        [720.0, 400.0],
        300,
        123456,
        4,
        [
            7521031202884654948,
            6829445452427838910,
            7878549586459004421,
        ],
    ),
    (
        "fpo",
        true,
        [1.0, 1.0],
        400,
        7,
        3,
        [
            5838588859885180783,
            11692391606984769721,
            6679131025940675948,
        ],
    ),
];
