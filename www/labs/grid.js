// Lab 3, the background grid: a partly filled map that answers "is it free here?" out loud.
// The probe follows the pointer (a drag on touch, the arrow keys on a focused map): the lab
// shades the block of cells the core searched, draws a line to every stored point it found
// (green: far enough, red: too close) and counts them. A click or Enter where the probe is
// free stores a new point. Every figure comes from the core's `Grid.probe`.

import { range } from '../lib/params.js';
import { COLORS, clear, dot, dots, gridLines, line, ring } from '../lib/draw.js';
import { onNextFrame } from '../lib/frame.js';
import { MAP, NEW_SEED, createLab, part, replace, seedParam, units } from '../lib/lab.js';
import { trackPointer } from '../lib/pointer.js';

const { width: WIDTH, height: HEIGHT } = MAP;
/** Share of Bridson's points the map keeps, leaving holes a reader can fill by hand. */
export const KEEP = 0.55;
/** How far one arrow-key press moves the probe, in map units (Shift moves five times as far). */
const KEY_STEP = 4;
/** A press and release closer than this (map units) is a click, not a drag. */
const CLICK_SLOP = 6;

const PARAMS = [
  seedParam(),
  range('radius', 'Radius r', 44, 16, 90),
];

/** Reads a `Grid.probe` answer into named fields. */
export function readProbe(flat) {
  const neighbours = [];
  for (let i = 5; i + 4 < flat.length; i += 5) {
    neighbours.push({
      index: flat[i],
      x: flat[i + 1],
      y: flat[i + 2],
      distance: flat[i + 3],
      conflict: flat[i + 4] === 1,
    });
  }
  return {
    colStart: flat[0],
    colEnd: flat[1],
    rowStart: flat[2],
    rowEnd: flat[3],
    free: flat[4] === 1,
    neighbours,
  };
}

export function mount(section, wasm) {
  const canvas = part(section, 'map');
  const summary = part(section, 'summary');
  const status = part(section, 'status');
  part(section, 'try').textContent =
    'Try this: drag the radius slider and watch the cells shrink and grow with it, while the ' +
    'shaded block stays five cells across. Then fill a hole by hand: how many points fit ' +
    'before every spot turns red?';

  const state = {
    lab: null,
    points: new Float64Array(0),
    probe: { x: WIDTH / 2, y: HEIGHT / 2 },
    found: null,
    pressedAt: null,
  };

  const lab = createLab(section, wasm, {
    resized: () => draw(),
    readouts: [
      ['checked', 'Points checked', 'points found in the searched cells'],
      ['conflicts', 'Too close', 'checked points closer than r'],
      ['cells-searched', 'Cells searched'],
      ['points', 'Points on the map'],
      ['cell-size', 'Cell side (r/√2)'],
    ],
    params: PARAMS,
    build: ({ seed, radius }) => new wasm.Grid({ width: WIDTH, height: HEIGHT, radius, seed, keep: KEEP }),
    use(grid) {
      replace(state, 'lab', grid);
      state.points = grid.points();
      // The points the map came with; the reader's, after them, are drawn apart.
      state.stored = grid.pointCount;
      status.textContent = '';
      update();
    },
    actions: [{ action: 'reset', label: 'Reset', title: 'remove the points you added' }, NEW_SEED],
    handlers: { reset: () => lab.rebuild() },
    // Points as JSON/CSV: the stored points, with the ones the reader added.
    exportPoints: () => ({ points: state.lab?.points() ?? new Float64Array(), stride: 3, name: 'grid' }),
  });
  const { view, set } = lab;
  const request = onNextFrame(() => draw());

  /** Probes the current spot, writes the readouts and asks for a redraw. */
  function update() {
    const { lab, probe } = state;
    if (!lab) return;
    const found = readProbe(lab.probe(probe.x, probe.y));
    state.found = found;
    const checked = found.neighbours.length;
    const conflicts = found.neighbours.filter((n) => n.conflict).length;
    const cells = (found.colEnd - found.colStart + 1) * (found.rowEnd - found.rowStart + 1);
    const total = lab.pointCount;
    set('checked', checked);
    set('conflicts', conflicts);
    set('cells-searched', cells);
    set('points', total);
    set('cell-size', units(lab.cellSize));
    const where = `(${Math.round(probe.x)}, ${Math.round(probe.y)})`;
    const tooClose = conflicts === 1 ? '1 point is' : `${conflicts} points are`;
    const verdict = found.free
      ? `free: nothing is closer than r = ${lab.radius}`
      : `blocked: ${tooClose} closer than r = ${lab.radius}`;
    summary.textContent =
      `At ${where} the grid checked ${checked} of ${total} points in ${cells} cells — ` +
      `${verdict}.`;
    request();
  }

  /** Tries to store a point at the probe and says what happened. */
  function addAtProbe() {
    const { lab, probe } = state;
    if (!lab) return;
    if (lab.add(probe.x, probe.y)) {
      state.points = lab.points();
      const where = `(${Math.round(probe.x)}, ${Math.round(probe.y)})`;
      status.textContent = `Added point ${lab.pointCount} at ${where}.`;
    } else {
      const found = readProbe(lab.probe(probe.x, probe.y));
      const nearest = found.neighbours
        .filter((n) => n.conflict)
        .reduce((best, n) => (best && best.distance <= n.distance ? best : n), null);
      status.textContent = nearest
        ? `Not added: a point is only ${units(nearest.distance)} away, ` +
          `closer than r = ${lab.radius}.`
        : 'Not added: that spot is off the map.';
    }
    update();
  }

  function moveProbe(x, y) {
    state.probe = {
      x: Math.min(Math.max(x, 0), WIDTH),
      y: Math.min(Math.max(y, 0), HEIGHT),
    };
    update();
  }

  /**
   * Where the probe goes for a pointer at `at`: on touch, a finger's width above it (about
   * 48 CSS pixels), so the finger does not hide the probe and its lines; else right there.
   */
  function probeAt(at, event) {
    if (event.pointerType !== 'touch') return at;
    const lift = (48 * HEIGHT) / Math.max(1, canvas.getBoundingClientRect().height);
    return { x: at.x, y: at.y - lift };
  }

  trackPointer(canvas, { width: WIDTH, height: HEIGHT }, {
    drag: true,
    down(at, event) {
      state.pressedAt = at;
      const p = probeAt(at, event);
      moveProbe(p.x, p.y);
    },
    move(at, event) {
      const p = probeAt(at, event);
      moveProbe(p.x, p.y);
    },
    up(at, event) {
      const from = state.pressedAt;
      state.pressedAt = null;
      if (event.type === 'pointercancel' || !from) return;
      if (Math.hypot(at.x - from.x, at.y - from.y) <= CLICK_SLOP) {
        // A tap adds where the probe stood, which on touch is above the finger.
        const p = probeAt(at, event);
        moveProbe(p.x, p.y);
        addAtProbe();
      }
    },
  });

  canvas.tabIndex = 0;
  canvas.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const moves = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (moves[event.key]) {
      const [dx, dy] = moves[event.key];
      moveProbe(state.probe.x + dx, state.probe.y + dy);
    } else if (event.key === 'Enter' || event.key === ' ') {
      addAtProbe();
    } else {
      return;
    }
    event.preventDefault();
  });

  function draw() {
    const { ctx } = view;
    const { lab, found, probe, points } = state;
    clear(ctx, WIDTH, HEIGHT);
    if (!lab) return;
    const cell = lab.cellSize;
    const r = lab.radius;

    if (found) {
      // The block of cells the query searched, and the probe's own cell a shade darker.
      const x0 = found.colStart * cell;
      const y0 = found.rowStart * cell;
      ctx.fillStyle = COLORS.probe;
      ctx.fillRect(
        x0,
        y0,
        Math.min((found.colEnd + 1) * cell, WIDTH) - x0,
        Math.min((found.rowEnd + 1) * cell, HEIGHT) - y0,
      );
      const col = Math.min(Math.floor(probe.x / cell), lab.cols - 1);
      const row = Math.min(Math.floor(probe.y / cell), lab.rows - 1);
      const w = Math.min(cell, WIDTH - col * cell);
      const h = Math.min(cell, HEIGHT - row * cell);
      ctx.fillRect(col * cell, row * cell, w, h);
    }
    gridLines(ctx, WIDTH, HEIGHT, cell, 'rgba(47, 79, 47, 0.28)');

    if (found) {
      const color = found.free ? COLORS.safe : COLORS.conflict;
      ctx.globalAlpha = 0.14;
      dot(ctx, probe.x, probe.y, r, color);
      ctx.globalAlpha = 1;
      ring(ctx, probe.x, probe.y, r, color, 1.5);
    }

    const stored = Math.min(state.stored ?? Infinity, points.length / 3);
    dots(ctx, points.subarray(0, 3 * stored), 3, 4, COLORS.tree);
    // Points the reader added: blue, ringed, so they never pass for stored ones.
    const added = points.subarray(3 * stored);
    dots(ctx, added, 3, 5, COLORS.placed);
    for (let i = 0; i < added.length; i += 3) ring(ctx, added[i], added[i + 1], 7, COLORS.placed, 1.5);

    if (found) {
      for (const n of found.neighbours) {
        const color = n.conflict ? COLORS.conflict : COLORS.safe;
        line(ctx, probe.x, probe.y, n.x, n.y, color, n.conflict ? 2.5 : 1.75);
        if (n.conflict) ring(ctx, n.x, n.y, 7, color, 2);
      }
      dot(ctx, probe.x, probe.y, 4.5, found.free ? COLORS.safe : COLORS.conflict);
      ring(ctx, probe.x, probe.y, 4.5, '#fff', 1.5);
    }
  }

  return () => lab.rebuild();
}
