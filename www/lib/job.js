// Long work on the page, done one way for every lab: a lab says what to start and what to do
// with the result; this module starts it, runs it a slice per animation frame, swaps the result
// in, cancels what a newer request replaced, and keeps `aria-busy` on the map and the status
// line under it true meanwhile.
//
// A job is anything with `run(units) → finished` (the bindings' job classes: CompareJob,
// SpectrumJob, WorldPainter, …, whose units are about one Bridson step) or `runUntil(deadline) →
// finished` (work written in JS: painting chunks, copying rows), and optionally `progress`,
// `stage`, `take()` and `free()`. Units are turned into time here: each kind of job's units per
// millisecond are measured as it runs, so a call asks for about as many as fit.
//
// One budget for the whole page: every frame, all labs together work for at most FRAME_BUDGET
// ms, less whatever the frame's redraws took, shared between the labs that want work, those on
// screen first. Labs that start together therefore never add up past the 50 ms a task may block.
//
// Labs start their work when they come into view (`whenSeen`); the ones in view at load start
// first, and the rest start one by one while the page is idle, so a reader who scrolls finds
// them ready.

import { frameElapsed, workNextFrame } from './frame.js';
import { messageOf } from './params.js';

/**
 * Milliseconds of work per animation frame, for every lab together. The frame also lays out,
 * paints and hands each changed canvas to the compositor, which costs as much again, and a busy
 * machine stretches all of it: 6 ms keeps a frame well inside 50 ms there too.
 */
export const FRAME_BUDGET = 6;
/**
 * Work is cut into calls of about this long, so the clock is read often (ms): a job whose units
 * suddenly cost more (a spectrum moving from making points to summing them, a mask from seeding
 * blocks to growing) overruns its share by one call, which at thirty times the cost is still a
 * few milliseconds. A call costs the page a microsecond or two.
 */
const CALL_MS = 0.2;
/** However long the frame's redraws took, work gets at least this long (ms). */
const MIN_SHARE = 1;
/** Status lines are rewritten at most this often while working (ms): text costs a layout. */
const SAY_EVERY = 150;

// ---- Which labs are on screen, and starting them ----

/** Sections in or near the viewport. */
const onScreen = new Set();
/** Labs not started yet, in page order: `{section, start}`. */
const waiting = [];
let observer = null;

function begin(entry) {
  const at = waiting.indexOf(entry);
  if (at < 0) return;
  waiting.splice(at, 1);
  entry.section.dataset.started = 'true';
  entry.start();
}

function watch(section) {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting } of entries) {
        if (isIntersecting) onScreen.add(target);
        else onScreen.delete(target);
        if (isIntersecting) {
          const entry = waiting.find((w) => w.section === target);
          if (entry) begin(entry);
        }
      }
    },
    { rootMargin: '200px 0px' },
  );
  observer.observe(section);
}

/**
 * Calls `start` once: when `section` comes within 200 px of the viewport, or, for a lab further
 * down, once every lab before it has started and the page has no work waiting.
 */
export function whenSeen(section, start) {
  const entry = { section, start };
  waiting.push(entry);
  waiting.sort((a, b) => (a.section.compareDocumentPosition(b.section) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  watch(section);
  startWhenIdle();
}

let idleAsked = false;
/** Starts the next waiting lab once the page is idle (no lab has work waiting). */
function startWhenIdle() {
  if (idleAsked || waiting.length === 0) return;
  idleAsked = true;
  const next = () => {
    idleAsked = false;
    if (clients.size > 0) return; // asked again when the work is done
    if (waiting.length > 0) begin(waiting[0]);
    startWhenIdle();
  };
  if ('requestIdleCallback' in window) requestIdleCallback(next, { timeout: 1000 });
  else setTimeout(next, 50);
}

// ---- The scheduler: one budget per frame for every lab ----

/** Drivers with work waiting, in order of arrival. */
const clients = new Set();
const requestWork = workNextFrame(() => work());

function schedule(client) {
  clients.add(client);
  requestWork();
}

function work() {
  const deadline = performance.now() + Math.max(MIN_SHARE, FRAME_BUDGET - frameElapsed());
  // Labs on screen first, each sharing what is left with the ones after it; off-screen labs
  // only get time no lab on screen wants.
  const all = [...clients];
  const seen = all.filter((c) => onScreen.has(c.section));
  const order = seen.length > 0 ? seen : all;
  order.forEach((client, i) => {
    const now = performance.now();
    if (now >= deadline) return;
    const until = now + (deadline - now) / (order.length - i);
    if (!client.work(until)) clients.delete(client);
  });
  // The first in line goes last next frame, so no lab always works first.
  if (order.length > 1 && clients.delete(order[0])) clients.add(order[0]);
  if (clients.size > 0) requestWork();
  else startWhenIdle();
}

// ---- Running a job for a while ----

/**
 * Units per millisecond, by kind of job and stage: `rate` asks for the next call, `measured` is the last
 * call long enough for the clock to time it. A call that ends early (a job may stop at the end of
 * a stage) seems fast; so a rate only grows by halves, and never past four times the measured.
 */
const rates = new Map();

/**
 * Runs `job` until `until` (a performance.now() time) or until it is finished; returns whether
 * it is. A job with `runUntil` runs itself; one with `run(units)` is called with as many units
 * as its measured rate says fit in a short call, at least one, again and again.
 */
export function advance(job, until) {
  if (job.runUntil) return job.runUntil(until);
  // Each stage of a job may cost its own per unit.
  const kind = `${job.kind ?? job.constructor.name}:${job.stage ?? ''}`;
  const speed = rates.get(kind) ?? { rate: 10, measured: 10 };
  rates.set(kind, speed);
  for (;;) {
    const started = performance.now();
    const left = Math.min(until - started, CALL_MS);
    if (left <= 0) return false;
    const units = Math.max(1, Math.floor(left * speed.rate));
    const done = job.run(units);
    const took = performance.now() - started;
    if (took >= 0.15) {
      speed.measured = units / took;
      // Dearer units count at once, cheaper ones by halves.
      speed.rate = Math.min(speed.measured, 0.5 * (speed.rate + speed.measured));
    } else {
      speed.rate = Math.min(1.5 * speed.rate, 4 * speed.measured);
    }
    if (done) return true;
  }
}

/**
 * A job made of JS steps (painting chunks, copying rows): `steps` are functions, run in order,
 * as many per frame as fit. `job.nextFrame` in the list ends the frame's share there (a step
 * that must be shown in a frame of its own follows it). `after()`, if given, runs after each
 * step (to rasterize a canvas's drawing so that the time counted is the time spent).
 */
export function stepsJob(steps, { after = null, kind = 'steps' } = {}) {
  let next = 0;
  return {
    kind,
    get progress() {
      return steps.length ? next / steps.length : 1;
    },
    runUntil(until) {
      let ran = false;
      while (next < steps.length) {
        const step = steps[next];
        if (step === stepsJob.nextFrame) {
          next += 1;
          if (ran) return false;
          continue;
        }
        if (ran && performance.now() >= until) return false;
        next += 1;
        step();
        after?.();
        ran = true;
      }
      return true;
    },
  };
}
stepsJob.nextFrame = Symbol('next frame');

// ---- The map's busy flag and the status line ----

/** Per section: the drivers working now. */
const busyBy = new Map();

/** Marks `section`'s map busy for `who` (or not); aria-busy is on while anyone is busy. */
export function markBusy(section, who, on) {
  const set = busyBy.get(section) ?? new Set();
  busyBy.set(section, set);
  if (on) set.add(who);
  else set.delete(who);
  const canvas = section.querySelector('canvas[data-role="map"]');
  if (set.size > 0) {
    if (canvas.getAttribute('aria-busy') !== 'true') canvas.setAttribute('aria-busy', 'true');
  } else if (canvas.hasAttribute('aria-busy')) {
    canvas.removeAttribute('aria-busy');
  }
  return set.size > 0;
}

/** The lab's status line, `[data-role="status"]`: the page's own, or one made under the map. */
export function statusLine(section) {
  let line = section.querySelector('[data-role="status"]');
  if (!line) {
    line = document.createElement('p');
    line.dataset.role = 'status';
    line.setAttribute('role', 'status');
    section.querySelector('canvas[data-role="map"]').after(line);
  }
  line.classList.add('lab-status');
  return line;
}

// ---- The driver ----

/**
 * A lab's driver for one kind of long work. Options, all optional:
 *
 * - `start(values, changedBy)` makes the job for the current values (cheap: constructors only
 *   check and set up), or returns null when there is nothing to do. It may throw: the message
 *   is shown beside the control that changed, and the last good result stays.
 * - `params` (from buildParams): its values go to `start`, a value it cannot use is refused
 *   beside its control before `start` is called, and refusals are shown there.
 * - `swap(result, stats)` installs the finished job's result (`take()`, or the job itself if it
 *   has no `take`); it may return more work (a picture to paint), run by the same driver, whose
 *   end calls nothing. `stats` is `{spent, frames, clock}`: ms working, frames worked in, ms
 *   since the request.
 * - `progress(job)` and `done(stats)`: the status line's text while working and once done
 *   (when no other driver of the lab is busy).
 * - `refused()`: called after a refusal is shown (the last good result stays).
 * - `frame(job)`: called after each frame's work while busy (a lab that draws as it works),
 *   and once more when it is done (`job` null); off screen, only then. Its time is kept out of
 *   the job's share.
 *
 * Returns `{want(changedBy), run(job), cancel(), busy, stats}`: `want` asks for a new start in
 * the next frame (a burst of requests is one start); `run` runs a job the lab made itself.
 */
export function jobDriver(section, options) {
  const { params = null, start = null, swap = null, progress = null, done = null } = options;
  const line = progress || done ? statusLine(section) : null;
  const client = { section, work: (until) => work(until) };
  let wanted = false;
  let changedBy = null;
  let job = null;
  /** The control whose change started the job in hand (its refusals are shown there). */
  let lastWhere = null;
  let saidAt = -Infinity;
  let frameCost = 0;
  const stats = { spent: 0, frames: 0, began: 0, clock: 0 };

  function say(text) {
    if (line && line.textContent !== text) line.textContent = text;
  }

  function want(name = null) {
    if (name) changedBy = name;
    wanted = true;
    markBusy(section, client, true);
    schedule(client);
  }

  function run(next) {
    cancel();
    begun();
    job = next;
    markBusy(section, client, true);
    schedule(client);
  }

  function begun() {
    Object.assign(stats, { spent: 0, frames: 0, began: performance.now(), clock: 0 });
    saidAt = -Infinity;
  }

  function cancel() {
    job?.free?.();
    job = null;
  }

  function refuse(where, message) {
    params?.refuse(where, message);
    options.refused?.();
  }

  /** Makes the job for the current values, or shows why it cannot be made. */
  function startNow() {
    wanted = false;
    const where = changedBy;
    changedBy = null;
    const made = params ? params.attempt(where, (values) => start(values, where)) : { ok: true, value: start(null, where) };
    if (!made.ok) {
      // The work in hand, if any, goes on: the last good request still counts.
      options.refused?.();
      return;
    }
    cancel();
    begun();
    job = made.value ?? null;
    lastWhere = where;
  }

  function work(until) {
    let finishedNow = false;
    let mark = performance.now();
    const count = () => {
      const now = performance.now();
      stats.spent += now - mark;
      stats.clock = now - stats.began;
      mark = now;
    };
    try {
      if (wanted) startNow();
      // The lab's own drawing after the work gets its time out of the share, but the work
      // always gets some: a lab whose drawing outgrows its share still gets done.
      const end = Math.max(until - frameCost, performance.now() + MIN_SHARE / 2);
      while (job && performance.now() < end) {
        if (!advance(job, end)) break;
        const finished = job;
        job = null;
        finishedNow = true;
        if (finished.followUp) continue;
        const result = finished.take ? finished.take() : finished;
        count();
        const next = swap?.(result, stats);
        if (result !== finished) finished.free?.();
        if (next) job = Object.assign(next, { followUp: true });
      }
    } catch (error) {
      // Work the core refuses half-way (a point set too large for the frequencies): said
      // beside the control the message is about, else the one that asked for it.
      const where = params ? params.whereFor(error, lastWhere ?? params.names()[0]) : null;
      cancel();
      refuse(where, messageOf(error));
    }
    count();
    stats.frames += 1;
    // A lab off screen shows only its finished work: each changed canvas costs the frame a copy.
    if (options.frame && (!job || onScreen.has(section))) {
      const drawn = performance.now();
      options.frame(job);
      frameCost = 0.7 * frameCost + 0.3 * (performance.now() - drawn);
    }
    const more = Boolean(job) || wanted;
    if (more) {
      const now = performance.now();
      if (progress && job && now - saidAt >= SAY_EVERY) {
        saidAt = now;
        say(progress(job));
      }
    } else if (!markBusy(section, client, false) && done && finishedNow) {
      say(done(stats));
    }
    return more;
  }

  return {
    want,
    run,
    cancel() {
      cancel();
      wanted = false;
      clients.delete(client);
      markBusy(section, client, false);
      if (clients.size === 0) startWhenIdle();
    },
    get busy() {
      return Boolean(job) || wanted;
    },
    get job() {
      return job;
    },
    stats,
  };
}
