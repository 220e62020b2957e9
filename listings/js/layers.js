// Step 7: layers (say rocks, then trees, then flowers) placed one after another on one shared
// grid, so every layer keeps its distance from the layers placed before it.

import { Grid } from "./grid.js";
import { Sampler } from "./bridson.js";
import { checkPositive } from "./random.js";

// Ground rules: where a layer may stand. "Inside" is strictly inside some disc.
export function insideDiscs(discs) {
  return (x, y) =>
    discs.some(({ x: cx, y: cy, r }) => (x - cx) * (x - cx) + (y - cy) * (y - cy) < r * r);
}

export function outsideDiscs(discs) {
  const inside = insideDiscs(discs);
  return (x, y) => !inside(x, y);
}

// The cell must suit the smallest radius of any layer, or two small points could share a cell.
export function sharedGrid(width, height, radii) {
  const smallest = radii.reduce((a, b) => Math.min(a, b), Infinity);
  return new Grid(width, height, checkPositive("every layer's radius", smallest) / Math.SQRT2);
}

// A layer starts from a seed point in every 2r block, not from one point: earlier layers and its
// ground rule may cut the map into pieces that one growing front would never reach.
export function placeLayer(grid, { radius, k, seed, allowed = null }) {
  const { width, height } = grid;
  // The Sampler checks the radius: a spacing of 0 or NaN would never move the loops on.
  const sampler = new Sampler(grid, radius, k, seed, { allowed });
  const spacing = 2 * radius;
  for (let y = 0; y < height; y += spacing) {
    for (let x = 0; x < width; x += spacing) {
      for (let i = 0; i < k; i++) {
        const sx = x + sampler.rng.nextFloat() * Math.min(spacing, width - x);
        const sy = y + sampler.rng.nextFloat() * Math.min(spacing, height - y);
        if (sampler.tryAdd(sx, sy)) break;
      }
    }
  }
  return sampler.run();
}

// Place big radii first: a large rock cannot squeeze in between small flowers afterwards.
export function placeLayers(width, height, layers) {
  if (layers.length === 0) return [];
  const grid = sharedGrid(width, height, layers.map((l) => l.radius));
  return layers.map((layer) => placeLayer(grid, layer));
}
