// Side-by-side benchmark in one node process: our bindings' wasm build against the npm Poisson
// disk samplers a web developer might pick instead, on identical boxes. Two tables: the classic
// samplers (k = 30: ours `poissonDisk` and the stepper `PoissonSampler` run to the end,
// poisson-disk-sampling, fast-2d-poisson-disk-sampling), with issue 12's classic target (ours
// `PoissonSampler` >= 0.8 M points/s on 2000 x 2000, r = 2), and the fast ones (ours
// `fastPoisson` against fast-2d-poisson-disk-sampling, the fastest npm peer), with issue 12's
// target: ours fast >= 3x fast-2d-poisson-disk-sampling.
//
//   node crates/bench/wasm-bench.mjs PKG_DIR [--opt PKG_DIR] [--quick] [--fast]
//
// PKG_DIR holds `wasm-bindgen --target nodejs` output for poisson_live_web.wasm (release build);
// `--opt` adds a second copy of ours, e.g. after `wasm-opt -Oz` as the page ships it. This script
// builds nothing: `bash scripts/bench.sh` builds both and runs it. `--fast` runs only the fast
// samplers' table. It prints one markdown table in
// the same shape as the native harness (crates/bench/src/main.rs).
//
// Each row is the best of several runs (fewer for a system whose runs exceed a time budget), the
// systems taking turns; every system first fills a small box once so the JIT has warmed up.

import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const PoissonDiskSampling = require('poisson-disk-sampling');
const FastPoissonDiskSampling = require('fast-2d-poisson-disk-sampling');

const K = 30;
const SEED = 123456;

function usage(message) {
  console.error(`wasm-bench: error: ${message}`);
  console.error('usage: node crates/bench/wasm-bench.mjs PKG_DIR [--opt PKG_DIR] [--quick] [--fast]');
  process.exit(2);
}

const args = process.argv.slice(2);
let pkg = null;
let optPkg = null;
let quick = false;
let fastOnly = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--quick') quick = true;
  else if (args[i] === '--fast') fastOnly = true;
  else if (args[i] === '--opt') optPkg = args[++i] ?? usage('--opt needs a directory');
  else if (args[i].startsWith('-')) usage(`unknown option '${args[i]}'`);
  else if (pkg === null) pkg = args[i];
  else usage(`unexpected argument '${args[i]}'`);
}
if (pkg === null) usage('give the directory of the wasm-bindgen --target nodejs output');

function loadBindings(dir) {
  const file = path.resolve(dir, 'poisson_live_web.js');
  try {
    return require(file);
  } catch (e) {
    usage(`cannot load ${file}: ${e.message}`);
  }
}

/**
 * The Park–Miller generator of the crate (SPEC section 2), as the npm samplers' `rng`: each
 * is seeded the same way so runs repeat. s · 16807 < 2^46 is exact in a double.
 */
function parkMiller(seed) {
  const M = 2147483647;
  let s = seed % M;
  if (s <= 0) s += M - 1;
  return () => {
    s = (s * 16807) % M;
    return (s - 1) / (M - 1);
  };
}

function npmVersion(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
}

// Each system fills a width × height box with minimum distance r (and k tries where it has
// them), returning the count.
const systems = [];
const fastSystems = [];
for (const [label, dir] of [
  ['poisson-live wasm (ours)', pkg],
  ['poisson-live wasm, wasm-opt -Oz (ours, as the page ships)', optPkg],
]) {
  if (dir === null) continue;
  const wasm = loadBindings(dir);
  systems.push({
    name: label,
    ours: true,
    run: (w, h, r) => wasm.poissonDisk(w, h, r, K, SEED).length / 3,
  });
  if (dir === pkg) {
    // Issue 12's form of the classic target: the stepper, started at random and finished.
    systems.push({
      name: 'poisson-live wasm PoissonSampler (ours)',
      ours: true,
      stepper: true,
      run: (w, h, r) => {
        const sampler = new wasm.PoissonSampler(w, h, r, K, SEED);
        try {
          sampler.startRandom();
          sampler.finish();
          return sampler.pointCount;
        } finally {
          sampler.free();
        }
      },
    });
  }
  fastSystems.push({
    name: label.replace('poisson-live wasm', 'poisson-live wasm fastPoisson'),
    ours: true,
    run: (w, h, r) => wasm.fastPoisson(w, h, r, SEED).length / 2,
  });
}
systems.push({
  name: `poisson-disk-sampling ${npmVersion('poisson-disk-sampling')}`,
  run: (w, h, r) =>
    new PoissonDiskSampling({ shape: [w, h], minDistance: r, maxDistance: 2 * r, tries: K }, parkMiller(SEED)).fill()
      .length,
});
const fast2d = {
  name: `fast-2d-poisson-disk-sampling ${npmVersion('fast-2d-poisson-disk-sampling')}`,
  run: (w, h, r) =>
    new FastPoissonDiskSampling({ shape: [w, h], radius: r, tries: K }, parkMiller(SEED)).fill().length,
};
systems.push(fast2d);
fastSystems.push(fast2d);

const cases = fastOnly ? [] : [
  { w: 1000, h: 1000, r: 2 },
  { w: 2000, h: 2000, r: 2 },
];
const fastCases = quick ? [{ w: 2000, h: 2000, r: 2 }] : [
  { w: 2000, h: 2000, r: 2 },
  { w: 4000, h: 4000, r: 2 },
];
const reps = quick ? 2 : 5;
const budgetMs = quick ? 3000 : 20000;

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(
  `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores; node ${process.version}; ` +
    `load average before the runs: ${load()}\n`,
);

const tty = process.stderr.isTTY;
for (const s of [...systems, ...fastSystems]) s.run(200, 200, 2); // warm-up: compile and tier up before timing

/** Every system on every box, taking turns; each row keeps its best time. */
function measure(systems, cases) {
  const rows = [];
  for (const c of cases) {
    const mine = systems.map((s) => ({ system: s, case: c, points: 0, best: Infinity, runs: 0, spent: 0 }));
    for (let rep = 0; rep < reps; rep++) {
      for (const row of mine) {
        if (rep > 0 && row.spent >= budgetMs) continue;
        if (tty) process.stderr.write(`\r${row.system.name.padEnd(70)} ${c.w} × ${c.h} run ${rep + 1}/${reps}   `);
        globalThis.gc?.();
        const start = performance.now();
        const points = row.system.run(c.w, c.h, c.r);
        const took = performance.now() - start;
        row.spent += took;
        row.points = points;
        row.best = Math.min(row.best, took);
        row.runs += 1;
      }
    }
    rows.push(...mine);
  }
  if (tty) process.stderr.write(`\r${' '.repeat(100)}\r`);
  return rows;
}

const rate = (row) => row.points / (row.best / 1000);

/** One markdown table; "speed vs ours" divides by `ours` (a system) on the same box. */
function printTable(rows, ours) {
  console.log('| system | box | points | points per r² | seconds | M points/s | speed vs ours | runs |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const base = rows.find((o) => o.system === ours && o.case === row.case);
    const { w, h, r } = row.case;
    console.log(
      `| ${row.system.name} | ${w} × ${h} | ${row.points} | ${((row.points * r * r) / (w * h)).toFixed(3)} | ` +
        `${(row.best / 1000).toFixed(3)} | ${(rate(row) / 1e6).toFixed(3)} | ` +
        `${(rate(row) / rate(base)).toFixed(3)}× | ${row.runs} |`,
    );
  }
}

const rows = measure(systems, cases);
if (!fastOnly) {
  console.log('### Classic: Bridson\'s algorithm\n');
  console.log(
    `Bridson's algorithm, k = ${K}, one node process; best of up to ${reps} runs per row (fewer for a ` +
      `system whose runs on a box exceed ${budgetMs / 1000} s). Points per r² = points · r² / area. ` +
      `"Speed vs ours" = this system's points per second ÷ ours (the plain release build) on the same box.\n`,
  );
  printTable(rows, systems[0]);

  // The targets for the wasm build, on the 2000 × 2000 box.
  const main = rows.filter((row) => row.case.w === 2000);
  const ourMain = main.find((row) => row.system === systems[0]);
  const pds = main.find((row) => row.system.name.startsWith('poisson-disk-sampling'));
  const stepper = main.find((row) => row.system.stepper);
  if (stepper) {
    const speed = rate(stepper) / 1e6;
    console.log(
      `\nIssue 12's classic target on 2000 × 2000, r = 2: ours \`PoissonSampler\` (startRandom, finish) ` +
        `${speed.toFixed(3)} M points/s (target ≥ 0.8: ${speed >= 0.8 ? 'met' : 'missed'}).`,
    );
  }
  if (ourMain && pds) {
    const speed = rate(ourMain) / 1e6;
    const ratio = rate(ourMain) / rate(pds);
    console.log(
      `\nIssue 5's targets on 2000 × 2000, r = 2: ours \`poissonDisk\` ${speed.toFixed(3)} M points/s (target ≥ 0.5: ` +
        `${speed >= 0.5 ? 'met' : 'missed'}); ours ÷ poisson-disk-sampling = ${ratio.toFixed(2)}× ` +
        `(target ≥ 4: ${ratio >= 4 ? 'met' : 'missed'}).`,
    );
}
console.log(`\nLoad average now: ${load()}\n`);
}

console.log('### Fast: where the tutorial\'s draws do not matter\n');
const fastRows = measure(fastSystems, fastCases);
console.log(
  `Ours \`fastPoisson(width, height, radius, seed)\` (16 candidates just beyond r per point) against ` +
    `fast-2d-poisson-disk-sampling (k = ${K}), one node process; best of up to ${reps} runs per row. ` +
    `"Speed vs ours" = ÷ ours \`fastPoisson\` (the plain release build) on the same box.\n`,
);
printTable(fastRows, fastSystems[0]);
const big = fastCases[fastCases.length - 1];
const ourFast = fastRows.find((row) => row.system === fastSystems[0] && row.case === big);
const peerFast = fastRows.find((row) => row.system === fast2d && row.case === big);
if (ourFast && peerFast) {
  const ratio = rate(ourFast) / rate(peerFast);
  console.log(
    `\nTarget on ${big.w} × ${big.h}, r = ${big.r} (issue 12): ours fastPoisson ` +
      `${(rate(ourFast) / 1e6).toFixed(3)} M points/s = ${ratio.toFixed(2)}× fast-2d-poisson-disk-sampling ` +
      `(target ≥ 3: ${ratio >= 3 ? 'met' : 'missed'}).`,
  );
}
console.log(`\nLoad average after the runs: ${load()}`);
