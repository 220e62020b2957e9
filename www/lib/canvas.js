// High-DPI canvas sizing. Labs draw in fixed map units (720 × 400, the world 880 × 480):
// CSS stretches the canvas to its container's width, the backing store holds
// CSS pixels × devicePixelRatio, and the context's transform maps map units onto it, so a
// seed draws the same picture, crisply, on any screen.

import { onNextFrame } from './frame.js';

/**
 * Sizes `canvas` for a `width` × `height` map and keeps it sized as its box or the device
 * pixel ratio changes.
 *
 * @param {HTMLCanvasElement} canvas
 * @param {number} width map units across
 * @param {number} height map units down
 * @param {() => void} [redraw] called after every resize (resizing clears the canvas)
 * @param {number} [maxRatio] the most backing pixels per CSS pixel (a lab that draws thousands
 *   of dots a frame caps it: a 3× phone then fills 2.25 times fewer pixels than it would)
 * @returns {{ctx: CanvasRenderingContext2D, width: number, height: number, cssWidth: number, dispose: () => void}}
 *   `ctx` has its transform set to map units; `cssWidth` is the box's width in CSS pixels;
 *   `dispose` stops watching the size.
 */
export function setupCanvas(canvas, width, height, redraw = () => {}, maxRatio = Infinity) {
  const map = { height };
  canvas.style.width = '100%';
  canvas.style.height = 'auto';
  canvas.style.aspectRatio = `${width} / ${height}`;
  const ctx = canvas.getContext('2d');
  // The box's width in CSS pixels: read once here, then as the observer reports it. Reading it
  // from the layout in a frame, after other labs have changed the page, would make the browser
  // lay the page out there and then (a forced layout, several milliseconds at start-up).
  let boxWidth = canvas.getBoundingClientRect().width;

  function resize() {
    const cssWidth = boxWidth || width;
    const ratio = Math.min(maxRatio, window.devicePixelRatio || 1);
    const pixelsWide = Math.max(1, Math.round(cssWidth * ratio));
    const pixelsHigh = Math.max(1, Math.round((cssWidth * map.height * ratio) / width));
    if (canvas.width !== pixelsWide || canvas.height !== pixelsHigh) {
      canvas.width = pixelsWide;
      canvas.height = pixelsHigh;
    }
    ctx.setTransform(pixelsWide / width, 0, 0, pixelsHigh / map.height, 0, 0);
  }

  const sizeNow = () => `${boxWidth}@${window.devicePixelRatio}`;
  resize();
  // The observer reports every canvas once when it starts watching, all in one task: a canvas
  // already sized for its box is not redrawn then. The resize and the redraw wait for the next
  // animation frame: a redraw may change the layout (a readout's text, a lab scrolled into view
  // taking its real height), and a layout changed while the observer is still delivering makes
  // the browser raise "ResizeObserver loop completed with undelivered notifications".
  let lastSize = sizeNow();
  const resizeSoon = onNextFrame(() => {
    const size = sizeNow();
    if (size === lastSize) return;
    lastSize = size;
    resize();
    redraw();
  });
  const observer = new ResizeObserver((entries) => {
    // The border box, as getBoundingClientRect measures it (a chart has a border). A canvas in
    // a lab the browser skips (content-visibility, far off screen) is reported once it is shown;
    // one with no box at all (0 wide) keeps its last width.
    const box = entries[entries.length - 1].borderBoxSize?.[0]?.inlineSize;
    if (box > 0) boxWidth = box;
    resizeSoon();
  });
  observer.observe(canvas);

  return {
    ctx,
    width,
    /** Map units down; a chart may change it with `setHeight`. */
    get height() {
      return map.height;
    },
    /** The canvas's width in CSS pixels (its border box), without asking the layout. */
    get cssWidth() {
      return boxWidth || width;
    },
    /**
     * Makes the map `units` high, keeping its width: for a chart whose rows need more room on a
     * narrow screen. Resizing clears the canvas, so call it before drawing. True if it changed.
     */
    setHeight(units) {
      if (units === map.height) return false;
      map.height = units;
      canvas.style.aspectRatio = `${width} / ${units}`;
      resize();
      return true;
    },
    dispose: () => observer.disconnect(),
  };
}

/**
 * The font size, in map units, that shows at least `px` CSS pixels tall on `view` (from
 * setupCanvas): on a canvas drawn narrower than its map (a phone) text grows to stay legible;
 * on a wide one it keeps the drawing's own proportions.
 */
export function textSize(view, px) {
  return px * Math.max(1, view.width / view.cssWidth);
}
