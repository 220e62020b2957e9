// Random vs jittered vs Poisson: the same map scattered three ways, with the figures that tell
// them apart. Every number comes from the core's `Comparison` (crates/core/src/compare.rs):
// Poisson fixes the tree count, random throws that many, the jittered grid picks its own cell.
//
// State: the current `Comparison` (rebuilt when seed or spacing change), which method the map
// shows, and whether gaps are shaded. A new comparison is built a stage at a time
// (CompareJob, run by the job driver), and `draw()` paints the map for the chosen method onto
// a layer in chunks, so the smallest spacing never blocks the page; the last picture stays up
// until the new one is ready (the canvas carries aria-busy meanwhile).

import { setupCanvas } from '../lib/canvas.js';
import { onNextFrame } from '../lib/frame.js';
import { COLORS, clear, dots, gridLines, line, ring } from '../lib/draw.js';
import { jobDriver } from '../lib/job.js';
import { offscreenLayer, paintJob } from '../lib/layer.js';
import { buildParams, checkbox, range } from '../lib/params.js';
import { MAP, NEW_SEED, createLab, part, percent, replace, seedParam, units } from '../lib/lab.js';
import { shareGauge } from '../lib/gauge.js';

const { width: WIDTH, height: HEIGHT } = MAP;
const METHODS = [
  { name: 'random', label: 'Random' },
  { name: 'jittered', label: 'Jittered grid' },
  { name: 'poisson', label: 'Poisson disk' },
];
/**
 * "Show gaps" gives every tree a disk of radius spacing: the ground no other tree may take.
 * What shows through (sand) is room where one more tree would still fit.
 */
const GAP_GROUND = '#f0d9a8';
const CLAIMED = '#d5e6cf';
/** The widest clearing's inside, so the part of it in view reads as one patch. */
const CLEARING_TINT = 'rgba(33, 99, 160, 0.1)';
/** Crowded trees per chunk of the picture (their rings are one path per chunk). */
const CHUNK = 500;
/** Trees (or their disks) per chunk of dots: each dot is a fill of its own, so any cut draws the same. */
const DOTS = 250;

export function mount(section, wasm) {
  const canvas = part(section, 'map');
  const state = {
    comparison: null,
    method: 'random',
    showGaps: true,
    spacing: 26,
  };

  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => draw());
  const requestDraw = onNextFrame(() => draw());
  // The picture is painted onto a layer in chunks and shown when complete, so thousands of
  // disks never cost one frame the whole drawing; the last picture stays up meanwhile.
  const art = offscreenLayer(canvas, WIDTH, HEIGHT);
  const painter = jobDriver(section, {});

  // The method picker: a radio group styled as tabs (arrow keys move between them).
  const picker = part(section, 'method-picker');
  const options = METHODS.map(({ name, label }) => ({ value: name, label }));
  buildParams(picker, [{ name: 'method', type: 'radio', options, value: state.method }], (values) => choose(values.method));

  // The table: one row per method, each holding that method's readouts.
  const rows = new Map();
  for (const tr of section.querySelectorAll('tr[data-method]')) {
    const cells = {};
    for (const td of tr.querySelectorAll('[data-readout]')) cells[td.dataset.readout] = td;
    rows.set(tr.dataset.method, { tr, cells });
    // A click on a row shows that method too (the radios stay the keyboard way in).
    tr.addEventListener('click', () => choose(tr.dataset.method));
  }

  // Coverage per method as bars, against the random-adsorption limit and hexagonal packing.
  const gaugeBox = document.createElement('div');
  gaugeBox.className = 'compare-gauge';
  (section.querySelector('.table-scroll') ?? part(section, 'map')).after(gaugeBox);
  const setGauge = shareGauge(
    gaugeBox,
    METHODS.map(({ name, label }) => ({ key: name, label })),
    [
      { value: wasm.rsaCoverage(), label: 'random limit 54.7 %' },
      { value: wasm.hexagonalCoverage(), label: 'hexagonal packing 90.7 %' },
    ],
    'Coverage: the share of the map under disks of radius spacing / 2 around the trees',
  );

  /** The spacing of the comparison being built. */
  let building = state.spacing;
  const lab = createLab(section, wasm, {
    map: false,
    readouts: [['jittered-cell', 'Jittered cell', 'Side of the jittered grid’s square cells, in map units']],
    // "Show gaps" only changes the drawing; seed and spacing make a new comparison, built a
    // stage at a time by the job driver.
    params: [seedParam(), range('spacing', 'Spacing', state.spacing, 10, 60), checkbox('show-gaps', 'Show gaps', state.showGaps)],
    changed(values, name) {
      if (name !== 'show-gaps') return lab.refresh(name);
      state.showGaps = values['show-gaps'];
      requestDraw();
    },
    job: {
      start(values) {
        const job = new wasm.CompareJob(WIDTH, HEIGHT, values.spacing, values.seed);
        building = values.spacing;
        return job;
      },
      swap(comparison) {
        replace(state, 'comparison', comparison);
        state.spacing = building;
        fill();
        draw();
      },
    },
    actions: [NEW_SEED],
    // Points as JSON/CSV: the method on the map.
    exportPoints: () => ({ points: state.comparison?.points(state.method) ?? new Float64Array(), stride: 2, name: state.method }),
  });
  const { set, job: builder } = lab;

  function choose(method) {
    state.method = method;
    for (const input of picker.querySelectorAll('input')) input.checked = input.value === method;
    for (const [name, { tr }] of rows) tr.classList.toggle('is-shown', name === method);
    requestDraw();
  }

  /** Writes every method's figures into its row of the table. */
  function fill() {
    const c = state.comparison;
    for (const [method, { cells }] of rows) {
      const tightest = c.tightest(method);
      const clearing = c.clearing(method);
      cells.trees.textContent = String(c.count(method));
      cells['too-close'].textContent = String(c.tooClose(method).length / 2);
      cells.tightest.textContent = tightest.length ? units(tightest[2]) : '–';
      cells.clearing.textContent = clearing.length ? units(2 * clearing[2]) : '–';
      // Live figures from the core: density with the spacing divided out, coverage, the audit.
      const [perR2, coverage, worst, , distance, needed] = wasm.liveFigures(c.points(method), 2, state.spacing, WIDTH, HEIGHT);
      if (cells['points-per-r2']) cells['points-per-r2'].textContent = perR2.toFixed(3);
      if (cells.coverage) cells.coverage.textContent = percent(coverage);
      if (cells['min-distance']) {
        cells['min-distance'].textContent = worst < 0 ? '✓ all ≥ r' : `✗ ${units(distance)} < ${units(needed)}`;
      }
      setGauge(method, coverage);
    }
    set('jittered-cell', units(c.spacing('jittered')));
  }

  /**
   * Queues the picture of the chosen method in chunks: ground (and the jittered grid), the
   * claimed disks, the clearing, the trees, the crowded trees' rings, the closest pair.
   */
  function draw() {
    const c = state.comparison;
    const ctx = art.ctx;
    const background = () => {
      art.reset();
      clear(ctx, WIDTH, HEIGHT, state.showGaps ? GAP_GROUND : COLORS.ground);
    };
    if (!c) {
      painter.run(paintJob(art, view.ctx, [background]));
      return;
    }
    const method = state.method;
    const points = c.points(method);
    const spacing = state.spacing;
    const count = points.length / 2;
    const treeSize = Math.min(3.5, spacing * 0.16);
    const chunks = (paint) => {
      const list = [];
      for (let from = 0; from < count; from += DOTS) {
        list.push(() => paint(points.subarray(2 * from, 2 * Math.min(from + DOTS, count))));
      }
      return list;
    };
    const tasks = [
      () => {
        background();
        if (method === 'jittered') gridLines(ctx, WIDTH, HEIGHT, c.spacing('jittered'));
      },
    ];
    if (state.showGaps) tasks.push(...chunks((some) => dots(ctx, some, 2, spacing, CLAIMED)));

    const clearing = c.clearing(method);
    if (clearing.length) {
      tasks.push(() => {
        const [x, y, r] = clearing;
        // Its centre is often on the map's edge, where only part of it shows: a tint fills
        // the part in view, the centre is marked, and a label inside the map names it.
        ctx.fillStyle = CLEARING_TINT;
        ctx.beginPath();
        ctx.arc(x, y, r, 0, Math.PI * 2);
        ctx.fill();
        ring(ctx, x, y, r, COLORS.gap, 2.5, [9, 6]);
        dots(ctx, [x, y], 2, 5, COLORS.gap);
        clearingLabel(ctx, x, y, r);
      });
    }

    tasks.push(...chunks((some) => dots(ctx, some, 2, treeSize, COLORS.tree)));

    // Trees in a pair closer than the spacing, ringed in red.
    const crowded = [...new Set(c.tooClose(method))];
    for (let from = 0; from < crowded.length; from += CHUNK) {
      tasks.push(() => {
        ctx.strokeStyle = COLORS.conflict;
        ctx.lineWidth = 1.5;
        ctx.beginPath();
        for (const i of crowded.slice(from, from + CHUNK)) {
          const x = points[2 * i];
          const y = points[2 * i + 1];
          ctx.moveTo(x + treeSize + 2.5, y);
          ctx.arc(x, y, treeSize + 2.5, 0, Math.PI * 2);
        }
        ctx.stroke();
      });
    }

    // The closest pair, linked.
    const tightest = c.tightest(method);
    if (tightest.length) {
      tasks.push(() => {
        const [i, j] = tightest;
        const [x0, y0, x1, y1] = [points[2 * i], points[2 * i + 1], points[2 * j], points[2 * j + 1]];
        line(ctx, x0, y0, x1, y1, COLORS.closest, 2.5);
        // Each ring whole, inside the map: one at the edge moves in just enough.
        const mark = treeSize + 5;
        const inside = (v, size) => Math.min(Math.max(v, mark + 1.5), size - mark - 1.5);
        ring(ctx, inside(x0, WIDTH), inside(y0, HEIGHT), mark, COLORS.closest, 2);
        ring(ctx, inside(x1, WIDTH), inside(y1, HEIGHT), mark, COLORS.closest, 2);
      });
    }
    painter.run(paintJob(art, view.ctx, tasks));
  }

  /** "widest clearing" beside the clearing's centre, moved into the map when the centre is near its edge. */
  function clearingLabel(ctx, x, y, r) {
    const text = `widest clearing, ${units(2 * r)} across`;
    const font = 13 * (WIDTH / Math.max(1, canvas.clientWidth || WIDTH));
    ctx.font = `600 ${font}px system-ui, sans-serif`;
    const w = ctx.measureText(text).width;
    // Toward the map's middle from the centre, a third of the radius in, then kept inside.
    const tx = Math.min(Math.max(x + Math.sign(WIDTH / 2 - x) * r / 3 - w / 2, 4), WIDTH - w - 4);
    const ty = Math.min(Math.max(y + Math.sign(HEIGHT / 2 - y) * r / 3, font + 4), HEIGHT - 6);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.fillRect(tx - 3, ty - font, w + 6, font * 1.3);
    ctx.fillStyle = COLORS.gap;
    ctx.textBaseline = 'alphabetic';
    ctx.fillText(text, tx, ty);
  }

  choose(state.method);

  return () => builder.want('seed');
}
