// High-DPI canvas sizing. Labs draw in fixed map units (720 × 400, the world 880 × 480):
// CSS stretches the canvas to its container's width, the backing store holds
// CSS pixels × devicePixelRatio, and the context's transform maps map units onto it, so a
// seed draws the same picture, crisply, on any screen.

/**
 * Sizes `canvas` for a `width` × `height` map and keeps it sized as its box or the device
 * pixel ratio changes.
 *
 * @param {HTMLCanvasElement} canvas
 * @param {number} width map units across
 * @param {number} height map units down
 * @param {() => void} [redraw] called after every resize (resizing clears the canvas)
 * @returns {{ctx: CanvasRenderingContext2D, width: number, height: number, dispose: () => void}}
 *   `ctx` has its transform set to map units; `dispose` stops watching the size.
 */
export function setupCanvas(canvas, width, height, redraw = () => {}) {
  canvas.style.width = '100%';
  canvas.style.height = 'auto';
  canvas.style.aspectRatio = `${width} / ${height}`;
  const ctx = canvas.getContext('2d');

  function resize() {
    const cssWidth = canvas.getBoundingClientRect().width || width;
    const ratio = window.devicePixelRatio || 1;
    const pixelsWide = Math.max(1, Math.round(cssWidth * ratio));
    const pixelsHigh = Math.max(1, Math.round((cssWidth * height * ratio) / width));
    if (canvas.width !== pixelsWide || canvas.height !== pixelsHigh) {
      canvas.width = pixelsWide;
      canvas.height = pixelsHigh;
    }
    ctx.setTransform(pixelsWide / width, 0, 0, pixelsHigh / height, 0, 0);
  }

  const sizeNow = () => `${canvas.getBoundingClientRect().width}@${window.devicePixelRatio}`;
  resize();
  // The observer reports every canvas once when it starts watching, all in one task: a canvas
  // already sized for its box is not redrawn then.
  let lastSize = sizeNow();
  const observer = new ResizeObserver(() => {
    const size = sizeNow();
    if (size === lastSize) return;
    lastSize = size;
    resize();
    redraw();
  });
  observer.observe(canvas);

  return { ctx, width, height, dispose: () => observer.disconnect() };
}
