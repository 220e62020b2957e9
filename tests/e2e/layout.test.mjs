// Each lab on one screen (issue 33): at 1280 × 800, a lab's map, its key controls and its key
// readout show together. A lab names its keys on its section: `data-key-controls` (controls by
// `name` or buttons by `data-action`, space-separated) and `data-key-readout` (one readout).
// For each lab the test scrolls the map to the top of the viewport (or, when a key control
// stands above the map, as the method pickers do, the highest key to the top) and checks that
// every one of them lies within the viewport.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LABS, frames, testNoProblems, usePage } from './harness.mjs';

const VIEWPORT = { width: 1280, height: 800 };
const { session, page } = usePage({ viewport: VIEWPORT });

/** The boxes of a lab's map and keys, in viewport pixels; a control counts with its row. */
function boxes(name) {
  return page.evaluate((name) => {
    const section = document.querySelector(`section[data-lab="${name}"]`);
    const box = (el) => {
      const shown = el.closest('.param, .method-option') ?? el;
      const { top, bottom, left, right } = shown.getBoundingClientRect();
      return { top, bottom, left, right };
    };
    const keys = (section.dataset.keyControls ?? '').split(/\s+/).filter(Boolean);
    const readout = section.dataset.keyReadout;
    const found = { map: box(section.querySelector('canvas[data-role="map"]')) };
    for (const key of keys) {
      const el = section.querySelector(`[name="${key}"], [data-action="${key}"]`);
      found[key] = el ? box(el) : null;
    }
    const el = readout && section.querySelector(`[data-readout="${readout}"]`);
    found[`readout ${readout}`] = el ? box(el) : null;
    return { keys: keys.length, readout: Boolean(readout), found };
  }, name);
}

for (const name of LABS.filter((lab) => lab !== 'hero')) {
  test(`${name}: the map, its key controls and its key readout fit one 1280 × 800 screen`, async () => {
    // Twice: a lab that comes into view lays out its controls, which may move the map.
    for (let i = 0; i < 2; i++) {
      await page.evaluate((name) => {
        const section = document.querySelector(`section[data-lab="${name}"]`);
        section.querySelector('canvas[data-role="map"]').scrollIntoView({ block: 'start' });
      }, name);
      await frames(page, 3);
    }
    let { keys, readout, found } = await boxes(name);
    assert.ok(keys >= 1 && keys <= 4, `${name} names 1 to 4 key controls (data-key-controls)`);
    assert.ok(readout, `${name} names its key readout (data-key-readout)`);
    for (const [key, b] of Object.entries(found)) assert.ok(b, `${name}: its key ${key} exists`);
    const highest = Math.min(...Object.values(found).map((b) => b.top));
    if (highest < 0) {
      await page.evaluate((dy) => scrollBy(0, dy), highest);
      await frames(page, 2);
      ({ found } = await boxes(name));
    }
    for (const [key, b] of Object.entries(found)) {
      assert.ok(b.top >= -1 && b.bottom <= VIEWPORT.height + 1, `${name}: ${key} spans ${Math.round(b.top)}–${Math.round(b.bottom)} px, outside the 800 px screen`);
      assert.ok(b.left >= -1 && b.right <= VIEWPORT.width + 1, `${name}: ${key} runs off the screen's side`);
    }
  });
}

testNoProblems(session);
