// Memory: rebuilding a lab over and over must not grow the wasm memory or the JS heap. Every
// lab frees the wasm-bindgen object it replaces (`.free()`); one that forgot would leak its
// sampler, grid and points in wasm memory on every cycle, and wasm memory never shrinks, so the
// growth shows in `memory.buffer.byteLength` (the bindings module's own memory export).
//
// Wasm memory grows in whole pages and keeps whatever it freed, so a small leak could hide in
// the free space earlier labs left behind. Before each lab is measured, that free space is used
// up with tiny filler objects until the memory just grows; a leak then has nowhere to hide. The
// lab is warmed up (its own peak, caches, typed arrays), then measured around many cycles: wasm
// memory may grow by at most 1 MB (allocator fragmentation; a few MB for the labs whose every
// cycle makes and drops megabytes, as the slacks below say), and the JS heap after a forced
// garbage collection (DevTools protocol: HeapProfiler.collectGarbage, Performance.getMetrics) by
// at most 2 MB. The last test checks the check: 400 samplers left alive must show.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LABS, testNoProblems, usePage } from './harness.mjs';

/** The most the JS heap may grow over a lab's cycles (bytes). */
const HEAP_SLACK = 2 * 1024 * 1024;
/**
 * The most wasm memory may grow over a lab's cycles (bytes): a page or two where the allocator
 * fragments, as maps and forests of different sizes come and go. One leaked sampler, map or
 * placement per cycle costs several megabytes over the cycles run here (the last test shows it).
 */
const WASM_SLACK = 1024 * 1024;
const WORLD_SLACK = 2 * 1.3 * 1024 * 1024;
/**
 * A stippler holds about 3 MB (20 kept alive grow wasm memory by 63 MB) and a 3D fill about 1 MB
 * (20 finished: 19 MB). Made and dropped faster than they finish, they fragment the allocator
 * until it has room for them: wasm memory steps up once by 1 to 1.5 MB, somewhere in the first
 * few hundred cycles, then stays flat (measured over 800 to 1,000 more); the 3D lab's finished
 * fills step up by half a megabyte too. Those labs get a slack of 3 MB, and their fast cycles warm
 * up past the step; a stippler or a fill leaked per cycle grows by 40 MB or more.
 */
const CHURN_SLACK = 3 * 1024 * 1024;
const CHURN_WARM_UP = 400;

const { session, page } = usePage({ ready });
let cdp;

async function ready() {
  // Labs that animate finish at once under reduced motion, so a cycle is quick.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  cdp = await session.page.context().newCDPSession(session.page);
  await cdp.send('Performance.enable');
  // Every lab started (labs further down start once the page is idle) and done with its first
  // picture: what they allocate while loading must not be counted against the first lab measured.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('section[data-lab]')].every(
        (s) => s.dataset.started === 'true' && !s.querySelector('canvas[data-role="map"]').hasAttribute('aria-busy'),
      ),
    null,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(500);
}

/** Wasm memory (bytes) and the JS heap after a full garbage collection (bytes). */
async function measure() {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize').value;
  const wasm = await page.evaluate(async () => {
    const loader = document.querySelector('script[data-bindings]');
    const bindings = await import(loader.dataset.bindings);
    // Initialising again returns the module's exports (it is already initialised); their
    // `memory` is the one every lab allocates in.
    const exports = await bindings.default();
    return exports.memory.buffer.byteLength;
  });
  return { wasm, heap };
}

/** Uses up the free space in wasm memory with tiny live objects, until the memory grows. */
async function fill() {
  return page.evaluate(async () => {
    const loader = document.querySelector('script[data-bindings]');
    const wasm = await import(loader.dataset.bindings);
    const { memory } = await wasm.default();
    const start = memory.buffer.byteLength;
    window.__filler ??= [];
    while (memory.buffer.byteLength === start && window.__filler.length < 1_000_000) {
      // A 10 × 10 map with one cell: a few hundred bytes.
      window.__filler.push(new wasm.PoissonSampler(10, 10, 9, 1, 1));
    }
    return window.__filler.length;
  });
}

/** Frees the filler objects. */
async function unfill() {
  await page.evaluate(() => {
    for (const object of window.__filler ?? []) object.free();
    window.__filler = [];
  });
}

/**
 * Runs `cycles` cycles in the page: each clicks the lab's buttons `actions` in order, and waits
 * for the lab to be idle (no aria-busy, no Finishing…) when `settle` is set; a frame passes
 * every few cycles so merged redraws happen too. At the end the lab is left idle.
 */
async function cycle(lab, actions, cycles, settle) {
  await page.evaluate(
    async ([lab, actions, cycles, settle]) => {
      const section = document.querySelector(`section[data-lab="${lab}"]`);
      const canvas = section.querySelector('canvas[data-role="map"]');
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      const working = () =>
        canvas.hasAttribute('aria-busy') ||
        /Finishing/.test(section.querySelector('[data-role="status"]')?.textContent ?? '');
      const began = performance.now();
      /** Whether the lab is working; a lab that never stops fails the test instead of hanging it. */
      const busy = () => {
        if (performance.now() - began > 120_000) throw new Error(`${lab} is still working after two minutes`);
        return working();
      };
      for (let i = 0; i < cycles; i++) {
        for (const action of actions) section.querySelector(`[data-action="${action}"]`).click();
        if (settle) {
          await frame();
          while (busy()) await frame();
        } else if (i % 10 === 9) {
          await frame();
        }
      }
      // The last request's work runs to its end, so that what it holds is the lab's picture,
      // the same before and after the cycles, not a job caught half-way.
      await frame();
      while (busy()) await frame();
      await frame();
    },
    [lab, actions, cycles, settle],
  );
}

/** Each lab's rebuild: which buttons one cycle presses, how many cycles, and whether to wait. */
const PLANS = [
  { lab: 'bridson', actions: ['reset', 'finish'], cycles: 1000, settle: false },
  { lab: 'hero', actions: ['reset'], cycles: 200, settle: false },
  { lab: 'compare', actions: ['new-seed'], cycles: 200, settle: false },
  { lab: 'grid', actions: ['new-seed'], cycles: 200, settle: false },
  { lab: 'darts', actions: ['reset', 'finish'], cycles: 100, settle: true },
  // These two work a slice per frame, so a cycle takes several frames: fewer cycles.
  { lab: 'density', actions: ['new-seed'], cycles: 60, settle: true },
  { lab: 'layers', actions: ['new-seed'], cycles: 40, settle: true },
  { lab: 'samplers', actions: ['new-seed'], cycles: 30, settle: true },
  { lab: 'space', actions: ['new-seed'], cycles: 40, settle: true, slack: CHURN_SLACK },
  { lab: 'spectrum', actions: ['new-seed'], cycles: 20, settle: true },
  { lab: 'relax', actions: ['new-seed'], cycles: 20, settle: true },
  { lab: 'tiles', actions: ['new-seed'], cycles: 60, settle: true },
  { lab: 'endless', actions: ['new-seed'], cycles: 30, settle: true },
  { lab: 'stipple', actions: ['new-seed'], cycles: 20, settle: true, slack: CHURN_SLACK },
  { lab: 'editor', actions: ['new-seed'], cycles: 60, settle: true },
  // A world's picture is 1.3 MB: the allocator may need room for a new one while the old one
  // lives, in steps of about a picture, so the world gets a slack of two pictures. A leak of a
  // painter or a picture per cycle grows by far more over its cycles.
  { lab: 'world', actions: ['new-world'], cycles: 12, settle: true, slack: WORLD_SLACK },
  // New seeds faster than the work finishes: every job but the last is dropped half done, and
  // what it had made must be freed.
  { lab: 'samplers', actions: ['new-seed'], cycles: 200, settle: false },
  { lab: 'space', actions: ['new-seed'], cycles: 200, settle: false, warmUp: CHURN_WARM_UP, slack: CHURN_SLACK },
  { lab: 'spectrum', actions: ['new-seed'], cycles: 200, settle: false },
  { lab: 'relax', actions: ['new-seed'], cycles: 200, settle: false },
  { lab: 'layers', actions: ['new-seed'], cycles: 200, settle: false },
  { lab: 'endless', actions: ['new-seed'], cycles: 200, settle: false },
  { lab: 'stipple', actions: ['new-seed'], cycles: 200, settle: false, warmUp: CHURN_WARM_UP, slack: CHURN_SLACK },
  { lab: 'editor', actions: ['new-seed'], cycles: 200, settle: false },
  // The world painter's buffers (a megabyte and more each), dropped at every stage of the
  // painting, fragment the allocator until it has room for all of them: wasm memory grows by a
  // few megabytes over the first two hundred such cycles, then stays flat (measured over four
  // hundred more). A leak keeps growing; the warm-up goes past the plateau.
  { lab: 'world', actions: ['new-world'], cycles: 100, settle: false, warmUp: 200, slack: WORLD_SLACK },
];

test('every lab is measured', () => {
  assert.deepEqual([...new Set(PLANS.map((plan) => plan.lab))].sort(), [...LABS].sort());
});
/** Warm-up cycles before measuring. */
const WARM_UP = 8;

test('rebuilding each lab many times leaves wasm memory and the JS heap bounded', async () => {
  const failures = [];
  for (const { lab, actions, cycles, settle, warmUp = WARM_UP, slack = WASM_SLACK } of PLANS) {
    // Warm up: the first cycles reach the lab's peak and fill its caches.
    await fill();
    await cycle(lab, actions, warmUp, settle);
    const before = await measure();
    const started = Date.now();
    await cycle(lab, actions, cycles, settle);
    const seconds = (Date.now() - started) / 1000;
    const after = await measure();
    await unfill();
    const grew = { wasm: after.wasm - before.wasm, heap: after.heap - before.heap };
    const mb = (bytes) => (bytes / 1024 / 1024).toFixed(2);
    console.log(
      `memory: ${lab.padEnd(8)} ${String(cycles).padStart(4)} cycles of ${actions.join('/')}: ` +
        `wasm ${mb(before.wasm)} → ${mb(after.wasm)} MB, JS heap ${mb(before.heap)} → ${mb(after.heap)} MB ` +
        `(${seconds.toFixed(1)} s)`,
    );
    if (grew.wasm > slack) failures.push(`${lab}: wasm memory grew by ${mb(grew.wasm)} MB over ${cycles} cycles`);
    if (grew.heap > HEAP_SLACK) failures.push(`${lab}: the JS heap grew by ${mb(grew.heap)} MB over ${cycles} cycles`);
  }
  assert.deepEqual(failures, []);
});

test('a leak would show: wasm memory grows past the slack when samplers are not freed', async () => {
  // The measurement's own check: 400 samplers kept alive (not freed), as a lab that forgot
  // .free() would over 400 cycles, grow wasm memory past the slack.
  await fill();
  const before = await measure();
  await page.evaluate(async () => {
    const loader = document.querySelector('script[data-bindings]');
    const wasm = await import(loader.dataset.bindings);
    window.__kept = [];
    for (let i = 0; i < 400; i++) {
      const sampler = new wasm.PoissonSampler(720, 400, 32, 30, i + 1);
      sampler.startRandom();
      sampler.finish();
      window.__kept.push(sampler);
    }
  });
  const leaked = await measure();
  await page.evaluate(() => {
    for (const sampler of window.__kept) sampler.free();
    window.__kept = [];
  });
  await unfill();
  assert.ok(
    leaked.wasm - before.wasm > WASM_SLACK,
    `400 live samplers grew wasm memory past the slack (${before.wasm} → ${leaked.wasm} bytes)`,
  );
});

testNoProblems(session);
