// The dart-throwing lab: Step, Play, Finish and Reset drive the core's classic dart thrower;
// Finish must land on the reference result (the core's one-call dartThrowing with the same
// inputs), and Bridson's count on the same map appears beside it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, frames as framesOf, labOf, testFitsPhone, testNoProblems, usePage } from './harness.mjs';

const { session, page } = usePage({ wasm: true, ready: () => darts.show() });
const darts = labOf(page, 'darts');
const lab = () => darts.section;


const readout = darts.readout;
const number = darts.count;
const click = (action) => darts.locator(`button[data-action="${action}"]`).click();
const frames = (n = 2) => framesOf(page, n);

async function finish(misses) {
  await click('finish');
  await lab()
    .locator('[data-readout="misses-in-a-row"]')
    .filter({ hasText: new RegExp(`^${misses}$`) })
    .waitFor({ timeout: 60_000 });
}

test('defaults: seed 123456, radius 26, 500 misses, nothing thrown', async () => {
  assert.equal(await lab().locator('input[name="seed"]').inputValue(), '123456');
  assert.equal(await lab().locator('input[name="radius"]').inputValue(), '26');
  assert.equal(await lab().locator('input[name="misses"]').inputValue(), '500');
  assert.equal(await number('thrown'), 0);
  assert.equal(await number('kept'), 0);
  assert.equal(await readout('bridson-points'), '–');
  assert.equal(await readout('coverage'), '0.0 %');
});

test('Step throws one dart at a time; Reset starts over', async () => {
  for (let i = 1; i <= 3; i++) {
    await click('step');
    assert.equal(await number('thrown'), i);
  }
  assert.equal((await number('kept')) + (await number('rejected')), 3);
  // The first dart on an empty map is always kept.
  assert.ok((await number('kept')) >= 1);
  await click('reset');
  assert.equal(await number('thrown'), 0);
  assert.equal(await number('kept'), 0);
});

test('Finish gives the reference result, and Bridson’s count beside it', async () => {
  await finish(500);
  const kept = await number('kept');
  const thrown = await number('thrown');
  const rejected = await number('rejected');
  const reference = await page.evaluate(() => ({
    darts: window.poissonWasm.dartThrowing({ width: 720, height: 400, radius: 26, misses: 500, seed: 123456 }).length / 2,
    bridson: window.poissonWasm.poissonDisk(720, 400, 26, 30, 123456).length / 3,
  }));
  assert.equal(kept, reference.darts);
  assert.equal(await number('misses-in-a-row'), 500);
  assert.equal(thrown, kept + rejected);
  assert.ok(thrown > 10 * kept, 'most darts miss by the end');
  assert.match(await readout('miss-rate'), /^\d+\.\d %$/);
  assert.ok(parseFloat(await readout('miss-rate')) > 90);
  assert.equal(await number('bridson-points'), reference.bridson);
  const summary = await lab().locator('[data-role="summary"]').innerText();
  // The verdict: one sentence, then a table of darts (on a grid) beside Bridson.
  const rows = await lab().locator('[data-role="summary"] tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.equal(rows.length, 2);
  assert.deepEqual(rows[0].slice(0, 3), ['Darts on a grid', String(kept), (thrown / kept).toFixed(1)]);
  assert.equal(rows[1][1], String(reference.bridson));
  assert.equal((await lab().locator('[data-role="summary"] p').innerText()).split(/(?<=\.) /).length <= 2, true);
  // The costs in one unit, distance checks, counted by the core for both: a plain dart against
  // every tree kept before it, a Bridson candidate against the trees in its grid block.
  const checks = await page.evaluate(() => {
    const w = window.poissonWasm;
    const t = new w.DartThrower({ width: 720, height: 400, radius: 26, misses: 500, seed: 123456 });
    t.finish();
    const h = new w.History({ width: 720, height: 400, radius: 26, k: 30, seed: 123456 });
    h.startRandom();
    // Costs are counted as the history visits each step; unvisited steps read NaN.
    const unvisited = h.costAt(h.totalSteps);
    h.finish();
    const [candidates, placed, bridson] = h.costAt(h.totalSteps);
    const out = { plain: t.plainChecks, grid: t.gridChecks, bridson, candidates, placed, points: (h.totalSteps + 1) / 2, unvisited: [...unvisited] };
    t.free();
    h.free();
    return out;
  });
  assert.equal(checks.points, reference.bridson);
  assert.ok(checks.unvisited.every(Number.isNaN), 'no cost for a step not visited yet');
  assert.equal(checks.placed, checks.points - 1, 'every point but the first was a placed candidate');
  assert.equal(await readout('checks-per-tree'), (checks.plain / kept).toFixed(1));
  assert.equal(await readout('grid-checks-per-tree'), (checks.grid / kept).toFixed(1));
  assert.equal(await readout('bridson-checks-per-tree'), (checks.bridson / checks.points).toFixed(1));
  assert.equal(rows[0][3], (checks.grid / kept).toFixed(1));
  assert.deepEqual(rows[1].slice(2), [(checks.candidates / checks.points).toFixed(1), (checks.bridson / checks.points).toFixed(1)]);
  // At the default patience the darts on a grid win per tree, and the verdict says so; Bridson
  // throws more candidates per tree, yet checks far less than plain darts.
  assert.ok(checks.grid / kept < checks.bridson / checks.points, 'darts on a grid check less per tree at 500 misses');
  assert.match(summary, /darts on a grid win/);
  assert.ok(checks.candidates / checks.points > thrown / kept, 'Bridson throws more candidates per tree');
  assert.ok(checks.bridson < checks.plain / 10, `Bridson checks ${checks.bridson} vs plain darts ${checks.plain}`);
  assert.ok(checks.grid < checks.plain, 'the grid saves checks');
  // One way of writing numbers on the page: no thousands separator, in sentences as in readouts.
  assert.ok(summary.includes(`At ${thrown} darts`), summary);
  assert.doesNotMatch(summary, /\d[\u202f\u2009 ]\d{3}\b/);
  // Finished: Step and Finish change nothing.
  await click('step');
  await click('finish');
  await frames();
  assert.equal(await number('thrown'), thrown);
  await session.screenshotLabs(['darts']);
  // A copy under a name of its own, which a full-page run's screenshots do not overwrite.
  await lab().screenshot({ path: join(SCREENSHOTS, 'darts-finished.png') });
});

test('what the "try this" promises: the miss rate passes 90 % while disks cover about a third of the map', async () => {
  const at = await page.evaluate(() => {
    const t = new window.poissonWasm.DartThrower({ width: 720, height: 400, radius: 26, misses: 500, seed: 123456 });
    // The rate is over the last 200 darts, so it means something from the 200th on.
    while (t.thrown < 200 || t.missRate <= 0.9) t.throw();
    const coverage = t.coverage;
    // The core's coverage is the kept darts' r / 2 disks over the map.
    const byHand = (t.keptCount * Math.PI * 13 * 13) / (720 * 400);
    t.free();
    return { coverage, byHand };
  });
  assert.ok(Math.abs(at.coverage - at.byHand) < 1e-12, `${at.coverage} vs ${at.byHand}`);
  assert.ok(at.coverage > 0.28 && at.coverage < 0.4, `coverage when the miss rate passes 90 %: ${at.coverage}`);
});

test('Play throws darts over several frames; Pause stops them', async () => {
  await click('reset');
  assert.equal(await readout('bridson-points'), '–');
  await click('play');
  await lab().locator('button[data-action="play"]').filter({ hasText: 'Pause' }).waitFor();
  await frames(30);
  await click('play');
  await lab().screenshot({ path: join(SCREENSHOTS, 'darts-paused.png') });
  const paused = await number('thrown');
  assert.ok(paused > 0, 'darts were thrown');
  await frames(5);
  assert.equal(await number('thrown'), paused);
  assert.equal(await lab().locator('button[data-action="play"]').innerText(), 'Play');
  // Play on to the end gives the same result as Finish.
  await click('play');
  await lab().locator('[data-readout="misses-in-a-row"]').filter({ hasText: /^500$/ }).waitFor({ timeout: 30_000 });
  const reference = await page.evaluate(
    () => window.poissonWasm.dartThrowing({ width: 720, height: 400, radius: 26, misses: 500, seed: 123456 }).length / 2,
  );
  assert.equal(await number('kept'), reference);
});

test('a long run finishes in slices without freezing the page', async () => {
  const misses = lab().locator('input[name="misses"]');
  const radius = lab().locator('input[name="radius"]');
  await radius.fill('10');
  await radius.dispatchEvent('input');
  await misses.fill('5000');
  assert.equal(await number('thrown'), 0);
  await click('finish');
  // The status line counts up while it works; the page keeps painting frames meanwhile.
  await frames(2);
  await finish(5000);
  const reference = await page.evaluate(
    () => window.poissonWasm.dartThrowing({ width: 720, height: 400, radius: 10, misses: 5000, seed: 123456 }).length / 2,
  );
  assert.equal(await number('kept'), reference);
  assert.equal((await number('kept')) + (await number('rejected')), await number('thrown'));
  assert.match(await lab().locator('[data-role="status"]').innerText(), /^Done/);
  // Ten times the patience: the darts now cost more per tree than Bridson, even on the grid,
  // and the summary says so from the counts.
  await darts.waitForReadout('bridson-checks-per-tree', (t) => t !== '–');
  const onGrid = parseFloat(await readout('grid-checks-per-tree'));
  const bridson = parseFloat(await readout('bridson-checks-per-tree'));
  assert.ok(onGrid > bridson, `darts on the grid ${onGrid} vs Bridson ${bridson} checks per tree`);
  assert.match(await lab().locator('[data-role="summary"]').innerText(), /^Bridson wins/);
  await radius.fill('26');
  await radius.dispatchEvent('input');
  await misses.fill('500');
});

test('bad misses show a message and keep the current run', async () => {
  await click('step');
  await click('step');
  const misses = lab().locator('input[name="misses"]');
  const error = lab().locator('[data-error-for="misses"]');
  await misses.fill('0');
  assert.match(await error.innerText(), /from 1 to 5000/);
  assert.equal(await number('thrown'), 2);
  await misses.fill('');
  assert.match(await error.innerText(), /number/i);
  assert.equal(await number('thrown'), 2);
  await misses.fill('500');
  assert.equal(await error.innerText(), '');
  assert.equal(await number('thrown'), 0);
  const seed = lab().locator('input[name="seed"]');
  await seed.fill('-2147483646');
  assert.notEqual((await lab().locator('[data-error-for="seed"]').innerText()).trim(), '');
  await seed.fill('123456');
  assert.equal(await lab().locator('[data-error-for="seed"]').innerText(), '');
});

test('new seed gives a new run of its own', async () => {
  await click('new-seed');
  const seed = Number(await lab().locator('input[name="seed"]').inputValue());
  assert.ok(Number.isInteger(seed) && seed !== 123456);
  await finish(500);
  const reference = await page.evaluate(
    (s) => window.poissonWasm.dartThrowing({ width: 720, height: 400, radius: 26, misses: 500, seed: s }).length / 2,
    seed,
  );
  assert.equal(await number('kept'), reference);
});

test('with reduced motion, Play goes straight to the end', async () => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await lab().locator('input[name="seed"]').fill('123456');
  assert.equal(await number('thrown'), 0);
  await click('play');
  await lab().locator('[data-readout="misses-in-a-row"]').filter({ hasText: /^500$/ }).waitFor({ timeout: 10_000 });
  const reference = await page.evaluate(() => window.poissonWasm.dartThrowing({ width: 720, height: 400, radius: 26, misses: 500, seed: 123456 }).length / 2);
  assert.equal(await number('kept'), reference);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
});

testFitsPhone(page, 'darts');

testNoProblems(session, { title: 'no console or page errors' });
