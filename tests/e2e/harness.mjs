// Shared set-up for the browser tests: serves dist/ on 127.0.0.1, drives the system
// Chromium through playwright-core, and records what a test must not see (console errors,
// uncaught page errors, requests that leave this machine).
//
// Run `trunk build --release --offline` first (scripts/test.sh does); then `node --test tests/e2e/`.

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
export const LABS = ['hero', 'compare', 'darts', 'grid', 'bridson', 'density', 'layers', 'tiles', 'endless', 'world', 'samplers', 'spectrum', 'stipple'];

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
