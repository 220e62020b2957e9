// The stipple lab, driven as a reader drives it: pick pictures, tick colour and mask, drop an
// image, type a bad radius. Reference figures come from the core through the page's own wasm
// module (the same bindings the lab uses), for the same image bytes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { crc32, deflateSync } from 'node:zlib';
import { join } from 'node:path';
import { SCREENSHOTS, labOf, testNoProblems, usePage } from './harness.mjs';

const K = 30;
const DEFAULTS = { seed: 123456, min: 2, max: 24, threshold: 0.5, spacing: 6 };

const { session, page } = usePage();
const stipple = labOf(page, 'stipple');
const lab = () => stipple.section;
const { count, readout } = stipple;
const setControl = stipple.set;

async function setCheckbox(name, checked) {
  await lab().locator(`[name="${name}"]`).setChecked(checked);
}

/** Waits until every dot is placed (the canvas drops aria-busy) and a frame has drawn them. */
const grown = () => stipple.idle();

/**
 * Asks the core, through the page's own bindings, about a built-in picture rebuilt from its
 * RGBA bytes (as the page hands pixels over): `op` is `mono` (dot count), `colour` (three
 * counts), `mask` (count, dots on light ground, allowed share) or `error` (the message for
 * min radius `a.min` above max radius `a.max`).
 */
async function core(op, picture, args = {}) {
  return page.evaluate(
    async ([op, picture, a]) => {
      const wasm = await import(document.querySelector('script[data-bindings]').dataset.bindings);
      const render = new wasm.PictureJob(picture, 720, 400);
      const built = render.finish();
      render.free();
      const image = new wasm.StippleImage(720, 400, built.rgba());
      built.free();
      /** The dot sets, stippled in one call. */
      const stippled = (options) => {
        const job = new wasm.Stippling(image, { k: a.k, seed: a.seed, ...options });
        try {
          return [...job.finish()];
        } finally {
          job.free();
        }
      };
      try {
        if (op === 'mono') return stippled({ mode: 'mono', minRadius: a.min, maxRadius: a.max })[0].length / 3;
        if (op === 'colour') return stippled({ mode: 'colour', minRadius: a.min, maxRadius: a.max }).map((s) => s.length / 3);
        if (op === 'mask') {
          const [dots] = stippled({ mode: 'mask', threshold: a.threshold, radius: a.spacing });
          const luma = image.lumaPlane();
          let light = 0;
          for (let i = 0; i < dots.length; i += 3) {
            const v = luma[Math.floor(dots[i + 1]) * 720 + Math.floor(dots[i])];
            if (!(v / 255 < a.threshold)) light++;
            // The core's own rule agrees (checked on a sample: each call builds the mask).
            if (i % 60 === 0 && !image.maskAllows(a.threshold, dots[i], dots[i + 1])) light++;
            if (dots[i + 2] !== a.spacing) light++;
          }
          return { count: dots.length / 3, light, coverage: image.maskCoverage(a.threshold) };
        }
        try {
          new wasm.Stippling(image, { mode: 'mono', minRadius: a.min, maxRadius: a.max, k: a.k, seed: a.seed }).free();
          return 'no error';
        } catch (error) {
          return error.message;
        }
      } finally {
        image.free();
      }
    },
    [op, picture, { ...DEFAULTS, k: K, ...args }],
  );
}

const coreMono = (picture, args) => core('mono', picture, args);

/** An 8-bit RGB PNG of `width × height` whose pixel colours come from `rgb(x, y)`. */
function png(width, height, rgb) {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const at = y * (width * 3 + 1);
    rows[at] = 0; // filter: none
    for (let x = 0; x < width; x++) rows.set(rgb(x, y), at + 1 + x * 3);
  }
  const chunk = (type, data) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A black disc on white, 90 × 50 (it fits the 720 × 400 map exactly at 8×). */
const DISC_PNG = png(90, 50, (x, y) => ((x - 45) ** 2 + (y - 25) ** 2 < 18 ** 2 ? [0, 0, 0] : [255, 255, 255]));

test('the default sphere stipples exactly as the core does for the same bytes', async () => {
  await lab().scrollIntoViewIfNeeded();
  await grown();
  assert.equal(await lab().locator('[name="picture"]').inputValue(), 'sphere');
  const points = await count('points');
  assert.ok(points > 1000, `a real stipple, got ${points}`);
  assert.equal(points, await coreMono('sphere'));
  assert.equal(await readout('cyan'), '–');
  assert.match(await readout('time-ms'), /^\d+\.\d$/);
  // Dark dots on white paper: the shadowed lower right of the ball holds more ink than the
  // bright background at the top left.
  const ink = await page.evaluate(() => {
    const canvas = document.querySelector('section[data-lab="stipple"] canvas');
    const ctx = canvas.getContext('2d');
    const share = (x, y, w, h) => {
      const sx = canvas.width / 720;
      const data = ctx.getImageData(x * sx, y * sx, w * sx, h * sx).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] < 128) dark++;
      return dark / (data.length / 4);
    };
    return { shade: share(400, 250, 40, 40), paper: share(20, 20, 80, 80) };
  });
  assert.ok(ink.shade > 3 * ink.paper, `shade ${ink.shade} vs paper ${ink.paper}`);
  await session.screenshotLabs(['stipple']);
});

test('switching the picture changes the stipple to that picture’s', async () => {
  const before = await count('points');
  await lab().locator('[name="picture"]').selectOption('rings');
  await grown();
  const rings = await count('points');
  assert.notEqual(rings, before);
  assert.equal(rings, await coreMono('rings'));
});

test('colour mode draws three ink sets whose counts add up to the total', async () => {
  await setCheckbox('colour', true);
  await grown();
  const [cyan, magenta, yellow] = [await count('cyan'), await count('magenta'), await count('yellow')];
  assert.ok(cyan > 0 && magenta > 0 && yellow > 0);
  assert.equal(await count('points'), cyan + magenta + yellow);
  assert.deepEqual([cyan, magenta, yellow], await core('colour', 'rings'));
  // The map really is in colour: some pixels are far from grey.
  const coloured = await page.evaluate(() => {
    const canvas = document.querySelector('section[data-lab="stipple"] canvas');
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 120) n++;
    }
    return n;
  });
  assert.ok(coloured > 1000, `coloured pixels: ${coloured}`);
  await session.screenshotLabs(['stipple']);
  await lab().locator('canvas').screenshot({ path: join(SCREENSHOTS, 'stipple-colour.png') });
  await setCheckbox('colour', false);
  await grown();
  assert.equal(await readout('cyan'), '–');
});

test('mask mode places even dots only where the picture is dark', async () => {
  await lab().locator('[name="picture"]').selectOption('tree');
  await setCheckbox('mask', true);
  await grown();
  const points = await count('points');
  const reference = await core('mask', 'tree');
  assert.ok(points > 100, `dots on the tree: ${points}`);
  assert.equal(points, reference.count);
  assert.equal(reference.light, 0, 'no dot on light ground');
  assert.equal(await readout('allowed'), `${(reference.coverage * 100).toFixed(1)} %`);
  await lab().locator('canvas').screenshot({ path: join(SCREENSHOTS, 'stipple-mask.png') });
  await setCheckbox('mask', false);
  await grown();
  assert.equal(await readout('allowed'), '–');
});

/** What the page should make of DISC_PNG: decoded and fitted the same way, then stippled. */
async function coreForDisc() {
  return page.evaluate(
    async ([bytes, a]) => {
      const wasm = await import(document.querySelector('script[data-bindings]').dataset.bindings);
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
      const canvas = document.createElement('canvas');
      canvas.width = 720;
      canvas.height = 400;
      const ctx = canvas.getContext('2d', { willReadFrequently: true });
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, 720, 400);
      const scale = Math.min(720 / bitmap.width, 400 / bitmap.height);
      const [w, h] = [bitmap.width * scale, bitmap.height * scale];
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, (720 - w) / 2, (400 - h) / 2, w, h);
      const image = new wasm.StippleImage(720, 400, ctx.getImageData(0, 0, 720, 400).data);
      const job = new wasm.Stippling(image, { mode: 'mono', minRadius: a.min, maxRadius: a.max, k: a.k, seed: a.seed });
      const [dots] = job.finish();
      job.free();
      // Mean radius inside the disc (centre 360, 200, radius 144) and well outside it.
      const mean = (keep) => {
        let [sum, n] = [0, 0];
        for (let i = 0; i < dots.length; i += 3) {
          if (keep(Math.hypot(dots[i] - 360, dots[i + 1] - 200))) [sum, n] = [sum + dots[i + 2], n + 1];
        }
        return sum / n;
      };
      const result = { count: dots.length / 3, inside: mean((d) => d < 120), outside: mean((d) => d > 170) };
      image.free();
      return result;
    },
    [[...DISC_PNG], { ...DEFAULTS, k: K }],
  );
}

test('an uploaded image is decoded by the browser and stippled', async () => {
  const before = await count('points');
  await lab().locator('[name="image"]').setInputFiles({ name: 'disc.png', mimeType: 'image/png', buffer: DISC_PNG });
  await page.waitForFunction(() => document.querySelector('section[data-lab="stipple"] [name="picture"]').value === 'upload');
  await grown();
  const points = await count('points');
  assert.notEqual(points, before);
  const core = await coreForDisc();
  assert.equal(points, core.count);
  assert.ok(core.inside < core.outside, `dots crowd in the disc: ${core.inside} vs ${core.outside}`);
  await lab().locator('canvas').screenshot({ path: join(SCREENSHOTS, 'stipple-upload.png') });

  // Dropping a file on the map works the same way.
  await lab().locator('[name="picture"]').selectOption('gradient');
  await grown();
  assert.notEqual(await count('points'), points);
  await page.evaluate((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'disc.png', { type: 'image/png' }));
    const canvas = document.querySelector('section[data-lab="stipple"] canvas');
    canvas.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    canvas.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, [...DISC_PNG]);
  await page.waitForFunction(() => document.querySelector('section[data-lab="stipple"] [name="picture"]').value === 'upload');
  await grown();
  assert.equal(await count('points'), points);

  // A file that is not an image is refused beside the file input; the stipple stays.
  await lab().locator('[name="image"]').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await page.waitForFunction(() => document.querySelector('section[data-lab="stipple"] [data-error-for="image"]').textContent !== '');
  assert.match(await lab().locator('[data-error-for="image"]').innerText(), /“notes.png” could not be read as an image/);
  assert.equal(await count('points'), points);
});

test('min radius above max radius shows the core’s message and keeps the picture', async () => {
  await lab().locator('[name="picture"]').selectOption('sphere');
  await grown();
  await setControl('max-radius', 16);
  await grown();
  const points = await count('points');
  assert.equal(points, await coreMono('sphere', { max: 16 }));
  await setControl('min-radius', 20);
  const message = await core('error', 'sphere', { min: 20, max: 16 });
  assert.equal(message, 'min radius (20) must not be larger than max radius (16)');
  assert.equal(await lab().locator('[data-error-for="min-radius"]').innerText(), message);
  assert.equal(await count('points'), points);
  await setControl('min-radius', DEFAULTS.min);
  await grown();
  assert.equal(await lab().locator('[data-error-for="min-radius"]').innerText(), '');
  assert.equal(await count('points'), points);
  await setControl('max-radius', DEFAULTS.max);
  await grown();
});

test('new seed gives a new stipple of the same picture', async () => {
  const before = await stipple.pixels();
  await lab().locator('[data-action="new-seed"]').click();
  await grown();
  const seed = Number(await lab().locator('[name="seed"]').inputValue());
  assert.notEqual(seed, DEFAULTS.seed);
  assert.equal(await count('points'), await coreMono('sphere', { seed }));
  // Other dots, not merely another count: two seeds can give the same count (7504 both, once).
  assert.notEqual(await stipple.pixels(), before, 'the stipple did not change');
});

test('screenshot', async () => {
  await session.screenshotLabs(['stipple']);
});

testNoProblems(session, { failed: true, title: 'no console errors, page errors or outside requests' });
