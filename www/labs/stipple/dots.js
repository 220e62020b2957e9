// The stipple lab's dots on paper: one offscreen layer per set of dots (one ink, or three in
// colour mode), filled in batches of CHUNK dots, only the batches a layer lacks. Batches are
// cut by dot index, never by frame, and a set's last, partial batch waits until the sampler is
// done: a layer gets the same fills in the same order however fast the page ran, so a seed
// always ends in the same pixels.
//
// `stipple` is the lab's stipple in hand: `{stippler, growing, built}` (the StippleJob, whether
// it is still placing dots, and the values it was made from).

import { MAP } from '../../lib/lab.js';

/** Dots per batch: one path, one fill, always the same dots. */
const CHUNK = 128;
/**
 * Every stipple dot has the same size, a fixed share of the min radius: tone comes from how
 * many dots there are per area (1 / r²), as with a pen. Dots drawn in proportion to each
 * point's own radius would cover the same share of paper everywhere and wash the tone out.
 */
const DOT_SHARE = 0.55;
/** Mask mode draws an even set: dots of this share of its spacing. */
const MASK_DOT_SHARE = 0.35;
const INK = '#16181d';

/** Batches of set `set` ready to draw: the full ones, and the last one once all is placed. */
function batchesReady(stipple, set) {
  const n = stipple.stippler.count(set);
  return Math.floor(n / CHUNK) + (!stipple.growing && n % CHUNK > 0 ? 1 : 0);
}

/** Whether `layers` hold every batch ready. */
export function caughtUp(stipple, layers) {
  for (let set = 0; set < stipple.stippler.sets; set++) {
    if (layers.batches[set] < batchesReady(stipple, set)) return false;
  }
  return true;
}

/**
 * Draws the batches `layers` lacks, the inks in turn, until `deadline` (at least one batch,
 * so a slow frame still makes progress); `inks` are the colour mode's. True if anything was drawn.
 */
export function drawBatches(stipple, inks, layers, deadline) {
  const sets = stipple.stippler.sets;
  const ready = Array.from({ length: sets }, (_, set) => batchesReady(stipple, set));
  let drew = false;
  for (;;) {
    let more = false;
    for (let set = 0; set < sets; set++) {
      if (layers.batches[set] >= ready[set]) continue;
      if (drew && performance.now() >= deadline) return true;
      drawBatch(stipple, inks, layers, set, layers.batches[set]++);
      drew = more = true;
    }
    if (!more) return drew;
  }
}

/** Fills batch `batch` of set `set` onto its layer, as one path. */
function drawBatch({ stippler, built }, inks, layers, set, batch) {
  const ctx = layerContext(layers, set);
  const points = stippler.pointsBetween(set, batch * CHUNK, (batch + 1) * CHUNK);
  const path = new Path2D();
  for (let i = 0; i < points.length; i += 3) {
    const r = built.mask ? MASK_DOT_SHARE * points[i + 2] : DOT_SHARE * built['min-radius'];
    path.moveTo(points[i] + r, points[i + 1]);
    path.arc(points[i], points[i + 1], r, 0, Math.PI * 2);
  }
  ctx.fillStyle = stippler.sets === 3 ? inks[set].color : INK;
  ctx.fill(path);
  // Reading a pixel makes the canvas paint the fill now rather than with the next frame,
  // so the frame's clock sees what the dots cost.
  ctx.getImageData(0, 0, 1, 1);
}

/** Layers at `canvas`'s pixel size, empty: `previous` cleared if it fits, else new ones. */
export function emptyLayers(canvas, previous) {
  if (previous && previous.width === canvas.width && previous.height === canvas.height) {
    for (const layer of previous.canvases) {
      layer?.getContext('2d').clearRect(0, 0, MAP.width, MAP.height);
    }
    previous.batches = [0, 0, 0];
    return previous;
  }
  return { width: canvas.width, height: canvas.height, canvases: [], batches: [0, 0, 0] };
}

/** Set `set`'s layer (made on first use), its transform in map units. */
function layerContext(layers, set) {
  let layer = layers.canvases[set];
  if (!layer) {
    layer = document.createElement('canvas');
    layer.width = layers.width;
    layer.height = layers.height;
    // Drawn on the CPU and read back a pixel at a time (see drawBatch).
    const ctx = layer.getContext('2d', { willReadFrequently: true });
    ctx.setTransform(layers.width / MAP.width, 0, 0, layers.height / MAP.height, 0, 0);
    layers.canvases[set] = layer;
  }
  return layer.getContext('2d');
}
