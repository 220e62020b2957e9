// Relaxation: one start set (white noise, Bridson, or the fast sampler's points) moved by Lloyd's
// method or farthest-point optimisation, iteration by iteration. The bindings relax
// (Relaxation), measure (measure: δX and mean δX), cut the Voronoi cells (voronoiCells) and take
// the spectrum (spectrumOf); this lab records a run and draws the iteration asked for.
//
// A run is recorded once, forward, by the job driver (www/lib/job.js): Relaxation.run(budget)
// works a slice per frame, and each finished iteration is stored with its figures, cells and
// radial spectrum (www/labs/relax/record.js). The iterations slider only reads that record: it
// shows the iteration it is at as soon as it is recorded, and the last one recorded until then
// (the status line says how far the record is).
// A change of start, method or seed records a new run; the map keeps the last picture until the
// new run's start is recorded, and carries aria-busy until the whole run is.
//
// State: the method, the run being shown (its records), and what was drawn last.

import { setupCanvas } from '../lib/canvas.js';
import { clear } from '../lib/draw.js';
import { onNextFrame } from '../lib/frame.js';
import { buildParams, range } from '../lib/params.js';
import { MAP, NEW_SEED, actions, count, createLab, newSeed, part, player, seedParam, units } from '../lib/lab.js';
import { drawRadial } from '../lib/radial.js';
import { drawCells } from './relax/cells.js';
import { recordedRun } from './relax/record.js';

const { width: WIDTH, height: HEIGHT } = MAP;
/** Bridson's and the fast sampler's spacing: Bridson puts about 460 points on the map. */
const RADIUS = 20;
const K = 30;
/** The run's length: the slider's end. */
const ITERATIONS = 64;
const METHODS = [
  { value: 'lloyd', label: 'Lloyd' },
  { value: 'fpo', label: 'Farthest point' },
];
const STARTS = [
  { value: 'random', label: 'White noise' },
  { value: 'bridson', label: 'Bridson' },
  { value: 'fast', label: 'Fast sampler' },
];
const PLOT_WIDTH = 360;
const PLOT_HEIGHT = 260;
/** A hexagonal lattice of spacing d has its first spectral peak at 2 / (√3 d). */
const LATTICE_PEAK = 2 / Math.sqrt(3);
/** While a run records, the map is redrawn at most this often (ms). */
const LIVE_DRAW_MS = 120;
/** Play shows a new iteration every this many frames (about twelve a second). */
const FRAMES_PER_ITERATION = 5;

const labelOf = (list, value) => list.find((o) => o.value === value)?.label ?? value;
/** The methods' names inside a sentence. */
const IN_WORDS = { lloyd: 'Lloyd', fpo: 'farthest point' };

export function mount(section, wasm) {
  const state = {
    method: 'lloyd',
    /** The run shown (recordedRun), complete or still recording. */
    run: null,
    /** What the map and plot show now: [run, iteration], to skip redrawing the same. */
    drawn: [null, -1],
    /** When the map was last drawn (performance.now()). */
    drewAt: -Infinity,
  };

  const lab = createLab(section, wasm, {
    resized: () => draw(true),
    readouts: [
      ['points', 'Points'],
      ['delta-x', 'δX', 'The closest pair’s distance ÷ the spacing of a perfect hexagonal lattice of as many points (1 at most)'],
      ['mean-delta-x', 'Mean δX', 'Each point’s distance to its nearest neighbour, averaged, ÷ the same lattice spacing'],
      ['min-distance', 'Closest pair', 'The distance between the two closest points, in map units'],
    ],
    params: [
      range('iterations', 'Iterations', ITERATIONS, 0, ITERATIONS),
      { name: 'start', label: 'Start from', type: 'select', options: STARTS, value: 'random' },
      seedParam(),
    ],
    // The slider reads the record; everything else records a new run.
    changed: (values, name) => (name === 'iterations' ? showSoon() : lab.job.want(name)),
    job: {
      start(values) {
        const run = recordedRun(wasm, {
          start: startPoints(values.start, values.seed),
          width: WIDTH,
          height: HEIGHT,
          method: state.method,
          iterations: ITERATIONS,
        });
        run.startLabel = labelOf(STARTS, values.start);
        state.run = run;
        return run;
      },
      // While the run records, the map follows it a few times a second (each picture costs a
      // frame several milliseconds on a software canvas); once it is recorded, at once.
      frame: (running) => {
        if (!running || performance.now() - state.drewAt >= LIVE_DRAW_MS) draw();
      },
      progress: (run) => `${labelOf(METHODS, run.method)}: iteration ${Math.max(0, run.records.length - 1)} of ${ITERATIONS} recorded…`,
      done() {
        const run = state.run;
        if (!run?.done) return '';
        return `${ITERATIONS} iterations of ${IN_WORDS[run.method]} from ${run.startLabel.toLowerCase()}, recorded in ${count(run.spent)} ms.`;
      },
    },
    // Points as JSON/CSV: the iteration shown.
    exportPoints: () => ({ points: shownRecord()?.points ?? new Float64Array(), stride: 2, name: `${state.method}-${shownIteration()}` }),
  });
  const { params, view, set, job } = lab;
  const plot = setupCanvas(part(section, 'radial'), PLOT_WIDTH, PLOT_HEIGHT, () => draw(true));
  const showSoon = onNextFrame(() => draw());

  // The start choice sits beside the method, the seed with the buttons under the map.
  part(section, 'start-slot').append(params.input('start').closest('.param'));
  part(section, 'seed-slot').append(params.input('seed').closest('.param'));

  buildParams(part(section, 'method-picker'), [{ name: 'method', type: 'radio', options: METHODS, value: state.method }], (values) => {
    state.method = values.method;
    job.want(null);
  });

  const play = player(tick, (playing) => {
    buttons.get('play').textContent = playing ? 'Pause' : 'Play';
  });
  let frames = 0;
  const buttons = actions(part(section, 'main-actions'), [{ action: 'play', label: 'Play', title: 'Replay the iterations from 0' }, NEW_SEED], {
    play: () => {
      if (play.playing) return play.stop();
      if (play.reducedMotion()) return setIterations(ITERATIONS);
      if (iterations() >= ITERATIONS) setIterations(0);
      frames = 0;
      play.start();
    },
    'new-seed': newSeed(params, wasm, (name) => job.want(name)),
  });
  // A reader's hand on the slider stops Play.
  params.input('iterations').addEventListener('input', (event) => {
    if (event.isTrusted) play.stop();
  });

  /** One frame of Play: the next iteration every few frames, once it is recorded. */
  function tick() {
    const at = iterations();
    if (at >= ITERATIONS) return false;
    frames += 1;
    if (frames < FRAMES_PER_ITERATION || at + 1 > recorded()) return true;
    frames = 0;
    setIterations(at + 1);
    return at + 1 < ITERATIONS;
  }

  function iterations() {
    return params.values().iterations;
  }

  function setIterations(value) {
    params.set('iterations', value);
    showSoon();
  }

  /** The last iteration recorded so far (−1 before the start is). */
  function recorded() {
    return state.run ? state.run.records.length - 1 : -1;
  }

  function shownIteration() {
    return Math.min(iterations(), recorded());
  }

  function shownRecord() {
    const at = shownIteration();
    return at >= 0 ? state.run.records[at] : null;
  }

  /** The start's points as x, y pairs: white noise has as many points as Bridson's set. */
  function startPoints(start, seed) {
    if (start === 'fast') return wasm.fastPoisson(WIDTH, HEIGHT, RADIUS, seed);
    const triplets = wasm.poissonDisk(WIDTH, HEIGHT, RADIUS, K, seed);
    const n = triplets.length / 3;
    if (start === 'random') return wasm.randomPoints(n, WIDTH, HEIGHT, seed);
    const pairs = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      pairs[2 * i] = triplets[3 * i];
      pairs[2 * i + 1] = triplets[3 * i + 1];
    }
    return pairs;
  }

  /** Shows the iteration the slider asks for, or the last recorded one; `force` after a resize. */
  function draw(force = false) {
    const at = shownIteration();
    if (at < 0) return;
    const run = state.run;
    if (!force && state.drawn[0] === run && state.drawn[1] === at) return;
    state.drawn = [run, at];
    state.drewAt = performance.now();
    const record = run.records[at];
    clear(view.ctx, WIDTH, HEIGHT, '#fff');
    drawCells(view.ctx, WIDTH, HEIGHT, record, 2.2);

    const { measure } = record;
    set('points', String(measure.points));
    set('delta-x', measure.deltaX.toFixed(3));
    set('mean-delta-x', measure.meanDeltaX.toFixed(3));
    set('min-distance', units(measure.minDistance));

    // The spectrum against frequency × d, d the spacing of a hexagonal lattice of as many points.
    const d = Math.sqrt((2 * WIDTH * HEIGHT) / (Math.sqrt(3) * measure.points));
    const curves = [];
    if (at > 0) curves.push({ values: run.records[0].radial, color: 'rgba(31, 42, 31, 0.35)', lineWidth: 1.5 });
    curves.push({ values: record.radial, color: '#2f6f3e' });
    drawRadial(plot, PLOT_WIDTH, PLOT_HEIGHT, curves, {
      step: record.binWidth * d,
      xLabel: 'frequency × d',
      marks: [{ x: LATTICE_PEAK, label: 'lattice' }],
    });
  }

  return () => job.want('seed');
}
