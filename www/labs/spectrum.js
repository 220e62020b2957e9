// Blue noise: the power spectrum of random, jittered, dart-thrown and Bridson points. The core
// (crates/core/src/spectrum.rs) builds the point sets on a few maps and their mean periodogram;
// this lab paints the periodogram as an image on a log scale (www/labs/spectrum/picture.js), the
// first map's points below it, and the radial average as a curve with the white-noise level and
// the low-frequency band marked.
//
// Sixteen maps at the smallest spacing take a quarter of a second, so the spectrum is made a
// little per animation frame by the job driver (SpectrumJob: a unit is a step of a map's point
// set or one of its points added to the sums). The last good spectrum stays up until the new one
// is complete; the status line counts the maps, and the map carries aria-busy until the new
// picture is drawn. A new request drops the one in progress.
//
// State: the chosen point set, the last good `Spectrum` (and the set it shows), the periodogram
// as a small canvas, stretched over a square on the map when drawn, and the job in progress.

import { setupCanvas, textSize } from '../lib/canvas.js';
import { COLORS, clear, dots } from '../lib/draw.js';
import { statusLine, stepsJob } from '../lib/job.js';
import { buildParams, range } from '../lib/params.js';
import { MAP, NEW_SEED, createLab, part, seedParam } from '../lib/lab.js';
import { drawRadial } from '../lib/radial.js';
import { keyLines, keyText, paint, scale, tag } from './spectrum/picture.js';

const { width: WIDTH, height: HEIGHT } = MAP;
/**
 * Frequencies computed: |fx| ≤ 64 across, |fy| ≤ 36 down. A step across is 1/720 cycle per map
 * unit and a step down 1/400, so 64 / 720 ≈ 36 / 400 makes the window (almost) square in
 * frequency: it is drawn as a square, SQUARE map units wide, in the middle of the map.
 */
const FX = 64;
const FY = 36;
const SQUARE = 400;
const SQUARE_LEFT = (WIDTH - SQUARE) / 2;
/** "Low frequency" ends at 0.5 / r. */
const CUTOFF = 0.5;
const SETS = [
  { name: 'random', label: 'Random' },
  { name: 'jittered', label: 'Jittered grid' },
  { name: 'darts', label: 'Dart throwing' },
  { name: 'bridson', label: 'Bridson' },
];
const PLOT_WIDTH = 360;
const PLOT_HEIGHT = 200;

const PARAMS = [
  seedParam(),
  range('radius', 'Radius r', 20, 12, 40),
  range('maps', 'Maps averaged', 8, 1, 16),
];

export function mount(section, wasm) {
  const state = {
    /** The point set chosen, and the one the current spectrum shows. */
    set: 'bridson',
    shown: 'bridson',
    spectrum: null,
    radius: 20,
    maps: 8,
    image: null,
  };

  /** What the spectrum being made shows: its point set, radius and maps. */
  let making = null;
  const lab = createLab(section, wasm, {
    resized: () => drawMap(),
    readouts: [
      ['points', 'Points (first map)'],
      ['low-frequency-power', 'Low-frequency power', 'The radial average’s mean below 0.5 / r; white noise gives 1'],
      ['cutoff', 'Low frequencies end at', '0.5 / r, in cycles per map unit'],
    ],
    params: PARAMS,
    job: {
      start(values) {
        const job = new wasm.SpectrumJob({
          kind: state.set,
          width: WIDTH,
          height: HEIGHT,
          radius: values.radius,
          seed: values.seed,
          maps: values.maps,
          fxMax: FX,
          fyMax: FY,
        });
        making = { set: state.set, radius: values.radius, maps: values.maps };
        return job;
      },
      swap(result) {
        state.spectrum?.free();
        state.spectrum = result;
        state.shown = making.set;
        state.radius = making.radius;
        state.maps = making.maps;
        set('points', String(result.pointCount));
        set('low-frequency-power', result.lowFrequencyPower(CUTOFF / state.radius).toFixed(2));
        set('cutoff', `${(CUTOFF / state.radius).toFixed(4)} / unit`);
        // The three pictures one per frame: each changed canvas costs the frame's commit a copy
        // of its pixels, and three at once make a long frame.
        const next = stepsJob.nextFrame;
        return Object.assign(
          stepsJob([() => {
            state.image = paint(result);
            drawMap();
          }, next, drawPoints, next, drawPlot]),
          { drawing: true },
        );
      },
      progress(job) {
        if (job.drawing) return 'Drawing…';
        const maps = job.maps;
        const map = Math.min(maps, Math.floor(job.progress * maps) + 1);
        return `Averaging… map ${map} of ${maps} (${Math.floor(job.progress * 100)} %)`;
      },
      done() {
        const label = SETS.find((s) => s.name === state.shown)?.label ?? state.shown;
        return state.spectrum ? `${label}: ${state.maps === 1 ? 'one map' : `${state.maps} maps averaged`}.` : '';
      },
    },
    actions: [NEW_SEED],
    // Points as JSON/CSV: the point set shown beside the spectrum.
    exportPoints: () => ({ points: state.spectrum?.points() ?? new Float64Array(), stride: 2, name: state.shown }),
  });
  const { view: map, set, job: spectrum } = lab;
  const pointsView = setupCanvas(part(section, 'points'), WIDTH, HEIGHT, () => drawPoints());
  const plot = setupCanvas(part(section, 'radial'), PLOT_WIDTH, PLOT_HEIGHT, () => drawPlot());
  // The map's key, in words: drawn in the map's left margin where it fits at 13 CSS pixels, and
  // shown under the map instead on a narrow screen, where the margin is too thin for it.
  const keyBelow = document.createElement('p');
  keyBelow.className = 'spectrum-key';
  keyBelow.hidden = true;
  statusLine(section).after(keyBelow);

  // The point-set picker: a radio group (arrow keys move between the options).
  const options = SETS.map(({ name, label }) => ({ value: name, label }));
  buildParams(part(section, 'method-picker'), [{ name: 'method', type: 'radio', options, value: state.set }], (values) => {
    state.set = values.method;
    spectrum.want(null);
  });

  /** Where frequency (fx, fy) sits on the map, and how far a frequency ρ reaches each way. */
  const cellW = SQUARE / (2 * FX + 1);
  const cellH = SQUARE / (2 * FY + 1);
  const centreX = SQUARE_LEFT + (FX + 0.5) * cellW;
  const centreY = (FY + 0.5) * cellH;
  const reach = (rho) => [rho * WIDTH * cellW, rho * HEIGHT * cellH];

  function drawMap() {
    const { ctx } = map;
    clear(ctx, WIDTH, HEIGHT, '#081430');
    if (!state.image) return;
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(state.image, SQUARE_LEFT, 0, SQUARE, HEIGHT);

    // Rings at 0.5 / r (where the lab's "low frequencies" end) and 1 / r (the spacing).
    const r = state.radius;
    for (const [rho, label, dash] of [
      [CUTOFF / r, '0.5 / r', [6, 5]],
      [1 / r, '1 / r', [2, 4]],
    ]) {
      const [rx, ry] = reach(rho);
      ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
      ctx.lineWidth = 1.5;
      ctx.setLineDash(dash);
      ctx.beginPath();
      ctx.ellipse(centreX, centreY, rx, ry, 0, 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([]);
      // 1 / r up and to the right, 0.5 / r down and to the left: on opposite sides of the
      // centre, the two tags never meet, however close the rings (r = 40 puts them 5 pixels apart).
      const size = textSize(map, 12);
      if (rho === 1 / r) tag(ctx, label, centreX + rx * Math.SQRT1_2 + 4, centreY - ry * Math.SQRT1_2 - 4, size);
      else tag(ctx, label, centreX - rx * Math.SQRT1_2 - 4, centreY + ry * Math.SQRT1_2 + size + 4, size, 'right');
    }
    const lines = keyLines(r, FX);
    const font = textSize(map, 13);
    // The margin left of the square holds the key only if its longest line fits there.
    ctx.font = `${font}px system-ui, sans-serif`;
    const fits = Math.max(...lines.map(([, text]) => ctx.measureText(text).width)) + 16 <= SQUARE_LEFT;
    if (fits) keyText(ctx, lines, font);
    const words = fits ? '' : lines.map(([, text]) => text).join(' ').replace(/\s+/g, ' ').trim();
    if (keyBelow.textContent !== words) keyBelow.textContent = words;
    keyBelow.hidden = fits;
    scale(ctx, textSize(map, 12), SQUARE_LEFT + SQUARE);
  }

  function drawPoints() {
    const { ctx } = pointsView;
    clear(ctx, WIDTH, HEIGHT, COLORS.ground);
    if (!state.spectrum) return;
    dots(ctx, state.spectrum.points(), 2, Math.max(3, state.radius * 0.18), COLORS.tree);
  }

  /** The radial average against |f| · r, with the white-noise level and the low band marked. */
  function drawPlot() {
    const s = state.spectrum;
    const curves = s ? [{ values: s.radial(), color: COLORS.tree }] : [];
    drawRadial(plot, PLOT_WIDTH, PLOT_HEIGHT, curves, {
      step: s ? s.binWidth * state.radius : 1,
      xLabel: 'frequency × r',
      band: { to: CUTOFF, lines: ['low frequencies:', 'empty for blue noise'] },
    });
  }

  return () => spectrum.want('seed');
}
