// The package's entry in browsers and bundlers: fetches the wasm beside this file (a bundler
// sees `new URL(…, import.meta.url)` in poisson_live.js and copies it) and awaits it at the top
// level, so every export is ready on import, as in node.
import init, * as bindings from './poisson_live.js';
import { guardFreed } from './freed.js';

await init();
// A call on a freed object says so, in words (freed.js, the page's www/lib/freed.js).
guardFreed(bindings);

export * from './poisson_live.js';
