// Side-by-side benchmark in one node process: our bindings' wasm build against the npm Poisson
// disk samplers a web developer might pick instead, on identical boxes and tries (k = 30).
//
//   node crates/bench/wasm-bench.mjs PKG_DIR [--opt PKG_DIR] [--quick]
//
// PKG_DIR holds `wasm-bindgen --target nodejs` output for poisson_live_web.wasm (release build);
// `--opt` adds a second copy of ours, e.g. after `wasm-opt -Oz` as the page ships it. This script
// builds nothing: `bash scripts/bench.sh` builds both and runs it. It prints one markdown table in
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
  console.error('usage: node crates/bench/wasm-bench.mjs PKG_DIR [--opt PKG_DIR] [--quick]');
  process.exit(2);
}

const args = process.argv.slice(2);
let pkg = null;
let optPkg = null;
let quick = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--quick') quick = true;
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

// Each system fills a width × height box with minimum distance r and k tries, returning the count.
const systems = [];
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
}
systems.push({
  name: `poisson-disk-sampling ${npmVersion('poisson-disk-sampling')}`,
  run: (w, h, r) =>
    new PoissonDiskSampling({ shape: [w, h], minDistance: r, maxDistance: 2 * r, tries: K }, parkMiller(SEED)).fill()
      .length,
});
systems.push({
  name: `fast-2d-poisson-disk-sampling ${npmVersion('fast-2d-poisson-disk-sampling')}`,
  run: (w, h, r) =>
    new FastPoissonDiskSampling({ shape: [w, h], radius: r, tries: K }, parkMiller(SEED)).fill().length,
});

const cases = [
  { w: 1000, h: 1000, r: 2 },
  { w: 2000, h: 2000, r: 2 },
];
const reps = quick ? 2 : 5;
const budgetMs = quick ? 3000 : 20000;

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(
  `Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores; node ${process.version}; ` +
    `load average before the runs: ${load()}\n`,
);

const tty = process.stderr.isTTY;
for (const s of systems) s.run(200, 200, 2); // warm-up: compile and tier up before timing

const rows = [];
for (const c of cases) {
  const mine = systems.map((s) => ({ system: s, case: c, points: 0, best: Infinity, runs: 0, spent: 0 }));
  for (let rep = 0; rep < reps; rep++) {
    for (const row of mine) {
      if (rep > 0 && row.spent >= budgetMs) continue;
      if (tty) process.stderr.write(`\r${row.system.name.padEnd(58)} ${c.w} × ${c.h} run ${rep + 1}/${reps}   `);
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
if (tty) process.stderr.write(`\r${' '.repeat(90)}\r`);

const rate = (row) => row.points / (row.best / 1000);
console.log(
  `Bridson's algorithm, k = ${K}, one node process; best of up to ${reps} runs per row (fewer for a ` +
    `system whose runs on a box exceed ${budgetMs / 1000} s). Points per r² = points · r² / area. ` +
    `"Speed vs ours" = this system's points per second ÷ ours (the plain release build) on the same box.\n`,
);
console.log('| system | box | points | points per r² | seconds | M points/s | speed vs ours | runs |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const ours = rows.find((o) => o.system === systems[0] && o.case === row.case);
  const { w, h, r } = row.case;
  console.log(
    `| ${row.system.name} | ${w} × ${h} | ${row.points} | ${((row.points * r * r) / (w * h)).toFixed(3)} | ` +
      `${(row.best / 1000).toFixed(3)} | ${(rate(row) / 1e6).toFixed(3)} | ` +
      `${(rate(row) / rate(ours)).toFixed(3)}× | ${row.runs} |`,
  );
}

// The targets for the wasm build, on the 2000 × 2000 box.
const main = rows.filter((row) => row.case.w === 2000);
const ourMain = main.find((row) => row.system === systems[0]);
const pds = main.find((row) => row.system.name.startsWith('poisson-disk-sampling'));
if (ourMain && pds) {
  const speed = rate(ourMain) / 1e6;
  const ratio = rate(ourMain) / rate(pds);
  console.log(
    `\nTargets on 2000 × 2000, r = 2: ours ${speed.toFixed(3)} M points/s (target ≥ 0.5: ` +
      `${speed >= 0.5 ? 'met' : 'missed'}); ours ÷ poisson-disk-sampling = ${ratio.toFixed(2)}× ` +
      `(target ≥ 4: ${ratio >= 4 ? 'met' : 'missed'}).`,
  );
}
console.log(`\nLoad average after the runs: ${load()}`);
