// The painted world (lab 7), driven as a reader drives it. The strongest check: Download PNG
// saves a file whose pixels equal the crate's golden picture for seed 123456
// (crates/core/tests/golden_world_123456.png), so the page build paints exactly what the native
// crate paints. Both PNGs are decoded here with node's own zlib.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREENSHOTS, labOf, usePage } from './harness.mjs';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
const GOLDEN = join(ROOT, 'crates/core/tests/golden_world_123456.png');
const DOWNLOADS = join(ROOT, 'artifacts', 'downloads');
const LAYERS = ['chests', 'rocks', 'trees', 'flowers'];
const GROUNDS = ['deep water', 'shallow water', 'surf', 'sand', 'meadow', 'forest floor', 'hill', 'rocky peak'];

/**
 * A small PNG decoder for 8-bit RGB images, enough for the world's PNGs: checks the signature,
 * reads IHDR, joins and inflates the IDAT chunks and undoes each row's filter.
 * Returns `{width, height, rgb}` with `rgb` the raw bytes, row-major.
 */
function decodePng(file) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  assert.deepEqual([...file.subarray(0, 8)], signature, 'PNG signature');
  let at = 8;
  let header = null;
  const data = [];
  while (at < file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8],
        colorType: body[9],
        interlace: body[12],
      };
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length; // length, type, body, CRC
  }
  assert.ok(header, 'an IHDR chunk');
  assert.equal(header.bitDepth, 8, 'bit depth');
  assert.equal(header.colorType, 2, 'colour type RGB');
  assert.equal(header.interlace, 0, 'not interlaced');
  const { width, height } = header;
  const raw = inflateSync(Buffer.concat(data));
  const bpp = 3;
  const stride = width * bpp;
  assert.equal(raw.length, height * (stride + 1), 'inflated size');
  const rgb = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    const prev = y * stride - stride; // start of the row above in `rgb`
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? rgb[out + i - bpp] : 0;
      const b = y > 0 ? rgb[prev + i] : 0;
      const c = i >= bpp && y > 0 ? rgb[prev + i - bpp] : 0;
      let predicted;
      switch (filter) {
        case 0: predicted = 0; break;
        case 1: predicted = a; break;
        case 2: predicted = b; break;
        case 3: predicted = (a + b) >> 1; break;
        case 4: {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: throw new Error(`unknown PNG filter ${filter} on row ${y}`);
      }
      rgb[out + i] = (line[i] + predicted) & 0xff;
    }
  }
  return { width, height, rgb };
}

const { session, page } = usePage();
const world = labOf(page, 'world');
const lab = () => world.section;
const canvas = () => world.canvas;
const seedField = () => lab().locator('[name="seed"]');
const status = () => lab().locator('[data-role="status"]');
const loupe = () => lab().locator('[data-role="loupe"]');

const readout = world.readout;

async function counts() {
  const result = {};
  for (const layer of LAYERS) {
    const text = await readout(layer);
    assert.match(text, /^\d+$/, `${layer} readout is a bare integer, got "${text}"`);
    result[layer] = Number(text);
  }
  return result;
}

/** Waits until the lab reports this seed painted. */
async function paintedSeed(seed) {
  await page.waitForFunction(
    (seed) => {
      const section = document.querySelector('section[data-lab="world"]');
      const text = section.querySelector('[data-role="status"]').textContent;
      return section.dataset.state === 'painted' && text.startsWith(`Painted seed ${seed} in `);
    },
    String(seed),
    { timeout: 15_000 },
  );
}

const picture = world.pixels;

async function typeSeed(value) {
  await seedField().fill(String(value));
  await seedField().dispatchEvent('input');
}

/** The core's counts and ground for seed `seed`, from the page's own wasm module. */
async function core(seed, probes = []) {
  return page.evaluate(
    async ([seed, probes]) => {
      const wasm = await import(document.querySelector('script[data-bindings]').dataset.bindings);
      const job = new wasm.WorldPainter(seed);
      const world = job.finish();
      job.free();
      const result = { grounds: probes.map(([x, y]) => world.groundAt(x, y)) };
      for (const layer of ['chests', 'rocks', 'trees', 'flowers']) result[layer] = world.count(layer);
      world.free();
      return result;
    },
    [seed, probes],
  );
}

test('the world paints seed 123456: counts from the core, time and status shown', async (t) => {
  await lab().scrollIntoViewIfNeeded();
  await paintedSeed(123456);
  assert.equal(await seedField().inputValue(), '123456');
  const shown = await counts();
  const expected = await core(123456);
  for (const layer of LAYERS) {
    assert.ok(shown[layer] > 0, `some ${layer}`);
    assert.equal(shown[layer], expected[layer], `${layer} count is the core's`);
  }
  const ms = await readout('time-ms');
  assert.match(ms, /^\d+(\.\d)?$/);
  const said = await status().innerText();
  const [, work, frames, clock] = said.match(/^Painted seed 123456 in (\d+) ms of work, spread over (\d+) frames \((\d+) ms on the clock\)$/) ?? [];
  assert.ok(clock, `status: ${said}`);
  // Work is part of the clock time; the rest is the frames' own drawing and waiting for them.
  assert.ok(Number(work) <= Number(clock) + 1, said);
  assert.ok(Number(frames) >= 2, 'painted over several frames');
  t.diagnostic(`seed 123456 painted and shown in ${ms} ms of work over ${frames} frames, ${clock} ms on the clock`);

  // The legend lists every ground and every layer with its spacing, from the core.
  const legend = lab().locator('[data-role="legend"]');
  for (const ground of GROUNDS) assert.equal(await legend.locator(`[data-legend="${ground}"]`).count(), 1, ground);
  const spacings = { chests: 140, rocks: 34, trees: 11, flowers: 6 };
  for (const [layer, spacing] of Object.entries(spacings)) {
    const item = legend.locator(`[data-legend="${layer}"]`);
    assert.equal(await item.locator('[data-spacing]').innerText(), String(spacing));
  }
  assert.match(await legend.locator('[data-legend="trees"]').innerText(), /forest floor only/);
  assert.match(await legend.locator('[data-legend="flowers"]').innerText(), /meadow only/);
  assert.match(await legend.locator('[data-legend="chests"]').innerText(), /on land/);
  await session.screenshotLabs(['world']);
});

test('Download PNG saves the crate’s exact pixels, named with the seed', async () => {
  await paintedSeed(123456);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    lab().locator('[data-action="download"]').click(),
  ]);
  assert.equal(download.suggestedFilename(), 'poisson-world-123456.png');
  await mkdir(DOWNLOADS, { recursive: true });
  const saved = join(DOWNLOADS, download.suggestedFilename());
  await download.saveAs(saved);
  const file = await readFile(saved);
  // A real PNG: signature, then IHDR first with the world's size.
  assert.equal(file.toString('latin1', 12, 16), 'IHDR');
  assert.equal(file.readUInt32BE(16), 880);
  assert.equal(file.readUInt32BE(20), 480);
  const got = decodePng(file);
  const golden = decodePng(await readFile(GOLDEN));
  assert.equal(got.width, golden.width);
  assert.equal(got.height, golden.height);
  if (!got.rgb.equals(golden.rgb)) {
    const i = got.rgb.findIndex((v, n) => v !== golden.rgb[n]);
    const p = Math.floor(i / 3);
    assert.fail(`pixel (${p % 880}, ${Math.floor(p / 880)}) differs from the golden picture`);
  }
  // The same file, byte for byte, as the command line writes: `poisson paint --seed 123456`.
  // scripts/test.sh runs `cargo test` (which builds the CLI) before these browser tests.
  const cli = join(ROOT, 'target', 'debug', 'poisson');
  await stat(cli).catch(() => assert.fail(`${cli} is missing: build it with cargo build -p poisson-live-cli`));
  const fromCli = join(DOWNLOADS, 'cli-world-123456.png');
  const run = spawnSync(cli, ['paint', '--seed', '123456', '-o', fromCli], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.ok(file.equals(await readFile(fromCli)), 'the page and the CLI wrote different PNG bytes');
});

test('the loupe follows the pointer and names the ground', async () => {
  await canvas().scrollIntoViewIfNeeded();
  assert.equal(await loupe().isVisible(), false, 'hidden until the pointer is over the map');
  const box = await canvas().boundingBox();
  const spots = [[5, 5], [440, 240], [300, 260]];
  const { grounds } = await core(123456, spots.map(([x, y]) => [x + 0.5, y + 0.5]));
  for (const [n, [x, y]] of spots.entries()) {
    // The middle of map pixel (x, y).
    await page.mouse.move(box.x + ((x + 0.5) / 880) * box.width, box.y + ((y + 0.5) / 480) * box.height);
    await page.waitForFunction(
      (at) => {
        const el = document.querySelector('section[data-lab="world"] [data-role="loupe"]');
        return !el.hidden && el.dataset.at === at;
      },
      `${x},${y}`,
    );
    const name = (await lab().locator('[data-role="loupe-ground"]').innerText()).trim();
    assert.ok(GROUNDS.includes(name), `a ground name, got "${name}"`);
    assert.equal(name, grounds[n], `ground at (${x}, ${y}) is the core's`);
  }
  assert.equal(grounds[0], 'deep water', 'the corner of the map is open sea');
  await page.screenshot({
    path: join(SCREENSHOTS, 'world-loupe.png'),
    clip: await lab().locator('.world-stage').boundingBox(),
  });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 200);
  await page.waitForFunction(
    () => document.querySelector('section[data-lab="world"] [data-role="loupe"]').hidden,
  );

  // Keyboard: focusing the map shows the loupe; arrow keys move it one pixel at a time.
  await canvas().focus();
  await page.waitForFunction(() => {
    const el = document.querySelector('section[data-lab="world"] [data-role="loupe"]');
    return !el.hidden && el.dataset.at === '440,240';
  });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await page.waitForFunction(
    () => document.querySelector('section[data-lab="world"] [data-role="loupe"]').dataset.at === '441,250',
  );
  await page.keyboard.press('Escape');
  assert.equal(await loupe().isVisible(), false);
  await canvas().blur();
});

test('New World changes the seed and the picture; typing 123456 restores it exactly', async (t) => {
  await paintedSeed(123456);
  const firstPicture = await picture();
  const firstCounts = await counts();
  await lab().locator('[data-action="new-world"]').click();
  await page.waitForFunction(
    () => document.querySelector('section[data-lab="world"] [name="seed"]').value !== '123456',
  );
  const seed = await seedField().inputValue();
  assert.match(seed, /^\d+$/);
  assert.ok(Number(seed) >= 1 && Number(seed) <= 2147483646, `a valid fresh seed, got ${seed}`);
  await paintedSeed(seed);
  t.diagnostic(`New World: ${await status().innerText()}`);
  assert.notEqual(await picture(), firstPicture, 'a new world looks different');
  const newCounts = await counts();
  assert.notDeepEqual(newCounts, firstCounts, 'and holds different numbers of things');
  assert.deepEqual(newCounts, (({ grounds, ...c }) => c)(await core(Number(seed))));

  // The download is named with the new seed.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    lab().locator('[data-action="download"]').click(),
  ]);
  assert.equal(download.suggestedFilename(), `poisson-world-${seed}.png`);

  await typeSeed(123456);
  await paintedSeed(123456);
  t.diagnostic(`typed seed: ${await status().innerText()}`);
  assert.equal(await picture(), firstPicture, 'seed 123456 paints the very same picture again');
  assert.deepEqual(await counts(), firstCounts);
});

test('a bad seed shows a message beside the field and keeps the picture', async () => {
  await paintedSeed(123456);
  const kept = await picture();
  const keptCounts = await counts();
  const error = lab().locator('[data-error-for="seed"]');
  for (const bad of ['1e12', '-2147483646']) {
    await typeSeed(bad);
    await page.waitForFunction(
      () => document.querySelector('section[data-lab="world"] [data-error-for="seed"]').textContent !== '',
    );
    const message = await error.innerText();
    assert.match(message, /seed/i, `a message about the seed for ${bad}: "${message}"`);
    assert.equal(await seedField().getAttribute('aria-invalid'), 'true');
    assert.match(await status().innerText(), /still showing seed 123456/);
    assert.equal(await picture(), kept, 'the last good picture stays');
    assert.deepEqual(await counts(), keptCounts);
    if (bad === '1e12') {
      await lab().locator('.lab-panel').screenshot({ path: join(SCREENSHOTS, 'world-bad-seed.png') });
    }
    await typeSeed(123456);
    await paintedSeed(123456);
    assert.equal(await error.innerText(), '', 'a good seed clears the message');
  }
  assert.equal(await picture(), kept);
});

test('pitfalls and FAQ follow the last lab; no errors anywhere on the page', async () => {
  const pitfalls = page.locator('#pitfalls');
  const faq = page.locator('#faq');
  for (const heading of ['Cell size', 'Search reach', 'Empty islands', 'Seams between chunks', 'Biased ring sampling', 'Regenerating every frame']) {
    assert.equal(await pitfalls.locator('h3', { hasText: heading }).count(), 1, heading);
  }
  // The FAQ's Rust example, among its code (the Unity and Godot sketches follow it).
  assert.match(await faq.locator('pre', { hasText: 'Cargo.toml' }).innerText(), /poisson_live::poisson_disk\(/);
  assert.match(await faq.locator('pre', { hasText: 'using UnityEngine;' }).innerText(), /MonoBehaviour/);
  assert.match(await faq.locator('pre', { hasText: 'using Godot;' }).innerText(), /Node3D/);
  await mkdir(SCREENSHOTS, { recursive: true });
  await pitfalls.scrollIntoViewIfNeeded();
  await pitfalls.screenshot({ path: join(SCREENSHOTS, 'pitfalls.png') });
  await faq.scrollIntoViewIfNeeded();
  await faq.screenshot({ path: join(SCREENSHOTS, 'faq.png') });

  const { problems } = session;
  assert.deepEqual(problems.pageErrors, [], 'no uncaught page errors');
  assert.deepEqual(problems.consoleErrors, [], 'no console errors');
  assert.deepEqual(problems.externalRequests, [], 'nothing fetched from other hosts');
  assert.deepEqual(problems.failedRequests, [], 'no failed requests');
  const banner = page.locator('[data-role="panic"]');
  assert.equal(await banner.isVisible(), false, `no panic banner: ${await banner.textContent()}`);
});
