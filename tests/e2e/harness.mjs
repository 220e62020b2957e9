// Shared set-up for the browser tests: serves dist/ on 127.0.0.1, drives the system
// Chromium through playwright-core, and records what a test must not see (console errors,
// uncaught page errors, requests that leave this machine).
//
// Run `trunk build --release --offline` first (scripts/test.sh does); then `node --test tests/e2e/`.
//
// A test file calls `usePage()` once: the page opens before its tests and closes after them.
// `labOf(page, NAME)` reads and drives one lab as a reader does (readouts, controls, buttons,
// and waiting for its work to finish), and `testNoProblems` adds the closing check that nothing
// went wrong on the page meanwhile.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { mkdtemp, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');
// POISSON_DIST lets several people build and test at once, each with a dist of their own.
const DIST = process.env.POISSON_DIST ? resolve(process.env.POISSON_DIST) : join(ROOT, 'dist');
export const SCREENSHOTS = join(ROOT, 'artifacts', 'screenshots');
export const LABS = ['hero', 'compare', 'darts', 'grid', 'bridson', 'density', 'layers', 'tiles', 'endless', 'world', 'samplers', 'relax', 'space', 'spectrum', 'stipple', 'editor'];

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** Serves dist/ on 127.0.0.1 at a free port; resolves to `{ url, close }`. */
async function serveDist() {
  await stat(join(DIST, 'index.html')).catch(() => {
    throw new Error('dist/index.html is missing: run `trunk build --release --offline` first');
  });
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
    const file = normalize(join(DIST, path.endsWith('/') ? `${path}index.html` : path));
    if (file !== DIST && !file.startsWith(DIST + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-store',
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((done) => server.close(done)),
  };
}

/**
 * Starts the server and the browser and opens the page. Call once per test file (in
 * `before`), and `close()` in `after`.
 *
 * `deviceScaleFactor` is the emulated devicePixelRatio (2 exercises the high-DPI path, at the
 * cost of slower drawing on a small machine).
 *
 * The returned `problems` collect, for the whole run: `consoleErrors` (console.error and CSP
 * reports), `pageErrors` (uncaught exceptions), `externalRequests` (any URL whose host is not
 * 127.0.0.1; such requests are also aborted) and `failedRequests` (network failures, CSP
 * blocks and HTTP errors, with their URLs).
 */
export async function openPage({ viewport = { width: 1100, height: 900 }, deviceScaleFactor = 1 } = {}) {
  const server = await serveDist();
  const profile = await mkdtemp(join(tmpdir(), 'poisson-live-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport,
    deviceScaleFactor,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

  const problems = { consoleErrors: [], pageErrors: [], externalRequests: [], failedRequests: [] };
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const local = url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1';
    if (local) return route.continue();
    problems.externalRequests.push(url.href);
    return route.abort('blockedbyclient');
  });

  const page = context.pages()[0] ?? (await context.newPage());
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    problems.consoleErrors.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(String(error)));
  page.on('requestfailed', (request) => {
    problems.failedRequests.push(`${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.failedRequests.push(`${response.url()}: HTTP ${response.status()}`);
    }
  });

  await page.goto(server.url);

  return {
    page,
    url: server.url,
    problems,
    /** Waits until main.js reports the wasm module ready (or failed, which throws). */
    async waitForWasm() {
      await page.waitForFunction(() => document.documentElement.dataset.wasm, null, {
        timeout: 15_000,
      });
      const state = await page.evaluate(() => document.documentElement.dataset.wasm);
      if (state !== 'ready') {
        const banner = await page.locator('[data-role="panic"]').innerText();
        throw new Error(`wasm did not start (${state}): ${banner}`);
      }
    },
    /** Saves a screenshot of each lab's section to artifacts/screenshots/NAME.png. */
    async screenshotLabs(names = LABS) {
      await mkdir(SCREENSHOTS, { recursive: true });
      for (const name of names) {
        const section = page.locator(`section[data-lab="${name}"]`);
        await section.scrollIntoViewIfNeeded();
        // A lab starts when it comes into view: the picture is its first one, finished.
        await page.waitForFunction(
          (lab) => {
            const s = document.querySelector(`section[data-lab="${lab}"]`);
            return s.dataset.started === 'true' && !s.querySelector('canvas[data-role="map"]').hasAttribute('aria-busy');
          },
          name,
          { timeout: 30_000 },
        );
        await section.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
      }
    },
    /**
     * Closes the browser and the server. Fails if any request tried to leave the machine
     * during the file's tests, so every test file holds the page to "nothing leaves" even if it
     * never looks at `problems` itself.
     */
    async close() {
      await context.close();
      await server.close();
      await rm(profile, { recursive: true, force: true });
      if (problems.externalRequests.length > 0) {
        throw new Error(`requests left the machine: ${problems.externalRequests.join(', ')}`);
      }
    },
  };
}

/**
 * `target()` before it exists: a stand-in that forwards every property to it once it does, so
 * a test file can name `page` at its top and use it in its tests.
 */
function later(target) {
  return new Proxy(
    {},
    {
      get(_, key) {
        const object = target();
        if (!object) throw new Error('the page is not open yet: use it inside a test');
        const value = object[key];
        return typeof value === 'function' ? value.bind(object) : value;
      },
    },
  );
}

/**
 * Opens the page (as `openPage(options)` does) before the file's tests, waits for the wasm
 * module, and closes it after them. With `wasm: true` the page's bindings are also at
 * `window.poissonWasm`, for the tests' own reference figures; `ready()`, if given, runs next
 * (the file's own set-up: node runs a file's `before` hooks without waiting for each other, so
 * set-up that needs the page goes here). Returns `{session, page}`: `session` is what `openPage`
 * returns, filled in once open; `page` is its page.
 */
export function usePage({ wasm = false, ready = null, ...options } = {}) {
  const session = {};
  before(async () => {
    Object.assign(session, await openPage(options));
    await session.waitForWasm();
    if (wasm) await exposeWasm(session.page);
    await ready?.();
  });
  after(async () => {
    await session.close?.();
  });
  return { session, page: later(() => session.page) };
}

/**
 * A test file about one lab: the page opened with the wasm bindings exposed (`usePage`) and the
 * lab shown, and what its tests use, by name: `lab` (`labOf`), `section()` its section,
 * `frames()` two animation frames, `busy()` whether its map is marked busy, and `settled()`,
 * its `idle` with `timeout`.
 */
export function useLab(name, { timeout = 30_000, ...options } = {}) {
  const { session, page } = usePage({ wasm: true, ready: () => lab.show(), ...options });
  const lab = labOf(page, name);
  return {
    session,
    page,
    lab,
    section: () => lab.section,
    frames: () => frames(page, 2),
    busy: lab.busy,
    settled: () => lab.idle({ timeout }),
  };
}

/** Makes the page's wasm bindings available as `window.poissonWasm`. */
export async function exposeWasm(page) {
  await page.evaluate(async () => {
    const loader = document.querySelector('script[data-bindings]');
    window.poissonWasm = await import(loader.dataset.bindings);
  });
}

/**
 * `work()` run on `page` (the real page, `session.page`) and measured as the long-task rule
 * holds it, a second time when the first run had a task over `limit` ms on the clock (on a busy
 * 2-core machine another process can stretch one task's clock time now and then; the better
 * run counts). Each run resolves to what `work` resolved to, with `worst` (the longest task
 * over 50 ms on the clock, the browser's 'longtask' entries, or 0), `count` (how many) and
 * `cpu` (the most CPU one main-thread task used, from `traceCpu`). Resolves to the runs.
 */
export async function longTaskRuns(page, work, limit = 50) {
  const runs = [];
  for (let attempt = 0; attempt < 2 && !(runs.length && runs.at(-1).worst <= limit); attempt++) {
    await page.evaluate(() => {
      window.__measuredTasks = [];
      window.__measuredObserver?.disconnect();
      window.__measuredObserver = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__measuredTasks.push(entry.duration);
      });
      window.__measuredObserver.observe({ type: 'longtask' });
    });
    const stop = await traceCpu(page);
    const result = await work();
    const cpu = await stop();
    const tasks = await page.evaluate(() => window.__measuredTasks.splice(0));
    runs.push({ ...result, worst: Math.max(0, ...tasks), count: tasks.length, cpu });
  }
  return runs;
}

/**
 * Starts a Chromium trace of `page`'s main thread (the real page, not `usePage`'s stand-in).
 * Resolves to `stop()`, which resolves to the most CPU time (ms) one main-thread task used
 * meanwhile: the page's own work, however busy the machine (tests/e2e/long-tasks.test.mjs says
 * why a 50 ms rule on a busy 2-core machine checks it beside the clock).
 */
export async function traceCpu(page) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'disabled-by-default-devtools.timeline'] }, transferMode: 'ReportEvents' });
  return async () => {
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    const main = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.some((m) => m.pid === e.pid && m.tid === e.tid));
    // A trace that saw nothing would pass any limit.
    if (tasks.length === 0) throw new Error('the trace saw no main-thread task');
    return Math.max(...tasks.map((t) => (t.tdur ?? 0) / 1000));
  };
}

/** Resolves after `count` animation frames. */
export function frames(page, count = 2) {
  return page.evaluate(
    (n) =>
      new Promise((done) => {
        const next = (left) => (left ? requestAnimationFrame(() => next(left - 1)) : done());
        next(n);
      }),
    count,
  );
}

/**
 * Reading and driving what `locate()` finds (a lab's section, a table row) as a reader does:
 * readouts by name, controls by name, buttons by action.
 */
export function within(locate) {
  const on = {
    locator: (css) => locate().locator(css),
    /** The text of readout `key`, trimmed. */
    readout: async (key) => (await on.locator(`[data-readout="${key}"]`).first().innerText()).trim(),
    /** Readout `key` as a whole number; fails unless it shows a bare integer. */
    async count(key) {
      const text = await on.readout(key);
      assert.match(text, /^\d+$/, `readout ${key} is a bare integer, got "${text}"`);
      return Number(text);
    },
    /** Types `value` into control `key` and fires what a reader's edit fires. */
    async set(key, value) {
      const input = on.locator(`[name="${key}"]`);
      await input.fill(String(value));
      await input.dispatchEvent('input');
      await input.dispatchEvent('change');
    },
    /** Clicks button `action`, opening the lab's menu first if the button is folded in it. */
    async click(action) {
      const button = on.locator(`[data-action="${action}"]`).first();
      await openMenuOf(button);
      await button.click();
    },
    /** Waits until readout `key` satisfies `ok(text)`; returns the text. */
    async waitForReadout(key, ok, timeout = 10_000) {
      const started = Date.now();
      for (;;) {
        const text = await on.readout(key);
        if (ok(text)) return text;
        if (Date.now() - started > timeout) throw new Error(`readout ${key} stuck at "${text}"`);
        await new Promise((done) => setTimeout(done, 30));
      }
    },
  };
  return on;
}

/**
 * Opens the `<details>` menu that holds `button` (a lab's exports and Copy link, www/lib/lab.js)
 * when it is closed, as a reader opens it before clicking; nothing for a button outside one.
 */
export async function openMenuOf(button) {
  const menu = button.locator('xpath=ancestor::details[1]');
  if ((await menu.count()) > 0 && !(await menu.evaluate((details) => details.open))) await menu.locator('summary').click();
}

/** One lab, read and driven as a reader does (see `within`), and waited for. */
export function labOf(page, name) {
  const selector = `section[data-lab="${name}"]`;
  const lab = within(() => page.locator(selector));
  return Object.defineProperties(lab, {
    name: { value: name },
    section: { get: () => page.locator(selector) },
    canvas: { get: () => page.locator(`${selector} canvas[data-role="map"]`) },
    /** The map's pixels, as a data URL. */
    pixels: { value: () => lab.canvas.evaluate((canvas) => canvas.toDataURL()) },
    /** Whether the map is marked busy (work in progress). */
    busy: { value: () => lab.canvas.evaluate((canvas) => canvas.hasAttribute('aria-busy')) },
    /** Scrolls the lab into view, where it starts, and waits for its first work to be done. */
    show: {
      async value() {
        await lab.section.scrollIntoViewIfNeeded();
        await page.waitForFunction((css) => document.querySelector(css).dataset.started === 'true', selector);
        await lab.idle();
      },
    },
    /**
     * Waits until the lab has taken the last change (its work starts in the next frame), done
     * it and drawn it: two frames, then no aria-busy on the map.
     */
    idle: {
      async value({ timeout = 30_000 } = {}) {
        await frames(page, 2);
        await page.waitForFunction(
          (css) => !document.querySelector(css).hasAttribute('aria-busy'),
          `${selector} canvas[data-role="map"]`,
          { timeout, polling: 'raf' },
        );
      },
    },
  });
}

/**
 * A test: on a 360 px wide phone the lab's section does not scroll sideways. Saves
 * `LAB-phone.png` and puts the desktop viewport back.
 */
export function testFitsPhone(page, lab) {
  test('on a phone the lab fits the screen', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await frames(page, 3);
    const section = page.locator(`section[data-lab="${lab}"]`);
    // On screen, so that it is laid out (style.css skips sections far from view).
    await section.scrollIntoViewIfNeeded();
    await frames(page, 2);
    const overflow = await section.evaluate((s) => s.scrollWidth - s.clientWidth);
    assert.ok(overflow <= 0, `the section scrolls sideways by ${overflow} px`);
    await section.screenshot({ path: join(SCREENSHOTS, `${lab}-phone.png`) });
    await page.setViewportSize({ width: 1100, height: 900 });
  });
}

/**
 * The closing test of a file: no uncaught error, no console error, no request that left the
 * machine (nor, with `failed`, any failed request) in the whole run, and no panic banner.
 */
export function testNoProblems(session, { failed = false, title = 'no console errors, page errors or requests that leave the machine' } = {}) {
  test(title, async () => {
    const { consoleErrors, pageErrors, externalRequests, failedRequests } = session.problems;
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(consoleErrors, []);
    assert.deepEqual(externalRequests, []);
    if (failed) assert.deepEqual(failedRequests, []);
    const banner = session.page.locator('[data-role="panic"]');
    assert.equal(await banner.isHidden(), true, `the panic banner shows: ${await banner.textContent()}`);
  });
}
