// The comparison lab: random, jittered and Poisson scatter on one map, with a table row per
// method. The figures are checked against the core itself (the page's own wasm exports) and
// against what each method promises.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, frames, labOf, testFitsPhone, testNoProblems, usePage } from './harness.mjs';

const { session, page } = usePage({ wasm: true, ready: () => compare.show() });
const compare = labOf(page, 'compare');
const lab = () => compare.section;


/** The number of points Bridson's algorithm places on the lab's map (the core, via wasm). */
function poissonCount(spacing, seed) {
  return page.evaluate(
    ([r, s]) => window.poissonWasm.poissonDisk(720, 400, r, 30, s).length / 3,
    [spacing, seed],
  );
}

async function row(method) {
  const cells = lab().locator(`tr[data-method="${method}"]`);
  const text = async (name) => (await cells.locator(`[data-readout="${name}"]`).innerText()).trim();
  return {
    trees: Number(await text('trees')),
    tooClose: Number(await text('too-close')),
    tightest: Number(await text('tightest')),
    clearing: Number(await text('clearing')),
    raw: [await text('trees'), await text('too-close'), await text('tightest'), await text('clearing')],
  };
}

async function setSpacing(value) {
  await compare.set('spacing', value);
  await compare.idle();
}

test('the defaults: Poisson never too close, random is; same tree count as the core', async () => {
  const random = await row('random');
  const jittered = await row('jittered');
  const poisson = await row('poisson');
  // Counts are bare integers, distances one decimal.
  for (const r of [random, jittered, poisson]) {
    assert.match(r.raw[0], /^\d+$/);
    assert.match(r.raw[1], /^\d+$/);
    assert.match(r.raw[2], /^\d+\.\d$/);
    assert.match(r.raw[3], /^\d+\.\d$/);
  }
  const reference = await poissonCount(26, 123456);
  assert.equal(poisson.trees, reference);
  assert.equal(random.trees, poisson.trees);
  assert.ok(jittered.trees <= poisson.trees && jittered.trees > 0.8 * poisson.trees);
  assert.equal(poisson.tooClose, 0);
  assert.ok(random.tooClose > 0, 'random scatter has pairs closer than the spacing');
  assert.ok(poisson.tightest >= 26, `Poisson's closest pair (${poisson.tightest}) keeps the spacing`);
  assert.ok(random.tightest < poisson.tightest);
  // Random leaves the widest hole.
  assert.ok(random.clearing > poisson.clearing);
  // The readouts match the core's Comparison for the same inputs.
  const core = await page.evaluate(() => {
    const wasm = window.poissonWasm;
    const c = new wasm.CompareJob(720, 400, 26, 123456).finish();
    const out = {};
    for (const m of ['random', 'jittered', 'poisson']) {
      out[m] = {
        trees: c.count(m),
        tooClose: c.tooClose(m).length / 2,
        tightest: c.tightest(m)[2].toFixed(1),
        clearing: (2 * c.clearing(m)[2]).toFixed(1),
      };
    }
    c.free();
    return out;
  });
  for (const [m, r] of [['random', random], ['jittered', jittered], ['poisson', poisson]]) {
    assert.deepEqual(r.raw, [String(core[m].trees), String(core[m].tooClose), core[m].tightest, core[m].clearing], m);
  }
  assert.equal(await lab().locator('input[name="seed"]').inputValue(), '123456');
  assert.equal(await lab().locator('input[name="spacing"]').inputValue(), '26');
});

test('the method picker shows one method at a time', async () => {
  await lab().getByLabel('Jittered grid').check();
  assert.equal(await lab().locator('tr[data-method="jittered"]').getAttribute('class'), 'is-shown');
  await lab().locator('tr[data-method="poisson"]').click();
  assert.equal(await lab().getByLabel('Poisson disk').isChecked(), true);
  assert.equal(await lab().locator('tr.is-shown').count(), 1);
  await lab().getByLabel('Random').check();
});

test('changing the spacing changes the counts', async () => {
  const before26 = await row('poisson');
  await setSpacing(40);
  assert.equal(await lab().locator('input[name="spacing"] ~ output').innerText(), '40');
  const poisson = await row('poisson');
  const random = await row('random');
  assert.notEqual(poisson.trees, before26.trees);
  assert.ok(poisson.trees < before26.trees, 'wider spacing, fewer trees');
  const reference = await poissonCount(40, 123456);
  assert.equal(poisson.trees, reference);
  assert.equal(random.trees, reference);
  assert.equal(poisson.tooClose, 0);
  assert.ok(poisson.tightest >= 40);
  await setSpacing(26);
  assert.equal((await row('poisson')).trees, before26.trees);
});

/** Pixels of the map within `tolerance` of colour `[r, g, b]` in every channel. */
function pixelsNear(rgb, tolerance = 24) {
  return compare.canvas.evaluate(
    (canvas, [rgb, tolerance]) => {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - rgb[0]) <= tolerance && Math.abs(data[i + 1] - rgb[1]) <= tolerance && Math.abs(data[i + 2] - rgb[2]) <= tolerance) n++;
      }
      return n;
    },
    [rgb, tolerance],
  );
}

test('the closest pair is violet, unlike the red "too close" rings, on the map and in the legend', async () => {
  const RED = [198, 40, 40];
  const VIOLET = [123, 31, 162];
  // Far apart in colour: no channel tolerance could mistake one for the other.
  assert.ok(RED.reduce((d, c, i) => d + Math.abs(c - VIOLET[i]), 0) > 150);
  await lab().getByLabel('Poisson disk').check();
  await compare.idle();
  assert.equal(await pixelsNear(RED), 0, 'Poisson: no red ring anywhere');
  assert.ok((await pixelsNear(VIOLET)) > 20, 'Poisson: its closest pair is marked in violet');
  await lab().getByLabel('Random').check();
  await compare.idle();
  assert.ok((await pixelsNear(RED)) > 100, 'random: red rings');
  assert.ok((await pixelsNear(VIOLET)) > 20, 'random: the closest pair in violet beside them');
  const swatches = await page.evaluate(() => {
    const css = (sel, prop) => getComputedStyle(document.querySelector(`section[data-lab="compare"] ${sel}`))[prop];
    return { tightest: css('.swatch-tightest', 'backgroundColor'), crowded: css('.swatch-crowded', 'borderTopColor') };
  });
  assert.deepEqual(swatches, { tightest: 'rgb(123, 31, 162)', crowded: 'rgb(198, 40, 40)' });
});

test('show gaps only redraws: the picture changes, the table stays', async () => {
  const before = await row('random');
  const shown = await compare.pixels();
  await lab().locator('input[name="show-gaps"]').uncheck();
  await compare.idle();
  const bare = await compare.pixels();
  assert.notEqual(bare, shown, 'without the gaps the map is drawn again, differently');
  assert.deepEqual(await row('random'), before);
  await lab().locator('input[name="show-gaps"]').check();
  await compare.idle();
  assert.equal(await compare.pixels(), shown, 'with the gaps back, the same picture as before');
  assert.deepEqual(await row('random'), before);
});

test('a bad spacing or seed shows the message and keeps the table', async () => {
  const before = await row('poisson');
  // A range input clamps what a reader can drag; force a 0 past its minimum, as a script could.
  await lab().locator('input[name="spacing"]').evaluate((input) => {
    input.min = '0';
    input.value = '0';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  // The comparison is made in the next frame: that is when the core refuses it.
  await frames(page, 2);
  const spacingError = lab().locator('[data-error-for="spacing"]');
  assert.match(await spacingError.innerText(), /greater than 0/);
  assert.deepEqual(await row('poisson'), before);
  await lab().locator('input[name="spacing"]').evaluate((input) => (input.min = '10'));
  await setSpacing(26);
  assert.equal(await spacingError.innerText(), '');

  const seed = lab().locator('input[name="seed"]');
  await seed.fill('99999999999');
  await frames(page, 2);
  const seedError = lab().locator('[data-error-for="seed"]');
  assert.notEqual((await seedError.innerText()).trim(), '');
  assert.deepEqual(await row('poisson'), before);
  await seed.fill('');
  assert.match(await seedError.innerText(), /number/i);
  assert.deepEqual(await row('poisson'), before);
  await seed.fill('123456');
  await compare.idle();
  assert.equal(await seedError.innerText(), '');
  assert.deepEqual(await row('poisson'), before);
});

test('new seed scatters a new map', async () => {
  const before = await row('random');
  await lab().locator('button[data-action="new-seed"]').click();
  await compare.idle();
  const seed = Number(await lab().locator('input[name="seed"]').inputValue());
  assert.ok(Number.isInteger(seed) && seed !== 123456);
  const after = await row('random');
  assert.notDeepEqual(after.raw, before.raw);
  const reference = await poissonCount(26, seed);
  assert.equal((await row('poisson')).trees, reference);
  assert.equal((await row('poisson')).tooClose, 0);
  await lab().locator('input[name="seed"]').fill('123456');
  await compare.idle();
});

testFitsPhone(page, 'compare');

test('screenshots of each method', async () => {
  await lab().getByLabel('Jittered grid').check();
  await compare.idle();
  await session.screenshotLabs(['compare']);
  // A copy under a name of its own, which a full-page run's screenshots do not overwrite.
  await lab().screenshot({ path: join(SCREENSHOTS, 'compare-jittered.png') });
  await lab().getByLabel('Poisson disk').check();
  await compare.idle();
  await lab().locator('canvas[data-role="map"]').screenshot({ path: join(SCREENSHOTS, 'compare-poisson-map.png') });
  await lab().getByLabel('Random').check();
  await compare.idle();
  await lab().locator('canvas[data-role="map"]').screenshot({ path: join(SCREENSHOTS, 'compare-random-map.png') });
});

testNoProblems(session, { title: 'no console or page errors' });
