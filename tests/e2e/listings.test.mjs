// The code panels (www/lib/listings.js, built by scripts/build-listings.mjs): eight steps × five
// languages, each panel's code equal to its file under listings/LANG/ byte for byte; Hide
// comments, Copy, the language choice shared by every panel and kept across a reload, the arrow
// keys of the ARIA tabs pattern; and in the Bridson lab the last step's path lit in the code.
// Saves screenshots of the Rust, C# and pseudocode panels and of the lab mid-step, at 1280 × 800
// and on a 390 × 844 phone, under artifacts/screenshots/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREENSHOTS, frames, labOf, testNoProblems, usePage } from './harness.mjs';

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

/** The steps in page order, each with the lab its panel sits in (the listings contract). */
const STEPS = [
  ['random', 'compare'],
  ['jittered', 'compare'],
  ['darts', 'darts'],
  ['grid', 'grid'],
  ['bridson', 'bridson'],
  ['variable', 'density'],
  ['layers', 'layers'],
  ['paint', 'world'],
];
const capital = (s) => s[0].toUpperCase() + s.slice(1);
/** The languages in tab order: label and the step file the contract names. */
const LANGUAGES = {
  rust: ['Rust', (s) => `listings/rust/src/${s}.rs`],
  js: ['JavaScript', (s) => `listings/js/${s}.js`],
  csharp: ['C#', (s) => `listings/csharp/${capital(s)}.cs`],
  cpp: ['C++', (s) => `listings/cpp/${s}.hpp`],
  pseudocode: ['Pseudocode', (s) => `listings/pseudocode/${s}.txt`],
};
const TAGS = ['pick', 'throw', 'refused', 'placed', 'retired'];

const { session, page } = usePage({
  viewport: { width: 1280, height: 800 },
  ready: () => session.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.url }),
});

const figure = (step) => page.locator(`figure[data-listing="${step}"]`);
const shownPre = (step) => figure(step).locator('[role="tabpanel"]:not([hidden]) pre');

/** Scrolls a panel into view and waits until it is built. */
async function showPanel(step) {
  await figure(step).scrollIntoViewIfNeeded();
  await page.locator(`figure[data-listing="${step}"][data-ready="true"]`).waitFor({ timeout: 15_000 });
}

async function chooseTab(step, lang) {
  await figure(step).locator(`[role="tab"][data-lang="${lang}"]`).click();
}

test('eight panels in page order, each after its step in its lab', async () => {
  const found = await page.$$eval('figure[data-listing]', (all) =>
    all.map((f) => [f.dataset.listing, f.closest('section[data-lab]')?.dataset.lab ?? null]),
  );
  assert.deepEqual(found, STEPS);
  // After the step's explanation: each panel follows its lab's prose.
  for (const [step] of STEPS) {
    const after = await figure(step).evaluate((f) => {
      const prose = f.closest('section[data-lab]').querySelector('[data-role="prose"]');
      return Boolean(prose.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    assert.ok(after, `the ${step} panel comes after its lab's explanation`);
  }
});

test('every panel has five tabs, and each tab shows its file byte for byte', async () => {
  for (const [step] of STEPS) {
    await showPanel(step);
    // Every tab panel holds its code, shown or not (SPEC section 8).
    const all = await figure(step).locator('[role="tabpanel"]').evaluateAll((panels) => panels.map((p) => [p.dataset.lang, p.querySelector('pre code').textContent]));
    assert.equal(all.length, 5);
    for (const [lang, text] of all) {
      assert.ok(Buffer.from(text, 'utf8').equals(await readFile(join(ROOT, LANGUAGES[lang][1](step)))), `${step} ${lang}: the panel holds its file before it is shown`);
    }
    const tabs = figure(step).locator('[role="tablist"] [role="tab"]');
    assert.deepEqual(await tabs.evaluateAll((all) => all.map((t) => [t.dataset.lang, t.textContent])), Object.entries(LANGUAGES).map(([id, [label]]) => [id, label]));
    for (const [lang, [, file]] of Object.entries(LANGUAGES)) {
      await chooseTab(step, lang);
      const tab = figure(step).locator(`[role="tab"][data-lang="${lang}"]`);
      assert.equal(await tab.getAttribute('aria-selected'), 'true');
      const panels = figure(step).locator('[role="tabpanel"]:not([hidden])');
      assert.equal(await panels.count(), 1, `${step}: one panel shows`);
      assert.equal(await panels.getAttribute('aria-labelledby'), await tab.getAttribute('id'));
      const shown = Buffer.from(await panels.locator('pre code').textContent(), 'utf8');
      const expected = await readFile(join(ROOT, file(step)));
      assert.ok(shown.equals(expected), `${step} ${lang}: the panel shows ${file(step)} exactly (${shown.length} vs ${expected.length} bytes)`);
      // Coloured when the page was built.
      assert.ok((await panels.locator('pre code [class^="hljs-"]').count()) > 0, `${step} ${lang}: coloured`);
    }
  }
  await chooseTab('random', 'rust');
});

test('arrow keys, Home and End move between the tabs (roving tabindex)', async () => {
  await showPanel('darts');
  const tabs = figure('darts').locator('[role="tab"]');
  const state = () =>
    tabs.evaluateAll((all) => ({
      focused: all.findIndex((t) => t === document.activeElement),
      selected: all.findIndex((t) => t.getAttribute('aria-selected') === 'true'),
      tabbable: all.filter((t) => t.tabIndex === 0).length,
    }));
  await tabs.nth(0).click();
  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await state(), { focused: 1, selected: 1, tabbable: 1 });
  await page.keyboard.press('End');
  assert.deepEqual(await state(), { focused: 4, selected: 4, tabbable: 1 });
  await page.keyboard.press('ArrowRight'); // wraps round
  assert.deepEqual(await state(), { focused: 0, selected: 0, tabbable: 1 });
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await state(), { focused: 4, selected: 4, tabbable: 1 });
  await page.keyboard.press('Home');
  assert.deepEqual(await state(), { focused: 0, selected: 0, tabbable: 1 });
});

test('a language chosen in one panel is chosen in all, and survives a reload', async () => {
  await showPanel('grid');
  await showPanel('layers');
  await chooseTab('grid', 'csharp');
  const selected = () =>
    page.$$eval('figure[data-listing][data-ready="true"]', (all) =>
      all.map((f) => f.querySelector('[role="tab"][aria-selected="true"]').dataset.lang),
    );
  const now = await selected();
  assert.ok(now.length >= 2, 'at least two panels are built');
  assert.deepEqual(now, now.map(() => 'csharp'));

  await page.reload();
  await session.waitForWasm();
  await showPanel('paint');
  assert.equal(await figure('paint').locator('[role="tab"][aria-selected="true"]').getAttribute('data-lang'), 'csharp');
  await chooseTab('paint', 'rust');
  assert.deepEqual(await selected(), (await selected()).map(() => 'rust'));
});

test('Hide comments hides comment lines and trailing comments in every panel, and shows them again', async () => {
  await showPanel('grid');
  await showPanel('darts');
  await chooseTab('grid', 'rust');
  const button = page.locator('[data-action="hide-comments"]');
  assert.equal(await button.count(), 1, 'one page-wide button');
  await button.waitFor({ state: 'visible' });
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  // What a reader sees: the lines that have a box, each without the comments that have none.
  const read = (step) =>
    shownPre(step).evaluate((pre) => ({
      text: [...pre.querySelectorAll('.line')]
        .filter((l) => l.getClientRects().length > 0)
        .map((l) => l.innerText.replace(/\n$/, ''))
        .join('\n'),
      all: pre.textContent,
      notes: [...pre.querySelectorAll('.line.note')].filter((l) => l.getClientRects().length > 0).length,
      trailing: [...pre.querySelectorAll('.line:not(.note) .hljs-comment')].filter((c) => c.getClientRects().length > 0).length,
    }));
  const before = await read('grid');
  assert.ok(before.notes > 0, 'the Rust grid listing has comment lines');
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'true');
  assert.equal((await button.textContent()).trim(), 'Show comments', 'the button says what its next press does');
  for (const step of ['grid', 'darts']) {
    const hidden = await read(step);
    assert.equal(hidden.notes, 0, `${step}: no comment line shows`);
    assert.equal(hidden.trailing, 0, `${step}: no trailing comment shows`);
    assert.equal(hidden.all, await readFile(join(ROOT, LANGUAGES.rust[1](step)), 'utf8'), `${step}: the code itself is untouched`);
    assert.ok(!/^\s*\/\//m.test(hidden.text), `${step}: no shown line is a comment`);
  }
  const hidden = await read('grid');
  assert.ok(hidden.text.split('\n').length < before.text.split('\n').length, 'fewer lines show');

  // Copy copies what is shown: here the code without its comments.
  await figure('grid').locator('[data-action="copy"]').click();
  const bare = await page.evaluate(() => navigator.clipboard.readText());
  const trimLines = (t) => t.split('\n').map((l) => l.replace(/\s+$/, '')).join('\n').trim();
  assert.equal(trimLines(bare), trimLines(hidden.text));
  assert.ok(!/^\s*\/\//m.test(bare), 'no comment line in the copy');

  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  assert.equal((await button.textContent()).trim(), 'Hide comments');
  const shown = await read('grid');
  assert.equal(shown.notes, before.notes, 'the comment lines show again');
  assert.equal(shown.text, before.text);
});

test('Copy copies the panel’s code, exactly as in its file', async () => {
  await showPanel('bridson');
  assert.equal(await page.locator('[data-action="hide-comments"]').getAttribute('aria-pressed'), 'false');
  for (const lang of ['js', 'cpp']) {
    await chooseTab('bridson', lang);
    await figure('bridson').locator('[data-action="copy"]').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, await readFile(join(ROOT, LANGUAGES[lang][1]('bridson')), 'utf8'), `${lang}: the copy is the file`);
    assert.equal((await figure('bridson').locator('[role="status"]').textContent()).trim(), 'Copied');
  }
  await chooseTab('bridson', 'rust');
});

/** What the lab's readouts say the last step did: the tags of the blocks it ran. */
async function expectedPath(lab) {
  const steps = await lab.count('steps');
  if (steps === 0) return [];
  const placed = await lab.count('placed-this-step');
  const refused = (await lab.count('rejected-too-close')) + (await lab.count('rejected-off-map')) + (await lab.count('rejected-wrong-ground'));
  assert.equal(placed + refused, await lab.count('tried-this-step'));
  return ['pick', 'throw', ...(refused > 0 ? ['refused'] : []), placed > 0 ? 'placed' : 'retired'];
}

/** The tags lit in the shown language's Bridson panel, and whether a lit line is on screen. */
function litNow() {
  return shownPre('bridson').evaluate((pre) => {
    const lit = [...pre.querySelectorAll('.line.lit')];
    const box = pre.getBoundingClientRect();
    const onScreen = lit.some((line) => {
      const r = line.getBoundingClientRect();
      return r.bottom > Math.max(box.top, 0) && r.top < Math.min(box.bottom, innerHeight) && r.height > 0;
    });
    const tags = [...new Set(lit.map((l) => l.dataset.tag))];
    // The last lit line that has a box: the end of the placed or retired block.
    const last = lit.filter((l) => l.getClientRects().length > 0).at(-1)?.getBoundingClientRect();
    const outcomeOnScreen = Boolean(last) && last.top >= Math.max(box.top, 0) - 1 && last.bottom <= Math.min(box.bottom, innerHeight) + 1;
    return { tags, onScreen, outcomeOnScreen, firstLit: lit[0]?.textContent ?? '' };
  });
}

const sameTags = (a, b) => assert.deepEqual([...a].sort(), [...b].sort());

test('the Bridson lab lights the last step’s path in the chosen language’s code, on screen beside the map', async () => {
  const lab = labOf(page, 'bridson');
  await lab.show();
  await showPanel('bridson');
  await lab.set('k', 30);
  await lab.idle();
  assert.deepEqual((await litNow()).tags, [], 'nothing lit before the first step');

  for (const lang of ['rust', 'js', 'csharp', 'cpp', 'pseudocode']) {
    await chooseTab('bridson', lang);
    // As a reader at 1280 × 800 sees the lab: the map at the top of the screen, Step below it.
    await lab.canvas.evaluate((c) => c.scrollIntoView({ block: 'start' }));
    await lab.click('step');
    await lab.idle();
    const expected = await expectedPath(lab);
    const lit = await litNow();
    sameTags(lit.tags, expected);
    assert.ok(lit.onScreen, `${lang}: a lit line is on screen`);
    assert.match(lit.firstLit, /\/\/+\s*pick:/, `${lang}: the lit path starts at the pick comment`);
    assert.ok(lit.outcomeOnScreen, `${lang}: the step's outcome (${expected.at(-1)}) is on screen`);
    // The map is on screen at the same time.
    const mapBox = await lab.canvas.boundingBox();
    assert.ok(mapBox.y < 800 && mapBox.y + mapBox.height > 0, `the map is on screen too (${JSON.stringify(mapBox)})`);
  }

  // A step that retires: with k = 1 one refusal retires the point.
  await chooseTab('bridson', 'rust');
  await lab.set('k', 1);
  await lab.idle();
  let seen = new Set();
  for (let i = 0; i < 60 && seen.size < 2; i++) {
    await lab.click('step');
    await lab.idle();
    const expected = await expectedPath(lab);
    sameTags((await litNow()).tags, expected);
    seen.add(expected.at(-1));
  }
  assert.deepEqual([...seen].sort(), ['placed', 'retired'], 'both kinds of step were seen');
  const retiredPath = ['pick', 'throw', 'refused', 'retired'];
  for (let i = 0; i < 60; i++) {
    if ((await expectedPath(lab)).at(-1) === 'retired') break;
    await lab.click('step');
    await lab.idle();
  }
  sameTags((await litNow()).tags, retiredPath);
  assert.match(await figure('bridson').locator('.listing-path').textContent(), /pick → throw → refused → retired/);

  // Play, then scrub: the lit path follows the step shown.
  await lab.set('k', 30);
  await lab.idle();
  await lab.click('play');
  await page.waitForFunction(() => Number(document.querySelector('section[data-lab="bridson"] [data-readout="steps"]').textContent) > 20);
  await lab.click('play'); // pause
  await lab.idle();
  sameTags((await litNow()).tags, await expectedPath(lab));
  await lab.set('at-step', 7);
  await lab.idle();
  assert.equal(await lab.count('steps'), 7);
  sameTags((await litNow()).tags, await expectedPath(lab));
  await lab.set('at-step', 0);
  await lab.idle();
  assert.deepEqual((await litNow()).tags, []);
});

test('screenshots: the Rust, C# and pseudocode panels and the Bridson lab mid-step, wide and on a phone', async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  const lab = labOf(page, 'bridson');
  for (const [viewport, suffix] of [
    [{ width: 1280, height: 800 }, ''],
    [{ width: 390, height: 844 }, '-phone'],
  ]) {
    await page.setViewportSize(viewport);
    await frames(page, 3);
    for (const lang of ['rust', 'csharp', 'pseudocode']) {
      await showPanel('grid');
      await chooseTab('grid', lang);
      await figure('grid').scrollIntoViewIfNeeded();
      await frames(page, 2);
      await figure('grid').screenshot({ path: join(SCREENSHOTS, `listing-grid-${lang}${suffix}.png`) });
    }
    // The page does not scroll sideways, and the tabs fit or scroll within their row.
    const fit = await figure('grid').evaluate((f) => ({
      page: document.documentElement.scrollWidth - innerWidth,
      figure: f.getBoundingClientRect().right - innerWidth,
      tabs: (() => {
        const list = f.querySelector('[role="tablist"]');
        const last = [...list.querySelectorAll('[role="tab"]')].pop().getBoundingClientRect();
        return { fit: last.right <= list.getBoundingClientRect().right + 1, scrolls: getComputedStyle(list).overflowX === 'auto' && list.scrollWidth > list.clientWidth };
      })(),
    }));
    assert.ok(fit.page <= 0, `the page scrolls sideways by ${fit.page} px`);
    assert.ok(fit.figure <= 0, 'the panel fits the screen');
    assert.ok(fit.tabs.fit || fit.tabs.scrolls, 'the tabs fit their row, or the row scrolls');

    await chooseTab('bridson', 'rust');
    await lab.show();
    await lab.set('k', 30);
    await lab.idle();
    for (let i = 0; i < 9; i++) await lab.click('step');
    await lab.idle();
    assert.ok((await litNow()).tags.length >= 3);
    await lab.canvas.evaluate((c) => c.scrollIntoView({ block: 'start' }));
    await frames(page, 2);
    await page.screenshot({ path: join(SCREENSHOTS, `listing-bridson-lab${suffix}.png`) });
    await figure('bridson').screenshot({ path: join(SCREENSHOTS, `listing-bridson-panel${suffix}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
});

testNoProblems(session, { failed: true });
