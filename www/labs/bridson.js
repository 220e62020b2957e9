// Bridson's algorithm, step by step. The sampler (PoissonSampler in crates/web, stepping the
// core's bridson::Sampler) owns the state; this lab steps it, draws what the step did and
// writes the counts the sampler reports.
//
// Start: from the seed's own first point (startRandom, so Finish gives the reference result),
// or from a spot the reader clicks (startAt, no random draws). Changing radius, k or the seed
// rebuilds the sampler from the same start; Reset goes back to the seed's first point.
//
// Time travel: the lab holds a History (crates/web/src/history.rs over the core's
// history::History), which answers like a PoissonSampler for the step it is at and can also jump
// to any step of the run. The `at-step` scrubber seeks it; Step, Play and Finish move it forward,
// so stepping after a scrub continues from there. Each rejected candidate shows its reason (a
// line to the point it came too close to, or a mark at the edge it fell off), and the live
// figures (points per r², coverage, minimum-distance audit) come from the history's figures().

import { setupCanvas } from '../lib/canvas.js';
import { trackPointer } from '../lib/pointer.js';
import { onNextFrame, prefersReducedMotion } from '../lib/frame.js';
import { COLORS, annulus, clear, cross, dot, dots, gridLines, ring } from '../lib/draw.js';
import { offscreenLayer } from '../lib/layer.js';
import { jobDriver } from '../lib/job.js';
import { buildParams, checkbox, range } from '../lib/params.js';
import { actions, guardedParams, newSeed, part, percent, player, readouts, seedParam, units } from '../lib/lab.js';
import { shareGauge } from '../lib/gauge.js';
import { showPath } from '../lib/listings.js';

const WIDTH = 720;
const HEIGHT = 400;
/** The accept rate beside the running total is counted over this many recent steps. */
const RECENT_STEPS = 20;
/** Candidates that fell off the map are marked at its edge in this colour. */
const OFF_MAP = '#6a4fb3';

export function mount(section, wasm) {
  const canvas = part(section, 'map');
  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => draw());
  /** Ground, grid and the points of `sampler` up to `drawn`, painted once each (see draw). */
  const settled = { layer: offscreenLayer(canvas, WIDTH, HEIGHT), sampler: null, showGrid: false, drawn: 0 };
  const requestDraw = onNextFrame(() => draw());

  const state = {
    sampler: null,
    /** The clicked first point, or null to draw the first point from the seed. */
    start: null,
  };
  const finisher = jobDriver(section, { frame: () => draw() });

  const table = [
    seedParam(),
    range('radius', 'Radius r', 32, 8, 80),
    range('k', 'Tries k', 30, 1, 60),
    // Two steps a frame: the default run takes about three seconds, long enough to watch the
    // orange front sweep outward.
    range('speed', 'Speed', 2, 1, 200, 1, { format: (v) => `${v} steps/frame` }),
    checkbox('show-grid', 'Show grid', false),
  ];

  // Speed and the grid toggle change only how the lab plays and draws; everything else makes a
  // new sampler.
  const { params, rebuild: replant } = guardedParams(
    part(section, 'controls'),
    table,
    (values, changed) => (changed === 'speed' || changed === 'show-grid' ? null : plant(values)),
    (sampler) => {
      if (sampler) install(sampler);
      else requestDraw();
    },
  );

  const setReadout = readouts(part(section, 'readouts'), [
    ['points', 'Points'],
    ['active', 'Active'],
    ['retired', 'Retired'],
    ['steps', 'Steps', 'Steps that placed or retired a point'],
    ['accept-rate', 'Accept rate', 'Accepted candidates / candidates tried, over the whole run'],
    ['accept-rate-recent', `Last ${RECENT_STEPS} steps`, `Accept rate over the last ${RECENT_STEPS} steps: near 1 early, toward 0 late`],
    ['start', 'First point', 'Where the first point stands (x, y)'],
    ['points-per-r2', 'Points per r²', 'Points × r² / map area: density with the spacing divided out'],
    ['coverage', 'Coverage', 'Share of the map under the disks of radius r/2 around the points'],
    ['min-distance', 'Min distance', 'Audit of every pair: none closer than r'],
  ]);
  // Beside the step count: what it will reach when the run ends (2N − 1).
  const stepsCell = section.querySelector('[data-readout="steps"]');
  const target = document.createElement('dd');
  target.className = 'readout-note';
  stepsCell.after(target);

  const play = player(
    () => {
      const done = state.sampler.run(params.values().speed);
      draw();
      return !done;
    },
    (playing) => {
      buttons.get('play').textContent = playing ? 'Pause' : 'Play';
      buttons.get('play').setAttribute('aria-pressed', String(playing));
    },
  );

  const buttons = actions(
    part(section, 'actions'),
    [
      { action: 'step', label: 'Step', title: 'One step: place a point or retire one' },
      { action: 'play', label: 'Play' },
      { action: 'finish', label: 'Finish', title: 'Step until nothing is active' },
      { action: 'reset', label: 'Reset', title: 'Start again from the seed’s first point' },
      { action: 'new-seed', label: 'New seed' },
    ],
    {
      step() {
        play.stop();
        if (!state.sampler || finisher.busy) return;
        state.sampler.step();
        draw();
      },
      play() {
        if (!state.sampler || finisher.busy) return;
        if (prefersReducedMotion()) {
          finish();
          return;
        }
        // Play on a full map replays it from the same first point.
        if (!play.playing && state.sampler.isFinished && !replant()) return;
        play.toggle();
      },
      finish,
      reset() {
        state.start = null;
        replant('seed');
      },
      'new-seed': newSeed(params, wasm, replant),
    },
  );
  buttons.get('play').setAttribute('aria-pressed', 'false');

  trackPointer(canvas, { width: WIDTH, height: HEIGHT }, {
    down: ({ x, y }) => {
      const previous = state.start;
      state.start = { x, y };
      if (!replant()) state.start = previous;
    },
    move: ({ x, y }) => hoverAt(x, y),
    leave: () => hoverAt(NaN, NaN),
  });

  // --- Time travel: the scrubber under the map, and why each candidate of the step failed. ---
  // The step scrubber: a view of the run, not a parameter, so links leave it out.
  const scrubRow = document.createElement('div');
  scrubRow.className = 'scrubber';
  let totalSteps = 0;
  const scrubber = buildParams(
    scrubRow,
    [range('at-step', 'At step', 0, 0, 0, 1, { permalink: false, format: (v) => `${v} of ${totalSteps}` })],
    (values) => {
      play.stop();
      finisher.cancel();
      pendingStep = values['at-step'];
      seekOnFrame();
    },
  );
  const scrubInput = scrubber.input('at-step');
  const reasonsBox = document.createElement('div');
  reasonsBox.className = 'step-reasons';
  const reasonsTitle = document.createElement('p');
  reasonsTitle.className = 'step-reasons-title';
  reasonsTitle.textContent = 'This step’s candidates:';
  const reasonsList = document.createElement('dl');
  reasonsList.className = 'reasons';
  const hoverNote = document.createElement('p');
  hoverNote.className = 'step-hover';
  hoverNote.setAttribute('aria-live', 'polite');
  reasonsBox.append(reasonsTitle, reasonsList, hoverNote);
  canvas.after(scrubRow, reasonsBox);
  const setReason = readouts(reasonsList, [
    ['tried-this-step', 'tried'],
    ['placed-this-step', 'placed'],
    ['rejected-too-close', 'too close', 'Closer than r to a point: the dashed line leads to it'],
    ['rejected-off-map', 'off the map', 'Outside the map: marked at the edge it fell past'],
    ['rejected-wrong-ground', 'wrong ground', 'Refused by a ground rule (none in this lab; see the layers lab)'],
  ]);

  // The coverage gauge beside the readouts, with the two yardsticks as lines.
  const setGauge = shareGauge(
    part(section, 'readouts').parentElement,
    [{ key: 'map', label: 'Coverage' }],
    [
      { value: wasm.rsaCoverage(), label: 'random limit 54.7 %' },
      { value: wasm.hexagonalCoverage(), label: 'hexagonal packing 90.7 %' },
    ],
    'Share of the map under the r/2 disks, against random sequential adsorption’s limit and hexagonal packing',
  );

  /** The step the reader dragged to, applied once per frame (a drag fires many inputs). */
  let pendingStep = null;
  const seekOnFrame = onNextFrame(() => {
    if (pendingStep === null || !state.sampler) return;
    state.sampler.seek(pendingStep);
    pendingStep = null;
    draw();
  });

  /** Where the pointer hovers over the map (NaN when it is away), and the candidate it is over. */
  let hoverPos = [NaN, NaN];
  let hovered = -1;
  function hoverAt(x, y) {
    hoverPos = [x, y];
    if (candidateAt(state.sampler && !state.sampler.isFinished ? state.sampler.tried() : []) !== hovered) {
      requestDraw();
    }
  }

  /** The candidate of `tried` nearest the pointer, within a finger's reach, or −1. */
  function candidateAt(tried) {
    const [x, y] = hoverPos;
    let best = -1;
    let bestD2 = 12 * 12;
    for (let j = 0; j < tried.length; j += 4) {
      // Off-map candidates are marked at the edge, so that is where the pointer finds them.
      const [mx, my] = markAt(tried[j], tried[j + 1]);
      const d2 = (mx - x) ** 2 + (my - y) ** 2;
      if (d2 < bestD2) [best, bestD2] = [j / 4, d2];
    }
    return best;
  }

  /** Where a candidate is drawn: itself, or for one off the map the nearest spot just inside. */
  function markAt(x, y) {
    const inset = 5;
    return [Math.min(WIDTH - inset, Math.max(inset, x)), Math.min(HEIGHT - inset, Math.max(inset, y))];
  }

  /** Says why candidate `i` of `tried` was placed or refused, in words. */
  function reasonOf(tried, i) {
    const [x, y, outcome, hit] = tried.subarray(i * 4, i * 4 + 4);
    const where = `Candidate ${i + 1} at (${units(x)}, ${units(y)})`;
    if (outcome === 0) return `${where} was placed: at least r from every point.`;
    if (outcome === 1) return `${where} fell off the map.`;
    if (outcome === 2) return `${where} stood on the wrong ground.`;
    return `${where} was too close to point ${hit + 1} (ringed in red): closer than r.`;
  }

  /** A fresh sampler for `values`, started from the clicked point or the seed. */
  function plant(values) {
    const sampler = new wasm.History({ width: WIDTH, height: HEIGHT, radius: values.radius, k: values.k, seed: values.seed });
    if (state.start) sampler.startAt(state.start.x, state.start.y);
    else sampler.startRandom();
    return sampler;
  }

  /** Swaps in a new sampler, freeing the old one, and shows its first point. */
  function install(sampler) {
    play.stop();
    finisher.cancel();
    state.sampler?.free();
    state.sampler = sampler;
    requestDraw();
  }

  /** Steps to the end a slice per frame, drawing as it goes. */
  function finish() {
    play.stop();
    if (!state.sampler || finisher.busy) return;
    const sampler = state.sampler;
    // The history stays the lab's: the driver only runs it.
    finisher.run({ kind: 'History', run: (steps) => sampler.run(steps) });
  }

  function draw() {
    const sampler = state.sampler;
    if (!sampler) return;
    const { ctx } = view;
    const r = sampler.radius;
    const points = sampler.points();
    const count = points.length / 3;
    const active = sampler.active();
    const isActive = new Uint8Array(count);
    for (const i of active) isActive[i] = 1;
    const dotSize = Math.max(2.5, Math.min(4.5, r / 7));

    // The ground, the grid, each point's half-spacing disc (discs of radius r/2 never overlap,
    // so the packing shows) and its dot: points only accumulate (until a new sampler or a seek
    // backward), so each goes onto the layer once and a frame copies the layer. At speed 200
    // on a small radius that spares repainting thousands of points every frame.
    const showGrid = params.values()['show-grid'];
    if (
      settled.sampler !== sampler ||
      settled.showGrid !== showGrid ||
      !settled.layer.fits() ||
      count < settled.drawn
    ) {
      settled.layer.reset();
      clear(settled.layer.ctx, WIDTH, HEIGHT, COLORS.ground);
      if (showGrid) gridLines(settled.layer.ctx, WIDTH, HEIGHT, sampler.cellSize);
      Object.assign(settled, { sampler, showGrid, drawn: 0 });
    }
    if (settled.drawn < count) {
      const fresh = points.subarray(settled.drawn * 3);
      dots(settled.layer.ctx, fresh, 3, r / 2, 'rgba(95, 168, 107, 0.18)');
      dots(settled.layer.ctx, fresh, 3, dotSize, COLORS.tree);
      settled.drawn = count;
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(settled.layer.canvas, 0, 0);
    ctx.restore();

    const finished = sampler.isFinished;
    const current = finished ? -1 : sampler.current;
    const near = [];
    if (current >= 0) {
      const cx = points[current * 3];
      const cy = points[current * 3 + 1];
      annulus(ctx, cx, cy, r);
      ring(ctx, cx, cy, r, COLORS.current, 1, [4, 4]);
      ring(ctx, cx, cy, 2 * r, COLORS.current, 1, [4, 4]);
      // The dots the shaded ring covers are drawn again on top of it.
      const reach = (2 * r + dotSize) ** 2;
      for (let i = 0; i < count; i++) {
        if ((points[i * 3] - cx) ** 2 + (points[i * 3 + 1] - cy) ** 2 <= reach && !isActive[i]) near.push(i);
      }
    }
    ctx.fillStyle = COLORS.tree;
    for (const i of near) {
      ctx.beginPath();
      ctx.arc(points[i * 3], points[i * 3 + 1], dotSize, 0, Math.PI * 2);
      ctx.fill();
    }
    // Active points: their own colour, over the tree dot the layer holds.
    ctx.fillStyle = COLORS.active;
    for (const i of active) {
      ctx.beginPath();
      ctx.arc(points[i * 3], points[i * 3 + 1], dotSize, 0, Math.PI * 2);
      ctx.fill();
    }

    const tried = current >= 0 ? sampler.tried() : new Float64Array(0);
    hovered = candidateAt(tried);
    if (current >= 0) {
      dot(ctx, points[current * 3], points[current * 3 + 1], dotSize + 2.5, COLORS.current);
      // Under the crosses: a dashed line from each too-close candidate to the point it hit.
      ctx.save();
      ctx.strokeStyle = 'rgba(198, 40, 40, 0.55)';
      ctx.lineWidth = 1;
      ctx.setLineDash([3, 3]);
      ctx.beginPath();
      for (let j = 0; j < tried.length; j += 4) {
        const hit = tried[j + 3];
        if (tried[j + 2] !== 3 || hit < 0 || hit >= count) continue;
        ctx.moveTo(tried[j], tried[j + 1]);
        ctx.lineTo(points[hit * 3], points[hit * 3 + 1]);
      }
      ctx.stroke();
      ctx.restore();
      for (let j = 0; j < tried.length; j += 4) {
        const [x, y, outcome] = [tried[j], tried[j + 1], tried[j + 2]];
        if (outcome === 0) {
          dot(ctx, x, y, dotSize + 1, COLORS.placed);
          ring(ctx, x, y, dotSize + 3, COLORS.placed, 1.5);
        } else if (outcome === 3) {
          cross(ctx, x, y, 3.5, COLORS.rejected, 1.5);
        } else {
          // Off the map (or wrong ground): a hollow square at the nearest spot on the map.
          const [mx, my] = markAt(x, y);
          ctx.strokeStyle = OFF_MAP;
          ctx.lineWidth = 1.5;
          ctx.strokeRect(mx - 3.5, my - 3.5, 7, 7);
        }
      }
      if (hovered >= 0 && hovered * 4 < tried.length) {
        const [mx, my] = markAt(tried[hovered * 4], tried[hovered * 4 + 1]);
        ring(ctx, mx, my, 9, COLORS.current, 2);
        const hit = tried[hovered * 4 + 3];
        if (tried[hovered * 4 + 2] === 3 && hit >= 0 && hit < count) {
          ring(ctx, points[hit * 3], points[hit * 3 + 1], dotSize + 4, COLORS.rejected, 2);
        }
      }
    }
    const tally = current >= 0 ? sampler.tally() : new Uint32Array(4);
    setReason('tried-this-step', tried.length / 4);
    setReason('placed-this-step', tally[0]);
    setReason('rejected-off-map', tally[1]);
    setReason('rejected-wrong-ground', tally[2]);
    setReason('rejected-too-close', tally[3]);
    const note = hovered >= 0 && hovered * 4 < tried.length ? reasonOf(tried, hovered) : '';
    hoverNote.textContent = note || (tried.length > 0 ? 'Point at a mark on the map to see why it was placed or refused.' : '');

    // The scrubber follows the run (unless a drag is waiting for its frame).
    const total = sampler.totalSteps;
    totalSteps = total;
    if (scrubInput.max !== String(total)) scrubInput.max = String(total);
    if (pendingStep === null) scrubber.set('at-step', sampler.steps);

    // Live figures, computed by the core for the points placed so far.
    const [perR2, coverage, worstI, worstJ, worstD, needed] = sampler.figures();
    setReadout('points-per-r2', count > 0 ? perR2.toFixed(3) : '–');
    setReadout('coverage', count > 0 ? percent(coverage) : '–');
    setReadout('min-distance', worstI < 0 ? 'all ≥ r ✓' : `✗ points ${worstI + 1} and ${worstJ + 1}: ${units(worstD)} < ${units(needed)}`);
    setGauge('map', coverage);

    setReadout('points', count);
    setReadout('active', sampler.activeCount);
    setReadout('retired', sampler.retired);
    setReadout('steps', sampler.steps);
    setReadout('accept-rate', sampler.attempted > 0 ? percent(sampler.acceptRate) : '–');
    const recent = sampler.recentAcceptRate(RECENT_STEPS);
    setReadout('accept-rate-recent', Number.isNaN(recent) ? '–' : percent(recent));
    setReadout('start', count > 0 ? `${units(points[0])}, ${units(points[1])}` : '–');
    // N points take 2N − 1 steps: the count matches once the run ends.
    target.textContent = count > 0 ? `2N − 1 = ${2 * count - 1}${finished ? ' ✓' : ''}` : '';
    // The code beside the map lights the path the last step took (www/lib/listings.js).
    showPath('bridson', ...lastStepPath(sampler));
  }

  // Points as JSON/CSV (www/lib/export.js): the points on the map, at the step shown.
  section.exportPoints = () => ({ width: WIDTH, height: HEIGHT, points: state.sampler?.points() ?? new Float64Array(), stride: 3, name: 'bridson' });
  return () => replant();
}

/**
 * The blocks of the bridson listing the sampler's last step ran, as `[tags, counts]` for
 * `showPath`: pick and throw always, refused if a candidate was, then placed or retired (all k
 * refused). None before the first step. `tried()` holds the step's candidates, four numbers each,
 * the third its outcome (0 placed); `current` stays on the last step's point at the end of a run.
 */
function lastStepPath(sampler) {
  if (sampler.steps === 0 || sampler.current < 0) return [[], {}];
  const tried = sampler.tried();
  const thrown = tried.length / 4;
  let placed = 0;
  for (let j = 2; j < tried.length; j += 4) if (tried[j] === 0) placed++;
  const refused = thrown - placed;
  const tags = ['pick', 'throw', ...(refused > 0 ? ['refused'] : []), placed > 0 ? 'placed' : 'retired'];
  return [tags, { throw: thrown, refused }];
}
