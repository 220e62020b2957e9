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
// Each chunk's dots are painted once into a tile (www/labs/endless/tiles.js) and a frame copies
// tiles. A tile holds all of its chunk's dots, but the map shows only the points inside the view
// (as `pointsIn` gives them): so tiles cover the map's inner part, and a band along the edges,
// where a dot from just outside the view would peek in, is drawn dot by dot from the points inside.
//
// State: the current `ChunkedWorld` (rebuilt when seed or radius change) and the view's centre
// in world units, always whole numbers so that dragging back to the start lands exactly there.

import { checkbox, range } from '../lib/params.js';
import { statusLine } from '../lib/job.js';
import { trackPointer } from '../lib/pointer.js';
import { COLORS, clear, line } from '../lib/draw.js';
import { chunkTiles } from './endless/tiles.js';
import { CHUNK, PENDING, PHASE_TINT, chunkNames } from './endless/overlay.js';
import { MAP, NEW_SEED, createLab, replace, seedParam } from '../lib/lab.js';

const { width: WIDTH, height: HEIGHT } = MAP;
const K = 30;
/** Chunks the world remembers; the view needs about 35 and their neighbours. */
const CAPACITY = 96;
/** Arrow keys pan this far (Shift: five times as far). */
const KEY_STEP = 40;
export function mount(section, wasm) {
  const state = { world: null, radius: 14, showChunks: true, cx: 0, cy: 0 };
  /** Work done since the view was last complete, for the status line. */
  let job = null;
  /** The view and world the whole-view readouts were last read for. */
  let shown = null;

  const lab = createLab(section, wasm, {
    // A resize clears the canvas and may change its scale (tiles are painted at that scale).
    resized() {
      if (!draw()) update();
    },
    readouts: [
      ['position', 'Position', 'The view’s centre in world units (x, y)'],
      ['points', 'Points in view'],
      ['chunks', 'Chunks generated', 'Every chunk built so far, neighbours included'],
      ['cached', 'Chunks cached', 'Chunks the world remembers now'],
      ['centre-chunk', 'Centre chunk'],
      ['chunk-hash', 'Its fingerprint', 'A hash of every coordinate in the centre chunk'],
    ],
    params: [seedParam(), range('radius', 'Radius r', state.radius, 6, 40), checkbox('show-chunks', 'Show chunks', state.showChunks)],
    build(values, changed) {
      if (changed === 'show-chunks' && state.world) return null;
      return {
        world: new wasm.ChunkedWorld({ chunkSize: CHUNK, radius: values.radius, k: K, seed: values.seed, capacity: CAPACITY }),
        radius: values.radius,
      };
    },
    use(result) {
      state.showChunks = lab.params.values()['show-chunks'];
      if (result) {
        // A new world: the old one's chunks, tiles and pending work all go with it.
        replace(state, 'world', result.world);
        state.radius = result.radius;
        tiles.clear();
        job = null;
        shown = null;
      }
      update();
    },
    // The view's chunks, built and painted a slice per frame; the map is drawn after each.
    job: { start: () => (state.world ? viewJob() : null), frame: () => draw() },
    actions: [{ action: 'reset', label: 'Reset view' }, NEW_SEED],
    handlers: { reset: () => moveTo(0, 0) },
    // Points as JSON/CSV: the points in view, relative to the view's corner. The view is nearly
    // always complete by the time a reader clicks; if not, this builds the rest.
    exportPoints() {
      const left = state.cx - WIDTH / 2;
      const top = state.cy - HEIGHT / 2;
      const points = state.world ? state.world.pointsIn(left, top, WIDTH, HEIGHT) : new Float64Array();
      for (let i = 0; i < points.length; i += 2) {
        points[i] -= left;
        points[i + 1] -= top;
      }
      return { points, stride: 2, name: 'endless' };
    },
  });
  const { canvas, view, set } = lab;
  /** Painted chunks of the current world; cleared when the world or the canvas's scale changes. */
  const tiles = chunkTiles(canvas, WIDTH, HEIGHT, CHUNK, state);
  const status = statusLine(section);
  /** The view or the world changed: busy from now until a frame finds it complete. */
  const update = () => lab.job.want();

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
        tiles.checkScale();
        let slowest = 0;
        let done = false;
        for (let now = performance.now(); ; ) {
          const next = untiled(w, v);
          if (next) tiles.paint(next[0], next[1], w.cachedChunk(next[0], next[1]));
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
        tiles.forgetFar(v);
        return done;
      },
    };
  }

  /** The first visible chunk that is built but not painted yet, or null. */
  function untiled(w, v) {
    for (const [cx, cy] of visibleChunks(v)) {
      if (!tiles.get(cx, cy) && w.isCached(cx, cy)) return [cx, cy];
    }
    return null;
  }

  /** Draws the view from the tiles there are; returns whether it is complete. */
  function draw() {
    const { ctx } = view;
    clear(ctx, WIDTH, HEIGHT);
    const w = state.world;
    if (!w) return true;
    tiles.checkScale();
    const v = viewNow();
    const { left, top } = v;
    const { sx, sy } = tiles.deviceScale();

    let pending = 0;
    const ready = [];
    for (const [cx, cy] of visibleChunks(v)) {
      const tile = tiles.get(cx, cy);
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
    tiles.drawDots(ctx, edge);
    ctx.restore();

    if (state.showChunks) chunkNames(ctx, view, v, (cx, cy) => wasm.ChunkedWorld.phase(cx, cy));

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

  return () => lab.rebuild();
}
