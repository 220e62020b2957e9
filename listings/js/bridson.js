// Step 5: Bridson's algorithm. Grow the set outward from an active list of points that may still
// have room around them, one step at a time, so a picture can be drawn after every step.

import { Rng } from "./random.js";
import { Grid } from "./grid.js";

export class Sampler {
  // `radiusAt(x, y)` (step 6) and `allowed(x, y)` (step 7) are optional.
  constructor(grid, width, height, radius, k, seed, { radiusAt = null, allowed = null } = {}) {
    this.grid = grid;
    this.width = width;
    this.height = height;
    this.radius = radius;
    this.k = k;
    this.rng = new Rng(seed);
    this.radiusAt = radiusAt;
    this.allowed = allowed;
    this.points = []; // this sampler's points (the grid may hold other layers' too)
    this.active = []; // indices into `points` that may still have room around them
    this.current = -1; // the point the last step worked around (−1: none yet)
    this.tried = []; // the last step's candidates: { x, y, accepted }
  }

  // Adds (x, y) if it is on the map, on allowed ground and far enough from everyone.
  tryAdd(x, y) {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return false;
    if (this.allowed && !this.allowed(x, y)) return false;
    // A field may only widen the spacing: the grid's cells are sized for `radius`.
    const r = this.radiusAt ? Math.max(this.radius, this.radiusAt(x, y)) : this.radius;
    if (!this.grid.isFree(x, y, r)) return false;
    this.grid.add(x, y, r);
    this.active.push(this.points.length);
    this.points.push({ x, y, r });
    return true;
  }

  // The first point, drawn from the seed (a clicked point goes straight to tryAdd instead).
  startRandom() {
    const x = this.rng.nextFloat() * this.width;
    const y = this.rng.nextFloat() * this.height;
    return this.tryAdd(x, y);
  }

  // One step: "placed", "retired", or "finished" (which changes nothing).
  step() {
    if (this.active.length === 0) return "finished";
    // pick: any active point, chosen at random, so the front grows evenly in every direction.
    const a = Math.floor(this.rng.nextFloat() * this.active.length);
    this.current = this.active[a];
    const p = this.points[this.current];
    this.tried = [];
    for (let i = 0; i < this.k; i++) {
      // throw: a candidate in the ring r..2r, drawn in the square around it until one lands in
      // the ring (a square is easy to draw in; the ring is what spaces points well).
      let dx, dy, d2;
      do {
        dx = (this.rng.nextFloat() * 4 - 2) * p.r;
        dy = (this.rng.nextFloat() * 4 - 2) * p.r;
        d2 = dx * dx + dy * dy;
      } while (d2 < p.r * p.r || d2 > 4 * p.r * p.r);
      const x = p.x + dx;
      const y = p.y + dy;
      const accepted = this.tryAdd(x, y);
      this.tried.push({ x, y, accepted });
      // refused: off the map, on forbidden ground or too close to a point: throw again.
      if (!accepted) continue;

      // placed: far enough from everyone, so keep it; it becomes active and the step ends.
      return "placed";
    }
    // retired: k misses in a row, so the ring is taken as full. Moving the last entry into its
    // slot removes it without shifting the rest of the list.
    this.active[a] = this.active[this.active.length - 1];
    this.active.pop();
    return "retired";
  }

  run() {
    while (this.step() !== "finished");
    return this.points;
  }
}

// Bridson's whole algorithm in one call. k = 30 is his suggestion; fewer leaves gaps.
export function poissonDisk(width, height, radius, k, seed) {
  const grid = new Grid(width, height, radius / Math.SQRT2);
  const sampler = new Sampler(grid, width, height, radius, k, seed);
  // A refused first point leaves the active list empty: the run is simply over.
  sampler.startRandom();
  return sampler.run();
}
