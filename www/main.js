// Boot: show a banner for any uncaught error or Rust panic, load the wasm sampler, then
// mount each lab into its <section data-lab="NAME">.
//
// Trunk replaces index.html's <link data-trunk rel="rust"> with the <script> that loads this
// module (Trunk.toml `pattern_script`); its data attributes name the hashed bindings and wasm
// files. Loading through this external module keeps the page free of inline scripts, so the
// Content-Security-Policy can stay at script-src 'self'.

import { placeholder } from './labs/placeholder.js';
import { addExportButtons } from './lib/export.js';
import { wirePermalinks } from './lib/permalink.js';

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
    'spectrum',
    'tiles',
    'endless',
    'stipple',
  ].map((name) => [name, () => import(`./labs/${name}.js`)]),
);

const banner = document.querySelector('[data-role="panic"]');

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

async function boot() {
  const loader = document.querySelector('script[data-bindings][data-wasm]');
  if (!loader) throw new Error('the page was not built by Trunk (no bindings script)');
  const bindings = await import(loader.dataset.bindings);
  await bindings.default({ module_or_path: loader.dataset.wasm });

  for (const el of document.querySelectorAll('[data-role="crate-version"]')) {
    el.textContent = `v${bindings.crateVersion()}`;
  }
  const mounted = [];
  for (const section of document.querySelectorAll('section[data-lab]')) {
    const load = LABS[section.dataset.lab];
    let lab = null;
    try {
      lab = load ? await load() : null;
    } catch {
      lab = null; // not written yet
    }
    if (lab) {
      section.querySelector('.lab-placeholder')?.remove();
      try {
        lab.mount(section, bindings);
        addExportButtons(section, bindings);
        mounted.push(section);
      } catch (error) {
        showPanic(`The ${section.dataset.lab} lab could not start: ${error.message}`);
        console.error(error);
      }
    } else {
      placeholder(section);
    }
  }
  // The URL hash holds each lab's parameters: applied now that every lab is mounted.
  wirePermalinks(mounted);
  document.documentElement.dataset.wasm = 'ready';
}

boot().catch((error) => {
  document.documentElement.dataset.wasm = 'failed';
  showPanic(`The sampler could not start: ${error.message}`);
  console.error(error);
});
