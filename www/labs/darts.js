// Dart throwing: throw a point anywhere, keep it if it is far enough from every kept point,
// stop after a run of misses. The thrower is the core's classic one (DartThrower in
// crates/web), so with the lab's seed Finish lands on the reference result.
//
// State: the thrower (rebuilt when seed, radius or misses change, and on Reset), its latest
// misses (www/labs/darts/misses.js) and the miss rate's history the chart plots. Play throws
// more darts per frame as the run goes on; Finish throws a slice per frame (the job driver's),
// so even a long run never freezes the tab.

import { setupCanvas } from '../lib/canvas.js';
import { range } from '../lib/params.js';
import { onNextFrame, prefersReducedMotion } from '../lib/frame.js';
import { COLORS, clear, cross, dots, ring } from '../lib/draw.js';
import { offscreenLayer } from '../lib/layer.js';
import { jobDriver } from '../lib/job.js';
import { MAP, NEW_SEED, count, createLab, part, percent, player, say, seedParam } from '../lib/lab.js';
import { fadingMisses } from './darts/misses.js';
import { CHART_H, CHART_W, drawChart, missRates, perTree, summary } from './darts/figures.js';

const { width: WIDTH, height: HEIGHT } = MAP;
/** Play's darts per frame at most; Finish throws them in chunks until the frame's share is spent. */
const PLAY_MAX = 50000;
const FINISH_CHUNK = 500;
/** New kept darts dotted per frame at most (about 10 µs each on a software canvas). */
const KEPT_PER_FRAME = 250;
/** Bridson's tries per point, for the comparison after Finish. */
const BRIDSON_K = 30;
/** The lab's range for "stop after N misses in a row". */
const MISSES = { min: 1, max: 5000 };
/** Each kept dart's disk of radius r / 2: disks of two kept darts never overlap. */
const DISK = 'rgba(95, 168, 107, 0.4)';

export function mount(section, wasm) {
  const state = {
    thrower: null,
    values: null,
    kept: new Float64Array(0),
    /** The miss rate's history (www/labs/darts/figures.js). */
    rates: missRates(),
    /** The dart the last Step threw, to ring it: {x, y, kept}. */
    last: null,
    /** Bridson's figures on the same map, once the darts are finished. */
    bridson: null,
    /** The thrower whose Bridson comparison is under way (a job of its own). */
    bridsonFor: null,
  };
  /** How many kept darts the layer holds; −1 when it must be cleared first. */
  let keptShown = -1;

  const lab = createLab(section, wasm, {
    resized() {
      // The canvas changed size: paint the kept and missed darts' layers afresh.
      keptShown = -1;
      misses.forget();
      draw();
    },
    readouts: [
      ['thrown', 'Darts thrown'],
      ['kept', 'Kept'],
      ['coverage', 'Covered', 'Share of the map under the kept darts’ disks of radius r / 2'],
      ['rejected', 'Missed'],
      ['misses-in-a-row', 'Misses in a row'],
      ['miss-rate', 'Miss rate', 'Share of the last 200 darts that missed'],
      ['bridson-points', 'Bridson, same map', "Points Bridson's algorithm places with the same seed and radius (k = 30)"],
      ['checks-per-tree', 'Checks per tree', 'Distance checks per kept tree, plain: every dart against every tree kept before it'],
      ['grid-checks-per-tree', 'On the grid', 'Distance checks per kept tree had each dart looked only at the trees in its 5 × 5 block of grid cells'],
      ['bridson-checks-per-tree', 'Bridson, per tree', "Distance checks per tree in Bridson's algorithm on the same map: grid and active list"],
    ],
    params: [
      seedParam(),
      range('radius', 'Radius r', 26, 8, 60),
      { name: 'misses', label: 'Stop after N misses in a row', type: 'number', value: 500, ...MISSES, step: 1 },
    ],
    build(values) {
      const misses = values.misses;
      if (!Number.isInteger(misses) || misses < MISSES.min || misses > MISSES.max) {
        throw new Error(`Enter a whole number of misses from ${MISSES.min} to ${MISSES.max}.`);
      }
      return {
        thrower: new wasm.DartThrower({ width: WIDTH, height: HEIGHT, radius: values.radius, misses, seed: values.seed }),
        values,
      };
    },
    use: (result) => install(result),
    refresh(name) {
      play.stop();
      lab.rebuild(name);
    },
    actions: [
      { action: 'step', label: 'Step', title: 'Throw one dart' },
      { action: 'play', label: 'Play' },
      { action: 'finish', label: 'Finish', title: 'Throw until the misses in a row reach the limit' },
      { action: 'reset', label: 'Reset' },
      NEW_SEED,
    ],
    handlers: {
      step() {
        play.stop();
        finisher.cancel();
        const t = state.thrower;
        if (!t || t.isFinished) return;
        const kept = t.throw() === 1;
        afterDarts();
        const [x, y] = kept ? state.kept.slice(-2) : misses.last();
        state.last = { x, y, kept };
        update();
      },
      play() {
        if (play.playing) {
          play.stop();
          return;
        }
        if (!state.thrower || state.thrower.isFinished) return;
        if (prefersReducedMotion()) finish();
        else play.start();
      },
      finish,
      reset: () => lab.refresh(),
    },
    // Points as JSON/CSV: the darts kept so far.
    exportPoints: () => ({ points: state.thrower?.kept() ?? new Float64Array(), stride: 2, name: 'darts' }),
  });
  const { canvas, view, set: setReadout } = lab;
  // Kept darts only ever accumulate (until Reset), so they are painted once each onto a layer,
  // and a frame copies the layer instead of repainting thousands of disks.
  const keptLayer = offscreenLayer(canvas, WIDTH, HEIGHT);
  const misses = fadingMisses(canvas, WIDTH, HEIGHT);
  const showChart = () => drawChart(chart, state.rates.samples, wasm.rsaCoverage());
  const chart = setupCanvas(part(section, 'chart'), CHART_W, CHART_H, showChart);
  const requestDraw = onNextFrame(() => {
    draw();
    showChart();
  });
  const status = part(section, 'status');
  const summaryLine = part(section, 'summary');

  // Finish throws darts a slice per frame; after each, the lab fetches and draws what is new.
  const finisher = jobDriver(section, {
    frame() {
      afterDarts(false);
      update();
    },
  });
  // Bridson on the same map, once the darts are finished.
  const comparer = jobDriver(section, {
    swap(run) {
      // A history run to its end has visited every step, so the core has counted what each
      // cost: the candidates, and the distance checks its grid searches made.
      const [tries, , checks] = run.costAt(run.totalSteps);
      state.bridson = { points: run.pointCount, tries, checks };
      run.free();
      update();
    },
  });

  const play = player(tick, (playing) => {
    lab.buttons.get('play').textContent = playing ? 'Pause' : 'Play';
    if (!playing) showStatus();
  });

  /** Throws until the misses in a row reach the limit, a slice per frame. */
  function finish() {
    const t = state.thrower;
    if (!t || t.isFinished) return;
    play.stop();
    state.last = null;
    finisher.run({
      runUntil(until) {
        while (!t.isFinished && performance.now() < until) throwDarts(FINISH_CHUNK);
        return t.isFinished;
      },
    });
    showStatus();
  }

  /** Installs a fresh thrower: nothing thrown yet. */
  function install({ thrower, values }) {
    play.stop();
    finisher.cancel();
    comparer.cancel();
    state.thrower?.free();
    keptShown = -1;
    misses.clear();
    Object.assign(state, { thrower, values, kept: new Float64Array(0), rates: missRates(), last: null, bridson: null });
    update();
  }

  /** One frame of Play; false when the thrower is done. */
  function tick() {
    const t = state.thrower;
    if (!t || t.isFinished) return false;
    state.last = null;
    // Play speeds up as the map fills: the darts per frame grow with the darts thrown, so even
    // the long tail of misses plays in a few seconds.
    throwDarts(Math.min(PLAY_MAX, 1 + Math.floor(t.thrown / 40)));
    afterDarts(false);
    update();
    return !t.isFinished;
  }

  /** Throws up to `n` darts in chunks of the sampling interval, sampling the miss rate. */
  function throwDarts(n) {
    const t = state.thrower;
    let left = n;
    while (left > 0 && !t.isFinished) {
      const chunk = Math.min(left, state.rates.interval);
      t.run(chunk);
      left -= chunk;
      state.rates.add(t);
    }
  }

  /** Fetches what the last darts added: new kept darts, new rejected darts. */
  function afterDarts(withSample = true) {
    const t = state.thrower;
    if (withSample) state.rates.add(t);
    if (t.keptCount * 2 !== state.kept.length) state.kept = t.kept();
    misses.fetch(t);
    if (t.isFinished && !state.bridson && state.bridsonFor !== t) {
      state.bridsonFor = t;
      const { radius, seed } = state.values;
      // The same steps as PoissonSampler, as a history, which counts each step's costs.
      const run = new wasm.History({ width: WIDTH, height: HEIGHT, radius, k: BRIDSON_K, seed });
      run.startRandom();
      comparer.run(run);
    }
  }

  function update() {
    const t = state.thrower;
    setReadout('thrown', String(t.thrown));
    setReadout('kept', String(t.keptCount));
    setReadout('rejected', String(t.rejectedCount));
    setReadout('misses-in-a-row', String(t.missesInARow));
    setReadout('coverage', percent(t.coverage));
    setReadout('miss-rate', t.thrown ? percent(t.missRate) : '–');
    setReadout('bridson-points', state.bridson ? String(state.bridson.points) : '–');
    setReadout('checks-per-tree', perTree(t.plainChecks, t.keptCount));
    setReadout('grid-checks-per-tree', perTree(t.gridChecks, t.keptCount));
    setReadout('bridson-checks-per-tree', state.bridson ? perTree(state.bridson.checks, state.bridson.points) : '–');
    showStatus();
    showSummary(state.bridson ? summary(t, state.bridson) : null);
    requestDraw();
  }

  /** The verdict after Finish: one sentence and a small table; nothing before. */
  let summaryShown = null;
  function showSummary(verdict) {
    const key = verdict ? JSON.stringify(verdict) : '';
    if (key === summaryShown) return;
    summaryShown = key;
    summaryLine.replaceChildren();
    if (!verdict) return;
    const p = document.createElement('p');
    p.textContent = verdict.sentence;
    const table = document.createElement('table');
    table.className = 'compare-table darts-verdict';
    const head = table.createTHead().insertRow();
    for (const name of ['', 'Trees', 'Throws per tree', 'Distance checks per tree']) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = name;
      head.append(th);
    }
    const body = table.createTBody();
    for (const [name, ...cells] of verdict.rows) {
      const row = body.insertRow();
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = name;
      row.append(th);
      for (const cell of cells) row.insertCell().textContent = cell;
    }
    summaryLine.append(p, table);
  }

  function showStatus() {
    const t = state.thrower;
    let text = '';
    if (t && finisher.busy) {
      text = `Finishing… ${count(t.thrown)} darts thrown, ${count(t.missesInARow)} of ${count(state.values.misses)} misses in a row.`;
    } else if (t?.isFinished) {
      text = `Done: ${count(state.values.misses)} darts in a row missed, so the thrower gave up.`;
    }
    say(status, text);
  }

  function draw() {
    const { ctx } = view;
    clear(ctx, WIDTH, HEIGHT);
    if (!state.thrower) return;
    const r = state.values.radius;

    // Rejected darts, fading with age (www/labs/darts/misses.js).
    const fast = play.playing || finisher.busy;
    let behind = misses.draw(ctx, fast);

    // Kept darts: a disk of radius r / 2 (two disks never overlap) and a dot, new ones added to
    // the layer, which then goes on top of the misses.
    const kept = state.kept;
    if (keptShown < 0 || keptShown * 2 > kept.length) {
      keptLayer.reset();
      keptShown = 0;
    }
    if (keptShown * 2 < kept.length) {
      const upTo = Math.min(kept.length / 2, keptShown + KEPT_PER_FRAME);
      const fresh = kept.subarray(keptShown * 2, upTo * 2);
      dots(keptLayer.ctx, fresh, 2, r / 2, DISK);
      dots(keptLayer.ctx, fresh, 2, Math.min(3.5, r * 0.15), COLORS.accepted);
      keptShown = upTo;
      behind ||= upTo * 2 < kept.length;
    }
    keptLayer.layOn(ctx);

    // The dart the last Step threw, and (if it missed) the radius it had to keep.
    if (state.last) {
      const { x, y, kept } = state.last;
      if (kept) {
        // In the colour of its outcome: green, kept.
        ring(ctx, x, y, r / 2 + 3, COLORS.accepted, 2.5);
      } else {
        cross(ctx, x, y, 5, COLORS.rejected, 2.5);
        ring(ctx, x, y, r, COLORS.rejected, 1.5, [6, 5]);
      }
    }
    // What this frame had no time for, the next one draws.
    if (behind) requestDraw();
  }

  return () => lab.rebuild();
}
