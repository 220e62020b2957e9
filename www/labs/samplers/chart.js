// The samplers lab's chart: each sampler's coverage as a bar, against the random limit and
// hexagonal packing.

import { textSize } from '../../lib/canvas.js';
import { COLORS, clear } from '../../lib/draw.js';
import { percent } from '../../lib/lab.js';

export const CHART_WIDTH = 720;
export const CHART_HEIGHT = 224;
/** The coverage yardsticks the chart draws as lines (see the core's metrics::coverage). */
const RSA_LIMIT = 0.547;
const HEXAGONAL = Math.PI / Math.sqrt(12);

/**
 * Coverage as bars, one per row (`{label, color}`) of `shares` (none yet: null), against the
 * random limit and hexagonal packing, on `chart` (from setupCanvas). Text is 13 CSS pixels tall
 * on any screen (textSize), so on a phone the rows grow and the chart grows taller to hold
 * them: every label, bar and tick stays inside it.
 */
export function drawChart(chart, rows, shares) {
  const { ctx } = chart;
  const font = textSize(chart, 13);
  ctx.font = `${font}px system-ui, sans-serif`;
  const barHeight = Math.max(22, 1.5 * font);
  const gap = Math.max(8, 0.5 * font);
  const line = 1.4 * font;
  const labelWidth = Math.max(...rows.map(({ label }) => ctx.measureText(label).width));
  const left = Math.max(130, labelWidth + 20);
  const right = CHART_WIDTH - Math.max(20, ctx.measureText('100 %').width / 2 + 4);
  const x = (share) => left + share * (right - left);
  // The yardsticks' labels: the random limit's ends at its line, hexagonal packing's is
  // centred on its own but kept inside the chart. Where they would meet (a phone), the second
  // goes a line higher and the bars move down to make room.
  const marks = [
    { share: RSA_LIMIT, label: 'random limit 54.7 %' },
    { share: HEXAGONAL, label: 'hexagonal packing 90.7 %' },
  ];
  const [rsa, hex] = marks.map((mark) => ({ ...mark, width: ctx.measureText(mark.label).width }));
  rsa.end = x(rsa.share) + 4;
  hex.centre = Math.min(x(hex.share), CHART_WIDTH - 4 - hex.width / 2);
  const crowded = hex.centre - hex.width / 2 < rsa.end + 8;
  const top = 10 + line + (crowded ? line : 0);
  const bottom = top + rows.length * (barHeight + gap) - gap;
  const axis = bottom + 6;
  // Room for the tick labels under the axis, then resize (which clears) before drawing.
  chart.setHeight(Math.max(CHART_HEIGHT, Math.ceil(axis + 1.6 * font + 4)));
  ctx.font = `${font}px system-ui, sans-serif`;
  clear(ctx, CHART_WIDTH, chart.height, '#fff');
  if (!shares) return;
  ctx.textBaseline = 'middle';

  rows.forEach(({ label, color }, i) => {
    const share = shares[i];
    const y = top + i * (barHeight + gap);
    ctx.fillStyle = '#1f2a1f';
    ctx.textAlign = 'right';
    ctx.fillText(label, left - 10, y + barHeight / 2);
    ctx.fillStyle = color;
    ctx.fillRect(left, y, x(share) - left, barHeight);
    ctx.fillStyle = '#fff';
    ctx.textAlign = 'right';
    ctx.fillText(percent(share), x(share) - 6, y + barHeight / 2);
  });

  // The yardsticks, dashed, labelled above the bars.
  for (const { share } of marks) {
    ctx.strokeStyle = '#a4262c';
    ctx.lineWidth = 1.5;
    ctx.setLineDash([5, 4]);
    ctx.beginPath();
    ctx.moveTo(x(share), top - 8);
    ctx.lineTo(x(share), bottom + 4);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.fillStyle = '#a4262c';
  ctx.textAlign = 'right';
  ctx.fillText(rsa.label, rsa.end, top - line / 2 - 4);
  ctx.textAlign = 'center';
  ctx.fillText(hex.label, hex.centre, top - line / 2 - 4 - (crowded ? line : 0));
  // The axis: 0 to 100 %.
  ctx.strokeStyle = COLORS.muted;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(left, axis);
  ctx.lineTo(right, axis);
  ctx.stroke();
  ctx.fillStyle = COLORS.muted;
  ctx.textAlign = 'center';
  for (const share of [0, 0.25, 0.5, 0.75, 1]) {
    ctx.fillText(`${share * 100} %`, x(share), axis + 0.9 * font);
  }
}
