// Step 1: a seeded generator, and points scattered with it.

// M = 2^31 − 1 is a prime, and A = 16807 = 7^5 is a primitive root modulo M: the powers of A run
// through every state 1..M−1 before repeating, so any nonzero start lies on the one cycle of
// length M − 1.
const M: u64 = 2_147_483_647;
const A: u64 = 16_807;

/// Park–Miller's "minimal standard" generator. Not a good generator by today's measures, but tiny
/// and computed the same way in every language, so one seed gives one forest everywhere.
#[derive(Debug, Clone)]
pub struct ParkMiller {
    state: u64,
}

impl ParkMiller {
    /// Refuses the one seed (−2147483646) that folds to a state of 0, which would repeat forever.
    pub fn new(seed: i32) -> Result<ParkMiller, String> {
        // `%` keeps the sign of the seed (as in C, C# and JavaScript); fold 0 and negatives up.
        let mut s = i64::from(seed) % M as i64;
        if s <= 0 {
            s += M as i64 - 1;
        }
        if s == 0 {
            return Err(format!(
                "seed {seed} cannot be used: it folds to a state of 0"
            ));
        }
        Ok(ParkMiller { state: s as u64 })
    }

    // state · 16807 needs more than 32 bits, so the state is a u64. (The spec's name, `next`;
    // it is not an Iterator because it never runs out.)
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.state = self.state * A % M;
        self.state
    }

    /// A float in [0, 1): the state runs over 1..M−1.
    pub fn next_float(&mut self) -> f64 {
        (self.next() - 1) as f64 / (M - 1) as f64
    }
}

/// A size the steps accept: a finite number above 0.
pub fn check_positive(name: &str, value: f64) -> Result<f64, String> {
    if value.is_finite() && value > 0.0 {
        Ok(value)
    } else {
        Err(format!(
            "{name} must be a finite number above 0, got {value}"
        ))
    }
}

/// Uniform random points: x first, then y, for each point.
pub fn random_points(
    count: usize,
    width: f64,
    height: f64,
    seed: i32,
) -> Result<Vec<(f64, f64)>, String> {
    check_positive("width", width)?;
    check_positive("height", height)?;
    let mut rng = ParkMiller::new(seed)?;
    let mut points = Vec::with_capacity(count);
    for _ in 0..count {
        let x = rng.next_float() * width;
        let y = rng.next_float() * height;
        points.push((x, y));
    }
    Ok(points)
}
