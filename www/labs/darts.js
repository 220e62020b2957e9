// Dart throwing: throw a point anywhere, keep it if it is far enough from every kept point,
// stop after a run of misses. The thrower is the core's classic one (DartThrower in
// crates/web), so with the lab's seed Finish lands on the reference result.
//
// State: the thrower (rebuilt when seed, radius or misses change, and on Reset), the most recent
// rejected darts (fetched incrementally with `rejected(from)`; the thrower itself keeps only its
// latest 4096 and counts the rest, and the lab only the SHOWN_MISSES it draws), and the history of the miss rate
// the chart plots. Play throws more darts per frame as the run goes on; Finish throws a slice per
// frame (the job driver's), so even a long run never freezes the tab.

import { setupCanvas } from '../lib/canvas.js';
import { range } from '../lib/params.js';
import { onNextFrame, prefersReducedMotion } from '../lib/frame.js';
import { COLORS, clear, cross, dots, ring } from '../lib/draw.js';
import { offscreenLayer } from '../lib/layer.js';
import { jobDriver } from '../lib/job.js';
import { actions, count, guardedParams, newSeed, part, percent, player, readouts, seedParam } from '../lib/lab.js';

const WIDTH = 720;
const HEIGHT = 400;
/** The chart's size in its own units (the canvas scales like the map). */
const CHART_W = 720;
const CHART_H = 170;
/** Play's darts per frame at most; Finish throws them in chunks until the frame's share is spent. */
const PLAY_MAX = 50000;
const FINISH_CHUNK = 500;
/**
 * Drawing per frame at most: new misses stamped and new kept darts dotted. A software canvas
 * takes about 10 µs per stamp or dot, so a burst of thousands would block the page for tens of
 * milliseconds; the rest waits for the next frames, which follow at once.
 */
const STAMPS_PER_FRAME = 400;
const KEPT_PER_FRAME = 250;
/**
 * How many of the latest rejected darts the map shows; older ones have faded out. At most the
 * 4096 the thrower keeps (poisson_live::darts::RECENT_REJECTED).
 */
const SHOWN_MISSES = 2400;
/** Misses fade in generations of this many, the last GENERATIONS of them shown. */
const GENERATION = SHOWN_MISSES / 4;
const GENERATIONS = 5;
/** The chart keeps at most this many samples; beyond it, every other one is dropped. */
const MAX_SAMPLES = 1200;
/** Bridson's tries per point, for the comparison after Finish. */
const BRIDSON_K = 30;
/** The lab's range for "stop after N misses in a row". */
const MISSES = { min: 1, max: 5000 };
/** Each kept dart's disk of radius r / 2: disks of two kept darts never overlap. */
const DISK = 'rgba(95, 168, 107, 0.4)';

export function mount(section, wasm) {
  const canvas = part(section, 'map');
  const chartCanvas = part(section, 'chart');
  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => {
    // The canvas changed size: paint the kept and missed darts' layers afresh.
    keptShown = -1;
    forgetMisses();
    draw();
  });
  // Kept darts only ever accumulate (until Reset), so they are painted once each onto a layer,
  // and a frame copies the layer instead of repainting thousands of disks.
  const keptLayer = offscreenLayer(canvas, WIDTH, HEIGHT);
  // Missed darts fade by generation: each GENERATION of misses, by arrival, is stamped once onto
  // a layer of its own, and a frame lays the last few layers on the map, oldest faintest. So a
  // frame stamps only the new misses, not the thousands already shown.
  /** Generation number → {layer}; `stamped` counts the misses stamped so far (by arrival). */
  const generations = new Map();
  const spareLayers = [];
  let stamped = 0;
  /** The older generations laid on one layer at their alphas, and which ones it holds. */
  const faded = offscreenLayer(canvas, WIDTH, HEIGHT);
  let fadedHolds = '';
  /** Whether some misses went unstamped during a fast run (see draw). */
  let skippedMisses = false;
  function forgetMisses() {
    for (const { layer } of generations.values()) spareLayers.push(layer);
    generations.clear();
    stamped = 0;
    fadedHolds = '';
    skippedMisses = false;
  }
  /** The cross a missed dart leaves, drawn once per canvas scale. */
  let stampCache = null;
  function crossStamp(scale) {
    if (stampCache?.scale === scale) return stampCache.canvas;
    const stamp = document.createElement('canvas');
    stamp.width = stamp.height = 2 * Math.ceil(3.2 * scale) + 2;
    const c = stamp.getContext('2d');
    c.setTransform(scale, 0, 0, scale, stamp.width / 2, stamp.height / 2);
    c.strokeStyle = COLORS.rejected;
    c.lineWidth = 1.2;
    c.beginPath();
    c.moveTo(-2.5, -2.5);
    c.lineTo(2.5, 2.5);
    c.moveTo(2.5, -2.5);
    c.lineTo(-2.5, 2.5);
    c.stroke();
    stampCache = { scale, canvas: stamp };
    return stamp;
  }
  /** How many kept darts the layer holds; −1 when it must be cleared first. */
  let keptShown = -1;
  const chart = setupCanvas(chartCanvas, CHART_W, CHART_H, () => drawChart());
  const requestDraw = onNextFrame(() => {
    draw();
    drawChart();
  });
  const status = part(section, 'status');
  const summary = part(section, 'summary');

  const state = {
    thrower: null,
    values: null,
    kept: new Float64Array(0),
    /** The latest rejected darts as x, y pairs, oldest first, and how many were fetched. */
    misses: [],
    missesSeen: 0,
    /** Miss-rate samples [thrown, rate]; one sample per `interval` darts. */
    history: [],
    interval: 1,
    /** The dart the last Step threw, to ring it: {x, y, kept}. */
    last: null,
    /** Bridson's figures on the same map, once the darts are finished. */
    bridson: null,
    /** The thrower whose Bridson comparison is under way (a job of its own). */
    bridsonFor: null,
  };

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

  const setReadout = readouts(part(section, 'readouts'), [
    ['thrown', 'Darts thrown'],
    ['kept', 'Kept'],
    ['rejected', 'Missed'],
    ['misses-in-a-row', 'Misses in a row'],
    ['miss-rate', 'Miss rate', 'Share of the last 200 darts that missed'],
    ['bridson-points', 'Bridson, same map', "Points Bridson's algorithm places with the same seed and radius (k = 30)"],
    ['checks-per-tree', 'Checks per tree', 'Distance checks per kept tree, plain: every dart against every tree kept before it'],
    ['grid-checks-per-tree', 'On the grid', 'Distance checks per kept tree had each dart looked only at the trees in its 5 × 5 block of grid cells'],
    ['bridson-checks-per-tree', 'Bridson, per tree', "Distance checks per tree in Bridson's algorithm on the same map: grid and active list"],
  ]);

  const { params, rebuild } = guardedParams(
    part(section, 'controls'),
    [
      seedParam(),
      range('radius', 'Radius r', 26, 8, 60),
      {
        name: 'misses',
        label: 'Stop after N misses in a row',
        type: 'number',
        value: 500,
        ...MISSES,
        step: 1,
      },
    ],
    (values) => {
      const misses = values.misses;
      if (!Number.isInteger(misses) || misses < MISSES.min || misses > MISSES.max) {
        throw new Error(`Enter a whole number of misses from ${MISSES.min} to ${MISSES.max}.`);
      }
      return {
        thrower: new wasm.DartThrower({ width: WIDTH, height: HEIGHT, radius: values.radius, misses, seed: values.seed }),
        values,
      };
    },
    (result) => install(result),
  );

  const play = player(tick, (playing) => {
    buttons.get('play').textContent = playing ? 'Pause' : 'Play';
    if (!playing) showStatus();
  });

  const buttons = actions(
    part(section, 'actions'),
    [
      { action: 'step', label: 'Step', title: 'Throw one dart' },
      { action: 'play', label: 'Play' },
      { action: 'finish', label: 'Finish', title: 'Throw until the misses in a row reach the limit' },
      { action: 'reset', label: 'Reset' },
      { action: 'new-seed', label: 'New seed' },
    ],
    {
      step() {
        play.stop();
        finisher.cancel();
        const t = state.thrower;
        if (!t || t.isFinished) return;
        const kept = t.throw() === 1;
        afterDarts();
        const [x, y] = kept ? state.kept.slice(-2) : state.misses.slice(-2);
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
      reset() {
        play.stop();
        rebuild();
      },
      'new-seed': newSeed(params, wasm, (name) => {
        play.stop();
        rebuild(name);
      }),
    },
  );

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
    forgetMisses();
    Object.assign(state, {
      thrower,
      values,
      kept: new Float64Array(0),
      misses: [],
      missesSeen: 0,
      history: [[0, 0]],
      interval: 1,
      last: null,
      bridson: null,
    });
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
      const chunk = Math.min(left, state.interval);
      t.run(chunk);
      left -= chunk;
      sample();
    }
  }

  function sample() {
    const t = state.thrower;
    state.history.push([t.thrown, t.missRate]);
    if (state.history.length > MAX_SAMPLES) {
      state.history = state.history.filter((_, i) => i % 2 === 0 || i === state.history.length - 1);
      state.interval *= 2;
    }
  }

  /** Fetches what the last darts added: new kept darts, new rejected darts. */
  function afterDarts(withSample = true) {
    const t = state.thrower;
    if (withSample) sample();
    if (t.keptCount * 2 !== state.kept.length) state.kept = t.kept();
    const seen = state.missesSeen;
    const total = t.rejectedCount;
    if (total > seen) {
      // Only the newest SHOWN_MISSES matter; skip the rest without copying them.
      const from = Math.max(seen, total - SHOWN_MISSES);
      const fresh = t.rejected(from);
      // Misses skipped over are older than any shown: start the list again after a gap.
      if (from > seen) state.misses = [];
      state.misses.push(...fresh);
      if (state.misses.length > 2 * SHOWN_MISSES) state.misses.splice(0, state.misses.length - 2 * SHOWN_MISSES);
      state.missesSeen = total;
    }
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
    setReadout('miss-rate', t.thrown ? percent(t.missRate) : '–');
    setReadout('bridson-points', state.bridson ? String(state.bridson.points) : '–');
    setReadout('checks-per-tree', perTree(t.plainChecks, t.keptCount));
    setReadout('grid-checks-per-tree', perTree(t.gridChecks, t.keptCount));
    setReadout('bridson-checks-per-tree', state.bridson ? perTree(state.bridson.checks, state.bridson.points) : '–');
    showStatus();
    showSummary();
    requestDraw();
  }

  function showStatus() {
    const t = state.thrower;
    let text = '';
    if (t && finisher.busy) {
      text = `Finishing… ${count(t.thrown)} darts thrown, ${count(t.missesInARow)} of ${count(state.values.misses)} misses in a row.`;
    } else if (t?.isFinished) {
      text = `Done: ${count(state.values.misses)} darts in a row missed, so the thrower gave up.`;
    }
    if (status.textContent !== text) status.textContent = text;
  }

  function showSummary() {
    const t = state.thrower;
    const b = state.bridson;
    let text = '';
    if (b) {
      const kept = t.keptCount;
      const darts = t.thrown;
      const ratio = kept / b.points;
      const verdict =
        ratio < 0.9
          ? 'The darts gave up early: raise the misses to fill the gaps they left.'
          : ratio > 1.1
            ? 'The darts packed in more, but only by throwing a mountain of misses.'
            : 'Both fill the map to about the same density.';
      // Darts and candidates are not the same price: a plain dart is checked against every
      // tree, a candidate only against the few near it. Distance checks, counted by the core
      // for both, are the common unit.
      text =
        `Dart throwing kept ${count(kept)} trees for ${count(darts)} darts ` +
        `(${perTree(darts, kept)} per tree). Plain dart throwing checks each dart against every ` +
        `tree kept before it: ${count(t.plainChecks)} distance checks, ${perTree(t.plainChecks, kept)} per tree. ` +
        `Bridson's algorithm, in the labs below, places ${count(b.points)} trees on the same map ` +
        `from ${count(b.tries)} candidates (${perTree(b.tries, b.points)} per tree), ` +
        (b.tries / b.points > darts / kept ? 'more throws than the darts, but each' : 'fewer throws than the darts, and each') +
        ` looks only at the trees in a few grid cells: ` +
        `${count(b.checks)} distance checks, ${perTree(b.checks, b.points)} per tree. ` +
        `On the grid of the next lab, the same darts would need ${perTree(t.gridChecks, kept)} checks per tree, ` +
        (t.gridChecks / kept < b.checks / b.points
          ? `fewer than Bridson's at this patience: the grid does most of the saving. But the darts' cost per tree climbs with every miss, and Bridson's, thanks to its active list, does not: raise the misses and compare. `
          : `still more than Bridson's: the grid saves the checks, and the active list saves the throws. `) +
        verdict;
    }
    if (summary.textContent !== text) summary.textContent = text;
  }

  function draw() {
    const { ctx } = view;
    clear(ctx, WIDTH, HEIGHT);
    if (!state.thrower) return;
    const r = state.values.radius;

    // Rejected darts, fading with age: the last few generations, older ones fainter. Each new
    // miss is stamped (a small pre-drawn cross, cheap to copy) onto its generation's layer, opaque,
    // so overlapping crosses do not darken each other; a layer goes on at its generation's alpha.
    // While a fast run pours in thousands of misses a frame, only the newest generation is
    // stamped (the rest would be replaced in the next frame anyway); once it stops, the whole
    // window is stamped properly.
    const fast = play.playing || finisher.busy;
    if (!fast && skippedMisses) forgetMisses();
    const misses = state.misses;
    const total = state.missesSeen;
    const first = total - misses.length / 2; // arrival number of misses[0]
    const newest = total > 0 ? Math.floor((total - 1) / GENERATION) : 0;
    const oldest = Math.max(0, newest - GENERATIONS + 1);
    for (const [number, gen] of generations) {
      if (number < oldest) {
        spareLayers.push(gen.layer);
        generations.delete(number);
      }
    }
    const sx = canvas.width / WIDTH;
    const sy = canvas.height / HEIGHT;
    const stamp = crossStamp(sx);
    const half = stamp.width / 2;
    let from = Math.max(stamped, first, oldest * GENERATION);
    if (fast && total - from > GENERATION) {
      from = total - GENERATION;
      skippedMisses = true;
    }
    const to = Math.min(total, from + STAMPS_PER_FRAME);
    for (let g = from; g < to; g++) {
      const number = Math.floor(g / GENERATION);
      let gen = generations.get(number);
      if (!gen) {
        gen = { layer: spareLayers.pop() ?? offscreenLayer(canvas, WIDTH, HEIGHT) };
        gen.layer.reset();
        gen.layer.ctx.setTransform(1, 0, 0, 1, 0, 0);
        generations.set(number, gen);
      }
      const i = g - first;
      gen.layer.ctx.drawImage(stamp, Math.round(misses[2 * i] * sx - half), Math.round(misses[2 * i + 1] * sy - half));
    }
    stamped = to;
    let behind = to < total;
    // Only the newest generation changes between most frames: the older ones are laid once onto
    // `faded`, which is redone when a generation rolls over.
    const shown = newest - oldest + 1;
    const alpha = (number) => 0.2 + (0.8 * (number - oldest + 1)) / shown;
    if (fadedHolds !== `${oldest}-${newest}`) {
      faded.reset();
      faded.ctx.setTransform(1, 0, 0, 1, 0, 0);
      for (let number = oldest; number < newest; number++) {
        const gen = generations.get(number);
        if (!gen) continue;
        faded.ctx.globalAlpha = alpha(number);
        faded.ctx.drawImage(gen.layer.canvas, 0, 0);
      }
      faded.ctx.globalAlpha = 1;
      fadedHolds = `${oldest}-${newest}`;
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (shown > 1) ctx.drawImage(faded.canvas, 0, 0);
    const latest = generations.get(newest);
    if (latest) {
      ctx.globalAlpha = alpha(newest);
      ctx.drawImage(latest.layer.canvas, 0, 0);
    }
    ctx.restore();

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
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(keptLayer.canvas, 0, 0);
    ctx.restore();

    // The dart the last Step threw, and (if it missed) the radius it had to keep.
    if (state.last) {
      const { x, y, kept } = state.last;
      if (kept) {
        ring(ctx, x, y, r / 2 + 3, COLORS.current, 2.5);
      } else {
        cross(ctx, x, y, 5, COLORS.rejected, 2.5);
        ring(ctx, x, y, r, COLORS.rejected, 1.5, [6, 5]);
      }
    }
    // What this frame had no time for, the next one draws.
    if (behind) requestDraw();
  }

  function drawChart() {
    const { ctx } = chart;
    clear(ctx, CHART_W, CHART_H, '#fff');
    // Text stays about 13 CSS pixels tall however wide the chart is drawn.
    const scale = CHART_W / chart.cssWidth;
    const font = 13 * scale;
    const left = 4.2 * font;
    const right = CHART_W - font;
    const top = font;
    const bottom = CHART_H - 2 * font;
    const yOf = (rate) => bottom - rate * (bottom - top);

    ctx.font = `${font}px system-ui, sans-serif`;
    ctx.fillStyle = COLORS.muted;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'right';
    ctx.strokeStyle = COLORS.gridLine;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const rate of [0, 0.5, 1]) {
      ctx.moveTo(left, yOf(rate));
      ctx.lineTo(right, yOf(rate));
      ctx.fillText(`${rate * 100} %`, left - 0.5 * font, yOf(rate));
    }
    ctx.stroke();

    const t = state.thrower;
    const thrown = t ? t.thrown : 0;
    const span = Math.max(thrown, 200);
    const xOf = (darts) => left + (darts / span) * (right - left);
    ctx.textBaseline = 'alphabetic';
    ctx.textAlign = 'left';
    ctx.fillText('0', left, CHART_H - 0.5 * font);
    ctx.textAlign = 'right';
    ctx.fillText(`${count(span)} darts`, right, CHART_H - 0.5 * font);

    const history = state.history;
    if (history.length > 1) {
      ctx.strokeStyle = COLORS.rejected;
      ctx.lineWidth = 2 * scale;
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(xOf(history[0][0]), yOf(history[0][1]));
      // At most about one point per two map units across: the line looks the same, and a frame
      // does not stroke a thousand joints.
      const stride = Math.max(1, Math.ceil(history.length / 360));
      for (let i = stride; i < history.length; i += stride) ctx.lineTo(xOf(history[i][0]), yOf(history[i][1]));
      const last = history[history.length - 1];
      ctx.lineTo(xOf(last[0]), yOf(last[1]));
      ctx.stroke();
    }
  }

  // Points as JSON/CSV (www/lib/export.js): the darts kept so far.
  section.exportPoints = () => ({ width: WIDTH, height: HEIGHT, points: state.thrower?.kept() ?? new Float64Array(), stride: 2, name: 'darts' });
  return () => rebuild();
}

/** A ratio with one decimal. */
function perTree(total, trees) {
  return trees ? (total / trees).toFixed(1) : '–';
}
