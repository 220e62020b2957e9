// The package's entry in node: reads the wasm beside this file synchronously (no fetch, no
// flags) and compiles it before any export is used. Browsers and bundlers get browser.js.
import { readFileSync } from 'node:fs';
import * as bindings from './poisson_live.js';
import { guardFreed } from './freed.js';

bindings.initSync({ module: readFileSync(new URL('./poisson_live_bg.wasm', import.meta.url)) });
// A call on a freed object says so, in words (freed.js, the page's www/lib/freed.js).
guardFreed(bindings);

export * from './poisson_live.js';
