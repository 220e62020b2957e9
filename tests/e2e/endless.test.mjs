// The endless lab: drag the world away and back, and the chunk under the centre shows the same
// points (same fingerprint, same pixels), even after the world has forgotten and rebuilt it.
// The fingerprint is checked against the core, visiting chunks in another order. A new view is
// built a few chunks per frame (aria-busy on the map meanwhile): each check waits until it is
// complete, and the points in view are compared with the core's one-call pointsIn.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { rename } from 'node:fs/promises';
import { SCREENSHOTS, frames as framesOf, labOf, testNoProblems, usePage } from './harness.mjs';

const { session, page } = usePage({ wasm: true, ready: () => endless.show() });
const endless = labOf(page, 'endless');
const lab = () => endless.section;
const canvas = () => endless.canvas;


const frames = () => framesOf(page, 2);
/** Two frames, then until the view is complete: every chunk in it built and drawn. */
const ready = () => endless.idle();
const text = endless.readout;
const pixels = endless.pixels;

/** Drags the map by (dx, dy) CSS pixels, in small moves as a hand would. */
async function drag(dx, dy) {
  const box = await canvas().boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
  await ready();
}

test('the view starts at the origin with the core’s chunk', async () => {
  await canvas().scrollIntoViewIfNeeded();
  await ready();
  assert.equal(await text('position'), '0, 0');
  assert.equal(await text('centre-chunk'), '0, 0');
  assert.ok(Number(await text('points')) > 100);
  // The same chunk, built by a world that visits other chunks first and remembers only one.
  const expected = await page.evaluate(() => {
    const w = new window.poissonWasm.ChunkedWorld({ chunkSize: 120, radius: 14, k: 30, seed: 123456, capacity: 1 });
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

  const box = await canvas().boundingBox();
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
  await canvas().focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await ready();
  assert.equal(await text('position'), '40, 40');
  await page.keyboard.press('Shift+ArrowLeft');
  await ready();
  assert.equal(await text('position'), '-160, 40');
  assert.equal(await text('centre-chunk'), '-2, 0');
  await lab().locator('button[data-action="reset"]').click();
  await ready();
  assert.equal(await text('position'), '0, 0');
  assert.equal(await pixels(), image);
});

test('show chunks, radius and seed', async () => {
  const chunks = lab().locator('input[name="show-chunks"]');
  assert.equal(await chunks.isChecked(), true);
  await chunks.uncheck();
  await ready();
  await session.screenshotLabs(['endless']);
  await rename(join(SCREENSHOTS, 'endless.png'), join(SCREENSHOTS, 'endless-plain.png'));
  await chunks.check();
  await ready();

  const hash = await text('chunk-hash');
  const radius = lab().locator('input[name="radius"]');
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

  await lab().locator('button[data-action="new-seed"]').click();
  await ready();
  assert.notEqual(await text('chunk-hash'), hash);
  await lab().locator('input[name="seed"]').fill('123456');
  await lab().locator('input[name="seed"]').dispatchEvent('input');
  await ready();
  assert.equal(await text('chunk-hash'), hash);
  await drag(-90, -40);
  await session.screenshotLabs(['endless']);
});

test('a far jump at the smallest radius fills in over several frames, then shows the core’s points', async () => {
  const radius = lab().locator('input[name="radius"]');
  await radius.fill('6');
  await radius.dispatchEvent('input');
  await ready();
  // Ten Shift+→ in one go (a held key): one far jump of 2000 units, not ten short ones each
  // given frames to catch up.
  await canvas().evaluate((map) => {
    for (let i = 0; i < 10; i++) {
      map.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', shiftKey: true, bubbles: true }));
    }
  });
  await frames();
  // Dozens of chunks of a few hundred points each: not one frame's work.
  assert.equal(await canvas().getAttribute('aria-busy'), 'true');
  assert.match(await lab().locator('[data-role="status"]').innerText(), /^Building chunks, phase by phase… \d+ %$/);
  await ready();
  assert.equal((await lab().locator('[data-role="status"]').innerText()).trim(), '');
  const [x, y] = (await text('position')).split(', ').map(Number);
  const seed = Number(await lab().locator('input[name="seed"]').inputValue());
  const expected = await page.evaluate(
    ([x, y, seed]) => {
      const w = new window.poissonWasm.ChunkedWorld({ chunkSize: 120, radius: 6, k: 30, seed, capacity: 96 });
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

testNoProblems(session, { failed: true, title: 'no console errors or page errors' });
