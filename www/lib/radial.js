// The radial average of a power spectrum as a curve: power against frequency times a length,
// with white noise's level (1) dashed. The spectrum lab draws its mean over maps with the low
// band shaded; the relax lab draws one point set's, with its start behind it in grey.

import { textSize } from './canvas.js';
import { COLORS, clear } from './draw.js';

/** Tick spacing on the power axis: ones while they fit, then twos, fives, tens. */
function tickStep(max) {
  for (const step of [1, 2, 5, 10, 20, 50]) if (max / step <= 6) return step;
  return 100;
}

/**
 * Draws on `view` (from setupCanvas, `width × height` map units) every curve of `curves`, in
 * order (the last on top): `{values, color, lineWidth?}`, entry i of `values` the ring centred on
 * (i + 1) · `step` on the x axis (the core's RadialAverage, its bin width times the length).
 * Options: `xLabel` under the axis; `band` {to, lines}: the x range [0, to] shaded, `lines`
 * written in it; `marks` [{x, label}]: dotted upright lines. Draws the frame only when
 * `curves` is empty.
 */
export function drawRadial(view, width, height, curves, { step, xLabel, band = null, marks = [] }) {
  const { ctx } = view;
  clear(ctx, width, height, '#fff');
  if (curves.length === 0) return;
  const rings = Math.max(...curves.map((c) => c.values.length));
  const xMax = (rings + 0.5) * step;
  let peak = 2;
  for (const { values } of curves) for (const v of values) if (v > peak) peak = v;
  const yMax = peak * 1.05;
  const font = textSize(view, 11);
  const left = 34;
  const right = width - 10;
  const top = 10;
  // Room under the axis for its numbers and its label, at the size the text is drawn.
  const bottom = height - Math.max(30, 2.4 * font + 6);
  const x = (v) => left + (v / xMax) * (right - left);
  const y = (v) => bottom - (v / yMax) * (bottom - top);
  ctx.font = `${font}px system-ui, sans-serif`;

  if (band) {
    ctx.fillStyle = 'rgba(33, 99, 160, 0.12)';
    ctx.fillRect(left, top, x(band.to) - left, bottom - top);
    ctx.fillStyle = 'rgba(33, 99, 160, 0.95)';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    band.lines.forEach((text, i) => ctx.fillText(text, left + 4, top + 4 + i * 1.2 * font));
  }

  for (const mark of marks) {
    ctx.strokeStyle = COLORS.muted;
    ctx.lineWidth = 1;
    ctx.setLineDash([2, 3]);
    ctx.beginPath();
    ctx.moveTo(x(mark.x), top);
    ctx.lineTo(x(mark.x), bottom);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = COLORS.muted;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(mark.label, x(mark.x) + 3, top + 2);
  }

  // The curves: one point per ring, at the ring's middle.
  for (const { values, color, lineWidth = 2 } of curves) {
    ctx.strokeStyle = color;
    ctx.lineWidth = lineWidth;
    ctx.beginPath();
    values.forEach((value, i) => {
      const px = x((i + 1) * step);
      const py = y(value);
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    });
    ctx.stroke();
  }

  // White noise: power 1.
  ctx.strokeStyle = '#a4262c';
  ctx.lineWidth = 1;
  ctx.setLineDash([5, 4]);
  ctx.beginPath();
  ctx.moveTo(left, y(1));
  ctx.lineTo(right, y(1));
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'bottom';
  const label = 'white noise = 1';
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.fillRect(left + 2, y(1) - 2 - 1.2 * font, ctx.measureText(label).width + 4, 1.2 * font);
  ctx.fillStyle = '#a4262c';
  ctx.fillText(label, left + 4, y(1) - 2);

  // Axes and ticks.
  ctx.strokeStyle = COLORS.muted;
  ctx.beginPath();
  ctx.moveTo(left, top);
  ctx.lineTo(left, bottom);
  ctx.lineTo(right, bottom);
  ctx.stroke();
  ctx.fillStyle = COLORS.muted;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  for (let v = 0; v <= xMax + 1e-9; v += 0.5) ctx.fillText(String(v), x(v), bottom + 4);
  ctx.fillText(xLabel, (left + right) / 2, bottom + 4 + 1.1 * font);
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  const every = tickStep(yMax);
  for (let v = 0; v <= yMax; v += every) ctx.fillText(String(v), left - 5, y(v));
}
