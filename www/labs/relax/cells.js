// The relax lab's map: every point's Voronoi cell (from the bindings' voronoiCells), filled by
// its area against the average cell, its edges, and the points.

import { dots } from '../../lib/draw.js';

/** The points' colour (the legend's swatch). */
const POINT = '#1f3a24';
/**
 * Cell colours (the legend's swatches in www/style.css): a cell half the average area or less, an
 * average one, twice the average or more.
 */
const SMALL = [95, 168, 107];
const EVEN = [244, 239, 222];
const LARGE = [224, 138, 30];

/** The colour at `t` from −1 (small) through 0 (average) to 1 (large). */
function shade(t) {
  const to = t < 0 ? SMALL : LARGE;
  const f = Math.abs(t);
  const c = EVEN.map((v, i) => Math.round(v + (to[i] - v) * f));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** Shades drawn: cells are filled in this many steps each side of average, one path per step. */
const STEPS = 12;
const SHADES = Array.from({ length: 2 * STEPS + 1 }, (_, i) => shade((i - STEPS) / STEPS));

/**
 * Draws `record` (www/labs/relax/record.js) on `ctx` in map units: the cells filled by area,
 * their edges, then the points as dots of radius `dot`.
 */
export function drawCells(ctx, width, height, record, dot) {
  const { starts, xy, areas } = record.cells;
  const n = areas.length;
  const mean = (width * height) / Math.max(1, n);
  ctx.lineJoin = 'round';
  // One path per shade: a few dozen fills instead of one per cell (a software canvas pays per fill).
  const byShade = Array.from(SHADES, () => []);
  for (let i = 0; i < n; i++) {
    if (starts[i + 1] - starts[i] < 3) continue;
    const ratio = areas[i] / mean;
    const t = Math.max(-1, Math.min(1, Math.log2(ratio > 0 ? ratio : 1e-9)));
    byShade[Math.round(t * STEPS) + STEPS].push(i);
  }
  byShade.forEach((cells, k) => {
    if (cells.length === 0) return;
    ctx.beginPath();
    for (const i of cells) {
      const from = starts[i];
      ctx.moveTo(xy[2 * from], xy[2 * from + 1]);
      for (let v = from + 1; v < starts[i + 1]; v++) ctx.lineTo(xy[2 * v], xy[2 * v + 1]);
      ctx.closePath();
    }
    ctx.fillStyle = SHADES[k];
    ctx.fill();
  });
  // Every edge in one path: each is drawn twice (once per cell), which one stroke hides.
  ctx.strokeStyle = 'rgba(31, 42, 31, 0.35)';
  ctx.lineWidth = 0.8;
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    const from = starts[i];
    const to = starts[i + 1];
    if (to - from < 2) continue;
    ctx.moveTo(xy[2 * from], xy[2 * from + 1]);
    for (let v = from + 1; v < to; v++) ctx.lineTo(xy[2 * v], xy[2 * v + 1]);
    ctx.closePath();
  }
  ctx.stroke();
  dots(ctx, record.points, 2, dot, POINT);
}
