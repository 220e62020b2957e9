// The density lab (dense forest, open savanna), driven as a reader drives it. Reference counts
// come from the core itself: the page's wasm module is asked for the one-call forest with the
// same arguments (a ForestJob run to the end), so the readout must equal what the core computes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, labOf, testNoProblems, usePage } from './harness.mjs';

const { session, page } = usePage();
const density = labOf(page, 'density');
const lab = () => density.section;
const { count, readout, pixels: picture } = density;
const setControl = density.set;

/** Waits until the forest is full (the canvas drops aria-busy) and a frame has drawn it. */
const grown = () => density.idle();

/** The core's forest for these settings, from the page's own wasm module. */
async function coreTrees(min, max, patch, seed) {
  return page.evaluate(
    async ([min, max, patch, seed]) => {
      const wasm = await import(document.querySelector('script[data-bindings]').dataset.bindings);
      const job = new wasm.ForestJob({ width: 720, height: 400, minRadius: min, maxRadius: max, patchSize: patch, k: 30, seed });
      const trees = job.finish().length / 3;
      job.free();
      return trees;
    },
    [min, max, patch, seed],
  );
}

/** Waits for the forest and checks its count is the core's for these settings; resolves to it. */
async function grownAsCore(min, max, patch, seed = 123456) {
  await grown();
  const trees = await count('trees');
  assert.equal(trees, await coreTrees(min, max, patch, seed));
  return trees;
}

/** Puts the default radii and patch size back and checks the default forest, `trees`, returns. */
async function backToDefaults(trees) {
  await setControl('patch-size', 5);
  await setControl('max-radius', 36);
  await setControl('min-radius', 9);
  await grown();
  assert.equal(await count('trees'), trees);
}

test('the default forest is the core’s forest, and keeps the smaller-radius rule', async () => {
  await lab().scrollIntoViewIfNeeded();
  const trees = await grownAsCore(9, 36, 5);
  assert.ok(trees > 200, `a real forest, got ${trees}`);
  assert.equal(await count('too-close'), 0);
  assert.match(await readout('time-ms'), /^\d+\.\d$/);
  assert.equal(await readout('cell'), (9 / Math.SQRT2).toFixed(1));
  await session.screenshotLabs(['density']);
});

test('show density map changes the picture, and back', async () => {
  await grown();
  const withMap = await picture();
  await lab().locator('[name="show-density"]').uncheck();
  await grown();
  const without = await picture();
  assert.notEqual(without, withMap, 'hiding the density map changes the pixels');
  await page.screenshot({ path: join(SCREENSHOTS, 'density-no-map.png'), clip: await lab().boundingBox() });
  await lab().locator('[name="show-density"]').check();
  await grown();
  assert.equal(await picture(), withMap, 'showing it again restores the same picture');
});

test('the tree count follows the min radius', async () => {
  await grown();
  const before = await count('trees');
  await setControl('min-radius', 5);
  const denser = await grownAsCore(5, 36, 5);
  assert.ok(denser > before, `a smaller min radius packs more trees (${before} → ${denser})`);
  assert.equal(await readout('cell'), (5 / Math.SQRT2).toFixed(1));

  await setControl('min-radius', 14);
  await grown();
  const sparser = await count('trees');
  assert.ok(sparser < before, `a larger min radius gives fewer trees (${before} → ${sparser})`);
  assert.equal(await count('too-close'), 0);

  await setControl('patch-size', 2);
  await grownAsCore(14, 36, 2);
  await backToDefaults(before);
});

test('min radius above max radius shows the core’s message and keeps the last forest', async () => {
  await grown();
  const trees = await count('trees');
  const shown = await picture();
  await setControl('min-radius', 40);
  await page.waitForTimeout(150);
  const error = lab().locator('[data-error-for="min-radius"]');
  assert.match(await error.innerText(), /min radius \(40\) must not be larger than max radius \(36\)/);
  assert.equal(await count('trees'), trees, 'the last count stays');
  assert.equal(await picture(), shown, 'the last picture stays');
  await session.screenshotLabs(['density']);
  await page.screenshot({ path: join(SCREENSHOTS, 'density-error.png'), clip: await lab().boundingBox() });

  // Raising max radius past it is fine: the message goes and a new forest grows.
  await setControl('max-radius', 50);
  await grownAsCore(40, 50, 5);
  assert.equal(await error.innerText(), '');
  await backToDefaults(trees);
});

test('a new seed grows a new forest; a bad seed is refused beside the field', async () => {
  await grown();
  const before = await picture();
  await lab().locator('[data-action="new-seed"]').click();
  const seed = Number(await lab().locator('[name="seed"]').inputValue());
  assert.ok(Number.isInteger(seed) && seed !== 123456);
  await grownAsCore(9, 36, 5, seed);
  assert.notEqual(await picture(), before);

  await setControl('seed', 1.5);
  await page.waitForTimeout(100);
  assert.match(await lab().locator('[data-error-for="seed"]').innerText(), /seed/);
  await setControl('seed', 123456);
  await grown();
  assert.equal(await lab().locator('[data-error-for="seed"]').innerText(), '');
  assert.equal(await picture(), before, 'the same seed draws the same forest');
  await session.screenshotLabs(['density']);
});

test('a tiny min radius grows in slices without freezing the page', async () => {
  await grown();
  // Drag to 3 and watch the frames while the forest grows: many short frames, no long freeze.
  const { frames, longest } = await page.evaluate(
    () =>
      new Promise((done) => {
        const section = document.querySelector('section[data-lab="density"]');
        const input = section.querySelector('[name="min-radius"]');
        const canvas = section.querySelector('canvas[data-role="map"]');
        input.value = '3';
        input.dispatchEvent(new Event('input', { bubbles: true }));
        let frames = 0;
        let longest = 0;
        let last = performance.now();
        const tick = (now) => {
          longest = Math.max(longest, now - last);
          last = now;
          frames++;
          if (canvas.hasAttribute('aria-busy')) requestAnimationFrame(tick);
          else done({ frames, longest });
        };
        requestAnimationFrame(tick);
      }),
  );
  assert.ok(frames > 3, `the forest grew over several frames (${frames})`);
  assert.ok(longest < 400, `no frame took long (longest ${longest.toFixed(0)} ms)`);
  await grown();
  assert.equal(await count('trees'), await coreTrees(3, 36, 5, 123456));
  assert.equal(await count('too-close'), 0);
  await setControl('min-radius', 9);
  await grown();
});

testNoProblems(session, { title: 'no console errors or page errors' });
