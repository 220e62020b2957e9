// The Bridson lab's map: one frame of the history (History.frame(), read by readFrame)
// drawn as the reader sees it: settled points, the front, the step's point, ring and candidates.

import { COLORS, annulus, clear, cross, dot, dots, gridLines, ring } from '../../lib/draw.js';
import { offscreenLayer } from '../../lib/layer.js';

/** Candidates that fell off the map are marked at its edge in this colour. */
const OFF_MAP = '#6a4fb3';

/**
 * A reader for `history.frame()`: the numbers `History.frameFields()` names, by name,
 * then `points` (x, y, r), `active` (indices) and `tried` (x, y, outcome, hit) as views.
 */
export function frameReader(wasm) {
  const fields = wasm.History.frameFields();
  return (flat) => {
    const frame = {};
    fields.forEach((name, i) => {
      frame[name] = flat[i];
    });
    let at = fields.length;
    frame.points = flat.subarray(at, (at += 3 * frame.pointCount));
    frame.active = flat.subarray(at, (at += frame.activeCount));
    frame.tried = flat.subarray(at, (at += 4 * frame.triedCount));
    frame.finished = frame.activeCount === 0;
    // What the map shows of the step: no point worked around before the first step, nor once
    // the map is full (`current` and `tried` still hold the last step's, for its code path).
    frame.front = frame.finished ? -1 : frame.current;
    frame.candidates = frame.front >= 0 ? frame.tried : frame.tried.subarray(0, 0);
    return frame;
  };
}

/** Where a candidate is drawn: itself, or for one off the map the nearest spot just inside. */
export function markAt(x, y, width, height) {
  const inset = 5;
  return [Math.min(width - inset, Math.max(inset, x)), Math.min(height - inset, Math.max(inset, y))];
}

/**
 * The map painter: `paint(ctx, frame, {history, showGrid, cellSize, hovered})`. Ground, grid
 * and each point's half-spacing disc and dot go onto an offscreen layer once (points only
 * accumulate until a new history or a seek backward), so a frame copies the layer and draws
 * only the front and the step on top. `Outcome` is the bindings' outcome names.
 */
export function mapPainter(canvas, width, height, Outcome) {
  const settled = { layer: offscreenLayer(canvas, width, height), history: null, showGrid: false, drawn: 0 };

  return function paint(ctx, frame, { history, showGrid, cellSize, radius, hovered }) {
    const { points, active, candidates: tried, pointCount: count, front: current } = frame;
    const r = radius;
    const dotSize = Math.max(2.5, Math.min(4.5, r / 7));
    if (settled.history !== history || settled.showGrid !== showGrid || !settled.layer.fits() || count < settled.drawn) {
      settled.layer.reset();
      clear(settled.layer.ctx, width, height, COLORS.ground);
      if (showGrid) gridLines(settled.layer.ctx, width, height, cellSize);
      Object.assign(settled, { history, showGrid, drawn: 0 });
    }
    if (settled.drawn < count) {
      const fresh = points.subarray(settled.drawn * 3);
      dots(settled.layer.ctx, fresh, 3, r / 2, 'rgba(95, 168, 107, 0.18)');
      dots(settled.layer.ctx, fresh, 3, dotSize, COLORS.tree);
      settled.drawn = count;
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(settled.layer.canvas, 0, 0);
    ctx.restore();

    const isActive = new Uint8Array(count);
    for (const i of active) isActive[i] = 1;
    const near = [];
    if (current >= 0) {
      const cx = points[current * 3];
      const cy = points[current * 3 + 1];
      annulus(ctx, cx, cy, r);
      ring(ctx, cx, cy, r, COLORS.current, 1, [4, 4]);
      ring(ctx, cx, cy, 2 * r, COLORS.current, 1, [4, 4]);
      // The dots the shaded ring covers are drawn again on top of it.
      const reach = (2 * r + dotSize) ** 2;
      for (let i = 0; i < count; i++) {
        if ((points[i * 3] - cx) ** 2 + (points[i * 3 + 1] - cy) ** 2 <= reach && !isActive[i]) near.push(i);
      }
    }
    fillDots(ctx, points, near, dotSize, COLORS.tree);
    // Active points: their own colour, over the tree dot the layer holds.
    fillDots(ctx, points, active, dotSize, COLORS.active);
    if (current < 0) return;

    dot(ctx, points[current * 3], points[current * 3 + 1], dotSize + 2.5, COLORS.current);
    // Under the crosses: a dashed line from each too-close candidate to the point it hit.
    ctx.save();
    ctx.strokeStyle = 'rgba(198, 40, 40, 0.55)';
    ctx.lineWidth = 1;
    ctx.setLineDash([3, 3]);
    ctx.beginPath();
    for (let j = 0; j < tried.length; j += 4) {
      const hit = tried[j + 3];
      if (tried[j + 2] !== Outcome.TooClose || hit < 0 || hit >= count) continue;
      ctx.moveTo(tried[j], tried[j + 1]);
      ctx.lineTo(points[hit * 3], points[hit * 3 + 1]);
    }
    ctx.stroke();
    ctx.restore();
    for (let j = 0; j < tried.length; j += 4) {
      const [x, y, outcome] = [tried[j], tried[j + 1], tried[j + 2]];
      if (outcome === Outcome.Accepted) {
        dot(ctx, x, y, dotSize + 1, COLORS.placed);
        ring(ctx, x, y, dotSize + 3, COLORS.placed, 1.5);
      } else if (outcome === Outcome.TooClose) {
        cross(ctx, x, y, 3.5, COLORS.rejected, 1.5);
      } else {
        // Off the map (or wrong ground): a hollow square at the nearest spot on the map.
        const [mx, my] = markAt(x, y, width, height);
        ctx.strokeStyle = OFF_MAP;
        ctx.lineWidth = 1.5;
        ctx.strokeRect(mx - 3.5, my - 3.5, 7, 7);
      }
    }
    if (hovered >= 0 && hovered * 4 < tried.length) {
      const [mx, my] = markAt(tried[hovered * 4], tried[hovered * 4 + 1], width, height);
      ring(ctx, mx, my, 9, COLORS.current, 2);
      const hit = tried[hovered * 4 + 3];
      if (tried[hovered * 4 + 2] === Outcome.TooClose && hit >= 0 && hit < count) {
        ring(ctx, points[hit * 3], points[hit * 3 + 1], dotSize + 4, COLORS.rejected, 2);
      }
    }
  };
}

/** Dots of radius `size` at the points whose indices `which` lists. */
function fillDots(ctx, points, which, size, color) {
  ctx.fillStyle = color;
  for (const i of which) {
    ctx.beginPath();
    ctx.arc(points[i * 3], points[i * 3 + 1], size, 0, Math.PI * 2);
    ctx.fill();
  }
}

/**
 * The blocks of the bridson listing the frame's step ran, as `[tags, counts]` for `showPath`:
 * pick and throw always, refused if a candidate was, then placed or retired (all k refused).
 * None before the first step; at the end of a run, the last step's.
 */
export function lastStepPath(frame, Outcome) {
  const { tried } = frame;
  if (frame.steps === 0 || frame.current < 0) return [[], {}];
  const thrown = tried.length / 4;
  let placed = 0;
  for (let j = 2; j < tried.length; j += 4) if (tried[j] === Outcome.Accepted) placed++;
  const refused = thrown - placed;
  const tags = ['pick', 'throw', ...(refused > 0 ? ['refused'] : []), placed > 0 ? 'placed' : 'retired'];
  return [tags, { throw: thrown, refused }];
}
