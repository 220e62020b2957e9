// The package's entry in browsers and bundlers: fetches the wasm beside this file (a bundler
// sees `new URL(…, import.meta.url)` in poisson_live.js and copies it) and awaits it at the top
// level, so every export is ready on import, as in node.
import init from './poisson_live.js';

await init();

export * from './poisson_live.js';
