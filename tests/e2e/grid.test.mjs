// The background grid lab, driven as a reader drives it: hover the map, click free and taken
// spots, move the probe with the keyboard, drag the radius, type a bad seed. Each readout is
// checked against the core's own answer (`Grid.probe` on the same map, built in the page).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labOf, openPage, testNoProblems, usePage } from './harness.mjs';

const W = 720;
const H = 400;
const { session, page } = usePage({ viewport: { width: 1100, height: 1400 }, ready: () => grid.show() });
const grid = labOf(page, 'grid');
const section = () => grid.section;
const canvas = () => grid.canvas;


/** The integer readout `name` of the grid lab. */
const readout = grid.count;

/**
 * Where the mouse must go for map point (x, y), rounded to whole CSS pixels, and the map point
 * that pixel really stands for (the same sum the lab's pointer code does).
 */
async function pixelFor(x, y) {
  const box = await canvas().boundingBox();
  const px = Math.round(box.x + (x / W) * box.width);
  const py = Math.round(box.y + (y / H) * box.height);
  const map = await canvas().evaluate(
    (el, [cx, cy, w, h]) => {
      const b = el.getBoundingClientRect();
      return { x: ((cx - b.left) / b.width) * w, y: ((cy - b.top) / b.height) * h };
    },
    [px, py, W, H],
  );
  return { px, py, map };
}

/**
 * Asks the core, in the page, about a fresh map with the lab's parameters: its points, cell
 * side, and the probe at each of `spots` (after adding `added` points, as the reader did).
 */
async function reference({ radius = 44, seed = 123456, spots = [], added = [] } = {}) {
  return page.evaluate(
    async ({ radius, seed, spots, added, W, H }) => {
      const script = document.querySelector('script[data-bindings]');
      const bindings = await import(script.dataset.bindings);
      const { KEEP, readProbe } = await import('/www/labs/grid.js');
      const lab = new bindings.Grid({ width: W, height: H, radius, seed, keep: KEEP });
      try {
        for (const [x, y] of added) lab.add(x, y);
        const probes = spots.map(([x, y]) => {
          const p = readProbe(lab.probe(x, y));
          return {
            free: p.free,
            checked: p.neighbours.length,
            conflicts: p.neighbours.filter((n) => n.conflict).length,
            cells: (p.colEnd - p.colStart + 1) * (p.rowEnd - p.rowStart + 1),
          };
        });
        const points = Array.from(lab.points());
        return { points, count: lab.pointCount, cell: lab.cellSize, probes };
      } finally {
        lab.free();
      }
    },
    { radius, seed, spots, added, W, H },
  );
}

/**
 * A spot on a lattice, moved by `shift`, where the reader's untouched map is free and the probe
 * still finds neighbours (so the picture has lines to look at), away from the edges.
 */
async function freeSpot(shift = [0, 0]) {
  const spots = [];
  for (let y = 60; y <= 340; y += 10) for (let x = 60; x <= 660; x += 10) spots.push([x, y]);
  const shifted = spots.map(([x, y]) => [x + shift[0], y + shift[1]]);
  const ref = await reference({ spots: shifted });
  const i = ref.probes.findIndex((p) => p.free && p.checked > 0);
  assert.ok(i >= 0, 'the partly filled map has room to add a point');
  return spots[i];
}

test('hovering the map probes that spot: checked, conflicts and cells match the core', async () => {
  for (const [x, y] of [[200, 150], [505, 290], [30, 370]]) {
    const { px, py, map } = await pixelFor(x, y);
    await page.mouse.move(px, py);
    const [ref] = (await reference({ spots: [[map.x, map.y]] })).probes;
    const checked = await readout('checked');
    assert.ok(checked >= 0);
    assert.equal(checked, ref.checked, `checked at (${x}, ${y})`);
    assert.equal(await readout('conflicts'), ref.conflicts);
    assert.equal(await readout('cells-searched'), ref.cells);
    assert.ok(ref.cells <= 25, 'the search never leaves a 5 × 5 block');
    const total = await readout('points');
    assert.match(
      await section().locator('[data-role="summary"]').innerText(),
      new RegExp(`checked ${checked} of ${total} points in ${ref.cells} cells`),
    );
  }
});

test('moving onto a stored point shows at least one conflict', async () => {
  const { points } = await reference();
  let target = null;
  for (let i = 0; i < points.length; i += 3) {
    if (points[i] > 50 && points[i] < 670 && points[i + 1] > 50 && points[i + 1] < 350) {
      target = [points[i], points[i + 1]];
      break;
    }
  }
  assert.ok(target, 'a stored point away from the edges');
  const { px, py } = await pixelFor(...target);
  await page.mouse.move(px, py);
  assert.ok((await readout('conflicts')) >= 1);
  assert.match(await section().locator('[data-role="summary"]').innerText(), /blocked/);
});

test('clicking a free spot adds a point; clicking next to it does not', async () => {
  const before = await readout('points');
  assert.equal(before, (await reference()).count);
  const [x, y] = await freeSpot();
  const { px, py, map } = await pixelFor(x, y);
  await page.mouse.click(px, py);
  assert.equal(await readout('points'), before + 1);
  assert.match(await section().locator('[data-role="status"]').innerText(), /^Added point/);
  const ref = await reference({ added: [[map.x, map.y]] });
  assert.equal(ref.count, before + 1, 'the core agrees the spot was free');

  await page.mouse.click(px + 3, py + 2);
  assert.equal(await readout('points'), before + 1);
  assert.match(
    await section().locator('[data-role="status"]').innerText(),
    /^Not added: a point is only [\d.]+ away, closer than r = 44\.$/,
  );

  await section().locator('[data-action="reset"]').click();
  assert.equal(await readout('points'), before, 'Reset removes the points added by hand');
});

test('the keyboard moves the probe and Enter adds a point', async () => {
  // Park the probe with the mouse at a spot P, then walk it 5 presses right and 2 down:
  // 4 map units a press, so it ends at P + (20, 8), chosen free.
  const [fx, fy] = await freeSpot([20, 8]);
  const { px, py, map } = await pixelFor(fx, fy);
  await page.mouse.move(px, py);
  await canvas().focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 2; i += 1) await page.keyboard.press('ArrowDown');
  const spot = [map.x + 20, map.y + 8];
  const [ref] = (await reference({ spots: [spot] })).probes;
  assert.equal(ref.free, true);
  assert.equal(await readout('checked'), ref.checked);
  assert.equal(await readout('conflicts'), 0);
  assert.equal(await readout('cells-searched'), ref.cells);

  const before = await readout('points');
  await page.keyboard.press('Enter');
  assert.equal(await readout('points'), before + 1);
  assert.equal(await readout('conflicts'), 1, 'the probe now sits on the point it added');
  await page.keyboard.press('Enter');
  assert.equal(await readout('points'), before + 1, 'a second Enter on the same spot is refused');
  assert.match(await section().locator('[data-role="status"]').innerText(), /^Not added/);
  await section().locator('[data-action="reset"]').click();
});

/** Sets a slider or field the way a reader's drag or typing does: value, then `input`. */
async function setControl(name, value) {
  await section().locator(`input[name="${name}"]`).evaluate((input, v) => {
    input.value = v;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, String(value));
}

test('changing the radius rebuilds the map with cells of r/√2', async () => {
  const cellSize = section().locator('[data-readout="cell-size"]');
  assert.equal(await cellSize.innerText(), (44 / Math.SQRT2).toFixed(1));
  await setControl('radius', 30);
  const ref = await reference({ radius: 30 });
  assert.equal(await cellSize.innerText(), ref.cell.toFixed(1));
  assert.equal(ref.cell.toFixed(1), '21.2');
  assert.equal(await readout('points'), ref.count);
  assert.equal(await section().locator('input[name="radius"] + output').innerText(), '30');
  await setControl('radius', 44);
  assert.equal(await readout('points'), (await reference()).count);
});

test('bad input shows a message beside the control and keeps the last map', async () => {
  const points = await readout('points');
  // The slider itself cannot hold a radius of 0: the browser keeps it at its minimum, 16.
  await setControl('radius', 0);
  assert.equal(await section().locator('input[name="radius"]').inputValue(), '16');
  assert.equal(await readout('points'), (await reference({ radius: 16 })).count);
  await setControl('radius', 44);
  assert.equal(await readout('points'), points);

  // A seed the generator refuses (it would stick at 0) and one beyond 32 bits.
  for (const bad of ['-2147483646', '3000000000', '']) {
    await setControl('seed', bad);
    const message = await section().locator('[data-error-for="seed"]').innerText();
    assert.notEqual(message.trim(), '', `a message for seed "${bad}"`);
    assert.equal(await readout('points'), points, 'the last good map stays');
  }
  await setControl('seed', 123456);
  assert.equal(await section().locator('[data-error-for="seed"]').innerText(), '');
  assert.equal(await readout('points'), points);
});

test('New seed draws another map', async () => {
  const seedInput = section().locator('input[name="seed"]');
  await section().locator('[data-action="new-seed"]').click();
  const seed = Number(await seedInput.inputValue());
  assert.ok(Number.isInteger(seed) && seed !== 123456);
  assert.equal(await readout('points'), (await reference({ seed })).count);
  await setControl('seed', 123456);
});

test('screenshot with the probe over the map', async () => {
  const { points } = await reference();
  // Hover just beside the stored point nearest the middle, so the picture shows red and green
  // lines at once.
  let best = 0;
  for (let i = 0; i < points.length; i += 3) {
    const d = Math.hypot(points[i] - W / 2, points[i + 1] - H / 2);
    if (d < Math.hypot(points[best] - W / 2, points[best + 1] - H / 2)) best = i;
  }
  const { px, py } = await pixelFor(points[best] + 14, points[best + 1] + 10);
  await page.mouse.move(px, py);
  await session.screenshotLabs(['grid']);
  assert.ok((await readout('checked')) >= 1);
});

testNoProblems(session, { failed: true });

test('on a 360 px phone the lab fits the screen', async () => {
  const phone = await openPage({ viewport: { width: 360, height: 780 } });
  try {
    await phone.waitForWasm();
    // Shown as a reader scrolls to it: it starts then, so wait for its first map.
    const grid = labOf(phone.page, 'grid');
    await grid.show();
    const lab = grid.section;
    const box = await lab.locator('canvas[data-role="map"]').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 360, 'the map fits across');
    const wide = await lab.evaluate((el) =>
      [el, ...el.querySelectorAll('*')]
        .filter((e) => e.getBoundingClientRect().right > 360.5)
        .map((e) => `${e.tagName}.${e.className}`),
    );
    assert.deepEqual(wide, [], 'nothing in the lab sticks out sideways');
    assert.ok((await grid.count('points')) > 0, 'the phone shows the partly filled map');
  } finally {
    await phone.close();
  }
});
