// Step 1: a seeded generator, and points scattered with it.

const M: u64 = 2_147_483_647; // 2^31 − 1, a prime, so every nonzero state is on one long cycle
const A: u64 = 16_807;

/// Park–Miller's "minimal standard" generator. Not a good generator by today's measures, but tiny
/// and computed the same way in every language, so one seed gives one forest everywhere.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// `None` for the one seed (−2147483646) that folds to a state of 0, which would repeat
    /// forever.
    pub fn new(seed: i32) -> Option<Rng> {
        // `%` keeps the sign of the seed (as in C, C# and JavaScript); fold 0 and negatives up.
        let mut s = i64::from(seed) % M as i64;
        if s <= 0 {
            s += M as i64 - 1;
        }
        (s != 0).then_some(Rng { state: s as u64 })
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

/// Uniform random points: x first, then y, for each point.
pub fn random_points(count: usize, width: f64, height: f64, seed: i32) -> Option<Vec<(f64, f64)>> {
    let mut rng = Rng::new(seed)?;
    let mut points = Vec::with_capacity(count);
    for _ in 0..count {
        let x = rng.next_float() * width;
        let y = rng.next_float() * height;
        points.push((x, y));
    }
    Some(points)
}
