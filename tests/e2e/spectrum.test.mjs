// The spectrum lab: a point set's periodogram as an image and its radial average as a curve.
// The readouts are checked against the core (the page's own wasm exports), and blue noise
// against white: Bridson's low frequencies are far emptier than random scatter's. The lab works
// a slice per frame, so every check waits until it has settled.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, testFitsPhone, testNoProblems, useLab } from './harness.mjs';

const SETS = ['random', 'jittered', 'darts', 'bridson'];
const LABELS = { random: 'Random', jittered: 'Jittered grid', darts: 'Dart throwing', bridson: 'Bridson' };

const { session, page, section: lab, frames, busy, settled } = useLab('spectrum', { timeout: 60_000 });

/** Sets a slider or field as a reader's typing ends, and waits for the lab to settle. */
async function setValue(name, value) {
  const input = lab().locator(`input[name="${name}"]`);
  await input.fill(String(value));
  await input.dispatchEvent('input');
  await settled();
}

async function readouts() {
  const text = async (name) => (await lab().locator(`[data-readout="${name}"]`).innerText()).trim();
  const raw = { points: await text('points'), low: await text('low-frequency-power') };
  return { raw, points: Number(raw.points), low: Number(raw.low) };
}

/** The core's figures for a set, formatted as the page formats them. */
function core(set, radius, seed, maps = 8) {
  return page.evaluate(
    ([set, r, s, maps]) => {
      const job = new window.poissonWasm.SpectrumJob({ kind: set, width: 720, height: 400, radius: r, seed: s, maps, fxMax: 64, fyMax: 36 });
      const spectrum = job.finish();
      job.free();
      const out = {
        points: String(spectrum.pointCount),
        low: spectrum.lowFrequencyPower(0.5 / r).toFixed(2),
        value: spectrum.lowFrequencyPower(0.5 / r),
      };
      spectrum.free();
      return out;
    },
    [set, radius, seed, maps],
  );
}

async function choose(set) {
  await lab().getByLabel(LABELS[set], { exact: true }).check();
  await settled();
}

test('every point set: the readouts are the core’s', async () => {
  await settled();
  assert.equal(await lab().getByLabel('Bridson', { exact: true }).isChecked(), true, 'Bridson is shown first');
  for (const set of SETS) {
    await choose(set);
    const shown = await readouts();
    const reference = await core(set, 20, 123456);
    assert.equal(shown.raw.points, reference.points, set);
    assert.equal(shown.raw.low, reference.low, set);
    assert.match(shown.raw.low, /^\d+\.\d\d$/);
  }
  assert.equal(await lab().locator('[data-readout="cutoff"]').innerText(), '0.0250 / unit');
});

test('blue noise: Bridson and darts leave the low frequencies nearly empty, random does not', async () => {
  const low = {};
  for (const set of SETS) {
    await choose(set);
    low[set] = (await readouts()).low;
  }
  assert.ok(low.bridson < low.random / 3, `bridson ${low.bridson} vs random ${low.random}`);
  assert.ok(low.darts < low.random / 3, `darts ${low.darts} vs random ${low.random}`);
  assert.ok(low.random > 0.6 && low.random < 1.4, `random ${low.random} is about 1`);
  assert.ok(low.jittered > low.bridson && low.jittered < low.random, `jittered ${low.jittered}`);
  // The same holds for other seeds, straight from the core.
  for (const seed of [1, 2, 3]) {
    const b = await core('bridson', 20, seed);
    const r = await core('random', 20, seed);
    assert.ok(b.value < r.value / 3, `seed ${seed}: ${b.value} vs ${r.value}`);
  }
  await choose('bridson');
});

test('radius and seed rebuild the spectrum', async () => {
  await setValue('radius', 30);
  let shown = await readouts();
  let reference = await core('bridson', 30, 123456);
  assert.deepEqual(shown.raw, { points: reference.points, low: reference.low });
  assert.equal(await lab().locator('[data-readout="cutoff"]').innerText(), `${(0.5 / 30).toFixed(4)} / unit`);
  await setValue('radius', 20);

  await lab().locator('button[data-action="new-seed"]').click();
  await settled();
  const seed = Number(await lab().locator('input[name="seed"]').inputValue());
  assert.ok(Number.isInteger(seed) && seed !== 123456);
  shown = await readouts();
  reference = await core('bridson', 20, seed);
  assert.deepEqual(shown.raw, { points: reference.points, low: reference.low });
  await setValue('seed', 123456);
  assert.equal((await readouts()).raw.points, (await core('bridson', 20, 123456)).points);
});

test('one map or many: the average is the core’s, and smoother', async () => {
  const input = lab().locator('input[name="maps"]');
  assert.equal(await input.inputValue(), '8');
  await setValue('maps', 1);
  const one = await readouts();
  const reference = await core('bridson', 20, 123456, 1);
  assert.deepEqual(one.raw, { points: reference.points, low: reference.low });
  await setValue('maps', 8);
  const eight = await readouts();
  assert.equal(eight.raw.points, one.raw.points, 'the points shown are the first map’s');
  assert.equal(eight.raw.low, (await core('bridson', 20, 123456, 8)).low);
});

test('a bad seed shows the message and keeps the spectrum', async () => {
  const before = await readouts();
  const seed = lab().locator('input[name="seed"]');
  await seed.fill('1.5');
  await settled();
  assert.match(await lab().locator('[data-error-for="seed"]').innerText(), /seed must be a whole number/);
  assert.deepEqual(await readouts(), before);
  await seed.fill('123456');
  await settled();
  assert.equal(await lab().locator('[data-error-for="seed"]').innerText(), '');
  // A seed the core refuses (it would stick): its message, and the spectrum stays.
  await seed.fill('-2147483646');
  await settled();
  assert.match(await lab().locator('[data-error-for="seed"]').innerText(), /stick/);
  assert.deepEqual(await readouts(), before);
  await setValue('seed', 123456);
  assert.equal(await lab().locator('[data-error-for="seed"]').innerText(), '');
});

test('worked out a slice per frame: busy while working, a new request replaces the old one', async () => {
  // The heaviest settings: sixteen maps at the smallest spacing.
  await setValue('radius', 12);
  const maps = lab().locator('input[name="maps"]');
  await maps.fill('16');
  await maps.dispatchEvent('input');
  await frames();
  assert.equal(await busy(), true, 'aria-busy while averaging');
  assert.match(await lab().locator('[data-role="status"]').innerText(), /Averaging… map \d+ of 16 \(\d+ %\)|Drawing/);
  // Another set chosen before it is done: the first request is dropped, only the last one shows.
  await lab().getByLabel(LABELS.darts, { exact: true }).check();
  await settled();
  const shown = await readouts();
  const reference = await core('darts', 12, 123456, 16);
  assert.deepEqual(shown.raw, { points: reference.points, low: reference.low });
  assert.match(await lab().locator('[data-role="status"]').innerText(), /Dart throwing: 16 maps averaged/);
  await setValue('maps', 8);
  await setValue('radius', 20);
  await choose('bridson');
});

test('the picture: a dark centre for Bridson, none for random', async () => {
  // Sample the map canvas: the ring between the origin and 0.5 / r is dark for Bridson.
  const meanAround = () =>
    lab().locator('canvas[data-role="map"]').evaluate((canvas) => {
      const ctx = canvas.getContext('2d');
      const sx = canvas.width / 720;
      const sy = canvas.height / 400;
      // The spectrum is a 400-unit square in the middle; 0.5 / r = 0.025 cycles per unit is 18
      // of its 129 columns, about 56 units, from the centre: sample inside that.
      let sum = 0;
      let n = 0;
      for (const dx of [-40, -25, 25, 40]) {
        const [r, g, b] = ctx.getImageData(Math.round((360 + dx) * sx), Math.round(200 * sy), 1, 1).data;
        sum += r + g + b;
        n += 1;
      }
      return sum / n;
    });
  await choose('bridson');
  const bridson = await meanAround();
  await choose('random');
  const random = await meanAround();
  assert.ok(bridson < random, `bridson ${bridson} vs random ${random}`);
  await choose('bridson');
});

testFitsPhone(page, 'spectrum');

test('the key: in the map’s margin on a wide screen, in words under it on a phone', async () => {
  const key = lab().locator('.spectrum-key');
  // A wide map holds its key. Waited for, not read at once: the test before resizes the page,
  // and the lab moves its key on the resize observer's next report.
  await key.waitFor({ state: 'hidden' });
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await lab().scrollIntoViewIfNeeded();
    await key.waitFor({ state: 'visible' });
    assert.match(await key.innerText(), /^The centre is frequency 0\. .*Dotted: 1 \/ r, the spacing\.$/);
  } finally {
    await page.setViewportSize({ width: 1100, height: 900 });
  }
  await key.waitFor({ state: 'hidden' });
});

test('screenshots', async () => {
  await choose('bridson');
  await session.screenshotLabs(['spectrum']);
  for (const set of ['random', 'jittered']) {
    await choose(set);
    await lab().screenshot({ path: join(SCREENSHOTS, `spectrum-${set}.png`) });
  }
  await choose('bridson');
});

testNoProblems(session, { failed: true, title: 'no console or page errors' });
