// Bridson's algorithm, step by step. The lab holds a History (crates/web/src/history.rs
// over the core's history::History): the run, recorded once as a job, that answers for any
// step. This lab shows the step it is at, moves it, and writes the counts the core reports.
//
// Start: from the seed's own first point (startRandom, so Finish gives the reference result),
// or from a spot the reader clicks (startAt, no random draws). Changing radius, k or the seed
// makes a new history from the same start; Reset goes back to the seed's first point. Making
// one steps nothing: the job driver (www/lib/job.js) records the run a slice per frame.
//
// Time travel: the `at-step` scrubber seeks within what is recorded; Step and Play move forward
// (recording a step first where the record ends), Finish goes to the end once it is recorded,
// so stepping after a scrub continues from there. None of them steps the run again. Each frame
// is one call, history.frame(), read by name (bridson/paint.js); outcome codes are the
// bindings' Outcome names. Each rejected candidate shows its reason (bridson/reasons.js).

import { setupCanvas } from '../lib/canvas.js';
import { trackPointer } from '../lib/pointer.js';
import { onNextFrame, prefersReducedMotion } from '../lib/frame.js';
import { jobDriver } from '../lib/job.js';
import { buildParams, checkbox, range } from '../lib/params.js';
import { MAP, actions, guardedParams, newSeed, part, percent, player, readouts, seedParam, units } from '../lib/lab.js';
import { shareGauge } from '../lib/gauge.js';
import { showPath } from '../lib/listings.js';
import { frameReader, lastStepPath, mapPainter } from './bridson/paint.js';
import { stepReasons } from './bridson/reasons.js';
import { timelinePlot } from './bridson/timeline.js';

const { width: WIDTH, height: HEIGHT } = MAP;
/** The accept rate beside the running total is counted over this many recent steps. */
const RECENT_STEPS = 20;
/**
 * Play's slow start: a run's first SLOW_STEPS steps go SLOW_FACTOR times slower than the speed
 * asks (at the default speed, six frames a step: about three seconds), so a reader can watch
 * the first points boxed in and the accept rate fall before the front races off.
 */
const SLOW_STEPS = 30;
const SLOW_FACTOR = 12;

export function mount(section, wasm) {
  const { Outcome } = wasm;
  const canvas = part(section, 'map');
  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => draw());
  const paint = mapPainter(canvas, WIDTH, HEIGHT, Outcome);
  const readFrame = frameReader(wasm);
  const requestDraw = onNextFrame(() => draw());

  const state = {
    history: null,
    /** The clicked first point, or null to draw the first point from the seed. */
    start: null,
    /** Finish was asked for before the run was all recorded: go to the end once it is. */
    toEnd: false,
    /** The frame drawn last (the pointer's candidates are looked up in it). */
    frame: null,
  };
  // Records the history's run a slice per frame, drawing as it goes (the scrubber grows).
  const recorder = jobDriver(section, {
    swap() {
      if (state.toEnd) finish();
    },
    frame: () => draw(),
  });

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
  // new history.
  const { params, rebuild: replant } = guardedParams(
    part(section, 'controls'),
    table,
    (values, changed) => (changed === 'speed' || changed === 'show-grid' ? null : plant(values)),
    (history) => {
      if (history) install(history);
      else requestDraw();
    },
  );

  // The three figures to watch sit beside Step and Play, under the map; the rest below.
  const setKeyReadout = readouts(part(section, 'key-readouts'), [
    ['points', 'Points'],
    ['active', 'Active'],
    ['accept-rate-recent', `Last ${RECENT_STEPS} steps`, `Accept rate over the last ${RECENT_STEPS} steps: near 1 early, toward 0 late`],
  ]);
  const setOtherReadout = readouts(part(section, 'readouts'), [
    ['retired', 'Retired'],
    ['steps', 'Steps', 'Steps that placed or retired a point'],
    ['accept-rate', 'Accept rate', 'Accepted candidates / candidates tried, over the whole run'],
    ['start', 'First point', 'Where the first point stands (x, y)'],
    ['points-per-r2', 'Points per r²', 'Points × r² / map area: density with the spacing divided out'],
    ['coverage', 'Coverage', 'Share of the map under the disks of radius r/2 around the points'],
    ['min-distance', 'Min distance', 'Audit of every pair: none closer than r'],
  ]);
  const KEY = new Set(['points', 'active', 'accept-rate-recent']);
  const setReadout = (name, value) => (KEY.has(name) ? setKeyReadout : setOtherReadout)(name, value);
  // Beside the step count: what it will reach when the run ends (2N − 1).
  const stepsCell = section.querySelector('[data-readout="steps"]');
  const target = document.createElement('dd');
  target.className = 'readout-note';
  stepsCell.after(target);

  /** Frames waited since the last step, during the slow start. */
  let waited = 0;
  const play = player(
    () => {
      const { speed } = params.values();
      const history = state.history;
      let done;
      if (state.frame && state.frame.steps < SLOW_STEPS) {
        // The slow start: one step every SLOW_FACTOR / speed frames.
        waited += 1;
        if (waited * speed < SLOW_FACTOR) return true;
        waited = 0;
        done = history.run(1);
      } else {
        done = history.run(speed);
      }
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
    ],
    {
      step() {
        stop();
        if (!state.history) return;
        state.history.step();
        draw();
      },
      play() {
        if (!state.history) return;
        if (prefersReducedMotion()) {
          finish();
          return;
        }
        state.toEnd = false;
        // Play on a full map plays the run again from its first point: the record holds it.
        if (!play.playing && state.history.isFinished) state.history.seek(0);
        play.toggle();
      },
      finish,
      reset() {
        state.start = null;
        replant('seed');
      },
    },
  );
  // New seed sits with the exports and Copy link, under the controls (www/lib/lab.js).
  actions(part(section, 'more-actions'), [{ action: 'new-seed', label: 'New seed' }], {
    'new-seed': newSeed(params, wasm, replant),
  });
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
  // The step scrubber: a view of the run, not a parameter, so links leave it out. Its end is
  // the run's last step once recorded, the last recorded step until then.
  const scrubRow = document.createElement('div');
  scrubRow.className = 'scrubber';
  let ofSteps = '0';
  const scrubber = buildParams(
    scrubRow,
    [range('at-step', 'At step', 0, 0, 0, 1, { permalink: false, format: (v) => `${v} of ${ofSteps}` })],
    (values) => {
      stop();
      pendingStep = values['at-step'];
      seekOnFrame();
    },
  );
  const scrubInput = scrubber.input('at-step');
  // Under the map: Step, Play and the key figures, then the scrubber with the time plot under
  // it, then why this step's candidates failed.
  section.querySelector('.step-strip').after(scrubRow);
  scrubRow.append(section.querySelector('.bridson-timeline'));
  const reasons = stepReasons(scrubRow, Outcome, WIDTH, HEIGHT);

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

  // The time plot under the map: the accept rate and the active list along the run. Pressing
  // it goes to that step, as the scrubber does.
  const drawTimeline = timelinePlot(part(section, 'timeline'), RECENT_STEPS, (step) => {
    stop();
    pendingStep = step;
    seekOnFrame();
  });

  /** The step the reader dragged to, applied once per frame (a drag fires many inputs). */
  let pendingStep = null;
  const seekOnFrame = onNextFrame(() => {
    if (pendingStep === null || !state.history) return;
    state.history.seek(pendingStep);
    pendingStep = null;
    draw();
  });

  /** Where the pointer hovers over the map (NaN when it is away), and the candidate it is over. */
  let hoverPos = [NaN, NaN];
  let hovered = -1;
  function hoverAt(x, y) {
    hoverPos = [x, y];
    const tried = state.frame ? state.frame.candidates : [];
    if (reasons.candidateAt(tried, x, y) !== hovered) requestDraw();
  }

  /** A new history for `values`, started from the clicked point or the seed: steps nothing. */
  function plant(values) {
    const history = new wasm.History({ width: WIDTH, height: HEIGHT, radius: values.radius, k: values.k, seed: values.seed });
    if (state.start) history.startAt(state.start.x, state.start.y);
    else history.startRandom();
    return history;
  }

  /** Swaps in a new history, freeing the old one, shows its first point and records its run. */
  function install(history) {
    stop();
    state.history?.free();
    state.history = history;
    state.frame = null;
    // The history stays the lab's: the driver only records it.
    recorder.run({ kind: 'History', run: (steps) => history.record(steps) });
    requestDraw();
  }

  /** Stops what moves the step shown: Play, and a Finish waiting for the record. */
  function stop() {
    play.stop();
    state.toEnd = false;
  }

  /** Goes to the end of the run, at once if it is recorded, else as soon as it is. */
  function finish() {
    play.stop();
    const history = state.history;
    if (!history) return;
    state.toEnd = Number.isNaN(history.totalSteps);
    if (state.toEnd) return;
    history.seek(history.totalSteps);
    draw();
  }

  function draw() {
    const history = state.history;
    if (!history) return;
    const frame = readFrame(history.frame(RECENT_STEPS));
    state.frame = frame;
    const { points, pointCount: count } = frame;
    hovered = reasons.candidateAt(frame.candidates, ...hoverPos);
    const showGrid = params.values()['show-grid'];
    paint(view.ctx, frame, { history, showGrid, cellSize: history.cellSize, radius: history.radius, hovered });
    reasons.show(frame, hovered);

    // The scrubber follows the run (unless a drag is waiting for its frame).
    const known = !Number.isNaN(frame.totalSteps);
    ofSteps = known ? String(frame.totalSteps) : `${frame.recorded}…`;
    const max = String(frame.recorded);
    if (scrubInput.max !== max) scrubInput.max = max;
    if (pendingStep === null) scrubber.set('at-step', frame.steps);
    drawTimeline(history, frame.steps, frame.totalSteps);

    // Live figures, computed by the core for the points placed so far.
    setReadout('points-per-r2', count > 0 ? frame.pointsPerR2.toFixed(3) : '–');
    setReadout('coverage', count > 0 ? percent(frame.coverage) : '–');
    const { worstI, worstJ, worstDistance, worstRequired } = frame;
    setReadout('min-distance', worstI < 0 ? 'all ≥ r ✓' : `✗ points ${worstI + 1} and ${worstJ + 1}: ${units(worstDistance)} < ${units(worstRequired)}`);
    setGauge('map', frame.coverage);

    setReadout('points', count);
    setReadout('active', frame.activeCount);
    setReadout('retired', frame.retired);
    setReadout('steps', frame.steps);
    setReadout('accept-rate', frame.attempted > 0 ? percent(frame.acceptRate) : '–');
    const recent = frame.recentAcceptRate;
    setReadout('accept-rate-recent', Number.isNaN(recent) ? '–' : percent(recent));
    setReadout('start', count > 0 ? `${units(points[0])}, ${units(points[1])}` : '–');
    // N points take 2N − 1 steps: the count matches once the run ends.
    target.textContent = count > 0 ? `2N − 1 = ${2 * count - 1}${frame.finished ? ' ✓' : ''}` : '';
    // The code beside the map lights the path the last step took (www/lib/listings.js).
    showPath('bridson', ...lastStepPath(frame, Outcome));
  }

  // Points as JSON/CSV (www/lib/export.js): the points on the map, at the step shown.
  section.exportPoints = () => ({ width: WIDTH, height: HEIGHT, points: state.history?.points() ?? new Float64Array(), stride: 3, name: 'bridson' });
  return () => replant();
}
