// Step 6: a radius that changes across the map, read from a field s(x, y) in [0, 1]: its
// sparseness, 0 where the woods are densest (minRadius) and 1 where they are most open
// (maxRadius). A density map d, 1 at the densest as in the lab, is the sparseness 1 − d.

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
