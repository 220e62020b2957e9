// Stippling and masks: a picture turned into dots by variable-radius Poisson sampling.
// The core (crates/core/src/stipple.rs, bound in crates/web/src/stipple.rs) owns the pictures,
// the brightness rule, the three ink sets and the mask; this module picks or decodes a picture,
// hands its pixels to the crate as RGBA bytes, grows the dots in slices (one slice per
// animation frame, so a tiny radius never freezes the tab) and draws them on white paper.
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
/** Steps per call while growing, and how long a frame may spend growing (ms). */
const SLICE_STEPS = 500;
const FRAME_BUDGET = 10;
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
  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => drawAll());
  const requestFrame = onNextFrame(() => frame());
  const inks = wasm.inks().map(([name, color]) => ({ name, color }));

  const state = {
    /** The StippleImage being stippled, and the picture as a canvas for "show picture". */
    image: null,
    picture: null,
    stippler: null,
    /** Points of each set already on the canvas. */
    drawn: [0, 0, 0],
    elapsed: 0,
    growing: false,
    /** Values the current stippler was built from (mode and radii decide the drawing). */
    built: null,
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
    (values) => (DRAW_ONLY.has(changed) && state.stippler ? null : start(values)),
    (started) => {
      if (started) install(started);
      else drawAll();
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
    usePicture(wasm.StippleImage.builtIn(select.value, WIDTH, HEIGHT));
    changed = 'picture';
    rebuild();
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

  /** Decodes a reader's file in the browser and stipples it. */
  async function loadFile(blob) {
    fileRow.clearError();
    let image;
    try {
      image = new wasm.StippleImage(WIDTH, HEIGHT, await decode(blob));
    } catch (error) {
      fileRow.showError(`${blob.name ? `“${blob.name}”` : 'That file'} could not be read as an image: ${messageOf(error)}`);
      return;
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

  /** A new stippler for `values`: cheap (the first dot, or the mask's seed blocks). */
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
    canvas.setAttribute('aria-busy', 'true');
    setReadout('allowed', values.mask ? `${(state.image.maskCoverage(values.threshold) * 100).toFixed(1)} %` : '–');
    drawAll();
    requestFrame();
  }

  /** One animation frame: grow for up to FRAME_BUDGET ms, then draw the new dots. */
  function frame() {
    const stippler = state.stippler;
    if (!stippler || !state.growing) return;
    const began = performance.now();
    let done = false;
    while (!done && performance.now() - began < FRAME_BUDGET) done = stippler.run(SLICE_STEPS);
    state.elapsed += performance.now() - began;
    if (done) {
      state.growing = false;
      canvas.removeAttribute('aria-busy');
      // One last full redraw, one path per set: dots that touch blend the same way however
      // the growth was sliced, so a seed always ends in the same pixels.
      drawAll();
      return;
    }
    requestFrame();
    // With reduced motion the dots appear when they are all placed, not a slice at a time.
    if (prefersReducedMotion()) return;
    drawNew();
    report();
  }

  function report() {
    const stippler = state.stippler;
    setReadout('points', stippler.pointCount);
    const colour = stippler.sets === 3;
    inks.forEach(({ name }, i) => setReadout(name, colour ? stippler.count(i) : '–'));
    setReadout('time-ms', state.elapsed.toFixed(1));
  }

  /** Paper, the faint picture when asked for, and every dot drawn so far. */
  function drawAll() {
    const { ctx } = view;
    clear(ctx, WIDTH, HEIGHT, PAPER);
    if (state.picture && params.values()['show-picture']) {
      ctx.save();
      ctx.globalAlpha = 0.3;
      ctx.drawImage(state.picture, 0, 0, WIDTH, HEIGHT);
      ctx.restore();
    }
    state.drawn = [0, 0, 0];
    if (!state.stippler) return;
    if (!state.growing || !prefersReducedMotion()) drawNew();
    report();
  }

  /** Draws the dots placed since the last draw: the sets only ever grow. */
  function drawNew() {
    const { ctx } = view;
    const stippler = state.stippler;
    const values = state.built;
    const colour = stippler.sets === 3;
    ctx.save();
    if (colour) ctx.globalCompositeOperation = 'multiply';
    for (let set = 0; set < stippler.sets; set++) {
      const points = stippler.pointsFrom(set, state.drawn[set]);
      if (points.length === 0) continue;
      const path = new Path2D();
      for (let i = 0; i < points.length; i += 3) {
        const r = values.mask ? MASK_DOT_SHARE * points[i + 2] : DOT_SHARE * values['min-radius'];
        path.moveTo(points[i] + r, points[i + 1]);
        path.arc(points[i], points[i + 1], r, 0, Math.PI * 2);
      }
      ctx.fillStyle = colour ? inks[set].color : INK;
      ctx.fill(path);
      state.drawn[set] += points.length / 3;
    }
    ctx.restore();
  }

  usePicture(wasm.StippleImage.builtIn(select.value, WIDTH, HEIGHT));
  rebuild();

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

/** A picture file as 720 × 400 RGBA bytes: decoded by the browser, scaled to fit, on white. */
async function decode(blob) {
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.fillStyle = PAPER;
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    const scale = Math.min(WIDTH / bitmap.width, HEIGHT / bitmap.height);
    const [w, h] = [bitmap.width * scale, bitmap.height * scale];
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, (WIDTH - w) / 2, (HEIGHT - h) / 2, w, h);
    return ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
  } finally {
    bitmap.close();
  }
}
