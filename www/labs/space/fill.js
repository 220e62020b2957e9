// One fill of the 3D lab: Bridson's algorithm in the box (SpaceSampler), then Bridson's or the
// fast sampler on the torus (MeshSampler, spacing by weight if asked), as one job for the page's
// job driver (www/lib/job.js): `runUntil` works until the frame's deadline, `read` copies out
// the points placed since the last look, `free` lets go of both samplers (a fill replaced
// half-way is freed by the driver).

import { advance } from '../../lib/job.js';

/**
 * A fill of the `side`³ box and of `mesh` with `{radius, k, seed}`; on the mesh with `method`
 * (`bridson` or `fast`) and, when `weights` is on, spacing from `heights` (one weight per vertex)
 * between `radius` and `radiusMax`. Throws on bad input.
 */
export function fillJob(wasm, side, mesh, { radius, k, seed, method = 'bridson', weights = false }, { heights, spread }) {
  const box = new wasm.SpaceSampler({ width: side, height: side, depth: side, radius, k, seed });
  const radiusMax = weights ? spread * radius : radius;
  let torus;
  try {
    torus = new wasm.MeshSampler(mesh, { radius, k, seed, method, ...(weights ? { weights: heights, radiusMax } : {}) });
    // The job driver learns each method's pace apart: a unit is only about one Bridson step on
    // either.
    torus.kind = `MeshSampler:${method}`;
  } catch (error) {
    box.free();
    throw error;
  }
  return {
    box,
    torus,
    radius,
    method,
    weights,
    radiusMax,
    /** x, y, z per point in the box; x, y, z, face, u, v per point on the torus. */
    boxPoints: new Float64Array(0),
    torusPoints: new Float64Array(0),
    runUntil(until) {
      if (!box.isFinished && !advance(box, until)) return false;
      return advance(torus, until);
    },
    read() {
      if (this.boxPoints.length !== 3 * box.pointCount) this.boxPoints = box.points();
      if (this.torusPoints.length !== 6 * torus.pointCount) this.torusPoints = torus.points();
    },
    free() {
      box.free();
      torus.free();
    },
  };
}
