// The 3D lab's camera and scene: a turntable view (yaw about the vertical z axis, then a tilt
// toward the viewer) with a mild perspective, and the drawing of a point cloud back to front,
// nearer points larger and darker, farther ones smaller and paler. Canvas 2D: a few thousand
// dots a frame, laid into one image (drawPoints).

/** The map in map units: the page's usual 720 × 400, taller on a narrow screen. */
export const WIDTH = 720;
export const HEIGHT = 400;
export const TALL = 600;
/** The tilt stops short of looking straight down or up (radians). */
export const MAX_PITCH = 1.4;
/** Depth bands: one colour per band, from far (0) to near (BANDS − 1). */
const BANDS = 10;
const FAR = [168, 196, 170];
const NEAR = [24, 84, 44];
/** Each band's red, green, blue (0–255) and opacity (0–1). */
const BAND_RGBA = Array.from({ length: BANDS }, (_, i) => {
  const t = i / (BANDS - 1);
  const [r, g, b] = FAR.map((f, c) => Math.round(f + (NEAR[c] - f) * t));
  const rgba = [r, g, b, Number((0.45 + 0.55 * t).toFixed(2))];
  // The colour as one pixel of ImageData read as a 32-bit word (in the machine's byte order).
  rgba.word = new Uint32Array(Uint8ClampedArray.of(r, g, b, Math.round(rgba[3] * 255)).buffer)[0];
  return rgba;
});

/**
 * A camera looking at `centre` (x, y, z) from `distance` away (in scene units), turned by `yaw`
 * and tilted by `pitch`, drawing in the middle of a `width` × `height` map at `scale` map units
 * per scene unit (at the centre's depth). `reach` is the scene's radius about the centre:
 * depths run from −reach (nearest) to reach.
 */
export function makeCamera({ yaw, pitch, scale, centre, reach, width, height, distance = 4 * reach }) {
  const cy = Math.cos(yaw);
  const sy = Math.sin(yaw);
  const cp = Math.cos(pitch);
  const sp = Math.sin(pitch);
  const [ox, oy, oz] = centre;
  /** Where scene point (x, y, z) lands: `{x, y}` in map units, its depth and its size factor. */
  function project(x, y, z, out = {}) {
    const dx = x - ox;
    const dy = y - oy;
    const dz = z - oz;
    const x1 = dx * cy - dy * sy;
    const y1 = dx * sy + dy * cy;
    const depth = y1 * cp - dz * sp;
    const up = dz * cp + y1 * sp;
    const s = distance / (distance + depth);
    out.x = width / 2 + x1 * scale * s;
    out.y = height / 2 - up * scale * s;
    out.depth = depth;
    out.s = s;
    return out;
  }
  return { project, scale, reach, width, height };
}

/** Screen positions of the points last drawn, nearest last, for picking. */
export function emptyCache() {
  return { n: 0, middle: [WIDTH / 2, HEIGHT / 2], x: new Float64Array(0), y: new Float64Array(0), depth: new Float64Array(0), s: new Float64Array(0), order: new Uint32Array(0), dot: 0 };
}

function ensure(cache, n) {
  if (cache.x.length >= n) return;
  const size = Math.max(n, 2 * cache.x.length, 256);
  cache.x = new Float64Array(size);
  cache.y = new Float64Array(size);
  cache.depth = new Float64Array(size);
  cache.s = new Float64Array(size);
  cache.order = new Uint32Array(size);
}

/**
 * Draws every point of `flat` (`stride` numbers per point, x, y, z first) back to front as a
 * dot of radius `dot` × its size factor, shaded by depth. Fills `cache` with where each landed.
 *
 * The dots are laid into the cache's own pixels, one image the size of the canvas's backing
 * store, and that image is drawn once: at devicePixelRatio 2 the box's 4929 points at r = 2
 * took 8.1 ms to draw as a path and a fill per dot, and take 3.5 ms so (best of 60 draws in
 * headless Chromium; tests/e2e/space-turn.test.mjs turns the box so). Each dot is a disc whose
 * edge pixels are covered by their share, blended over what was drawn before it.
 */
export function drawPoints(ctx, camera, flat, stride, dot, cache) {
  const n = Math.floor(flat.length / stride);
  ensure(cache, n);
  const at = {};
  for (let i = 0; i < n; i++) {
    camera.project(flat[i * stride], flat[i * stride + 1], flat[i * stride + 2], at);
    cache.x[i] = at.x;
    cache.y[i] = at.y;
    cache.depth[i] = at.depth;
    cache.s[i] = at.s;
    cache.order[i] = i;
  }
  cache.n = n;
  cache.dot = dot;
  cache.middle = [camera.width / 2, camera.height / 2];
  const order = cache.order.subarray(0, n);
  const depth = cache.depth;
  order.sort((a, b) => depth[b] - depth[a]);
  // Map units to the backing store's pixels: the context's own scale.
  const { a: sx, d: sy } = ctx.getTransform();
  const image = layer(cache, ctx.canvas.width, ctx.canvas.height);
  const { data, width: W, height: H } = image.pixels;
  const words = image.words;
  words.fill(0);
  const span = 2 * camera.reach;
  for (const i of order) {
    const t = Math.min(1, Math.max(0, (camera.reach - depth[i]) / span));
    const band = BAND_RGBA[Math.min(BANDS - 1, Math.floor(t * BANDS))];
    const [cr, cg, cb, ca] = band;
    const radius = dot * cache.s[i] * sx;
    const cx = cache.x[i] * sx;
    const cy = cache.y[i] * sy;
    // Pixels whose centre lies within radius − ½ are wholly covered; past radius + ½, not at all.
    const inner = radius > 0.5 ? (radius - 0.5) ** 2 : 0;
    const outer = (radius + 0.5) ** 2;
    const x0 = Math.max(0, Math.floor(cx - radius - 0.5));
    const x1 = Math.min(W - 1, Math.ceil(cx + radius + 0.5));
    const y0 = Math.max(0, Math.floor(cy - radius - 0.5));
    const y1 = Math.min(H - 1, Math.ceil(cy + radius + 0.5));
    for (let py = y0; py <= y1; py++) {
      const dy = py + 0.5 - cy;
      for (let px = x0; px <= x1; px++) {
        const dx = px + 0.5 - cx;
        const d2 = dx * dx + dy * dy;
        if (d2 >= outer) continue;
        const p = py * W + px;
        const whole = d2 <= inner;
        // A wholly covered pixel with nothing under it takes the band's colour as it is.
        if (whole && words[p] === 0) {
          words[p] = band.word;
          continue;
        }
        // Source over, on straight (not premultiplied) colours as ImageData holds them.
        const alpha = ca * (whole ? 1 : radius + 0.5 - Math.sqrt(d2));
        const k = 4 * p;
        const under = (data[k + 3] / 255) * (1 - alpha);
        const out = alpha + under;
        data[k] = (cr * alpha + data[k] * under) / out;
        data[k + 1] = (cg * alpha + data[k + 1] * under) / out;
        data[k + 2] = (cb * alpha + data[k + 2] * under) / out;
        data[k + 3] = out * 255;
      }
    }
  }
  image.context.putImageData(image.pixels, 0, 0);
  ctx.drawImage(image.canvas, 0, 0, W / sx, H / sy);
}

/** The cache's image of `width` × `height` pixels, made anew when the canvas changed size. */
function layer(cache, width, height) {
  if (!cache.layer || cache.layer.canvas.width !== width || cache.layer.canvas.height !== height) {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    const pixels = context.createImageData(width, height);
    // The same pixels as 32-bit words, to clear and fill fast.
    cache.layer = { canvas, context, pixels, words: new Uint32Array(pixels.data.buffer) };
  }
  return cache.layer;
}

/**
 * The point under map position (x, y), or -1: of the dots within reach of it, the one nearest
 * the viewer (the one the eye sees on top).
 */
export function pick(cache, x, y, slop = 4) {
  let best = -1;
  for (let i = 0; i < cache.n; i++) {
    const reach = cache.dot * cache.s[i] + slop;
    const dx = cache.x[i] - x;
    const dy = cache.y[i] - y;
    if (dx * dx + dy * dy <= reach * reach && (best < 0 || cache.depth[i] < cache.depth[best])) best = i;
  }
  return best;
}

/**
 * The point drawn nearest the middle of the map, nearer ones favoured by `toward` per unit of
 * depth (for a keyboard pick), or -1.
 */
export function middlemost(cache, toward = 0.5) {
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < cache.n; i++) {
    const d = Math.hypot(cache.x[i] - cache.middle[0], cache.y[i] - cache.middle[1]) + toward * cache.depth[i] * cache.s[i];
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** The 12 edges of the box from `lo` to `hi` (corners as [x, y, z]). */
export function boxEdges(lo, hi) {
  const corner = (i) => [i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1], i & 4 ? hi[2] : lo[2]];
  const edges = [];
  for (let i = 0; i < 8; i++) {
    for (const bit of [1, 2, 4]) if (!(i & bit)) edges.push([corner(i), corner(i | bit)]);
  }
  return edges;
}

/**
 * Strokes `segments` (pairs of scene points): the half behind the centre when `side` is 'back',
 * the half in front when 'front', all when 'all'.
 */
export function strokeSegments(ctx, camera, segments, side, color, width = 1) {
  const a = {};
  const b = {};
  ctx.beginPath();
  for (const [p, q] of segments) {
    camera.project(p[0], p[1], p[2], a);
    camera.project(q[0], q[1], q[2], b);
    const behind = a.depth + b.depth > 0;
    if (side === 'back' ? !behind : side === 'front' ? behind : false) continue;
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
  }
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
}

/**
 * A torus's guide lines as segments: `rings` circles around the tube and `loops` around the
 * axis, each cut into `parts` pieces (the same torus the core builds: about z, at the origin).
 */
export function torusLines(major, minor, rings = 16, loops = 6, parts = 36) {
  const at = (u, v) => {
    const ring = major + minor * Math.cos(v);
    return [ring * Math.cos(u), ring * Math.sin(u), minor * Math.sin(v)];
  };
  const segments = [];
  const tau = 2 * Math.PI;
  for (let i = 0; i < rings; i++) {
    const u = (tau * i) / rings;
    for (let j = 0; j < parts; j++) segments.push([at(u, (tau * j) / parts), at(u, (tau * (j + 1)) / parts)]);
  }
  for (let i = 0; i < loops; i++) {
    const v = (tau * i) / loops;
    for (let j = 0; j < 2 * parts; j++) segments.push([at((tau * j) / (2 * parts), v), at((tau * (j + 1)) / (2 * parts), v)]);
  }
  return segments;
}
