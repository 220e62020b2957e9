// Stippling and masks: a picture turned into dots by variable-radius Poisson sampling.
// The core (crates/core/src/stipple.rs, bound in crates/web/src/stipple.rs) owns the pictures,
// the brightness rule, the three ink sets and the mask; this module picks or decodes a picture,
// hands its pixels to the crate as RGBA bytes, grows the dots and draws them on white paper.
//
// Nothing here may block the page, even at the smallest radius (tens of thousands of dots), so
// all the work runs in animation frames, each with a budget of a few milliseconds: a built-in
// picture is drawn a few rows at a time, the sampler runs a few steps at a time, and the dots
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
import { onNextFrame, prefersReducedMotion } from '../lib/frame.js';
import { clear } from '../lib/draw.js';
import { actions, guardedParams, messageOf, part, readouts, seedParam } from '../lib/lab.js';

const WIDTH = 720;
const HEIGHT = 400;
/** Tries per step, as in the Bridson lab. */
const K = 30;
/**
 * Work per animation frame (ms): the sampler may take GROW_BUDGET of it, drawing the dots the
 * rest (a dot costs several times less to draw than to place). A frame that composes the map
 * does half as much: composing, and the browser's own work for a changed canvas (laying out,
 * handing it to the compositor), cost several ms more on a software canvas.
 */
const FRAME_BUDGET = 7;
const GROW_BUDGET = 5;
/** Sampler steps, and picture rows, per call between two looks at the clock. */
const SLICE_STEPS = 40;
const SLICE_ROWS = 6;
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
  { name: 'min-radius', label: 'Min radius (black)', type: 'range', value: 2, min: 1.5, max: 20, step: 0.5 },
  { name: 'max-radius', label: 'Max radius (white)', type: 'range', value: 24, min: 4, max: 40, step: 1 },
  { name: 'gamma', label: 'Gamma', type: 'range', value: 1, min: 0.25, max: 4, step: 0.25 },
  { name: 'colour', label: 'Colour (CMY inks)', type: 'checkbox', value: false },
  { name: 'mask', label: 'Mask (dark ground only)', type: 'checkbox', value: false },
  { name: 'threshold', label: 'Mask threshold', type: 'range', value: 0.5, min: 0.05, max: 0.95, step: 0.05 },
  { name: 'spacing', label: 'Mask spacing', type: 'range', value: 6, min: 2, max: 30, step: 1 },
  { name: 'show-picture', label: 'Show the picture underneath', type: 'checkbox', value: false },
];

/** Controls that only change the drawing, not the dots. */
const DRAW_ONLY = new Set(['show-picture']);

export function mount(section, wasm) {
  const canvas = part(section, 'map');
  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => resized());
  const requestFrame = onNextFrame(() => frame());
  const inks = wasm.inks().map(([name, color]) => ({ name, color }));

  const state = {
    /** The StippleImage being stippled, and the picture as a canvas for "show picture". */
    image: null,
    picture: null,
    /** A built-in picture being drawn (PictureRender), and the number of the latest request
     * for a picture (a file still decoding when another picture is chosen is dropped). */
    render: null,
    request: 0,
    decoding: false,
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

  // Picture menu and file input: built here, in the markup buildParams uses for its controls.
  const controls = part(section, 'controls');
  const pictureRow = fieldRow(controls, 'picture', 'Picture', document.createElement('select'));
  const select = pictureRow.input;
  for (const name of wasm.pictureNames()) {
    select.append(new Option(wasm.pictureLabel(name), name));
  }
  const uploadOption = new Option('Your image', UPLOAD);
  uploadOption.disabled = true;
  select.append(uploadOption);
  const file = document.createElement('input');
  file.type = 'file';
  file.accept = 'image/*';
  const fileRow = fieldRow(controls, 'image', 'Your image (or drop one on the map)', file);

  let changed = null;
  controls.addEventListener('input', (event) => (changed = event.target.name), true);
  const { params, rebuild } = guardedParams(
    controls,
    PARAMS,
    // Until the first picture is drawn there is nothing to stipple: it starts when it is.
    (values) => ((DRAW_ONLY.has(changed) && state.stippler) || !state.image ? null : start(values)),
    (started) => {
      if (started) install(started);
      else {
        state.dirty = true;
        paint();
      }
    },
  );

  const setReadout = readouts(part(section, 'readouts'), [
    { name: 'points', label: 'Dots', title: 'dots in all sets' },
    ...inks.map(({ name }) => ({ name, label: name[0].toUpperCase() + name.slice(1), title: `${name} dots (colour mode)` })),
    { name: 'allowed', label: 'Allowed ground', title: 'share of the map darker than the mask threshold (mask mode)' },
    { name: 'time-ms', label: 'Time (ms)', title: 'time to sample the dots, measured in this page' },
  ]);

  actions(part(section, 'actions'), [{ action: 'new-seed', label: 'New seed' }], {
    'new-seed'() {
      params.set('seed', wasm.randomSeed());
      changed = 'seed';
      rebuild('seed');
    },
  });

  select.addEventListener('change', () => {
    if (select.value === UPLOAD) return;
    fileRow.clearError();
    drawBuiltIn(select.value);
  });
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    // Emptied so that choosing the same file again (after editing it) loads it again.
    file.value = '';
    if (chosen) loadFile(chosen);
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
    else fileRow.showError('Drop an image file (PNG, JPEG, …).');
  });

  /** Starts drawing built-in picture `name`; frames draw it and then stipple it. */
  function drawBuiltIn(name) {
    state.request += 1;
    state.decoding = false;
    state.render?.free();
    state.render = new wasm.PictureRender(name, WIDTH, HEIGHT);
    markBusy();
  }

  /** Decodes a reader's file in the browser and stipples it. */
  async function loadFile(blob) {
    fileRow.clearError();
    const request = ++state.request;
    state.render?.free();
    state.render = null;
    state.decoding = true;
    markBusy();
    let image;
    try {
      const rgba = await decode(blob);
      // A newer choice (another file, a built-in picture) wins over this one.
      if (request !== state.request) return;
      image = new wasm.StippleImage(WIDTH, HEIGHT, rgba);
    } catch (error) {
      if (request === state.request) {
        fileRow.showError(`${blob.name ? `“${blob.name}”` : 'That file'} could not be read as an image: ${messageOf(error)}`);
      }
      return;
    } finally {
      if (request === state.request) {
        state.decoding = false;
        markBusy();
      }
    }
    usePicture(image);
    uploadOption.disabled = false;
    select.value = UPLOAD;
    changed = 'image';
    rebuild();
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

  /** A new stippler for `values`: cheap in every mode (the first dot; a mask seeds as it runs). */
  function start(values) {
    const began = performance.now();
    let stippler;
    if (values.mask) {
      stippler = wasm.Stippler.masked(state.image, values.threshold, values.spacing, K, values.seed);
    } else if (values.colour) {
      stippler = wasm.Stippler.colour(state.image, values['min-radius'], values['max-radius'], K, values.seed, values.gamma);
    } else {
      stippler = wasm.Stippler.mono(state.image, values['min-radius'], values['max-radius'], K, values.seed, values.gamma);
    }
    return { stippler, values, ms: performance.now() - began };
  }

  function install({ stippler, values, ms }) {
    state.stippler?.free();
    state.stippler = stippler;
    state.built = values;
    state.elapsed = ms;
    state.growing = true;
    // The new dots grow on empty layers at the map's size (one being redrawn is not needed).
    state.layers = emptyLayers(state.layers);
    state.redraw = null;
    state.dirty = true;
    setReadout('allowed', values.mask ? `${(state.image.maskCoverage(values.threshold) * 100).toFixed(1)} %` : '–');
    report();
    markBusy();
  }

  /** Whether any work is left: a picture to draw or decode, dots to place or to draw. */
  function pending() {
    return Boolean(state.render || state.decoding || state.growing || state.redraw || (state.stippler && !caughtUp(state.layers)));
  }

  /** Whether the map does not show the finished stipple yet (work left, or not composed). */
  function busy() {
    return state.dirty || pending();
  }

  /** Shows whether the lab is working (aria-busy on the map) and keeps the frames coming. */
  function markBusy() {
    if (busy()) {
      if (!canvas.hasAttribute('aria-busy')) canvas.setAttribute('aria-busy', 'true');
      requestFrame();
    } else if (canvas.hasAttribute('aria-busy')) {
      canvas.removeAttribute('aria-busy');
    }
  }

  /**
   * One animation frame: draw rows of a new picture for up to FRAME_BUDGET ms (or, once it is
   * complete, start stippling it); else grow the dots for up to GROW_BUDGET ms, then draw the
   * batches the layers lack until FRAME_BUDGET ms have gone; then compose the map.
   */
  function frame() {
    const began = performance.now();
    const render = state.render;
    if (render) {
      if (render.rowsDone < render.rows) {
        // Rows this frame; the picture is taken and stippled in the next one.
        let done = false;
        while (!done && performance.now() - began < FRAME_BUDGET) done = render.run(SLICE_ROWS);
      } else {
        state.render = null;
        // image() consumes the render: nothing left to free.
        usePicture(render.image());
        changed = 'picture';
        if (!rebuild()) state.dirty = true;
      }
      paint();
      markBusy();
      return;
    }
    // While the work goes on, the map is composed every other frame and the readouts follow a
    // few times a second: a frame that composes does half the work, one that also writes the
    // readouts a quarter (new text lays the page out and paints it again, several ms).
    const composing = began - state.painted >= PAINT_EVERY;
    const reporting = composing && began - state.reported >= REPORT_EVERY;
    const share = reporting ? 0.25 : composing ? 0.5 : 1;
    const stippler = state.stippler;
    if (stippler && state.growing) {
      let done = false;
      while (!done && performance.now() - began < GROW_BUDGET * share) done = stippler.run(SLICE_STEPS);
      state.elapsed += performance.now() - began;
      if (done) {
        state.growing = false;
        // The final figures and map are still to be shown.
        state.dirty = true;
      }
    }
    if (stippler) {
      const target = state.redraw ?? state.layers;
      if (drawBatches(target, began + FRAME_BUDGET * share) && target === state.layers) state.dirty = true;
      if (state.redraw && caughtUp(state.redraw)) {
        state.layers = state.redraw;
        state.redraw = null;
        state.dirty = true;
      }
    }
    // The final figures go with the final map.
    if (composing) {
      if (reporting || !pending()) report();
      state.painted = began;
      paint();
    }
    markBusy();
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
    markBusy();
  }

  drawBuiltIn(select.value);

  // Points as JSON/CSV (www/lib/export.js): the dots of every ink, one set after another.
  section.exportPoints = () => {
    const stippler = state.stippler;
    const sets = stippler ? Array.from({ length: stippler.sets }, (_, set) => stippler.points(set)) : [];
    return { width: WIDTH, height: HEIGHT, points: sets, stride: 3, name: 'stipple' };
  };
}

/**
 * A labelled control row in the markup of www/lib/params.js (label, control, message slot), for
 * the controls buildParams does not make: a menu and a file input.
 */
function fieldRow(container, name, text, input) {
  const id = `param-${name}-stipple`;
  const row = document.createElement('div');
  row.className = `param param-${input.tagName === 'SELECT' ? 'select' : 'file'}`;
  input.name = name;
  input.id = id;
  const label = document.createElement('label');
  label.htmlFor = id;
  label.textContent = text;
  const error = document.createElement('span');
  error.className = 'param-error';
  error.setAttribute('role', 'status');
  error.dataset.errorFor = name;
  row.append(label, input, error);
  container.append(row);
  return {
    input,
    showError(message) {
      error.textContent = message;
      input.setAttribute('aria-invalid', 'true');
    },
    clearError() {
      error.textContent = '';
      input.removeAttribute('aria-invalid');
    },
  };
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
