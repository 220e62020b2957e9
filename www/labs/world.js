// Lab 7, your world, fully painted: the crate's whole island for one seed (880 × 480), shown
// pixel for pixel, with a loupe (www/labs/world/loupe.js), a legend from the core
// (www/labs/world/legend.js) and Download PNG.
//
// The core paints everything (crates/web/src/world.rs over poisson_live::world::WorldPainter):
// the finished PaintedWorld holds the RGB picture, the four layers and the terrain. This module
// only drives the painter and shows the result. The picture goes into an offscreen canvas of
// exactly 880 × 480 (putImageData, no resampling, a band of rows per call); the map and the
// loupe draw from there, without smoothing when they enlarge it, so every pixel on screen is one
// the crate painted. Download PNG saves the bytes of the core's own PNG encoder, the same file
// `poisson paint --seed N` writes.
//
// Painting the whole island takes longer than a frame, so the job driver does it in slices
// (WorldJob: terrain rows, sampler steps, stamped objects), and the status counts the
// percentage up. The last picture stays on the map until the new one is complete, then the new
// one replaces it at once. A new seed drops a paint still in progress. Typed seeds wait for a
// short pause in typing. The first world is painted when the map comes into view, or once the
// labs above have done their work.

import { trackPointer } from '../lib/pointer.js';
import { onNextFrame } from '../lib/frame.js';
import { stepsJob } from '../lib/job.js';
import { LAYER_READOUTS, createLab, part, seedParam } from '../lib/lab.js';
import { download as saveFile } from '../lib/export.js';
import { buildLegend } from './world/legend.js';
import { LOUPE_SPAN, showLoupe } from './world/loupe.js';

const WIDTH = 880;
const HEIGHT = 480;
/** How long a typed seed waits for the next keystroke before the world is repainted (ms). */
const TYPING_PAUSE = 250;
const LAYERS = ['chests', 'rocks', 'trees', 'flowers'];
/** Rows of the finished picture copied into the offscreen canvas per call. */
const COPY_ROWS = 40;

export function mount(section, wasm) {
  /**
   * The painted picture at its own size, one canvas pixel per map pixel, and a second such
   * canvas that the next picture is copied into while this one stays on screen.
   */
  const offscreen = () => Object.assign(document.createElement('canvas'), { width: WIDTH, height: HEIGHT });
  let picture = offscreen();
  let spare = offscreen();

  const state = {
    /** The world on screen (a PaintedWorld), or null before the first one. */
    world: null,
    typingTimer: 0,
    /** Where the loupe looks (map units), or null when it is hidden. */
    probe: null,
  };

  const lab = createLab(section, wasm, {
    width: WIDTH,
    height: HEIGHT,
    resized: () => draw(),
    params: [seedParam()],
    changed() {
      clearTimeout(state.typingTimer);
      state.typingTimer = setTimeout(() => repaint(), TYPING_PAUSE);
    },
    readouts: [
      ...LAYER_READOUTS,
      ['time-ms', 'Time (ms)', 'painting the world and putting it on screen, measured in this page: the time spent on it, spread over several frames'],
    ],
    actions: [
      { action: 'new-world', label: 'New World', title: 'A fresh seed from the browser' },
      { action: 'download', label: 'Download PNG', title: 'The exact pixels, as a PNG file named with the seed' },
    ],
    handlers: {
      'new-world'() {
        lab.params.set('seed', wasm.randomSeed());
        lab.params.clearError('seed');
        repaint();
      },
      download() {
        // The core's own PNG encoder's bytes, the file `poisson paint --seed N` writes.
        if (state.world) saveFile(state.world.png(), `poisson-world-${state.world.seed}.png`, 'image/png');
      },
    },
    // The paint: the WorldJob a slice per frame; once the world is complete, its rows into the
    // spare offscreen canvas, a band at a time; then, in a frame of its own, the new picture on
    // screen. A new seed drops the paint in progress.
    job: {
      start(values) {
        const job = new wasm.WorldJob(values.seed);
        section.dataset.state = 'painting';
        status.textContent = `Painting… 0 % (${job.stage})`;
        return job;
      },
      swap(world) {
        const ctx = spare.getContext('2d');
        const bands = [];
        for (let row = 0; row < HEIGHT; row += COPY_ROWS) {
          const to = Math.min(HEIGHT, row + COPY_ROWS);
          bands.push(() => ctx.putImageData(new ImageData(world.rgbaRows(row, to), WIDTH, to - row), 0, row));
        }
        return Object.assign(stepsJob([...bands, stepsJob.nextFrame, () => show(world)]), { copying: true, free: () => world !== state.world && world.free() });
      },
      progress: (job) =>
        job.copying ? 'Painting… 99 % (putting it on screen)' : `Painting… ${Math.floor(job.progress * 100)} % (${job.stage})`,
      done(stats) {
        const world = state.world;
        setReadout('time-ms', stats.spent.toFixed(1));
        return (
          `Painted seed ${world.seed} in ${Math.round(stats.spent)} ms of work, ` +
          `spread over ${stats.frames} frames (${Math.round(stats.clock)} ms on the clock)`
        );
      },
      refused() {
        section.dataset.state = 'refused';
        status.textContent = state.world ? `Seed refused; still showing seed ${state.world.seed}.` : 'Seed refused.';
      },
    },
    // Points as JSON/CSV: the world's objects, layer after layer, with their spacing.
    exportPoints: () => ({ points: state.world ? LAYERS.map((layer) => state.world.points(layer)) : [], stride: 3, name: 'world' }),
  });
  const { canvas, view, set: setReadout, job: painter } = lab;
  const loupe = part(section, 'loupe');
  const status = part(section, 'status');
  buildLegend(part(section, 'legend'), wasm.worldLegend());

  /** Starts painting the world for the seed in the field. */
  function repaint() {
    clearTimeout(state.typingTimer);
    painter.want('seed');
  }

  /** The finished world replaces the one on screen. */
  function show(world) {
    [picture, spare] = [spare, picture];
    state.world?.free();
    state.world = world;
    draw();
    for (const layer of LAYERS) setReadout(layer, world.count(layer));
    canvas.dataset.seed = String(world.seed);
    section.dataset.state = 'painted';
    if (state.probe) showLoupe(section, picture, state.world, state.probe);
  }

  function draw() {
    if (!state.world) return;
    const { ctx } = view;
    // Enlarged pixels stay square and sharp; shrunk, they are averaged so the picture does
    // not shimmer.
    ctx.imageSmoothingEnabled = canvas.width < WIDTH;
    ctx.drawImage(picture, 0, 0, WIDTH, HEIGHT);
    // While the loupe is up, frame the patch it shows.
    if (state.probe) {
      const left = Math.floor(state.probe.x) - LOUPE_SPAN / 2;
      const top = Math.floor(state.probe.y) - LOUPE_SPAN / 2;
      ctx.lineWidth = 2.5;
      ctx.strokeStyle = 'rgba(20, 30, 40, 0.55)';
      ctx.strokeRect(left, top, LOUPE_SPAN, LOUPE_SPAN);
      ctx.lineWidth = 1.2;
      ctx.strokeStyle = '#fff';
      ctx.strokeRect(left, top, LOUPE_SPAN, LOUPE_SPAN);
    }
  }

  // The loupe: a small enlarged view of the pixels under the pointer, finger or keyboard cursor,
  // with the name of the ground there.
  const requestLoupe = onNextFrame(() => {
    draw();
    if (state.probe) showLoupe(section, picture, state.world, state.probe);
  });

  function lookAt(point) {
    state.probe = {
      x: Math.min(WIDTH - 0.5, Math.max(0, point.x)),
      y: Math.min(HEIGHT - 0.5, Math.max(0, point.y)),
    };
    requestLoupe();
  }

  function hideLoupe() {
    if (!state.probe) return;
    state.probe = null;
    loupe.hidden = true;
    draw();
  }

  trackPointer(
    canvas,
    { width: WIDTH, height: HEIGHT },
    {
      drag: true,
      down: lookAt,
      move: lookAt,
      up(point, event) {
        // A finger lifted takes its loupe with it; a mouse keeps hovering.
        if (event.pointerType !== 'mouse') hideLoupe();
      },
      leave: hideLoupe,
    },
  );

  // Keyboard: focus the map, then the arrow keys move the loupe (Shift: 10 pixels at a time).
  canvas.tabIndex = 0;
  canvas.addEventListener('focus', () => {
    if (!state.probe) lookAt({ x: WIDTH / 2, y: HEIGHT / 2 });
  });
  canvas.addEventListener('blur', hideLoupe);
  canvas.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? 10 : 1;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (event.key === 'Escape') {
      hideLoupe();
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const from = state.probe ?? { x: WIDTH / 2, y: HEIGHT / 2 };
    lookAt({ x: from.x + move[0], y: from.y + move[1] });
  });

  status.textContent = 'The world is painted when you scroll here.';

  return () => state.world || painter.busy || repaint();
}
