// The hero forest and the Bridson step-by-step lab, driven as a reader drives them.
// Reference values (seed 123456, 720 × 400, r = 24, k = 30): 315 points in 629 steps.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage } from './harness.mjs';

let session;
let page;

before(async () => {
  session = await openPage();
  page = session.page;
  await session.waitForWasm();
});

after(async () => {
  await session?.close();
});

const lab = (name) => page.locator(`section[data-lab="${name}"]`);
const bridson = () => lab('bridson');

async function readout(section, name) {
  return (await section.locator(`[data-readout="${name}"]`).innerText()).trim();
}

async function count(section, name) {
  const text = await readout(section, name);
  assert.match(text, /^\d+$/, `${name} readout is a bare integer, got "${text}"`);
  return Number(text);
}

/** Waits until the readout's text satisfies `ok`. */
async function waitForReadout(labName, name, ok, timeout = 10_000) {
  const started = Date.now();
  for (;;) {
    const text = await readout(lab(labName), name);
    if (ok(text)) return text;
    if (Date.now() - started > timeout) {
      throw new Error(`${labName} readout ${name} stuck at "${text}"`);
    }
    await page.waitForTimeout(50);
  }
}

/** Types a value into a control and fires the events a reader's typing would. */
async function setControl(section, name, value) {
  const input = section.locator(`[name="${name}"]`);
  await input.fill(String(value));
  await input.dispatchEvent('input');
  await input.dispatchEvent('change');
}

async function click(section, action) {
  await section.locator(`[data-action="${action}"]`).click();
}

async function finishBridson() {
  await click(bridson(), 'finish');
  await waitForReadout('bridson', 'active', (t) => t === '0');
}

test('the hero forest grows, stops, and regrows from a click', async () => {
  const hero = lab('hero');
  const canvas = hero.locator('canvas[data-role="map"]');
  const first = await count(hero, 'points');
  await page.waitForTimeout(600);
  const later = await count(hero, 'points');
  assert.ok(later > first, `the forest grows (${first} → ${later})`);

  // Growing is flagged with aria-busy; when it ends the readout holds still.
  await page.waitForFunction(
    () => !document.querySelector('section[data-lab="hero"] canvas').hasAttribute('aria-busy'),
    null,
    { timeout: 15_000 },
  );
  const full = await count(hero, 'points');
  assert.ok(full > 300, `a full header forest, got ${full}`);
  await page.waitForTimeout(200);
  assert.equal(await count(hero, 'points'), full, 'the hero stops when the forest is full');
  await session.screenshotLabs(['hero']);

  const box = await canvas.boundingBox();
  await page.mouse.click(box.x + box.width * 0.1, box.y + box.height * 0.5);
  const restarted = await count(hero, 'points');
  assert.ok(restarted < full / 2, `a click starts a new forest (${restarted} trees just after)`);
  assert.ok(restarted >= 1, 'the clicked spot holds the first tree');
  assert.equal(await canvas.getAttribute('aria-busy'), 'true');
  await page.waitForTimeout(400);
  assert.ok((await count(hero, 'points')) > restarted, 'the new forest grows');
});

test('Bridson: Finish gives the reference result, 315 points in 2N − 1 = 629 steps', async () => {
  const section = bridson();
  await section.scrollIntoViewIfNeeded();
  await setControl(section, 'seed', 123456);
  await setControl(section, 'radius', 24);
  await setControl(section, 'k', 30);
  await finishBridson();
  assert.equal(await count(section, 'points'), 315);
  assert.equal(await count(section, 'steps'), 629);
  assert.equal(await count(section, 'active'), 0);
  assert.equal(await count(section, 'retired'), 315);
  assert.match(await readout(section, 'accept-rate'), /^\d+\.\d %$/);
  assert.match(await section.locator('.readout-note').innerText(), /2N − 1 = 629/);
});

test('Bridson: Reset, then three Steps', async () => {
  const section = bridson();
  await click(section, 'reset');
  await waitForReadout('bridson', 'steps', (t) => t === '0');
  assert.equal(await count(section, 'points'), 1);
  for (let i = 0; i < 3; i++) await click(section, 'step');
  assert.equal(await count(section, 'steps'), 3);
  const points = await count(section, 'points');
  const retired = await count(section, 'retired');
  assert.equal(points - 1 + retired, 3, 'each step placed or retired one point');
  await session.screenshotLabs(['bridson']);
});

test('Bridson: k = 1 leaves holes (fewer points than k = 30)', async () => {
  const section = bridson();
  await setControl(section, 'k', 1);
  await finishBridson();
  const sparse = await count(section, 'points');
  assert.equal(await count(section, 'steps'), 2 * sparse - 1);
  await setControl(section, 'k', 30);
  await finishBridson();
  assert.equal(await count(section, 'points'), 315);
  assert.ok(sparse < 315 * 0.9, `k = 1 gives clearly fewer points (${sparse} vs 315)`);
});

test('Bridson: Play runs and pauses; clicking the map starts from that spot', async () => {
  const section = bridson();
  await click(section, 'reset');
  const play = section.locator('[data-action="play"]');
  await play.click();
  assert.equal(await play.innerText(), 'Pause');
  await waitForReadout('bridson', 'steps', (t) => Number(t) > 20);
  await play.click();
  assert.equal(await play.innerText(), 'Play');
  const paused = await count(section, 'steps');
  await page.waitForTimeout(200);
  assert.equal(await count(section, 'steps'), paused, 'Pause stops the steps');

  const canvas = section.locator('canvas[data-role="map"]');
  const box = await canvas.boundingBox();
  const fx = 0.25;
  const fy = 0.7;
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
  await waitForReadout('bridson', 'steps', (t) => t === '0');
  assert.equal(await count(section, 'points'), 1);
  const [x, y] = (await readout(section, 'start')).split(',').map(Number);
  assert.ok(Math.abs(x - 720 * fx) < 2, `first point x ${x} near the click`);
  assert.ok(Math.abs(y - 400 * fy) < 2, `first point y ${y} near the click`);

  for (let i = 0; i < 5; i++) await click(section, 'step');
  assert.equal(await count(section, 'steps'), 5);
  await session.screenshotLabs(['bridson']);
  const start = await readout(section, 'start');
  await finishBridson();
  const n = await count(section, 'points');
  assert.equal(await count(section, 'steps'), 2 * n - 1);
  assert.equal(await readout(section, 'start'), start, 'the first point stays where the click put it');
});

test('Bridson: a bad seed shows a message and keeps the last picture', async () => {
  const section = bridson();
  await click(section, 'reset');
  await finishBridson();
  const before = {};
  for (const name of ['points', 'active', 'retired', 'steps', 'accept-rate', 'start']) {
    before[name] = await readout(section, name);
  }
  const error = section.locator('[data-error-for="seed"]');

  await setControl(section, 'seed', '1e12');
  assert.notEqual((await error.innerText()).trim(), '', 'a seed beyond 32 bits is refused');
  await setControl(section, 'seed', '');
  assert.match(await error.innerText(), /number/i, 'an empty seed asks for a number');
  for (const [name, value] of Object.entries(before)) {
    assert.equal(await readout(section, name), value, `${name} keeps its value`);
  }

  await setControl(section, 'seed', 123456);
  assert.equal((await error.innerText()).trim(), '', 'a good seed clears the message');
  await finishBridson();
  assert.equal(await count(section, 'points'), 315);
});

test('Bridson: New seed draws a fresh seed and restarts', async () => {
  const section = bridson();
  await click(section, 'new-seed');
  await waitForReadout('bridson', 'steps', (t) => t === '0');
  const seed = await section.locator('[name="seed"]').inputValue();
  assert.match(seed, /^-?\d+$/);
  assert.equal(await count(section, 'points'), 1);
  assert.equal(await count(section, 'steps'), 0);
  await setControl(section, 'seed', 123456);
});

test('with reduced motion, the hero and Play finish at once', async () => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    const hero = lab('hero');
    const canvas = hero.locator('canvas[data-role="map"]');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
    assert.ok((await count(hero, 'points')) > 300, 'the whole forest appears at once');
    assert.equal(await canvas.getAttribute('aria-busy'), null, 'nothing animates');

    const section = bridson();
    await click(section, 'reset');
    await waitForReadout('bridson', 'steps', (t) => t === '0');
    await click(section, 'play');
    await waitForReadout('bridson', 'active', (t) => t === '0');
    assert.equal(await count(section, 'points'), 315);
    assert.equal(await section.locator('[data-action="play"]').innerText(), 'Play');
  } finally {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  }
});

test('no console errors or page errors', async () => {
  assert.deepEqual(session.problems.pageErrors, []);
  assert.deepEqual(session.problems.consoleErrors, []);
  assert.deepEqual(session.problems.externalRequests, []);
  assert.equal(await page.locator('[data-role="panic"]').isHidden(), true);
});
