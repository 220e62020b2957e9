// The darts lab's figures: the miss rate's history and its chart, and the summary that sets
// the finished darts beside Bridson's algorithm on the same map.

import { COLORS, clear } from '../../lib/draw.js';
import { count } from '../../lib/lab.js';

/** The chart's size in its own units (the canvas scales like the map). */
export const CHART_W = 720;
export const CHART_H = 170;

/** The chart keeps at most this many samples; beyond it, every other one is dropped. */
const MAX_SAMPLES = 1200;

/** The miss rate's samples `[thrown, rate, coverage]`, one per `interval` darts, for the chart. */
export function missRates() {
  let samples = [[0, 0, 0]];
  let interval = 1;
  return {
    get samples() {
      return samples;
    },
    get interval() {
      return interval;
    },
    add(thrower) {
      samples.push([thrower.thrown, thrower.missRate, thrower.coverage]);
      if (samples.length > MAX_SAMPLES) {
        samples = samples.filter((_, i) => i % 2 === 0 || i === samples.length - 1);
        interval *= 2;
      }
    },
  };
}

/**
 * Draws `history` ([thrown, rate, coverage] samples, all from the core's thrower) on `chart`
 * (from setupCanvas): the miss rate against the map's coverage, with the 54.7 % line where
 * darts on an endless plane jam (`rsa`).
 */
export function drawChart(chart, history, rsa) {
  const { ctx } = chart;
  clear(ctx, CHART_W, CHART_H, '#fff');
  // Text stays about 13 CSS pixels tall however wide the chart is drawn.
  const scale = CHART_W / chart.cssWidth;
  const font = 13 * scale;
  const left = 4.2 * font;
  const right = CHART_W - font;
  const top = font;
  const bottom = CHART_H - 2 * font;
  const yOf = (rate) => bottom - rate * (bottom - top);
  const span = 0.6;
  const xOf = (cov) => left + (Math.min(cov, span) / span) * (right - left);

  ctx.font = `${font}px system-ui, sans-serif`;
  ctx.fillStyle = COLORS.muted;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'right';
  ctx.strokeStyle = COLORS.gridLine;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const rate of [0, 0.5, 0.9, 1]) {
    ctx.moveTo(left, yOf(rate));
    ctx.lineTo(right, yOf(rate));
    // 100 % has its line but no label, which would crowd 90 %'s.
    if (rate < 1) ctx.fillText(`${Math.round(rate * 100)} %`, left - 0.5 * font, yOf(rate));
  }
  ctx.stroke();
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'center';
  // Every 10 %, or every 20 % on a narrow chart, clear of the "covered" at the end.
  const ticks = chart.cssWidth < 500 ? [0, 0.2, 0.4] : [0, 0.1, 0.2, 0.3, 0.4, 0.5];
  for (const cov of ticks) ctx.fillText(`${Math.round(cov * 100)} %`, xOf(cov), CHART_H - 0.5 * font);
  ctx.textAlign = 'right';
  ctx.fillText('covered', right, CHART_H - 0.5 * font);
  if (rsa) {
    ctx.strokeStyle = COLORS.muted;
    ctx.setLineDash([4 * scale, 3 * scale]);
    ctx.beginPath();
    ctx.moveTo(xOf(rsa), top);
    ctx.lineTo(xOf(rsa), bottom);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.textAlign = 'right';
    // Low beside the line, where the curve (high by then) does not run.
    ctx.textBaseline = 'bottom';
    ctx.fillText(`jams at ${(rsa * 100).toFixed(1)} %`, xOf(rsa) - 0.3 * font, bottom - 0.2 * font);
  }

  if (history.length > 1) {
    ctx.strokeStyle = COLORS.rejected;
    ctx.lineWidth = 2 * scale;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(xOf(history[0][2]), yOf(history[0][1]));
    // At most about one point per two map units across: the line looks the same, and a frame
    // does not stroke a thousand joints.
    const stride = Math.max(1, Math.ceil(history.length / 360));
    for (let i = stride; i < history.length; i += stride) ctx.lineTo(xOf(history[i][2]), yOf(history[i][1]));
    const last = history[history.length - 1];
    ctx.lineTo(xOf(last[2]), yOf(last[1]));
    ctx.stroke();
  }
}

/** A ratio with one decimal. */
export function perTree(total, trees) {
  return trees ? (total / trees).toFixed(1) : '–';
}

/**
 * The verdict after Finish, for thrower `t` beside Bridson on the same map (`b`: its points,
 * candidates and distance checks, all counted by the core): one sentence, and the rows of a
 * small table `[name, trees, throws per tree, checks per tree]`. Darts are compared on the
 * grid (the next lab), the fair price of a dart; the plain count is in the readouts.
 */
export function summary(t, b) {
  const kept = t.keptCount;
  const dartChecks = t.gridChecks / kept;
  const bridsonChecks = b.checks / b.points;
  // The throws are named only when they are fewer too: the verdict goes by the checks.
  const fewer = t.thrown / kept < b.tries / b.points ? 'fewer throws and fewer checks' : 'fewer checks';
  const sentence =
    dartChecks < bridsonChecks
      ? `At ${count(t.thrown)} darts, darts on a grid win: ${fewer} per tree than Bridson. But their cost grows with every miss you allow, and Bridson’s does not.`
      : `Bridson wins: the darts’ checks per tree grew with the misses allowed, past Bridson’s, which stay put.`;
  return {
    sentence,
    rows: [
      ['Darts on a grid', count(kept), perTree(t.thrown, kept), perTree(t.gridChecks, kept)],
      ['Bridson, k = 30', count(b.points), perTree(b.tries, b.points), perTree(b.checks, b.points)],
    ],
  };
}
