// The layers lab's objects, drawn in the core's palette: each object's colours come from the
// bindings' world legend (`worldLegend()`, each object's `palette` by role), the colours the
// core paints the island with, so the page and the core agree.

/** How big each object is drawn, from its layer's spacing (map units). */
export const size = {
  chests: (s) => Math.min(9, Math.max(3.5, 0.05 * s)),
  rocks: (s) => Math.max(2.5, 0.2 * s),
  trees: (s) => Math.max(2.5, 0.42 * s),
  flowers: (s) => Math.max(1.4, 0.28 * s),
};

/** Calls `each(x, y, s, n)` for objects [from, to) of x, y, r triplets `p`, `s` their drawn size. */
function forEach(p, from, to, sizeOf, each) {
  for (let n = from; n < to; n++) each(p[3 * n], p[3 * n + 1], sizeOf(p[3 * n + 2]), n);
}

/** `[r, g, b]` as a CSS colour, at `alpha` if given. */
const css = ([r, g, b], alpha = 1) => (alpha === 1 ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${alpha})`);

/**
 * The painters of the four layers, by name, in the core's palette (the legend's entries). Each
 * draws objects [from, to) of its layer's x, y, r triplets `p` on `ctx`.
 */
export function objectPainters(legend) {
  const palette = Object.fromEntries(legend.filter((e) => e.kind === 'object').map((e) => [e.name, e.palette]));
  const { chests, rocks, trees, flowers } = palette;
  const petals = Object.entries(flowers)
    .filter(([role]) => role === 'body' || role.startsWith('petal'))
    .map(([, rgb]) => css(rgb));

  return {
    flowers(ctx, p, from, to) {
      const paths = petals.map(() => new Path2D());
      forEach(p, from, to, size.flowers, (x, y, s, n) => {
        const path = paths[n % paths.length];
        path.moveTo(x + s, y);
        path.arc(x, y, s, 0, Math.PI * 2);
      });
      petals.forEach((color, i) => {
        ctx.fillStyle = color;
        ctx.fill(paths[i]);
      });
      ctx.strokeStyle = css(flowers.shadow, 0.45);
      ctx.lineWidth = 0.5;
      for (const path of paths) ctx.stroke(path);
    },

    trees(ctx, p, from, to) {
      const crowns = new Path2D();
      const lights = new Path2D();
      forEach(p, from, to, size.trees, (x, y, s) => {
        crowns.moveTo(x + s, y);
        crowns.arc(x, y, s, 0, Math.PI * 2);
        lights.moveTo(x - 0.25 * s + 0.45 * s, y - 0.25 * s);
        lights.arc(x - 0.25 * s, y - 0.25 * s, 0.45 * s, 0, Math.PI * 2);
      });
      ctx.fillStyle = css(trees.body);
      ctx.fill(crowns);
      ctx.fillStyle = css(trees.light, 0.55);
      ctx.fill(lights);
      ctx.strokeStyle = css(trees.shadow);
      ctx.lineWidth = 0.8;
      ctx.stroke(crowns);
    },

    rocks(ctx, p, from, to) {
      const bodies = new Path2D();
      const shades = new Path2D();
      const lights = new Path2D();
      forEach(p, from, to, size.rocks, (x, y, s) => {
        bodies.moveTo(x + s, y);
        bodies.ellipse(x, y, s, 0.8 * s, 0, 0, Math.PI * 2);
        shades.moveTo(x + 0.95 * s, y + 0.25 * s);
        shades.ellipse(x + 0.45 * s, y + 0.25 * s, 0.5 * s, 0.45 * s, 0, 0, Math.PI * 2);
        lights.moveTo(x - 0.05 * s, y - 0.3 * s);
        lights.arc(x - 0.35 * s, y - 0.3 * s, 0.3 * s, 0, Math.PI * 2);
      });
      ctx.fillStyle = css(rocks.body);
      ctx.fill(bodies);
      ctx.fillStyle = css(rocks.dark);
      ctx.fill(shades);
      ctx.fillStyle = css(rocks.light, 0.7);
      ctx.fill(lights);
      ctx.strokeStyle = css(rocks.shadow, 0.6);
      ctx.lineWidth = 0.8;
      ctx.stroke(bodies);
    },

    chests(ctx, p, from, to) {
      forEach(p, from, to, size.chests, (x, y, s) => {
        ctx.fillStyle = css(chests.body);
        ctx.fillRect(x - s, y - s * 0.8, 2 * s, 1.6 * s);
        ctx.strokeStyle = css(chests.rim);
        ctx.lineWidth = 1.5;
        ctx.strokeRect(x - s, y - s * 0.8, 2 * s, 1.6 * s);
        // The lid's seam and the lock.
        ctx.beginPath();
        ctx.moveTo(x - s, y - s * 0.15);
        ctx.lineTo(x + s, y - s * 0.15);
        ctx.stroke();
        ctx.fillStyle = css(chests.rim);
        ctx.fillRect(x - s * 0.18, y - s * 0.3, s * 0.36, s * 0.4);
      });
    },
  };
}
