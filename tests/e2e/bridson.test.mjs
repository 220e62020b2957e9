// The hero forest and the Bridson step-by-step lab, driven as a reader drives them.
// Reference values (seed 123456, 720 × 400, r = 24, k = 30): 315 points in 629 steps.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labOf, testNoProblems, usePage } from './harness.mjs';

const { session, page } = usePage({ wasm: true });
const hero = labOf(page, 'hero');
const bridson = labOf(page, 'bridson');

async function finishBridson() {
  await bridson.click('finish');
  await bridson.waitForReadout('active', (t) => t === '0');
}

test('the hero forest grows, stops, and regrows from a click', async () => {
  const canvas = hero.canvas;
  const first = await hero.count('points');
  await page.waitForTimeout(600);
  const later = await hero.count('points');
  assert.ok(later > first, `the forest grows (${first} → ${later})`);

  // Growing is flagged with aria-busy; when it ends the readout holds still.
  await page.waitForFunction(
    () => !document.querySelector('section[data-lab="hero"] canvas').hasAttribute('aria-busy'),
    null,
    { timeout: 15_000 },
  );
  const full = await hero.count('points');
  assert.ok(full > 300, `a full header forest, got ${full}`);
  await page.waitForTimeout(200);
  assert.equal(await hero.count('points'), full, 'the hero stops when the forest is full');
  await session.screenshotLabs(['hero']);

  const box = await canvas.boundingBox();
  await page.mouse.click(box.x + box.width * 0.1, box.y + box.height * 0.5);
  const restarted = await hero.count('points');
  assert.ok(restarted < full / 2, `a click starts a new forest (${restarted} trees just after)`);
  assert.ok(restarted >= 1, 'the clicked spot holds the first tree');
  assert.equal(await canvas.getAttribute('aria-busy'), 'true');
  await page.waitForTimeout(400);
  assert.ok((await hero.count('points')) > restarted, 'the new forest grows');
});

test('Bridson: Finish gives the reference result, 315 points in 2N − 1 = 629 steps', async () => {
  const section = bridson.section;
  await section.scrollIntoViewIfNeeded();
  await bridson.set('seed', 123456);
  await bridson.set('radius', 24);
  await bridson.set('k', 30);
  await finishBridson();
  assert.equal(await bridson.count('points'), 315);
  assert.equal(await bridson.count('steps'), 629);
  assert.equal(await bridson.count('active'), 0);
  assert.equal(await bridson.count('retired'), 315);
  assert.match(await bridson.readout('accept-rate'), /^\d+\.\d %$/);
  assert.match(await section.locator('.readout-note').innerText(), /2N − 1 = 629/);
});

test('Bridson: the recent accept rate starts at 1 and ends at 0, beside the running total', async () => {
  await bridson.section.scrollIntoViewIfNeeded();
  await bridson.set('seed', 123456);
  await bridson.set('radius', 32);
  await bridson.set('k', 30);
  await bridson.click('reset');
  const rate = async (name) => parseFloat(await bridson.readout(name));
  // Both come from the core: the history's counts, seen through the bindings.
  const core = (steps) =>
    page.evaluate((steps) => {
      const h = new window.poissonWasm.History({ width: 720, height: 400, radius: 32, k: 30, seed: 123456 });
      h.startRandom();
      h.finish();
      h.seek(steps);
      const out = { recent: h.recentAcceptRate(20), total: h.acceptRate, end: h.totalSteps };
      h.free();
      return out;
    }, steps);
  for (let i = 0; i < 5; i++) await bridson.click('step');
  const early = await core(5);
  assert.equal(await bridson.readout('accept-rate-recent'), `${(early.recent * 100).toFixed(1)} %`);
  assert.equal(early.recent, 1, 'the first steps each place a point with their first candidate');
  await finishBridson();
  const late = await core(early.end);
  assert.equal(await bridson.readout('accept-rate-recent'), `${(late.recent * 100).toFixed(1)} %`);
  assert.equal(await bridson.readout('accept-rate'), `${(late.total * 100).toFixed(1)} %`);
  assert.equal(late.recent, 0, 'the last steps only retire points');
  assert.ok((await rate('accept-rate-recent')) < (await rate('accept-rate')), 'the recent window shows what the total hides');
  await bridson.set('radius', 24);
});

test('Bridson: Play starts slow enough to watch the front, and Speed still speeds it up', async () => {
  await bridson.section.scrollIntoViewIfNeeded();
  await bridson.set('seed', 123456);
  await bridson.set('radius', 32);
  await bridson.click('reset');
  assert.equal(await bridson.locator('[name="speed"]').inputValue(), '2');
  const steps = () => bridson.count('steps');
  await bridson.click('play');
  await page.waitForTimeout(1000);
  const slow = await steps();
  const total = await page.evaluate(() => {
    const h = new window.poissonWasm.History({ width: 720, height: 400, radius: 32, k: 30, seed: 123456 });
    h.startRandom();
    h.finish();
    const n = h.totalSteps;
    h.free();
    return n;
  });
  // The slow start: the first 30 steps go one every six frames at this speed (about ten a
  // second at 60 frames per second), so after a second the run is still in them.
  assert.ok(slow > 0 && slow <= 30, `after 1 s, ${slow} of ${total} steps`);
  await bridson.click('play');
  await bridson.set('speed', 200);
  await bridson.click('play');
  await bridson.waitForReadout('active', (t) => t === '0');
  assert.equal(await steps(), total);
  await bridson.set('speed', 2);
  await bridson.set('radius', 24);
});

test('Bridson: the map, Step, the recent accept rate and the time plot share one screen, on a phone too', async () => {
  const { section } = bridson;
  const boxes = () =>
    section.evaluate((lab) => {
      lab.querySelector('canvas[data-role="map"]').scrollIntoView({ block: 'start' });
      const box = (el) => {
        const r = el.getBoundingClientRect();
        return { top: Math.round(r.top), bottom: Math.round(r.bottom), width: Math.round(r.width) };
      };
      return {
        map: box(lab.querySelector('canvas[data-role="map"]')),
        step: box(lab.querySelector('[data-action="step"]')),
        finish: box(lab.querySelector('[data-action="finish"]')),
        rate: box(lab.querySelector('[data-readout="accept-rate-recent"]')),
        plot: box(lab.querySelector('canvas[data-role="timeline"]')),
        scrubber: box(lab.querySelector('input[name="at-step"]')),
        viewport: innerHeight,
      };
    });
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    const wide = await boxes();
    for (const name of ['map', 'step', 'finish', 'rate', 'plot', 'scrubber']) {
      assert.ok(wide[name].top >= 0 && wide[name].bottom <= wide.viewport, `1280 × 800: ${name} on screen (${JSON.stringify(wide[name])})`);
    }
    assert.ok(wide.map.width >= 700, `the map is drawn near its own size (${wide.map.width} px wide)`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    const phone = await boxes();
    for (const name of ['map', 'step', 'finish', 'rate']) {
      assert.ok(phone[name].top >= 0 && phone[name].bottom <= phone.viewport, `390 × 844: ${name} on screen (${JSON.stringify(phone[name])})`);
    }
  } finally {
    await page.setViewportSize({ width: 1100, height: 900 });
  }
});

test('Bridson: the time plot follows the run, and pressing it goes to that step', async () => {
  await bridson.section.scrollIntoViewIfNeeded();
  await bridson.set('seed', 123456);
  await bridson.set('radius', 32);
  await bridson.click('reset');
  await finishBridson();
  const total = await bridson.count('steps');
  const plot = bridson.section.locator('canvas[data-role="timeline"]');
  const box = await plot.boundingBox();
  // The plot's left margin is 46 of its 720 units, its right one 8: the middle of the run is
  // at (46 + (720 − 54) / 2) / 720 of its width.
  await plot.click({ position: { x: (box.width * (46 + 333)) / 720, y: box.height / 2 } });
  await bridson.waitForReadout('steps', (t) => Math.abs(Number(t) - total / 2) <= total * 0.02);
  assert.equal(await bridson.locator('input[name="at-step"]').inputValue(), await bridson.readout('steps'));
  // The plot is drawn: the accept-rate line's colour is on it.
  const drawn = await plot.evaluate((canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let rate = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] > 150 && data[i + 1] < 60 && data[i + 2] > 60 && data[i + 2] < 130) rate += 1;
    return rate;
  });
  assert.ok(drawn > 50, `the accept-rate line shows (${drawn} pixels)`);
  await bridson.set('radius', 24);
});

test('Bridson: Reset, then three Steps', async () => {
  const section = bridson.section;
  await bridson.click('reset');
  await bridson.waitForReadout('steps', (t) => t === '0');
  assert.equal(await bridson.count('points'), 1);
  for (let i = 0; i < 3; i++) await bridson.click('step');
  assert.equal(await bridson.count('steps'), 3);
  const points = await bridson.count('points');
  const retired = await bridson.count('retired');
  assert.equal(points - 1 + retired, 3, 'each step placed or retired one point');
  await session.screenshotLabs(['bridson']);
});

test('Bridson: a slider input starts the run without running it, even on the biggest map', async () => {
  await bridson.section.scrollIntoViewIfNeeded();
  await bridson.set('seed', 123456);
  await bridson.set('k', 60);
  await bridson.set('radius', 32);
  await bridson.waitForReadout('steps', (t) => t === '0');
  // The input's own task: a new history and its first point, no stepping (the core records
  // the run afterwards, a slice per frame). Timed in the page, where the handler runs.
  const ms = await page.evaluate(() => {
    const input = document.querySelector('section[data-lab="bridson"] input[name="radius"]');
    input.value = '8';
    const t0 = performance.now();
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return performance.now() - t0;
  });
  assert.ok(ms < 16, `the input returned within a frame (${ms.toFixed(1)} ms)`);
  // What the bindings do on that input steps nothing: the record starts empty.
  const started = await page.evaluate(() => {
    const h = new window.poissonWasm.History({ width: 720, height: 400, radius: 8, k: 60, seed: 123456 });
    h.startRandom();
    const out = { recorded: h.recorded, total: h.totalSteps, steps: h.steps };
    h.free();
    return out;
  });
  assert.deepEqual([started.recorded, started.steps], [0, 0]);
  assert.ok(Number.isNaN(started.total), 'the total is not known before the run is recorded');
  // Finish waits for the record, then shows the end.
  await finishBridson();
  const n = await bridson.count('points');
  assert.ok(n > 2000, `a full map at r = 8 (${n} points)`);
  assert.equal(await bridson.count('steps'), 2 * n - 1);
  await bridson.set('k', 30);
  await bridson.set('radius', 24);
});

test('Bridson: k = 1 leaves holes (fewer points than k = 30)', async () => {
  const section = bridson.section;
  await bridson.set('k', 1);
  await finishBridson();
  const sparse = await bridson.count('points');
  assert.equal(await bridson.count('steps'), 2 * sparse - 1);
  await bridson.set('k', 30);
  await finishBridson();
  assert.equal(await bridson.count('points'), 315);
  assert.ok(sparse < 315 * 0.9, `k = 1 gives clearly fewer points (${sparse} vs 315)`);
});

test('Bridson: Play runs and pauses; clicking the map starts from that spot', async () => {
  const section = bridson.section;
  await bridson.click('reset');
  const play = section.locator('[data-action="play"]');
  await play.click();
  assert.equal(await play.innerText(), 'Pause');
  await bridson.waitForReadout('steps', (t) => Number(t) > 20);
  await play.click();
  assert.equal(await play.innerText(), 'Play');
  const paused = await bridson.count('steps');
  await page.waitForTimeout(200);
  assert.equal(await bridson.count('steps'), paused, 'Pause stops the steps');

  const canvas = section.locator('canvas[data-role="map"]');
  const box = await canvas.boundingBox();
  const fx = 0.25;
  const fy = 0.7;
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
  await bridson.waitForReadout('steps', (t) => t === '0');
  assert.equal(await bridson.count('points'), 1);
  const [x, y] = (await bridson.readout('start')).split(',').map(Number);
  assert.ok(Math.abs(x - 720 * fx) < 2, `first point x ${x} near the click`);
  assert.ok(Math.abs(y - 400 * fy) < 2, `first point y ${y} near the click`);

  for (let i = 0; i < 5; i++) await bridson.click('step');
  assert.equal(await bridson.count('steps'), 5);
  await session.screenshotLabs(['bridson']);
  const start = await bridson.readout('start');
  await finishBridson();
  const n = await bridson.count('points');
  assert.equal(await bridson.count('steps'), 2 * n - 1);
  assert.equal(await bridson.readout('start'), start, 'the first point stays where the click put it');
});

test('Bridson: a bad seed shows a message and keeps the last picture', async () => {
  const section = bridson.section;
  await bridson.click('reset');
  await finishBridson();
  const before = {};
  for (const name of ['points', 'active', 'retired', 'steps', 'accept-rate', 'start']) {
    before[name] = await bridson.readout(name);
  }
  const error = section.locator('[data-error-for="seed"]');

  await bridson.set('seed', '1e12');
  assert.notEqual((await error.innerText()).trim(), '', 'a seed beyond 32 bits is refused');
  await bridson.set('seed', '');
  assert.match(await error.innerText(), /number/i, 'an empty seed asks for a number');
  for (const [name, value] of Object.entries(before)) {
    assert.equal(await bridson.readout(name), value, `${name} keeps its value`);
  }

  await bridson.set('seed', 123456);
  assert.equal((await error.innerText()).trim(), '', 'a good seed clears the message');
  await finishBridson();
  assert.equal(await bridson.count('points'), 315);
});

test('Bridson: New seed draws a fresh seed and restarts', async () => {
  const section = bridson.section;
  await bridson.click('new-seed');
  await bridson.waitForReadout('steps', (t) => t === '0');
  const seed = await section.locator('[name="seed"]').inputValue();
  assert.match(seed, /^-?\d+$/);
  assert.equal(await bridson.count('points'), 1);
  assert.equal(await bridson.count('steps'), 0);
  await bridson.set('seed', 123456);
});

test('with reduced motion, the hero and Play finish at once', async () => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    const canvas = hero.canvas;
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
    assert.ok((await hero.count('points')) > 300, 'the whole forest appears at once');
    assert.equal(await canvas.getAttribute('aria-busy'), null, 'nothing animates');

    const section = bridson.section;
    await bridson.click('reset');
    await bridson.waitForReadout('steps', (t) => t === '0');
    await bridson.click('play');
    await bridson.waitForReadout('active', (t) => t === '0');
    assert.equal(await bridson.count('points'), 315);
    assert.equal(await section.locator('[data-action="play"]').innerText(), 'Play');
  } finally {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  }
});

testNoProblems(session, { title: 'no console errors or page errors' });
