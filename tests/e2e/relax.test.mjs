// The relax lab: a start set relaxed by Lloyd's method or farthest-point optimisation, its
// iterations recorded once and replayed by the slider. The figures are checked against the core
// itself (the page's own wasm exports: relax, measure, spectrumOf); the story the prose tells is
// checked as figures (δX rising under FPO, Lloyd's spectral peak growing long after FPO's settles); and
// the slider is checked to read the record, never to relax again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SCREENSHOTS, frames, labOf, testFitsPhone, testNoProblems, usePage } from './harness.mjs';

const W = 720;
const H = 400;
/** The lab's start sets: Bridson's and the fast sampler's spacing, Bridson's k. */
const RADIUS = 20;
const K = 30;

const { session, page } = usePage({ wasm: true, ready: () => relax.show() });
const relax = labOf(page, 'relax');
const lab = () => relax.section;
const settled = () => relax.idle({ timeout: 120_000 });

/** The lab's figures of the iteration shown. */
async function readouts() {
  return {
    points: await relax.readout('points'),
    deltaX: await relax.readout('delta-x'),
    meanDeltaX: await relax.readout('mean-delta-x'),
  };
}

/** Picks a method by its radio button, as a reader does, and waits for the run. */
async function method(name) {
  await lab().locator(`input[name="method"][value="${name}"]`).check();
  await settled();
}

/** Sets a control as a reader's edit does and waits for the lab. */
async function setControl(name, value) {
  const input = lab().locator(`[name="${name}"]`);
  if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption(String(value));
  else {
    await input.fill(String(value));
    await input.dispatchEvent('input');
    await input.dispatchEvent('change');
  }
  await settled();
}

/** The core's figures for `iterations` of `method` from the lab's start, formatted as the lab does. */
function core(start, seed, method, iterations) {
  return page.evaluate(
    ([start, seed, method, iterations, W, H, R, K]) => {
      const wasm = window.poissonWasm;
      let points;
      if (start === 'fast') points = wasm.fastPoisson(W, H, R, seed);
      else {
        const t = wasm.poissonDisk(W, H, R, K, seed);
        const n = t.length / 3;
        if (start === 'random') points = wasm.randomPoints(n, W, H, seed);
        else points = Float64Array.from({ length: 2 * n }, (_, i) => t[3 * Math.floor(i / 2) + (i % 2)]);
      }
      const moved = iterations > 0 ? wasm.relax(points, W, H, { method, iterations }) : points;
      const m = wasm.measure(moved, W, H);
      const spectrum = wasm.spectrumOf(moved, W, H, 64, 36);
      const radial = spectrum.radial();
      spectrum.free();
      return {
        points: String(m.points),
        deltaX: m.deltaX.toFixed(3),
        meanDeltaX: m.meanDeltaX.toFixed(3),
        peak: Math.max(...radial),
        wide: radial.filter((v) => v > Math.max(...radial) / 2).length,
      };
    },
    [start, seed, method, iterations, W, H, RADIUS, K],
  );
}

const strip = ({ peak, wide, ...figures }) => figures;

test('the contract: a map, the method and iterations controls, the three readouts', async () => {
  await settled();
  assert.equal(await lab().locator('canvas[data-role="map"]').count(), 1);
  const methods = await lab().locator('input[name="method"]').evaluateAll((inputs) => inputs.map((i) => i.value));
  assert.deepEqual(methods, ['lloyd', 'fpo']);
  const slider = lab().locator('input[name="iterations"]');
  assert.equal(await slider.getAttribute('type'), 'range');
  assert.equal(await slider.getAttribute('min'), '0');
  assert.ok(Number(await slider.getAttribute('max')) >= 64);
  // Its value is shown beside it.
  assert.equal((await lab().locator('.relax-iterations output').innerText()).trim(), await slider.inputValue());
  const starts = await lab().locator('select[name="start"] option').evaluateAll((o) => o.map((x) => x.value));
  assert.deepEqual(starts, ['random', 'bridson', 'fast']);
  for (const name of ['points', 'delta-x', 'mean-delta-x']) {
    assert.match(await relax.readout(name), /^\d+(\.\d+)?$/, name);
  }
});

test('every start and method: the figures shown are the core’s relax and measure', async () => {
  for (const start of ['random', 'bridson', 'fast']) {
    await setControl('start', start);
    for (const m of ['lloyd', 'fpo']) {
      await method(m);
      for (const iterations of [0, 1, 7, 64]) {
        await setControl('iterations', iterations);
        await frames(page, 2);
        assert.deepEqual(await readouts(), strip(await core(start, 123456, m, iterations)), `${start}, ${m}, ${iterations}`);
      }
    }
  }
  await setControl('start', 'random');
  await method('lloyd');
});

test('FPO raises δX pass after pass past 0.9; Lloyd’s spectral peak keeps growing, FPO’s settles early', async () => {
  await setControl('start', 'random');
  await method('fpo');
  const seen = [];
  for (let i = 0; i <= 64; i += 8) {
    await setControl('iterations', i);
    await frames(page, 2);
    seen.push(Number(await relax.readout('delta-x')));
  }
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i] >= seen[i - 1], `δX fell: ${seen.join(', ')}`);
  assert.ok(seen[0] < 0.2, `white noise starts low: ${seen[0]}`);
  assert.ok(seen.at(-1) >= 0.9, `FPO ends at δX ${seen.at(-1)}`);
  // The radial spectrum's peak (near 2 / √3 ≈ 1.15 / d, a hexagonal lattice's first): Lloyd's
  // keeps growing and narrowing from 8 to 64 passes, FPO's is up by 8 and barely moves.
  const lloyd8 = await core('random', 123456, 'lloyd', 8);
  const lloyd64 = await core('random', 123456, 'lloyd', 64);
  const fpo8 = await core('random', 123456, 'fpo', 8);
  const fpo64 = await core('random', 123456, 'fpo', 64);
  assert.ok(lloyd64.peak > 1.5 * lloyd8.peak, `Lloyd's peak ${lloyd8.peak.toFixed(2)} → ${lloyd64.peak.toFixed(2)}`);
  assert.ok(fpo64.peak < 1.3 * fpo8.peak, `FPO's peak ${fpo8.peak.toFixed(2)} → ${fpo64.peak.toFixed(2)}`);
  assert.ok(lloyd64.wide < fpo64.wide, `rings above half the peak: Lloyd ${lloyd64.wide}, FPO ${fpo64.wide}`);
  // Lloyd evens the cells, not the closest pair: from Bridson's set its first pass lowers δX,
  // FPO's raises it.
  const bridson = await core('bridson', 123456, 'lloyd', 0);
  assert.ok(Number((await core('bridson', 123456, 'lloyd', 1)).deltaX) < Number(bridson.deltaX));
  assert.ok(Number((await core('bridson', 123456, 'fpo', 1)).deltaX) > Number(bridson.deltaX));
  await method('lloyd');
});

test('the slider reads the recorded run: scrubbing relaxes nothing and shows each iteration at once', async () => {
  await method('fpo');
  const calls = await page.evaluate(() => {
    const { Relaxation } = window.poissonWasm;
    window.__relaxCalls = 0;
    for (const name of ['run', 'iterate']) {
      const original = Relaxation.prototype[name];
      Relaxation.prototype[name] = function (...args) {
        window.__relaxCalls += 1;
        return original.apply(this, args);
      };
    }
    return window.__relaxCalls;
  });
  assert.equal(calls, 0);
  const pictures = new Set();
  for (const i of [64, 0, 32, 1, 63, 16]) {
    await lab().locator('input[name="iterations"]').fill(String(i));
    await frames(page, 2);
    assert.equal(await relax.busy(), false, `no work after moving the slider to ${i}`);
    assert.deepEqual(await readouts(), strip(await core('random', 123456, 'fpo', i)), `iteration ${i}`);
    pictures.add(await relax.pixels());
  }
  assert.equal(pictures.size, 6, 'each iteration draws its own picture');
  assert.equal(await page.evaluate(() => window.__relaxCalls), 0, 'the slider relaxed nothing');
  // A new run does relax: the patched methods are the ones the lab calls.
  await setControl('seed', 7);
  assert.ok((await page.evaluate(() => window.__relaxCalls)) > 0, 'a new seed relaxes again');
  await setControl('seed', 123456);
  await method('lloyd');
});

test('Play replays the iterations from 0 to the end', async () => {
  await setControl('iterations', 64);
  await lab().locator('[data-action="play"]').click();
  await frames(page, 2);
  const early = Number(await lab().locator('input[name="iterations"]').inputValue());
  assert.ok(early < 64, `Play starts over: at ${early}`);
  await page.waitForFunction(() => document.querySelector('section[data-lab="relax"] input[name="iterations"]').value === '64', null, { timeout: 60_000 });
  // The last iteration is drawn in the frame after the slider reaches it.
  await frames(page, 2);
  assert.equal((await lab().locator('[data-action="play"]').innerText()).trim(), 'Play');
  assert.deepEqual(await readouts(), strip(await core('random', 123456, 'lloyd', 64)));
});

test('new seed and a bad seed: a new run, or the message beside the field and the picture kept', async () => {
  await lab().locator('[data-action="new-seed"]').click();
  await settled();
  const seed = Number(await lab().locator('input[name="seed"]').inputValue());
  assert.ok(Number.isInteger(seed) && seed !== 123456);
  assert.deepEqual(await readouts(), strip(await core('random', seed, 'lloyd', 64)));
  await setControl('seed', 123456);
  const before = await readouts();
  const picture = await relax.pixels();
  await lab().locator('input[name="seed"]').fill('1.5');
  await settled();
  assert.match(await lab().locator('[data-error-for="seed"]').innerText(), /seed must be a whole number/);
  assert.deepEqual(await readouts(), before);
  assert.equal(await relax.pixels(), picture);
  await setControl('seed', 123456);
  assert.equal(await lab().locator('[data-error-for="seed"]').innerText(), '');
});

test('the menu holds the exports and Copy link; the JSON is the iteration shown', async () => {
  await method('fpo');
  await setControl('iterations', 5);
  const json = lab().locator('[data-action="export-json"]');
  assert.equal(await json.isVisible(), false, 'folded away at first');
  await lab().locator('details.lab-menu summary').click();
  for (const action of ['export-json', 'export-csv', 'copy-link']) {
    assert.equal(await lab().locator(`[data-action="${action}"]`).isVisible(), true, action);
  }
  const [file] = await Promise.all([page.waitForEvent('download'), json.click()]);
  const data = JSON.parse(await readFile(await file.path(), 'utf8'));
  const expected = await page.evaluate(([W, H, R, K]) => {
    const wasm = window.poissonWasm;
    const t = wasm.poissonDisk(W, H, R, K, 123456);
    const start = wasm.randomPoints(t.length / 3, W, H, 123456);
    return Array.from(wasm.relax(start, W, H, { method: 'fpo', iterations: 5 }));
  }, [W, H, RADIUS, K]);
  assert.deepEqual(data.points.flat(), expected);
  await lab().locator('details.lab-menu summary').click();
  await setControl('iterations', 64);
  await method('lloyd');
});

test('a link restores the method, start and iteration', async () => {
  const second = await page.context().newPage();
  try {
    await second.goto(`${session.url}#relax.method=fpo&relax.start=bridson&relax.iterations=10`);
    await second.waitForFunction(() => document.documentElement.dataset.wasm === 'ready');
    const shown = labOf(second, 'relax');
    await shown.show();
    await shown.idle({ timeout: 120_000 });
    assert.equal(await second.locator('section[data-lab="relax"] input[name="method"][value="fpo"]').isChecked(), true);
    assert.equal(await second.locator('section[data-lab="relax"] input[name="iterations"]').inputValue(), '10');
    const figures = { points: await shown.readout('points'), deltaX: await shown.readout('delta-x'), meanDeltaX: await shown.readout('mean-delta-x') };
    assert.deepEqual(figures, strip(await core('bridson', 123456, 'fpo', 10)));
  } finally {
    await second.close();
  }
});

test('at 1280 × 800 the map, method, iterations and δX fit on one screen', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await frames(page, 3);
  await relax.canvas.scrollIntoViewIfNeeded();
  const boxes = [];
  for (const css of ['canvas[data-role="map"]', 'input[name="method"][value="lloyd"]', 'input[name="method"][value="fpo"]', 'input[name="iterations"]', '[data-readout="delta-x"]']) {
    boxes.push(await lab().locator(css).boundingBox());
  }
  const top = Math.min(...boxes.map((b) => b.y));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  assert.ok(bottom - top <= 800, `they span ${bottom - top} px`);
  await page.evaluate((y) => window.scrollBy(0, y - 8), top);
  await frames(page, 2);
  await page.screenshot({ path: join(SCREENSHOTS, 'relax-1280.png') });
  await page.setViewportSize({ width: 1100, height: 900 });
});

testFitsPhone(page, 'relax');

testNoProblems(session);
