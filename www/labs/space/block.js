// What the 3D lab shows around a chosen point: its ball of radius r (a circle in the picture),
// the 5 × 5 × 5 block of grid cells the sampler reads around it, and the points in that block.
// The cells are the core's (side `cell`, a hair under r/√3, counted from the box's corner), so
// the block drawn is the block searched.

import { COLORS, ring } from '../../lib/draw.js';
import { boxEdges, strokeSegments } from './view.js';

/** Cells on each side of a point's own cell that the check reads: r is √3 ≈ 1.73 cells. */
export const REACH = 2;
const BLOCK_LINE = 'rgba(33, 99, 160, 0.85)';
const BLOCK_GRID = 'rgba(33, 99, 160, 0.35)';

/**
 * The block around point `index` of `flat` (x, y, z per point): its lowest cell `lo` (three
 * cell indices), and every other point whose cell lies in the block, nearest first, with its
 * distance.
 */
export function neighbourhood(flat, index, cell) {
  const at = [flat[3 * index], flat[3 * index + 1], flat[3 * index + 2]];
  const lo = at.map((v) => Math.floor(v / cell) - REACH);
  const side = 2 * REACH + 1;
  const neighbours = [];
  for (let j = 0; 3 * j + 2 < flat.length; j++) {
    if (j === index) continue;
    let inside = true;
    for (let c = 0; c < 3 && inside; c++) {
      const k = Math.floor(flat[3 * j + c] / cell) - lo[c];
      inside = k >= 0 && k < side;
    }
    if (!inside) continue;
    const distance = Math.hypot(flat[3 * j] - at[0], flat[3 * j + 1] - at[1], flat[3 * j + 2] - at[2]);
    neighbours.push({ index: j, distance });
  }
  neighbours.sort((a, b) => a.distance - b.distance);
  return { index, at, lo, cell, neighbours };
}

/** Segments of a 5 × 5 lattice on the block's floor and ticks up its four upright edges. */
function lattice(lo, cell) {
  const side = 2 * REACH + 1;
  const x0 = lo[0] * cell;
  const y0 = lo[1] * cell;
  const z0 = lo[2] * cell;
  const len = side * cell;
  const tick = 0.25 * cell;
  const segments = [];
  for (let t = 1; t < side; t++) {
    segments.push([[x0 + t * cell, y0, z0], [x0 + t * cell, y0 + len, z0]]);
    segments.push([[x0, y0 + t * cell, z0], [x0 + len, y0 + t * cell, z0]]);
    for (const [cx, cy] of [[x0, y0], [x0 + len, y0], [x0, y0 + len], [x0 + len, y0 + len]]) {
      const sx = cx === x0 ? tick : -tick;
      segments.push([[cx, cy, z0 + t * cell], [cx + sx, cy, z0 + t * cell]]);
    }
  }
  return segments;
}

/**
 * Draws the chosen point's block (outline, floor lattice, its own cell), lines to the points
 * in it (green: r or more away, red: closer) with those points redrawn as dots of radius
 * `dot`, and its ball of radius `radius`.
 */
export function drawBlock(ctx, camera, flat, near, radius, dot) {
  const { at, lo, cell, neighbours } = near;
  const side = 2 * REACH + 1;
  const low = lo.map((c) => c * cell);
  const high = lo.map((c) => (c + side) * cell);
  const own = lo.map((c) => (c + REACH) * cell);
  const ownHigh = own.map((v) => v + cell);
  ctx.save();
  strokeSegments(ctx, camera, lattice(lo, cell), 'all', BLOCK_GRID, 1);
  strokeSegments(ctx, camera, boxEdges(low, high), 'all', BLOCK_LINE, 1.75);
  ctx.setLineDash([4, 3]);
  strokeSegments(ctx, camera, boxEdges(own, ownHigh), 'all', BLOCK_LINE, 1.5);
  ctx.setLineDash([]);
  const p = camera.project(at[0], at[1], at[2]);
  const q = {};
  for (const { index, distance } of neighbours) {
    camera.project(flat[3 * index], flat[3 * index + 1], flat[3 * index + 2], q);
    const close = distance < radius;
    ctx.strokeStyle = close ? COLORS.conflict : COLORS.safe;
    ctx.lineWidth = close ? 2.5 : 1.5;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
    ctx.fillStyle = COLORS.tree;
    ctx.beginPath();
    ctx.arc(q.x, q.y, dot * q.s, 0, Math.PI * 2);
    ctx.fill();
    ring(ctx, q.x, q.y, dot * q.s + 1.5, close ? COLORS.conflict : COLORS.safe, 1.75);
  }
  drawBall(ctx, camera, p, radius);
  ctx.restore();
}

/** The ball of radius `radius` around projected point `p`, and the point itself on top. */
export function drawBall(ctx, camera, p, radius) {
  const r = radius * camera.scale * p.s;
  ctx.fillStyle = 'rgba(46, 139, 87, 0.12)';
  ctx.beginPath();
  ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
  ctx.fill();
  ring(ctx, p.x, p.y, r, COLORS.safe, 1.75);
  ctx.fillStyle = COLORS.current;
  ctx.beginPath();
  ctx.arc(p.x, p.y, 5 * p.s, 0, Math.PI * 2);
  ctx.fill();
  ring(ctx, p.x, p.y, 5 * p.s, '#fff', 1.5);
}

/** The triangle `face` of a mesh (`vertices` x, y, z each; `indices` three per face), filled. */
export function drawFace(ctx, camera, vertices, indices, face) {
  const q = {};
  ctx.beginPath();
  for (let c = 0; c < 3; c++) {
    const v = indices[3 * face + c];
    camera.project(vertices[3 * v], vertices[3 * v + 1], vertices[3 * v + 2], q);
    if (c === 0) ctx.moveTo(q.x, q.y);
    else ctx.lineTo(q.x, q.y);
  }
  ctx.closePath();
  ctx.fillStyle = 'rgba(224, 138, 30, 0.45)';
  ctx.fill();
  ctx.strokeStyle = COLORS.active;
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

/** The nearest other point to point `index` of `flat` (`stride` per point), straight through space. */
export function nearestOf(flat, stride, index) {
  let best = Infinity;
  for (let j = 0; j * stride + 2 < flat.length; j++) {
    if (j === index) continue;
    const d = Math.hypot(flat[j * stride] - flat[index * stride], flat[j * stride + 1] - flat[index * stride + 1], flat[j * stride + 2] - flat[index * stride + 2]);
    if (d < best) best = d;
  }
  return best;
}

/**
 * The summary under the map: how to choose a point, or what the chosen point `i` of `job`
 * shows (in the box, its block `near`; on the torus, its triangle of `triangles`).
 */
export function summaryText(scene, job, i, near, triangles) {
  if (i < 0) {
    return scene === 'box'
      ? 'Point at a dot, tap it, or focus the view and press Enter: the lab then draws the cells the grid reads around it.'
      : 'Point at a dot on the torus, or press Enter on the focused view, to see its triangle and its ball of radius r.';
  }
  const r = job.radius;
  if (scene === 'box') {
    const { neighbours } = near;
    const block = job.box.block;
    const found = neighbours.length === 1 ? '1 other point' : `${neighbours.length || 'no'} other points`;
    const first = neighbours[0];
    const nearest = first ? `; the nearest is ${first.distance.toFixed(2)} away, ${first.distance < r ? 'closer than' : 'not closer than'} r = ${r}` : '';
    return (
      `Point ${i + 1} sits in the dashed cell, in the middle of a block of 5 × 5 × 5 = ${block} cells of side ` +
      `${job.box.cell.toFixed(2)}. To test a spot there the grid reads those ${block} cells, and here finds ${found}${nearest}.`
    );
  }
  const d = nearestOf(job.torusPoints, 6, i);
  return (
    `Point ${i + 1} stands on triangle ${job.torusPoints[6 * i + 3]} of ${triangles} (orange). Its nearest neighbour is ` +
    `${Number.isFinite(d) ? d.toFixed(2) : '–'} away, measured straight through space: ${d < r ? 'closer than' : 'no closer than'} r = ${r}.`
  );
}
