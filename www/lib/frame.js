// Merging bursts of work into animation frames: a slider fires `input` many times per frame,
// but the map only needs regenerating once before the next paint.

/**
 * Returns `request()`: however often it is called before the next animation frame,
 * `callback` runs once, in that frame.
 */
export function onNextFrame(callback) {
  let requested = false;
  return function request() {
    if (requested) return;
    requested = true;
    requestAnimationFrame((time) => {
      requested = false;
      callback(time);
    });
  };
}

/** Whether the reader asked for less motion: labs then finish instead of animating. */
export function prefersReducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
