// The package's entry in node: reads the wasm beside this file synchronously (no fetch, no
// flags) and compiles it before any export is used. Browsers and bundlers get browser.js.
import { readFileSync } from 'node:fs';
import { initSync } from './poisson_live.js';

initSync({ module: readFileSync(new URL('./poisson_live_bg.wasm', import.meta.url)) });

export * from './poisson_live.js';
