// The page as a reader meets it: the contents list leads somewhere real, the labs come in three
// parts in the stated order, the page loads without a console error (its icon included), the
// Bridson code panel stands beside the stepper, and the main path stays short enough to read.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { LABS, openPage } from './harness.mjs';

/** The three parts, each with its labs in page order. The hero heads Part I from the page header. */
const PARTS = [
  { id: 'part-idea', number: 'Part I', labs: ['compare', 'darts', 'grid', 'bridson'] },
  { id: 'part-world', number: 'Part II', labs: ['density', 'layers', 'tiles', 'endless', 'world'] },
  { id: 'part-further', number: 'Part III', labs: ['samplers', 'relax', 'space', 'spectrum', 'stipple', 'editor'] },
];
/** What follows the parts, in order. */
const AFTER_PARTS = ['parameters', 'pitfalls', 'faq', 'games', 'extensions', 'references'];
/** The main path (the hero through the painted world) must stay under this many words. */
const MAIN_PATH_WORDS = 5000;

let session;

before(async () => {
  session = await openPage();
  await session.waitForWasm();
  // Every lab mounted (no "Loading the sampler…" left) and the last heavy one, the world, painted.
  await session.page.waitForFunction(() => !document.querySelector('.lab-placeholder'), null, { timeout: 30_000 });
  await session.page
    .locator('section[data-lab="world"] [data-readout="trees"]')
    .filter({ hasText: /^\d+$/ })
    .waitFor({ timeout: 30_000 });
});

after(async () => {
  await session?.close();
});

test('every link in the contents leads to an element on the page, and every lab is listed', async () => {
  const { page } = session;
  const links = await page.$$eval('nav.contents a', (anchors) =>
    anchors.map((a) => {
      const href = a.getAttribute('href');
      const target = href.startsWith('#') ? document.getElementById(decodeURIComponent(href.slice(1))) : null;
      return {
        href,
        text: a.textContent.trim(),
        found: Boolean(target),
        lab: target?.closest('section[data-lab]')?.dataset.lab ?? null,
      };
    }),
  );
  assert.ok(links.length > 0, 'the page has a contents list');
  for (const link of links) {
    assert.match(link.href, /^#./, `"${link.text}" is an in-page link`);
    assert.ok(link.found, `"${link.text}" (${link.href}) leads to an element`);
  }
  const listed = links.map((l) => l.href.slice(1));
  for (const name of [...LABS, ...AFTER_PARTS, ...PARTS.map((p) => p.id), 'spacing']) {
    assert.ok(listed.includes(name), `the contents list links to #${name}`);
  }
  // The labs are listed in the order the page shows them.
  const labLinks = links.filter((l) => l.lab && l.href === `#${l.lab}`).map((l) => l.lab);
  assert.deepEqual(labLinks, LABS);
});

test('every in-page link anywhere on the page resolves, and outside links are plain links', async () => {
  const { page } = session;
  const links = await page.$$eval('a[href]', (anchors) =>
    anchors.map((a) => {
      const href = a.getAttribute('href');
      return {
        href,
        inPage: href.startsWith('#'),
        found: href.startsWith('#') ? Boolean(document.getElementById(decodeURIComponent(href.slice(1)))) : null,
      };
    }),
  );
  for (const link of links.filter((l) => l.inPage)) assert.ok(link.found, `${link.href} leads to an element`);
  // The references lead off the page by plain links; nothing the page loads comes from elsewhere.
  const outside = links.filter((l) => !l.inPage);
  assert.ok(outside.length >= 6, `the references give at least six links (${outside.length})`);
  for (const { href } of outside) assert.match(href, /^https?:\/\//, `${href} is a plain web link`);
  const loaded = await page.$$eval('script[src], link[href], img[src], iframe[src], source[src]', (els) =>
    els.map((el) => new URL(el.getAttribute('src') ?? el.getAttribute('href'), location.href).origin),
  );
  const origin = new URL(session.url).origin;
  for (const from of loaded) assert.equal(from, origin, 'everything the page loads is from its own origin');
});

test('a contents link brings its section to the top of the window', async () => {
  const { page } = session;
  await page.locator('nav.contents a[href="#world"]').click();
  await page.waitForFunction(() => {
    const top = document.getElementById('world').getBoundingClientRect().top;
    return Math.abs(top) < 2;
  }, null, { timeout: 5_000 });
  assert.equal(new URL(page.url()).hash, '#world');
  await page.locator('nav.contents a[href="#two-problems"]').click();
  await page.waitForFunction(() => Math.abs(document.getElementById('two-problems').getBoundingClientRect().top) < 2);
});

test('the labs come in three parts, in the stated order, each part saying what it gives', async () => {
  const { page } = session;
  const layout = await page.evaluate(() => {
    const labs = [...document.querySelectorAll('section[data-lab]')].map((s) => ({
      name: s.dataset.lab,
      part: s.closest('section.part')?.id ?? null,
      inHeader: Boolean(s.closest('body > header')),
    }));
    const parts = [...document.querySelectorAll('section.part')].map((p) => ({
      id: p.id,
      number: p.querySelector('.part-number')?.textContent.trim(),
      title: p.querySelector('h2')?.textContent.trim(),
      gives: p.querySelector('.part-gives')?.textContent.trim() ?? '',
    }));
    // Document order of the parts and the sections after them.
    const order = [...document.querySelectorAll('body > header, nav.contents, section.part, #parameters, #pitfalls, #faq, #games, #extensions, #references')].map(
      (el) => el.id || el.tagName.toLowerCase(),
    );
    return { labs, parts, order };
  });

  assert.deepEqual(
    layout.parts.map((p) => [p.id, p.number]),
    PARTS.map((p) => [p.id, p.number]),
  );
  for (const part of layout.parts) {
    assert.ok(part.title, `${part.id} has a title`);
    assert.ok(part.gives.split(/\s+/).length >= 8, `${part.id} says in a line what it gives the reader`);
  }
  assert.deepEqual(layout.order, ['header', 'nav', ...PARTS.map((p) => p.id), ...AFTER_PARTS]);

  // The hero opens the page (Part I) from the header; every other lab sits in its part.
  assert.deepEqual(layout.labs[0], { name: 'hero', part: null, inHeader: true });
  for (const { id, labs } of PARTS) {
    assert.deepEqual(
      layout.labs.filter((l) => l.part === id).map((l) => l.name),
      labs,
      `${id} holds ${labs.join(', ')}`,
    );
  }
  assert.deepEqual(
    layout.labs.map((l) => l.name),
    ['hero', ...PARTS.flatMap((p) => p.labs)],
  );
  // r and its two disks are defined in Part I before the first lab that uses them, and the two
  // problems of dart throwing are named between the darts and the grid.
  const between = await page.evaluate(() => {
    const before = (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    const $ = (id) => document.getElementById(id);
    return {
      spacingInPartOne: $('spacing').closest('section.part')?.id,
      spacingBeforeCompare: before($('spacing'), $('compare')),
      figure: Boolean($('spacing').querySelector('figure svg[role="img"] title')),
      problemsAfterDarts: before($('darts'), $('two-problems')) && before($('two-problems'), $('grid')),
    };
  });
  assert.deepEqual(between, {
    spacingInPartOne: 'part-idea',
    spacingBeforeCompare: true,
    figure: true,
    problemsAfterDarts: true,
  });
});

test('no console error, failed request or panic on load, and the icon comes from the page origin', async () => {
  const { page, problems } = session;
  assert.deepEqual(problems.consoleErrors, []);
  assert.deepEqual(problems.pageErrors, []);
  assert.deepEqual(problems.failedRequests, []);
  assert.equal(await page.locator('[data-role="panic"]').isHidden(), true);

  // A page without an icon makes the browser ask for /favicon.ico, and that 404 is logged as a
  // console error. Headless Chromium asks for no icon at all, so check the icon itself: the page
  // declares one, on its own origin, and it is served and decodes as an image.
  const icon = await page.evaluate(async () => {
    const link = document.querySelector('link[rel~="icon"]');
    if (!link) return null;
    const response = await fetch(link.href);
    const image = new Image();
    image.src = link.href;
    const decoded = await image.decode().then(
      () => true,
      () => false,
    );
    return {
      origin: new URL(link.href).origin,
      status: response.status,
      type: response.headers.get('content-type'),
      decoded,
      width: image.naturalWidth,
    };
  });
  assert.ok(icon, 'the page declares an icon');
  assert.equal(icon.origin, new URL(session.url).origin);
  assert.equal(icon.status, 200);
  assert.match(icon.type, /^image\//);
  assert.equal(icon.decoded, true);
  assert.ok(icon.width > 0);
});

test('the Bridson code panel stands beside the stepper, level with the map, and under it on a phone', async () => {
  const { page } = session;
  const lab = page.locator('section[data-lab="bridson"]');
  // The panel is built when it nears the screen (www/lib/listings.js).
  await lab.scrollIntoViewIfNeeded();
  const code = lab.locator('.stepper figure[data-listing="bridson"][data-ready="true"] [role="tabpanel"]:not([hidden]) pre');
  await code.waitFor({ timeout: 10_000 });
  const text = await code.textContent();
  for (const word of ['pick:', 'throw:', 'refused:', 'placed:', 'retired:']) assert.ok(text.includes(word), `the code has the ${word} block`);

  const measure = () =>
    page.evaluate(() => {
      const lab = document.querySelector('section[data-lab="bridson"]');
      const map = lab.querySelector('canvas[data-role="map"]').getBoundingClientRect();
      const pre = lab.querySelector('figure[data-listing="bridson"] [role="tabpanel"]:not([hidden]) pre');
      const box = pre.getBoundingClientRect();
      return {
        map: { left: map.left, right: map.right, top: map.top, bottom: map.bottom },
        pre: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
        // Lines wrap beside the map: none is cut off at the right.
        clipped: pre.scrollWidth > pre.clientWidth,
        pageOverflow: document.documentElement.scrollWidth > window.innerWidth,
      };
    });

  // On a wide window: to the right of the map, level with it, every line shown whole.
  const wide = await measure();
  assert.ok(wide.pre.left >= wide.map.right, 'the code is to the right of the map');
  assert.ok(wide.pre.top < wide.map.bottom && wide.pre.bottom > wide.map.top, 'and level with it');
  assert.equal(wide.clipped, false, 'no line of the code is cut off');

  // On a phone: under the map, and the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.waitForFunction(() => {
      const lab = document.querySelector('section[data-lab="bridson"]');
      const map = lab.querySelector('canvas[data-role="map"]').getBoundingClientRect();
      return lab.querySelector('figure[data-listing="bridson"]').getBoundingClientRect().top >= map.bottom;
    });
    const narrow = await measure();
    assert.ok(narrow.pre.top >= narrow.map.bottom, 'the code is under the map');
    assert.equal(narrow.pageOverflow, false, 'the page does not scroll sideways');
  } finally {
    await page.setViewportSize({ width: 1100, height: 900 });
  }
});

test('the FAQ answers the k and blue-noise questions, and r is defined with its two disks', async () => {
  const { page } = session;
  const text = (selector) => page.locator(selector).innerText();
  assert.match(await text('#faq-k'), /What k should I use\?/);
  assert.match(await text('#faq-blue'), /Blue noise or Poisson disk\?/);
  const spacing = await text('#spacing');
  assert.match(spacing, /no-go disk/);
  assert.match(spacing, /r\/2/);
  assert.match(spacing, /coverage/);
});

test('key parameters, real games and engines, and extensions: there, listed, and sourced', async () => {
  const { page } = session;
  const part = (id) =>
    page.evaluate((id) => {
      const el = document.getElementById(id);
      return {
        title: el.querySelector('h2').textContent.trim(),
        text: el.innerText,
        listed: [...document.querySelectorAll('nav.contents a')].some((a) => a.getAttribute('href') === `#${id}`),
      };
    }, id);
  const parameters = await part('parameters');
  assert.equal(parameters.title, 'Key parameters');
  for (const word of ['spacing r', 'tries k', 'cell r/√2', 'first point', 'seed']) {
    assert.ok(parameters.text.includes(word), `Key parameters names ${word}`);
  }
  const games = await part('games');
  assert.equal(games.title, 'Real games and engines');
  for (const name of ['Blender', 'Unreal Engine', 'Houdini', 'Horizon Zero Dawn']) {
    assert.ok(games.text.includes(name), `Real games and engines names ${name}`);
  }
  const extensions = await part('extensions');
  assert.equal(extensions.title, 'Extensions');
  for (const word of ['Roberts', 'Tiling', 'Classes', 'Lloyd relaxation', 'Three dimensions', 'rotation and scale']) {
    assert.ok(extensions.text.includes(word), `Extensions names ${word}`);
  }
  for (const p of [parameters, games, extensions]) assert.ok(p.listed, `the contents list ${p.title}`);
  // Every fact about a tool or a game has its source among the references, and so do the
  // parent cone's two ideas.
  const references = await page.locator('#references').innerText();
  for (const source of ['Distribute Points on Faces', 'ProceduralFoliageSpawner', 'Scatter', 'Point Relax', 'Horizon Zero Dawn', 'faster_poisson']) {
    assert.ok(references.includes(source), `the references cite ${source}`);
  }
  assert.match(references, /parent-cone sampler/);
  assert.match(references, /our own fit/);
});

test('the corrections: what makes a fill linear, the layers rule, the crate’s own sin and exp', async () => {
  const { page } = session;
  // textContent, not innerText: a lab far off screen is not rendered (content-visibility), and
  // innerText then reads nothing.
  const text = (selector) => page.locator(selector).evaluate((el) => el.textContent.replace(/\s+/g, ' '));
  const grid = await text('section[data-lab="grid"] [data-role="prose"]');
  assert.doesNotMatch(grid, /so filling a map takes time in proportion to its points/);
  assert.match(grid, /active list/);
  assert.match(await text('section[data-lab="layers"] [data-role="prose"]'), /about centres, not about what is drawn/);
  const faq = await text('#faq');
  assert.doesNotMatch(faq, /are avoided/);
  assert.match(faq, /carries its own/);
  const spectrum = await text('section[data-lab="spectrum"] [data-role="prose"]');
  assert.match(spectrum, /frequency zero/);
  assert.doesNotMatch(spectrum, /centre is the longest wavelength/);
  assert.match(await text('section[data-lab="samplers"] [data-role="prose"]'), /15 ≤ k ≤ 40/);
  // Numbers are written one way: no thousands separator anywhere in the prose.
  const all = await text('main');
  assert.doesNotMatch(all, /\b\d{1,3}[ \u202f\u2009\u00a0]\d{3}\b(?! ?[×x])/);
});

test(`the main path, hero through the painted world, stays under ${MAIN_PATH_WORDS} words`, async () => {
  // Every word a reader meets from the top of the page to the end of the world lab: prose,
  // headings, legends, captions, tables, control labels and readouts alike.
  const { words, prose } = await session.page.evaluate(() => {
    const count = (text) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    // The hero's header, the contents, and Parts I and II, which end with the world lab.
    const live = ['body > header', 'nav.contents', '#part-idea', '#part-world'].map((q) => document.querySelector(q));
    // The code in the code panels is not reading matter: its words are left out.
    const code = [...document.querySelectorAll('figure[data-listing] pre')].map((f) => count(f.innerText)).reduce((a, b) => a + b, 0);
    const all = live.map((el) => el.innerText).join('\n');
    const paragraphs = live
      .flatMap((el) => [...el.querySelectorAll('p, li, h1, h2, h3, figcaption, pre')])
      .filter((el) => !el.parentElement.closest('p, li, figcaption, pre'))
      .map((el) => el.innerText)
      .join('\n');
    return { words: count(all) - code, prose: count(paragraphs) };
  });
  console.log(`main path: ${words} words on the page, ${prose} of them in prose`);
  assert.ok(words < MAIN_PATH_WORDS, `${words} words from the hero through the world`);
  assert.ok(prose > 1000, 'the count sees the prose');
});
