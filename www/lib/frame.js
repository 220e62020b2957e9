// One animation-frame loop for the whole page. Every redraw a lab asks for, every play loop and
// the job driver's work (www/lib/job.js) run from this one requestAnimationFrame callback, so
// what a frame does is counted in one place: redraws first, then long work gets what is left of
// the frame's budget. A slider fires `input` many times per frame, but a map needs redrawing only
// once before the next paint, so requests made before a frame are merged.

/** Callbacks for the next frame, in the order they were asked for; work comes after them. */
const draws = new Set();
const work = new Set();
let handle = 0;
let began = 0;

function frame(time) {
  handle = 0;
  began = performance.now();
  for (const queue of [draws, work]) {
    const due = [...queue];
    queue.clear();
    for (const callback of due) {
      try {
        callback(time);
      } catch (error) {
        // One lab's error must not stop the others' frames; the page's banner shows it.
        reportError(error);
      }
    }
  }
}

function ask(queue, callback) {
  queue.add(callback);
  handle ||= requestAnimationFrame(frame);
}

/**
 * Returns `request()`: however often it is called before the next animation frame, `callback`
 * runs once, in that frame (with the frame's time), before any long work.
 */
export function onNextFrame(callback) {
  return () => ask(draws, callback);
}

/** Like `onNextFrame`, for long work: it runs after the frame's redraws (www/lib/job.js). */
export function workNextFrame(callback) {
  return () => ask(work, callback);
}

/** Milliseconds since this frame's callbacks began (0 outside a frame is not guaranteed). */
export function frameElapsed() {
  return performance.now() - began;
}

/** Whether the reader asked for less motion: labs then finish instead of animating. */
export function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
