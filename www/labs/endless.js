// Endless worlds: a pannable view over a world the core's `ChunkedWorld`
// (crates/core/src/chunks.rs) generates chunk by chunk. The view asks for the points inside it;
// the core builds the chunks it needs (and their lower-phase neighbours), keeps about a hundred
// and forgets the farthest. A chunk depends only on the seed and its coordinates, so panning
// away and back shows exactly the same points.
//
// A jump to a new place needs dozens of chunks, too many for one frame at a small radius. So
// the job driver builds chunks one at a time (`generateNext`) a slice per frame, and the
// view grows as they arrive: phase 0 chunks first, then 1, 2 and 3, which is the scheme itself,
// played out. Growing teaches more than holding the old picture, and while the reader drags
// the map follows the hand at once. Until every chunk is in, the map carries aria-busy, the
// status says how far along it is, and the readouts that depend on the whole view wait.
//
// Drawing thousands of dots a frame is slow on a software canvas, so each chunk's dots are
// painted once into a tile (an offscreen canvas) and a frame copies tiles. A tile holds all of
// its chunk's dots, but the map shows only the points inside the view (as `pointsIn` gives them):
// so tiles cover the map's inner part, and a band along the edges, where a dot from just
// outside the view would peek in, is drawn dot by dot from the points inside.
//
// State: the current `ChunkedWorld` (rebuilt when seed or radius change) and the view's centre
// in world units, always whole numbers so that dragging back to the start lands exactly there.

import { setupCanvas, textSize } from '../lib/canvas.js';
import { checkbox, range } from '../lib/params.js';
import { jobDriver, statusLine } from '../lib/job.js';
import { trackPointer } from '../lib/pointer.js';
import { COLORS, clear, dots, line } from '../lib/draw.js';
import { actions, guardedParams, newSeed, part, readouts, seedParam } from '../lib/lab.js';

const WIDTH = 720;
const HEIGHT = 400;
const CHUNK = 120;
const K = 30;
/** Chunks the world remembers; the view needs about 35 and their neighbours. */
const CAPACITY = 96;
/** Arrow keys pan this far (Shift: five times as far). */
const KEY_STEP = 40;
/** Chunk tiles kept (about 70 KB each on a plain screen); the view shows at most 40. */
const TILE_LIMIT = 60;
/** A faint tint per phase, for "show chunks". */
const PHASE_TINT = [
  'rgba(33, 99, 160, 0.00)',
  'rgba(33, 99, 160, 0.06)',
  'rgba(224, 138, 30, 0.08)',
  'rgba(194, 24, 91, 0.06)',
];
const BORDER = 'rgba(33, 99, 160, 0.55)';
/** A chunk's name: dark blue on a nearly opaque pale tag, legible over any dots. */
const TAG = 'rgba(255, 255, 255, 0.88)';
const TAG_INK = '#1b4f82';
/** A chunk still being built. */
const PENDING = 'rgba(31, 42, 31, 0.07)';
const HALO = 'rgba(95, 168, 107, 0.25)';

export function mount(section, wasm) {
  const canvas = part(section, 'map');
  const state = { world: null, radius: 14, showChunks: true, cx: 0, cy: 0 };
  /**
   * Painted chunks of the current world, by "cx,cy": `{ cx, cy, points, image, x, y }`, the
   * chunk's points (world units) and its dots on an offscreen canvas whose corner is world
   * `(x, y)`. Cleared when the world or the canvas's scale changes.
   */
  const tiles = new Map();
  /** Canvases of dropped tiles, painted over again rather than left to the garbage collector. */
  const spare = [];
  let tileScale = '';
  /** Work done since the view was last complete, for the status line. */
  let job = null;
  /** The view and world the whole-view readouts were last read for. */
  let shown = null;

  const status = statusLine(section);

  // A resize clears the canvas and may change its scale (tiles are painted at that scale).
  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => {
    if (!draw()) update();
  });
  // The view's chunks, built and painted a slice per frame; the map is drawn after each.
  const builder = jobDriver(section, { start: () => (state.world ? viewJob() : null), frame: () => draw() });
  /** The view or the world changed: busy from now until a frame finds it complete. */
  function update() {
    builder.want();
  }

  const set = readouts(part(section, 'readouts'), [
    ['position', 'Position', 'The view’s centre in world units (x, y)'],
    ['points', 'Points in view'],
    ['chunks', 'Chunks generated', 'Every chunk built so far, neighbours included'],
    ['cached', 'Chunks cached', 'Chunks the world remembers now'],
    ['centre-chunk', 'Centre chunk'],
    ['chunk-hash', 'Its fingerprint', 'A hash of every coordinate in the centre chunk'],
  ]);

  const { params, rebuild } = guardedParams(
    part(section, 'controls'),
    [
      seedParam(),
      range('radius', 'Radius r', state.radius, 6, 40),
      checkbox('show-chunks', 'Show chunks', state.showChunks),
    ],
    (values, changed) => {
      if (changed === 'show-chunks' && state.world) return null;
      return {
        world: new wasm.ChunkedWorld({ chunkSize: CHUNK, radius: values.radius, k: K, seed: values.seed, capacity: CAPACITY }),
        radius: values.radius,
      };
    },
    (result) => {
      state.showChunks = params.values()['show-chunks'];
      if (result) {
        // A new world: the old one's chunks, tiles and pending work all go with it.
        state.world?.free();
        Object.assign(state, result);
        dropTiles([...tiles.values()]);
        job = null;
        shown = null;
      }
      update();
    },
  );

  actions(
    part(section, 'actions'),
    [
      { action: 'reset', label: 'Reset view' },
      { action: 'new-seed', label: 'New seed' },
    ],
    {
      reset: () => moveTo(0, 0),
      'new-seed': newSeed(params, wasm, rebuild),
    },
  );

  function moveTo(x, y) {
    state.cx = Math.round(x);
    state.cy = Math.round(y);
    update();
  }

  // Dragging moves the world with the pointer: the view's centre goes the other way.
  let grab = null;
  trackPointer(canvas, { width: WIDTH, height: HEIGHT }, {
    drag: true,
    down: (at) => {
      grab = { x: at.x, y: at.y, cx: state.cx, cy: state.cy };
      canvas.classList.add('is-grabbing');
    },
    move: (at) => {
      if (!grab) return;
      moveTo(grab.cx - Math.round(at.x - grab.x), grab.cy - Math.round(at.y - grab.y));
    },
    up: () => {
      grab = null;
      canvas.classList.remove('is-grabbing');
    },
  });

  canvas.addEventListener('keydown', (event) => {
    const step = event.shiftKey ? 5 * KEY_STEP : KEY_STEP;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(state.cx + move[0], state.cy + move[1]);
  });

  /** The view's corner in world units and the chunks it covers, as `pointsIn` reads them. */
  function viewNow() {
    const w = state.world;
    const left = state.cx - WIDTH / 2;
    const top = state.cy - HEIGHT / 2;
    return { left, top, c0: w.chunkX(left), c1: w.chunkX(left + WIDTH), r0: w.chunkY(top), r1: w.chunkY(top + HEIGHT) };
  }

  /** The view's chunks that hold part of it (the last column or row may only touch its edge). */
  function* visibleChunks(v) {
    for (let cy = v.r0; cy <= v.r1; cy++) {
      if (cy * CHUNK >= v.top + HEIGHT) continue;
      for (let cx = v.c0; cx <= v.c1; cx++) {
        if (cx * CHUNK < v.left + WIDTH) yield [cx, cy];
      }
    }
  }

  /**
   * Building the view as a job: the chunks it lacks built one at a time and painted into tiles,
   * a tile for a built chunk first, so chunks show as soon as they are. One piece of work at
   * least per frame, however slow the machine; another only if one as slow as the slowest so far
   * still fits in the frame's share. Finished when every chunk in view is built and painted.
   */
  function viewJob() {
    return {
      runUntil(until) {
        const w = state.world;
        const v = viewNow();
        checkScale();
        let slowest = 0;
        let done = false;
        for (let now = performance.now(); ; ) {
          const next = untiled(w, v);
          if (next) paintTile(next[0], next[1], w.cachedChunk(next[0], next[1]));
          else if (!w.generateNext(v.left, v.top, WIDTH, HEIGHT)) {
            done = true;
            break;
          }
          job = { done: (job?.done ?? 0) + 1 };
          const after = performance.now();
          slowest = Math.max(slowest, after - now);
          now = after;
          if (now + slowest > until) break;
        }
        forgetFarTiles(v);
        return done;
      },
    };
  }

  /** The first visible chunk that is built but not painted yet, or null. */
  function untiled(w, v) {
    for (const [cx, cy] of visibleChunks(v)) {
      if (!tiles.has(`${cx},${cy}`) && w.isCached(cx, cy)) return [cx, cy];
    }
    return null;
  }

  /** Tiles painted for another canvas size are dropped (they would copy blurred or misplaced). */
  function checkScale() {
    const scale = `${canvas.width}x${canvas.height}`;
    if (scale === tileScale) return;
    dropTiles([...tiles.values()]);
    tileScale = scale;
  }

  /** Device pixels per world unit, across and down. */
  function deviceScale() {
    return { sx: canvas.width / WIDTH, sy: canvas.height / HEIGHT };
  }

  /** Room around a chunk's square in its tile, for the dots on its border (world units). */
  function tileMargin() {
    return Math.ceil(state.radius / 2) + 2;
  }

  /** Paints chunk (cx, cy)'s dots, halo then dot, at the canvas's resolution. */
  function paintTile(cx, cy, points) {
    const { sx, sy } = deviceScale();
    const m = tileMargin();
    const x = cx * CHUNK - m;
    const y = cy * CHUNK - m;
    const image = spare.pop() ?? document.createElement('canvas');
    // Setting the size clears the canvas, even when it does not change.
    image.width = Math.ceil((CHUNK + 2 * m) * sx) + 1;
    image.height = Math.ceil((CHUNK + 2 * m) * sy) + 1;
    // CPU-backed, so that reading a pixel back (below) is cheap.
    const ctx = image.getContext('2d', { willReadFrequently: true });
    ctx.setTransform(sx, 0, 0, sy, 0, 0);
    // Relative to the tile's corner: far from the origin, world units are too big for the
    // canvas's single-precision transform.
    const local = new Float64Array(points.length);
    for (let i = 0; i < points.length; i += 2) {
      local[i] = points[i] - x;
      local[i + 1] = points[i + 1] - y;
    }
    drawDots(ctx, local);
    // A canvas records drawing and rasterizes it later, when it is first shown: reading one
    // pixel rasterizes it now, inside this frame's budget, not in a later frame's paint.
    ctx.getImageData(0, 0, 1, 1);
    tiles.set(`${cx},${cy}`, { cx, cy, points, image, x, y });
  }

  /** A halo of radius r/2 and a dot for every x, y pair, in the context's units. */
  function drawDots(ctx, flat) {
    const r = state.radius;
    dots(ctx, flat, 2, r / 2, HALO);
    dots(ctx, flat, 2, Math.min(3, r * 0.2), COLORS.tree);
  }

  /** Keeps at most TILE_LIMIT tiles, dropping the farthest from the view first. */
  function forgetFarTiles(v) {
    if (tiles.size <= TILE_LIMIT) return;
    const ccx = (v.c0 + v.c1) / 2;
    const ccy = (v.r0 + v.r1) / 2;
    const far = [...tiles.values()].sort(
      (a, b) => Math.max(Math.abs(b.cx - ccx), Math.abs(b.cy - ccy)) - Math.max(Math.abs(a.cx - ccx), Math.abs(a.cy - ccy)),
    );
    dropTiles(far.slice(0, tiles.size - TILE_LIMIT));
  }

  function dropTiles(list) {
    for (const tile of list) {
      tiles.delete(`${tile.cx},${tile.cy}`);
      if (spare.length < TILE_LIMIT) spare.push(tile.image);
    }
  }

  /** Draws the view from the tiles there are; returns whether it is complete. */
  function draw() {
    const { ctx } = view;
    clear(ctx, WIDTH, HEIGHT);
    const w = state.world;
    if (!w) return true;
    checkScale();
    const v = viewNow();
    const { left, top } = v;
    const { sx, sy } = deviceScale();

    let pending = 0;
    const ready = [];
    for (const [cx, cy] of visibleChunks(v)) {
      const tile = tiles.get(`${cx},${cy}`);
      if (tile) ready.push(tile);
      else pending++;
      if (tile && !state.showChunks) continue;
      ctx.fillStyle = tile ? PHASE_TINT[wasm.ChunkedWorld.phase(cx, cy)] : PENDING;
      ctx.fillRect(cx * CHUNK - left, cy * CHUNK - top, CHUNK, CHUNK);
    }

    // Tiles on the inner part, copied at whole device pixels (no resampling blur).
    const band = state.radius / 2 + 3;
    ctx.save();
    ctx.beginPath();
    ctx.rect(band, band, WIDTH - 2 * band, HEIGHT - 2 * band);
    ctx.clip();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    for (const tile of ready) ctx.drawImage(tile.image, Math.round((tile.x - left) * sx), Math.round((tile.y - top) * sy));
    ctx.restore();

    // The edge band, dot by dot: only points inside the view, as pointsIn gives them.
    const reach = band + state.radius / 2 + 1;
    const edge = [];
    for (const { points } of ready) {
      for (let i = 0; i < points.length; i += 2) {
        const x = points[i] - left;
        const y = points[i + 1] - top;
        if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) continue;
        if (x < reach || y < reach || x >= WIDTH - reach || y >= HEIGHT - reach) edge.push(x, y);
      }
    }
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, WIDTH, HEIGHT);
    ctx.rect(band, band, WIDTH - 2 * band, HEIGHT - 2 * band);
    ctx.clip('evenodd');
    drawDots(ctx, edge);
    ctx.restore();

    if (state.showChunks) {
      ctx.save();
      ctx.setLineDash([6, 5]);
      for (let cx = v.c0; cx <= v.c1 + 1; cx++) line(ctx, cx * CHUNK - left, 0, cx * CHUNK - left, HEIGHT, BORDER, 1.5);
      for (let cy = v.r0; cy <= v.r1 + 1; cy++) line(ctx, 0, cy * CHUNK - top, WIDTH, cy * CHUNK - top, BORDER, 1.5);
      ctx.restore();
      // Each chunk's name on a tag of its own in the visible top-left corner of the chunk, drawn
      // after the dots so none covers it.
      ctx.save();
      const font = textSize(view, 11);
      ctx.font = `600 ${font}px system-ui, sans-serif`;
      ctx.textBaseline = 'top';
      for (let cy = v.r0; cy <= v.r1; cy++) {
        for (let cx = v.c0; cx <= v.c1; cx++) {
          const x = Math.max(cx * CHUNK - left, 0) + 5;
          const y = Math.max(cy * CHUNK - top, 0) + 5;
          if (x > WIDTH - 40 || y > HEIGHT - 1.5 * font) continue;
          const phase = wasm.ChunkedWorld.phase(cx, cy);
          // One line where it fits in the chunk; on a phone, where the text is larger in map
          // units, the name and the phase on two lines.
          const one = `${cx}, ${cy} · phase ${phase}`;
          const lines = ctx.measureText(one).width + 16 <= CHUNK ? [one] : [`${cx}, ${cy}`, `phase ${phase}`];
          const w = Math.max(...lines.map((t) => ctx.measureText(t).width));
          ctx.fillStyle = TAG;
          ctx.fillRect(x - 3, y - 2, w + 6, lines.length * 1.2 * font + 0.15 * font);
          ctx.fillStyle = TAG_INK;
          lines.forEach((t, i) => ctx.fillText(t, x, y + i * 1.2 * font));
        }
      }
      ctx.restore();
    }

    // The view's centre.
    line(ctx, WIDTH / 2 - 6, HEIGHT / 2, WIDTH / 2 + 6, HEIGHT / 2, COLORS.current, 1.5);
    line(ctx, WIDTH / 2, HEIGHT / 2 - 6, WIDTH / 2, HEIGHT / 2 + 6, COLORS.current, 1.5);

    const ccx = w.chunkX(state.cx);
    const ccy = w.chunkY(state.cy);
    set('position', `${state.cx}, ${state.cy}`);
    set('centre-chunk', `${ccx}, ${ccy}`);
    const missing = w.missing(left, top, WIDTH, HEIGHT);
    const complete = missing === 0 && pending === 0;
    if (complete) {
      // Nothing left to build, so these sample nothing; pointsIn also lets the world forget
      // chunks far from the view.
      const key = `${left},${top}`;
      if (!shown || shown.key !== key || shown.world !== w) {
        shown = { key, world: w };
        set('points', w.pointsIn(left, top, WIDTH, HEIGHT).length / 2);
        set('chunk-hash', w.chunkDigest(ccx, ccy));
      }
      job = null;
      status.textContent = '';
    } else {
      shown = null;
      set('points', '…');
      set('chunk-hash', '…');
      // Work left: chunks to build, and visible chunks to paint (one built, one painted).
      const done = job?.done ?? 0;
      const percent = Math.floor((100 * done) / (done + missing + pending) / 5) * 5;
      status.textContent = `Building chunks, phase by phase… ${percent} %`;
    }
    set('chunks', w.generated);
    set('cached', w.cached);
    return complete;
  }

  // Points as JSON/CSV (www/lib/export.js): the points in view, relative to the view's corner.
  // The view is nearly always complete by the time a reader clicks; if not, this builds the rest.
  section.exportPoints = () => {
    const left = state.cx - WIDTH / 2;
    const top = state.cy - HEIGHT / 2;
    const points = state.world ? state.world.pointsIn(left, top, WIDTH, HEIGHT) : new Float64Array();
    for (let i = 0; i < points.length; i += 2) {
      points[i] -= left;
      points[i + 1] -= top;
    }
    return { width: WIDTH, height: HEIGHT, points, stride: 2, name: 'endless' };
  };
  return () => rebuild();
}
