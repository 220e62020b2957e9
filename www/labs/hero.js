// Hero: a forest grows across the page header, a few Bridson steps per frame. Clicking the map
// grows a new forest from that spot. The sampler (PoissonSampler, crates/web) decides where
// every tree goes; this module only paces the steps and paints the trees.

import { trackPointer } from '../lib/pointer.js';
import { prefersReducedMotion } from '../lib/frame.js';
import { markBusy } from '../lib/job.js';
import { COLORS, clear } from '../lib/draw.js';
import { NEW_SEED, createLab, player, seedParam } from '../lib/lab.js';

/** The header band, in map units (a wide strip rather than the labs' 720 × 400). */
const WIDTH = 960;
const HEIGHT = 320;
/** Spacing between trees, and Bridson's tries per point. */
const RADIUS = 18;
const K = 30;
/** Crown colours, picked per tree by a hash of its index so a forest always looks the same. */
const CROWNS = ['#2f6f3e', '#3b7d45', '#2a6338', '#4a8a4f', '#35744a'];
/** Sampler steps per animation frame: about 1 200 steps, so the forest grows in about 4 s. */
const STEPS_PER_FRAME = 5;
/** Frames a new tree takes to reach its full size. */
const GROW_FRAMES = 10;

export function mount(section, wasm) {
  const state = {
    sampler: null,
    /** Frame number at which each tree (by index) appeared, for its grow-in. */
    born: [],
    /** Trees [0, settled) are full grown and painted on `forest` already. */
    settled: 0,
    frame: 0,
    running: false,
  };

  // Full-grown trees are painted once onto an offscreen layer; a frame copies the layer and
  // paints only the trees still growing in and the active rings on top.
  const forest = document.createElement('canvas');
  const forestCtx = forest.getContext('2d');
  const lab = createLab(section, wasm, {
    width: WIDTH,
    height: HEIGHT,
    resized() {
      repaintForest();
      draw();
    },
    readouts: [['points', 'Trees']],
    params: [seedParam()],
    build: (values) => plant(values.seed, null),
    use: (sampler) => grow(sampler),
    actions: [
      { action: 'reset', label: 'Regrow', title: 'Grow this seed’s forest again' },
      { ...NEW_SEED, title: 'A fresh seed from the browser' },
    ],
    handlers: { reset: () => lab.rebuild('seed') },
    // Points as JSON/CSV: the forest's trees.
    exportPoints: () => ({ points: state.sampler?.points() ?? new Float64Array(), stride: 3, name: 'hero' }),
  });
  const { canvas, view, params, set: setReadout } = lab;

  trackPointer(canvas, { width: WIDTH, height: HEIGHT }, {
    down: ({ x, y }) => {
      let sampler;
      try {
        sampler = plant(params.values().seed, { x, y });
      } catch {
        return; // the seed field holds a refused value; its message is already showing
      }
      grow(sampler);
    },
  });

  /** A new sampler with the first tree at `at`, or drawn from the seed when `at` is null. */
  function plant(seed, at) {
    const sampler = new wasm.PoissonSampler(WIDTH, HEIGHT, RADIUS, K, seed);
    if (at) sampler.startAt(at.x, at.y);
    else sampler.startRandom();
    return sampler;
  }

  /** Replaces the forest with `sampler`'s and animates it (or finishes it at once). */
  function grow(sampler) {
    state.sampler?.free();
    state.sampler = sampler;
    state.born = [];
    state.settled = 0;
    state.frame = 0;
    if (prefersReducedMotion()) sampler.finish();
    repaintForest();
    draw();
    if (!sampler.isFinished && !growth.playing) growth.start();
  }

  // The forest grows a few steps per frame until the last tree has grown in.
  const growth = player(() => {
    const sampler = state.sampler;
    state.frame += 1;
    sampler.run(STEPS_PER_FRAME);
    draw();
    return !(sampler.isFinished && state.settled === state.born.length);
  }, (playing) => {
    state.running = playing;
    markBusy(section, 'growth', playing);
    if (!playing) draw();
  });

  /** Clears the layer to bare ground, sized like the visible canvas, and repaints settled trees. */
  function repaintForest() {
    forest.width = canvas.width;
    forest.height = canvas.height;
    forestCtx.setTransform(canvas.width / WIDTH, 0, 0, canvas.height / HEIGHT, 0, 0);
    clear(forestCtx, WIDTH, HEIGHT, COLORS.ground);
    const settled = state.settled;
    state.settled = 0;
    if (state.sampler) settle(state.sampler.points(), settled);
  }

  /** Paints trees [settled, upTo) at full size onto the layer. */
  function settle(points, upTo) {
    if (upTo <= state.settled) return;
    paintTrees(forestCtx, points, state.settled, upTo, () => 1);
    state.settled = upTo;
  }

  function draw() {
    const sampler = state.sampler;
    if (!sampler) return;
    const { ctx } = view;
    const points = sampler.points();
    const count = points.length / 3;
    for (let i = state.born.length; i < count; i++) state.born.push(state.frame);

    // Trees are born in index order, so the grown ones are a prefix.
    const animate = state.running && !sampler.isFinished;
    let grown = count;
    if (animate) {
      grown = state.settled;
      while (grown < count && state.frame - state.born[grown] >= GROW_FRAMES) grown++;
    }
    if (!state.running) grown = count;
    settle(points, grown);

    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(forest, 0, 0);
    ctx.restore();
    paintTrees(ctx, points, state.settled, count, (i) =>
      Math.min(1, Math.max(0.15, (state.frame - state.born[i]) / GROW_FRAMES)),
    );

    // The active list: trees that may still have room beside them, marked with a warm dot.
    if (!sampler.isFinished) {
      ctx.fillStyle = COLORS.active;
      for (const i of sampler.active()) {
        ctx.beginPath();
        ctx.arc(points[i * 3], points[i * 3 + 1], 2.5, 0, Math.PI * 2);
        ctx.fill();
      }
    }

    setReadout('points', count);
  }

  return () => lab.rebuild();
}

/**
 * Paints trees [from, to) of `points` (x, y, r triplets): a shadow, a crown and a highlight
 * each; `growth(i)` in (0, 1] scales tree i as it grows in.
 */
function paintTrees(ctx, points, from, to, growth) {
  if (to <= from) return;
  const sizes = new Float64Array(to - from);
  for (let i = from; i < to; i++) {
    const t = growth(i);
    sizes[i - from] = points[i * 3 + 2] * 0.48 * (0.4 + 0.6 * t) * (0.85 + 0.3 * shade(i, 7));
  }
  // Shadows first, then crowns and their highlights, so no shadow falls on a neighbour. One
  // small fill per shape: software canvases fill many small paths faster than one big one.
  ctx.fillStyle = 'rgba(31, 42, 31, 0.16)';
  for (let i = from; i < to; i++) {
    const s = sizes[i - from];
    ctx.beginPath();
    ctx.ellipse(points[i * 3] + s * 0.35, points[i * 3 + 1] + s * 0.45, s, s * 0.8, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  for (let i = from; i < to; i++) {
    const s = sizes[i - from];
    ctx.fillStyle = CROWNS[Math.floor(shade(i, 3) * CROWNS.length)];
    ctx.beginPath();
    ctx.arc(points[i * 3], points[i * 3 + 1], s, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = 'rgba(255, 255, 230, 0.22)';
  for (let i = from; i < to; i++) {
    const s = sizes[i - from];
    ctx.beginPath();
    ctx.arc(points[i * 3] - s * 0.3, points[i * 3 + 1] - s * 0.3, s * 0.45, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A stable pseudo-random share in [0, 1) for tree `i` (looks only: size and colour). */
function shade(i, salt) {
  let h = Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 4294967296;
}
