// Better samplers side by side: classic Bridson, the parent cone, Roberts' variant and the
// maximal sampler, each filling the same map with the same seed, radius and k. Every figure
// comes from the core's `SamplerRun` (crates/core/src/samplers.rs); only the time is measured
// here, around each run, because it is this browser's time.
//
// State: the four runs and their times (rebuilt when seed, radius or k change). One `draw()`
// paints the map as four quarters, one per sampler, and one `drawChart()` the coverage bars.

import { setupCanvas } from '../lib/canvas.js';
import { onNextFrame } from '../lib/frame.js';
import { COLORS, clear, dots } from '../lib/draw.js';
import { actions, guardedParams, part, percent, readouts, seedParam } from '../lib/lab.js';

const WIDTH = 720;
const HEIGHT = 400;
const METHODS = [
  { name: 'classic', label: 'Classic Bridson', color: '#8a6d3b' },
  { name: 'parent-cone', label: 'Parent cone', color: '#2163a0' },
  { name: 'roberts', label: 'Roberts', color: '#7b3fa0' },
  { name: 'maximal', label: 'Maximal', color: '#2f6f3e' },
];
/** The coverage yardsticks the chart draws as lines (see the core's metrics::coverage). */
const RSA_LIMIT = 0.547;
const HEXAGONAL = Math.PI / Math.sqrt(12);
/** Map colours: sand where another point still fits, pale green within r of a point. */
const ROOM = '#f0d9a8';
const CLAIMED = '#dcebd4';
const DISK = '#a9cf9c';
const CHART_WIDTH = 720;
const CHART_HEIGHT = 170;

const PARAMS = [
  seedParam(),
  { name: 'radius', label: 'Radius r', type: 'range', value: 20, min: 8, max: 48, step: 1 },
  { name: 'k', label: 'Tries k', type: 'range', value: 30, min: 1, max: 60, step: 1 },
];

export function mount(section, wasm) {
  const state = { runs: null, times: null, radius: 20 };

  const view = setupCanvas(part(section, 'map'), WIDTH, HEIGHT, () => draw());
  const chart = setupCanvas(part(section, 'chart'), CHART_WIDTH, CHART_HEIGHT, () => drawChart());
  /**
   * How much to enlarge text drawn on a canvas so it stays legible when the canvas is narrow
   * (a phone): 1 at 520 CSS pixels and wider, up to 1.6.
   */
  const textScale = (canvas) => {
    const cssWidth = canvas.getBoundingClientRect().width || CHART_WIDTH;
    return Math.min(1.6, Math.max(1, 520 / cssWidth));
  };
  const requestDraw = onNextFrame(() => {
    draw();
    drawChart();
  });

  const rows = new Map();
  for (const tr of section.querySelectorAll('tr[data-method]')) {
    const cells = {};
    for (const td of tr.querySelectorAll('[data-readout]')) cells[td.dataset.readout] = td;
    rows.set(tr.dataset.method, cells);
  }

  const set = readouts(part(section, 'readouts'), [
    {
      name: 'exponent',
      label: 'Parent cone’s exponent c',
      title: 'c = −1.4 − 17 / √k: how strongly the parent cone throws its candidates toward r',
    },
  ]);

  const { params, rebuild } = guardedParams(
    part(section, 'controls'),
    PARAMS,
    (values) => {
      const runs = new Map();
      const times = new Map();
      try {
        for (const { name } of METHODS) {
          const start = performance.now();
          runs.set(name, new wasm.SamplerRun(name, WIDTH, HEIGHT, values.radius, values.k, values.seed));
          times.set(name, performance.now() - start);
        }
      } catch (error) {
        for (const run of runs.values()) run.free();
        throw error;
      }
      return { runs, times, radius: values.radius, exponent: wasm.defaultExponent(values.k) };
    },
    (result) => {
      if (state.runs) for (const run of state.runs.values()) run.free();
      Object.assign(state, result);
      fill();
      requestDraw();
    },
  );

  actions(part(section, 'actions'), [{ action: 'new-seed', label: 'New seed' }], {
    'new-seed': () => {
      params.set('seed', wasm.randomSeed());
      rebuild('seed');
    },
  });

  /** Writes every sampler's figures into its row of the table. */
  function fill() {
    for (const { name } of METHODS) {
      const run = state.runs.get(name);
      const cells = rows.get(name);
      cells.points.textContent = String(run.pointCount);
      cells.coverage.textContent = percent(run.coverage);
      cells['candidates-per-point'].textContent = run.candidatesPerPoint.toFixed(1);
      cells['time-ms'].textContent = state.times.get(name).toFixed(1);
    }
    set('exponent', state.exponent.toFixed(2));
  }

  /** The four samplers in the four quarters of the map, each at half scale. */
  function draw() {
    const { ctx } = view;
    clear(ctx, WIDTH, HEIGHT, '#fff');
    if (!state.runs) return;
    const r = state.radius;
    const font = 13 * textScale(ctx.canvas);
    METHODS.forEach(({ name, label, color }, index) => {
      const run = state.runs.get(name);
      const points = run.points();
      const ox = (index % 2) * (WIDTH / 2);
      const oy = Math.floor(index / 2) * (HEIGHT / 2);
      ctx.save();
      ctx.beginPath();
      ctx.rect(ox + 1, oy + 1, WIDTH / 2 - 2, HEIGHT / 2 - 2);
      ctx.clip();
      ctx.translate(ox + 1, oy + 1);
      ctx.scale((WIDTH / 2 - 2) / WIDTH, (HEIGHT / 2 - 2) / HEIGHT);
      ctx.fillStyle = ROOM;
      ctx.fillRect(0, 0, WIDTH, HEIGHT);
      dots(ctx, points, 3, r, CLAIMED);
      dots(ctx, points, 3, r / 2, DISK);
      dots(ctx, points, 3, Math.max(1.5, r * 0.09), COLORS.tree);
      ctx.restore();

      // The sampler's name and coverage in the quarter's corner.
      const text = `${label} · ${percent(run.coverage)}`;
      ctx.font = `600 ${font}px system-ui, sans-serif`;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      const w = ctx.measureText(text).width + 14;
      const h = font + 9;
      ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
      ctx.fillRect(ox + 6, oy + 6, w, h);
      ctx.fillStyle = color;
      ctx.fillRect(ox + 6, oy + 6, 4, h);
      ctx.fillStyle = '#1f2a1f';
      ctx.fillText(text, ox + 14, oy + 6 + h / 2);
    });
  }

  /** Coverage as bars against the random limit and hexagonal packing. */
  function drawChart() {
    const { ctx } = chart;
    clear(ctx, CHART_WIDTH, CHART_HEIGHT, '#fff');
    if (!state.runs) return;
    const scale = textScale(ctx.canvas);
    const left = 130 * scale;
    const right = CHART_WIDTH - 20;
    const top = 26;
    const barHeight = 22;
    const gap = 8;
    const x = (share) => left + share * (right - left);
    ctx.font = `${13 * scale}px system-ui, sans-serif`;
    ctx.textBaseline = 'middle';

    METHODS.forEach(({ name, label, color }, i) => {
      const y = top + i * (barHeight + gap);
      const share = state.runs.get(name).coverage;
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
    const bottom = top + METHODS.length * (barHeight + gap) - gap;
    for (const [share, label] of [
      [RSA_LIMIT, 'random limit 54.7 %'],
      [HEXAGONAL, 'hexagonal 90.7 %'],
    ]) {
      ctx.strokeStyle = '#a4262c';
      ctx.lineWidth = 1.5;
      ctx.setLineDash([5, 4]);
      ctx.beginPath();
      ctx.moveTo(x(share), top - 8);
      ctx.lineTo(x(share), bottom + 4);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = '#a4262c';
      if (share === RSA_LIMIT) {
        // Ends at its line, so it never meets the hexagonal label on a narrow screen.
        ctx.textAlign = 'right';
        ctx.fillText(label, x(share) + 4, top - 16);
      } else {
        // Centred on its line, but never past the chart's right edge.
        ctx.textAlign = 'center';
        const half = ctx.measureText(label).width / 2;
        ctx.fillText(label, Math.min(x(share), CHART_WIDTH - 4 - half), top - 16);
      }
    }
    // The axis: 0 to 100 %.
    ctx.strokeStyle = COLORS.muted;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(left, bottom + 6);
    ctx.lineTo(right, bottom + 6);
    ctx.stroke();
    ctx.fillStyle = COLORS.muted;
    ctx.textAlign = 'center';
    for (const share of [0, 0.25, 0.5, 0.75, 1]) {
      ctx.fillText(`${share * 100} %`, x(share), bottom + 18);
    }
  }

  rebuild();

  // Points as JSON/CSV (www/lib/export.js): the first panel's set, classic Bridson.
  section.exportPoints = () => ({
    width: WIDTH,
    height: HEIGHT,
    points: state.runs?.get(METHODS[0].name)?.points() ?? new Float64Array(),
    stride: 3,
    name: METHODS[0].name,
  });
}

