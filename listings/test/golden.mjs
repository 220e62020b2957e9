// The listings' golden driver: runs one language's runner over every golden case and compares
// what it prints with each case's `expected`, token by token, exactly.
//
//   node listings/test/golden.mjs LANG COMMAND [ARGS...]
//
// The cases come from POISSON_GOLDEN_DIR (default crates/core/tests/golden, and then
// listings/test/cases, the listings' own, made by the Rust listing). The runner gets every
// case at once on stdin, one line each, and must print exactly one line per input line, in order.
// The line formats are listings-contract's runner protocol:
//   - every f64 is its 16-hex-digit IEEE-754 bit pattern (lowercase), so nothing is lost to
//     decimal printing or parsing on either side; integers (counts, seeds, k, max_misses, steps,
//     colour channels) are decimal;
//   - stamp_circles' W and H are pixel counts, so they are decimal integers too (every other
//     kind's W and H are f64 and written in hex).
// A case of a kind this driver does not know is sent as its bare kind word; the runner answers
// `unknown KIND` and the case fails, like a kind the runner does not know.
//
// Prints `LANG: N passed, N failed` (and the first difference of each failed case on stderr);
// exits 1 if any case failed, the runner exited badly, or there were no cases.

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fromHex, toHex } from "./bits.mjs";

const [lang, command, ...args] = process.argv.slice(2);
if (!lang || !command) {
  console.error("usage: node listings/test/golden.mjs LANG COMMAND [ARGS...]");
  process.exit(2);
}

const root = resolve(import.meta.dirname, "../..");
const dir = process.env.POISSON_GOLDEN_DIR || join(root, "crates/core/tests/golden");

// One f64 → its bit pattern (bits.mjs), refusing anything but a number.
function hex(x) {
  if (typeof x !== "number") throw new Error(`expected a number, got ${JSON.stringify(x)}`);
  return toHex(x);
}
function int(n) {
  if (!Number.isSafeInteger(n)) throw new Error(`expected an integer, got ${JSON.stringify(n)}`);
  return String(n);
}
const bool = (b) => (b ? "1" : "0");
const xy = (pts) => [int(pts.length), ...pts.flatMap((p) => [hex(p[0]), hex(p[1])])];
const xyr = (pts) => [int(pts.length), ...pts.flatMap((p) => [hex(p[0]), hex(p[1]), hex(p[2])])];

// kind → [input tokens, expected output tokens]
const kinds = {
  random_points: (p, e) => [[hex(p.width), hex(p.height), int(p.count), int(p.seed)], xy(e)],
  jittered_grid: (p, e) => [[hex(p.width), hex(p.height), hex(p.spacing), int(p.seed)], xy(e)],
  dart_throwing: (p, e) => [
    [hex(p.width), hex(p.height), hex(p.radius), int(p.max_misses), int(p.seed)],
    xy(e),
  ],
  poisson_disk: (p, e) => [[hex(p.width), hex(p.height), hex(p.radius), int(p.k), int(p.seed)], xyr(e)],
  sampler_trace: (p, e) => {
    const start = p.start ? ["1", hex(p.start[0]), hex(p.start[1])] : ["0"];
    const input = [hex(p.width), hex(p.height), hex(p.radius), int(p.k), int(p.seed), int(p.steps), ...start];
    const out = [int(e.steps.length)];
    for (const s of e.steps) {
      // `current` is null only while no step has picked a point yet.
      out.push(bool(s.more), s.current === null ? "-1" : int(s.current), int(s.tried.length));
      for (const t of s.tried) out.push(hex(t[0]), hex(t[1]), bool(t[2]));
      out.push(int(s.active.length), ...s.active.map(int), int(s.points));
    }
    out.push(int(e.final_points), int(e.total_steps));
    return [input, out];
  },
  variable_radius: (p, e) => {
    if (!["linear_x", "radial"].includes(p.density)) throw new Error(`unknown density ${p.density}`);
    const input = [hex(p.width), hex(p.height), hex(p.min_radius), hex(p.max_radius), p.density, int(p.k), int(p.seed)];
    return [input, xyr(e)];
  },
  // Listing-only cases (listings/test/cases/, made by the Rust listing): fractal-noise spacing.
  variable_noise: (p, e) => {
    const input = [hex(p.width), hex(p.height), hex(p.min_radius), hex(p.max_radius), hex(p.patch)];
    input.push(int(p.octaves), int(p.k), int(p.seed));
    return [input, xyr(e)];
  },
  // Listing-only too: step 8's small painted island, its RGB bytes in base64 as stamp_circles'.
  paint_world: (p, e) => [[int(p.width), int(p.height), int(p.seed)], [Buffer.from(e, "base64").toString("hex")]],
  place_layers: (p, e) => {
    const input = [hex(p.width), hex(p.height), int(p.layers.length)];
    for (const l of p.layers) {
      input.push(hex(l.radius), int(l.k), int(l.seed));
      if (l.mask === null) {
        input.push("none", "0");
      } else {
        const word = { inside_discs: "inside", outside_discs: "outside" }[l.mask.type];
        if (!word) throw new Error(`unknown mask type ${l.mask.type}`);
        input.push(word, int(l.mask.discs.length), ...l.mask.discs.flatMap((d) => d.map(hex)));
      }
    }
    return [input, [int(e.length), ...e.flatMap(xyr)]];
  },
  stamp_circles: (p, e) => {
    const input = [int(p.width), int(p.height), ...p.background.map(int), int(p.circles.length)];
    for (const [cx, cy, r, rgb, opacity] of p.circles) {
      input.push(hex(cx), hex(cy), hex(r), ...rgb.map(int), hex(opacity));
    }
    return [input, [Buffer.from(e, "base64").toString("hex")]];
  },
};

// The golden cases, then, unless POISSON_GOLDEN_DIR names other cases, the listings' own cases
// (listings/test/cases/, made by the Rust listing with listings/test/make-cases.mjs), which test
// what the crate has no case for. A caller's directory is run alone, so its counts are its own.
const own = join(root, "listings/test/cases");
const dirs = process.env.POISSON_GOLDEN_DIR ? [dir] : [dir, own];
const files = dirs.flatMap((d) =>
  readdirSync(d)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => join(d, f)),
);
const cases = files.map((path) => {
  const name = path.slice(path.lastIndexOf("/") + 1);
  try {
    const c = JSON.parse(readFileSync(path, "utf8"));
    const convert = kinds[c.kind];
    if (!convert) return { name, line: String(c.kind), want: null, why: `unknown kind ${c.kind}` };
    const [input, want] = convert(c.params, c.expected);
    return { name, line: [c.kind, ...input].join(" "), want };
  } catch (err) {
    return { name, line: "unreadable", want: null, why: `unreadable case: ${err.message}` };
  }
});

const run = spawnSync(command, args, {
  input: cases.map((c) => c.line).join("\n") + "\n",
  encoding: "utf8",
  maxBuffer: 1 << 30,
});
if (run.error) console.error(`${lang}: cannot run ${command}: ${run.error.message}`);
if (run.status !== 0) {
  console.error(`${lang}: runner exited with ${run.status ?? run.signal}\n${(run.stderr || "").slice(0, 2000)}`);
}
const lines = (run.stdout || "").split("\n");

// A differing token as a number too, when it is one, so a one-ulp miss reads as one.
function show(tok) {
  if (tok === undefined) return "(nothing)";
  if (/^[0-9a-f]{16}$/.test(tok)) {
    return `${tok} (${fromHex(tok)})`;
  }
  return tok.length > 40 ? tok.slice(0, 40) + "…" : tok;
}

let passed = 0;
let failed = 0;
cases.forEach((c, i) => {
  const got = (lines[i] ?? "").trim().split(/\s+/).filter((t) => t !== "");
  let why = c.why;
  if (!why) {
    const at = c.want.findIndex((t, j) => got[j] !== t);
    if (at >= 0) why = `token ${at}: got ${show(got[at])}, expected ${show(c.want[at])}`;
    else if (got.length !== c.want.length) why = `${got.length} tokens, expected ${c.want.length}`;
  }
  if (why && got.length && got[0] === "unknown") why += ` (runner: ${got.join(" ")})`;
  if (why) {
    failed += 1;
    console.error(`${lang}: ${c.name}: ${why}`);
  } else {
    passed += 1;
  }
});
if (lines.length > cases.length + 1 || (lines[cases.length] ?? "") !== "") {
  console.error(`${lang}: the runner printed more lines than there are cases`);
  failed += 1;
}
console.log(`${lang}: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 && run.status === 0 ? 0 : 1);
