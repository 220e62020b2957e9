// The tiles lab: one tile drawn 2 × 2 with its seams audited. With wrap on, no pair comes closer
// than r across a seam and the closest pair on the torus is at least r apart; with wrap off,
// plain Bridson crowds the seams. Every figure is checked against the core's own `TileSet`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { frames as framesOf, labOf, testNoProblems, usePage } from './harness.mjs';

const { session, page } = usePage({ wasm: true, ready: () => tiles.show() });
const tiles = labOf(page, 'tiles');
const lab = () => tiles.section;


const frames = () => framesOf(page, 2);

async function readouts() {
  const text = async (name) => (await lab().locator(`[data-readout="${name}"]`).innerText()).trim();
  return {
    points: Number(await text('points')),
    minDistance: Number(await text('min-distance')),
    violations: Number(await text('seam-violations')),
  };
}

function core(radius, seed, wrap) {
  return page.evaluate(
    ([r, s, w]) => {
      const t = new window.poissonWasm.TileSet({ width: 360, height: 200, radius: r, k: 30, seed: s, wrap: w });
      const out = { points: t.pointCount, minDistance: t.minDistance, violations: t.seamViolations };
      t.free();
      return out;
    },
    [radius, seed, wrap],
  );
}

async function setRange(name, value) {
  const input = lab().locator(`input[name="${name}"]`);
  await input.fill(String(value));
  await input.dispatchEvent('input');
  await frames();
}

test('the wrapped tile keeps its spacing across every seam', async () => {
  assert.equal(await lab().locator('input[name="seed"]').inputValue(), '123456');
  assert.equal(await lab().locator('input[name="wrap"]').isChecked(), true);
  const shown = await readouts();
  const expected = await core(20, 123456, true);
  assert.equal(shown.points, expected.points);
  assert.equal(shown.violations, 0);
  assert.ok(shown.minDistance >= 20, `min distance ${shown.minDistance}`);
  assert.equal(shown.minDistance.toFixed(1), expected.minDistance.toFixed(1));
});

test('plain Bridson crowds the seams for the default seed', async () => {
  await lab().locator('input[name="wrap"]').uncheck();
  await frames();
  const shown = await readouts();
  const expected = await core(20, 123456, false);
  assert.ok(shown.violations > 0, 'plain Bridson should crowd a seam');
  assert.equal(shown.violations, expected.violations);
  assert.equal(shown.points, expected.points);
  assert.ok(shown.minDistance < 20, `min distance ${shown.minDistance}`);
  await session.screenshotLabs(['tiles']);
  const { rename } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { SCREENSHOTS } = await import('./harness.mjs');
  await rename(join(SCREENSHOTS, 'tiles.png'), join(SCREENSHOTS, 'tiles-plain.png'));

  await lab().locator('input[name="wrap"]').check();
  await frames();
  assert.equal((await readouts()).violations, 0);
});

test('any radius and seed: wrapped stays clean', async () => {
  for (const r of [9, 33, 50]) {
    await setRange('radius', r);
    const shown = await readouts();
    assert.equal(shown.violations, 0, `radius ${r}`);
    assert.ok(shown.minDistance >= r, `radius ${r}: min distance ${shown.minDistance}`);
    assert.equal(shown.points, (await core(r, 123456, true)).points);
  }
  await lab().locator('button[data-action="new-seed"]').click();
  await frames();
  const seed = Number(await lab().locator('input[name="seed"]').inputValue());
  assert.notEqual(seed, 123456);
  const shown = await readouts();
  assert.equal(shown.violations, 0);
  assert.equal(shown.points, (await core(50, seed, true)).points);
  // Back to the defaults for the screenshot.
  await lab().locator('input[name="seed"]').fill('123456');
  await lab().locator('input[name="seed"]').dispatchEvent('input');
  await setRange('radius', 20);
  await session.screenshotLabs(['tiles']);
});

testNoProblems(session, { failed: true, title: 'no console errors or page errors' });
