// Drawing in map units, with one palette for the whole page: the same green means "placed",
// the same red means "too close" in every lab.

export const COLORS = {
  ground: '#eef2e6',
  gridLine: 'rgba(47, 79, 47, 0.16)',
  tree: '#2f6f3e',
  treeLight: '#5fa86b',
  active: '#e08a1e',
  current: '#c2185b',
  ring: 'rgba(194, 24, 91, 0.12)',
  accepted: '#2e8b57',
  // A candidate just placed: blue, so it never reads as a retired point (dark green) beside it.
  placed: '#0277bd',
  // A closest pair: violet, so it never reads as a "too close" red ring beside it.
  closest: '#7b1fa2',
  rejected: '#c62828',
  conflict: '#c62828',
  safe: '#2e8b57',
  probe: 'rgba(33, 99, 160, 0.16)',
  muted: 'rgba(31, 42, 31, 0.45)',
  gap: 'rgba(33, 99, 160, 0.9)',
};

/** Fills the whole map with the ground colour. */
export function clear(ctx, width, height, color = COLORS.ground) {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.restore();
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, width, height);
}

/** A filled dot of radius `r` at `(x, y)`. */
export function dot(ctx, x, y, r, color) {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * Dots for every `x, y` pair (stride 2) or `x, y, r` triplet (stride 3) of a flat array. One
 * small fill per dot: a software canvas rasterizes thousands of small paths faster than one path
 * of thousands of circles (a third faster for a few thousand dots, more for big ones). Dots of a
 * see-through colour must not overlap, or the overlaps show darker.
 */
export function dots(ctx, flat, stride, r, color) {
  ctx.fillStyle = color;
  for (let i = 0; i + stride - 1 < flat.length; i += stride) {
    ctx.beginPath();
    ctx.arc(flat[i], flat[i + 1], r, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A circle outline. */
export function ring(ctx, x, y, r, color, width = 1, dash = []) {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** An × of half-size `s`. */
export function cross(ctx, x, y, s, color, width = 1.5) {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(x - s, y - s);
  ctx.lineTo(x + s, y + s);
  ctx.moveTo(x + s, y - s);
  ctx.lineTo(x - s, y + s);
  ctx.stroke();
}

/** A straight line. */
export function line(ctx, x0, y0, x1, y1, color, width = 1) {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
}

/** The background grid's cell lines. */
export function gridLines(ctx, width, height, cell, color = COLORS.gridLine) {
  ctx.strokeStyle = color;
  ctx.lineWidth = 0.75;
  ctx.beginPath();
  for (let x = cell; x < width; x += cell) {
    ctx.moveTo(x, 0);
    ctx.lineTo(x, height);
  }
  for (let y = cell; y < height; y += cell) {
    ctx.moveTo(0, y);
    ctx.lineTo(width, y);
  }
  ctx.stroke();
}

/** The annulus between r and 2r around a point: where Bridson throws its candidates. */
export function annulus(ctx, x, y, r, color = COLORS.ring) {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, 2 * r, 0, Math.PI * 2);
  ctx.arc(x, y, r, 0, Math.PI * 2, true);
  ctx.fill('evenodd');
}
