// Bad input, fed to every control of every lab: nothing a reader types may break the page.
//
// The controls are found in the DOM (every input[name] in every lab section), so a control added
// later is covered without touching this file. Each number field and slider gets 0, negative
// numbers, "NaN", text, an empty field, huge values and a tiny radius; seed fields also get the
// seeds that a careless lab would wrap or round into a valid one. Each refused value must:
//   - show a message beside the control (its [data-error-for=NAME] slot),
//   - keep the last good picture (every pixel of the map canvas unchanged),
//   - raise no uncaught exception, console error or panic banner,
//   - leave the page answering within 100 ms (a requestAnimationFrame round trip, best of three),
// and once the control's values are done, another good value is taken without a message and the
// lab draws the same picture again with the control's own value back.
//
// A browser clamps what a reader drags or types into a slider, so each slider is turned into a
// text field for the duration of its test: the raw text then reaches the lab's own code path.
// A second test calls the wasm exports the labs use with the same values, straight from the page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { frames, labOf, testNoProblems, usePage } from './harness.mjs';

/** What every number field and slider is fed. */
const BAD = ['0', '-5', '-1e9', 'NaN', 'abc', '', '1e9', '1e30', '0.001', 'Infinity'];
/** Seeds a lab would get wrong by wrapping (2^32 + 123456), rounding or clamping, and the stuck one. */
const BAD_SEEDS = ['123456.5', '4295090752', '2147483648', '-2147483649', '-2147483646'];
/** The page must answer within this long after a bad value (ms). */
const ANSWER_MS = 100;

const { session, page } = usePage({
  async ready() {
    // Labs that animate finish at once under reduced motion, so a picture settles quickly.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(installHelpers);
  },
});

/** In-page helpers (run inside the browser). */
function installHelpers() {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done(performance.now())));
  const section = (lab) => document.querySelector(`section[data-lab="${lab}"]`);
  // A 64-bit fingerprint of every pixel (two hashes over the RGBA words): compares pictures as
  // toDataURL() would, without encoding a PNG each time.
  const picture = (lab) => {
    const canvas = section(lab).querySelector('canvas[data-role="map"]');
    const words = new Uint32Array(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data.buffer);
    let a = 0x811c9dc5;
    let b = 0x01000193;
    for (let i = 0; i < words.length; i++) {
      a = Math.imul(a ^ words[i], 0x01000193);
      b = Math.imul(b + words[i], 0x85ebca6b) ^ (b >>> 13);
    }
    return `${canvas.width}x${canvas.height}:${(a >>> 0).toString(16)}${(b >>> 0).toString(16)}`;
  };
  const busy = (lab) => {
    const s = section(lab);
    return s.querySelector('canvas[data-role="map"]').hasAttribute('aria-busy') || s.dataset.state === 'painting';
  };
  const messageFor = (lab, name) => section(lab).querySelector(`[data-error-for="${name}"]`)?.textContent.trim() ?? '';

  window.__bad = {
    messageFor,
    picture,
    /** Waits until the lab is idle and its picture has held still for `quietMs`; returns it. */
    async settle(lab, quietMs = 60, timeoutMs = 20_000) {
      const started = performance.now();
      let last = picture(lab);
      let since = performance.now();
      for (;;) {
        await frame();
        const now = picture(lab);
        if (now !== last || busy(lab)) {
          last = now;
          since = performance.now();
        } else if (performance.now() - since >= quietMs) {
          return now;
        }
        if (performance.now() - started > timeoutMs) throw new Error(`${lab} never settled`);
      }
    },
    /**
     * Types `text` into control `name` as a reader would (a slider becomes a text field first,
     * so the browser cannot clamp it), then waits up to `waitMs` for a message beside it.
     * Returns the message, what the field holds, and the next frame's round trip (ms).
     */
    async feed(lab, name, text, waitMs = 0) {
      const input = section(lab).querySelector(`input[name="${name}"]`);
      if (input.type === 'range') {
        input.dataset.wasRange = 'true';
        input.type = 'text';
      }
      // Empty the message slot first, so a message seen afterwards is this value's own.
      const slot = section(lab).querySelector(`[data-error-for="${name}"]`);
      if (slot) slot.textContent = '';
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
      const started = performance.now();
      await frame();
      while (!messageFor(lab, name) && performance.now() - started < waitMs) await frame();
      // The round trip after the lab has had its say: how soon the page answers again. A busy
      // machine can stall one frame; a page still working stalls every one, so the best of three
      // round trips is what counts.
      let answerMs = Infinity;
      let firstMs = 0;
      for (let i = 0; i < 3 && answerMs > 50; i++) {
        const t0 = performance.now();
        const ms = (await frame()) - t0;
        if (i === 0) firstMs = ms;
        answerMs = Math.min(answerMs, ms);
      }
      return {
        message: messageFor(lab, name),
        field: input.value,
        answerMs,
        firstMs,
        picture: picture(lab),
        panic: !document.querySelector('[data-role="panic"]').hidden,
      };
    },
    /** Puts a good value back (a slider becomes a slider again). */
    restore(lab, name, text) {
      const input = section(lab).querySelector(`input[name="${name}"]`);
      if (input.dataset.wasRange) {
        input.type = 'range';
        delete input.dataset.wasRange;
      }
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    /** The crate's verdict on a seed: null if accepted, else its message. */
    async crateSeedMessage(seed) {
      const loader = document.querySelector('script[data-bindings]');
      const wasm = await import(loader.dataset.bindings);
      try {
        new wasm.PoissonSampler(10, 10, 5, 1, seed).free();
        return null;
      } catch (error) {
        return error.message;
      }
    },
  };
}

/** Every lab section that mounted a module, with its text-like controls and the others. */
async function inventory() {
  return page.$$eval('section[data-lab]', (sections) =>
    sections
      .filter((s) => !s.querySelector('.lab-placeholder') && s.querySelector('[data-role="controls"] input'))
      .map((s) => ({
        lab: s.dataset.lab,
        controls: [...s.querySelectorAll('input[name]')].map((input) => ({
          name: input.name,
          type: input.type,
          value: input.value,
          checked: input.checked,
          min: input.min === '' ? null : Number(input.min),
          max: input.max === '' ? null : Number(input.max),
          step: input.step === '' || input.step === 'any' ? null : Number(input.step),
        })),
        newSeed: s.querySelector('[data-action="new-seed"], [data-action="new-world"]')?.dataset.action ?? null,
      })),
  );
}

/** Whether a value is one the lab should accept: a number in the control's range. */
function inRange(control, text) {
  if (text.trim() === '') return false;
  const value = Number(text);
  if (!Number.isFinite(value)) return false;
  if (control.min !== null && value < control.min) return false;
  if (control.max !== null && value > control.max) return false;
  if (control.step !== null && Number.isInteger(control.step) && !Number.isInteger(value)) return false;
  return true;
}

/** A good value other than the current one, inside the control's range. */
function otherGoodValue(control) {
  if (control.name === 'seed') return '42';
  const value = Number(control.value);
  const step = control.step ?? 1;
  const up = value + step;
  return String(control.max === null || up <= control.max ? up : value - step);
}

/** A lab whose picture waits for a pause in typing needs a longer quiet spell to settle. */
const quietFor = (lab) => (lab === 'world' ? 400 : 35);

function problemCounts() {
  const { consoleErrors, pageErrors } = session.problems;
  return consoleErrors.length + pageErrors.length;
}

test('every control refuses bad input with a message, keeps its picture and stays responsive', async () => {
  const labs = await inventory();
  assert.ok(labs.length >= 7, `labs with controls: ${labs.map((l) => l.lab).join(', ')}`);
  // The crate's verdict on every seed tried (null: accepted), asked once.
  const seedVerdicts = await page.evaluate(async (texts) => {
    const verdicts = {};
    for (const text of texts) {
      if (text.trim() !== '' && Number.isFinite(Number(text))) verdicts[text] = await window.__bad.crateSeedMessage(Number(text));
    }
    return verdicts;
  }, [...BAD, ...BAD_SEEDS]);
  let tried = 0;
  let accepted = 0;
  let slowest = 0;
  const failures = [];
  const messages = new Map();
  const fail = (what) => failures.push(what);

  let good;
  for (const { lab, controls, newSeed } of labs) {
    const quiet = quietFor(lab);
    const waitMs = lab === 'world' ? 1500 : 300;
    // The hero grew while the page loaded; regrow it under reduced motion so it stands still.
    const reset = page.locator(`section[data-lab="${lab}"] [data-action="reset"]`);
    if ((await reset.count()) > 0) await reset.first().click();
    good = await page.evaluate(([l, q]) => window.__bad.settle(l, q), [lab, quiet]);

    for (const control of controls) {
      if (control.type === 'radio') continue; // a choice among fixed options: nothing to type
      const original = good;
      if (control.type === 'file') continue; // a file picker takes files, not typed text
      if (control.type === 'checkbox') {
        // Nothing can be typed into a checkbox; toggling it twice must give the same picture.
        const box = page.locator(`section[data-lab="${lab}"] input[name="${control.name}"]`);
        const before = problemCounts();
        await box.click();
        await page.evaluate(([l, q]) => window.__bad.settle(l, q), [lab, quiet]);
        await box.click();
        const again = await page.evaluate(([l, q]) => window.__bad.settle(l, q), [lab, quiet]);
        if (again !== good) fail(`${lab}/${control.name}: toggled twice, the picture changed`);
        if (problemCounts() !== before) fail(`${lab}/${control.name}: toggling raised errors`);
        continue;
      }

      const values = control.name === 'seed' ? [...BAD, ...BAD_SEEDS] : BAD;
      for (const text of values) {
        const where = `${lab}/${control.name} = ${JSON.stringify(text)}`;
        const errorsBefore = problemCounts();
        // A seed is judged by the crate's one rule; anything else by the control's range.
        let shouldAccept = inRange(control, text);
        let crateMessage = null;
        if (control.name === 'seed' && text.trim() !== '' && Number.isFinite(Number(text))) {
          // The page must refuse exactly the seeds the crate refuses, in the crate's words.
          crateMessage = seedVerdicts[text];
          shouldAccept = crateMessage === null;
        }
        const result = await page.evaluate(
          ([l, n, t, w]) => window.__bad.feed(l, n, t, w),
          [lab, control.name, text, shouldAccept ? 0 : waitMs],
        );
        if (shouldAccept) {
          // A valid value (seed 0, −5, 1e9): taken as it is, without a message; its picture is
          // the last good one for the bad values that follow.
          accepted += 1;
          good = await page.evaluate(([l, q]) => window.__bad.settle(l, q), [lab, quiet]);
          const message = await page.evaluate(([l, n]) => window.__bad.messageFor(l, n), [lab, control.name]);
          if (message) fail(`${where}: a valid value was refused: ${message}`);
        } else {
          tried += 1;
          const now = result.picture;
          if (!result.message) fail(`${where}: no message beside the control`);
          else messages.set(`${lab}/${control.name}:${result.message}`, result.message);
          if (crateMessage && result.message !== crateMessage) {
            fail(`${where}: the page says "${result.message}", the crate "${crateMessage}"`);
          }
          if (now !== good) fail(`${where}: the picture changed`);
          if (result.answerMs > ANSWER_MS) fail(`${where}: the page took ${result.answerMs.toFixed(0)} ms to answer`);
          slowest = Math.max(slowest, result.firstMs);
        }
        if (problemCounts() !== errorsBefore) fail(`${where}: raised an error`);
        if (result.panic) fail(`${where}: the panic banner is showing`);
      }

      // The lab works again: after the bad values another good value is taken without a
      // message, and with the control's own value back the original picture returns.
      const after = `${lab}/${control.name} after ${values.length} bad values`;
      const other = otherGoodValue(control);
      await page.evaluate(([l, n, t]) => window.__bad.restore(l, n, t), [lab, control.name, other]);
      await page.evaluate(([l, q]) => window.__bad.settle(l, q), [lab, quiet]);
      const refused = await page.evaluate(([l, n]) => window.__bad.messageFor(l, n), [lab, control.name]);
      if (refused) fail(`${after}: the good value ${other} was refused: ${refused}`);
      await page.evaluate(([l, n, t]) => window.__bad.restore(l, n, t), [lab, control.name, control.value]);
      good = await page.evaluate(([l, q]) => window.__bad.settle(l, q), [lab, quiet]);
      const left = await page.evaluate(([l, n]) => window.__bad.messageFor(l, n), [lab, control.name]);
      if (left) fail(`${after}: with its own value back, the message stayed: ${left}`);
      if (good !== original) fail(`${after}: with its own value back, the picture differs from before`);
    }

    // The lab still works: a fresh seed draws a new picture, with no message anywhere.
    if (newSeed) {
      await page.locator(`section[data-lab="${lab}"] [data-action="${newSeed}"]`).click();
      // A lab that starts from an empty map (the darts) needs one step to show the new seed.
      const step = page.locator(`section[data-lab="${lab}"] [data-action="step"]`);
      if ((await step.count()) > 0) await step.click();
      const fresh = await page.evaluate(([l, q]) => window.__bad.settle(l, q), [lab, quiet]);
      if (fresh === good) fail(`${lab}: ${newSeed} after bad input drew the same picture`);
      const shown = await page.$$eval(`section[data-lab="${lab}"] [data-error-for]`, (slots) =>
        slots.map((s) => s.textContent.trim()).filter(Boolean),
      );
      if (shown.length) fail(`${lab}: messages left after ${newSeed}: ${shown.join(' | ')}`);
      const seed = controls.find((c) => c.name === 'seed');
      if (seed) {
        await page.evaluate(([l, t]) => window.__bad.restore(l, 'seed', t), [lab, seed.value]);
        await page.evaluate(([l, q]) => window.__bad.settle(l, q), [lab, quiet]);
      }
    }
  }

  console.log([...new Set(messages.values())].map((m) => `  message: ${m}`).join('\n'));
  console.log(
    `bad input: ${tried} inputs tried, ${failures.length} failures (${accepted} valid values accepted; ` +
      `slowest first frame after a refusal ${slowest.toFixed(0)} ms)`,
  );
  assert.deepEqual(failures, []);
  assert.ok(tried >= 200, `tried ${tried} bad inputs`);
});

test('the bindings the labs call refuse the same values with a JS error, never a panic', async () => {
  const report = await page.evaluate(async ([bad]) => {
    const loader = document.querySelector('script[data-bindings]');
    const wasm = await import(loader.dataset.bindings);
    const W = 720;
    const H = 400;
    const map = new wasm.BiomeMap(W, H, 123456);
    // Each lab's constructor with one argument replaced by a bad value; the others are good.
    const makers = {
      'PoissonSampler radius': (v) => new wasm.PoissonSampler(W, H, v, 30, 1),
      'PoissonSampler k': (v) => new wasm.PoissonSampler(W, H, 32, v, 1),
      'PoissonSampler seed': (v) => new wasm.PoissonSampler(W, H, 32, 30, v),
      'CompareJob spacing': (v) => new wasm.CompareJob(W, H, v, 1),
      'CompareJob seed': (v) => new wasm.CompareJob(W, H, 26, v),
      'DartThrower radius': (v) => new wasm.DartThrower({ width: W, height: H, radius: v, misses: 500, seed: 1 }),
      'DartThrower misses': (v) => new wasm.DartThrower({ width: W, height: H, radius: 26, misses: v, seed: 1 }),
      'DartThrower seed': (v) => new wasm.DartThrower({ width: W, height: H, radius: 26, misses: 500, seed: v }),
      'Grid radius': (v) => new wasm.Grid({ width: W, height: H, radius: v, seed: 1, keep: 0.55 }),
      'Grid seed': (v) => new wasm.Grid({ width: W, height: H, radius: 44, seed: v, keep: 0.55 }),
      'Grid keep': (v) => new wasm.Grid({ width: W, height: H, radius: 44, seed: 1, keep: v }),
      'BiomeMap seed': (v) => new wasm.BiomeMap(W, H, v),
    };
    const forest = { width: W, height: H, minRadius: 9, maxRadius: 36, patchSize: 5, k: 30, seed: 1 };
    for (const key of ['minRadius', 'maxRadius', 'patchSize', 'seed']) {
      makers[`ForestJob ${key}`] = (v) => new wasm.ForestJob({ ...forest, [key]: v });
    }
    const spacings = { chest: 160, rock: 44, tree: 16, flower: 8, sharedGrid: true };
    for (const key of ['chest', 'rock', 'tree', 'flower']) {
      makers[`Placer ${key}`] = (v) => new wasm.Placer(map, { ...spacings, [key]: v, sharedGrid: key !== 'tree' });
    }
    // The samplers and spectrum labs' jobs.
    const run = { width: W, height: H, radius: 20, k: 30, seed: 1 };
    const spectrum = { kind: 'darts', width: W, height: H, radius: 20, seed: 1, maps: 2, fxMax: 64, fyMax: 36 };
    Object.assign(makers, {
      'SamplerJob radius': (v) => new wasm.SamplerJob({ ...run, method: 'maximal', radius: v }),
      'SamplerJob k': (v) => new wasm.SamplerJob({ ...run, method: 'parent-cone', k: v }),
      'SamplerJob seed': (v) => new wasm.SamplerJob({ ...run, method: 'roberts', seed: v }),
      'SpectrumJob radius': (v) => new wasm.SpectrumJob({ ...spectrum, radius: v }),
      'SpectrumJob seed': (v) => new wasm.SpectrumJob({ ...spectrum, kind: 'bridson', seed: v }),
      'SpectrumJob maps': (v) => new wasm.SpectrumJob({ ...spectrum, kind: 'random', maps: v }),
      'WorldPainter seed': (v) => new wasm.WorldPainter(v),
    });
    // What a lab does next with an object it got: run it a little and read it.
    const exercise = (object) => {
      if (typeof object.run === 'function') object.run(5000);
      for (const getter of ['points', 'kept', 'active', 'tried']) {
        if (typeof object[getter] === 'function') object[getter]();
      }
      if (typeof object.probe === 'function') object.probe(Number.NaN, Number.POSITIVE_INFINITY);
      if (typeof object.add === 'function') object.add(Number.NaN, -1);
      if (typeof object.startAt === 'function') object.startAt(Number.NaN, Number.NaN);
      if (typeof object.rejected === 'function') object.rejected(-5);
    };
    const rows = [];
    for (const [label, make] of Object.entries(makers)) {
      for (const text of bad) {
        const value = text.trim() === '' ? Number.NaN : Number(text);
        const started = performance.now();
        let outcome;
        try {
          const object = make(value);
          exercise(object);
          object.free();
          outcome = { ok: true };
        } catch (error) {
          outcome = {
            ok: false,
            js: error instanceof Error && !(error instanceof WebAssembly.RuntimeError),
            message: error instanceof Error ? error.message : String(error),
          };
        }
        rows.push({ label, text, ms: performance.now() - started, ...outcome });
      }
    }
    map.free();
    // The module still works afterwards.
    const sampler = new wasm.PoissonSampler(W, H, 24, 30, 123456);
    sampler.startRandom();
    sampler.finish();
    const points = sampler.pointCount;
    sampler.free();
    return { rows, points };
  }, [[...BAD, ...BAD_SEEDS]]);

  const failures = [];
  for (const row of report.rows) {
    const where = `${row.label} = ${JSON.stringify(row.text)}`;
    if (!row.ok && !row.js) failures.push(`${where}: not a JS Error: ${row.message}`);
    if (!row.ok && !(row.message?.length > 10)) failures.push(`${where}: no readable message`);
    if (!row.ok && /unreachable|panicked|RuntimeError/i.test(row.message)) failures.push(`${where}: ${row.message}`);
    // A refusal is a check before any work: it must come back at once.
    if (!row.ok && row.ms > ANSWER_MS) failures.push(`${where}: refused, but only after ${row.ms.toFixed(0)} ms`);
  }
  // The core's refusals name the rule and what to change.
  const message = (label, text) => report.rows.find((r) => r.label === label && r.text === text)?.message;
  assert.match(message('PoissonSampler radius', '0.001'), /^radius 0\.001 on 720 × 400 needs .* grid cells; the limit is .*; use a radius ≥ [\d.]+$/);
  assert.match(message('PoissonSampler k', '-5'), /^k must be between 1 and 10000, got -5$/);
  assert.match(message('DartThrower misses', '1e30'), /^misses must be between 0 and 1000000, got 1e30$/);
  assert.match(message('PoissonSampler seed', '1e30'), /^seed must be a whole number from -2147483648 to 2147483647, got 1e30$/);
  assert.match(message('PoissonSampler seed', '4295090752'), /got 4295090752$/);
  assert.match(message('PoissonSampler seed', '-2147483646'), /pick any other seed/);
  assert.equal(report.points, 315, 'the module still samples the reference forest');
  const refused = report.rows.filter((r) => !r.ok).length;
  console.log(`bindings: ${report.rows.length} calls, ${refused} refused with a JS error, ${failures.length} failures`);
  assert.deepEqual(failures, []);
  assert.equal(await page.locator('[data-role="panic"]').isHidden(), true);
});

test('a refusal stays beside its own control when another control changes (darts; a stipple upload)', async () => {
  const slot = (lab, name) => page.locator(`section[data-lab="${lab}"] [data-error-for="${name}"]`);
  const crate = await page.evaluate(() => window.__bad.crateSeedMessage(1.5));
  assert.match(crate, /^seed must be a whole number/);
  /** Waits until `check()` holds, a frame at a time, for up to `ms`. */
  const until = async (check, ms = 5000) => {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > ms) return false;
      await new Promise((done) => setTimeout(done, 30));
    }
    return true;
  };
  const seedShown = async (lab) => until(async () => (await slot(lab, 'seed').textContent()).trim() === crate);

  // The darts: seed 1.5 is refused at the seed; a good number of misses then changes nothing
  // about where that refusal is shown.
  const darts = labOf(page, 'darts');
  await darts.section.scrollIntoViewIfNeeded();
  await darts.set('seed', '1.5');
  assert.ok(await seedShown('darts'), `darts: the seed's message is "${await slot('darts', 'seed').textContent()}"`);
  await darts.set('misses', '100');
  await frames(page, 4);
  assert.equal((await slot('darts', 'seed').textContent()).trim(), crate, 'darts: the seed keeps its message');
  assert.equal((await slot('darts', 'misses').textContent()).trim(), '', 'darts: no message beside misses');
  await darts.set('misses', '500');
  await darts.set('seed', '123456');
  assert.ok(await until(async () => (await slot('darts', 'seed').textContent()).trim() === ''), 'darts: a good seed clears it');

  // The stipple lab: seed 1.5, then a picture uploaded; the seed's message stays at the seed.
  const stipple = labOf(page, 'stipple');
  await stipple.section.scrollIntoViewIfNeeded();
  await stipple.set('seed', '1.5');
  assert.ok(await seedShown('stipple'), `stipple: the seed's message is "${await slot('stipple', 'seed').textContent()}"`);
  const png = await readFile(new URL('../../crates/core/tests/golden_world_123456.png', import.meta.url));
  await stipple.locator('input[name="image"]').setInputFiles({ name: 'world.png', mimeType: 'image/png', buffer: png });
  // The upload is decoded and taken in (the menu shows "Your image") before the stipple is asked for.
  assert.ok(await until(async () => (await stipple.locator('select[name="picture"]').inputValue()) === 'upload'), 'the upload was taken');
  await frames(page, 6);
  assert.equal((await slot('stipple', 'seed').textContent()).trim(), crate, 'stipple: the seed keeps its message');
  assert.equal((await slot('stipple', 'image').textContent()).trim(), '', 'stipple: no message beside the upload');
  await stipple.set('seed', '123456');
  assert.ok(await until(async () => (await slot('stipple', 'seed').textContent()).trim() === ''), 'stipple: a good seed clears it');
});

testNoProblems(session);
