// Step 6: a radius that changes across the map, read from a field s(x, y) in [0, 1]: its
// sparseness, 0 where the woods are densest (minRadius) and 1 where they are most open
// (maxRadius). A density map d, 1 at the densest as in the lab, is the sparseness 1 − d. Two
// simple fields the tests pin down, and fractal value noise, a cousin of the lab's Perlin fBm.

import { Grid } from "./grid.js";
import { Sampler } from "./bridson.js";
import { checkPositive } from "./random.js";

// Sparseness grows from 0 at the left edge to 1 at the right.
export function linearX(width) {
  return (x, y) => x / width;
}

// Sparseness grows from 0 at the centre to 1 at the corners. Math.sqrt, not Math.hypot: hypot
// may round differently from one language to the next.
export function radial(width, height) {
  const cx = width / 2;
  const cy = height / 2;
  const reach = Math.sqrt(cx * cx + cy * cy);
  return (x, y) => {
    const dx = x - cx;
    const dy = y - cy;
    return Math.min(1, Math.sqrt(dx * dx + dy * dy) / reach);
  };
}

// A lattice value in [0, 1) for the corner (ix, iy): an integer hash of the corner and the seed,
// in wrapping 32-bit arithmetic (Math.imul, >>>) that every language computes alike.
function corner(seed, ix, iy) {
  let h = seed ^ Math.imul(ix, 0x27d4eb2d) ^ Math.imul(iy, 0x165667b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  h = Math.imul(h, 0x297a2d39);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

// Value noise: the four corners of the unit square around (x, y), blended with the smooth step
// 3t² − 2t³ so the field has no creases at the squares' edges. |x| and |y| must stay below
// 2^31, where a corner's number still fits in 32 bits.
export function valueNoise(x, y, seed) {
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const tx = x - fx;
  const ty = y - fy;
  const sx = tx * tx * (3 - 2 * tx);
  const sy = ty * ty * (3 - 2 * ty);
  const x0 = fx | 0;
  const y0 = fy | 0;
  const x1 = (x0 + 1) | 0;
  const y1 = (y0 + 1) | 0;
  const top = corner(seed, x0, y0) + (corner(seed, x1, y0) - corner(seed, x0, y0)) * sx;
  const bottom = corner(seed, x0, y1) + (corner(seed, x1, y1) - corner(seed, x0, y1)) * sx;
  return top + (bottom - top) * sy;
}

// Sparseness from fractal noise (fBm): `octaves` layers of value noise, each twice as fine and
// half as strong as the one before, averaged, so the result stays in [0, 1). `patch` is the
// side of the coarsest layer's squares, about the width of a grove or a clearing. Layer i is
// seeded with seed + i.
export function fbm(patch, octaves, seed) {
  checkPositive("patch", patch);
  if (!Number.isInteger(octaves) || octaves < 1 || octaves > 16) {
    throw new RangeError(`octaves must be 1 to 16, got ${octaves}`);
  }
  return (x, y) => {
    let total = 0;
    let weights = 0;
    let amplitude = 1;
    let scale = 1 / patch;
    for (let octave = 0; octave < octaves; octave++) {
      total += amplitude * valueNoise(x * scale, y * scale, (seed + octave) | 0);
      weights += amplitude;
      amplitude *= 0.5;
      scale *= 2;
    }
    return total / weights;
  };
}

// The grid is sized for the smallest radius: a radius only grows from there, so one point per
// cell still holds, and the grid's reach (ceil(r / cell)) covers the larger ones.
export function variableRadius(width, height, minRadius, maxRadius, sparseness, k, seed) {
  checkPositive("minRadius", minRadius);
  checkPositive("maxRadius", maxRadius);
  if (minRadius > maxRadius) {
    throw new RangeError(`minRadius ${minRadius} is above maxRadius ${maxRadius}`);
  }
  const radiusAt = (x, y) =>
    Math.min(maxRadius, minRadius + sparseness(x, y) * (maxRadius - minRadius));
  const grid = new Grid(width, height, minRadius / Math.SQRT2);
  const sampler = new Sampler(grid, minRadius, k, seed, { radiusAt });
  sampler.startRandom();
  return sampler.run();
}
