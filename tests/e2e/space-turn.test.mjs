// Turning the 3D box at its most points (r = 2, about 5000) on a high-DPI screen (1280 × 800 at
// devicePixelRatio 2): a drag redraws every dot every frame, and no frame may block the main
// thread for more than 50 ms (issue 33: 60–80 ms a frame, measured before the dots were laid
// into one image, www/labs/space/view.js).
//
// As tests/e2e/long-tasks.test.mjs holds the labs, so here: the browser reports every task over
// 50 ms on the clock ('longtask'); a run over the limit gets a second one and the better run
// counts (on a busy 2-core machine another process can stretch one task's clock time now and
// then). Every run must also keep each main-thread task under 50 ms of CPU, from a Chromium
// trace: the page's own work, however busy the machine. The harness's longTaskRuns measures so.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { frames, labOf, longTaskRuns, testNoProblems, usePage } from './harness.mjs';

const LIMIT_MS = 50;
const { session, page } = usePage({
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 2,
  ready: () => space.show(),
});
const space = labOf(page, 'space');

/** Drags across the map back and forth for `moves` pointer moves; resolves to whether it turned. */
async function turnByDrag(moves = 90) {
  const box = await space.canvas.boundingBox();
  const before = await space.canvas.getAttribute('data-yaw');
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.5);
  await page.mouse.down();
  for (let i = 0; i < moves; i++) {
    const a = i / moves;
    await page.mouse.move(box.x + box.width * (0.2 + 0.6 * Math.abs(Math.sin(6 * a))), box.y + box.height * (0.4 + 0.2 * Math.cos(5 * a)));
  }
  await page.mouse.up();
  await frames(page, 3);
  const after = await space.canvas.getAttribute('data-yaw');
  return { turned: after !== before };
}

test('turning the box at r = 2 at devicePixelRatio 2: no task over 50 ms', async () => {
  const spin = space.section.locator('[data-action="spin"]');
  if ((await spin.getAttribute('aria-pressed')) === 'true') await spin.click();
  await space.set('radius', 2);
  await space.idle();
  const points = await space.count('points');
  assert.ok(points > 4500, `r = 2 fills the box with thousands of points (${points})`);
  // The map's backing store: two pixels per CSS pixel (capped there on a 3× phone).
  const { backing, css } = await space.canvas.evaluate((c) => ({ backing: c.width, css: c.getBoundingClientRect().width }));
  assert.equal(backing, Math.round(css * 2));
  await space.canvas.scrollIntoViewIfNeeded();

  const runs = await longTaskRuns(session.page, () => turnByDrag(), LIMIT_MS);
  for (const [i, run] of runs.entries()) {
    console.log(`turning at r = 2, run ${i + 1}: ${run.count} tasks over ${LIMIT_MS} ms (worst ${run.worst.toFixed(0)} ms on the clock); most CPU in one task ${run.cpu.toFixed(1)} ms`);
    assert.ok(run.turned, 'the drag turned the view');
    assert.ok(run.cpu <= LIMIT_MS, `a task used ${run.cpu.toFixed(1)} ms of CPU`);
  }
  const best = Math.min(...runs.map((r) => r.worst));
  assert.ok(best <= LIMIT_MS, `a ${best.toFixed(0)} ms task in the better run`);
  await space.set('radius', 4);
  await space.idle();
});

testNoProblems(session, { failed: true });
