// The page builds, loads its wasm under the strict CSP, and holds every lab.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LABS, frames, usePage } from './harness.mjs';

// A high-DPI screen, so the canvas sizing is tested where it matters.
const { session } = usePage({ deviceScaleFactor: 2 });

test('every lab has its section, a heading and one map canvas', async () => {
  const { page } = session;
  const found = await page.$$eval('section[data-lab]', (sections) =>
    sections.map((s) => ({
      name: s.dataset.lab,
      headings: s.querySelectorAll('h1, h2').length,
      maps: s.querySelectorAll('canvas[data-role="map"]').length,
    })),
  );
  assert.deepEqual(
    found.map((s) => s.name),
    LABS,
  );
  for (const section of found) {
    assert.equal(section.headings, 1, `${section.name} has one heading`);
    assert.equal(section.maps, 1, `${section.name} has one map canvas`);
  }
});

test('the wasm module is initialised and answers', async () => {
  const { page } = session;
  const version = await page.locator('[data-role="crate-version"]').innerText();
  assert.match(version, /^v\d+\.\d+\.\d+/);
});

test('map canvases are sized for the device pixel ratio', async () => {
  const { page } = session;
  const sizes = await page.$$eval('canvas[data-role="map"]', (canvases) =>
    canvases.map((c) => ({
      cssWidth: c.getBoundingClientRect().width,
      pixels: c.width,
      ratio: window.devicePixelRatio,
    })),
  );
  for (const { cssWidth, pixels, ratio } of sizes) {
    assert.ok(cssWidth > 0, 'canvas is visible');
    assert.equal(ratio, 2);
    assert.equal(pixels, Math.round(cssWidth * ratio));
  }
});

test('every radio group has exactly one choice checked, in every lab', async () => {
  // Radios group by name per form: two labs that both call their radios "method" must not
  // uncheck each other (they once did, leaving the comparison lab with no method selected).
  const groups = await session.page.$$eval('input[type="radio"]', (radios) => {
    const byGroup = new Map();
    for (const radio of radios) {
      const lab = radio.closest('section[data-lab]')?.dataset.lab ?? '?';
      const key = `${lab}/${radio.form ? radio.form.className || 'form' : 'document'}/${radio.name}`;
      byGroup.set(key, (byGroup.get(key) ?? 0) + (radio.checked ? 1 : 0));
    }
    return [...byGroup.entries()];
  });
  assert.ok(groups.length > 0, 'the page has radio groups');
  for (const [group, checked] of groups) assert.equal(checked, 1, `${group}: ${checked} checked`);
});

test('no console errors, page errors, failed or external requests, and no panic banner', async () => {
  const { page, problems } = session;
  await session.screenshotLabs();
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.failedRequests, []);
  assert.deepEqual(problems.externalRequests, []);
  assert.equal(await page.locator('[data-role="panic"]').isHidden(), true);
});

test('an uncaught error shows in the panic banner', async () => {
  const { page } = session;
  await page.evaluate(() => setTimeout(() => { throw new Error('test failure'); }));
  const banner = page.locator('[data-role="panic"]');
  await banner.waitFor({ state: 'visible' });
  assert.match(await banner.innerText(), /test failure/);
});

test('a lab whose module does not load says so in its place, and the console says why', async () => {
  const page = await session.page.context().newPage();
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  // A syntax error in one lab's module, as a broken edit would leave it.
  await page.route('**/www/labs/tiles.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'export function mount(section, wasm {\n' }),
  );
  try {
    await page.goto(session.url);
    await page.waitForFunction(() => document.documentElement.dataset.wasm === 'ready', null, { timeout: 15_000 });
    const alert = page.locator('section[data-lab="tiles"] [role="alert"]');
    assert.equal(await alert.isVisible(), true, 'a visible error in the lab');
    await alert.scrollIntoViewIfNeeded();
    await frames(page, 2); // laid out once in view (style.css)
    assert.match(await alert.innerText(), /tiles lab could not start/);
    assert.ok(errors.some((e) => /tiles lab could not start/.test(e) && /SyntaxError|Unexpected/.test(e)), errors.join(' | '));
    // The other labs start as usual.
    assert.equal(await page.locator('section[data-lab]:not([data-lab="tiles"]) [role="alert"]').count(), 0);
    await page.locator('section[data-lab="hero"] [data-readout="points"]').filter({ hasText: /^\d+$/ }).waitFor();
  } finally {
    await page.close();
  }
});
