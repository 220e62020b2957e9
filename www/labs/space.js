// Three dimensions: Bridson's algorithm filling a 40 × 40 × 40 box (SpaceSampler), and the same
// rule on the surface of a torus (MeshSampler), each run a slice per frame by the page's job
// driver and drawn as a turntable view (www/labs/space/view.js). A drag or the arrow keys turn
// it; pointing at a point (a tap, or Enter on the focused map) shows its ball of radius r and
// the 5 × 5 × 5 block of cells the grid reads around it (www/labs/space/block.js). Every count
// comes from the core: the points, the pairs closer than r, the cell side, the block's size.
//
// State: the last finished fill (`done`: both samplers and their points) and the view (which
// scene, yaw, tilt, spinning or not, the chosen point). A fill in progress is drawn as it grows;
// a refused value leaves the last fill and its picture alone.

import { checkbox, range } from '../lib/params.js';
import { clear } from '../lib/draw.js';
import { textSize } from '../lib/canvas.js';
import { onNextFrame, prefersReducedMotion } from '../lib/frame.js';
import { NEW_SEED, count, createLab, part, say, seedParam } from '../lib/lab.js';
import { trackPointer } from '../lib/pointer.js';
import { HEIGHT, MAX_PITCH, TALL, WIDTH, boxEdges, drawPoints, emptyCache, makeCamera, middlemost, pick, strokeSegments, torusLines } from './space/view.js';
import { drawBall, drawBlock, drawFace, neighbourhood, summaryText } from './space/block.js';
import { fillJob } from './space/fill.js';

/** The box's side, in the same units as r. */
export const SIDE = 40;
/** The torus: the page's example (major 10, minor 4 at r = 1), four times larger to share r. */
export const TORUS = { major: 40, minor: 16, around: 48, across: 24 };
/**
 * Each scene's camera; the torus's `zoom(height, pitch)` is its scale on a map `height` units
 * high (a phone's is tall); the box's scale is fitted to the view (`boxZoom`).
 */
const BOX_CAMERA = { centre: [SIDE / 2, SIDE / 2, SIDE / 2], reach: (SIDE * Math.sqrt(3)) / 2 };
const TORUS_CAMERA = {
  centre: [0, 0, 0],
  reach: TORUS.major + TORUS.minor,
  // Tilted toward face-on the ring stands taller: it shrinks to keep inside the map.
  zoom: (h, pitch) => Math.min(4.2, (0.46 * h) / (1.25 * (TORUS.major + TORUS.minor) * Math.abs(Math.sin(pitch)) + 1.25 * TORUS.minor * Math.cos(pitch))),
};
/** The torus's two samplers (the bindings' `method`), as the select lists them. */
const METHODS = [
  { value: 'bridson', label: 'Bridson' },
  { value: 'fast', label: 'Fast' },
];
/** With weights on, the spacing runs from r at the torus's top to SPREAD × r at its bottom. */
const SPREAD = 2;
/** Below this width (CSS pixels) the map is drawn TALL units high, so the box is not tiny. */
const NARROW = 560;
/** Radians per arrow-key press (Shift: four times as far), per map unit dragged, per ms of spin. */
const TURN = { key: 0.1, drag: 0.012, spin: 0.0003 };
/** A press and release closer than this (map units) is a tap, not a drag. */
const TAP_SLOP = 6;
/**
 * The map's most backing pixels per CSS pixel: a 3× phone draws at 2×, which keeps the dots
 * round and crisp and a turn at r = 2 (about 5000 dots) within a frame's budget.
 */
const MAX_RATIO = 2;

export function mount(section, wasm) {
  const canvas = part(section, 'map');
  const summary = part(section, 'summary');
  const mesh = wasm.Mesh.torus(TORUS);
  const faces = { vertices: mesh.vertices(), indices: mesh.indices(), count: mesh.triangleCount };
  // Each vertex's weight from its height: 1 on the top of the ring (spacing r), 0 at its bottom
  // (spacing SPREAD × r), in a straight line between.
  const heights = Float64Array.from({ length: faces.vertices.length / 3 }, (_, i) =>
    Math.min(1, Math.max(0, (faces.vertices[3 * i + 2] + TORUS.minor) / (2 * TORUS.minor))),
  );
  const guide = torusLines(TORUS.major, TORUS.minor);
  const box = boxEdges([0, 0, 0], [SIDE, SIDE, SIDE]);
  const state = {
    done: null,
    scene: 'box',
    yaw: 0.55,
    pitch: 0.42,
    spin: !prefersReducedMotion(),
    visible: false,
    lastTime: 0,
    chosen: -1,
    near: null,
    cache: emptyCache(),
    pressed: null,
  };

  const lab = createLab(section, wasm, {
    maxRatio: MAX_RATIO,
    resized: () => fit(),
    readouts: [
      ['points', 'Points in the box'],
      ['too-close', 'Pairs closer than r', 'counted by the core’s grid, in 3D'],
      ['density', 'Points per r³ (full: about 0.6)', 'points × r³ / the box’s volume'],
      ['cell', 'Cell side (r/√3)'],
      ['block', 'Cells read per check'],
      ['surface-points', 'Points on the torus'],
      ['surface-method', 'Torus method'],
      ['surface-halves', 'Torus top / bottom', 'points on the torus above and below its middle'],
      ['surface-too-close', 'Torus pairs closer than r'],
    ],
    params: [
      seedParam(),
      range('radius', 'Radius r', 4, 2, 10, 0.5),
      range('k', 'Tries k', 30, 1, 60),
      { name: 'method', label: 'Torus method', type: 'select', options: METHODS, value: 'bridson' },
      checkbox('weights', 'Torus denser on top', false),
    ],
    job: {
      start: (values) => fill(values),
      swap(job) {
        const old = state.done;
        state.done = job;
        if (old && old !== job) old.free();
        job.read();
        set('too-close', job.box.tooClose);
        set('surface-too-close', job.torus.tooClose);
        showCounts(job);
        request();
      },
      progress: (job) =>
        job.box.isFinished ? `Scattering on the torus… ${job.torus.pointCount} points` : `Filling the box… ${job.box.pointCount} points`,
      done: (stats) => (state.done ? `Done: ${state.done.box.pointCount} points in the box and ${state.done.torus.pointCount} on the torus, in ${stats.spent.toFixed(0)} ms of work.` : ''),
      frame(job) {
        if (job) {
          job.read();
          showCounts(job);
        }
        request();
      },
    },
    actions: [{ action: 'spin', label: 'Spin', title: 'turn the view slowly by itself' }, NEW_SEED],
    handlers: { spin: () => setSpin(!state.spin) },
    // The scene shown, as x, y, z per point (JSON rows [x, y, z]; CSV columns x,y,z); the JSON's
    // width and height are the box's sides, or the torus's width across.
    exportPoints: () => {
      const across = 2 * (TORUS.major + TORUS.minor);
      if (state.scene === 'box') {
        return { width: SIDE, height: SIDE, points: state.done?.boxPoints ?? new Float64Array(), stride: 3, columns: 'x,y,z', name: 'box' };
      }
      const sixes = state.done?.torusPoints ?? new Float64Array();
      const xyz = sixes.filter((_, i) => i % 6 < 3);
      return { width: across, height: across, points: xyz, stride: 3, columns: 'x,y,z', name: 'torus' };
    },
  });
  const { view, set, buttons } = lab;

  /** A fill for the current values: a new request lets go of the chosen point. */
  function fill(values) {
    const job = fillJob(wasm, SIDE, mesh, values, { heights, spread: SPREAD });
    choose(-1);
    for (const name of ['too-close', 'surface-too-close']) set(name, '–');
    return job;
  }

  /** What the map shows: the fill in progress, else the last finished one. */
  function shown() {
    return lab.job.job ?? state.done;
  }

  function showCounts(job) {
    const n = job.box.pointCount;
    set('points', n);
    set('density', ((n * job.radius ** 3) / SIDE ** 3).toFixed(2));
    set('cell', job.box.cell.toFixed(2));
    set('block', job.box.block);
    set('surface-points', job.torus.pointCount);
    set('surface-method', METHODS.find((m) => m.value === job.method).label);
    let top = 0;
    const sixes = job.torusPoints;
    for (let i = 2; i < sixes.length; i += 6) if (sixes[i] > 0) top++;
    set('surface-halves', `${top} / ${sixes.length / 6 - top}`);
  }

  // ---- The view: which scene, turned how ----

  const views = new Map();
  for (const [scene, label] of [['box', 'Box'], ['torus', 'Torus']]) {
    const button = document.createElement('button');
    Object.assign(button, { type: 'button', textContent: label });
    button.dataset.action = 'view';
    button.dataset.view = scene;
    button.addEventListener('click', () => setScene(scene));
    part(section, 'views').append(button);
    views.set(scene, button);
  }

  function setScene(scene) {
    state.scene = scene;
    for (const [name, button] of views) button.setAttribute('aria-pressed', String(name === scene));
    choose(-1);
  }

  function setSpin(on) {
    state.spin = on;
    buttons.get('spin').setAttribute('aria-pressed', String(on));
    request();
  }

  function turn(dyaw, dpitch) {
    if (state.spin) setSpin(false);
    state.yaw = (state.yaw + dyaw) % (2 * Math.PI);
    state.pitch = Math.min(MAX_PITCH, Math.max(-MAX_PITCH, state.pitch + dpitch));
    request();
  }

  function camera() {
    const spec = state.scene === 'box' ? BOX_CAMERA : TORUS_CAMERA;
    const { height } = view;
    const at = { ...spec, width: WIDTH, height, yaw: state.yaw, pitch: state.pitch };
    if (state.scene === 'box') return makeCamera({ ...at, scale: boxZoom(at) });
    return makeCamera({ ...at, scale: spec.zoom(height, state.pitch) });
  }

  /**
   * The box's scale for this view: its eight corners, seen from here, span 84 % of the map's
   * height (or of its width, if that is tighter), so the box fills the picture as it turns.
   */
  function boxZoom(at) {
    const unit = makeCamera({ ...at, scale: 1 });
    let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const x of [0, SIDE]) for (const y of [0, SIDE]) for (const z of [0, SIDE]) {
      const p = unit.project(x, y, z);
      [x0, x1, y0, y1] = [Math.min(x0, p.x), Math.max(x1, p.x), Math.min(y0, p.y), Math.max(y1, p.y)];
    }
    // Measured from the map's middle, where the camera centres the box.
    const halfW = Math.max(x1 - at.width / 2, at.width / 2 - x0);
    const halfH = Math.max(y1 - at.height / 2, at.height / 2 - y0);
    return 0.84 * Math.min(at.height / 2 / halfH, at.width / 2 / halfW);
  }

  /** A taller map on a narrow screen (resizing clears it), then a redraw. */
  function fit() {
    view.setHeight(view.cssWidth < NARROW ? TALL : HEIGHT);
    draw();
  }

  // ---- The chosen point, and what the summary says about it ----

  function choose(index) {
    const job = shown();
    state.chosen = job && index >= 0 ? index : -1;
    state.near = state.chosen >= 0 && state.scene === 'box' ? neighbourhood(job.boxPoints, index, job.box.cell) : null;
    describe();
    request();
  }

  function describe() {
    const job = shown();
    const chosen = job && state.chosen >= 0 ? state.chosen : -1;
    say(summary, summaryText(state.scene, job, chosen, state.near, faces.count));
  }


  // ---- Input: drag, tap, hover, keys ----

  trackPointer(canvas, { width: WIDTH, get height() { return view.height; } }, {
    drag: true,
    down(at) {
      state.pressed = { start: at, last: at, dragged: false };
    },
    move(at, event) {
      const press = state.pressed;
      if (press) {
        if (Math.hypot(at.x - press.start.x, at.y - press.start.y) > TAP_SLOP) press.dragged = true;
        if (press.dragged) turn((at.x - press.last.x) * TURN.drag, (at.y - press.last.y) * TURN.drag);
        press.last = at;
      } else if (event.pointerType === 'mouse') {
        const i = pick(state.cache, at.x, at.y);
        if (i >= 0 && i !== state.chosen) choose(i);
      }
    },
    up(at, event) {
      const press = state.pressed;
      state.pressed = null;
      if (!press || press.dragged || event.type === 'pointercancel') return;
      const i = pick(state.cache, at.x, at.y, event.pointerType === 'mouse' ? 4 : 12);
      if (i >= 0) choose(i);
    },
  });

  canvas.tabIndex = 0;
  canvas.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? 4 * TURN.key : TURN.key;
    const turns = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (turns[event.key]) turn(...turns[event.key]);
    else if (event.key === 'Enter' || event.key === ' ') choose(middlemost(state.cache, state.scene === 'box' ? 0.5 : 8));
    else if (event.key === 'Escape') choose(-1);
    else return;
    event.preventDefault();
  });

  // ---- Drawing ----

  const request = onNextFrame((time) => {
    if (state.spin && state.visible) {
      if (state.lastTime) state.yaw = (state.yaw + Math.min(50, time - state.lastTime) * TURN.spin) % (2 * Math.PI);
      state.lastTime = time;
      request();
    } else {
      state.lastTime = 0;
    }
    draw();
  });
  new IntersectionObserver(([entry]) => {
    state.visible = entry.isIntersecting;
    if (state.visible) request();
  }).observe(canvas);

  function draw() {
    const { ctx } = view;
    clear(ctx, WIDTH, view.height);
    canvas.dataset.yaw = state.yaw.toFixed(3);
    canvas.dataset.pitch = state.pitch.toFixed(3);
    const job = shown();
    if (!job) return;
    const cam = camera();
    const r = job.radius;
    const dot = Math.min(7, Math.max(2, 0.2 * r * cam.scale));
    ctx.lineCap = 'round';
    if (state.scene === 'box') {
      strokeSegments(ctx, cam, box, 'back', 'rgba(47, 79, 47, 0.3)', 1);
      // With a point chosen the others fade, so that its block stands out.
      ctx.globalAlpha = state.near ? 0.3 : 1;
      drawPoints(ctx, cam, job.boxPoints, 3, dot, state.cache);
      ctx.globalAlpha = 1;
      strokeSegments(ctx, cam, box, 'front', 'rgba(47, 79, 47, 0.7)', 1.5);
      if (state.near) drawBlock(ctx, cam, job.boxPoints, state.near, r, dot);
    } else {
      strokeSegments(ctx, cam, guide, 'back', 'rgba(47, 79, 47, 0.12)', 1);
      strokeSegments(ctx, cam, guide, 'front', 'rgba(47, 79, 47, 0.3)', 1);
      drawPoints(ctx, cam, job.torusPoints, 6, dot, state.cache);
      const i = state.chosen;
      if (i >= 0) {
        drawFace(ctx, cam, faces.vertices, faces.indices, job.torusPoints[6 * i + 3]);
        drawBall(ctx, cam, cam.project(job.torusPoints[6 * i], job.torusPoints[6 * i + 1], job.torusPoints[6 * i + 2]), r);
      }
    }
    const font = textSize(view, 13);
    ctx.font = `600 ${font}px system-ui, sans-serif`;
    ctx.textBaseline = 'top';
    ctx.fillStyle = '#1f2a1f';
    const n = state.scene === 'box' ? job.box.pointCount : job.torus.pointCount;
    const what = state.scene === 'box' ? `Box ${SIDE} × ${SIDE} × ${SIDE} · r = ${r}` : torusTitle(job);
    ctx.fillText(`${what} · ${count(n)} points`, 10, 10);
  }

  /** The torus's caption: its method and its spacing. */
  function torusTitle(job) {
    const method = METHODS.find((m) => m.value === job.method).label;
    return job.weights ? `Torus · ${method} · r = ${job.radius} on top to ${job.radiusMax} below` : `Torus · ${method} · r = ${job.radius}`;
  }

  setScene('box');
  setSpin(state.spin);
  // A reader who asks for less motion mid-visit gets a still view too.
  const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
  motion.addEventListener('change', () => motion.matches && setSpin(false));
  fit();
  return () => lab.job.want('seed');
}
