// Better samplers side by side: classic Bridson, the parent cone, Roberts' variant and the
// maximal sampler, each filling the same map with the same seed, radius and k, one per quarter
// of the map; and a row for the crate's fast sampler for games (crates/core/src/variants/
// fast.rs: no k, its own draws). Every figure comes from the core (SamplerJob, FastSampler);
// only the time is measured here, because it is this browser's time.
//
// At the smallest spacing the four runs take well over a tenth of a second, and painting their
// thousands of disks as long again, so neither happens in one go. A change only marks the work
// for the next animation frame; then the job driver runs the samplers one after the other, a
// slice per frame. A method's time is the sum of its slices, measured around the
// wasm calls only. The finished runs replace the old ones, and the map is painted onto an
// offscreen picture a few chunks per frame, shown once complete: the last good picture stays up
// until then (and is the one stretched if the canvas is resized meanwhile). The status line says
// what is happening, and the map carries aria-busy until the new picture is up.
//
// State: the five finished runs with their points and times (the last good result), and the job
// in progress, if any. `paint()` queues the map's quarters, `drawChart()` (www/labs/samplers/chart.js) draws the bars.

import { setupCanvas, textSize } from '../lib/canvas.js';
import { range } from '../lib/params.js';
import { COLORS, clear, dots } from '../lib/draw.js';
import { advance, jobDriver } from '../lib/job.js';
import { offscreenLayer, paintJob } from '../lib/layer.js';
import { MAP, NEW_SEED, createLab, part, percent, seedParam } from '../lib/lab.js';
import { CHART_HEIGHT, CHART_WIDTH, drawChart } from './samplers/chart.js';

const { width: WIDTH, height: HEIGHT } = MAP;
const METHODS = [
  { name: 'classic', label: 'Classic Bridson', color: '#8a6d3b' },
  { name: 'parent-cone', label: 'Parent cone', color: '#2163a0' },
  { name: 'roberts', label: 'Roberts', color: '#7b3fa0' },
  { name: 'maximal', label: 'Maximal', color: '#2f6f3e' },
];
/** Every row of the table and the chart: the four samplers on the map, then the fast one. */
const ROWS = [...METHODS, { name: 'fast', label: 'Fast (for games)', color: '#b4521c' }];
/** Map colours: sand where another point still fits, pale green within r of a point. */
const ROOM = '#f0d9a8';
const CLAIMED = '#dcebd4';
const DISK = '#a9cf9c';
/** Points per painted chunk (each point is up to three disks). */
const CHUNK = 75;

export function mount(section, wasm) {
  const state = {
    /** The last good result: method name → {run, points, time}, its radius and exponent. */
    runs: null,
    radius: 20,
    exponent: 0,
  };

  const lab = createLab(section, wasm, {
    resized: () => resized(),
    readouts: [['exponent', 'Parent cone’s exponent c', 'c = −1.4 − 17 / √k: how strongly the parent cone throws its candidates toward r']],
    params: [seedParam(), range('radius', 'Radius r', 20, 8, 48), range('k', 'Tries k', 30, 1, 60)],
    // Sampling, then painting: two drivers, so that a repaint (the canvas resized) never drops
    // the samplers' work. The status line and aria-busy follow both.
    job: {
      start: (values) => allRuns(values),
      swap({ runs, times, radius, exponent }) {
        if (state.runs) for (const { run } of state.runs.values()) run.free();
        state.runs = new Map(ROWS.map(({ name }, i) => [name, { run: runs[i], points: runs[i].points(), time: times[i] }]));
        state.radius = radius;
        state.exponent = exponent;
        fill();
        showChart();
        paint();
      },
      progress: (job) => samplingText(job),
      done: doneText,
    },
    actions: [NEW_SEED],
    // Points as JSON/CSV: the first panel's set, classic Bridson.
    exportPoints: () => ({ points: state.runs?.get(METHODS[0].name)?.points ?? new Float64Array(), stride: 3, name: METHODS[0].name }),
  });
  const { canvas, view, set, job: sampling } = lab;
  const chart = setupCanvas(part(section, 'chart'), CHART_WIDTH, CHART_HEIGHT, () => showChart());
  /**
   * Two offscreen pictures: the one on screen (kept to stretch when the canvas is resized) and
   * the one being painted, which takes its place once complete.
   */
  const pictures = [offscreenLayer(canvas, WIDTH, HEIGHT), offscreenLayer(canvas, WIDTH, HEIGHT)];
  let shown = null;
  const rows = new Map();
  for (const tr of section.querySelectorAll('tr[data-method]')) {
    const cells = {};
    for (const td of tr.querySelectorAll('[data-readout]')) cells[td.dataset.readout] = td;
    rows.set(tr.dataset.method, cells);
  }

  const painting = jobDriver(section, {
    progress: () => (sampling.job ? samplingText(sampling.job) : 'Painting the four maps…'),
    done: doneText,
  });

  function samplingText({ index }) {
    return `Sampling… ${ROWS[index].label} (${index + 1} of ${ROWS.length})`;
  }

  /**
   * The five samplers as one job, one after the other: each sampler's job (SamplerJob, and
   * FastSampler for the last row; the constructors only check the values and place at most the
   * first point) runs until it is done, and its time is the sum of its slices.
   */
  function allRuns(values) {
    const jobs = [];
    const times = [];
    const { radius, k, seed } = values;
    const make = (name) =>
      name === 'fast'
        ? new wasm.FastSampler(WIDTH, HEIGHT, radius, seed)
        : new wasm.SamplerJob({ method: name, width: WIDTH, height: HEIGHT, radius, k, seed });
    try {
      for (const { name } of ROWS) {
        const started = performance.now();
        jobs.push(make(name));
        times.push(performance.now() - started);
      }
    } catch (error) {
      for (const job of jobs) job.free();
      throw error;
    }
    const exponent = wasm.defaultExponent(values.k);
    const runs = [];
    return {
      index: 0,
      runUntil(until) {
        while (this.index < jobs.length && performance.now() < until) {
          const started = performance.now();
          const done = advance(jobs[this.index], until);
          times[this.index] += performance.now() - started;
          if (!done) return false;
          runs.push(jobs[this.index].take());
          jobs[this.index].free();
          jobs[this.index] = null;
          this.index += 1;
        }
        return this.index === jobs.length;
      },
      take: () => ({ runs, times, radius: values.radius, exponent }),
      free() {
        for (const job of jobs) job?.free();
        if (runs.length < jobs.length) for (const run of runs) run.free();
      },
    };
  }

  function doneText() {
    if (!state.runs) return '';
    let total = 0;
    for (const { time } of state.runs.values()) total += time;
    return `Done: five samplers in ${total.toFixed(0)} ms.`;
  }

  /** Writes every sampler's figures into its row of the table. */
  function fill() {
    for (const { name } of ROWS) {
      const { run, time } = state.runs.get(name);
      const cells = rows.get(name);
      cells.points.textContent = String(run.pointCount);
      cells.coverage.textContent = percent(run.coverage);
      cells['candidates-per-point'].textContent = run.candidatesPerPoint.toFixed(1);
      cells['time-ms'].textContent = time.toFixed(1);
    }
    set('exponent', state.exponent.toFixed(2));
  }

  /**
   * Queues the map: the four samplers in the four quarters, each at half scale, painted in
   * chunks onto the picture that is not on screen (the sand, then every point's claimed disk,
   * its r / 2 disk and its dot, then the label), which is shown when complete.
   */
  function paint() {
    if (!state.runs) return;
    const r = state.radius;
    const font = textSize(view, 13);
    const art = pictures[0] === shown ? pictures[1] : pictures[0];
    const tasks = [
      () => {
        art.reset();
        clear(art.ctx, WIDTH, HEIGHT, '#fff');
      },
    ];
    METHODS.forEach(({ name, label, color }, index) => {
      const { run, points } = state.runs.get(name);
      const ox = (index % 2) * (WIDTH / 2);
      const oy = Math.floor(index / 2) * (HEIGHT / 2);
      /** Runs `draw(ctx)` in map units inside this quarter. */
      const quarter = (draw) => () => {
        const { ctx } = art;
        ctx.save();
        ctx.beginPath();
        ctx.rect(ox + 1, oy + 1, WIDTH / 2 - 2, HEIGHT / 2 - 2);
        ctx.clip();
        ctx.translate(ox + 1, oy + 1);
        ctx.scale((WIDTH / 2 - 2) / WIDTH, (HEIGHT / 2 - 2) / HEIGHT);
        draw(ctx);
        ctx.restore();
      };
      tasks.push(
        quarter((ctx) => {
          ctx.fillStyle = ROOM;
          ctx.fillRect(0, 0, WIDTH, HEIGHT);
        }),
      );
      for (const [radius, colour] of [
        [r, CLAIMED],
        [r / 2, DISK],
        [Math.max(1.5, r * 0.09), COLORS.tree],
      ]) {
        for (let from = 0; from < points.length; from += CHUNK * 3) {
          const chunk = points.subarray(from, from + CHUNK * 3);
          tasks.push(quarter((ctx) => dots(ctx, chunk, 3, radius, colour)));
        }
      }
      // The sampler's name and coverage in the quarter's corner.
      tasks.push(() => {
        const { ctx } = art;
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
    });
    tasks.push(() => {
      shown = art;
    });
    painting.run(paintJob(art, view.ctx, tasks));
  }

  function showChart() {
    drawChart(chart, ROWS, state.runs && ROWS.map(({ name }) => state.runs.get(name).run.coverage));
  }

  /** The canvas changed size: stretch the picture on screen for now and repaint at the new size. */
  function resized() {
    if (shown) {
      view.ctx.save();
      view.ctx.setTransform(1, 0, 0, 1, 0, 0);
      view.ctx.imageSmoothingEnabled = true;
      view.ctx.drawImage(shown.canvas, 0, 0, canvas.width, canvas.height);
      view.ctx.restore();
    }
    paint();
  }

  return () => sampling.want('seed');
}
