// The endless lab's chunk overlay, for "show chunks": a faint tint per phase, dashed borders,
// and each chunk's name and phase on a tag of its own.

import { textSize } from '../../lib/canvas.js';
import { line } from '../../lib/draw.js';
import { MAP } from '../../lib/lab.js';

const { width: WIDTH, height: HEIGHT } = MAP;
export const CHUNK = 120;
/** A faint tint per phase. */
export const PHASE_TINT = [
  'rgba(33, 99, 160, 0.00)',
  'rgba(33, 99, 160, 0.06)',
  'rgba(224, 138, 30, 0.08)',
  'rgba(194, 24, 91, 0.06)',
];
/** A chunk still being built. */
export const PENDING = 'rgba(31, 42, 31, 0.07)';
const BORDER = 'rgba(33, 99, 160, 0.55)';
/** A chunk's name: dark blue on a nearly opaque pale tag, legible over any dots. */
const TAG = 'rgba(255, 255, 255, 0.88)';
const TAG_INK = '#1b4f82';

/**
 * The borders of the chunks of view `v` (its corner `left, top` and chunk range) on `ctx` (of
 * `view`, from setupCanvas), and each chunk's name on a tag in its visible top-left corner,
 * drawn after the dots so none covers it; `phaseOf(cx, cy)` is the core's phase.
 */
export function chunkNames(ctx, view, v, phaseOf) {
  const { left, top } = v;
  ctx.save();
  ctx.setLineDash([6, 5]);
  for (let cx = v.c0; cx <= v.c1 + 1; cx++) line(ctx, cx * CHUNK - left, 0, cx * CHUNK - left, HEIGHT, BORDER, 1.5);
  for (let cy = v.r0; cy <= v.r1 + 1; cy++) line(ctx, 0, cy * CHUNK - top, WIDTH, cy * CHUNK - top, BORDER, 1.5);
  ctx.restore();
  ctx.save();
  // A chunk small on screen (a phone) gets a smaller tag with its phase alone, so the tags
  // never swamp the chunks.
  const compact = CHUNK / textSize(view, 1) < 160;
  const font = textSize(view, compact ? 9 : 11);
  ctx.font = `600 ${font}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  for (let cy = v.r0; cy <= v.r1; cy++) {
    for (let cx = v.c0; cx <= v.c1; cx++) {
      const x = Math.max(cx * CHUNK - left, 0) + 5;
      const y = Math.max(cy * CHUNK - top, 0) + 5;
      const phase = phaseOf(cx, cy);
      const one = `${cx}, ${cy} · phase ${phase}`;
      const lines = compact ? [`phase ${phase}`] : ctx.measureText(one).width + 16 <= CHUNK ? [one] : [`${cx}, ${cy}`, `phase ${phase}`];
      const w = Math.max(...lines.map((t) => ctx.measureText(t).width));
      const h = lines.length * 1.2 * font + 0.15 * font;
      // Only where the chunk's visible part holds the whole tag: a sliver at the map's edge
      // gets none, so no two tags ever overlap.
      const right = Math.min((cx + 1) * CHUNK - left, WIDTH);
      const bottom = Math.min((cy + 1) * CHUNK - top, HEIGHT);
      if (x + w + 5 > right || y + h + 3 > bottom) continue;
      ctx.fillStyle = TAG;
      ctx.fillRect(x - 3, y - 2, w + 6, h);
      ctx.fillStyle = TAG_INK;
      lines.forEach((t, i) => ctx.fillText(t, x, y + i * 1.2 * font));
    }
  }
  ctx.restore();
}
