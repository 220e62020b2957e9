// The darts lab's figures: the miss rate's history and its chart, and the summary that sets
// the finished darts beside Bridson's algorithm on the same map.

import { COLORS, clear } from '../../lib/draw.js';
import { count } from '../../lib/lab.js';

/** The chart's size in its own units (the canvas scales like the map). */
export const CHART_W = 720;
export const CHART_H = 170;

/** The chart keeps at most this many samples; beyond it, every other one is dropped. */
const MAX_SAMPLES = 1200;

/** The miss rate's samples `[thrown, rate]`, one per `interval` darts, for the chart. */
export function missRates() {
  let samples = [[0, 0]];
  let interval = 1;
  return {
    get samples() {
      return samples;
    },
    get interval() {
      return interval;
    },
    add(thrower) {
      samples.push([thrower.thrown, thrower.missRate]);
      if (samples.length > MAX_SAMPLES) {
        samples = samples.filter((_, i) => i % 2 === 0 || i === samples.length - 1);
        interval *= 2;
      }
    },
  };
}

/** Draws `history` ([thrown, rate] samples) on `chart` (from setupCanvas), `thrown` darts so far. */
export function drawChart(chart, history, thrown) {
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

  ctx.font = `${font}px system-ui, sans-serif`;
  ctx.fillStyle = COLORS.muted;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'right';
  ctx.strokeStyle = COLORS.gridLine;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const rate of [0, 0.5, 1]) {
    ctx.moveTo(left, yOf(rate));
    ctx.lineTo(right, yOf(rate));
    ctx.fillText(`${rate * 100} %`, left - 0.5 * font, yOf(rate));
  }
  ctx.stroke();

  const span = Math.max(thrown, 200);
  const xOf = (darts) => left + (darts / span) * (right - left);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillText('0', left, CHART_H - 0.5 * font);
  ctx.textAlign = 'right';
  ctx.fillText(`${count(span)} darts`, right, CHART_H - 0.5 * font);

  if (history.length > 1) {
    ctx.strokeStyle = COLORS.rejected;
    ctx.lineWidth = 2 * scale;
    ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(xOf(history[0][0]), yOf(history[0][1]));
    // At most about one point per two map units across: the line looks the same, and a frame
    // does not stroke a thousand joints.
    const stride = Math.max(1, Math.ceil(history.length / 360));
    for (let i = stride; i < history.length; i += stride) ctx.lineTo(xOf(history[i][0]), yOf(history[i][1]));
    const last = history[history.length - 1];
    ctx.lineTo(xOf(last[0]), yOf(last[1]));
    ctx.stroke();
  }
}

/** A ratio with one decimal. */
export function perTree(total, trees) {
  return trees ? (total / trees).toFixed(1) : '–';
}

/**
 * What the finished darts teach, beside Bridson on the same map (`b`: its points, candidates and
 * distance checks), for thrower `t`. Darts and candidates are not the same price: a plain dart
 * is checked against every tree, a candidate only against the few near it. Distance checks,
 * counted by the core for both, are the common unit.
 */
export function summary(t, b) {
  const kept = t.keptCount;
  const darts = t.thrown;
  const ratio = kept / b.points;
  const verdict =
    ratio < 0.9
      ? 'The darts gave up early: raise the misses to fill the gaps they left.'
      : ratio > 1.1
        ? 'The darts packed in more, but only by throwing a mountain of misses.'
        : 'Both fill the map to about the same density.';
  return (
    `Dart throwing kept ${count(kept)} trees for ${count(darts)} darts ` +
    `(${perTree(darts, kept)} per tree). Plain dart throwing checks each dart against every ` +
    `tree kept before it: ${count(t.plainChecks)} distance checks, ${perTree(t.plainChecks, kept)} per tree. ` +
    `Bridson's algorithm, in the labs below, places ${count(b.points)} trees on the same map ` +
    `from ${count(b.tries)} candidates (${perTree(b.tries, b.points)} per tree), ` +
    (b.tries / b.points > darts / kept ? 'more throws than the darts, but each' : 'fewer throws than the darts, and each') +
    ` looks only at the trees in a few grid cells: ` +
    `${count(b.checks)} distance checks, ${perTree(b.checks, b.points)} per tree. ` +
    `On the grid of the next lab, the same darts would need ${perTree(t.gridChecks, kept)} checks per tree, ` +
    (t.gridChecks / kept < b.checks / b.points
      ? `fewer than Bridson's at this patience: the grid does most of the saving. But the darts' cost per tree climbs with every miss, and Bridson's, thanks to its active list, does not: raise the misses and compare. `
      : `still more than Bridson's: the grid saves the checks, and the active list saves the throws. `) +
    verdict
  );
}
