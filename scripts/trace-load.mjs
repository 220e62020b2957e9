// What the page's longest start-up tasks do. Loads the built page (dist/, as the e2e tests serve
// it) in headless Chromium a few times, with a Chromium trace and V8's sampling profiler on, and
// prints for each load the tasks that took longest on the clock and used the most CPU: where the
// task came from (an animation frame, a timer, the browser's form scan…), its CPU and clock time,
// its rendering phases, the labs whose code the profiler found running, and what the browser's
// other threads used meanwhile (a 2-core machine shares its cores with them).
//
//   trunk build --release --offline && node scripts/trace-load.mjs [LOADS] [TOP]
//
// The profiler itself costs a little: CPU times here run a few ms above the long-task test's.

import { openPage } from '../tests/e2e/harness.mjs';

const LOADS = Number(process.argv[2] ?? 3);
const TOP = Number(process.argv[3] ?? 5);
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'loading',
  'v8',
  'v8.wasm',
  'disabled-by-default-v8.cpu_profiler',
];

/** Runs in the page before its scripts: records every long task. */
function watchTasks() {
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__tasks.push({ at: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

/** Every lab started and done with its first work. */
function allSettled() {
  return [...document.querySelectorAll('section[data-lab]')].every(
    (s) => s.dataset.started === 'true' && !s.querySelector('canvas[data-role="map"]').hasAttribute('aria-busy'),
  );
}

/** Loads the page once under the trace; resolves to the page's long tasks and the trace events. */
async function traceLoad() {
  const fresh = await openPage();
  try {
    await fresh.page.addInitScript(watchTasks);
    const cdp = await fresh.page.context().newCDPSession(fresh.page);
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
    await fresh.page.reload();
    // Through the protocol, not Playwright's waits (which compile Playwright's script into the page).
    const run = async (expression) =>
      (await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })).result.value;
    const until = (test) => run(`new Promise((done) => { const poll = () => ((${test})() ? done(true) : setTimeout(poll, 100)); poll(); })`);
    await until(() => document.documentElement.dataset.wasm);
    await until(allSettled);
    await run('new Promise((done) => setTimeout(done, 300))');
    const longTasks = await run('window.__tasks');
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.end');
    await complete;
    return { longTasks, events };
  } finally {
    await fresh.close();
  }
}

const ms = (us) => (us / 1000).toFixed(1);

/** Prints the longest tasks of one traced load. */
function report(n, { longTasks, events }) {
  const threads = new Map();
  for (const e of events) if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const thread = (e) => `${e.pid}:${e.tid}`;
  const main = [...threads].find(([, name]) => name === 'CrRendererMain')[0];
  const onMain = events.filter((e) => e.ph === 'X' && thread(e) === main);
  const start = events.find((e) => e.name === 'navigationStart' && thread(e) === main)?.ts ?? onMain[0].ts;
  const tasks = onMain.filter((e) => e.name === 'ThreadControllerImpl::RunTask');

  // The profiler's samples, each with its time and its stack's node.
  const nodes = new Map();
  const samples = [];
  let clock = 0;
  for (const e of events) {
    if (e.name === 'Profile') clock = e.args.data.startTime;
    if (e.name !== 'ProfileChunk') continue;
    const { cpuProfile, timeDeltas } = e.args.data;
    for (const node of cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (cpuProfile?.samples ?? []).forEach((id, i) => {
      clock += timeDeltas[i];
      samples.push({ ts: clock, id });
    });
  }
  /** Who a sample belongs to: the innermost lab module on its stack, else www/, else the leaf. */
  function owner(id) {
    let leaf = null;
    for (let node = nodes.get(id); node; node = nodes.get(node.parent)) {
      leaf ??= node.callFrame;
      const lab = /labs\/(\w+)(?:\/\w+)?\.js/.exec(node.callFrame.url);
      if (lab) return `${lab[1]} lab`;
      if (/\/www\/(lib\/)?\w+\.js/.test(node.callFrame.url)) return /\/www\/((lib\/)?\w+\.js)/.exec(node.callFrame.url)[1];
    }
    if (/\.wasm/.test(leaf?.url)) return 'wasm';
    return leaf?.functionName || 'native';
  }

  // The other threads' tasks, named by thread, or by what a worker did (compiling wasm, rasterizing).
  const TOP_LEVEL = ['ThreadControllerImpl::RunTask', 'ThreadPool_RunTask', 'TaskGraphRunner::RunTask'];
  const otherTasks = events.filter((e) => e.ph === 'X' && e.tdur && thread(e) !== main && TOP_LEVEL.includes(e.name));
  const marks = events.filter((e) => e.ph === 'X' && (e.name === 'wasm.ExecuteCompilationUnits' || e.name === 'RasterTask'));
  for (const e of otherTasks) {
    const mark = marks.find((m) => thread(m) === thread(e) && m.ts >= e.ts && m.ts < e.ts + e.dur);
    e.what = mark ? (mark.name === 'RasterTask' ? 'raster' : 'wasm compile') : (threads.get(thread(e)) ?? 'other').replace(/\d+$/, '');
  }

  function describe(task) {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e.ts >= task.ts && e.ts + e.dur <= end);
    const sum = (name) => inside.filter((e) => e.name === name).reduce((total, e) => total + (e.tdur ?? 0), 0);
    const phases = [
      ['style', sum('UpdateLayoutTree')],
      ['layout', sum('Layout')],
      ['paint', sum('Paint')],
      ['commit', sum('Commit')],
      ['canvas', sum('CanvasRenderingContext2D::FinalizeFrame')],
      ['parse HTML', sum('ParseHTML')],
      ['script', sum('v8.evaluateModule') + sum('EvaluateScript') + sum('v8.compileModule')],
      ['wasm', sum('wasm.SyncInstantiate') + sum('wasm.AsyncInstantiate')],
    ].filter(([, us]) => us >= 500);
    const forced = inside.filter((e) => e.name === 'Document::UpdateStyleAndLayout').length;
    const who = new Map();
    for (const s of samples) if (s.ts >= task.ts && s.ts <= end) who.set(owner(s.id), (who.get(owner(s.id)) ?? 0) + 1);
    const whoText = [...who].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v}`).join(', ');
    const others = new Map();
    for (const e of otherTasks) {
      const overlap = Math.min(e.ts + e.dur, end) - Math.max(e.ts, task.ts);
      if (overlap <= 0) continue;
      others.set(e.what, (others.get(e.what) ?? 0) + (e.tdur * overlap) / e.dur);
    }
    const othersText = [...others].filter(([, us]) => us >= 1000).sort((a, b) => b[1] - a[1]).map(([k, us]) => `${k} ${ms(us)}`).join(', ');
    const from = task.args?.src_func ?? '?';
    return [
      `  ${((task.ts - start) / 1e6).toFixed(2)} s  ${from}: clock ${ms(task.dur)} ms, CPU ${ms(task.tdur ?? 0)} ms`,
      `      phases (CPU ms): ${phases.map(([k, us]) => `${k} ${ms(us)}`).join(', ') || '–'}${forced ? `; ${forced} forced layouts` : ''}`,
      `      samples: ${whoText || '–'}`,
      `      other threads meanwhile (CPU ms): ${othersText || '–'}`,
    ].join('\n');
  }

  const shown = longTasks.map((t) => `${t.ms.toFixed(0)} ms at ${(t.at / 1000).toFixed(2)} s`).join(', ') || 'none';
  console.log(`load ${n}: long tasks (over 50 ms): ${shown}`);
  const byClock = [...tasks].sort((a, b) => b.dur - a.dur).slice(0, TOP);
  const byCpu = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, TOP);
  console.log(' longest on the clock:');
  for (const task of byClock) console.log(describe(task));
  console.log(' most CPU (not listed above):');
  for (const task of byCpu.filter((t) => !byClock.includes(t))) console.log(describe(task));
}

for (let n = 1; n <= LOADS; n++) report(n, await traceLoad());
