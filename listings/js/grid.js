// Step 4: the background grid, which answers "is there a point too close?" by looking only at
// nearby cells instead of at every point.

import { checkPositive } from "./random.js";

// The most cells a grid may have (the crate's limit too): a tiny cell on a big map would
// otherwise ask for more memory than the machine has.
export const MAX_CELLS = 2 ** 25;

export class Grid {
  // With cells of r / √2 a cell's diagonal is r, so two points r apart never share a cell and
  // one slot per cell is enough.
  constructor(width, height, cell) {
    this.width = checkPositive("width", width);
    this.height = checkPositive("height", height);
    this.cell = checkPositive("the cell", cell);
    this.cols = Math.ceil(width / cell);
    this.rows = Math.ceil(height / cell);
    if (this.cols * this.rows > MAX_CELLS) {
      throw new RangeError(`a cell of ${cell} is too small for a ${width} × ${height} map`);
    }
    this.cells = new Array(this.cols * this.rows).fill(-1); // −1: empty
    // The grid's own list: with several layers on one grid it holds every layer's points.
    this.points = [];
  }

  // Whether points of spacing r can share this grid: a cell must hold at most one of them.
  fits(r) {
    return r / Math.SQRT2 >= this.cell;
  }

  // x just under the width can round to `cols`; such a point belongs in the last column.
  colOf(x) {
    return Math.min(Math.floor(x / this.cell), this.cols - 1);
  }

  rowOf(y) {
    return Math.min(Math.floor(y / this.cell), this.rows - 1);
  }

  add(x, y, r) {
    this.cells[this.rowOf(y) * this.cols + this.colOf(x)] = this.points.length;
    this.points.push({ x, y, r });
  }

  // Each point keeps its own radius; two points must be the smaller of their radii apart.
  // A point of radius r can be blocked from ceil(r / cell) cells away, so look that far.
  isFree(x, y, r) {
    const reach = Math.ceil(r / this.cell);
    const col = this.colOf(x);
    const row = this.rowOf(y);
    const rowEnd = Math.min(row + reach, this.rows - 1);
    const colEnd = Math.min(col + reach, this.cols - 1);
    for (let j = Math.max(row - reach, 0); j <= rowEnd; j++) {
      for (let i = Math.max(col - reach, 0); i <= colEnd; i++) {
        const index = this.cells[j * this.cols + i];
        if (index < 0) continue;
        const p = this.points[index];
        const dx = x - p.x;
        const dy = y - p.y;
        const m = Math.min(r, p.r);
        if (dx * dx + dy * dy < m * m) return false;
      }
    }
    return true;
  }
}
