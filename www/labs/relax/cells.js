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

/** The colour of a cell whose area is `ratio` times the average: log₂ of it, from −1 to 1. */
export function cellColor(ratio) {
  const t = Math.max(-1, Math.min(1, Math.log2(ratio > 0 ? ratio : 1e-9)));
  const to = t < 0 ? SMALL : LARGE;
  const f = Math.abs(t);
  const c = EVEN.map((v, i) => Math.round(v + (to[i] - v) * f));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/**
 * Draws `record` (www/labs/relax/record.js) on `ctx` in map units: the cells filled by area,
 * their edges, then the points as dots of radius `dot`.
 */
export function drawCells(ctx, width, height, record, dot) {
  const { starts, xy, areas } = record.cells;
  const n = areas.length;
  const mean = (width * height) / Math.max(1, n);
  ctx.lineJoin = 'round';
  for (let i = 0; i < n; i++) {
    const from = starts[i];
    const to = starts[i + 1];
    if (to - from < 3) continue;
    ctx.beginPath();
    ctx.moveTo(xy[2 * from], xy[2 * from + 1]);
    for (let v = from + 1; v < to; v++) ctx.lineTo(xy[2 * v], xy[2 * v + 1]);
    ctx.closePath();
    ctx.fillStyle = cellColor(areas[i] / mean);
    ctx.fill();
  }
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
