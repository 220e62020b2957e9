// Lab 5, dense forest and open savanna: Bridson's sampler with a radius that follows fBm noise.
// The core's ForestJob (crates/web/src/density.rs over poisson_live::density) owns the field and
// the sampler; the job driver grows the forest a slice per animation frame, so a tiny minimum
// radius never freezes the tab, and this lab draws each tree as a crown of half its own
// spacing, so neighbouring crowns just touch. Crowns are painted onto an offscreen layer a few
// hundred at a time, so ten thousand of them never cost one frame the whole drawing either.
// The density map behind the trees is a coarse raster from the core, turned into an image once
// per forest.

import { prefersReducedMotion } from '../lib/frame.js';
import { COLORS, clear } from '../lib/draw.js';
import { advance } from '../lib/job.js';
import { offscreenLayer } from '../lib/layer.js';
import { checkbox, range } from '../lib/params.js';
import { MAP, NEW_SEED, createLab, seedParam, units } from '../lib/lab.js';

const { width: WIDTH, height: HEIGHT } = MAP;
/** Tries per step, as in the Bridson lab. */
const K = 30;
/** The density map's raster: 4 map units a cell, smoothed when stretched over the map. */
const MAP_CELL = 4;
const MAP_COLS = WIDTH / MAP_CELL;
const MAP_ROWS = HEIGHT / MAP_CELL;
/**
 * Trees are painted onto an offscreen layer in fixed chunks, a few per frame, so a forest of
 * ten thousand crowns never costs one frame the whole drawing. The chunks are fixed (not cut by
 * time), so the finished picture is the same however fast the machine is.
 */
const CHUNK = 256;
/** Crown colours from the densest wood (first) to the most open savanna (last). */
const CROWNS = ['#1f5a2e', '#2f6f3e', '#3f7f3c', '#5a8f3a', '#779c3c', '#93a646'];
/** The density map's colours: open savanna and dense wood. */
const OPEN = [246, 236, 202];
const DENSE = [170, 206, 146];

const PARAMS = [
  seedParam(),
  range('min-radius', 'Min radius', 9, 3, 40),
  range('max-radius', 'Max radius', 36, 6, 80),
  range('patch-size', 'Patch size', 5, 1, 12, 0.5, { format: (v) => `${v} × max` }),
  checkbox('show-density', 'Show density map', true),
];

export function mount(section, wasm) {
  const state = {
    forest: null,
    /** Milliseconds spent building and growing the current forest. */
    elapsed: 0,
    growing: false,
    /** The density map as a small canvas, rebuilt with each forest. */
    map: null,
    mapStale: true,
    /** The too-close audit, run once the forest is full. */
    tooClose: null,
    /** The layer must be cleared and repainted from the first tree. */
    layerStale: true,
    /** Trees already painted on the layer. */
    drawn: 0,
    /** Show the layer every frame (a forest growing), or only once it has caught up. */
    showEveryFrame: false,
    /** Trees placed so far. */
    count: 0,
  };

  const lab = createLab(section, wasm, {
    resized: () => resized(),
    params: PARAMS,
    // The checkbox only changes the drawing; the other controls make a new forest, grown a slice
    // per frame by the job driver.
    changed(values, name) {
      // The density map toggled: repaint the layer, keeping the old picture until it is done.
      if (name === 'show-density') repaint(false);
      else lab.refresh(name);
    },
    job: {
      start(values) {
        install(plant(values));
        // With reduced motion the forest appears when it is full, not tree by tree.
        return picture(!prefersReducedMotion());
      },
      frame: (job) => {
        if (!state.forest) return;
        if (state.showEveryFrame || !job) show();
        writeReadouts(state.count);
      },
    },
    readouts: [
      ['trees', 'Trees'],
      ['too-close', 'Too close', 'pairs of trees closer than the smaller of their two radii (the core’s audit)'],
      ['cell', 'Grid cell', 'the background grid’s cell side: min radius / √2'],
      ['time-ms', 'Time (ms)', 'time to sample the forest, measured in this page'],
    ],
    actions: [NEW_SEED],
    // Points as JSON/CSV: the trees, each with its own spacing.
    exportPoints: () => ({ points: state.forest?.points() ?? new Float64Array(), stride: 3, name: 'density' }),
  });
  const { canvas, view, params, set: setReadout, job: grower } = lab;
  /** The picture being painted: background and the crowns of trees [0, drawn). */
  const layer = offscreenLayer(canvas, WIDTH, HEIGHT);
  const layerCtx = layer.ctx;

  /** A new forest for `values`: cheap (the first tree only); growing happens frame by frame. */
  function plant(values) {
    const started = performance.now();
    const forest = new wasm.ForestJob({
      width: WIDTH,
      height: HEIGHT,
      minRadius: values['min-radius'],
      maxRadius: values['max-radius'],
      patchSize: values['patch-size'],
      k: K,
      seed: values.seed,
    });
    return { forest, ms: performance.now() - started };
  }

  function install({ forest, ms }) {
    state.forest?.free();
    state.forest = forest;
    state.elapsed = ms;
    state.growing = true;
    state.mapStale = true;
    state.tooClose = null;
  }

  /** Paints the layer afresh; `showEveryFrame` false keeps the old picture meanwhile. */
  function repaint(showEveryFrame) {
    if (state.forest) grower.run(picture(showEveryFrame));
  }

  /**
   * The forest's picture as a job: each frame grows the forest for part of the frame's share,
   * then paints whole chunks of trees onto the layer with the rest; finished once the forest is
   * full and every tree is painted. The driver's `frame` shows the layer.
   */
  function picture(showEveryFrame) {
    state.layerStale = true;
    state.showEveryFrame = showEveryFrame;
    return {
      runUntil(until) {
        const forest = state.forest;
        if (state.mapStale) paintDensityMap(forest);
        if (state.layerStale) resetLayer();
        if (state.growing) {
          const started = performance.now();
          if (advance(forest, started + 0.6 * (until - started))) {
            state.growing = false;
            state.tooClose = forest.tooCloseCount();
          }
          state.elapsed += performance.now() - started;
        }
        const points = forest.points();
        state.count = points.length / 3;
        return paintTrees(points, until);
      },
    };
  }

  /** The core's density raster as a small image, stretched over the map when drawn. */
  function paintDensityMap(forest) {
    const densities = forest.densityMap(MAP_COLS, MAP_ROWS, MAP_CELL);
    if (!state.map) {
      state.map = document.createElement('canvas');
      state.map.width = MAP_COLS;
      state.map.height = MAP_ROWS;
    }
    const mapCtx = state.map.getContext('2d');
    const image = mapCtx.createImageData(MAP_COLS, MAP_ROWS);
    for (let i = 0; i < densities.length; i++) {
      const d = densities[i];
      for (let c = 0; c < 3; c++) image.data[i * 4 + c] = OPEN[c] + (DENSE[c] - OPEN[c]) * d;
      image.data[i * 4 + 3] = 255;
    }
    mapCtx.putImageData(image, 0, 0);
    state.mapStale = false;
  }

  /** The canvas changed size: stretch the old picture for now and repaint at the new size. */
  function resized() {
    if (!state.forest) return;
    const { ctx } = view;
    ctx.imageSmoothingEnabled = true;
    if (layer.canvas.width > 0 && layer.canvas.height > 0) ctx.drawImage(layer.canvas, 0, 0, WIDTH, HEIGHT);
    repaint(false);
  }

  /** Sizes the layer like the canvas and paints its background: the density map or bare ground. */
  function resetLayer() {
    layer.reset();
    clear(layerCtx, WIDTH, HEIGHT, COLORS.ground);
    if (params.values()['show-density'] && state.map) {
      layerCtx.imageSmoothingEnabled = true;
      layerCtx.drawImage(state.map, 0, 0, WIDTH, HEIGHT);
    }
    state.drawn = 0;
    state.layerStale = false;
  }

  /**
   * Paints whole chunks of trees onto the layer until `deadline` (at least one chunk); the last,
   * partial chunk waits for the forest to be full. True when every tree is painted.
   */
  function paintTrees(points, deadline) {
    const count = points.length / 3;
    while (state.drawn < count) {
      const end = Math.min(state.drawn + CHUNK, count);
      if (end - state.drawn < CHUNK && state.growing) break;
      paintChunk(points, state.drawn, end);
      layer.flush();
      state.drawn = end;
      if (performance.now() > deadline) break;
    }
    return !state.growing && state.drawn === count;
  }

  /**
   * Crowns of radius r/2 for trees [from, to): two trees r apart just touch. One path per colour
   * keeps it fast; the outlines go on top.
   */
  function paintChunk(points, from, to) {
    const forest = state.forest;
    const min = forest.minRadius;
    const span = forest.maxRadius - min;
    const paths = CROWNS.map(() => new Path2D());
    const all = new Path2D();
    for (let i = from * 3; i < to * 3; i += 3) {
      const [x, y, r] = [points[i], points[i + 1], points[i + 2]];
      const t = span > 0 ? (r - min) / span : 0;
      const bucket = Math.min(CROWNS.length - 1, Math.floor(t * CROWNS.length));
      paths[bucket].moveTo(x + r / 2, y);
      paths[bucket].arc(x, y, r / 2, 0, Math.PI * 2);
      all.moveTo(x + r / 2, y);
      all.arc(x, y, r / 2, 0, Math.PI * 2);
    }
    CROWNS.forEach((color, i) => {
      layerCtx.fillStyle = color;
      layerCtx.fill(paths[i]);
    });
    layerCtx.strokeStyle = 'rgba(16, 40, 20, 0.55)';
    layerCtx.lineWidth = 0.6;
    layerCtx.stroke(all);
  }

  /** Copies the layer onto the canvas, pixel for pixel. */
  function show() {
    layer.showOn(view.ctx);
  }

  function writeReadouts(count) {
    const forest = state.forest;
    setReadout('trees', count);
    setReadout('too-close', state.tooClose ?? '–');
    setReadout('cell', units(forest.cellSize));
    setReadout('time-ms', state.elapsed.toFixed(1));
  }

  return () => grower.want('seed');
}
