// Bridson's algorithm, step by step. The sampler (PoissonSampler in crates/web, stepping the
// core's bridson::Sampler) owns the state; this lab steps it, draws what the step did and
// writes the counts the sampler reports.
//
// Start: from the seed's own first point (startRandom, so Finish gives the reference result),
// or from a spot the reader clicks (startAt, no random draws). Changing radius, k or the seed
// rebuilds the sampler from the same start; Reset goes back to the seed's first point.

import { setupCanvas } from '../lib/canvas.js';
import { trackPointer } from '../lib/pointer.js';
import { onNextFrame, prefersReducedMotion } from '../lib/frame.js';
import { COLORS, annulus, clear, cross, dot, gridLines, ring } from '../lib/draw.js';
import { actions, guardedParams, part, percent, player, readouts, seedParam, units } from '../lib/lab.js';

const WIDTH = 720;
const HEIGHT = 400;
/** Steps per slice when finishing, so a huge run never blocks a frame for long. */
const FINISH_SLICE = 20000;

export function mount(section, wasm) {
  const canvas = part(section, 'map');
  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => draw());
  const requestDraw = onNextFrame(() => draw());

  const state = {
    sampler: null,
    /** The clicked first point, or null to draw the first point from the seed. */
    start: null,
    /** Whether a Finish is running in slices. */
    finishing: false,
  };

  const table = [
    seedParam(),
    { name: 'radius', label: 'Radius r', type: 'range', value: 32, min: 8, max: 80, step: 1 },
    { name: 'k', label: 'Tries k', type: 'range', value: 30, min: 1, max: 60, step: 1 },
    {
      name: 'speed',
      label: 'Speed',
      type: 'range',
      value: 8,
      min: 1,
      max: 200,
      step: 1,
      format: (v) => `${v} steps/frame`,
    },
    { name: 'show-grid', label: 'Show grid', type: 'checkbox', value: false },
  ];

  // Speed and the grid toggle change only how the lab plays and draws; everything else makes a
  // new sampler. `changed` names what the reader just changed (guardedParams' build sees only
  // the values): a capture listener on the controls records it before build runs.
  let changed = null;
  const controls = part(section, 'controls');
  controls.addEventListener('input', (event) => (changed = event.target.name), true);
  const { params, rebuild } = guardedParams(
    controls,
    table,
    (values) => (changed === 'speed' || changed === 'show-grid' ? null : plant(values)),
    (sampler) => {
      if (sampler) install(sampler);
      else requestDraw();
    },
  );
  /** Rebuilds the sampler; a refusal shows beside `name` (or where a message already is). */
  function replant(name = null) {
    changed = null;
    return rebuild(name);
  }

  const setReadout = readouts(part(section, 'readouts'), [
    { name: 'points', label: 'Points' },
    { name: 'active', label: 'Active' },
    { name: 'retired', label: 'Retired' },
    { name: 'steps', label: 'Steps', title: 'Steps that placed or retired a point' },
    { name: 'accept-rate', label: 'Accept rate', title: 'Accepted candidates / candidates tried' },
    { name: 'start', label: 'First point', title: 'Where the first point stands (x, y)' },
  ]);
  // Beside the step count: what it will reach when the map is full.
  const stepsCell = section.querySelector('[data-readout="steps"]');
  const target = document.createElement('dd');
  target.className = 'readout-note';
  stepsCell.after(target);

  const play = player(
    () => {
      const done = state.sampler.run(params.values().speed);
      draw();
      return !done;
    },
    (playing) => {
      buttons.get('play').textContent = playing ? 'Pause' : 'Play';
      buttons.get('play').setAttribute('aria-pressed', String(playing));
    },
  );

  const buttons = actions(
    part(section, 'actions'),
    [
      { action: 'step', label: 'Step', title: 'One step: place a point or retire one' },
      { action: 'play', label: 'Play' },
      { action: 'finish', label: 'Finish', title: 'Step until nothing is active' },
      { action: 'reset', label: 'Reset', title: 'Start again from the seed’s first point' },
      { action: 'new-seed', label: 'New seed' },
    ],
    {
      step() {
        play.stop();
        if (!state.sampler || state.finishing) return;
        state.sampler.step();
        draw();
      },
      play() {
        if (!state.sampler || state.finishing) return;
        if (prefersReducedMotion()) {
          finish();
          return;
        }
        // Play on a full map replays it from the same first point.
        if (!play.playing && state.sampler.isFinished && !replant()) return;
        play.toggle();
      },
      finish,
      reset() {
        state.start = null;
        replant('seed');
      },
      'new-seed'() {
        params.set('seed', wasm.randomSeed());
        replant('seed');
      },
    },
  );
  buttons.get('play').setAttribute('aria-pressed', 'false');

  trackPointer(canvas, { width: WIDTH, height: HEIGHT }, {
    down: ({ x, y }) => {
      const previous = state.start;
      state.start = { x, y };
      if (!replant()) state.start = previous;
    },
  });

  /** A fresh sampler for `values`, started from the clicked point or the seed. */
  function plant(values) {
    const sampler = new wasm.PoissonSampler(WIDTH, HEIGHT, values.radius, values.k, values.seed);
    if (state.start) sampler.startAt(state.start.x, state.start.y);
    else sampler.startRandom();
    return sampler;
  }

  /** Swaps in a new sampler, freeing the old one, and shows its first point. */
  function install(sampler) {
    play.stop();
    state.finishing = false;
    state.sampler?.free();
    state.sampler = sampler;
    requestDraw();
  }

  /** Steps to the end in slices of FINISH_SLICE, one slice per frame, drawing as it goes. */
  function finish() {
    play.stop();
    if (!state.sampler || state.finishing) return;
    const sampler = state.sampler;
    state.finishing = true;
    const slice = () => {
      if (state.sampler !== sampler || !state.finishing) return; // replaced meanwhile
      const done = sampler.run(FINISH_SLICE);
      draw();
      if (done) state.finishing = false;
      else requestAnimationFrame(slice);
    };
    slice();
  }

  function draw() {
    const sampler = state.sampler;
    if (!sampler) return;
    const { ctx } = view;
    const r = sampler.radius;
    clear(ctx, WIDTH, HEIGHT, COLORS.ground);
    if (params.values()['show-grid']) gridLines(ctx, WIDTH, HEIGHT, sampler.cellSize);

    const points = sampler.points();
    const count = points.length / 3;
    const active = sampler.active();
    const isActive = new Uint8Array(count);
    for (const i of active) isActive[i] = 1;

    // Each point's half-spacing disc: discs of radius r/2 never overlap, so the packing shows.
    ctx.fillStyle = 'rgba(95, 168, 107, 0.18)';
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      const x = points[i * 3];
      const y = points[i * 3 + 1];
      ctx.moveTo(x + r / 2, y);
      ctx.arc(x, y, r / 2, 0, Math.PI * 2);
    }
    ctx.fill();

    const finished = sampler.isFinished;
    const current = finished ? -1 : sampler.current;
    if (current >= 0) {
      const cx = points[current * 3];
      const cy = points[current * 3 + 1];
      annulus(ctx, cx, cy, r);
      ring(ctx, cx, cy, r, COLORS.current, 1, [4, 4]);
      ring(ctx, cx, cy, 2 * r, COLORS.current, 1, [4, 4]);
    }

    const dotSize = Math.max(2.5, Math.min(4.5, r / 7));
    for (const [flag, color] of [
      [0, COLORS.tree],
      [1, COLORS.active],
    ]) {
      ctx.fillStyle = color;
      ctx.beginPath();
      for (let i = 0; i < count; i++) {
        if (isActive[i] !== flag) continue;
        const x = points[i * 3];
        const y = points[i * 3 + 1];
        ctx.moveTo(x + dotSize, y);
        ctx.arc(x, y, dotSize, 0, Math.PI * 2);
      }
      ctx.fill();
    }

    if (current >= 0) {
      dot(ctx, points[current * 3], points[current * 3 + 1], dotSize + 2.5, COLORS.current);
      const tried = sampler.tried();
      for (let j = 0; j < tried.length; j += 4) {
        const [x, y, outcome] = [tried[j], tried[j + 1], tried[j + 2]];
        if (outcome === 0) {
          dot(ctx, x, y, dotSize + 1, COLORS.accepted);
          ring(ctx, x, y, dotSize + 3, COLORS.accepted, 1.5);
        } else {
          cross(ctx, x, y, 3.5, COLORS.rejected, 1.5);
        }
      }
    }

    setReadout('points', count);
    setReadout('active', sampler.activeCount);
    setReadout('retired', sampler.retired);
    setReadout('steps', sampler.steps);
    setReadout('accept-rate', sampler.attempted > 0 ? percent(sampler.acceptRate) : '–');
    setReadout('start', count > 0 ? `${units(points[0])}, ${units(points[1])}` : '–');
    // N points take 2N − 1 steps: the count matches once the map is full.
    target.textContent = count > 0 ? `2N − 1 = ${2 * count - 1}${finished ? ' ✓' : ''}` : '';
  }

  replant();
}
