//! The export's number writer against `{}`: the same bytes for every kind of f64 (random bit
//! patterns, whole numbers, subnormals, the largest and smallest, powers of ten and their
//! neighbours, negative zero), so a faster writer leaves every export's bytes where they were.

use poisson_live::export::push_decimal;

fn check(value: f64) {
    let mut ours = String::new();
    push_decimal(&mut ours, value);
    assert_eq!(ours, format!("{value}"), "bits {:#018x}", value.to_bits());
}

/// A xorshift stream: the cases are the same on every run.
fn bits(mut state: u64, n: usize) -> impl Iterator<Item = u64> {
    (0..n).map(move |_| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    })
}

#[test]
fn random_bit_patterns_read_as_std_writes_them() {
    for b in bits(0x9e37_79b9_7f4a_7c15, 400_000) {
        let value = f64::from_bits(b);
        if value.is_finite() {
            check(value);
        }
    }
}

#[test]
fn every_exponent_reads_as_std_writes_it() {
    // Each binary exponent with a few mantissas, both signs: subnormals and the extremes too.
    for exponent in 0..2047u64 {
        for mantissa in [0, 1, 2, 3, 0x8_0000_0000_0000, 0xf_ffff_ffff_ffff] {
            for sign in [0, 1u64 << 63] {
                check(f64::from_bits(sign | exponent << 52 | mantissa));
            }
        }
    }
    for b in bits(7, 50_000) {
        check(f64::from_bits(b & 0x800f_ffff_ffff_ffff)); // subnormal
    }
    for value in [
        0.0,
        -0.0,
        f64::MIN_POSITIVE,
        f64::MAX,
        f64::MIN,
        f64::EPSILON,
        5e-324,
        1e-7,
        1e16,
        1e21,
        1e22,
        0.1 + 0.2,
    ] {
        check(value);
    }
}

#[test]
fn whole_numbers_and_powers_of_ten_read_as_std_writes_them() {
    for i in -100_000..100_000i64 {
        check(i as f64);
    }
    for b in bits(3, 50_000) {
        check((b >> 11) as f64);
        check((b >> (b % 64)) as f64);
    }
    for e in -330..310 {
        let p: f64 = format!("1e{e}").parse().unwrap();
        if !p.is_finite() {
            continue;
        }
        for value in [p, p.next_up(), p.next_down(), 1.5 * p, 9.999_999 * p] {
            if !value.is_finite() {
                continue;
            }
            check(value);
            check(-value);
        }
    }
}

#[test]
fn exact_ties_round_as_std_rounds_them() {
    // Halfway between two shortest candidates: std takes the one away from zero (zmij the
    // even one); 2^-25 and 1658206780088562.25 were the first two found.
    for k in -80..80 {
        check(2f64.powi(k));
        check(-2f64.powi(k));
        check(3.0 * 2f64.powi(k));
    }
    for b in bits(5, 100_000) {
        // A whole number plus a quarter or three quarters, 52 or 53 bits of it.
        let whole = (b >> 13) as f64;
        check(whole + 0.25);
        check(whole + 0.75);
        check(((b >> 11) as f64) * 0.5);
    }
}

#[test]
fn short_decimals_read_as_std_writes_them() {
    // Numbers such as a sampler writes: a few digits either side of the point.
    for b in bits(11, 100_000) {
        let digits = (b % 100_000_000) as f64;
        let scale = 10f64.powi((b >> 40) as i32 % 12 - 6);
        check(digits * scale);
        check(digits / 1024.0);
    }
}
