// Tileable sets: one 360 × 200 tile drawn 2 × 2 so that its copies fill the 720 × 400 map, the
// seams dashed. The core's `TileSet` (crates/core/src/wrap.rs) samples the tile with wrap-around
// distances (or plain Bridson with wrap off) and audits it on the torus: the closest pair across
// the seams and every pair closer than r there, with the offset to the copy that crowds it.
//
// State: the current `TileSet` (rebuilt when seed, radius or wrap change) and the radius.

import { checkbox, range } from '../lib/params.js';
import { COLORS, clear, dots, line, ring } from '../lib/draw.js';
import { offscreenLayer, paintJob } from '../lib/layer.js';
import { jobDriver } from '../lib/job.js';
import { MAP, NEW_SEED, createLab, replace, seedParam, units } from '../lib/lab.js';

const { width: WIDTH, height: HEIGHT } = MAP;
/** One tile; four copies fill the map. */
const TILE_W = WIDTH / 2;
const TILE_H = HEIGHT / 2;
const COPIES = [
  [0, 0],
  [TILE_W, 0],
  [0, TILE_H],
  [TILE_W, TILE_H],
];
const K = 30;
/** Every other copy a shade darker, so the tiles read as tiles. */
const TILE_SHADE = 'rgba(47, 79, 47, 0.05)';
const DISK = 'rgba(95, 168, 107, 0.28)';
const SEAM = 'rgba(33, 99, 160, 0.85)';
/** Dots per chunk of the picture: a small radius puts thousands on the map. */
const CHUNK = 200;

export function mount(section, wasm) {
  const state = { tiles: null, radius: 20 };

  const lab = createLab(section, wasm, {
    resized: () => draw(),
    params: [seedParam(), range('radius', 'Radius r', state.radius, 8, 50), checkbox('wrap', 'Wrap around (tileable)', true)],
    build: (values) => ({
      tiles: new wasm.TileSet({ width: TILE_W, height: TILE_H, radius: values.radius, k: K, seed: values.seed, wrap: values.wrap }),
      radius: values.radius,
    }),
    use(result) {
      replace(state, 'tiles', result.tiles);
      state.radius = result.radius;
      fill();
      draw();
    },
    readouts: [
      ['points', 'Points per tile'],
      ['min-distance', 'Min distance', 'The closest pair on the torus: across the seams as well as inside the tile'],
      ['seam-violations', 'Seam violations', 'Pairs closer than r across a seam'],
    ],
    actions: [NEW_SEED],
    // Points as JSON/CSV: one tile's points; copies of the tile meet without seams.
    exportPoints: () => ({ width: TILE_W, height: TILE_H, points: state.tiles?.points() ?? new Float64Array(), stride: 2, name: 'tile' }),
  });
  const { canvas, view, set } = lab;
  // Four copies of a tile at the smallest radius are some eight thousand dots: they are painted
  // onto a layer a chunk at a time, and the layer replaces the picture when it is complete.
  const art = offscreenLayer(canvas, WIDTH, HEIGHT);
  const painter = jobDriver(section, {});

  function fill() {
    const t = state.tiles;
    set('points', t.pointCount);
    const d = t.minDistance;
    set('min-distance', Number.isFinite(d) ? units(d) : '–');
    set('seam-violations', t.seamViolations);
  }

  /** Queues the picture of the current tiles: shading, disks, seams, dots, then clashes. */
  function draw() {
    const t = state.tiles;
    if (!t) return;
    const pts = t.points();
    const r = state.radius;
    const copies = COPIES.map(([ox, oy]) => {
      const moved = new Float64Array(pts.length);
      for (let i = 0; i < pts.length; i += 2) {
        moved[i] = pts[i] + ox;
        moved[i + 1] = pts[i + 1] + oy;
      }
      return moved;
    });
    const clashes = t.conflicts();
    const chunks = (each) =>
      copies.flatMap((c) => {
        const list = [];
        for (let from = 0; from < c.length; from += 2 * CHUNK) {
          list.push((ctx) => each(ctx, c.subarray(from, from + 2 * CHUNK)));
        }
        return list;
      });
    const size = Math.min(3, r * 0.15);
    const tasks = [
      (ctx) => {
        art.reset();
        clear(ctx, WIDTH, HEIGHT);
        ctx.fillStyle = TILE_SHADE;
        ctx.fillRect(TILE_W, 0, TILE_W, TILE_H);
        ctx.fillRect(0, TILE_H, TILE_W, TILE_H);
      },
      // Disks of radius r / 2: two overlap exactly when their points are closer than r.
      ...chunks((ctx, c) => dots(ctx, c, 2, r / 2, DISK)),
      // The seams: where the copies meet.
      (ctx) => {
        ctx.save();
        ctx.setLineDash([8, 6]);
        line(ctx, TILE_W, 0, TILE_W, HEIGHT, SEAM, 2);
        line(ctx, 0, TILE_H, WIDTH, TILE_H, SEAM, 2);
        ctx.restore();
      },
      ...chunks((ctx, c) => dots(ctx, c, 2, size, COLORS.tree)),
      // Pairs closer than r on the torus, wherever both ends show in the 2 × 2 picture.
      (ctx) => {
        for (let k = 0; k < clashes.length; k += 5) {
          const i = clashes[k];
          const dx = clashes[k + 3];
          const dy = clashes[k + 4];
          for (const [ox, oy] of COPIES) {
            const ax = pts[2 * i] + ox;
            const ay = pts[2 * i + 1] + oy;
            const bx = ax + dx;
            const by = ay + dy;
            if (bx < 0 || by < 0 || bx >= WIDTH || by >= HEIGHT) continue;
            line(ctx, ax, ay, bx, by, COLORS.conflict, 2);
            ring(ctx, ax, ay, Math.max(6, r / 2), COLORS.conflict, 2);
            ring(ctx, bx, by, Math.max(6, r / 2), COLORS.conflict, 2);
          }
        }
      },
    ].map((task) => () => task(art.ctx));
    painter.run(paintJob(art, view.ctx, tasks));
  }

  return () => lab.rebuild();
}
