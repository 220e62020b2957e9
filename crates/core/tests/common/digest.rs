//! The digest every digests module (`fast_digests`, `space_digests`, `relax_digests`) pins its
//! cases with, written once: each declares this file as a module, so the native and the wasm
//! tests hash alike.

/// FNV-1a over the bits of every number.
pub fn digest(numbers: impl IntoIterator<Item = f64>) -> u64 {
    numbers.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, v| {
        v.to_bits()
            .to_le_bytes()
            .iter()
            .fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
    })
}
