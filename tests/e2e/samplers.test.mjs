// The samplers lab: four samplers on one map and the fast sampler for games, a table row per
// sampler. The figures are checked against the core itself (the page's own wasm exports) and
// against what each sampler promises.
// The lab samples and paints a slice per frame, so every check waits until it has settled.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, testFitsPhone, testNoProblems, useLab } from './harness.mjs';

const METHODS = ['classic', 'parent-cone', 'roberts', 'maximal'];
/** Every row of the table: the four on the map, then the fast sampler (no k). */
const ROWS = [...METHODS, 'fast'];

const { session, page, section: lab, frames, busy, settled } = useLab('samplers', { timeout: 60_000 });

/** Every row's readouts, as text and as numbers. */
async function table() {
  const out = {};
  for (const m of ROWS) {
    const cells = lab().locator(`tr[data-method="${m}"]`);
    const text = async (name) => (await cells.locator(`[data-readout="${name}"]`).innerText()).trim();
    const raw = {
      points: await text('points'),
      coverage: await text('coverage'),
      perPoint: await text('candidates-per-point'),
      time: await text('time-ms'),
    };
    out[m] = {
      raw,
      points: Number(raw.points),
      coverage: parseFloat(raw.coverage) / 100,
      perPoint: Number(raw.perPoint),
      time: Number(raw.time),
    };
  }
  return out;
}

/** What the core says for the same inputs, formatted as the page formats it. */
function core(radius, k, seed) {
  return page.evaluate(
    ([methods, r, k, s]) => {
      const out = {};
      for (const m of methods) {
        const wasm = window.poissonWasm;
        const job =
          m === 'fast'
            ? new wasm.FastSampler(720, 400, r, s)
            : new wasm.SamplerJob({ method: m, width: 720, height: 400, radius: r, k, seed: s });
        const run = job.finish();
        job.free();
        out[m] = {
          points: String(run.pointCount),
          coverage: `${(run.coverage * 100).toFixed(1)} %`,
          perPoint: run.candidatesPerPoint.toFixed(1),
          share: run.coverage,
        };
        run.free();
      }
      return out;
    },
    [ROWS, radius, k, seed],
  );
}

async function setRange(name, value) {
  const input = lab().locator(`input[name="${name}"]`);
  await input.fill(String(value));
  await input.dispatchEvent('input');
  await settled();
}

function assertMatchesCore(rows, reference) {
  for (const m of ROWS) {
    assert.equal(rows[m].raw.points, reference[m].points, `${m} points`);
    assert.equal(rows[m].raw.coverage, reference[m].coverage, `${m} coverage`);
    assert.equal(rows[m].raw.perPoint, reference[m].perPoint, `${m} candidates per point`);
    assert.match(rows[m].raw.points, /^\d+$/);
    assert.match(rows[m].raw.time, /^\d+\.\d$/);
  }
}

test('the defaults: the table is the core’s, and the samplers rank as promised', async () => {
  await settled();
  assert.equal(await lab().locator('input[name="seed"]').inputValue(), '123456');
  assert.equal(await lab().locator('input[name="radius"]').inputValue(), '20');
  assert.equal(await lab().locator('input[name="k"]').inputValue(), '30');
  const rows = await table();
  const reference = await core(20, 30, 123456);
  assertMatchesCore(rows, reference);
  // The values the core's own tests pin for this map.
  assert.deepEqual(
    METHODS.map((m) => rows[m].points),
    [462, 514, 661, 663],
  );
  // Maximal covers the most; the improved samplers beat the classic one.
  const share = (m) => reference[m].share;
  for (const m of ['classic', 'parent-cone', 'roberts']) assert.ok(share('maximal') >= share(m), m);
  assert.ok(share('parent-cone') > share('classic'));
  assert.ok(share('roberts') > share('parent-cone'));
  // Coverage sits between nothing and hexagonal packing; every run took some time.
  for (const m of ROWS) {
    assert.ok(rows[m].coverage > 0.3 && rows[m].coverage < 0.9069, m);
    assert.ok(rows[m].time >= 0 && rows[m].perPoint > 1, m);
  }
  assert.equal(await lab().locator('[data-readout="exponent"]').innerText(), '-4.50');
});

test('the fast sampler’s row: fuller than classic Bridson, 16 candidates a point, spacing kept', async () => {
  await settled();
  const rows = await table();
  assert.ok(rows.fast.coverage >= rows.classic.coverage, `fast ${rows.fast.raw.coverage}, classic ${rows.classic.raw.coverage}`);
  assert.equal(rows.fast.raw.perPoint, '16.0');
  // The row's points are fastPoisson's, and no two of them are closer than r (every pair).
  const { count, closest } = await page.evaluate(() => {
    const xy = window.poissonWasm.fastPoisson(720, 400, 20, 123456);
    let closest = Infinity;
    for (let i = 0; i < xy.length; i += 2) {
      for (let j = i + 2; j < xy.length; j += 2) {
        closest = Math.min(closest, Math.hypot(xy[i] - xy[j], xy[i + 1] - xy[j + 1]));
      }
    }
    return { count: xy.length / 2, closest };
  });
  assert.equal(rows.fast.points, count);
  assert.ok(closest >= 20, `closest pair ${closest}`);
  // It takes no k: its row stays as it is when k changes.
  await setRange('k', 5);
  assert.deepEqual({ ...(await table()).fast.raw, time: '' }, { ...rows.fast.raw, time: '' });
  await setRange('k', 30);
});

test('radius and k rerun all five samplers', async () => {
  await setRange('radius', 30);
  await setRange('k', 5);
  assert.equal(await lab().locator('input[name="k"] ~ output').innerText(), '5');
  const rows = await table();
  assertMatchesCore(rows, await core(30, 5, 123456));
  const share = (m) => rows[m].coverage;
  assert.ok(share('maximal') >= Math.max(share('classic'), share('parent-cone'), share('roberts')));
  assert.equal(await lab().locator('[data-readout="exponent"]').innerText(), (-1.4 - 17 / Math.sqrt(5)).toFixed(2));
  await setRange('radius', 20);
  await setRange('k', 30);
  assert.equal((await table()).classic.points, 462);
});

test('new seed: new maps, maximal still on top', async () => {
  for (let i = 0; i < 3; i += 1) {
    await lab().locator('button[data-action="new-seed"]').click();
    await settled();
    const seed = Number(await lab().locator('input[name="seed"]').inputValue());
    assert.ok(Number.isInteger(seed) && seed !== 123456);
    const rows = await table();
    const reference = await core(20, 30, seed);
    assertMatchesCore(rows, reference);
    for (const m of ['classic', 'parent-cone', 'roberts']) {
      assert.ok(reference.maximal.share >= reference[m].share, `seed ${seed}: ${m}`);
    }
  }
  await lab().locator('input[name="seed"]').fill('123456');
  await settled();
  assert.equal((await table()).roberts.points, 661);
});

test('a bad k or seed shows the message and keeps the table', async () => {
  const before = await table();
  await lab().locator('input[name="k"]').evaluate((input) => {
    input.min = '0';
    input.value = '0';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settled();
  assert.match(await lab().locator('[data-error-for="k"]').innerText(), /k must be (between|from) 1/);
  assert.deepEqual(await table(), before);
  await lab().locator('input[name="k"]').evaluate((input) => (input.min = '1'));
  await setRange('k', 30);
  assert.equal(await lab().locator('[data-error-for="k"]').innerText(), '');

  const seed = lab().locator('input[name="seed"]');
  await seed.fill('-2147483646');
  await settled();
  assert.match(await lab().locator('[data-error-for="seed"]').innerText(), /stick/);
  const after = await table();
  for (const m of METHODS) assert.equal(after[m].raw.points, before[m].raw.points);
  await seed.fill('123456');
  await settled();
  assert.equal(await lab().locator('[data-error-for="seed"]').innerText(), '');
});

test('sampled a slice per frame: busy while working, a new request replaces the old one', async () => {
  // The heaviest settings: the lab is busy for several frames and says what it is doing.
  const radius = lab().locator('input[name="radius"]');
  await radius.fill('8');
  await radius.dispatchEvent('input');
  await frames();
  assert.equal(await busy(), true, 'aria-busy while sampling');
  assert.match(await lab().locator('[data-role="status"]').innerText(), /Sampling… .+ \(\d of 5\)|Painting/);
  // Changed again before it is done: the first request is dropped, and only the last one shows.
  await lab().locator('input[name="k"]').fill('60');
  await lab().locator('input[name="k"]').dispatchEvent('input');
  await frames();
  await radius.fill('12');
  await radius.dispatchEvent('input');
  await settled();
  const rows = await table();
  assertMatchesCore(rows, await core(12, 60, 123456));
  assert.match(await lab().locator('[data-role="status"]').innerText(), /Done: five samplers in \d+ ms/);
  // Each method's time is the sum of its slices: positive, and the five add up to the status's.
  const total = Number((await lab().locator('[data-role="status"]').innerText()).match(/in (\d+) ms/)[1]);
  const sum = ROWS.reduce((a, m) => a + rows[m].time, 0);
  assert.ok(ROWS.every((m) => rows[m].time > 0), JSON.stringify(rows));
  assert.ok(Math.abs(sum - total) <= 1, `times ${sum} vs status ${total}`);
  await setRange('radius', 20);
  await setRange('k', 30);
  assert.equal((await table()).classic.points, 462);
});

testFitsPhone(page, 'samplers');

test('on a phone the chart grows taller so every label and tick stays inside it', async () => {
  const chart = lab().locator('canvas[data-role="chart"]');
  /** The chart's shape, and how far its lowest drawn (not white) pixel row is from its bottom. */
  const measure = () =>
    chart.evaluate((canvas) => {
      const { width, height } = canvas;
      const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
      let lowest = -1;
      for (let y = height - 1; y >= 0 && lowest < 0; y--) {
        for (let x = 0; x < width; x++) {
          const i = 4 * (y * width + x);
          if (data[i] < 240 || data[i + 1] < 240 || data[i + 2] < 240) {
            lowest = y;
            break;
          }
        }
      }
      const box = canvas.getBoundingClientRect();
      return { aspect: box.height / box.width, margin: height - 1 - lowest, height };
    });
  // Measured on screen: a lab far off screen is not laid out (content-visibility).
  await lab().scrollIntoViewIfNeeded();
  await frames(3);
  const wide = await measure();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await lab().scrollIntoViewIfNeeded();
    await page.waitForFunction(
      ([css, aspect]) => {
        const box = document.querySelector(css).getBoundingClientRect();
        return box.height / box.width > aspect * 1.2;
      },
      ['section[data-lab="samplers"] canvas[data-role="chart"]', wide.aspect],
    );
    await frames(3);
    const narrow = await measure();
    assert.ok(narrow.aspect > wide.aspect * 1.2, `taller on a phone (${wide.aspect} → ${narrow.aspect})`);
    // The tick labels under the axis are the lowest ink: a clear margin below them means none
    // is cut off.
    assert.ok(narrow.margin > 2, `blank rows under the last label: ${narrow.margin}`);
    assert.ok(wide.margin > 2, `and on a wide screen: ${wide.margin}`);
    await chart.screenshot({ path: join(SCREENSHOTS, 'samplers-chart-phone.png') });
  } finally {
    await page.setViewportSize({ width: 1100, height: 900 });
  }
});

test('screenshot', async () => {
  await frames();
  await session.screenshotLabs(['samplers']);
  await lab().locator('canvas[data-role="map"]').screenshot({ path: join(SCREENSHOTS, 'samplers-map.png') });
});

testNoProblems(session, { failed: true, title: 'no console or page errors' });
