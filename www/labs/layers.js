// Lab 6, layers and biome rules: chests, rocks, trees and flowers on a map of meadow, forest
// and ponds. The core places everything (crates/web/src/layers.rs over poisson_live::biomes):
// BiomeMap is the ground and its picture; Placer places the four layers, biggest first, on
// one shared grid or on a grid each, and hands over a Placement: the layers and the
// collisions between them. This lab draws what they hold, in the core's palette
// (www/labs/layers/objects.js), and rings the collisions in red.
//
// Slider bursts are merged: a change only marks what to redo, and the work starts once in the
// next animation frame. The job driver runs the placing (Placer) a slice per frame, so
// the smallest spacings never freeze the page; the last good map stays up until the new one is
// done. A refused value shows its message beside the control and the last good map stays up.

import { buildParams, checkbox, range } from '../lib/params.js';
import { onNextFrame } from '../lib/frame.js';
import { COLORS, clear } from '../lib/draw.js';
import { advance, jobDriver } from '../lib/job.js';
import { offscreenLayer, paintJob } from '../lib/layer.js';
import { LAYER_READOUTS, MAP, NEW_SEED, createLab, part, seedParam } from '../lib/lab.js';
import { objectPainters, size } from './layers/objects.js';

const { width: WIDTH, height: HEIGHT } = MAP;
/** The layers in placement order, as the core names them, with the control for each. */
const LAYERS = ['chests', 'rocks', 'trees', 'flowers'];
/** Objects (or collisions) per chunk of the picture, and map rows per band of the ground. */
const CHUNK = 600;
const MAP_ROWS = 40;

const PARAMS = [
  seedParam(),
  range('chest', 'Chest spacing', 160, 60, 240, 4),
  range('rock', 'Rock spacing', 44, 12, 100),
  range('tree', 'Tree spacing', 16, 6, 40),
  range('flower', 'Flower spacing', 8, 4, 24),
  checkbox('shared-grid', 'One shared grid', true),
];
const TOGGLES = [
  checkbox('show-chests', 'Chests', true),
  checkbox('show-rocks', 'Rocks', true),
  checkbox('show-trees', 'Trees', true),
  checkbox('show-flowers', 'Flowers', true),
];

export function mount(section, wasm) {
  const painters = objectPainters(wasm.worldLegend());
  const state = {
    map: null,
    /** The map's picture in an offscreen canvas, painted once per seed. */
    ground: null,
    placement: null,
    /** Each layer's points (x, y, r triplets), read once per placement. */
    points: null,
    overlaps: new Uint32Array(0),
    elapsed: 0,
    /** A new map is wanted (the seed changed) and not yet built. */
    mapPending: true,
  };

  const lab = createLab(section, wasm, {
    resized: () => resized(),
    params: PARAMS,
    changed: (values, name) => want(name === 'seed' ? 'map' : 'place', name),
    refresh: (name) => want('map', name),
    readouts: [
      ...LAYER_READOUTS,
      ['overlaps', 'Overlaps', 'pairs from different layers closer than the smaller of their spacings'],
      ['time-ms', 'Time (ms)', 'time to place all four layers, measured in this page'],
    ],
    actions: [NEW_SEED],
    // Placing, then painting: two drivers, so that showing or hiding a layer (a repaint) never
    // drops a placement in the making.
    job: { start: (values) => placeJob(values), swap: install },
    // Points as JSON/CSV: every layer, chests first, each point with its layer's spacing.
    exportPoints: () => ({ points: state.points ? LAYERS.map((layer) => state.points[layer]) : [], stride: 3, name: 'layers' }),
  });
  const { canvas, view, set: setReadout, job: placing } = lab;
  /** The picture being painted, shown on the canvas once complete. */
  const art = offscreenLayer(canvas, WIDTH, HEIGHT);
  const show = document.createElement('fieldset');
  show.className = 'layer-toggles';
  const legend = document.createElement('legend');
  legend.textContent = 'Show';
  show.append(legend);
  part(section, 'controls').append(show);
  const visible = buildParams(show, TOGGLES, () => requestDraw());
  const requestDraw = onNextFrame(() => draw());
  const painting = jobDriver(section, {});

  /** Marks work for the next frame: a new map and placement, or only a new placement. */
  function want(what, name) {
    if (what === 'map') state.mapPending = true;
    placing.want(name);
  }

  /**
   * The waiting work as one job: a new map's picture (if the seed changed) a band of rows at a
   * time, then the placing (Placer). The constructors only check the values and build the
   * grids.
   */
  function placeJob(values) {
    let map = null;
    if (state.mapPending || !state.map) {
      try {
        map = new wasm.BiomeMap(WIDTH, HEIGHT, values.seed);
      } catch (error) {
        // A seed the map refuses is reported beside the seed, whatever changed last.
        error.control = 'seed';
        throw error;
      }
    }
    let placer;
    try {
      const spacings = { chest: values.chest, rock: values.rock, tree: values.tree, flower: values.flower };
      placer = new wasm.Placer(map ?? state.map, { ...spacings, sharedGrid: values['shared-grid'] });
    } catch (error) {
      map?.free();
      throw error;
    }
    const image = map ? new ImageData(map.width, map.height) : null;
    let row = 0;
    let taken = false;
    return {
      runUntil(until) {
        while (map && row < map.height && performance.now() < until) {
          const to = Math.min(map.height, row + MAP_ROWS);
          image.data.set(map.rgbaRows(row, to), row * map.width * 4);
          row = to;
        }
        return (!map || row >= map.height) && advance(placer, until);
      },
      take() {
        taken = true;
        return { map, image, placement: placer.take() };
      },
      free() {
        placer.free();
        if (!taken) map?.free();
      },
    };
  }

  /** The new map and layers replace the old ones. */
  function install({ map, image, placement }, stats) {
    state.elapsed = stats.spent;
    if (map) {
      state.map?.free();
      state.map = map;
      state.mapPending = false;
      paintGround(image);
    }
    state.placement?.free();
    state.placement = placement;
    state.points = Object.fromEntries(LAYERS.map((layer) => [layer, placement.points(layer)]));
    state.overlaps = placement.overlaps();
    draw();
  }

  /** The core's RGBA picture of the ground, kept in an offscreen canvas. */
  function paintGround(image) {
    if (!state.ground) {
      state.ground = document.createElement('canvas');
      state.ground.width = image.width;
      state.ground.height = image.height;
    }
    state.ground.getContext('2d').putImageData(image, 0, 0);
  }

  /**
   * Queues the picture for the current placement and visibility: the ground, then each shown
   * layer in chunks (small things first, so the big ones sit on top), then the collisions. The
   * chunks are painted onto `art` a few per frame by the job driver; the canvas keeps its last
   * picture until the new one is complete.
   */
  function draw() {
    const placement = state.placement;
    if (!placement) return;
    const shown = visible.values();
    const on = (layer) => shown[`show-${layer}`];
    const tasks = [
      () => {
        art.reset();
        clear(art.ctx, WIDTH, HEIGHT, COLORS.ground);
        art.ctx.drawImage(state.ground, 0, 0, WIDTH, HEIGHT);
      },
    ];
    for (const layer of ['flowers', 'trees', 'rocks', 'chests']) {
      if (!on(layer)) continue;
      const p = state.points[layer];
      for (let from = 0; from < p.length / 3; from += CHUNK) {
        tasks.push(() => painters[layer](art.ctx, p, from, Math.min(from + CHUNK, p.length / 3)));
      }
    }
    for (let from = 0; from < state.overlaps.length / 4; from += CHUNK) {
      tasks.push(() => drawOverlaps(art.ctx, on, from, Math.min(from + CHUNK, state.overlaps.length / 4)));
    }
    painting.run(paintJob(art, view.ctx, tasks));
    for (const layer of LAYERS) setReadout(layer, placement.count(layer));
    setReadout('overlaps', placement.overlapCount);
    setReadout('time-ms', state.elapsed.toFixed(1));
    canvas.dataset.grid = placement.sharedGrid ? 'shared' : 'separate';
  }

  /** The canvas changed size: stretch the last picture for now and repaint at the new size. */
  function resized() {
    if (art.canvas.width > 0) {
      view.ctx.imageSmoothingEnabled = true;
      view.ctx.drawImage(art.canvas, 0, 0, WIDTH, HEIGHT);
    }
    draw();
  }

  /**
   * Red rings round both objects of collisions [from, to), joined by a line (both layers shown).
   */
  function drawOverlaps(ctx, on, from, to) {
    const o = state.overlaps;
    const path = new Path2D();
    for (let i = from * 4; i < to * 4; i += 4) {
      const [la, ia, lb, ib] = [o[i], o[i + 1], o[i + 2], o[i + 3]];
      if (!on(LAYERS[la]) || !on(LAYERS[lb])) continue;
      const a = state.points[LAYERS[la]];
      const b = state.points[LAYERS[lb]];
      const [ax, ay, bx, by] = [a[ia * 3], a[ia * 3 + 1], b[ib * 3], b[ib * 3 + 1]];
      const rb = size[LAYERS[lb]](b[ib * 3 + 2]) + 2.5;
      path.moveTo(bx + rb, by);
      path.arc(bx, by, rb, 0, Math.PI * 2);
      path.moveTo(ax, ay);
      path.lineTo(bx, by);
    }
    ctx.strokeStyle = COLORS.conflict;
    ctx.lineWidth = 1.6;
    ctx.stroke(path);
  }

  return () => want('map', 'seed');
}
