//! Transcendental functions from `+ − × ÷` alone, so they round the same in every build.
//!
//! Accurate to a few units in the last place over the ranges the samplers use, which is plenty:
//! what matters is that the result is the same everywhere, not that it is the correctly rounded
//! one.

use std::f64::consts::{FRAC_PI_2, LN_2, LOG2_E, SQRT_2};

/// `RECIPROCAL[i] = 1 / i` (and 0 at 0), rounded once at compile time, so the series below
/// multiply instead of divide.
const RECIPROCAL: [f64; 32] = {
    let mut t = [0.0; 32];
    let mut i = 1;
    while i < 32 {
        t[i] = 1.0 / i as f64;
        i += 1;
    }
    t
};

/// `e^x` for `|x| ≤ 700`: `x = n·ln 2 + t` with `|t| ≤ ln 2 / 2`, a Taylor series for `e^t`,
/// and `2^n` built from its bits. Outside that range it saturates to 0 or infinity.
///
/// ```
/// use poisson_live::samplers::exact::exp;
/// assert!((exp(1.0) - std::f64::consts::E).abs() < 1e-15);
/// assert_eq!(exp(0.0), 1.0);
/// ```
pub fn exp(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x > 700.0 {
        return f64::INFINITY;
    }
    if x < -700.0 {
        return 0.0;
    }
    let n = (x * LOG2_E + 0.5).floor();
    // ln 2 split in two so that n · LN2_HI is exact (LN2_HI has 32 significant bits).
    const LN2_HI: f64 = 0.693_147_180_369_123_8;
    const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;
    let t = (x - n * LN2_HI) - n * LN2_LO;
    let mut sum = 1.0;
    for &inv in RECIPROCAL[1..=18].iter().rev() {
        sum = 1.0 + t * sum * inv;
    }
    sum * f64::from_bits(((n as i64 + 1023) as u64) << 52)
}

/// The natural logarithm of a positive normal `x`: `x = m · 2^e` with `m` in
/// `[√½, √2)`, and `ln m = 2 atanh((m − 1) / (m + 1))` as a series. Returns NaN for `x ≤ 0`
/// or a subnormal, and infinity for infinity.
///
/// ```
/// use poisson_live::samplers::exact::ln;
/// assert!((ln(10.0) - std::f64::consts::LN_10).abs() < 1e-15);
/// assert_eq!(ln(1.0), 0.0);
/// ```
pub fn ln(x: f64) -> f64 {
    if x.is_nan() || x < f64::MIN_POSITIVE {
        return f64::NAN;
    }
    if x.is_infinite() {
        return x;
    }
    let bits = x.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    if m > SQRT_2 {
        m /= 2.0;
        e += 1;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut sum = 0.0;
    for i in (0..14).rev() {
        sum = RECIPROCAL[2 * i + 1] + s2 * sum;
    }
    e as f64 * LN_2 + 2.0 * s * sum
}

/// `(sin x, cos x)` for finite `x`, exact to a few ulps for `|x| ≤ 8` (the samplers only need
/// `x = 2π / k`): `x = q · π/2 + t` with `|t| ≤ π/4`, Taylor series for `t`, and the
/// quadrant `q` swapping and negating them.
///
/// ```
/// use poisson_live::samplers::exact::sin_cos;
/// let (s, c) = sin_cos(1.0);
/// assert!((s - 1f64.sin()).abs() < 1e-15 && (c - 1f64.cos()).abs() < 1e-15);
/// ```
pub fn sin_cos(x: f64) -> (f64, f64) {
    let q = (x / FRAC_PI_2 + 0.5).floor();
    let t = x - q * FRAC_PI_2;
    let t2 = t * t;
    // sin t = t (1 − t²/(2·3) (1 − t²/(4·5) (…))), cos t = 1 − t²/(1·2) (1 − t²/(3·4) (…)).
    let mut s = 1.0;
    let mut c = 1.0;
    for i in (1..=11).rev() {
        s = 1.0 - t2 * RECIPROCAL[2 * i] * RECIPROCAL[2 * i + 1] * s;
        c = 1.0 - t2 * RECIPROCAL[2 * i - 1] * RECIPROCAL[2 * i] * c;
    }
    let s = t * s;
    match (q as i64).rem_euclid(4) {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}
