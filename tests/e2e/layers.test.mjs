// The layers lab (layers and biome rules), driven as a reader drives it. Expected counts come
// from the core: the page's own wasm module places the same layers (BiomeMap + Placement)
// and the readouts must match it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, labOf, testNoProblems, usePage } from './harness.mjs';

const { session, page } = usePage();
const layers = labOf(page, 'layers');
const LAYERS = ['chests', 'rocks', 'trees', 'flowers'];
const lab = () => layers.section;
const canvas = () => layers.canvas;
const { count, readout, pixels: picture } = layers;
const setControl = layers.set;
/** The merged work has started, placed every layer a slice per frame (aria-busy) and drawn. */
const settled = () => layers.idle();

/** What the core places for these settings, from the page's own wasm module. */
async function core({ seed = 123456, chest = 160, rock = 44, tree = 16, flower = 8, shared = true } = {}) {
  return page.evaluate(
    async ([seed, chest, rock, tree, flower, shared]) => {
      const wasm = await import(document.querySelector('script[data-bindings]').dataset.bindings);
      const map = new wasm.BiomeMap(720, 400, seed);
      const job = new wasm.Placer(map, { chest, rock, tree, flower, sharedGrid: shared });
      const placed = job.finish();
      job.free();
      const result = { overlaps: placed.overlapCount };
      for (const layer of ['chests', 'rocks', 'trees', 'flowers']) result[layer] = placed.count(layer);
      placed.free();
      map.free();
      return result;
    },
    [seed, chest, rock, tree, flower, shared],
  );
}

async function shown() {
  const result = { overlaps: await count('overlaps') };
  for (const layer of LAYERS) result[layer] = await count(layer);
  return result;
}

test('one shared grid: no overlaps, and every count is the core’s', async () => {
  await lab().scrollIntoViewIfNeeded();
  await settled();
  assert.equal(await lab().locator('[name="shared-grid"]').isChecked(), true, 'shared grid is on by default');
  const counts = await shown();
  assert.equal(counts.overlaps, 0);
  assert.deepEqual(counts, await core());
  for (const layer of LAYERS) assert.ok(counts[layer] > 0, `some ${layer}`);
  assert.match(await readout('time-ms'), /^\d+\.\d$/);
  await session.screenshotLabs(['layers']);
});

test('a grid per layer: overlaps appear, ringed and counted as the core counts them', async () => {
  const sharedPicture = await picture();
  await lab().locator('[name="shared-grid"]').uncheck();
  await settled();
  const counts = await shown();
  assert.ok(counts.overlaps > 0, `overlaps with separate grids, got ${counts.overlaps}`);
  assert.deepEqual(counts, await core({ shared: false }));
  assert.equal(await canvas().getAttribute('data-grid'), 'separate');
  assert.notEqual(await picture(), sharedPicture);
  await page.screenshot({ path: join(SCREENSHOTS, 'layers-separate.png'), clip: await lab().boundingBox() });

  await lab().locator('[name="shared-grid"]').check();
  await settled();
  assert.equal(await count('overlaps'), 0);
  assert.equal(await picture(), sharedPicture, 'the same seed and settings draw the same map');
});

test('hiding a layer changes the picture but not the counts', async () => {
  await lab().locator('[name="shared-grid"]').uncheck();
  await settled();
  const before = await picture();
  const counts = await shown();
  for (const layer of LAYERS) {
    const toggle = lab().locator(`[name="show-${layer}"]`);
    await toggle.uncheck();
    await settled();
    assert.notEqual(await picture(), before, `hiding ${layer} changes the picture`);
    assert.deepEqual(await shown(), counts);
    if (layer === 'trees') {
      await page.screenshot({ path: join(SCREENSHOTS, 'layers-no-trees.png'), clip: await lab().boundingBox() });
    }
    await toggle.check();
    await settled();
    assert.equal(await picture(), before, `showing ${layer} again restores the picture`);
  }
  await lab().locator('[name="shared-grid"]').check();
  await settled();
});

test('spacings change the layers; bad input shows beside the control and keeps the map', async () => {
  await setControl('tree', 10);
  await setControl('flower', 5);
  await settled();
  const counts = await shown();
  assert.deepEqual(counts, await core({ tree: 10, flower: 5 }));
  assert.equal(counts.overlaps, 0);

  const before = await picture();
  await setControl('seed', 1.5);
  await settled();
  assert.match(await lab().locator('[data-error-for="seed"]').innerText(), /seed must be a whole number/);
  assert.deepEqual(await shown(), counts, 'the last counts stay');
  assert.equal(await picture(), before, 'the last map stays');
  // Moving a slider meanwhile does not hide the refusal or place on the old map.
  await setControl('tree', 12);
  await settled();
  assert.match(await lab().locator('[data-error-for="seed"]').innerText(), /seed must be a whole number/);
  assert.equal(await lab().locator('[data-error-for="tree"]').innerText(), '');
  assert.deepEqual(await shown(), counts);
  await setControl('tree', 10);

  await setControl('seed', 777);
  await settled();
  assert.equal(await lab().locator('[data-error-for="seed"]').innerText(), '');
  assert.deepEqual(await shown(), await core({ seed: 777, tree: 10, flower: 5 }));

  await lab().locator('[data-action="new-seed"]').click();
  await settled();
  const seed = Number(await lab().locator('[name="seed"]').inputValue());
  assert.ok(Number.isInteger(seed) && seed !== 777);
  assert.deepEqual(await shown(), await core({ seed, tree: 10, flower: 5 }));

  await setControl('seed', 123456);
  await setControl('tree', 16);
  await setControl('flower', 8);
  await settled();
  assert.deepEqual(await shown(), await core());
});

test('a burst of slider input is merged into one placement per frame', async () => {
  await settled();
  // Count the placements: every placement is one Placer, which the lab runs in slices.
  await page.evaluate(async () => {
    const wasm = await import(document.querySelector('script[data-bindings]').dataset.bindings);
    const run = wasm.Placer.prototype.run;
    window.__placers = new Set();
    wasm.Placer.prototype.run = function (...args) {
      window.__placers.add(this);
      return run.apply(this, args);
    };
    window.__unpatch = () => (wasm.Placer.prototype.run = run);
  });
  // Read the readout before and after the burst in one synchronous run, so no animation frame
  // (say, the last slice of an earlier placement) can land in between.
  const [before, justAfter] = await page.evaluate(() => {
    const time = () =>
      document.querySelector('section[data-lab="layers"] [data-readout="time-ms"]').textContent;
    const input = document.querySelector('section[data-lab="layers"] [name="rock"]');
    const first = time();
    for (let v = 20; v <= 60; v++) {
      input.value = String(v);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    return [first, time()];
  });
  // 41 input events placed nothing on the spot: the readout has not moved yet.
  assert.equal(justAfter, before);
  await settled();
  const placements = await page.evaluate(() => {
    window.__unpatch();
    return window.__placers.size;
  });
  assert.equal(placements, 1, 'one placement for the whole burst');
  assert.deepEqual(await shown(), await core({ rock: 60 }));
  await setControl('rock', 44);
  await settled();
  await session.screenshotLabs(['layers']);
});

testNoProblems(session, { title: 'no console errors or page errors' });
