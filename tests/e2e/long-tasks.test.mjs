// Never freeze: no main-thread task may block the page for more than 50 ms. A
// PerformanceObserver, installed before the page loads, records every 'longtask' (the browser
// reports tasks over 50 ms, rendering included).
//
// The page load first: the page is loaded five times, each in a fresh headless Chromium, and
// watched until every lab has started and finished its first work (labs further down start
// once the page is idle). At least four loads of five must have no task over 50 ms on the clock
// ('longtask'), and no load a task over 100 ms (issue #11's rule): on a 2-core machine the
// browser's other threads (compiling the wasm's hot functions, rasterizing) and the test runner
// can stretch a task's clock time to twice its CPU time or more, now and then. In every load of
// the series, no main-thread task may use over 50 ms of CPU either (from a Chromium trace: the
// page's own work, however busy the machine). A series that misses a rule is logged and followed
// by one more, which must meet both. Each load waits first for the machine to be quiet (the
// fresh browser's own start-up, and the test files before this one closing theirs).
// The page is watched through the DevTools protocol, not Playwright's waits, which would
// compile Playwright's script into the page mid-load (a task of its own, 40–50 ms on a busy
// clock). scripts/trace-load.mjs shows what the longest load tasks do.
//
// Then each lab at its heaviest settings: the worst task per lab is reported, with the longest
// gap between animation frames as a second view of the same thing. A lab over the limit gets a
// second run on a fresh page, and the better run counts.
//
// Run it on the release build (CI does): a debug build of the wasm is several times slower.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openPage, testNoProblems, usePage } from './harness.mjs';

/** The longest a task may block the main thread (ms). */
const LIMIT_MS = 50;
/** Page loads: how many, how many must have no task over LIMIT_MS, and the longest any task may take. */
const LOADS = 5;
const CLEAN_LOADS = 4;
const LOAD_WORST_MS = 100;

/** The machine's idle and total CPU time so far, from /proc/stat (Linux; null elsewhere). */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: fields[3] + (fields[4] || 0), total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/**
 * Waits (at most `timeoutMs`) until the machine's cores were at least 85 % idle over two
 * windows of 250 ms in a row. A fresh browser is still starting its own processes, and the
 * test files before this one may still be closing theirs: on 2 cores that work takes the core a
 * page-load task needs. The rules are about the page's tasks, so each load starts on a quiet
 * machine; how long the wait took is logged.
 */
async function quietMachine(timeoutMs = 10_000) {
  const start = Date.now();
  let quiet = 0;
  let before = cpuTimes();
  if (!before) return 0;
  while (Date.now() - start < timeoutMs && quiet < 2) {
    await new Promise((done) => setTimeout(done, 250));
    const now = cpuTimes();
    const idle = (now.idle - before.idle) / Math.max(1, now.total - before.total);
    quiet = idle >= 0.85 ? quiet + 1 : 0;
    before = now;
  }
  return Date.now() - start;
}

/** Runs in the page before its own scripts: records long tasks and the longest frame gap. */
function watchTasks() {
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__tasks.push({ at: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  window.__gap = 0;
  let last = 0;
  const beat = (now) => {
    if (last) window.__gap = Math.max(window.__gap, now - last);
    last = now;
    requestAnimationFrame(beat);
  };
  requestAnimationFrame(beat);
}

/**
 * Starts a Chromium trace of `page`'s main thread. Returns `{cdp, stop}`: the DevTools session
 * (for `inPage`), and `stop()`, which resolves to `{cpu, at, cpuAt}`: the most CPU time (ms)
 * one task used meanwhile and when it began (s after the trace began), and `cpuAt(ms)`, the CPU
 * time of the task that began `ms` after the page's navigation (a long task's `startTime`).
 */
async function traceTasks(page) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['toplevel', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] },
    transferMode: 'ReportEvents',
  });
  return {
    cdp,
    async stop() {
      const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      const main = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
      const onMain = (e) => main.some((m) => m.pid === e.pid && m.tid === e.tid);
      const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e));
      // A trace that saw nothing would pass any limit: it must have seen the page's tasks.
      if (tasks.length === 0) throw new Error('the trace saw no main-thread task');
      const first = Math.min(...tasks.map((t) => t.ts));
      const most = tasks.reduce((a, b) => ((b.tdur ?? 0) > (a.tdur ?? 0) ? b : a));
      // The page's own navigation (other documents, an SVG image's, have no URL here).
      const navigation = events.filter((e) => e.name === 'navigationStart' && onMain(e) && e.args?.data?.documentLoaderURL).at(-1)?.ts;
      const cpuAt = (ms) => {
        const ts = navigation + ms * 1000;
        const around = tasks.filter((t) => t.ts - 1000 <= ts && ts < t.ts + t.dur).sort((a, b) => b.dur - a.dur);
        return around.length > 0 ? (around[0].tdur ?? 0) / 1000 : NaN;
      };
      return { cpu: (most.tdur ?? 0) / 1000, at: (most.ts - first) / 1e6, cpuAt };
    },
  };
}

/**
 * Evaluates `expression` in the page through the DevTools session and resolves to its value
 * (awaited). The page load is watched this way rather than through Playwright's waits: those
 * first compile Playwright's own script into the page, a task of 15 ms of CPU and 40–50 ms on
 * a busy machine's clock in the middle of start-up, which is the test's work, not the page's.
 */
async function inPage(cdp, expression) {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value;
}

/** An expression that resolves once `test()` holds in the page, polled every 100 ms (or fails). */
function waitIn(test, what, timeoutMs = 60_000) {
  return `new Promise((done, fail) => {
    const given = performance.now();
    const poll = () => {
      const value = (${test})();
      if (value) done(value);
      else if (performance.now() - given > ${timeoutMs}) fail(new Error(${JSON.stringify(`timed out waiting for ${what}`)}));
      else setTimeout(poll, 100);
    };
    poll();
  })`;
}

/** Every lab started and done with its first work (nothing marked busy). */
function allSettled() {
  return [...document.querySelectorAll('section[data-lab]')].every(
    (s) => s.dataset.started === 'true' && !s.querySelector('canvas[data-role="map"]').hasAttribute('aria-busy'),
  );
}

test(`page load: ${CLEAN_LOADS} of ${LOADS} loads have no task over ${LIMIT_MS} ms, none takes over ${LOAD_WORST_MS} ms or uses over ${LIMIT_MS} ms of CPU`, async () => {
  /** Five fresh loads, each watched to the end; what the rule needs of each. */
  async function loadFiveTimes(series) {
    const loads = [];
    for (let i = 0; i < LOADS; i++) {
      const fresh = await openPage();
      try {
        await fresh.page.addInitScript(watchTasks);
        const trace = await traceTasks(fresh.page);
        const waited = await quietMachine();
        await fresh.page.reload();
        const wasm = await inPage(trace.cdp, waitIn(() => document.documentElement.dataset.wasm, 'the wasm module', 15_000));
        assert.equal(wasm, 'ready', 'the wasm module did not start');
        const started = Date.now();
        await inPage(trace.cdp, waitIn(allSettled, 'every lab to settle'));
        const settled = (Date.now() - started) / 1000;
        await inPage(trace.cdp, 'new Promise((done) => setTimeout(done, 300))');
        const { tasks, gap } = await inPage(trace.cdp, '({ tasks: window.__tasks, gap: window.__gap })');
        const most = await trace.stop();
        const worst = Math.max(0, ...tasks.map((t) => t.ms));
        loads.push({ worst, tasks, cpu: most.cpu });
        // Each long task with its CPU time: a task far longer on the clock than in CPU was waiting.
        const shown = tasks.map((t) => `${t.ms.toFixed(0)} ms at ${(t.at / 1000).toFixed(2)} s, CPU ${most.cpuAt(t.at).toFixed(0)} ms`).join('; ') || 'none';
        console.log(`page load ${series}.${i + 1}: longest task ${worst.toFixed(0)} ms (over ${LIMIT_MS} ms: ${shown}); most CPU in one task ${most.cpu.toFixed(0)} ms (${most.at.toFixed(2)} s into the trace); longest frame gap ${gap.toFixed(0)} ms; every lab settled ${settled.toFixed(1)} s after the wasm was ready; waited ${waited} ms for a quiet machine first`);
        assert.deepEqual(fresh.problems.pageErrors, []);
        assert.deepEqual(fresh.problems.consoleErrors, []);
      } finally {
        await fresh.close();
      }
    }
    return loads;
  }
  // The rules in one series of five: the clock rule, and no task over 50 ms of CPU in any of its
  // loads. A series that misses them (a busy machine stretching a task it barely worked in, or a
  // one-off: a single 60 ms task of CPU in one load of a clean-clone run, seen once in about
  // ninety loads) is logged and the page gets one more series, which must meet them.
  let met = false;
  for (let series = 1; series <= 2 && !met; series++) {
    const loads = await loadFiveTimes(series);
    const over = loads.filter((l) => l.worst > LIMIT_MS).length;
    const worst = Math.max(...loads.map((l) => l.worst));
    const cpu = Math.max(...loads.map((l) => l.cpu));
    met = LOADS - over >= CLEAN_LOADS && worst <= LOAD_WORST_MS && cpu <= LIMIT_MS;
    console.log(`page load, series ${series}: ${over} of ${LOADS} loads had a task over ${LIMIT_MS} ms; the longest task was ${worst.toFixed(0)} ms; the most CPU in one task ${cpu.toFixed(0)} ms; the rules are ${met ? 'met' : 'missed'}`);
    if (series === 2) {
      assert.ok(LOADS - over >= CLEAN_LOADS, `${over} of ${LOADS} loads had a task over ${LIMIT_MS} ms, in both series`);
      assert.ok(worst <= LOAD_WORST_MS, `a ${worst.toFixed(0)} ms task while loading, in both series`);
      assert.ok(cpu <= LIMIT_MS, `a task used ${cpu.toFixed(0)} ms of CPU while loading, in both series`);
    }
  }
});

describe('every lab at its heaviest', () => {
  const { session, page } = usePage({
    async ready() {
      await session.page.addInitScript(watchTasks);
      await session.page.reload();
      await session.waitForWasm();
    },
  });

  const section = (lab) => page.locator(`section[data-lab="${lab}"]`);

  /** Sets a control the way a reader's drag or typing ends: value, then input and change. */
  async function set(lab, name, value) {
    await page.evaluate(
      ([lab, name, value]) => {
        const input = document.querySelector(`section[data-lab="${lab}"] input[name="${name}"]`);
        if (input.type === 'checkbox') input.checked = Boolean(value);
        else input.value = String(value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      },
      [lab, name, value],
    );
  }

  async function click(lab, action) {
    const button = section(lab).locator(`[data-action="${action}"]`);
    if ((await button.count()) > 0) await button.first().click();
  }

  /** Waits until the lab is idle: no aria-busy, not painting, and its map unchanged for a while. */
  async function idle(lab, quietMs = 150, timeout = 60_000) {
    await page.waitForFunction(
      ([lab, quietMs]) => {
        const s = document.querySelector(`section[data-lab="${lab}"]`);
        const canvas = s.querySelector('canvas[data-role="map"]');
        const busy =
          canvas.hasAttribute('aria-busy') ||
          s.dataset.state === 'painting' ||
          /Finishing/.test(s.querySelector('[data-role="status"]')?.textContent ?? '') ||
          s.querySelector('[data-action="play"]')?.textContent === 'Pause';
        const w = window;
        w.__idle ??= {};
        const seen = w.__idle[lab];
        const stamp = `${busy}:${canvas.width}:${s.querySelectorAll('[data-readout]').length}:${[...s.querySelectorAll('[data-readout]')].map((e) => e.textContent).join('|')}`;
        if (!seen || seen.stamp !== stamp || busy) {
          w.__idle[lab] = { stamp, since: performance.now() };
          return false;
        }
        return performance.now() - seen.since >= quietMs;
      },
      [lab, quietMs],
      { timeout, polling: 50 },
    );
  }

  /**
   * Drives `lab` through `moves` in turn, waiting after each until it is idle: `[name, value]`
   * sets a control, a string presses that action.
   */
  async function drive(lab, moves) {
    for (const move of moves) {
      if (typeof move === 'string') await click(lab, move);
      else await set(lab, ...move);
      await idle(lab);
    }
  }

  /** What each lab does at its heaviest, as a reader would drive it. */
  const SCENARIOS = {
    hero: async () => {
      // A new forest from a corner: the longest growth.
      await section('hero').locator('canvas').click({ position: { x: 10, y: 10 } });
      await idle('hero');
    },
    compare: async () => {
      await drive('compare', [['spacing', 10], 'new-seed']);
      for (const method of ['jittered', 'poisson', 'random']) {
        await section('compare').locator(`input[name="method"][value="${method}"]`).check();
        await idle('compare', 100);
      }
    },
    darts: async () => {
      await set('darts', 'radius', 8);
      await set('darts', 'misses', 5000);
      await click('darts', 'finish');
      await idle('darts');
    },
    grid: async () => {
      await set('grid', 'radius', 16);
      await idle('grid');
      const box = await section('grid').locator('canvas').boundingBox();
      for (let i = 0; i <= 20; i++) await page.mouse.move(box.x + (box.width * i) / 20, box.y + box.height / 2);
      await page.mouse.click(box.x + 10, box.y + 10);
      await idle('grid');
    },
    bridson: async () => {
      await set('bridson', 'radius', 8);
      await set('bridson', 'k', 60);
      await set('bridson', 'speed', 200);
      await set('bridson', 'show-grid', true);
      await click('bridson', 'play');
      await page.waitForTimeout(500);
      await click('bridson', 'finish');
      await idle('bridson');
    },
    density: async () => {
      await drive('density', [['min-radius', 3], ['max-radius', 80], ['show-density', false], ['show-density', true]]);
    },
    layers: async () => {
      await drive('layers', [['flower', 4], ['tree', 6], ['rock', 12], ['chest', 60], ['shared-grid', false], 'new-seed', ['show-flowers', false]]);
    },
    endless: async () => {
      // The smallest radius (the most points per chunk); then a drag across the map, a run of
      // jumps far away with the keyboard, and back home to chunks the world has forgotten.
      await drive('endless', [['radius', 6]]);
      const canvas = section('endless').locator('canvas');
      const box = await canvas.boundingBox();
      await page.mouse.move(box.x + box.width - 20, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 20, box.y + box.height / 2 - 80, { steps: 20 });
      await page.mouse.up();
      await idle('endless');
      await canvas.focus();
      for (let i = 0; i < 8; i++) await page.keyboard.press('Shift+ArrowDown');
      await idle('endless');
      await drive('endless', ['reset', 'new-seed']);
    },
    samplers: async () => {
      // The smallest spacing with the most tries: the most points to place and to paint. Then
      // k = 1, where the maximal sampler places nearly every point by filling gaps.
      await drive('samplers', [['radius', 8], ['k', 60], 'new-seed', ['k', 1]]);
    },
    relax: async () => {
      // Farthest-point optimisation from white noise (the dearest run), every start, a new seed
      // while a run records, and the slider from end to end.
      await section('relax').locator('input[name="method"][value="fpo"]').check();
      await idle('relax');
      for (const start of ['bridson', 'fast', 'random']) {
        await section('relax').locator('select[name="start"]').selectOption(start);
        await idle('relax');
      }
      await click('relax', 'new-seed');
      await page.waitForTimeout(40);
      await click('relax', 'new-seed');
      await idle('relax');
      await drive('relax', [0, 64, 10, 40].map((value) => ['iterations', value]));
    },
    spectrum: async () => {
      // Sixteen maps at the smallest spacing, for every point set (darts make the slowest sets).
      await set('spectrum', 'radius', 12);
      await set('spectrum', 'maps', 16);
      await idle('spectrum');
      for (const method of ['darts', 'random', 'jittered', 'bridson']) {
        await section('spectrum').locator(`input[name="method"][value="${method}"]`).check();
        await idle('spectrum');
      }
      await drive('spectrum', ['new-seed']);
    },
    stipple: async () => {
      // The densest stipple (smallest radii, darkest gamma) in mono and in colour, the mask at
      // its finest spacing over nearly all the picture, then a new picture and a new seed.
      await set('stipple', 'max-radius', 4);
      await set('stipple', 'min-radius', 1.5);
      await set('stipple', 'gamma', 4);
      await idle('stipple');
      await drive('stipple', [['colour', true]]);
      await set('stipple', 'show-picture', true);
      await set('stipple', 'mask', true);
      await set('stipple', 'threshold', 0.95);
      await set('stipple', 'spacing', 2);
      await idle('stipple');
      await section('stipple').locator('select[name="picture"]').selectOption('tree');
      await idle('stipple');
      await drive('stipple', ['new-seed']);
    },
    editor: async () => {
      // The widest brush: an erase drag across the whole map, a paint drag back over it (the
      // largest refill, sliced), an undo, and a new map.
      await set('editor', 'brush-size', 120);
      for (const tool of ['erase', 'paint']) {
        await section('editor').locator(`input[name="tool"][value="${tool}"]`).check();
        // Measured after the controls are used: reaching them may have scrolled the map.
        const map = section('editor').locator('canvas[data-role="map"]');
        await map.scrollIntoViewIfNeeded();
        const box = await map.boundingBox();
        await page.mouse.move(box.x + 5, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width - 5, box.y + box.height / 3, { steps: 20 });
        await page.mouse.up();
        await idle('editor');
      }
      await drive('editor', ['undo', 'new-seed']);
    },
    world: async () => {
      for (let i = 0; i < 3; i++) {
        await click('world', 'new-world');
        await idle('world', 400);
      }
      // A new world asked for while one is painting: the first is dropped half-way.
      await click('world', 'new-world');
      await page.waitForTimeout(40);
      await click('world', 'new-world');
      await idle('world', 400);
    },
  };

  /**
   * For a lab without a scenario: its sliders to their minimum, then their maximum (the first
   * four, to keep the run short), and its actions.
   */
  async function generic(lab) {
    const sliders = await section(lab).locator('input[type="range"][name]').evaluateAll((inputs) =>
      inputs.slice(0, 4).map((i) => ({ name: i.name, min: i.min, max: i.max })),
    );
    for (const end of ['min', 'max']) await drive(lab, sliders.map((slider) => [slider.name, slider[end]]));
    await drive(lab, ['new-seed', 'step', 'finish', 'reset']);
  }

  test('no lab blocks the main thread for more than 50 ms', async () => {
    const labs = await page.$$eval('section[data-lab]', (sections) =>
      sections.filter((s) => !s.querySelector('.lab-placeholder')).map((s) => s.dataset.lab),
    );
    // POISSON_LABS=layers,world measures only those labs (while working on one).
    const only = process.env.POISSON_LABS?.split(',');
    if (only) labs.splice(0, labs.length, ...labs.filter((lab) => only.includes(lab)));
    // Loading (held to its own test above): every lab started and settled first.
    await page.waitForFunction(allSettled, null, { timeout: 60_000, polling: 100 });
    const rows = [];

    for (const lab of labs) {
      await section(lab).scrollIntoViewIfNeeded();
      let best = null;
      const started = Date.now();
      for (let attempt = 0; attempt < 2 && !(best && best.worst <= LIMIT_MS); attempt++) {
        if (attempt > 0) {
          await page.reload();
          await session.waitForWasm();
          // Into view first: labs start their work when they come into view.
          await section(lab).scrollIntoViewIfNeeded();
          await idle(lab);
        }
        await page.evaluate(() => {
          window.__tasks.length = 0;
          window.__gap = 0;
        });
        await (SCENARIOS[lab] ?? (() => generic(lab)))();
        const { tasks, gap } = await page.evaluate(() => ({ tasks: window.__tasks.splice(0), gap: window.__gap }));
        const run = { lab, worst: Math.max(0, ...tasks.map((t) => t.ms)), count: tasks.length, gap, attempts: attempt + 1 };
        if (!best || run.worst < best.worst) best = { ...run };
        best.attempts = attempt + 1;
      }
      rows.push({ ...best, seconds: (Date.now() - started) / 1000 });
    }

    const failures = [];
    for (const { lab, worst, count, gap, attempts = 1, seconds } of rows) {
      let note = '';
      if (attempts > 1) note += ` (best of ${attempts} runs)`;
      if (seconds !== undefined) note += ` [${seconds.toFixed(1)} s]`;
      const shown = count === 0 ? `none over ${LIMIT_MS} ms` : `worst ${worst.toFixed(0)} ms (${count} over ${LIMIT_MS} ms)`;
      console.log(`long tasks: ${lab.padEnd(12)} ${shown}; longest frame gap ${gap.toFixed(0)} ms${note}`);
      if (worst > LIMIT_MS) failures.push(`${lab}: a ${worst.toFixed(0)} ms task`);
    }
    assert.deepEqual(failures, []);
  });

  testNoProblems(session);
});
