// The level editor: a map of trees and rocks edited in place with a brush. The core's
// EditableSet (crates/core/src/variants/edit.rs, bound for JS in crates/web/src/editor.rs)
// owns the points, their ids and classes, the strokes and the undo history; this lab turns
// pointer drags and keys into strokes, queued and applied a slice per frame by one job
// (www/labs/editor/edits.js), and draws the result.

import { onNextFrame } from '../lib/frame.js';
import { jobDriver } from '../lib/job.js';
import { buildParams, range } from '../lib/params.js';
import { trackPointer } from '../lib/pointer.js';
import { COLORS, clear, ring } from '../lib/draw.js';
import { MAP, NEW_SEED, createLab, part, seedParam } from '../lib/lab.js';
import { changed as mapChanged, editWork } from './editor/edits.js';

const { width: WIDTH, height: HEIGHT } = MAP;
const K = 30;
/**
 * The two kinds of object: their spacing from their own kind, their weight when a candidate
 * draws its kind, and how they are drawn. A tree and a rock keep `BETWEEN` apart.
 */
const CLASSES = [
  { name: 'tree', spacing: 16, weight: 3, color: COLORS.tree, size: 5 },
  { name: 'rock', spacing: 40, weight: 1, color: '#7b7f86', size: 9 },
];
/** A tree and a rock: the sum of the radii they are drawn with (5 + 9), so they never overlap. */
const BETWEEN = 14;
/** How far one arrow key moves the brush (map units); Shift moves four times as far. */
const KEY_STEP = 10;
const BRUSH_COLOR = 'rgba(33, 99, 160, 0.9)';
const BRUSH_FILL = 'rgba(33, 99, 160, 0.08)';

const BRUSH = { min: 4, max: 120 };

export function mount(section, wasm) {
  const state = {
    map: null,
    /** The points in progressive order, as indices into `map.points()`, for `orderOf`. */
    order: null,
    /** The map's change count the order was made for. */
    orderOf: -1,
    /** Bumped by every change to the map. */
    version: 0,
    /** Operations waiting for the edit before them (www/labs/editor/edits.js). */
    ops: [],
    /** The last point of the drag in hand that was applied (the next segment starts there). */
    last: null,
    /** The running progressive order, if any. */
    ordering: null,
    /** The brush cursor in map units, and whether to draw it. */
    cursor: { x: WIDTH / 2, y: HEIGHT / 2 },
    showCursor: false,
    /** Whether the pointer is pressed on the map, and the tool and brush size of that drag. */
    dragging: false,
    stroke: null,
    /** The last good brush size and detail (a refused value leaves them as they were). */
    brushSize: 30,
    detail: 100,
    /** The map's change count the running order is being made for. */
    orderingOf: -1,
    /** Kept between frames so drawing allocates only when the map changed. */
    cache: null,
  };

  // The tool: two radio buttons (arrow keys move between them).
  const tools = buildParams(
    part(section, 'tool-picker'),
    [{ name: 'tool', type: 'radio', value: 'paint', options: [{ value: 'paint', label: 'Paint' }, { value: 'erase', label: 'Erase' }] }],
    () => {},
  );
  const lab = createLab(section, wasm, {
    resized: () => redraw(),
    params: [
      seedParam(),
      range('brush-size', 'Brush size', state.brushSize, BRUSH.min, BRUSH.max, 1, { format: (v) => `${v} units` }),
      range('detail', 'Detail', state.detail, 0, 100, 1, { format: (v) => `${v} %` }),
    ],
    changed(values, name) {
      // Called only with values the controls accept.
      if (name === 'seed') lab.refresh('seed');
      state.brushSize = values['brush-size'];
      state.detail = values.detail;
      redraw();
    },
    readouts: [
      ['points', 'Points shown'],
      ['too-close', 'Too close', 'pairs of points closer than their classes’ spacing (the core’s audit)'],
      ['changed', 'Changed', 'points added or removed by the last stroke (or brought back and taken away by the last undo)'],
      ['ids', 'Next id', 'the id the next new point will get: ids only ever go up'],
    ],
    // A new map is filled a slice at a time (EditableSetFill), then swapped in; the queue's
    // driver then orders its points for the detail slider, and works through the strokes.
    job: {
      start: (values) => new wasm.EditableSetFill(mapParams(values.seed)),
      swap(map) {
        state.map?.free();
        state.ordering?.free();
        Object.assign(state, { map, ordering: null, order: null, orderOf: -1, ops: [], last: null, dragging: false });
        mapChanged(state);
        editor.run(editWork(wasm, state));
      },
    },
    actions: [{ action: 'undo', label: 'Undo', title: 'Take back the last stroke (Ctrl+Z or ⌘Z)' }, NEW_SEED],
    handlers: { undo: () => push({ type: 'undo' }) },
    // The points shown (detail), as x, y, r.
    exportPoints() {
      if (!state.map) return { points: new Float64Array(), stride: 3, name: 'editor' };
      const { points } = snapshot();
      const { indices, count } = shown();
      const out = new Float64Array(3 * count);
      for (let j = 0; j < count; j++) {
        const i = indices ? indices[j] : j;
        out.set(points.subarray(3 * i, 3 * i + 3), 3 * j);
      }
      return { points: out, stride: 3, name: 'editor' };
    },
  });
  const { canvas, view, params, set: setReadout, buttons } = lab;
  const redraw = onNextFrame(() => {
    writeReadouts();
    draw();
  });
  const editor = jobDriver(section, {
    frame: () => {
      writeReadouts();
      draw();
    },
  });

  /** The map's parameter object: trees and rocks and the spacing between them. */
  function mapParams(seed) {
    return {
      width: WIDTH,
      height: HEIGHT,
      classes: CLASSES.map(({ name, spacing, weight }) => ({ name, spacing, weight })),
      between: [{ a: CLASSES[0].name, b: CLASSES[1].name, spacing: BETWEEN }],
      k: K,
      seed,
    };
  }

  /** The brush radius and tool now (a drag keeps the ones it began with). */
  function brush() {
    return { tool: tools.values().tool, size: state.brushSize };
  }

  /** Queues an operation and makes sure the job is working on the queue. */
  function push(op) {
    if (!state.map) return;
    state.ops.push(op);
    if (!editor.busy) editor.run(editWork(wasm, state));
  }

  /** Which points are shown: `{indices, count}`; indices into the map's arrays. */
  function shown() {
    const map = state.map;
    const n = map.pointCount;
    const detail = state.detail;
    if (state.orderOf === state.version && state.order) {
      const count = Math.round((n * detail) / 100);
      return { indices: state.order.subarray(0, count), count };
    }
    // The order is being remade (a drag in progress): every point, so what is painted shows.
    return { indices: null, count: n };
  }

  function snapshot() {
    const map = state.map;
    if (!state.cache) {
      state.cache = { points: map.points(), classes: map.classes(), tooClose: map.tooClose() };
    }
    return state.cache;
  }

  function writeReadouts() {
    if (!state.map) return;
    const { count } = shown();
    setReadout('points', count);
    setReadout('too-close', snapshot().tooClose);
    setReadout('changed', state.map.changed);
    setReadout('ids', state.map.nextId);
    buttons.get('undo').disabled = state.map.undoDepth === 0 && !state.ops.some((op) => op.type !== 'undo');
  }

  function draw() {
    const ctx = view.ctx;
    clear(ctx, WIDTH, HEIGHT);
    if (state.map) {
      const { points, classes } = snapshot();
      const { indices, count } = shown();
      // One path per class: a fill per class, not per point.
      for (let c = 0; c < CLASSES.length; c++) {
        const { color, size } = CLASSES[c];
        ctx.beginPath();
        for (let j = 0; j < count; j++) {
          const i = indices ? indices[j] : j;
          if (classes[i] !== c) continue;
          const x = points[3 * i];
          const y = points[3 * i + 1];
          ctx.moveTo(x + size, y);
          ctx.arc(x, y, size, 0, Math.PI * 2);
        }
        ctx.fillStyle = color;
        ctx.fill();
      }
    }
    if (state.showCursor) {
      const { x, y } = state.cursor;
      const { size, tool } = brush();
      ctx.beginPath();
      ctx.arc(x, y, size, 0, Math.PI * 2);
      ctx.fillStyle = BRUSH_FILL;
      ctx.fill();
      ring(ctx, x, y, size, tool === 'erase' ? COLORS.conflict : BRUSH_COLOR, 2, tool === 'erase' ? [6, 4] : []);
    }
  }

  // ---- Input: pointer drags, keys ----

  /** While a control shows a value it refused, the brush applies nothing. */
  const brushOk = () => params.problems().length === 0;

  trackPointer(canvas, { width: WIDTH, height: HEIGHT }, {
    drag: true,
    down(at) {
      state.cursor = at;
      state.showCursor = true;
      if (!brushOk()) return redraw();
      state.dragging = true;
      const { tool, size } = brush();
      push({ type: 'begin' });
      push({ type: 'point', x: at.x, y: at.y, tool, size });
      state.stroke = { tool, size };
      redraw();
    },
    move(at) {
      state.cursor = at;
      state.showCursor = true;
      if (state.dragging) push({ type: 'point', x: at.x, y: at.y, ...state.stroke });
      redraw();
    },
    up() {
      if (!state.dragging) return;
      state.dragging = false;
      push({ type: 'end' });
    },
    leave() {
      state.showCursor = canvas === document.activeElement;
      redraw();
    },
  });

  canvas.addEventListener('focus', () => {
    state.showCursor = true;
    redraw();
  });
  canvas.addEventListener('blur', () => {
    state.showCursor = false;
    redraw();
  });
  canvas.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? 4 * KEY_STEP : KEY_STEP;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[event.key]) {
      const [dx, dy] = moves[event.key];
      // The cursor stays on the map.
      state.cursor = {
        x: Math.min(WIDTH, Math.max(0, state.cursor.x + dx)),
        y: Math.min(HEIGHT, Math.max(0, state.cursor.y + dy)),
      };
      state.showCursor = true;
      event.preventDefault();
      redraw();
    } else if ((event.key === 'Enter' || event.key === ' ') && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      if (!brushOk()) return;
      push({ type: 'dab', x: state.cursor.x, y: state.cursor.y, ...brush() });
    }
  });
  // Ctrl+Z (⌘Z) anywhere in the lab but a text field, which keeps its own undo.
  section.addEventListener('keydown', (event) => {
    if (event.key.toLowerCase() !== 'z' || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
    const field = event.target.closest?.('input, textarea, select');
    if (field && !['range', 'radio', 'checkbox', 'button'].includes(field.type)) return;
    event.preventDefault();
    push({ type: 'undo' });
  });

  // For the tests: the map itself (ids, classes, undo depth), as the bindings see it.
  section.editorMap = () => state.map;
  return () => lab.refresh();
}
