// The darts lab's missed darts, fading with age. Each GENERATION of misses, by arrival, is
// stamped once (a small pre-drawn cross, cheap to copy) onto a layer of its own, opaque, so
// overlapping crosses do not darken each other; a frame lays the last GENERATIONS layers on the
// map, oldest faintest. So a frame stamps only the new misses, not the thousands already shown.

import { COLORS } from '../../lib/draw.js';
import { offscreenLayer } from '../../lib/layer.js';

/**
 * How many of the latest rejected darts the map shows; older ones have faded out. At most the
 * 4096 the thrower keeps (poisson_live::darts::RECENT_REJECTED).
 */
const SHOWN_MISSES = 2400;
/** Misses fade in generations of this many, the last GENERATIONS of them shown. */
const GENERATION = SHOWN_MISSES / 4;
const GENERATIONS = 5;
/**
 * New misses stamped per frame at most: a software canvas takes about 10 µs per stamp, so a
 * burst of thousands would block the page; the rest waits for the next frames.
 */
const STAMPS_PER_FRAME = 400;

/**
 * The fading misses of a `width` × `height` map shown on `canvas`: `fetch(thrower)` takes the
 * new ones, `draw(ctx, fast)` shows them, `last()` is the latest, `clear()` forgets them all.
 */
export function fadingMisses(canvas, width, height) {
  /** The latest rejected darts as x, y pairs, oldest first, and how many were fetched. */
  let list = [];
  let seen = 0;
  /** Generation number → {layer}; `stamped` counts the misses stamped so far (by arrival). */
  const generations = new Map();
  const spareLayers = [];
  let stamped = 0;
  /** The older generations laid on one layer at their alphas, and which ones it holds. */
  const faded = offscreenLayer(canvas, width, height);
  let fadedHolds = '';
  /** Whether some misses went unstamped during a fast run (see `draw`). */
  let skipped = false;
  /** The cross a missed dart leaves, drawn once per canvas scale. */
  let stampCache = null;

  /** Fetches what the thrower's last darts added; only the newest SHOWN_MISSES matter. */
  function fetch(thrower) {
    const total = thrower.rejectedCount;
    if (total <= seen) return;
    // Skip the rest without copying them.
    const from = Math.max(seen, total - SHOWN_MISSES);
    const fresh = thrower.rejected(from);
    // Misses skipped over are older than any shown: start the list again after a gap.
    if (from > seen) list = [];
    list.push(...fresh);
    if (list.length > 2 * SHOWN_MISSES) list.splice(0, list.length - 2 * SHOWN_MISSES);
    seen = total;
  }

  function forget() {
    for (const { layer } of generations.values()) spareLayers.push(layer);
    generations.clear();
    stamped = 0;
    fadedHolds = '';
    skipped = false;
  }

  function crossStamp(scale) {
    if (stampCache?.scale === scale) return stampCache.canvas;
    const stamp = document.createElement('canvas');
    stamp.width = stamp.height = 2 * Math.ceil(3.2 * scale) + 2;
    const c = stamp.getContext('2d');
    c.setTransform(scale, 0, 0, scale, stamp.width / 2, stamp.height / 2);
    c.strokeStyle = COLORS.rejected;
    c.lineWidth = 1.2;
    c.beginPath();
    c.moveTo(-2.5, -2.5);
    c.lineTo(2.5, 2.5);
    c.moveTo(2.5, -2.5);
    c.lineTo(-2.5, 2.5);
    c.stroke();
    stampCache = { scale, canvas: stamp };
    return stamp;
  }

  /** Generation `number`'s layer, made (or reused) and cleared on first use. */
  function generation(number) {
    let gen = generations.get(number);
    if (!gen) {
      gen = { layer: spareLayers.pop() ?? offscreenLayer(canvas, width, height) };
      gen.layer.reset();
      gen.layer.ctx.setTransform(1, 0, 0, 1, 0, 0);
      generations.set(number, gen);
    }
    return gen;
  }

  /**
   * Draws the misses on `ctx`. While a `fast` run pours in thousands a frame, only the newest generation
   * is stamped (the rest would be replaced in the next frame anyway); once it stops, the whole
   * window is stamped properly. Returns whether some misses wait for the next frame.
   */
  function draw(ctx, fast) {
    if (!fast && skipped) forget();
    const misses = list;
    const total = seen;
    const first = total - misses.length / 2; // arrival number of misses[0]
    const newest = total > 0 ? Math.floor((total - 1) / GENERATION) : 0;
    const oldest = Math.max(0, newest - GENERATIONS + 1);
    for (const [number, gen] of generations) {
      if (number < oldest) {
        spareLayers.push(gen.layer);
        generations.delete(number);
      }
    }
    const sx = canvas.width / width;
    const sy = canvas.height / height;
    const stamp = crossStamp(sx);
    const half = stamp.width / 2;
    let from = Math.max(stamped, first, oldest * GENERATION);
    if (fast && total - from > GENERATION) {
      from = total - GENERATION;
      skipped = true;
    }
    const to = Math.min(total, from + STAMPS_PER_FRAME);
    for (let g = from; g < to; g++) {
      const i = g - first;
      generation(Math.floor(g / GENERATION)).layer.ctx.drawImage(stamp, Math.round(misses[2 * i] * sx - half), Math.round(misses[2 * i + 1] * sy - half));
    }
    stamped = to;
    // Only the newest generation changes between most frames: the older ones are laid once onto
    // `faded`, which is redone when a generation rolls over.
    const shown = newest - oldest + 1;
    const alpha = (number) => 0.2 + (0.8 * (number - oldest + 1)) / shown;
    if (fadedHolds !== `${oldest}-${newest}`) {
      faded.reset();
      faded.ctx.setTransform(1, 0, 0, 1, 0, 0);
      for (let number = oldest; number < newest; number++) {
        const gen = generations.get(number);
        if (!gen) continue;
        faded.ctx.globalAlpha = alpha(number);
        faded.ctx.drawImage(gen.layer.canvas, 0, 0);
      }
      faded.ctx.globalAlpha = 1;
      fadedHolds = `${oldest}-${newest}`;
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (shown > 1) ctx.drawImage(faded.canvas, 0, 0);
    const latest = generations.get(newest);
    if (latest) {
      ctx.globalAlpha = alpha(newest);
      ctx.drawImage(latest.layer.canvas, 0, 0);
    }
    ctx.restore();
    return to < total;
  }

  return {
    fetch,
    draw,
    forget,
    last: () => list.slice(-2),
    clear() {
      forget();
      list = [];
      seen = 0;
    },
  };
}
