// The level-editor lab, driven as a designer drives it: real pointer drags on the map, the
// keyboard brush, undo by button and by Ctrl+Z, the detail slider, the export. Every readout is
// checked against the bindings' own state (the lab's EditableSet, `section.editorMap()`), and ids
// are compared before and after each stroke: a point outside the brush keeps its id and its
// position to the bit, and a new point gets an id never seen before.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { SCREENSHOTS, labOf, testFitsPhone, testNoProblems, usePage } from './harness.mjs';

const { session, page } = usePage({ wasm: true, ready: () => editor.show() });
const editor = labOf(page, 'editor');
const WIDTH = 720;
const HEIGHT = 400;

/** The map as the bindings hold it: ids, positions, classes, counts. */
function state() {
  return editor.section.evaluate((s) => {
    const map = s.editorMap();
    const points = map.points();
    const ids = map.ids();
    const classes = map.classes();
    const byId = {};
    ids.forEach((id, i) => {
      byId[id] = [points[3 * i], points[3 * i + 1], points[3 * i + 2], classes[i]];
    });
    return {
      byId,
      count: map.pointCount,
      tooClose: map.tooClose(),
      changed: map.changed,
      added: map.added,
      removed: map.removed,
      nextId: map.nextId,
      undoDepth: map.undoDepth,
      classes: [...new Set(classes)].sort(),
    };
  });
}

/** Page coordinates of map point (x, y). */
async function at(x, y) {
  const box = await editor.canvas.boundingBox();
  return { x: box.x + (x / WIDTH) * box.width, y: box.y + (y / HEIGHT) * box.height };
}

/** A real drag with the mouse along the map points of `path`, then idle. */
async function drag(path) {
  const [first, ...rest] = path;
  const start = await at(...first);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (const p of rest) {
    const to = await at(...p);
    await page.mouse.move(to.x, to.y, { steps: 4 });
  }
  await page.mouse.up();
  await editor.idle();
}

/** Distance from (x, y) to the path's segments (one point: to it). */
function distanceToPath(x, y, path) {
  if (path.length === 1) return Math.hypot(x - path[0][0], y - path[0][1]);
  let best = Infinity;
  for (let i = 0; i + 1 < path.length; i++) {
    const [ax, ay] = path[i];
    const [bx, by] = path[i + 1];
    const ex = bx - ax;
    const ey = by - ay;
    const len2 = ex * ex + ey * ey;
    const t = len2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * ex + (y - ay) * ey) / len2)) : 0;
    best = Math.min(best, Math.hypot(x - ax - t * ex, y - ay - t * ey));
  }
  return best;
}

/**
 * Checks a stroke's effect: every point farther than the brush (plus a pixel's slack for the
 * mouse's rounding) from the path is still there with its id, position and class; every id
 * now present that was not before is at least the old next id; the readouts match the map.
 */
async function checkStroke(before, after, path, brush) {
  const slack = WIDTH / (await editor.canvas.boundingBox()).width + 1e-9;
  for (const [id, p] of Object.entries(before.byId)) {
    if (distanceToPath(p[0], p[1], path) > brush + slack) {
      assert.deepEqual(after.byId[id], p, `point ${id} outside the stroke is unchanged`);
    }
  }
  for (const id of Object.keys(after.byId)) {
    if (!(id in before.byId)) assert.ok(Number(id) >= before.nextId, `new id ${id} was never given before`);
  }
  assert.equal(after.tooClose, 0);
  await checkReadouts(after);
}

/** The readouts say what the map holds. */
async function checkReadouts(now) {
  const detail = Number(await editor.locator('input[name="detail"]').inputValue());
  assert.equal(await editor.count('points'), Math.round((now.count * detail) / 100));
  assert.equal(await editor.count('too-close'), now.tooClose);
  assert.equal(await editor.count('changed'), now.changed);
}

async function setTool(tool) {
  await editor.locator(`input[name="tool"][value="${tool}"]`).check();
}

/**
 * Sets slider `name` to `value` as a reader's drag ends (input, then change). A value outside the
 * slider's range is typed into it as text (a browser clamps a slider, a script need not), so it
 * reaches the lab's own checks; the slider is a slider again for the next good value.
 */
async function setSlider(name, value) {
  await editor.section.evaluate(
    (s, [name, value]) => {
      const input = s.querySelector(`input[name="${name}"]`);
      const outside = value < Number(input.min) || value > Number(input.max);
      input.type = outside ? 'text' : 'range';
      input.value = String(value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [name, value],
  );
}

/**
 * One drag of `tool` (`erase` or `paint`) along `path` with the 30-unit brush; checks that it
 * only removed or only added points, the count moved by as many, and the stroke's ids kept
 * (checkStroke). Resolves to the map before and after.
 */
async function stroke(tool, path) {
  await setTool(tool);
  const before = await state();
  await drag(path);
  const after = await state();
  const [done, untouched, verb] = tool === 'erase' ? ['removed', 'added', 'erased'] : ['added', 'removed', 'painted'];
  assert.ok(after[done] > 0, `the stroke ${verb} something`);
  assert.equal(after[untouched], 0);
  assert.equal(after.count, before.count + after.added - after.removed);
  await checkStroke(before, after, path, 30);
  return { before, after };
}

/** The map as the lab starts it. */
let initial = null;

test('the map starts full, with two classes, and nothing too close', async () => {
  const now = await state();
  initial = now;
  assert.ok(now.count > 100, `${now.count} points`);
  assert.ok(now.classes.length >= 2, `classes ${now.classes}`);
  assert.equal(now.tooClose, 0);
  assert.equal(now.undoDepth, 0);
  await checkReadouts(now);
});

test('an erase drag removes the points under the stroke only, and keeps every other id', async () => {
  await setSlider('brush-size', 30);
  const path = [
    [100, 200],
    [250, 180],
    [400, 220],
  ];
  const { after } = await stroke('erase', path);
  // Nothing is left well inside the stroke.
  for (const p of Object.values(after.byId)) {
    assert.ok(distanceToPath(p[0], p[1], path) > 30 - 2, `a point at (${p[0]}, ${p[1]}) was left under the stroke`);
  }
  assert.equal(after.undoDepth, 1, 'one drag is one stroke to undo');
});

test('a paint drag over the erased road refills it with new ids, keeping the spacing', async () => {
  const { after } = await stroke('paint', [
    [120, 200],
    [260, 185],
  ]);
  assert.ok(after.classes.length >= 2);
});

test('undo by button and by Ctrl+Z restores the map exactly', async () => {
  const painted = await state();
  assert.equal(painted.undoDepth, 2);
  await editor.click('undo');
  await editor.idle();
  const once = await state();
  assert.equal(once.undoDepth, 1);
  assert.equal(once.count, painted.count - painted.added);
  await checkReadouts(once);
  await editor.canvas.focus();
  await page.keyboard.press('Control+z');
  await editor.idle();
  const twice = await state();
  assert.equal(twice.undoDepth, 0);
  // Back to the map the lab started with: the same ids at the same places.
  assert.deepEqual(twice.byId, initial.byId);
  assert.equal(twice.tooClose, 0);
  await checkReadouts(twice);
});

test('undo restores the set from before the stroke, ids and all', async () => {
  await setTool('erase');
  const before = await state();
  await drag([
    [500, 100],
    [600, 300],
  ]);
  const erased = await state();
  assert.ok(erased.removed > 0);
  await page.keyboard.press('Control+z');
  await editor.idle();
  const back = await state();
  assert.deepEqual(back.byId, before.byId);
  assert.equal(back.nextId, erased.nextId, 'ids are never handed out again');
});

test('the keyboard moves the brush and applies it', async () => {
  await setTool('erase');
  await setSlider('brush-size', 40);
  // The brush follows the pointer: hovered over the map's centre (no press), then moved three
  // steps of 10 to the right by keys.
  const centre = await at(WIDTH / 2, HEIGHT / 2);
  await page.mouse.move(centre.x, centre.y);
  await editor.canvas.focus();
  const before = await state();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await editor.idle();
  const after = await state();
  assert.ok(after.removed > 0, 'Enter erased the points under the brush');
  await checkStroke(before, after, [[WIDTH / 2 + 30, HEIGHT / 2]], 40);
  const pixel = WIDTH / (await editor.canvas.boundingBox()).width;
  for (const p of Object.values(after.byId)) {
    assert.ok(Math.hypot(p[0] - (WIDTH / 2 + 30), p[1] - HEIGHT / 2) >= 40 - pixel, 'nothing left under the brush');
  }
  await setTool('paint');
  await editor.canvas.focus();
  await page.keyboard.press(' ');
  await editor.idle();
  const painted = await state();
  assert.ok(painted.added > 0, 'Space painted into the hole');
  await checkStroke(after, painted, [[WIDTH / 2 + 30, HEIGHT / 2]], 40);
});

test('a drag that leaves the map changes nothing beyond the brush on the map', async () => {
  await setTool('erase');
  await setSlider('brush-size', 20);
  const before = await state();
  const box = await editor.canvas.boundingBox();
  // Pressed just inside the top-left corner, dragged far off the map, released there.
  const start = await at(2, 2);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(box.x - 200, box.y - 150, { steps: 6 });
  await page.mouse.up();
  await editor.idle();
  const after = await state();
  assert.equal(after.tooClose, 0);
  for (const [id, p] of Object.entries(before.byId)) {
    if (Math.hypot(p[0], p[1]) > 2 * 2 + 20 + 2) assert.deepEqual(after.byId[id], p, `point ${id} untouched`);
  }
});

test('detail shows the first share in progressive order, and the export saves what is shown', async () => {
  await setSlider('detail', 25);
  await editor.idle();
  const now = await state();
  await checkReadouts(now);
  const shown = await editor.count('points');
  assert.equal(shown, Math.round(now.count / 4));
  // The export: {width, height, points: [[x, y, r], …]} of the points shown, from the core.
  const [download] = await Promise.all([page.waitForEvent('download'), editor.click('export-json')]);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const json = JSON.parse(await readFile(path, 'utf8'));
  assert.equal(json.width, WIDTH);
  assert.equal(json.height, HEIGHT);
  assert.equal(json.points.length, shown);
  const expected = await editor.section.evaluate((s) => {
    const map = s.editorMap();
    const order = window.poissonWasm.progressiveOrder(map.points());
    const points = map.points();
    return [...order.slice(0, Math.round(map.pointCount / 4))].map((i) => [points[3 * i], points[3 * i + 1], points[3 * i + 2]]);
  });
  assert.deepEqual(json.points, expected);
  for (const p of json.points) assert.equal(p.length, 3);
  await setSlider('detail', 100);
  await editor.idle();
  assert.equal(await editor.count('points'), now.count);
});

test('a brush size or detail out of range is refused beside its control, and the picture stays', async () => {
  await editor.idle();
  const picture = await editor.pixels();
  for (const [name, bad] of [
    ['brush-size', 5000],
    ['brush-size', 0],
    ['detail', 150],
    ['detail', -1],
  ]) {
    await setSlider(name, bad);
    await editor.idle();
    const message = await editor.locator(`[data-error-for="${name}"]`).innerText();
    assert.match(message, /must be/, `${name} = ${bad} is refused`);
    assert.equal(await editor.pixels(), picture, `${name} = ${bad} keeps the picture`);
  }
  // While the brush size is refused, a drag does nothing.
  const before = await state();
  await setSlider('brush-size', 5000);
  await drag([
    [300, 100],
    [400, 100],
  ]);
  assert.deepEqual((await state()).byId, before.byId);
  await setSlider('brush-size', 30);
  await setSlider('detail', 100);
  await editor.idle();
  assert.equal(await editor.locator('[data-error-for="brush-size"]').innerText(), '');
  assert.equal(await editor.locator('[data-error-for="detail"]').innerText(), '');
});

test('a new seed fills a new map, the one the bindings make in one call for that seed', async () => {
  await editor.set('seed', 77);
  await editor.idle();
  const now = await state();
  const expected = await page.evaluate(() => {
    const map = new window.poissonWasm.EditableSet({
      width: 720,
      height: 400,
      classes: [
        { name: 'tree', spacing: 16, weight: 3 },
        { name: 'rock', spacing: 40, weight: 1 },
      ],
      between: [{ a: 'tree', b: 'rock', spacing: 14 }],
      k: 30,
      seed: 77,
    });
    const out = { points: [...map.points()], classes: [...map.classes()] };
    map.free();
    return out;
  });
  const shown = await editor.section.evaluate((s) => ({ points: [...s.editorMap().points()], classes: [...s.editorMap().classes()] }));
  assert.deepEqual(shown, expected);
  assert.equal(now.undoDepth, 0, 'a new map starts a new history');
  assert.equal(now.tooClose, 0);
  await checkReadouts(now);
});

test('screenshot of the lab', async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  await setTool('erase');
  await setSlider('brush-size', 24);
  await drag([
    [60, 330],
    [250, 260],
    [420, 280],
    [660, 120],
  ]);
  await editor.canvas.focus();
  await page.keyboard.press('ArrowDown');
  await editor.section.screenshot({ path: join(SCREENSHOTS, 'editor.png') });
});

testFitsPhone(page, 'editor');
testNoProblems(session);
