// One fill of the 3D lab: Bridson's algorithm in the box (SpaceSampler), then on the torus
// (MeshSampler), as one job for the page's job driver (www/lib/job.js): `runUntil` works until
// the frame's deadline, `read` copies out the points placed since the last look, `free` lets go
// of both samplers (a fill replaced half-way is freed by the driver).

import { advance } from '../../lib/job.js';

/** A fill of the `side`³ box and of `mesh` with `{radius, k, seed}`; throws on bad input. */
export function fillJob(wasm, side, mesh, { radius, k, seed }) {
  const box = new wasm.SpaceSampler({ width: side, height: side, depth: side, radius, k, seed });
  let torus;
  try {
    torus = new wasm.MeshSampler(mesh, { radius, k, seed });
  } catch (error) {
    box.free();
    throw error;
  }
  return {
    box,
    torus,
    radius,
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
