//! The chunk scheme: which chunks a chunk is sampled around ([`phase`], [`constraints_of`]),
//! its own seed ([`chunk_seed`]), and a fingerprint to check one came back the same.

use crate::base::point::Point;

/// A chunk's phase, `(cx mod 2) + 2·(cy mod 2)`: 0 to 3, different for any two touching chunks.
///
/// ```
/// use poisson_live::chunks::phase;
/// assert_eq!(phase(0, 0), 0);
/// assert_eq!(phase(-1, 0), 1);
/// assert_eq!(phase(2, -3), 2);
/// assert_eq!(phase(1, 1), 3);
/// ```
pub fn phase(cx: i32, cy: i32) -> u8 {
    (cx.rem_euclid(2) + 2 * cy.rem_euclid(2)) as u8
}

/// How far building a chunk reaches, in chunks: its constraints touch it, theirs touch them,
/// and so on at most three phases down.
pub const REACH: i32 = 3;

/// The constraints of chunk `(cx, cy)`: its touching neighbours of lower phase, in the fixed
/// order sampling reads them (rows, then columns). Chunks beyond the `i32` range do not exist:
/// the world ends there.
///
/// ```
/// use poisson_live::chunks::constraints_of;
/// assert_eq!(constraints_of(0, 0).count(), 0); // phase 0
/// assert_eq!(constraints_of(1, 0).collect::<Vec<_>>(), [(0, 0), (2, 0)]); // phase 1
/// assert_eq!(constraints_of(1, 1).count(), 8); // phase 3: every neighbour
/// ```
pub fn constraints_of(cx: i32, cy: i32) -> impl Iterator<Item = (i32, i32)> {
    let p = phase(cx, cy);
    (-1i64..=1)
        .flat_map(|dy| (-1i64..=1).map(move |dx| (dx, dy)))
        .filter(|&d| d != (0, 0))
        .filter_map(move |(dx, dy)| {
            let nx = i32::try_from(i64::from(cx) + dx).ok()?;
            let ny = i32::try_from(i64::from(cy) + dy).ok()?;
            (phase(nx, ny) < p).then_some((nx, ny))
        })
}

/// The seed of chunk `(cx, cy)` in a world of seed `seed`: a hash of the three numbers, mapped
/// into `1..=2147483646`, where every value is a Park–Miller seed that never sticks
/// ([`crate::rng::cell_seed`], where every derived seed comes from).
///
/// ```
/// use poisson_live::chunks::chunk_seed;
/// let s = chunk_seed(123456, 3, -7);
/// assert!((1..=2_147_483_646).contains(&s));
/// assert_eq!(s, chunk_seed(123456, 3, -7));
/// assert_ne!(s, chunk_seed(123456, -7, 3));
/// ```
pub fn chunk_seed(seed: i32, cx: i32, cy: i32) -> i32 {
    crate::base::rng::cell_seed(seed, cx, cy)
}

/// A short fingerprint of a list of points (FNV-1a over the bits of every coordinate and
/// radius), for checking that a chunk came back identical.
pub fn points_digest(points: &[Point]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in points {
        for v in [p.x, p.y, p.r] {
            for b in v.to_bits().to_le_bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    h
}
