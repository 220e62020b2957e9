// Every export of the installed package called with hostile arguments, as `node
// hostile-check.mjs` inside a project that installed the tarball (package.test.mjs runs it).
//
// The exports are enumerated from the module itself: every function, every class's constructor,
// static functions, methods and getters, so a new export is covered without editing this file
// (a new class needs a line in RECIPES saying how to make a valid one; until then the check
// fails and says so). Each parameter in turn gets every value of HOSTILE (wrong types, NaN,
// ±Infinity, 2^31, 2^53, BigInt, Symbol, array-likes with huge or negative lengths, Proxies and
// getters that throw; huge arrays and long strings where an array or a name belongs), the others
// a valid value; optional parameters too (the glue's `length` counts them). After each call on
// an object a valid call on the same object must still work, and at the end the object must
// free. Then every method and getter of a freed object must say it was freed.
//
// Reaching back: every parameter of every method, constructor and function, in turn, is a
// number whose `valueOf` frees the call's object (the receiver, or an object argument), calls
// each of its methods (one may consume it) or throws; and every key of a parameter object is
// a getter that does the same. No such call may trap or leave a live object poisoned; a method
// call may not end with its own object freed under it; an error thrown by the argument must come
// back as itself or in a message that carries its words, never as "missing".
//
// A call fails the check when it traps (a WebAssembly.RuntimeError, "unreachable", "memory
// access out of bounds", a Rust panic), hangs (no answer within CALL_LIMIT_MS: the calls run in
// a worker thread the main thread watches and restarts past a hung or trapped call), or leaves
// its object poisoned. A refusal must be a JS Error with a readable message.
//
// Prints one summary line `hostile: …` and exits 1 on any failure.

import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/** A call that has not answered after this long is a hang (generous: a busy 2-core machine). */
const CALL_LIMIT_MS = 20_000;
/** What a trap or a panic reads like once it reaches JS. */
const TRAP = /unreachable|memory access out of bounds|RuntimeError|panicked|recursive use of an object|take ownership of Rust value/i;
/** wasm-bindgen's own words for a freed object handed to Rust: clear to no reader. */
const UNCLEAR = /null pointer passed to rust/i;

// ---- The watching thread ----

async function main() {
  const shared = new Int32Array(new SharedArrayBuffer(8)); // [call index now, calls planned]
  const totals = { calls: 0, accepted: 0, refused: 0, traps: 0, hangs: 0, poisoned: 0, freed: 0, unclear: 0, reached: 0, freedInCall: 0, lost: 0, slowestMs: 0 };
  const failures = [];
  let start = 0;
  for (;;) {
    const ended = await new Promise((resolve) => {
      const w = new Worker(new URL(import.meta.url), { workerData: { start, shared } });
      let last = -1;
      let since = Date.now();
      const watch = setInterval(() => {
        const now = Atomics.load(shared, 0);
        if (now !== last) {
          last = now;
          since = Date.now();
        } else if (now >= 0 && Date.now() - since > CALL_LIMIT_MS) {
          clearInterval(watch);
          w.terminate();
          resolve({ hung: now });
        }
      }, 100);
      w.on('message', (m) => {
        if (m.type === 'failure') failures.push(m.text);
        if (m.type === 'trace') console.error(m.text);
        if (m.type === 'counts') for (const [k, v] of Object.entries(m.counts)) totals[k] = k === 'slowestMs' ? Math.max(totals[k], v) : totals[k] + v;
        if (m.type === 'done' || m.type === 'restart') {
          clearInterval(watch);
          resolve(m);
        }
      });
      w.on('error', (error) => {
        clearInterval(watch);
        resolve({ type: 'crash', error: String(error?.stack ?? error), at: Atomics.load(shared, 0) });
      });
    });
    if (ended.type === 'done') break;
    if (ended.hung !== undefined) {
      totals.hangs += 1;
      totals.calls += 1;
      failures.push(`call ${ended.hung} (${await labelOf(ended.hung)}): no answer within ${CALL_LIMIT_MS} ms`);
      start = ended.hung + 1;
    } else if (ended.type === 'restart') {
      start = ended.next; // past a trap, in a fresh module
    } else {
      failures.push(`the worker crashed at call ${ended.at}: ${ended.error}`);
      totals.traps += 1;
      if (ended.at < 0 || totals.traps > 20) break; // not a call's doing: stop
      start = ended.at + 1;
    }
  }
  const line =
    `hostile: ${totals.calls} calls over ${Atomics.load(shared, 1)} planned, ${totals.refused} refused with an Error, ` +
    `${totals.accepted} accepted; traps ${totals.traps}, hangs ${totals.hangs}, poisoned ${totals.poisoned}, ` +
    `freed not said ${totals.freed}, unclear messages ${totals.unclear}; ` +
    `${totals.reached} calls reached back: freed inside a call ${totals.freedInCall}, thrown errors lost ${totals.lost}; ` +
    `slowest refusal ${totals.slowestMs.toFixed(0)} ms`;
  for (const f of failures.slice(0, 60)) console.log(`  FAIL ${f}`);
  if (failures.length > 60) console.log(`  … and ${failures.length - 60} more`);
  console.log(line);
  process.exitCode = failures.length === 0 ? 0 : 1;
}

/** The label of call `i` (the plan is the same in every worker). */
async function labelOf(i) {
  const { plan } = await planFor(await import('poisson-live'));
  return plan[i]?.label ?? '?';
}

// ---- The calling thread ----

async function worker() {
  const { start, shared } = workerData;
  const pkg = await import('poisson-live');
  const { plan, problems } = await planFor(pkg);
  Atomics.store(shared, 1, plan.length);
  const counts = { calls: 0, accepted: 0, refused: 0, traps: 0, poisoned: 0, freed: 0, unclear: 0, reached: 0, freedInCall: 0, lost: 0, slowestMs: 0 };
  const fail = (kind, text) => {
    counts[kind] += 1;
    parentPort.postMessage({ type: 'failure', text });
  };
  if (start === 0) for (const p of problems) parentPort.postMessage({ type: 'failure', text: p });
  for (let i = start; i < plan.length; i++) {
    Atomics.store(shared, 0, i);
    const step = plan[i];
    if (process.env.HOSTILE_TRACE && i % 500 === 0) parentPort.postMessage({ type: 'trace', text: `${i}/${plan.length} ${step.label}` });
    counts.calls += 1;
    const t0 = performance.now();
    let outcome;
    try {
      outcome = step.run();
    } catch (error) {
      outcome = { error };
    }
    const ms = performance.now() - t0;
    const { error, after, expect } = outcome ?? {};
    const label = outcome?.label ?? step.label;
    if (step.kind === 'reach') {
      counts.reached += 1;
      // What the call left behind, checked once it has answered (below: how it answered).
      if (after?.poisoned) fail('poisoned', `${label}, then a valid call: ${after.poisoned}`);
      if (after?.freedInCall) fail('freedInCall', `${label}: the call ran on with its object freed under it`);
      if (after?.poisoned && TRAP.test(after.poisoned)) {
        parentPort.postMessage({ type: 'counts', counts });
        parentPort.postMessage({ type: 'restart', next: i + 1 });
        return;
      }
    }
    if (error !== undefined) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof WebAssembly.RuntimeError || TRAP.test(message) || !(error instanceof Error)) {
        fail('traps', `${label}: ${error?.constructor?.name}: ${message}`);
        parentPort.postMessage({ type: 'counts', counts });
        parentPort.postMessage({ type: 'restart', next: i + 1 });
        return;
      }
      if (step.kind === 'freed') {
        if (!/was freed/.test(message)) fail('freed', `${label}: said "${message}"`);
        else counts.refused += 1;
      } else if (step.kind === 'probe') {
        fail('poisoned', `${label}: ${message}`);
      } else if (UNCLEAR.test(message) || message.length < 8) {
        fail('unclear', `${label}: "${message}"`);
      } else if (expect && !message.includes(expect)) {
        fail('lost', `${label}: said "${message}"`);
      } else {
        counts.refused += 1;
        counts.slowestMs = Math.max(counts.slowestMs, ms);
      }
    } else if (step.kind === 'freed') {
      fail('freed', `${label}: a freed object answered`);
    } else {
      counts.accepted += 1;
    }
  }
  Atomics.store(shared, 0, -1);
  parentPort.postMessage({ type: 'counts', counts });
  parentPort.postMessage({ type: 'done' });
}

// ---- What is called ----

/** Hostile values for any parameter. */
const HOSTILE = [
  ['undefined', () => undefined],
  ['null', () => null],
  ['true', () => true],
  ['"abc"', () => 'abc'],
  ['""', () => ''],
  ['-1', () => -1],
  ['0.5', () => 0.5],
  ['NaN', () => NaN],
  ['Infinity', () => Infinity],
  ['-Infinity', () => -Infinity],
  ['2^31', () => 2 ** 31],
  ['2^32', () => 2 ** 32],
  ['2^53', () => 2 ** 53],
  ['-2^53', () => -(2 ** 53)],
  ['1e308', () => 1e308],
  ['1n', () => 1n],
  ['a Symbol', () => Symbol('hostile')],
  ['{}', () => ({})],
  ['[]', () => []],
  ['{length: 1e9}', () => ({ length: 1e9 })],
  ['{length: -1}', () => ({ length: -1 })],
  ['[NaN, "x", {}]', () => [NaN, 'x', {}]],
  ['a function', () => () => 1],
  ['a Proxy of an array whose every read throws', () => new Proxy([1, 2, 3], { get() { throw new Error('hostile Proxy'); } })],
  ['an array whose entry 0 throws', () => Object.defineProperty([1, 2, 3], 0, { get() { throw new Error('hostile entry'); } })],
  ['a revoked Proxy', () => { const { proxy, revoke } = Proxy.revocable([1, 2, 3], {}); revoke(); return proxy; }],
];

/** The words of the errors that arguments throw on purpose (reaching back). */
const THROWN = 'thrown by a hostile argument';
/** Whether the call being made read an argument that threw THROWN. */
const thrown = { ran: false };

/** `make()` once, kept: a huge array is allocated once, not per call. */
const once = (make) => {
  let value;
  return () => (value ??= make());
};

/**
 * Where the valid value is an array: huge ones too (zero pages never written, so never
 * resident unless a binding copies them, which is what this looks for).
 */
const HUGE_ARRAYS = [
  ['Float64Array(3e8)', once(() => new Float64Array(3e8))],
  ['Float64Array(4e8)', once(() => new Float64Array(4e8))],
  ['Array(2^32 − 1)', once(() => new Array(2 ** 32 - 1))],
  ['Uint8Array(2^31)', once(() => new Uint8Array(2 ** 31))],
];
/** Where the valid value is a name: a long one. */
const LONG_TEXT = [['a 1 MB string', () => 'x'.repeat(1 << 20)]];

/** Not bindings: the glue's own initialiser. */
const SKIP = new Set(['initSync', 'default', 'start']);

const W = 200;
const H = 150;
const bridson = () => ({ width: W, height: H, radius: 10, k: 30, seed: 1 });
const classes = () => ({ width: W, height: H, classes: [{ name: 'a', spacing: 10 }, { name: 'b', spacing: 20 }], seed: 1 });
const darts = () => ({ width: W, height: H, radius: 10, misses: 100, seed: 1 });
const grey = () => new Uint8ClampedArray(60 * 40 * 4).fill(128);

/** Valid arguments of each free function (one not listed gets 1 for each parameter). */
const FUNCTIONS = (pkg) => ({
  poissonClasses: [classes()],
  dartThrowing: [darts()],
  pointsToCsv: [new Float64Array([1, 2, 3]), 3],
  pointsToJson: [W, H, new Float64Array([1, 2, 3]), 3],
  fastPoisson: [W, H, 10, 1],
  liveFigures: [[1, 2, 3], 3, 10, W, H],
  progressiveOrder: [new Float64Array([1, 2, 3, 50, 50, 3])],
  poissonDisk: [W, H, 10, 30, 1],
  defaultExponent: [30],
  jitteredGrid: [20, W, H, 1],
  randomPoints: [10, W, H, 1],
  spectrumOf: [new Float64Array([1, 2, 30, 40]), W, H, 4, 4],
  pictureLabel: ['sphere'],
  phase: [0, 0],
  // A small box: a hostile radius of 1 (`true`) in a 200 × 150 × 50 one is 875 500 points,
  // 55 s on a loaded 2-core machine, past CALL_LIMIT_MS.
  poissonDisk3d: [60, 40, 20, 10, 30, 1],
  fastPoisson3d: [60, 40, 20, 10, 1],
  sampleMesh: [new Float64Array([0, 0, 0, 9, 0, 0, 0, 9, 0]), new Uint32Array([0, 1, 2]), { radius: 1, seed: 1, method: 'fast', weights: [1, 0, 1], radiusMax: 2 }],
  eliminate: [50, { width: W, height: H, seed: 1 }],
  // Mesh's static functions.
  torus: [{ major: 10, minor: 4, around: 12, across: 8 }],
  fromArrays: [new Float64Array([0, 0, 0, 9, 0, 0, 0, 9, 0]), new Uint32Array([0, 1, 2])],
  fromObj: ['v 0 0 0\nv 9 0 0\nv 0 9 0\nf 1 2 3\n'],
  relax: [new Float64Array([10, 10, 50, 60, 120, 90, 180, 20]), W, H, { method: 'fpo', iterations: 2 }],
  measure: [new Float64Array([10, 10, 50, 60, 120, 90, 180, 20]), W, H, { wrap: true }],
  voronoiCells: [new Float64Array([10, 10, 50, 60, 120, 90, 180, 20]), W, H, { wrap: true }],
});

/**
 * How to make a valid object of each class: `make(pkg)`; `args` the constructor's valid
 * arguments (for the classes a page constructs); `methods` valid arguments where 1 for every
 * parameter is not (the others get 1).
 */
const RECIPES = {
  ChunkedWorld: {
    args: () => [{ chunkSize: 128, radius: 16, k: 30, seed: 1, capacity: 64 }],
    methods: { pointsIn: [0, 0, 100, 100], missing: [0, 0, 100, 100], generateNext: [0, 0, 100, 100] },
  },
  ClassSampler: { args: () => [classes()], methods: { spacing: [0, 1] } },
  CompareJob: { args: () => [W, H, 20, 1] },
  Comparison: {
    make: (pkg) => new pkg.CompareJob(W, H, 20, 1).finish(),
    methods: Object.fromEntries(['points', 'count', 'spacing', 'tooClose', 'tightest', 'clearing'].map((m) => [m, ['poisson']])),
  },
  DartThrower: { args: () => [darts()] },
  ForestJob: {
    args: () => [{ width: W, height: H, minRadius: 6, maxRadius: 20, patchSize: 5, k: 30, seed: 1 }],
    methods: { densityMap: [4, 4, 10] },
  },
  EditableSet: { args: () => [bridson()], methods: { stroke: ['paint', [100, 75], 20] } },
  EditableSetFill: { args: () => [bridson()] },
  FastSampler: { args: () => [W, H, 10, 1] },
  FastRun: { make: (pkg) => new pkg.FastSampler(W, H, 10, 1).finish() },
  Grid: { args: () => [{ width: W, height: H, radius: 20, seed: 1, keep: 0.5 }], methods: { probe: [50, 50], add: [50, 50] } },
  History: { args: () => [bridson()] },
  BiomeMap: { args: () => [W, H, 1], methods: { rgbaRows: [0, 2] } },
  Placer: { args: (pkg) => [new pkg.BiomeMap(W, H, 1), { chest: 60, rock: 30, tree: 12, flower: 6 }] },
  Placement: {
    make: (pkg) => new pkg.Placer(new pkg.BiomeMap(W, H, 1), { chest: 60, rock: 30, tree: 12, flower: 6 }).finish(),
    methods: { points: ['trees'], count: ['trees'] },
  },
  ProgressiveOrder: { args: () => [new Float64Array([1, 2, 3, 50, 50, 3, 120, 90, 3])] },
  PoissonSampler: { args: () => [W, H, 10, 30, 1] },
  SamplerJob: { args: () => [{ ...bridson(), method: 'classic' }] },
  SamplerRun: { make: (pkg) => new pkg.SamplerJob({ ...bridson(), method: 'classic' }).finish() },
  SpectrumJob: { args: () => [{ kind: 'bridson', width: 100, height: 100, radius: 10, seed: 1, maps: 1, fxMax: 8, fyMax: 8 }] },
  Spectrum: {
    make: (pkg) => new pkg.SpectrumJob({ kind: 'bridson', width: 100, height: 100, radius: 10, seed: 1, maps: 1, fxMax: 8, fyMax: 8 }).finish(),
  },
  PictureJob: { args: () => ['sphere', 60, 40] },
  StippleImage: { args: () => [60, 40, grey()], methods: { maskAllows: [0.5, 1, 1], maskCoverage: [0.5] } },
  Stippling: {
    args: (pkg) => [new pkg.StippleImage(60, 40, grey()), { mode: 'mono', minRadius: 2, maxRadius: 6, k: 30, seed: 1 }],
    methods: { points: [0], count: [0], pointsBetween: [0, 0, 10] },
  },
  WorldPainter: { args: () => [1] },
  World: { make: (pkg) => new pkg.WorldPainter(1).finish(), methods: { rgbaRows: [0, 2], count: ['trees'], points: ['trees'] } },
  TileSet: { args: () => [{ width: 100, height: 100, radius: 10, k: 30, seed: 1, wrap: true }] },
  SpaceSampler: { args: () => [{ width: W, height: H, depth: 50, radius: 10, k: 30, seed: 1 }] },
  Mesh: { make: (pkg) => pkg.Mesh.torus({ major: 10, minor: 4, around: 12, across: 8 }) },
  Relaxation: { args: () => [new Float64Array([10, 10, 50, 60, 120, 90, 180, 20]), W, H, { method: 'lloyd', wrap: true }], methods: { run: [5] } },
  MeshSampler: { args: (pkg) => [pkg.Mesh.torus({ major: 10, minor: 4, around: 12, across: 8 }), { radius: 1, k: 30, seed: 1, method: 'fast', weights: Array.from({ length: 96 }, (_, i) => i % 2), radiusMax: 2 }] },
};

/** Whether `value` is a class the bindings export (it has `free` on its prototype). */
const isClass = (value) => typeof value === 'function' && typeof value.prototype?.free === 'function';

/** The hostile values for a parameter whose valid value is `valid`. */
function hostileFor(valid) {
  const extra = [];
  if (Array.isArray(valid) || ArrayBuffer.isView(valid)) extra.push(...HUGE_ARRAYS);
  if (typeof valid === 'string') extra.push(...LONG_TEXT);
  return [...HOSTILE, ...extra];
}

/**
 * `valid` with position `i` replaced by each hostile value: `[label, () => args]`, for every
 * position up to `arity` (the glue's count of parameters, optional ones too; those past `valid`
 * get long text as well, since a name may belong there).
 */
function variants(valid, arity = valid.length) {
  const out = [];
  for (let i = 0; i < Math.max(valid.length, arity); i++) {
    const hostile = i < valid.length ? hostileFor(valid[i]) : [...HOSTILE, ...LONG_TEXT];
    for (const [label, make] of hostile) {
      out.push([`#${i} = ${label}`, () => Array.from({ length: i + 1 }, (_, j) => (j === i ? make() : valid[j])).concat(valid.slice(i + 1))]);
    }
  }
  return out;
}

/** Whether `value` is an object of the bindings (it has wasm-bindgen's address field). */
const isBound = (value) => value != null && typeof value === 'object' && '__wbg_ptr' in value;

/** Whether `value` is a plain parameter object (`{width, height, …}`). */
const isParams = (value) => value != null && Object.getPrototypeOf(value) === Object.prototype;

/** What an argument may do to an object of the bindings when the call reads it: `[label, act]`. */
function reachesInto(target) {
  const name = target.constructor.name;
  return [
    [`frees the ${name}`, () => target.free()],
    [`calls each method of the ${name}`, () => {
      for (const [method] of membersOf(target.constructor).methods) {
        try {
          target[method](1);
        } catch {
          // refused or not: what matters is the outer call
        }
      }
    }],
  ];
}

/**
 * The reaching-back variants of a call whose valid arguments are `args()` (fresh each time) and
 * whose object, for a method, is `receiver` (the same object the args were made for):
 * `[label, {args, victims, expect}]` per parameter position up to `arity` (a number whose
 * `valueOf` acts) and per key of each parameter object (a getter that acts).
 */
function reachBack(args, arity, method) {
  const sample = args();
  const out = [];
  const positions = Math.max(sample.length, arity);
  for (let i = 0; i < positions; i++) {
    // Each act: on the receiver (for a method) and on every object argument, and a throw.
    const acts = (made, self) => {
      const victims = [...(method ? [self] : []), ...made.filter(isBound)];
      const list = [];
      for (const v of victims) for (const [label, act] of reachesInto(v)) list.push([label, act]);
      list.push(['throws', () => {
        thrown.ran = true;
        throw new Error(THROWN);
      }]);
      return list;
    };
    const count = acts(sample, method ? { constructor: method.cls, free() {} } : null).length;
    for (let a = 0; a < count; a++) {
      out.push((self) => {
        const made = args();
        const [label, act] = acts(made, self)[a];
        made[i] = { valueOf() { act(); return 10; } };
        return { label: `#${i} = a number whose valueOf ${label}`, made };
      });
      const valid = sample[i];
      if (!isParams(valid)) continue;
      for (const key of Object.keys(valid)) {
        out.push((self) => {
          const made = args();
          const [label, act] = acts(made, self)[a];
          const value = made[i][key];
          made[i] = Object.defineProperty({ ...made[i] }, key, { enumerable: true, get() { act(); return value; } });
          return { label: `#${i}.${key} = a getter that ${label}`, made };
        });
      }
    }
  }
  return out;
}

/**
 * Runs `call(made)` for a reach-back variant: how it answered (its error) and what it left (the
 * objects still alive must work; a method's own object must not be freed while it ran).
 */
function reach(variant, call, self) {
  const { made, label } = variant;
  const victims = [...(self ? [self] : []), ...made.filter(isBound)];
  thrown.ran = false;
  let error;
  try {
    call(made);
  } catch (e) {
    error = e;
  }
  const after = {};
  if (self && self.__wbg_ptr === 0) after.freedInCall = true;
  for (const v of victims) {
    if (v.__wbg_ptr === 0) continue;
    try {
      probe(v);
    } catch (e) {
      after.poisoned = `${v.constructor.name}: ${e?.message ?? e}`;
    }
    try {
      v.free();
    } catch (e) {
      after.poisoned ??= `${v.constructor.name}.free(): ${e?.message ?? e}`;
    }
  }
  // An error the argument threw must come back in its words (if the call read the argument).
  return { error, after, label, expect: thrown.ran ? THROWN : undefined };
}

/** The members of a class prototype: methods (with their arity) and getters. */
function membersOf(cls) {
  const methods = [];
  const getters = [];
  for (const key of Object.getOwnPropertyNames(cls.prototype)) {
    if (key === 'constructor' || key === 'free' || key.startsWith('__')) continue;
    const d = Object.getOwnPropertyDescriptor(cls.prototype, key);
    if (typeof d.value === 'function') methods.push([key, d.value.length]);
    else if (d.get) getters.push(key);
  }
  return { methods, getters };
}

/** The valid call that shows an object still works: `run(0)` (a `&mut` borrow) if it has one. */
function probe(object) {
  if (typeof object.run === 'function') return object.run(0);
  const { getters } = membersOf(object.constructor);
  return getters.length ? object[getters[0]] : undefined;
}

/** The whole plan: a list of `{label, kind, run}`, the same in every worker. */
async function planFor(pkg) {
  const plan = [];
  const problems = [];
  const functions = FUNCTIONS(pkg);
  const add = (label, kind, run) => plan.push({ label, kind, run });
  /** The reaching-back variants of a constructor or function `label` (no object of its own). */
  const addReach = (label, args, arity, call) => {
    for (const variant of reachBack(args, arity, null)) {
      add(`${label}(…) reaching back`, 'reach', () => {
        const v = variant(null);
        const r = reach(v, call, null);
        return { ...r, label: `${label}(${v.label})` };
      });
    }
  };

  for (const [name, value] of Object.entries(pkg).sort(([a], [b]) => a.localeCompare(b))) {
    if (SKIP.has(name) || typeof value !== 'function') continue;
    if (!isClass(value)) {
      const valid = functions[name] ?? Array.from({ length: value.length }, () => 1);
      add(`${name}(valid)`, 'call', () => void value(...valid));
      for (const [label, args] of variants(valid, value.length)) add(`${name}(${label})`, 'call', () => void value(...args()));
      addReach(name, () => FUNCTIONS(pkg)[name] ?? Array.from({ length: value.length }, () => 1), value.length, (made) => value(...made));
      continue;
    }
    const recipe = RECIPES[name];
    if (!recipe) {
      problems.push(`class ${name} has no recipe in hostile-check.mjs: add how to make a valid one`);
      continue;
    }
    // Static functions (ChunkedWorld.phase).
    for (const key of Object.getOwnPropertyNames(value)) {
      const f = value[key];
      if (typeof f !== 'function' || key.startsWith('__')) continue;
      const valid = functions[key] ?? Array.from({ length: f.length }, () => 1);
      for (const [label, args] of variants(valid, f.length)) add(`${name}.${key}(${label})`, 'call', () => void f(...args()));
      addReach(`${name}.${key}`, () => FUNCTIONS(pkg)[key] ?? Array.from({ length: f.length }, () => 1), f.length, (made) => f(...made));
    }
    const make = recipe.make ? () => recipe.make(pkg) : () => new value(...recipe.args(pkg));
    if (recipe.args) {
      for (const [label, args] of variants(recipe.args(pkg), value.length)) {
        add(`new ${name}(${label})`, 'call', () => {
          const made = new value(...args());
          made.free();
        });
      }
      addReach(`new ${name}`, () => recipe.args(pkg), value.length, (made) => new value(...made).free());
    }
    // One object, kept between calls; made again only if a call poisoned it.
    let object = null;
    const current = () => (object ??= make());
    const { methods, getters } = membersOf(value);
    for (const [method, arity] of methods) {
      const valid = recipe.methods?.[method] ?? Array.from({ length: arity }, () => 1);
      const calls = [['valid', () => valid], ...variants(valid, arity)];
      for (const [label, args] of calls) {
        add(`${name}.${method}(${label})`, 'call', () => void current()[method](...args()));
        add(`${name}.${method}(${label}), then a valid call`, 'probe', () => {
          try {
            probe(current());
          } catch (error) {
            object = null; // poisoned: the next call gets a fresh one
            throw error;
          }
        });
      }
    }
    for (const getter of getters) add(`${name}.${getter}`, 'call', () => void current()[getter]);
    // Reaching back from a method's arguments into its own object, a fresh one per call.
    for (const [method, arity] of methods) {
      const valid = () => recipe.methods?.[method] ?? Array.from({ length: arity }, () => 1);
      for (const variant of reachBack(valid, arity, { cls: value })) {
        add(`${name}.${method}(…) reaching back`, 'reach', () => {
          const self = make();
          const v = variant(self);
          const r = reach(v, (made) => self[method](...made), self);
          return { ...r, label: `${name}.${method}(${v.label})` };
        });
      }
    }
    add(`${name}.free() after the hostile calls`, 'probe', () => {
      const o = current();
      object = null;
      o.free();
    });
    // Use after free: every member of a freed object must say so.
    let freed = null;
    const dead = () => {
      if (!freed) {
        freed = make();
        freed.free();
      }
      return freed;
    };
    for (const [method] of methods) {
      const valid = recipe.methods?.[method] ?? Array.from({ length: value.prototype[method].length }, () => 1);
      add(`${name}.${method}() after free()`, 'freed', () => void dead()[method](...valid));
    }
    for (const getter of getters) add(`${name}.${getter} after free()`, 'freed', () => void dead()[getter]);
    add(`${name}.free() twice`, 'call', () => dead().free());
  }
  // The module still samples the reference forest after everything.
  add('poissonDisk(720, 400, 24, 30, 123456) gives 315 points at the end', 'probe', () => {
    const n = pkg.poissonDisk(720, 400, 24, 30, 123456).length / 3;
    if (n !== 315) throw new Error(`got ${n} points`);
  });
  return { plan, problems };
}

// Last, once every table above is defined.
if (isMainThread) await main();
else await worker();
