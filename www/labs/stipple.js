// Stippling and masks: a picture turned into dots by variable-radius Poisson sampling.
// The core (crates/core/src/stipple.rs, bound in crates/web/src/stipple.rs) owns the pictures,
// the brightness rule, the three ink sets and the mask; this module picks or decodes a picture,
// hands its pixels to the crate as RGBA bytes, grows the dots and draws them on white paper.
//
// Nothing here may block the page, even at the smallest radius (tens of thousands of dots), so
// the job driver runs all the work a slice per animation frame: a built-in picture is drawn a
// few rows at a time, the sampler runs a few steps at a time, and the dots
// are drawn onto offscreen layers (one per ink) in fixed batches of CHUNK dots, only the
// batches the layer lacks. The map itself is paper, the picture if asked for, and the layers
// copied on top, composed every other frame: a few image copies, however many dots there are.
// The new stipple grows visibly; under reduced motion the map keeps the last finished one until
// the next is complete. A resized map gets new layers, redrawn batch by batch in the same way.
//
// Batches are cut by dot index, never by frame, and a set's last, partial batch waits until the
// sampler is done: a layer gets the same fills in the same order however fast the page ran,
// so a seed always ends in the same pixels.
//
// A reader's own image is decoded by the browser (createImageBitmap), scaled to fit the
// 720 × 400 map on white, and read back with getImageData: map units are the picture's pixels.

import { setupCanvas } from '../lib/canvas.js';
import { prefersReducedMotion } from '../lib/frame.js';
import { clear } from '../lib/draw.js';
import { advance, jobDriver, markBusy } from '../lib/job.js';
import { buildParams, checkbox, range } from '../lib/params.js';
import { actions, messageOf, newSeed, part, readouts, seedParam } from '../lib/lab.js';

const WIDTH = 720;
const HEIGHT = 400;
/** Tries per step, as in the Bridson lab. */
const K = 30;
/**
 * The share of a frame's work that places dots; drawing them takes the rest (a dot costs
 * several times less to draw than to place).
 */
const GROW_SHARE = 0.7;
/** How often the readouts follow the growth (ms). */
const REPORT_EVERY = 250;
/** How often the map follows the growth (ms): about every other frame. */
const PAINT_EVERY = 30;
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
const PAPER = '#ffffff';
const INK = '#16181d';
/** The menu entry for a reader's own picture. */
const UPLOAD = 'upload';

const PARAMS = [
  seedParam(),
  range('min-radius', 'Min radius (black)', 2, 1.5, 20, 0.5),
  range('max-radius', 'Max radius (white)', 24, 4, 40),
  range('gamma', 'Gamma', 1, 0.25, 4, 0.25),
  checkbox('colour', 'Colour (CMY inks)', false),
  checkbox('mask', 'Mask (dark ground only)', false),
  range('threshold', 'Mask threshold', 0.5, 0.05, 0.95, 0.05),
  range('spacing', 'Mask spacing', 6, 2, 30),
  checkbox('show-picture', 'Show the picture underneath', false),
];

/** Controls that only change the drawing, not the dots. */
const DRAW_ONLY = new Set(['show-picture']);

export function mount(section, wasm) {
  const canvas = part(section, 'map');
  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => resized());
  const inks = wasm.inks().map(([name, color]) => ({ name, color }));

  const state = {
    /** The StippleImage being stippled, and the picture as a canvas for "show picture". */
    image: null,
    picture: null,
    /** The latest request for a picture (a file still decoding when another is chosen is dropped). */
    request: 0,
    stippler: null,
    elapsed: 0,
    growing: false,
    /** Values the current stippler was built from (mode and radii decide the drawing). */
    built: null,
    /** The layers on the map, and new ones being drawn after the map changed size. */
    layers: null,
    redraw: null,
    /** Whether the map needs composing again. */
    dirty: true,
    /** When the readouts were last written (ms). */
    reported: 0,
    /** When the map was last composed (ms). */
    painted: 0,
  };

  // The picture menu and the file input come first, then the stipple's own parameters.
  const table = [
    {
      name: 'picture',
      label: 'Picture',
      type: 'select',
      options: [
        ...wasm.pictureNames().map((name) => ({ value: name, label: wasm.pictureLabel(name) })),
        { value: UPLOAD, label: 'Your image', disabled: true },
      ],
    },
    { name: 'image', label: 'Your image (or drop one on the map)', type: 'file', accept: 'image/*' },
    ...PARAMS,
  ];
  const params = buildParams(part(section, 'controls'), table, (values, name) => {
    if (name === 'picture') {
      if (values.picture === UPLOAD) return;
      params.clearError('image');
      drawBuiltIn(values.picture);
    } else if (name === 'image') {
      // Emptied so that choosing the same file again (after editing it) loads it again.
      params.input('image').value = '';
      if (values.image) loadFile(values.image);
    } else if (DRAW_ONLY.has(name) && state.stippler) {
      state.dirty = true;
      paint();
    } else {
      stippling.want(name);
    }
  });
  const select = params.input('picture');
  const uploadOption = [...select.options].find((o) => o.value === UPLOAD);

  const setReadout = readouts(part(section, 'readouts'), [
    ['points', 'Dots', 'dots in all sets'],
    ...inks.map(({ name }) => [name, name[0].toUpperCase() + name.slice(1), `${name} dots (colour mode)`]),
    ['allowed', 'Allowed ground', 'share of the map darker than the mask threshold (mask mode)'],
    ['time-ms', 'Time (ms)', 'time to sample the dots, measured in this page'],
  ]);

  actions(part(section, 'actions'), [{ action: 'new-seed', label: 'New seed' }], {
    'new-seed': newSeed(params, wasm, (name) => stippling.want(name)),
  });

  canvas.addEventListener('dragover', (event) => {
    event.preventDefault();
    canvas.classList.add('is-drop-target');
  });
  canvas.addEventListener('dragleave', () => canvas.classList.remove('is-drop-target'));
  canvas.addEventListener('drop', (event) => {
    event.preventDefault();
    canvas.classList.remove('is-drop-target');
    const dropped = [...(event.dataTransfer?.files ?? [])].find((f) => f.type.startsWith('image/'));
    if (dropped) loadFile(dropped);
    else params.showError('image', 'Drop an image file (PNG, JPEG, …).');
  });

  // Two drivers: a built-in picture is drawn a few rows at a time (PictureJob), then stippled;
  // the stipple grows and its dots are drawn onto the layers a slice per frame.
  const pictures = jobDriver(section, {
    swap(image) {
      usePicture(image);
      stippling.want('picture');
    },
  });
  const stippling = jobDriver(section, {
    params,
    // Until the first picture is drawn there is nothing to stipple: it starts when it is.
    start: (values) => (state.image ? install(values) : null),
    frame(job) {
      // While the work goes on, the map is composed every other frame and the readouts follow
      // a few times a second (new text lays the page out and paints it again); at the end, both.
      const now = performance.now();
      if (job && now - state.painted < PAINT_EVERY) return;
      if (!job || now - state.reported >= REPORT_EVERY) report();
      paint();
    },
  });

  /** Starts drawing built-in picture `name`; then it is stippled. */
  function drawBuiltIn(name) {
    state.request += 1;
    markBusy(section, 'decoding', false);
    pictures.run(new wasm.PictureJob(name, WIDTH, HEIGHT));
  }

  /** Decodes a reader's file in the browser and stipples it. */
  async function loadFile(blob) {
    params.clearError('image');
    const request = ++state.request;
    pictures.cancel();
    markBusy(section, 'decoding', true);
    let image;
    try {
      const rgba = await decode(blob);
      // A newer choice (another file, a built-in picture) wins over this one.
      if (request !== state.request) return;
      image = new wasm.StippleImage(WIDTH, HEIGHT, rgba);
    } catch (error) {
      if (request === state.request) {
        params.showError('image', `${blob.name ? `“${blob.name}”` : 'That file'} could not be read as an image: ${messageOf(error)}`);
      }
      return;
    } finally {
      if (request === state.request) markBusy(section, 'decoding', false);
    }
    usePicture(image);
    uploadOption.disabled = false;
    select.value = UPLOAD;
    stippling.want('image');
  }

  /** Makes `image` the picture being stippled (freeing the previous one). */
  function usePicture(image) {
    state.image?.free();
    state.image = image;
    const picture = document.createElement('canvas');
    picture.width = WIDTH;
    picture.height = HEIGHT;
    picture.getContext('2d').putImageData(new ImageData(image.rgba(), WIDTH, HEIGHT), 0, 0);
    state.picture = picture;
  }

  /**
   * A new stippler for `values` (cheap in every mode: the first dot; a mask seeds as it runs)
   * replaces the current one; its dots grow on empty layers at the map's size. Returns the work.
   */
  function install(values) {
    const began = performance.now();
    const options = values.mask
      ? { mode: 'mask', threshold: values.threshold, radius: values.spacing }
      : { mode: values.colour ? 'colour' : 'mono', minRadius: values['min-radius'], maxRadius: values['max-radius'], gamma: values.gamma };
    const stippler = new wasm.Stippling(state.image, { ...options, k: K, seed: values.seed });
    state.stippler?.free();
    state.stippler = stippler;
    state.built = values;
    state.elapsed = performance.now() - began;
    state.growing = true;
    state.layers = emptyLayers(state.layers);
    state.redraw = null;
    state.dirty = true;
    setReadout('allowed', values.mask ? `${(state.image.maskCoverage(values.threshold) * 100).toFixed(1)} %` : '–');
    report();
    return growth();
  }

  /**
   * The stipple's work as a job: grow the dots for part of the frame's share, then draw the
   * batches the layers lack with the rest (into the layers being redrawn after a resize, if
   * any); finished once every dot is placed and drawn. The state lives in `state`, so a new
   * `growth()` takes over where another left off.
   */
  function growth() {
    return {
      runUntil(until) {
        const began = performance.now();
        if (state.growing) {
          if (advance(state.stippler, began + GROW_SHARE * (until - began))) {
            state.growing = false;
            // The final figures and map are still to be shown.
            state.dirty = true;
          }
          state.elapsed += performance.now() - began;
        }
        const target = state.redraw ?? state.layers;
        if (drawBatches(target, until) && target === state.layers) state.dirty = true;
        if (state.redraw && caughtUp(state.redraw)) {
          state.layers = state.redraw;
          state.redraw = null;
          state.dirty = true;
        }
        return !pending();
      },
    };
  }

  /** Whether dots are left to place or to draw. */
  function pending() {
    return Boolean(state.growing || state.redraw || (state.stippler && !caughtUp(state.layers)));
  }

  function report() {
    const stippler = state.stippler;
    if (!stippler) return;
    state.reported = performance.now();
    setReadout('points', stippler.pointCount);
    const colour = stippler.sets === 3;
    inks.forEach(({ name }, i) => setReadout(name, colour ? stippler.count(i) : '–'));
    setReadout('time-ms', state.elapsed.toFixed(1));
  }

  /** Batches of set `set` ready to draw: the full ones, and the last one once all is placed. */
  function batchesReady(set) {
    const n = state.stippler.count(set);
    return Math.floor(n / CHUNK) + (!state.growing && n % CHUNK > 0 ? 1 : 0);
  }

  function caughtUp(layers) {
    for (let set = 0; set < state.stippler.sets; set++) {
      if (layers.batches[set] < batchesReady(set)) return false;
    }
    return true;
  }

  /**
   * Draws the batches `layers` lacks, the inks in turn, until `deadline` (at least one batch,
   * so a slow frame still makes progress). True if anything was drawn.
   */
  function drawBatches(layers, deadline) {
    const sets = state.stippler.sets;
    const ready = Array.from({ length: sets }, (_, set) => batchesReady(set));
    let drew = false;
    for (;;) {
      let more = false;
      for (let set = 0; set < sets; set++) {
        if (layers.batches[set] >= ready[set]) continue;
        if (drew && performance.now() >= deadline) return true;
        drawBatch(layers, set, layers.batches[set]++);
        drew = more = true;
      }
      if (!more) return drew;
    }
  }

  /** Fills batch `batch` of set `set` onto its layer, as one path. */
  function drawBatch(layers, set, batch) {
    const ctx = layerContext(layers, set);
    const points = state.stippler.pointsBetween(set, batch * CHUNK, (batch + 1) * CHUNK);
    const values = state.built;
    const path = new Path2D();
    for (let i = 0; i < points.length; i += 3) {
      const r = values.mask ? MASK_DOT_SHARE * points[i + 2] : DOT_SHARE * values['min-radius'];
      path.moveTo(points[i] + r, points[i + 1]);
      path.arc(points[i], points[i + 1], r, 0, Math.PI * 2);
    }
    ctx.fillStyle = state.stippler.sets === 3 ? inks[set].color : INK;
    ctx.fill(path);
    // Reading a pixel makes the canvas paint the fill now rather than with the next frame,
    // so the frame's clock sees what the dots cost.
    ctx.getImageData(0, 0, 1, 1);
  }

  /** Layers at the map's pixel size, empty: `previous` cleared if it fits, else new ones. */
  function emptyLayers(previous) {
    if (previous && previous.width === canvas.width && previous.height === canvas.height) {
      for (const layer of previous.canvases) {
        layer?.getContext('2d').clearRect(0, 0, WIDTH, HEIGHT);
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
      ctx.setTransform(layers.width / WIDTH, 0, 0, layers.height / HEIGHT, 0, 0);
      layers.canvases[set] = layer;
    }
    return layer.getContext('2d');
  }

  /**
   * Composes the map when something changed: paper, the faint picture when asked for, and the
   * layers (multiplied, as inks, in colour mode). Under reduced motion the last finished map
   * stays until the next one is complete. `force` composes anyway (the map was cleared).
   */
  function paint(force = false) {
    if (!force && (!state.dirty || (prefersReducedMotion() && pending()))) return;
    state.dirty = false;
    state.painted = performance.now();
    const { ctx } = view;
    clear(ctx, WIDTH, HEIGHT, PAPER);
    if (state.picture && params.values()['show-picture']) {
      ctx.save();
      ctx.globalAlpha = 0.3;
      ctx.drawImage(state.picture, 0, 0, WIDTH, HEIGHT);
      ctx.restore();
    }
    const stippler = state.stippler;
    if (!stippler || !state.layers) return;
    ctx.save();
    if (stippler.sets === 3) ctx.globalCompositeOperation = 'multiply';
    for (let set = 0; set < stippler.sets; set++) {
      const layer = state.layers.canvases[set];
      if (layer) ctx.drawImage(layer, 0, 0, WIDTH, HEIGHT);
    }
    ctx.restore();
  }

  /**
   * The map changed size (and was cleared): show the layers stretched at once, and redraw them
   * at the new size over the next frames, swapping them in when they have caught up.
   */
  function resized() {
    const layers = state.layers;
    const fits = (l) => l.width === canvas.width && l.height === canvas.height;
    if (state.stippler && layers && !fits(layers)) {
      if (!state.redraw || !fits(state.redraw)) state.redraw = emptyLayers(null);
    } else {
      state.redraw = null;
    }
    paint(true);
    if (state.stippler && pending()) stippling.run(growth());
  }

  // Points as JSON/CSV (www/lib/export.js): the dots of every ink, one set after another.
  section.exportPoints = () => {
    const stippler = state.stippler;
    const sets = stippler ? Array.from({ length: stippler.sets }, (_, set) => stippler.points(set)) : [];
    return { width: WIDTH, height: HEIGHT, points: sets, stride: 3, name: 'stipple' };
  };
  return () => drawBuiltIn(select.value);
}

/**
 * A picture file as 720 × 400 RGBA bytes: decoded by the browser, scaled to fit, on white.
 * A picture larger than the map (a photo) is decoded a second time, shrunk as it is decoded:
 * createImageBitmap does that away from the page's thread, where drawing the full-size bitmap
 * onto the canvas would resample every one of its pixels on it.
 */
async function decode(blob) {
  let bitmap = await createImageBitmap(blob);
  try {
    const scale = Math.min(WIDTH / bitmap.width, HEIGHT / bitmap.height);
    let [w, h] = [bitmap.width * scale, bitmap.height * scale];
    if (scale < 1) {
      [w, h] = [Math.max(1, Math.round(w)), Math.max(1, Math.round(h))];
      bitmap.close();
      bitmap = await createImageBitmap(blob, { resizeWidth: w, resizeHeight: h, resizeQuality: 'high' });
    }
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.fillStyle = PAPER;
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    ctx.imageSmoothingQuality = 'high';
    if (scale < 1) ctx.drawImage(bitmap, Math.round((WIDTH - w) / 2), Math.round((HEIGHT - h) / 2));
    else ctx.drawImage(bitmap, (WIDTH - w) / 2, (HEIGHT - h) / 2, w, h);
    return ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
  } finally {
    bitmap.close();
  }
}
