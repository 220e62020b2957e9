// Step 5: Bridson's algorithm. Every new point is thrown next to one already placed, taken from
// the active list (the points not yet given up on); one call of `step` does one round of that,
// so a picture can be drawn between any two.

import { ParkMiller, checkPositive } from "./random.js";
import { Grid } from "./grid.js";

export class Sampler {
  // The map is the grid's. `radiusAt(x, y)` (step 6) and `allowed(x, y)` (step 7) are optional.
  // The radius must suit the grid's cells (at least cell · √2), or two points could share a cell
  // and one would drop out of the grid unseen.
  constructor(grid, radius, k, seed, { radiusAt = null, allowed = null } = {}) {
    checkPositive("radius", radius);
    if (!grid.fits(radius)) {
      throw new RangeError(`radius ${radius} is too small for the grid's cells`);
    }
    if (!Number.isInteger(k) || k < 0) throw new RangeError(`k must be a whole number, got ${k}`);
    this.grid = grid;
    this.width = grid.width;
    this.height = grid.height;
    this.radius = radius;
    this.k = k;
    this.rng = new ParkMiller(seed);
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
    // pick: one point of the active list, by lot; taking them at random keeps the filled
    // region round instead of letting it run off in one direction.
    const a = Math.floor(this.rng.nextFloat() * this.active.length);
    this.current = this.active[a];
    const p = this.points[this.current];
    this.tried = [];
    for (let i = 0; i < this.k; i++) {
      // throw: a spot at distance r to 2r from p. Draw (dx, dy) in the 4r-wide square and
      // draw again while it falls outside that annulus: uniform over its area, no trig.
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
      // refused: the spot failed a test (map edge, ground rule, spacing); next throw.
      if (!accepted) continue;

      // placed: the spot passed; tryAdd stored it and made it active. One new point per step,
      // so the step is over.
      return "placed";
    }
    // retired: all k throws failed, so p is given up on. Order in the list does not matter:
    // the last entry takes its slot, and nothing else moves.
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
  const grid = new Grid(width, height, checkPositive("radius", radius) / Math.SQRT2);
  const sampler = new Sampler(grid, radius, k, seed);
  // A refused first point leaves the active list empty: the run is simply over.
  sampler.startRandom();
  return sampler.run();
}
