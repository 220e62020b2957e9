// Permalinks and exports. A link (the URL hash) restores what a reader set up: the controls,
// the readouts and the picture on the map, in a page opened fresh at that link. The export
// buttons download the points the lab shows, written by the core: the JSON reads back to the
// same bits as the page's own wasm sampler.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { labOf, openMenuOf, SCREENSHOTS, testNoProblems, usePage } from './harness.mjs';

const { session, page } = usePage();

/** Types a value into a control and fires the events a reader's edit would. */
const setControl = (p, lab, name, value) => labOf(p, lab).set(name, value);

/** What a lab shows: its control values, its readouts (not timings) and its map's pixels. */
function snapshot(p, lab) {
  return p.evaluate((name) => {
    const section = document.querySelector(`section[data-lab="${name}"]`);
    const controls = {};
    for (const el of section.querySelectorAll('input[name], select[name]')) {
      if (el.type === 'file') continue;
      if (el.type === 'radio') {
        if (el.checked) controls[el.name] = el.value;
      } else controls[el.name] = el.type === 'checkbox' ? el.checked : el.value;
    }
    const readouts = {};
    for (const dd of section.querySelectorAll('[data-readout]')) {
      if (/time|ms$/.test(dd.dataset.readout)) continue; // measured in the page, never equal
      readouts[dd.dataset.readout] = dd.textContent;
    }
    const map = section.querySelector('canvas[data-role="map"]');
    return { controls, readouts, busy: map.getAttribute('aria-busy') === 'true', pixels: map.toDataURL() };
  }, lab);
}

/** Waits until `check()` stops throwing (the labs build and paint over several frames). */
async function eventually(check, timeout = 20_000) {
  const started = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() - started > timeout) throw error;
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

/** Sets the controls the link test moves: the Bridson lab's seed, radius and k, the
 * comparison's spacing and method, the density lab's smallest spacing and its overlay. */
async function setLinked({ seed, radius, k, spacing, method, minRadius, overlay }) {
  await setControl(page, 'bridson', 'seed', seed);
  await setControl(page, 'bridson', 'radius', radius);
  await setControl(page, 'bridson', 'k', k);
  await setControl(page, 'compare', 'spacing', spacing);
  await page.locator(`section[data-lab="compare"] input[name="method"][value="${method}"]`).check();
  await setControl(page, 'density', 'min-radius', minRadius);
  await page.locator('section[data-lab="density"] input[name="show-density"]').setChecked(overlay);
}

test('a fresh page has an empty hash', async () => {
  assert.equal(await page.evaluate(() => location.hash), '');
});

test('a link restores the controls, readouts and map of each lab', async () => {
  await setLinked({ seed: 7, radius: 30, k: 12, spacing: 20, method: 'poisson', minRadius: 12, overlay: false });

  const hash = await page.evaluate(() => location.hash);
  const entries = Object.fromEntries(new URLSearchParams(hash.slice(1)));
  assert.deepEqual(entries, {
    'bridson.seed': '7',
    'bridson.radius': '30',
    'bridson.k': '12',
    'compare.spacing': '20',
    'compare.method': 'poisson',
    'density.min-radius': '12',
    'density.show-density': '0',
  });

  const second = await page.context().newPage();
  const errors = [];
  second.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  second.on('pageerror', (e) => errors.push(String(e)));
  try {
    await second.goto(session.url + hash);
    await second.waitForFunction(() => document.documentElement.dataset.wasm === 'ready', null, { timeout: 15_000 });
    assert.equal(await second.evaluate(() => location.hash), hash, 'the restored page keeps the same hash');
    for (const lab of ['bridson', 'compare', 'density']) {
      await eventually(async () => {
        const [a, b] = [await snapshot(page, lab), await snapshot(second, lab)];
        assert.equal(a.busy || b.busy, false, `${lab} still painting`);
        assert.deepEqual(b.controls, a.controls, `${lab} controls`);
        assert.deepEqual(b.readouts, a.readouts, `${lab} readouts`);
        assert.ok(b.pixels === a.pixels, `${lab} map pixels differ`);
      });
    }
    const first = await snapshot(page, 'bridson');
    assert.equal(first.controls.seed, '7');
    assert.equal(first.controls.radius, '30');
  } finally {
    await second.close();
  }
  assert.deepEqual(errors, []);

  // Back to the defaults: the hash empties again.
  await setLinked({ seed: 123456, radius: 32, k: 30, spacing: 26, method: 'random', minRadius: 9, overlay: true });
  assert.equal(await page.evaluate(() => location.hash), '');
});

test('New seed is written to the link too', async () => {
  await page.locator('section[data-lab="tiles"] [data-action="new-seed"]').click();
  await eventually(async () => {
    const seed = await page.locator('section[data-lab="tiles"] input[name="seed"]').inputValue();
    const entries = Object.fromEntries(new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)));
    assert.equal(entries['tiles.seed'], seed);
  }, 3000);
  await setControl(page, 'tiles', 'seed', 123456);
  assert.equal(await page.evaluate(() => location.hash), '');
});

test('Copy link hands over the URL (or shows it where there is no clipboard)', async () => {
  await setControl(page, 'compare', 'spacing', 33);
  await page.evaluate(() => {
    // No clipboard here: the link must be shown instead.
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });
  const copy = page.locator('section[data-lab="compare"] [data-action="copy-link"]');
  await openMenuOf(copy);
  await copy.click();
  const shown = page.locator('section[data-lab="compare"] [data-role="share-link"]');
  // The page's own link, and then which lab to open at.
  await eventually(async () => assert.equal(await shown.innerText(), `${await page.evaluate(() => location.href)}&go=compare`));
  assert.match(await shown.innerText(), /#compare\.spacing=33&go=compare$/);
  await setControl(page, 'compare', 'spacing', 26);
});

test('a copied link opens at its lab, with its settings', async () => {
  const second = await page.context().newPage();
  try {
    await second.setViewportSize({ width: 1280, height: 800 });
    await second.goto(`${session.url}#darts.seed=9&go=darts`);
    await second.waitForFunction(() => document.documentElement.dataset.wasm === 'ready', null, { timeout: 15_000 });
    assert.equal(await second.locator('section[data-lab="darts"] input[name="seed"]').inputValue(), '9');
    // Once the page has settled, the darts lab's heading is at the top of the screen.
    await eventually(async () => {
      const top = await second.locator('section[data-lab="darts"]').evaluate((s) => s.getBoundingClientRect().top);
      assert.ok(Math.abs(top) < 40, `the darts lab starts ${top} px from the top`);
    }, 5000);
  } finally {
    await second.close();
  }
});

test("a link's refused value shows its message beside its control, as a typed one does", async () => {
  const seed = '-2147483646'; // the one seed in range that the generator refuses
  const typed = await page.evaluate(async (value) => {
    const loader = document.querySelector('script[data-bindings]');
    const wasm = await import(loader.dataset.bindings);
    try {
      new wasm.DartThrower({ width: 720, height: 400, radius: 26, misses: 500, seed: Number(value) }).free();
      return null;
    } catch (error) {
      return error.message;
    }
  }, seed);
  assert.match(typed ?? '', /^seed -2147483646 /);
  const second = await page.context().newPage();
  const errors = [];
  second.on('pageerror', (e) => errors.push(String(e)));
  try {
    // The seed first, then another control of the lab: the seed's message must stay at the seed.
    await second.goto(`${session.url}#darts.seed=${seed}&darts.misses=100`);
    await second.waitForFunction(() => document.documentElement.dataset.wasm === 'ready', null, { timeout: 15_000 });
    const darts = labOf(second, 'darts');
    await darts.section.scrollIntoViewIfNeeded();
    await eventually(async () => {
      assert.equal(await darts.locator('input[name="seed"]').inputValue(), seed);
      assert.equal(await darts.locator('input[name="misses"]').inputValue(), '100');
      assert.equal((await darts.locator('[data-error-for="seed"]').textContent()).trim(), typed);
      assert.equal(await darts.locator('input[name="seed"]').getAttribute('aria-invalid'), 'true');
    }, 10_000);
    // Nowhere else in the lab.
    const others = await darts.section.evaluate((section) =>
      [...section.querySelectorAll('[data-error-for]:not([data-error-for="seed"])')].map((s) => s.textContent.trim()).filter(Boolean),
    );
    assert.deepEqual(others, []);
    // The lab as a reader sees it: artifacts/screenshots/darts-seed-error.png.
    await mkdir(SCREENSHOTS, { recursive: true });
    await darts.section.screenshot({ path: join(SCREENSHOTS, 'darts-seed-error.png') });
  } finally {
    await second.close();
  }
  assert.deepEqual(errors, []);
});

test('every lab has the export buttons and Copy link, folded the one way: in its one menu', async () => {
  const labs = await page.evaluate(() =>
    [...document.querySelectorAll('section[data-lab]')].map((s) => ({
      lab: s.dataset.lab,
      menus: s.querySelectorAll('details.lab-menu').length,
      // In the menu (www/lib/lab.js, secondaryActions), and anywhere in the lab.
      inMenu: [...s.querySelectorAll('details.lab-menu [data-role="menu"] button[data-action]')].map((b) => b.dataset.action),
      all: [...s.querySelectorAll('button[data-action]')].map((b) => b.dataset.action),
    })),
  );
  assert.equal(labs.length, 16);
  for (const { lab, menus, inMenu, all } of labs) {
    assert.equal(menus, 1, `${lab} has one menu`);
    for (const action of ['export-json', 'export-csv', 'copy-link']) {
      assert.ok(inMenu.includes(action), `${lab} has ${action} in its menu`);
      assert.equal(all.filter((a) => a === action).length, 1, `${lab} has one ${action}`);
    }
  }
});

async function download(lab, action) {
  const button = page.locator(`section[data-lab="${lab}"] [data-action="${action}"]`);
  // Every lab folds its exports into its menu: a reader opens it first.
  await openMenuOf(button);
  // Now and then (about one run in ten, late in a run of a dozen downloads from one page)
  // headless Chromium starts no download for a click whose handler ran without an error: the
  // button is focused, the lab's export status stays empty. A reader would click again, and so
  // does this helper, at most twice more, saying so.
  for (let attempt = 1; ; attempt++) {
    try {
      const [file] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), button.click()]);
      if (attempt > 1) console.log(`${lab} ${action}: the download started on click ${attempt}`);
      return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
    } catch (error) {
      const status = await page.locator(`section[data-lab="${lab}"] .export-status`).innerText();
      if (attempt >= 3 || !/Timeout/.test(error.message) || status !== '') throw error;
    }
  }
}

test('Bridson points as JSON and CSV equal the wasm sampler bit for bit', async () => {
  await setControl(page, 'bridson', 'seed', 123456);
  await setControl(page, 'bridson', 'radius', 24);
  await setControl(page, 'bridson', 'k', 30);
  await page.locator('section[data-lab="bridson"] [data-action="finish"]').click();
  await eventually(async () => {
    assert.equal(await page.locator('section[data-lab="bridson"] [data-readout="points"]').innerText(), '315');
  });

  const reference = await page.evaluate(async () => {
    const loader = document.querySelector('script[data-bindings]');
    const wasm = await import(loader.dataset.bindings);
    return Array.from(wasm.poissonDisk(720, 400, 24, 30, 123456));
  });
  assert.equal(reference.length, 315 * 3);

  const json = await download('bridson', 'export-json');
  assert.equal(json.name, 'poisson-bridson-123456.json');
  const data = JSON.parse(json.text);
  assert.equal(data.width, 720);
  assert.equal(data.height, 400);
  assert.equal(data.points.length, 315);
  const bits = (values) => values.map((v) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, v);
    return view.getBigUint64(0);
  });
  assert.deepEqual(bits(data.points.flat()), bits(reference));

  const csv = await download('bridson', 'export-csv');
  assert.equal(csv.name, 'poisson-bridson-123456.csv');
  const lines = csv.text.trimEnd().split('\n');
  assert.equal(lines.length, 316);
  assert.equal(lines[0], 'x,y,r');
  assert.deepEqual(bits(lines.slice(1).flatMap((l) => l.split(',').map(Number))), bits(reference));

  // A two-number set: the compare lab's method on the map.
  const compare = await download('compare', 'export-csv');
  assert.equal(compare.name, 'poisson-compare-123456.csv');
  assert.equal(compare.text.split('\n')[0], 'x,y');

  // Restore the defaults for whoever reads the hash next.
  await setControl(page, 'bridson', 'radius', 32);
});

test('every lab exports the points it shows as valid JSON', async () => {
  const labs = await page.evaluate(() => [...document.querySelectorAll('section[data-lab]')].map((s) => s.dataset.lab));
  for (const lab of labs) {
    await page.locator(`section[data-lab="${lab}"]`).scrollIntoViewIfNeeded();
    // The darts lab starts with an empty map: throw them all first.
    if (lab === 'darts') await page.locator('section[data-lab="darts"] [data-action="finish"]').click();
    // Some labs build or paint over a few frames (the world waits until it is in view).
    await eventually(async () => {
      const count = await page.evaluate((name) => {
        const { points } = document.querySelector(`section[data-lab="${name}"]`).exportPoints();
        return Array.isArray(points) ? points.reduce((n, a) => n + a.length, 0) : points.length;
      }, lab);
      assert.ok(count > 0, `${lab} shows some points`);
    });
    const { name, text } = await download(lab, 'export-json').catch((error) => {
      throw new Error(`${lab}: ${error.message}`);
    });
    assert.match(name, new RegExp(`^poisson-${lab}-\\d+\\.json$`));
    const data = JSON.parse(text);
    assert.ok(data.width > 0 && data.height > 0, `${lab} map size`);
    assert.ok(data.points.length > 0, `${lab} exports some points`);
    assert.ok(data.points.every((p) => (p.length === 2 || p.length === 3) && p.every(Number.isFinite)), `${lab} rows`);
    assert.equal(await page.locator(`section[data-lab="${lab}"] .export-status`).innerText(), '');
  }
  await session.screenshotLabs(['bridson', 'compare']);
});

testNoProblems(session, { failed: true, title: 'no console errors or page errors' });
