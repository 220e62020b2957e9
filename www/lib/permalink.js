// Permalinks: the URL hash holds every lab's parameters that differ from their defaults, as
// `#bridson.seed=7&bridson.radius=30&compare.spacing=20`, so a shared link restores what was
// shown. A fresh page has an empty hash.
//
// Wired once from main.js after every lab is mounted: the controls' values at that moment are
// the defaults. A hash is applied by setting each control and dispatching the events a reader's
// edit dispatches ('input', then 'change'), so each lab rebuilds through its own code path.
// Afterwards every input/change (and every button click, which may set a control from code,
// like New seed) inside a lab section rewrites the hash with history.replaceState.

import { actions, secondaryActions } from './lab.js';
import { onNextFrame } from './frame.js';

/** The named controls of a lab that a link carries: no file pickers, no opted-out controls. */
function controlsOf(section) {
  return [...section.querySelectorAll('input[name], select[name], textarea[name]')].filter(
    (el) => el.type !== 'file' && el.type !== 'button' && el.type !== 'submit' && !('noPermalink' in el.dataset),
  );
}

/** The controls of a section by name; a radio group is one entry (its inputs, in order). */
function byName(section) {
  const named = new Map();
  for (const el of controlsOf(section)) {
    if (!named.has(el.name)) named.set(el.name, []);
    named.get(el.name).push(el);
  }
  return named;
}

/** A control's (or radio group's) value as text: checkboxes "1"/"0", radios the checked value. */
function read(els) {
  const [first] = els;
  if (first.type === 'radio') return els.find((el) => el.checked)?.value ?? '';
  if (first.type === 'checkbox') return first.checked ? '1' : '0';
  return first.value;
}

/** Sets a control from text and dispatches what a reader's edit would; false if nothing changed. */
function write(els, text) {
  const [first] = els;
  let target = first;
  if (first.type === 'radio') {
    target = els.find((el) => el.value === text);
    if (!target || target.checked) return false;
    target.checked = true;
  } else if (first.type === 'checkbox') {
    const on = text === '1' || text === 'true';
    if (first.checked === on) return false;
    first.checked = on;
  } else {
    if (first.value === text) return false;
    first.value = text;
  }
  target.dispatchEvent(new Event('input', { bubbles: true }));
  target.dispatchEvent(new Event('change', { bubbles: true }));
  return true;
}

/** The hash key that names the lab a copied link scrolls to (`go=bridson`). */
const GO = 'go';

/** The hash's entries as [lab, name, value]; entries that are not `lab.name=value` are skipped. */
function parseHash(hash) {
  const entries = [];
  for (const [key, value] of new URLSearchParams(hash.replace(/^#/, ''))) {
    const dot = key.indexOf('.');
    if (dot <= 0 || dot === key.length - 1) continue;
    entries.push([key.slice(0, dot), key.slice(dot + 1), value]);
  }
  return entries;
}

/**
 * Wires permalinks for `sections` (the mounted labs): applies the current hash, keeps it up to
 * date, and adds a "Copy link" button to each lab's actions. Returns `{ hash() }` for tests.
 */
export function wirePermalinks(sections) {
  const labs = new Map();
  for (const section of sections) {
    const controls = byName(section);
    const defaults = new Map([...controls].map(([name, els]) => [name, read(els)]));
    labs.set(section.dataset.lab, { section, defaults });
  }

  function currentHash() {
    const query = new URLSearchParams();
    for (const [lab, { section, defaults }] of labs) {
      for (const [name, els] of byName(section)) {
        const value = read(els);
        if (defaults.has(name) && defaults.get(name) !== value) query.append(`${lab}.${name}`, value);
      }
    }
    const text = query.toString();
    return text ? `#${text}` : '';
  }

  /** Whether an `input` since the last write may have changed the link. */
  let stale = false;
  function update() {
    stale = false;
    const hash = currentHash();
    if (hash === location.hash || (hash === '' && location.hash === '')) return;
    history.replaceState(history.state, '', `${location.pathname}${location.search}${hash}`);
  }

  // Apply the link's values, in the order the link gives them.
  for (const [lab, name, value] of parseHash(location.hash)) {
    const entry = labs.get(lab);
    const els = entry && byName(entry.section).get(name);
    if (els && entry.defaults.has(name)) write(els, value);
  }
  // A link copied from a lab opens at that lab: now, and again once the page has loaded (labs
  // above it take their real height as they mount, which moves it down).
  const go = labs.get(new URLSearchParams(location.hash.replace(/^#/, '')).get(GO) ?? '');
  if (go) {
    go.section.scrollIntoView({ block: 'start' });
    const again = () => go.section.scrollIntoView({ block: 'start' });
    if (document.readyState === 'complete') setTimeout(again, 300);
    else addEventListener('load', () => setTimeout(again, 300), { once: true });
  }

  // A drag fires `input` many times a frame and reading every control costs a few milliseconds,
  // so those wait for the next frame, merged; `change` (the drag's end, a checkbox, a typed
  // value) writes the link at once.
  const updateSoon = onNextFrame(() => stale && update());
  for (const { section } of labs.values()) {
    const changed = (event) => {
      if (event.target?.type === 'file') return;
      if (event.type === 'input') {
        stale = true;
        updateSoon();
      } else {
        update();
      }
    };
    section.addEventListener('input', changed);
    section.addEventListener('change', changed);
    // Buttons such as New seed set a control from code, without an event: look after the click.
    section.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('button')) setTimeout(update, 0);
    });
    addCopyLink(section, () => {
      update();
      // The link opens at this lab: the settings' hash, then which lab to show.
      const hash = currentHash();
      const go = `${GO}=${encodeURIComponent(section.dataset.lab)}`;
      return `${location.origin}${location.pathname}${location.search}${hash ? `${hash}&` : '#'}${go}`;
    });
  }
  update();
  return { hash: currentHash };
}

/**
 * A "Copy link" button for the link `linkNow()` makes; where the clipboard is unavailable, the
 * link is shown to copy by hand.
 */
function addCopyLink(section, linkNow) {
  const container = secondaryActions(section);
  if (!container) return;
  const shown = document.createElement('output');
  shown.className = 'share-link';
  shown.dataset.role = 'share-link';
  shown.hidden = true;
  async function copy() {
    const link = linkNow();
    shown.hidden = false;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      shown.textContent = 'Link copied.';
    } catch {
      // Show the link itself, selected, so the reader can copy it.
      shown.textContent = link;
      const range = document.createRange();
      range.selectNodeContents(shown);
      const selection = getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    }
  }
  actions(container, [{ action: 'copy-link', label: 'Copy link', title: 'Copy a link that opens this page with these settings' }], {
    'copy-link': () => copy(),
  });
  container.append(shown);
}
