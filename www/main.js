// Boot: show a banner for any uncaught error or Rust panic, give each lab the markup every lab
// repeats (www/lib/lab.js, furnishLabs), load the wasm sampler, then mount each lab into its
// <section data-lab="NAME">. A lab's `mount(section, wasm)` builds its controls and returns
// `start()`, its first piece of work, which runs when the lab comes into view. A lab whose
// module fails to load or mount says so in its place, by name.
//
// Trunk replaces index.html's <link data-trunk rel="rust"> with the <script> that loads this
// module (Trunk.toml `pattern_script`); its data attributes name the hashed bindings and wasm
// files. Loading through this external module keeps the page free of inline scripts, so the
// Content-Security-Policy can stay at script-src 'self'.

import { placeholder } from './labs/placeholder.js';
import { addExportButtons } from './lib/export.js';
import { wirePermalinks } from './lib/permalink.js';
import { whenSeen } from './lib/job.js';
import { setupListings } from './lib/listings.js';
import { guardFreed } from './lib/freed.js';
import { furnishLabs } from './lib/lab.js';

/** Lab modules by section name: `www/labs/NAME.js`, each exporting `mount(section, wasm)`. */
const LABS = Object.fromEntries(
  [
    'hero',
    'compare',
    'darts',
    'grid',
    'bridson',
    'density',
    'layers',
    'world',
    'samplers',
    'relax',
    'space',
    'spectrum',
    'tiles',
    'endless',
    'stipple',
    'editor',
  ].map((name) => [name, () => import(`./labs/${name}.js`)]),
);

const banner = document.querySelector('[data-role="panic"]');

// The code panels (www/lib/listings.js) need no wasm: they work even if the sampler fails.
setupListings();

/** Shows a message in the page's alert banner; every message is kept, newest last. */
export function showPanic(message) {
  const line = document.createElement('p');
  line.textContent = message;
  banner.append(line);
  banner.hidden = false;
}

// The bindings' panic hook calls this (crates/web/src/lib.rs, `report_panic`).
globalThis.poissonLivePanic = (message) => {
  showPanic(`The sampler crashed: ${message}. Reload the page to start again.`);
};
window.addEventListener('error', (event) => {
  showPanic(`Something went wrong: ${event.message}`);
});
window.addEventListener('unhandledrejection', (event) => {
  const reason = event.reason;
  showPanic(`Something went wrong: ${reason instanceof Error ? reason.message : String(reason)}`);
});

// The panel and the loading note every lab repeats, from the page's one template, before the
// wasm loads: the labs and the page's tests find the same markup as if each lab had written it.
furnishLabs();

/** Shows, in place of the lab, that it could not start, naming it; the console says why. */
function labFailed(section, error) {
  const name = section.dataset.lab;
  console.error(`The ${name} lab could not start:`, error);
  const note = document.createElement('p');
  note.className = 'lab-error';
  note.setAttribute('role', 'alert');
  note.textContent = `The ${name} lab could not start: ${error?.message ?? error}. The rest of the page works.`;
  const placeholder = section.querySelector('.lab-placeholder');
  if (placeholder) placeholder.replaceWith(note);
  else section.querySelector('canvas[data-role="map"]').before(note);
}

/** Lets the browser paint and answer input between two pieces of start-up work. */
const nextTask = () => new Promise((done) => setTimeout(done, 0));

async function boot() {
  const loader = document.querySelector('script[data-bindings][data-wasm]');
  if (!loader) throw new Error('the page was not built by Trunk (no bindings script)');
  const sections = [...document.querySelectorAll('section[data-lab]')];
  // The labs' modules load while the wasm module compiles.
  const modules = sections.map((section) => LABS[section.dataset.lab]?.() ?? null);
  for (const module of modules) module?.catch(() => {}); // reported when the lab mounts
  const bindings = await import(loader.dataset.bindings);
  await bindings.default({ module_or_path: loader.dataset.wasm });
  // A call on a freed object says so (www/lib/freed.js); the module is the same one tests import.
  guardFreed(bindings);

  for (const el of document.querySelectorAll('[data-role="crate-version"]')) {
    el.textContent = `v${bindings.crateVersion()}`;
  }
  const mounted = [];
  for (const [i, section] of sections.entries()) {
    if (!modules[i]) {
      placeholder(section); // a lab announced in the page and not written yet
      continue;
    }
    // One lab per task: mounting builds its controls, and thirteen at once would block.
    await nextTask();
    try {
      const lab = await modules[i];
      const start = lab.mount(section, bindings);
      section.querySelector('.lab-placeholder')?.remove();
      addExportButtons(section, bindings);
      mounted.push(section);
      // Its work starts when the reader can see it (www/lib/job.js).
      whenSeen(section, start);
    } catch (error) {
      labFailed(section, error);
    }
  }
  // The URL hash holds each lab's parameters: applied now that every lab is mounted, in a task
  // of its own (reading every lab's controls after the last lab's mount would make one task of
  // 30 ms).
  await nextTask();
  wirePermalinks(mounted);
  document.documentElement.dataset.wasm = 'ready';
}

boot().catch((error) => {
  document.documentElement.dataset.wasm = 'failed';
  showPanic(`The sampler could not start: ${error.message}`);
  console.error(error);
});
