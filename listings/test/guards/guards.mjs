// The JavaScript listing refuses bad input with a RangeError (issue 33): a radius of 0 made the
// grid's size infinite and the layer loops endless. Run by listings/test/guards.sh.
import { poissonDisk, Sampler } from "../../js/bridson.js";
import { dartThrowing } from "../../js/darts.js";
import { Grid } from "../../js/grid.js";
import { jitteredGrid } from "../../js/jittered.js";
import { placeLayers } from "../../js/layers.js";
import { paintWorld, stampCircle } from "../../js/paint.js";
import { ParkMiller, randomPoints } from "../../js/random.js";
import { fbm, linearX, variableRadius } from "../../js/variable.js";

let failed = 0;
function refuses(what, call, pattern = /./) {
  try {
    call();
  } catch (e) {
    if (e instanceof RangeError && pattern.test(e.message)) return;
    console.error(`js guards: ${what}: threw ${e}`);
    failed++;
    return;
  }
  console.error(`js guards: ${what}: accepted`);
  failed++;
}

for (const r of [0, -1, NaN, Infinity]) {
  refuses(`poissonDisk r=${r}`, () => poissonDisk(100, 100, r, 30, 1), /radius/);
  refuses(`dartThrowing r=${r}`, () => dartThrowing(100, 100, r, 30, 1));
  refuses(`jitteredGrid spacing=${r}`, () => jitteredGrid(r, 100, 100, 1));
  refuses(`placeLayers r=${r}`, () => placeLayers(100, 100, [{ radius: 5, k: 30, seed: 1 }, { radius: r, k: 30, seed: 2 }]));
  refuses(`variableRadius min=${r}`, () => variableRadius(100, 100, r, 10, linearX(100), 30, 1));
}
refuses("a map that is NaN wide", () => poissonDisk(NaN, 100, 5, 30, 1));
refuses("randomPoints on a 0-wide map", () => randomPoints(10, 0, 100, 1));
refuses("a cell too small for the map", () => poissonDisk(1e9, 1e9, 1, 30, 1), /too small/);
refuses("min above max", () => variableRadius(100, 100, 10, 5, linearX(100), 30, 1), /above/);
refuses("the seed that folds to 0", () => new ParkMiller(-2147483646));
refuses("a patch of 0", () => fbm(0, 4, 1));
refuses("a world 0 wide", () => paintWorld(0, 10, 1));
refuses("a world too big", () => paintWorld(100000, 100000, 1), /too big/);
refuses("no octaves", () => fbm(100, 0, 1));
refuses("a radius the grid cannot hold", () => new Sampler(new Grid(100, 100, 10), 10, 30, 1), /too small/);
const rgb = new Uint8Array(3 * 16).fill(7);
refuses("a NaN circle", () => stampCircle(rgb, 4, 4, NaN, 1, 1, [0, 0, 0], 1));
refuses("opacity 2", () => stampCircle(rgb, 4, 4, 1, 1, 1, [0, 0, 0], 2));
refuses("an image of the wrong size", () => stampCircle(rgb, 5, 4, 1, 1, 1, [0, 0, 0], 1));
if (!rgb.every((b) => b === 7)) {
  console.error("js guards: a refused stamp painted");
  failed++;
}
if (placeLayers(100, 100, []).length !== 0) {
  console.error("js guards: no layers should give no points");
  failed++;
}
console.log(`js: guards ${failed === 0 ? "ok" : `${failed} failed`}`);
process.exit(failed === 0 ? 0 : 1);
