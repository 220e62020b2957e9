// Step 8: paint the points as circles into an RGB image (3 bytes per pixel, rows top to bottom),
// and a small world with them: ground from two noise fields, then layers of objects on it.

import { MAX_CELLS } from "./grid.js";
import { placeLayer, sharedGrid } from "./layers.js";
import { checkPositive } from "./random.js";
import { fbm } from "./variable.js";

// A pixel belongs to the circle when its centre (x + 0.5, y + 0.5) does. Only the rows and
// columns the circle can reach are visited, clipped to the image.
export function stampCircle(rgb, width, height, cx, cy, radius, color, opacity) {
  if (rgb.length !== 3 * width * height) {
    throw new RangeError(`the image holds ${rgb.length} bytes, not 3 × ${width} × ${height}`);
  }
  // A NaN would pass no test below and paint the whole image.
  if (![cx, cy, radius].every(Number.isFinite)) {
    throw new RangeError(`circle (${cx}, ${cy}) of radius ${radius} is not finite`);
  }
  if (!(opacity >= 0 && opacity <= 1)) {
    throw new RangeError(`opacity must be between 0 and 1, got ${opacity}`);
  }
  const y0 = Math.max(0, Math.floor(cy - radius));
  const y1 = Math.min(height - 1, Math.floor(cy + radius));
  const x0 = Math.max(0, Math.floor(cx - radius));
  const x1 = Math.min(width - 1, Math.floor(cx + radius));
  for (let y = y0; y <= y1; y++) {
    const dy = y + 0.5 - cy;
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      if (dx * dx + dy * dy > radius * radius) continue;
      const at = 3 * (y * width + x);
      // Blend towards the colour; flooring (not rounding) is what every language agrees on.
      for (let c = 0; c < 3; c++) {
        const p = rgb[at + c];
        rgb[at + c] = Math.floor(p + (color[c] - p) * opacity);
      }
    }
  }
}

// The kinds of ground, each with its colour.
export const GROUND_COLORS = {
  water: [38, 84, 140],
  beach: [222, 204, 150],
  meadow: [128, 170, 80],
  forest: [60, 110, 60],
};

// The ground at (x, y) of a width × height island. Elevation is noise minus a bowl that is 0 at
// the centre and 0.5 at the middle of each edge, so the land stays off the map's border;
// moisture, a second noise field, splits the land into forest and meadow.
export function ground(width, height, seed) {
  const patch = checkPositive("width", width) / 4;
  checkPositive("height", height);
  const elevation = fbm(patch, 4, seed);
  const moisture = fbm(patch, 3, (seed + 1000) | 0);
  return (x, y) => {
    const dx = (x - width / 2) / (width / 2);
    const dy = (y - height / 2) / (height / 2);
    const e = elevation(x, y) - 0.5 * (dx * dx + dy * dy);
    if (e < 0.25) return "water";
    if (e < 0.3) return "beach";
    return moisture(x, y) >= 0.5 ? "forest" : "meadow";
  };
}

// A width × height island from one seed: the ground, then rocks on any land, trees on forest
// floor and flowers on meadow, biggest spacing first on one shared grid, each stamped as a disc
// of its own size. Returns the RGB bytes.
export function paintWorld(width, height, seed) {
  if (width * height > MAX_CELLS) throw new RangeError(`a ${width} × ${height} image is too big`);
  const groundAt = ground(width, height, seed);
  const rgb = new Uint8Array(3 * width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      rgb.set(GROUND_COLORS[groundAt(x + 0.5, y + 0.5)], 3 * (y * width + x));
    }
  }
  const layers = [
    { radius: 24, size: 5, stands: (g) => g !== "water", color: [120, 120, 128] },
    { radius: 7, size: 3, stands: (g) => g === "forest", color: [30, 70, 35] },
    { radius: 4, size: 1.5, stands: (g) => g === "meadow", color: [240, 220, 90] },
  ];
  const grid = sharedGrid(width, height, layers.map((l) => l.radius));
  layers.forEach(({ radius, size, stands, color }, i) => {
    const allowed = (x, y) => stands(groundAt(x, y));
    const points = placeLayer(grid, { radius, k: 30, seed: (seed + 1 + i) | 0, allowed });
    for (const p of points) stampCircle(rgb, width, height, p.x, p.y, size, color, 1);
  });
  return rgb;
}
