// The endless lab: drag the world away and back, and the chunk under the centre shows the same
// points (same fingerprint, same pixels), even after the world has forgotten and rebuilt it.
// The fingerprint is checked against the core, visiting chunks in another order. A new view is
// built a few chunks per frame (aria-busy on the map meanwhile): each check waits until it is
// complete, and the points in view are compared with the core's one-call pointsIn.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage } from './harness.mjs';

let session;
let lab;
let canvas;

before(async () => {
  session = await openPage();
  await session.waitForWasm();
  lab = session.page.locator('section[data-lab="endless"]');
  canvas = lab.locator('canvas[data-role="map"]');
  await lab.locator('[data-readout="chunks"]').filter({ hasText: /^\d+$/ }).waitFor();
  await ready();
  await session.page.evaluate(async () => {
    const loader = document.querySelector('script[data-bindings]');
    window.poissonWasm = await import(loader.dataset.bindings);
  });
});

after(async () => {
  await session?.close();
});

const frames = () =>
  session.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Two frames, then until the view is complete: every chunk in it built and drawn. */
async function ready() {
  await frames();
  await session.page.waitForFunction(
    () => !document.querySelector('section[data-lab="endless"] canvas[data-role="map"]').hasAttribute('aria-busy'),
    null,
    { timeout: 30_000, polling: 'raf' },
  );
}

const text = async (name) => (await lab.locator(`[data-readout="${name}"]`).innerText()).trim();
const pixels = () => canvas.evaluate((c) => c.toDataURL());

/** Drags the map by (dx, dy) CSS pixels, in small moves as a hand would. */
async function drag(dx, dy) {
  const box = await canvas.boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await session.page.mouse.move(x, y);
  await session.page.mouse.down();
  await session.page.mouse.move(x + dx, y + dy, { steps: 8 });
  await session.page.mouse.up();
  await ready();
}

test('the view starts at the origin with the core’s chunk', async () => {
  await canvas.scrollIntoViewIfNeeded();
  await ready();
  assert.equal(await text('position'), '0, 0');
  assert.equal(await text('centre-chunk'), '0, 0');
  assert.ok(Number(await text('points')) > 100);
  // The same chunk, built by a world that visits other chunks first and remembers only one.
  const expected = await session.page.evaluate(() => {
    const w = new window.poissonWasm.EndlessWorld(120, 14, 30, 123456, 1);
    for (const [x, y] of [[9, -4], [1, 1], [-1, 0], [0, -1]]) w.chunk(x, y);
    const d = w.chunkDigest(0, 0);
    w.free();
    return d;
  });
  assert.equal(await text('chunk-hash'), expected);
});

test('drag far east and back: the same points, rebuilt after being forgotten', async () => {
  await ready();
  const before = { hash: await text('chunk-hash'), image: await pixels() };
  const generated0 = Number(await text('chunks'));

  const box = await canvas.boundingBox();
  const scale = box.width / 720; // CSS pixels per world unit
  const step = Math.round(240 * scale); // about two chunks per drag
  for (let i = 0; i < 8; i++) await drag(-step, 0);
  const [east] = (await text('position')).split(', ').map(Number);
  assert.ok(east > 1500, `panned to ${east}`);
  const generatedFar = Number(await text('chunks'));
  assert.ok(generatedFar > generated0, 'panning generates chunks');
  assert.ok(Number(await text('cached')) <= 100, 'the cache stays bounded');
  assert.notEqual(await text('chunk-hash'), before.hash);

  for (let i = 0; i < 8; i++) await drag(step, 0);
  assert.equal(await text('position'), '0, 0');
  assert.ok(Number(await text('chunks')) > generatedFar, 'the forgotten chunks were built again');
  assert.equal(await text('chunk-hash'), before.hash);
  assert.equal(await pixels(), before.image, 'the view after returning is pixel for pixel the same');
});

test('arrow keys pan and Reset view returns', async () => {
  const image = await pixels();
  await canvas.focus();
  await session.page.keyboard.press('ArrowRight');
  await session.page.keyboard.press('ArrowDown');
  await ready();
  assert.equal(await text('position'), '40, 40');
  await session.page.keyboard.press('Shift+ArrowLeft');
  await ready();
  assert.equal(await text('position'), '-160, 40');
  assert.equal(await text('centre-chunk'), '-2, 0');
  await lab.locator('button[data-action="reset"]').click();
  await ready();
  assert.equal(await text('position'), '0, 0');
  assert.equal(await pixels(), image);
});

test('show chunks, radius and seed', async () => {
  const chunks = lab.locator('input[name="show-chunks"]');
  assert.equal(await chunks.isChecked(), true);
  await chunks.uncheck();
  await ready();
  await session.screenshotLabs(['endless']);
  const { rename } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { SCREENSHOTS } = await import('./harness.mjs');
  await rename(join(SCREENSHOTS, 'endless.png'), join(SCREENSHOTS, 'endless-plain.png'));
  await chunks.check();
  await ready();

  const hash = await text('chunk-hash');
  const radius = lab.locator('input[name="radius"]');
  await radius.fill('24');
  await radius.dispatchEvent('input');
  await ready();
  assert.notEqual(await text('chunk-hash'), hash);
  const fewer = Number(await text('points'));
  await radius.fill('14');
  await radius.dispatchEvent('input');
  await ready();
  assert.equal(await text('chunk-hash'), hash, 'the same seed and radius give the same world again');
  assert.ok(Number(await text('points')) > fewer);

  await lab.locator('button[data-action="new-seed"]').click();
  await ready();
  assert.notEqual(await text('chunk-hash'), hash);
  await lab.locator('input[name="seed"]').fill('123456');
  await lab.locator('input[name="seed"]').dispatchEvent('input');
  await ready();
  assert.equal(await text('chunk-hash'), hash);
  await drag(-90, -40);
  await session.screenshotLabs(['endless']);
});

test('a far jump at the smallest radius fills in over several frames, then shows the core’s points', async () => {
  const radius = lab.locator('input[name="radius"]');
  await radius.fill('6');
  await radius.dispatchEvent('input');
  await ready();
  await canvas.focus();
  // Ten Shift+→ in one go: one far jump, not ten short ones each given frames to catch up (the
  // core builds a chunk fast enough to keep up with key presses one round trip apart).
  await canvas.evaluate((c) => {
    for (let i = 0; i < 10; i++) {
      c.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', shiftKey: true, bubbles: true }));
    }
  });
  await frames();
  // Dozens of chunks of a few hundred points each: not one frame's work.
  assert.equal(await canvas.getAttribute('aria-busy'), 'true');
  assert.match(await lab.locator('[data-role="status"]').innerText(), /^Building chunks, phase by phase… \d+ %$/);
  await ready();
  assert.equal((await lab.locator('[data-role="status"]').innerText()).trim(), '');
  const [x, y] = (await text('position')).split(', ').map(Number);
  const seed = Number(await lab.locator('input[name="seed"]').inputValue());
  const expected = await session.page.evaluate(
    ([x, y, seed]) => {
      const w = new window.poissonWasm.EndlessWorld(120, 6, 30, seed, 96);
      const points = w.pointsIn(x - 360, y - 200, 720, 400).length / 2;
      const digest = w.chunkDigest(w.chunkX(x), w.chunkY(y));
      w.free();
      return { points, digest };
    },
    [x, y, seed],
  );
  assert.equal(Number(await text('points')), expected.points);
  assert.equal(await text('chunk-hash'), expected.digest);
});

test('no console errors or page errors', () => {
  assert.deepEqual(session.problems.pageErrors, []);
  assert.deepEqual(session.problems.consoleErrors, []);
  assert.deepEqual(session.problems.failedRequests, []);
});
