// Lab 7, your world, fully painted: the crate's whole island for one seed (880 × 480), shown
// pixel for pixel, with a loupe, a legend from the core and Download PNG.
//
// The core paints everything (crates/web/src/world.rs over poisson_live::world::WorldPainter):
// the finished World holds the RGB picture, the four layers and the terrain. This module
// only drives the painter and shows the result. The picture goes into an offscreen canvas of
// exactly 880 × 480 (putImageData, no resampling, a band of rows per call); the map and the
// loupe draw from there, without smoothing when they enlarge it, so every pixel on screen is one
// the crate painted. Download PNG saves the bytes of the core's own PNG encoder, the same file
// `poisson paint --seed N` writes.
//
// Painting the whole island takes longer than a frame, so the job driver does it in slices
// (WorldPainter: terrain rows, sampler steps, stamped objects), and the status counts the
// percentage up. The last picture stays on the map until the new one is complete, then the new
// one replaces it at once. A new seed drops a paint still in progress. Typed seeds wait for a
// short pause in typing. The first world is painted when the map comes into view, or once the
// labs above have done their work.

import { setupCanvas } from '../lib/canvas.js';
import { buildParams } from '../lib/params.js';
import { trackPointer } from '../lib/pointer.js';
import { onNextFrame } from '../lib/frame.js';
import { jobDriver, stepsJob } from '../lib/job.js';
import { LAYER_READOUTS, actions, part, readouts, seedParam } from '../lib/lab.js';

const WIDTH = 880;
const HEIGHT = 480;
/** The loupe shows this many map pixels across, enlarged ZOOM times. */
const LOUPE_SPAN = 40;
const ZOOM = 4;
/** How long a typed seed waits for the next keystroke before the world is repainted (ms). */
const TYPING_PAUSE = 250;
const LAYERS = ['chests', 'rocks', 'trees', 'flowers'];
/** Rows of the finished picture copied into the offscreen canvas per call. */
const COPY_ROWS = 40;

export function mount(section, wasm) {
  const canvas = part(section, 'map');
  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => draw());
  const loupe = part(section, 'loupe');
  const loupeCanvas = loupe.querySelector('canvas');
  const loupeGround = part(section, 'loupe-ground');
  const status = part(section, 'status');

  /**
   * The painted picture at its own size, one canvas pixel per map pixel, and a second such
   * canvas that the next picture is copied into while this one stays on screen.
   */
  const offscreen = () => Object.assign(document.createElement('canvas'), { width: WIDTH, height: HEIGHT });
  let picture = offscreen();
  let spare = offscreen();

  const state = {
    /** The world on screen (a World), or null before the first one. */
    world: null,
    typingTimer: 0,
    /** Where the loupe looks (map units), or null when it is hidden. */
    probe: null,
  };

  const params = buildParams(part(section, 'controls'), [seedParam()], () => {
    clearTimeout(state.typingTimer);
    state.typingTimer = setTimeout(() => repaint(), TYPING_PAUSE);
  });

  const setReadout = readouts(part(section, 'readouts'), [
    ...LAYER_READOUTS,
    ['time-ms', 'Time (ms)', 'painting the world and putting it on screen, measured in this page: the time spent on it, spread over several frames'],
  ]);

  actions(
    part(section, 'actions'),
    [
      { action: 'new-world', label: 'New World', title: 'A fresh seed from the browser' },
      { action: 'download', label: 'Download PNG', title: 'The exact pixels, as a PNG file named with the seed' },
    ],
    {
      'new-world'() {
        params.set('seed', wasm.randomSeed());
        params.clearError('seed');
        repaint();
      },
      download() {
        if (state.world) download(state.world);
      },
    },
  );

  buildLegend(part(section, 'legend'), wasm.worldLegend());

  // The paint: the WorldPainter a slice per frame; once the world is complete, its rows into the
  // spare offscreen canvas, a band at a time; then, in a frame of its own, the new picture on
  // screen. A new seed drops the paint in progress.
  const painter = jobDriver(section, {
    params,
    start(values) {
      const job = new wasm.WorldPainter(values.seed);
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
  });

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
    if (state.probe) showLoupe(state.probe);
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

  /** Saves the core's PNG bytes as poisson-world-SEED.png. */
  function download(world) {
    const blob = new Blob([world.png()], { type: 'image/png' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `poisson-world-${world.seed}.png`;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser has taken the file by the time this runs; free the blob.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // The loupe: a small enlarged view of the pixels under the pointer, finger or keyboard cursor,
  // with the name of the ground there.
  const requestLoupe = onNextFrame(() => {
    draw();
    if (state.probe) showLoupe(state.probe);
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

  function showLoupe({ x, y }) {
    const world = state.world;
    if (!world) return;
    loupe.hidden = false;
    const size = loupeCanvas.getBoundingClientRect().width || LOUPE_SPAN * ZOOM;
    const pixels = Math.round(size * (window.devicePixelRatio || 1));
    if (loupeCanvas.width !== pixels) {
      loupeCanvas.width = pixels;
      loupeCanvas.height = pixels;
    }
    const ctx = loupeCanvas.getContext('2d');
    const scale = pixels / LOUPE_SPAN;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#1b2a3a';
    ctx.fillRect(0, 0, pixels, pixels);
    // The whole pixels around the probe; near an edge, only the part on the map.
    const left = Math.floor(x) - LOUPE_SPAN / 2;
    const top = Math.floor(y) - LOUPE_SPAN / 2;
    const sx = Math.max(0, left);
    const sy = Math.max(0, top);
    const sw = Math.min(WIDTH, left + LOUPE_SPAN) - sx;
    const sh = Math.min(HEIGHT, top + LOUPE_SPAN) - sy;
    ctx.imageSmoothingEnabled = false;
    if (sw > 0 && sh > 0) {
      ctx.drawImage(picture, sx, sy, sw, sh, (sx - left) * scale, (sy - top) * scale, sw * scale, sh * scale);
    }
    // Frame the pixel under the probe, light inside dark so it shows on any ground.
    const at = (LOUPE_SPAN / 2) * scale;
    const line = Math.max(1, Math.round(scale / 4));
    ctx.lineWidth = line;
    ctx.strokeStyle = 'rgba(10, 15, 20, 0.75)';
    ctx.strokeRect(at - 1.5 * line, at - 1.5 * line, scale + 3 * line, scale + 3 * line);
    ctx.strokeStyle = '#fff';
    ctx.strokeRect(at - 0.5 * line, at - 0.5 * line, scale + line, scale + line);

    const ground = world.groundAt(Math.floor(x) + 0.5, Math.floor(y) + 0.5);
    loupeGround.textContent = ground;
    loupe.dataset.ground = ground;
    loupe.dataset.at = `${Math.floor(x)},${Math.floor(y)}`;
    placeLoupe(x, y);
  }

  /** Puts the loupe beside the probe: up and to the right, flipped where it would not fit. */
  function placeLoupe(x, y) {
    const box = canvas.getBoundingClientRect();
    const px = (x / WIDTH) * box.width;
    const py = (y / HEIGHT) * box.height;
    const w = loupe.offsetWidth;
    const h = loupe.offsetHeight;
    const gap = 28; // clear of the framed patch (20 map pixels each side)
    let left = px + gap;
    if (left + w > box.width) left = px - gap - w;
    let top = py - gap - h;
    if (top < 0) top = Math.min(box.height - h, py + gap);
    loupe.style.left = `${Math.max(0, left)}px`;
    loupe.style.top = `${Math.max(0, top)}px`;
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

  // Points as JSON/CSV (www/lib/export.js): the world's objects, layer after layer, with their spacing.
  section.exportPoints = () => ({
    width: WIDTH,
    height: HEIGHT,
    points: state.world ? ['chests', 'rocks', 'trees', 'flowers'].map((layer) => state.world.points(layer)) : [],
    stride: 3,
    name: 'world',
  });
  return () => state.world || painter.busy || repaint();
}

/** The legend: each ground's colour, then each layer with its spacing and where it grows. */
function buildLegend(container, legend) {
  const land = legend.filter((e) => e.kind === 'ground' && e.land).map((e) => e.name);
  const grounds = legend.filter((e) => e.kind === 'ground');
  const objects = legend.filter((e) => e.kind === 'object');

  const list = (title, entries, describe) => {
    const group = document.createElement('div');
    group.className = 'world-legend-group';
    const heading = document.createElement('h3');
    heading.textContent = title;
    const ul = document.createElement('ul');
    for (const entry of entries) {
      const li = document.createElement('li');
      li.dataset.legend = entry.name;
      const swatch = document.createElement('span');
      swatch.className = `swatch swatch-${entry.kind}`;
      swatch.setAttribute('aria-hidden', 'true');
      swatch.style.backgroundColor = `rgb(${entry.rgb.join(', ')})`;
      li.append(swatch, describe(entry));
      ul.append(li);
    }
    group.append(heading, ul);
    container.append(group);
  };

  list('Ground', grounds, (g) => g.name);
  list('Layers, one shared grid', objects, (o) => {
    const span = document.createElement('span');
    const name = document.createElement('strong');
    name.textContent = o.name;
    const everywhereOnLand = o.on.length === land.length && o.on.every((g) => land.includes(g));
    const where = everywhereOnLand ? 'on land' : `on ${o.on.join(', ')} only`;
    span.append(name, ` spacing `, spacingText(o.spacing), ` · ${where}`);
    return span;
  });
}

function spacingText(spacing) {
  const value = document.createElement('span');
  value.className = 'world-spacing';
  value.dataset.spacing = String(spacing);
  value.textContent = String(spacing);
  return value;
}
