// Endless worlds: a pannable view over a world the core's `EndlessWorld`
// (crates/core/src/chunks.rs) generates chunk by chunk. The view asks for the points inside it;
// the core builds the chunks it needs (and their lower-phase neighbours), keeps about a hundred
// and forgets the farthest. A chunk depends only on the seed and its coordinates, so panning
// away and back shows exactly the same points.
//
// State: the current `EndlessWorld` (rebuilt when seed or radius change) and the view's centre
// in world units, always whole numbers so that dragging back to the start lands exactly there.

import { setupCanvas } from '../lib/canvas.js';
import { onNextFrame } from '../lib/frame.js';
import { trackPointer } from '../lib/pointer.js';
import { COLORS, clear, dots, line } from '../lib/draw.js';
import { actions, guardedParams, part, readouts, seedParam } from '../lib/lab.js';

const WIDTH = 720;
const HEIGHT = 400;
const CHUNK = 120;
const K = 30;
/** Chunks the world remembers; the view needs about 35 and their neighbours. */
const CAPACITY = 96;
/** Arrow keys pan this far (Shift: five times as far). */
const KEY_STEP = 40;
/** A faint tint per phase, for "show chunks". */
const PHASE_TINT = [
  'rgba(33, 99, 160, 0.00)',
  'rgba(33, 99, 160, 0.06)',
  'rgba(224, 138, 30, 0.08)',
  'rgba(194, 24, 91, 0.06)',
];
const BORDER = 'rgba(33, 99, 160, 0.55)';

export function mount(section, wasm) {
  const canvas = part(section, 'map');
  const state = { world: null, radius: 14, showChunks: true, cx: 0, cy: 0 };

  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => draw());
  const requestDraw = onNextFrame(() => draw());

  const set = readouts(part(section, 'readouts'), [
    { name: 'position', label: 'Position', title: 'The view’s centre in world units (x, y)' },
    { name: 'points', label: 'Points in view' },
    { name: 'chunks', label: 'Chunks generated', title: 'Every chunk built so far, neighbours included' },
    { name: 'cached', label: 'Chunks cached', title: 'Chunks the world remembers now' },
    { name: 'centre-chunk', label: 'Centre chunk' },
    { name: 'chunk-hash', label: 'Its fingerprint', title: 'A hash of every coordinate in the centre chunk' },
  ]);

  let changed = null;
  const controls = part(section, 'controls');
  controls.addEventListener('input', (event) => (changed = event.target.name), true);
  const { params, rebuild } = guardedParams(
    controls,
    [
      seedParam(),
      { name: 'radius', label: 'Radius r', type: 'range', value: state.radius, min: 6, max: 40, step: 1 },
      { name: 'show-chunks', label: 'Show chunks', type: 'checkbox', value: state.showChunks },
    ],
    (values) => {
      if (changed === 'show-chunks' && state.world) return null;
      return {
        world: new wasm.EndlessWorld(CHUNK, values.radius, K, values.seed, CAPACITY),
        radius: values.radius,
      };
    },
    (result) => {
      state.showChunks = params.values()['show-chunks'];
      if (result) {
        state.world?.free();
        Object.assign(state, result);
      }
      requestDraw();
    },
  );

  actions(
    part(section, 'actions'),
    [
      { action: 'reset', label: 'Reset view' },
      { action: 'new-seed', label: 'New seed' },
    ],
    {
      reset: () => moveTo(0, 0),
      'new-seed': () => {
        params.set('seed', wasm.randomSeed());
        changed = 'seed';
        rebuild('seed');
      },
    },
  );

  function moveTo(x, y) {
    state.cx = Math.round(x);
    state.cy = Math.round(y);
    requestDraw();
  }

  // Dragging moves the world with the pointer: the view's centre goes the other way.
  let grab = null;
  trackPointer(canvas, { width: WIDTH, height: HEIGHT }, {
    drag: true,
    down: (at) => {
      grab = { x: at.x, y: at.y, cx: state.cx, cy: state.cy };
      canvas.classList.add('is-grabbing');
    },
    move: (at) => {
      if (!grab) return;
      moveTo(grab.cx - Math.round(at.x - grab.x), grab.cy - Math.round(at.y - grab.y));
    },
    up: () => {
      grab = null;
      canvas.classList.remove('is-grabbing');
    },
  });

  canvas.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? 5 * KEY_STEP : KEY_STEP;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(state.cx + move[0], state.cy + move[1]);
  });

  function draw() {
    const { ctx } = view;
    clear(ctx, WIDTH, HEIGHT);
    const w = state.world;
    if (!w) return;
    const left = state.cx - WIDTH / 2;
    const top = state.cy - HEIGHT / 2;
    const c0 = w.chunkX(left);
    const c1 = w.chunkX(left + WIDTH);
    const r0 = w.chunkY(top);
    const r1 = w.chunkY(top + HEIGHT);

    if (state.showChunks) {
      for (let cy = r0; cy <= r1; cy++) {
        for (let cx = c0; cx <= c1; cx++) {
          ctx.fillStyle = PHASE_TINT[wasm.EndlessWorld.phase(cx, cy)];
          ctx.fillRect(cx * CHUNK - left, cy * CHUNK - top, CHUNK, CHUNK);
        }
      }
    }

    const pts = w.pointsIn(left, top, WIDTH, HEIGHT);
    // World to view: shift by the view's corner.
    for (let i = 0; i < pts.length; i += 2) {
      pts[i] -= left;
      pts[i + 1] -= top;
    }
    const r = state.radius;
    dots(ctx, pts, 2, r / 2, 'rgba(95, 168, 107, 0.25)');
    dots(ctx, pts, 2, Math.min(3, r * 0.2), COLORS.tree);

    if (state.showChunks) {
      ctx.save();
      ctx.setLineDash([6, 5]);
      for (let cx = c0; cx <= c1 + 1; cx++) line(ctx, cx * CHUNK - left, 0, cx * CHUNK - left, HEIGHT, BORDER, 1.5);
      for (let cy = r0; cy <= r1 + 1; cy++) line(ctx, 0, cy * CHUNK - top, WIDTH, cy * CHUNK - top, BORDER, 1.5);
      ctx.restore();
      ctx.fillStyle = BORDER;
      ctx.font = '11px system-ui, sans-serif';
      for (let cy = r0; cy <= r1; cy++) {
        for (let cx = c0; cx <= c1; cx++) {
          ctx.fillText(`${cx}, ${cy} · phase ${wasm.EndlessWorld.phase(cx, cy)}`, cx * CHUNK - left + 4, cy * CHUNK - top + 13);
        }
      }
    }

    // The view's centre.
    line(ctx, WIDTH / 2 - 6, HEIGHT / 2, WIDTH / 2 + 6, HEIGHT / 2, COLORS.current, 1.5);
    line(ctx, WIDTH / 2, HEIGHT / 2 - 6, WIDTH / 2, HEIGHT / 2 + 6, COLORS.current, 1.5);

    const ccx = w.chunkX(state.cx);
    const ccy = w.chunkY(state.cy);
    set('position', `${state.cx}, ${state.cy}`);
    set('points', pts.length / 2);
    set('centre-chunk', `${ccx}, ${ccy}`);
    set('chunk-hash', w.chunkDigest(ccx, ccy));
    set('chunks', w.generated);
    set('cached', w.cached);
  }

  rebuild();

  // Points as JSON/CSV (www/lib/export.js): the points in view, relative to the view's corner.
  section.exportPoints = () => {
    const left = state.cx - WIDTH / 2;
    const top = state.cy - HEIGHT / 2;
    const points = state.world ? state.world.pointsIn(left, top, WIDTH, HEIGHT) : new Float64Array();
    for (let i = 0; i < points.length; i += 2) {
      points[i] -= left;
      points[i + 1] -= top;
    }
    return { width: WIDTH, height: HEIGHT, points, stride: 2, name: 'endless' };
  };
}
