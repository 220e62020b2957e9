// Copies the golden cases from SRC to DEST with one expected number moved up by one ulp, to
// prove the listings' driver compares exactly: a run over DEST must fail that case in every
// language.
//
//   node listings/test/one-ulp.mjs SRC DEST [CASE]      (CASE default bridson_0.json)
//
// The number moved is the last coordinate of the case's expected output that is not a whole
// number, so the change sits at the end of a long run of draws. JSON.stringify writes every
// other number back as the shortest text that parses to the same f64, so nothing else changes.

import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [src, dest, name = "bridson_0.json"] = process.argv.slice(2);
if (!src || !dest) {
  console.error("usage: node listings/test/one-ulp.mjs SRC DEST [CASE]");
  process.exit(2);
}
mkdirSync(dest, { recursive: true });
for (const f of readdirSync(src).filter((f) => f.endsWith(".json"))) copyFileSync(join(src, f), join(dest, f));

const view = new DataView(new ArrayBuffer(8));
function nextUp(x) {
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + (x >= 0 ? 1n : -1n));
  return view.getFloat64(0);
}

const c = JSON.parse(readFileSync(join(src, name), "utf8"));
// The last fractional number inside `expected`, depth first (arrays are objects with keys "0"…).
let target = null;
(function walk(v) {
  if (v === null || typeof v !== "object") return;
  for (const [key, item] of Object.entries(v)) {
    if (typeof item === "number" && !Number.isInteger(item)) target = [v, key];
    else walk(item);
  }
})(c.expected);
if (!target) throw new Error(`${name} has no fractional number in expected`);
const [holder, key] = target;
const before = holder[key];
holder[key] = nextUp(before);
writeFileSync(join(dest, name), JSON.stringify(c));
console.log(`${name}: ${before} -> ${holder[key]}`);
