// Pointer input in map units. One handler set covers mouse, pen and touch; a press captures
// the pointer so a drag that leaves the canvas still reports, and `pointercancel` (the
// browser taking over a touch, e.g. to scroll) ends it like a release.

/** Converts client (CSS pixel) coordinates to map units of a `width` × `height` map. */
export function toMap(canvas, clientX, clientY, width, height) {
  const box = canvas.getBoundingClientRect();
  return {
    x: ((clientX - box.left) / box.width) * width,
    y: ((clientY - box.top) / box.height) * height,
  };
}

/**
 * Calls back with map-unit positions as the pointer moves over and presses on `canvas`.
 *
 * @param {HTMLCanvasElement} canvas
 * @param {{width: number, height: number}} map the map's size in units
 * @param {object} handlers each optional, each called with `({x, y}, event)`
 * @param {Function} [handlers.down] a press (mouse button, pen or finger down)
 * @param {Function} [handlers.move] any move, hovering or dragging; `event.buttons` tells which
 * @param {Function} [handlers.up] the press ends: released, or cancelled by the browser
 * @param {Function} [handlers.leave] the pointer leaves the canvas while not pressed
 * @param {boolean} [handlers.drag] when true, touch drags move the probe instead of scrolling
 * @returns {() => void} removes every listener
 */
export function trackPointer(canvas, map, handlers) {
  const { down, move, up, leave, drag = false } = handlers;
  if (drag) canvas.style.touchAction = 'none';
  let pressed = null;
  const at = (event) => toMap(canvas, event.clientX, event.clientY, map.width, map.height);

  const listeners = {
    pointerdown(event) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      pressed = event.pointerId;
      canvas.setPointerCapture(event.pointerId);
      down?.(at(event), event);
    },
    pointermove(event) {
      move?.(at(event), event);
    },
    pointerup(event) {
      if (event.pointerId !== pressed) return;
      pressed = null;
      up?.(at(event), event);
    },
    pointercancel(event) {
      if (event.pointerId !== pressed) return;
      pressed = null;
      up?.(at(event), event);
    },
    pointerleave(event) {
      if (pressed === null) leave?.(at(event), event);
    },
  };
  for (const [type, listener] of Object.entries(listeners)) {
    canvas.addEventListener(type, listener);
  }
  return () => {
    for (const [type, listener] of Object.entries(listeners)) {
      canvas.removeEventListener(type, listener);
    }
  };
}
