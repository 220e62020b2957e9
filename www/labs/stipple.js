// Stippling and masks: a picture turned into dots by variable-radius Poisson sampling.
// The core (crates/core/src/stipple.rs, bound in crates/web/src/stipple.rs) owns the pictures,
// the brightness rule, the three ink sets and the mask; this module picks or decodes a picture
// (www/labs/stipple/pictures.js), hands its pixels to the crate as RGBA bytes, grows the dots and
// draws them on white paper.
//
// Nothing here may block the page, even at the smallest radius (tens of thousands of dots), so
// the job driver runs all the work a slice per animation frame: a built-in picture is drawn a
// few rows at a time, the sampler runs a few steps at a time, and the dots are drawn onto
// offscreen layers, one per ink, in fixed batches (www/labs/stipple/dots.js). The map itself is
// paper, the picture if asked for, and the layers copied on top, composed every other frame: a
// few image copies, however many dots there are. The new stipple grows visibly; under reduced
// motion the map keeps the last finished one until the next is complete. A resized map gets new
// layers, redrawn batch by batch in the same way.

import { prefersReducedMotion } from '../lib/frame.js';
import { clear } from '../lib/draw.js';
import { advance } from '../lib/job.js';
import { checkbox, range } from '../lib/params.js';
import { MAP, NEW_SEED, createLab, replace, seedParam } from '../lib/lab.js';
import { caughtUp, drawBatches, emptyLayers } from './stipple/dots.js';
import { UPLOAD, pictureSource } from './stipple/pictures.js';

const { width: WIDTH, height: HEIGHT } = MAP;
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
const PAPER = '#ffffff';

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
  const inks = wasm.inks().map(([name, color]) => ({ name, color }));

  const state = {
    /** The StippleImage being stippled, and the picture as a canvas for "show picture". */
    image: null,
    picture: null,
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

  const lab = createLab(section, wasm, {
    resized: () => resized(),
    readouts: [
      ['points', 'Dots', 'dots in all sets'],
      ...inks.map(({ name }) => [name, name[0].toUpperCase() + name.slice(1), `${name} dots (colour mode)`]),
      ['allowed', 'Allowed ground', 'share of the map darker than the mask threshold (mask mode)'],
      ['time-ms', 'Time (ms)', 'time to sample the dots, measured in this page'],
    ],
    // The picture menu and the file input come first, then the stipple's own parameters.
    params: [
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
    ],
    changed(values, name) {
      if (name === 'picture') {
        if (values.picture === UPLOAD) return;
        params.clearError('image');
        source.builtIn(values.picture);
      } else if (name === 'image') {
        // Emptied so that choosing the same file again (after editing it) loads it again.
        params.input('image').value = '';
        if (values.image) source.load(values.image);
      } else if (DRAW_ONLY.has(name) && state.stippler) {
        state.dirty = true;
        paint();
      } else {
        lab.refresh(name);
      }
    },
    // The stipple grows and its dots are drawn onto the layers a slice per frame.
    job: {
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
    },
    actions: [NEW_SEED],
    // Points as JSON/CSV: the dots of every ink, one set after another.
    exportPoints() {
      const stippler = state.stippler;
      const sets = stippler ? Array.from({ length: stippler.sets }, (_, set) => stippler.points(set)) : [];
      return { points: sets, stride: 3, name: 'stipple' };
    },
  });
  const { canvas, view, params, set: setReadout, job: stippling } = lab;

  const source = pictureSource(section, wasm, params, (image, changedBy) => {
    usePicture(image);
    stippling.want(changedBy);
  });

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
    const stippler = new wasm.StippleJob(state.image, { ...options, k: K, seed: values.seed });
    replace(state, 'stippler', stippler);
    state.built = values;
    state.elapsed = performance.now() - began;
    state.growing = true;
    state.layers = emptyLayers(canvas, state.layers);
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
        if (drawBatches(state, inks, target, until) && target === state.layers) state.dirty = true;
        if (state.redraw && caughtUp(state, state.redraw)) {
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
    return Boolean(state.growing || state.redraw || (state.stippler && !caughtUp(state, state.layers)));
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
      if (!state.redraw || !fits(state.redraw)) state.redraw = emptyLayers(canvas, null);
    } else {
      state.redraw = null;
    }
    paint(true);
    if (state.stippler && pending()) stippling.run(growth());
  }

  return () => source.builtIn(params.values().picture);
}
