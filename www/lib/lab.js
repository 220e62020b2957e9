// The lab factory and the furniture every lab shares. `createLab` does the wiring each lab
// would otherwise repeat (the map's canvas, parameters with their refusals shown beside their
// controls, the job, readouts, action buttons, New seed, export); a lab module gives it tables
// and callbacks and keeps its drawing and its teaching. Permalinks need nothing from a lab: they
// read its named controls (www/lib/permalink.js).
//
// The markup a lab section provides (index.html):
//   <canvas data-role="map">, <div data-role="controls">, <div data-role="actions">,
//   <dl data-role="readouts"> (or a table of its own), <p class="try">…</p>. The panel of
//   controls, actions and readouts that most labs share is written once, in index.html's
//   <template id="lab-furniture">, and `furnishLabs` copies it into the labs.

import { buildParams } from './params.js';
import { onNextFrame, prefersReducedMotion } from './frame.js';
import { setupCanvas } from './canvas.js';
import { jobDriver } from './job.js';

export { messageOf } from './params.js';

/** The smallest and largest seeds a reader may type (32-bit signed). */
export const SEED_MIN = -2147483648;
export const SEED_MAX = 2147483647;
/** The default seed of every lab. */
export const DEFAULT_SEED = 123456;

/** The map's size in map units, unless a lab says otherwise. */
export const MAP = { width: 720, height: 400 };

/**
 * A lab's wiring from one description. Every field of `spec` is optional:
 *
 * - `width`, `height`: the map in map units (720 × 400); `resized()` runs after the map's
 *   canvas changed size (which clears it). `map: false` leaves the canvas to the lab;
 *   `maxRatio` caps the map's backing pixels per CSS pixel (www/lib/canvas.js).
 * - `readouts`: the readout table (see `readouts`); the result's `set(name, value)` writes one.
 * - `params`: the parameter table (www/lib/params.js), built in `[data-role="controls"]`. On a
 *   change, `changed(values, name)` runs if given; else, with `build` and `use`, the lab
 *   rebuilds (see `guardedParams`); else its job is wanted.
 * - `job`: the options of the lab's job driver (www/lib/job.js), given `params` as well.
 * - `actions` and `handlers`: the action buttons (see `actions`); a `new-seed` button without a
 *   handler puts a fresh seed in the seed field and calls `refresh('seed')`.
 * - `refresh(name)`: what a change asks for, if not the rebuild or the job's `want`.
 * - `exportPoints()`: `{points, stride, name}`, the points shown now (www/lib/export.js); the
 *   map's size is added.
 *
 * Returns `{canvas, view, width, height, set, params, job, buttons, refresh(name)}`.
 */
export function createLab(section, wasm, spec = {}) {
  const { width = MAP.width, height = MAP.height } = spec;
  const lab = { section, width, height, canvas: part(section, 'map') };
  if (spec.map !== false) lab.view = setupCanvas(lab.canvas, width, height, () => spec.resized?.(), spec.maxRatio);
  if (spec.readouts) lab.set = readouts(part(section, 'readouts'), spec.readouts);
  if (spec.params) {
    const controls = part(section, 'controls');
    if (spec.build) {
      const guarded = guardedParams(controls, spec.params, spec.build, spec.use);
      lab.params = guarded.params;
      lab.rebuild = guarded.rebuild;
    } else {
      lab.params = buildParams(controls, spec.params, (values, name) => (spec.changed ? spec.changed(values, name) : lab.refresh(name)));
    }
  }
  if (spec.job) lab.job = jobDriver(section, { params: lab.params ?? null, ...spec.job });
  lab.refresh = (name = null) => {
    if (spec.refresh) return spec.refresh(name);
    if (lab.rebuild) return lab.rebuild(name);
    return lab.job?.want(name);
  };
  if (spec.actions) {
    const handlers = { 'new-seed': newSeed(lab.params, wasm, lab.refresh), ...spec.handlers };
    // New seed is secondary: it goes beside the menu of exports (moreActions), so the row
    // beside the map keeps the buttons that drive the lab.
    const secondary = spec.actions.filter((a) => a.action === 'new-seed');
    const primary = spec.actions.filter((a) => a.action !== 'new-seed');
    lab.buttons = new Map([
      ...actions(part(section, 'actions'), primary, handlers),
      ...actions(moreActions(section), secondary, handlers),
    ]);
  }
  if (spec.exportPoints) section.exportPoints = () => ({ width, height, ...spec.exportPoints() });
  return lab;
}

/**
 * Puts the markup every lab repeats (index.html's `<template id="lab-furniture">`) into the
 * labs of `root`, before any lab starts: a copy of the template's `.lab-panel` at the end of
 * each `.lab-stage` that has no panel; the panel's parts at the end of each `.lab-panel` with
 * no controls yet (an empty one, or one that holds only a picker), or the parts its
 * `data-parts` names (roles, in that order; the attribute goes once they are in); and the
 * template's "Loading the sampler…" note at the end of each lab, which www/main.js removes
 * once the lab is mounted.
 */
export function furnishLabs(root = document) {
  const furniture = root.getElementById('lab-furniture').content;
  const panel = furniture.querySelector('.lab-panel');
  const note = furniture.querySelector('.lab-placeholder');
  for (const stage of root.querySelectorAll('[data-lab] .lab-stage')) {
    if (!stage.querySelector(':scope > .lab-panel')) stage.append(panel.cloneNode(false));
  }
  for (const open of root.querySelectorAll('[data-lab] .lab-panel')) {
    if (open.querySelector('[data-role="controls"]')) continue;
    const roles = open.dataset.parts?.split(' ') ?? [...panel.children].map((child) => child.dataset.role);
    for (const role of roles) open.append(part(panel, role).cloneNode(true));
    delete open.dataset.parts;
  }
  for (const section of root.querySelectorAll('section[data-lab]')) section.append(note.cloneNode(true));
}

/** The "New seed" button's entry in an action table. */
export const NEW_SEED = { action: 'new-seed', label: 'New seed' };

/** Puts `next` in `holder[key]` and frees the wasm object it replaces; returns `next`. */
export function replace(holder, key, next) {
  const old = holder[key];
  holder[key] = next;
  if (old && old !== next) old.free();
  return next;
}

/** A seed entry for a parameter table. */
export function seedParam(value = DEFAULT_SEED) {
  return { name: 'seed', label: 'Seed', type: 'number', value, min: SEED_MIN, max: SEED_MAX, step: 1 };
}

/**
 * Where a lab's New seed goes when it is not the point of the lab: its
 * `[data-role="more-actions"]` row when it has one, so the row beside the map keeps only the
 * buttons that drive the run; else its `[data-role="actions"]`. Null when it has neither.
 */
export function moreActions(section) {
  return section.querySelector('[data-role="more-actions"]') ?? section.querySelector('[data-role="actions"]');
}

/**
 * Where a lab's secondary actions go (the exports, Copy link): the list inside its menu, a
 * `<details class="lab-menu">` at the end of `moreActions(section)`, made on first use. Every
 * lab folds them away the same way. Null when the lab has no row for it.
 */
export function secondaryActions(section) {
  const list = section.querySelector('[data-role="menu"]');
  if (list) return list;
  const row = moreActions(section);
  if (!row) return null;
  const menu = element('details', { className: 'lab-menu' });
  const summary = element('summary', {
    textContent: 'Points and link',
    title: 'Download the points shown, or copy a link to these settings',
  });
  const made = element('div', { className: 'actions' });
  made.dataset.role = 'menu';
  menu.append(summary, made);
  row.append(menu);
  return made;
}

/** A new `<tag>` element with `properties` (className, textContent, title, …) set on it. */
export function element(tag, properties = {}) {
  return Object.assign(document.createElement(tag), properties);
}

/** Finds the element with `data-role="role"` inside `section`, or fails loudly. */
export function part(section, role) {
  const el = section.querySelector(`[data-role="${role}"]`);
  if (!el) throw new Error(`lab ${section.dataset.lab}: no [data-role="${role}"] in its section`);
  return el;
}

/**
 * Builds `<dt>label</dt><dd data-readout="name">` pairs in `container`, one per `[name, label,
 * title?]` of `table`, and returns `set(name, value)`, which writes the value as the element's
 * whole text.
 */
export function readouts(container, table) {
  const cells = new Map();
  for (const [name, label, title] of table) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    if (title) dt.title = title;
    const dd = document.createElement('dd');
    dd.dataset.readout = name;
    dd.textContent = '–';
    container.append(dt, dd);
    cells.set(name, dd);
  }
  return function set(name, value) {
    const cell = cells.get(name);
    if (!cell) throw new Error(`no readout ${name}`);
    const text = String(value);
    if (cell.textContent !== text) cell.textContent = text;
  };
}

/** Writes `text` as `element`'s whole text, unless it is there already (new text costs a layout). */
export function say(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

/** The four layers' counts, as the layers lab and the world both show them. */
export const LAYER_READOUTS = [
  ['chests', 'Chests'],
  ['rocks', 'Rocks'],
  ['trees', 'Trees', 'on forest floor only'],
  ['flowers', 'Flowers', 'on meadow only'],
];

/**
 * A "New seed" button's handler: a fresh seed from the browser in the lab's seed field, then
 * `then('seed')` to use it.
 */
export function newSeed(params, wasm, then) {
  return () => {
    params.set('seed', wasm.randomSeed());
    then('seed');
  };
}

/**
 * Real `<button type="button" data-action="…">` elements in `container`; `handlers` maps an
 * action to its click handler. Returns a map from action to button (to relabel Play/Pause).
 */
export function actions(container, table, handlers) {
  const buttons = new Map();
  for (const { action, label, title } of table) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.action = action;
    button.textContent = label;
    if (title) button.title = title;
    button.addEventListener('click', () => handlers[action]?.());
    container.append(button);
    buttons.set(action, button);
  }
  return buttons;
}

/**
 * Parameters with error handling built in, for a lab whose objects are quick to make.
 * `build(values, name)` makes whatever the lab draws from the values (typically wasm objects;
 * `name` is the control that changed, or null); it may throw — the
 * message then appears beside the control that changed, and the lab keeps the last good result.
 * `use(result)` installs a new good result (free the previous wasm objects there). A lab whose
 * work is long uses the job driver (www/lib/job.js) instead.
 *
 * Returns `{params, rebuild(name?)}`; rebuild runs `build` with the current values.
 */
export function guardedParams(container, table, build, use) {
  const params = buildParams(container, table, (values, name) => rebuild(name));
  function rebuild(name = null) {
    const made = params.attempt(name, (values) => build(values, name));
    if (made.ok) use(made.value);
    return made.ok;
  }
  return { params, rebuild };
}

/**
 * A play loop: while playing, `tick()` runs once per animation frame and returns false when
 * there is nothing left to do (the loop then stops by itself). `onChange(playing)` lets the lab
 * relabel its Play button. The loop itself always animates: a lab that honours
 * prefers-reduced-motion checks `reducedMotion()` and finishes instead of calling `start`.
 */
export function player(tick, onChange = () => {}) {
  let playing = false;
  const request = onNextFrame(() => {
    if (!playing) return;
    if (tick() === false) stop();
    else request();
  });
  function start() {
    if (playing) return;
    playing = true;
    onChange(true);
    request();
  }
  function stop() {
    if (!playing) return;
    playing = false;
    onChange(false);
  }
  return {
    start,
    stop,
    toggle: () => (playing ? stop() : start()),
    get playing() {
      return playing;
    },
    reducedMotion: prefersReducedMotion,
  };
}

/**
 * Formats a whole number the one way the page writes them, in readouts and sentences alike:
 * digits only, no thousands separator (6009, 154073), so a figure in a sentence reads exactly
 * as the readout beside it.
 */
export function count(n) {
  return String(Math.round(n));
}

/** Formats a share as a percentage with one decimal: 0.4567 → "45.7 %". */
export function percent(share) {
  return `${(share * 100).toFixed(1)} %`;
}

/** Formats a length in map units with one decimal. */
export function units(value) {
  return Number.isFinite(value) ? value.toFixed(1) : '–';
}
