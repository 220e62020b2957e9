// Step 2: one random point in every cell of a regular grid.

import { ParkMiller, checkPositive } from "./random.js";
import { MAX_CELLS } from "./grid.js";

// Rows outer, columns inner, x before y: the order the draws are made in is part of the result.
// Cells that do not fit whole at the right and bottom edges are left out.
export function jitteredGrid(spacing, width, height, seed) {
  checkPositive("spacing", spacing);
  checkPositive("width", width);
  checkPositive("height", height);
  const cols = Math.floor(width / spacing);
  const rows = Math.floor(height / spacing);
  if (cols * rows > MAX_CELLS) {
    throw new RangeError(`a spacing of ${spacing} is too small for a ${width} × ${height} map`);
  }
  const rng = new ParkMiller(seed);
  const points = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const x = (col + rng.nextFloat()) * spacing;
      const y = (row + rng.nextFloat()) * spacing;
      points.push({ x, y });
    }
  }
  return points;
}
