// The endless lab's tiles: drawing thousands of dots a frame is slow on a software canvas, so
// each chunk's dots are painted once into a tile (an offscreen canvas) and a frame copies tiles.
// Tiles are painted at the canvas's scale and dropped when it changes; at most TILE_LIMIT are
// kept, the farthest from the view dropped first, their canvases painted over again rather than
// left to the garbage collector.

import { COLORS, dots } from '../../lib/draw.js';

/** Chunk tiles kept (about 70 KB each on a plain screen); the view shows at most 40. */
const TILE_LIMIT = 60;
const HALO = 'rgba(95, 168, 107, 0.25)';

/**
 * The tiles of `chunk`-unit chunks shown on `canvas`, a `width` × `height` view; `state.radius`
 * is the world's. Each tile is `{cx, cy, points, image, x, y}`: the chunk's points (world units)
 * and its dots on a canvas whose corner is world `(x, y)`.
 */
export function chunkTiles(canvas, width, height, chunk, state) {
  const tiles = new Map();
  const spare = [];
  let tileScale = '';

  /** Device pixels per world unit, across and down. */
  const deviceScale = () => ({ sx: canvas.width / width, sy: canvas.height / height });

  /** A halo of radius r/2 and a dot for every x, y pair, in the context's units. */
  function drawDots(ctx, flat) {
    const r = state.radius;
    dots(ctx, flat, 2, r / 2, HALO);
    dots(ctx, flat, 2, Math.min(3, r * 0.2), COLORS.tree);
  }

  function drop(list) {
    for (const tile of list) {
      tiles.delete(`${tile.cx},${tile.cy}`);
      if (spare.length < TILE_LIMIT) spare.push(tile.image);
    }
  }

  return {
    deviceScale,
    drawDots,
    get: (cx, cy) => tiles.get(`${cx},${cy}`),
    clear: () => drop([...tiles.values()]),

    /** Tiles painted for another canvas size are dropped (they would copy blurred or misplaced). */
    checkScale() {
      const scale = `${canvas.width}x${canvas.height}`;
      if (scale === tileScale) return;
      drop([...tiles.values()]);
      tileScale = scale;
    },

    /** Paints chunk (cx, cy)'s dots, halo then dot, at the canvas's resolution. */
    paint(cx, cy, points) {
      const { sx, sy } = deviceScale();
      // Room around the chunk's square for the dots on its border (world units).
      const m = Math.ceil(state.radius / 2) + 2;
      const x = cx * chunk - m;
      const y = cy * chunk - m;
      const image = spare.pop() ?? document.createElement('canvas');
      // Setting the size clears the canvas, even when it does not change.
      image.width = Math.ceil((chunk + 2 * m) * sx) + 1;
      image.height = Math.ceil((chunk + 2 * m) * sy) + 1;
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
    },

    /** Keeps at most TILE_LIMIT tiles, dropping the farthest from view `v`'s chunks first. */
    forgetFar(v) {
      if (tiles.size <= TILE_LIMIT) return;
      const ccx = (v.c0 + v.c1) / 2;
      const ccy = (v.r0 + v.r1) / 2;
      const far = [...tiles.values()].sort(
        (a, b) => Math.max(Math.abs(b.cx - ccx), Math.abs(b.cy - ccy)) - Math.max(Math.abs(a.cx - ccx), Math.abs(a.cy - ccy)),
      );
      drop(far.slice(0, tiles.size - TILE_LIMIT));
    },
  };
}
