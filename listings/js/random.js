// Step 1: a seeded generator, and points scattered with it.

const M = 2147483647; // 2^31 − 1, a prime
// 16807 = 7^5 is a primitive root modulo M: its powers run through every state 1..M−1 before
// repeating, so any nonzero start lies on the one cycle of length M − 1.
const A = 16807;

// Park–Miller's "minimal standard" generator. It is not a good generator by today's measures,
// but it is tiny and every language computes it the same way, so one seed gives one forest.
export class ParkMiller {
  constructor(seed) {
    // `%` keeps the sign of the seed (as in C, C#, Rust); fold zero and negatives into 1..M−1.
    let s = seed % M;
    if (s <= 0) s += M - 1;
    // One seed (−2147483646) folds to 0, and 0 would repeat forever.
    if (s === 0) throw new RangeError(`seed ${seed} cannot be used: it folds to a state of 0`);
    this.state = s;
  }

  // state · 16807 stays below 2^53, so a plain Number multiplies it exactly.
  next() {
    this.state = (this.state * A) % M;
    return this.state;
  }

  // A float in [0, 1): the state runs over 1..M−1.
  nextFloat() {
    return (this.next() - 1) / (M - 1);
  }
}

// A size the steps accept: a finite number above 0. (`!(value > 0)` also catches NaN.)
export function checkPositive(name, value) {
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number above 0, got ${value}`);
  }
  return value;
}

// Uniform random points: x first, then y, for each point.
export function randomPoints(count, width, height, seed) {
  checkPositive("width", width);
  checkPositive("height", height);
  const rng = new ParkMiller(seed);
  const points = [];
  for (let i = 0; i < count; i++) {
    const x = rng.nextFloat() * width;
    const y = rng.nextFloat() * height;
    points.push({ x, y });
  }
  return points;
}
