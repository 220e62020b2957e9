// Makes the listings' own cases (listings/test/cases/), for what the crate's golden cases do not
// cover: step 6's fractal-noise spacing and step 8's small painted island. The Rust listing answers them (the runner built by
// scripts/test-listings.sh, target/listings/rust-golden); every other language must then match.
//
//   node listings/test/make-cases.mjs
//
// Rewrites the files: run it only when the cases or the Rust listing's noise change on purpose.

import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fromHex, toHex } from "./bits.mjs";

const root = resolve(import.meta.dirname, "../..");
const runner = join(root, "target/listings/rust-golden");


const cases = [
  { width: 720, height: 400, min_radius: 6, max_radius: 24, patch: 160, octaves: 4, k: 30, seed: 123456 },
  { width: 500, height: 300, min_radius: 4, max_radius: 16, patch: 75.5, octaves: 3, k: 30, seed: -7 },
  { width: 300, height: 300, min_radius: 8, max_radius: 40, patch: 50, octaves: 1, k: 20, seed: 2147483647 },
];
const line = (p) =>
  ["variable_noise", ...[p.width, p.height, p.min_radius, p.max_radius, p.patch].map(toHex), p.octaves, p.k, p.seed].join(" ");
const run = spawnSync(runner, { input: cases.map(line).join("\n") + "\n", encoding: "utf8" });
if (run.status !== 0) throw new Error(`the Rust runner failed: ${run.stderr}`);
const answers = run.stdout.trim().split("\n");
cases.forEach((params, i) => {
  const toks = answers[i].split(" ");
  const n = Number(toks[0]);
  if (!(n > 0) || toks.length !== 1 + 3 * n) throw new Error(`case ${i}: ${answers[i].slice(0, 80)}`);
  const expected = [];
  for (let j = 0; j < n; j++) expected.push(toks.slice(1 + 3 * j, 4 + 3 * j).map(fromHex));
  const file = join(root, `listings/test/cases/variable_noise_${i}.json`);
  writeFileSync(file, JSON.stringify({ kind: "variable_noise", params, expected }) + "\n");
  console.log(`${file}: ${n} points`);
});

const worlds = [
  { width: 240, height: 144, seed: 123456 },
  { width: 97, height: 61, seed: -42 },
];
const paint = spawnSync(runner, {
  input: worlds.map((p) => `paint_world ${p.width} ${p.height} ${p.seed}`).join("\n") + "\n",
  encoding: "utf8",
});
if (paint.status !== 0) throw new Error(`the Rust runner failed: ${paint.stderr}`);
paint.stdout
  .trim()
  .split("\n")
  .forEach((bytes, i) => {
    const params = worlds[i];
    if (bytes.length !== 6 * params.width * params.height) throw new Error(`world ${i}: ${bytes.slice(0, 80)}`);
    const expected = Buffer.from(bytes, "hex").toString("base64");
    const file = join(root, `listings/test/cases/paint_world_${i}.json`);
    writeFileSync(file, JSON.stringify({ kind: "paint_world", params, expected }) + "\n");
    console.log(`${file}: ${params.width} × ${params.height} pixels`);
  });
