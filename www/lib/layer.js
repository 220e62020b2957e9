// An offscreen picture painted a little per frame. Thousands of crowns or flowers cost a
// software canvas tens of milliseconds to draw; a lab that paints them onto a layer in chunks,
// a few per frame, and copies the layer onto its canvas when done, keeps every frame short and
// keeps its last picture on screen until the new one is ready.
//
// Canvas drawing is deferred: the browser records the calls and rasterizes them later, so the
// time a chunk really costs only shows once the layer is read. `flush()` makes that happen now,
// where the lab can count it against its frame budget.

import { stepsJob } from './job.js';

/**
 * A layer the size of `canvas`'s backing store, drawn in `width` × `height` map units.
 *
 * @param {HTMLCanvasElement} canvas the visible canvas the layer is shown on
 * @param {number} width map units across
 * @param {number} height map units down
 */
export function offscreenLayer(canvas, width, height) {
  const layer = document.createElement('canvas');
  // Read back after every chunk (flush): a CPU-backed layer makes that cheap.
  const ctx = layer.getContext('2d', { willReadFrequently: true });
  return {
    ctx,
    canvas: layer,
    /** Sizes the layer like the canvas, sets the map-unit transform and clears it. */
    reset() {
      if (layer.width !== canvas.width || layer.height !== canvas.height) {
        layer.width = canvas.width;
        layer.height = canvas.height;
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, layer.width, layer.height);
      ctx.setTransform(layer.width / width, 0, 0, layer.height / height, 0, 0);
    },
    /** Rasterizes everything drawn so far (reading one pixel forces it). */
    flush() {
      ctx.getImageData(0, 0, 1, 1);
    },
    /** Copies the layer onto `target` (the canvas's context) pixel for pixel. */
    showOn(target) {
      target.save();
      target.setTransform(1, 0, 0, 1, 0, 0);
      target.clearRect(0, 0, target.canvas.width, target.canvas.height);
      target.restore();
      this.layOn(target);
    },
    /** Lays the layer over what `target` shows, pixel for pixel. */
    layOn(target) {
      target.save();
      target.setTransform(1, 0, 0, 1, 0, 0);
      target.drawImage(layer, 0, 0);
      target.restore();
    },
    /** Whether the layer matches the canvas's current size. */
    fits() {
      return layer.width === canvas.width && layer.height === canvas.height;
    },
  };
}

/**
 * A job (www/lib/job.js) that paints `steps` (functions, each drawing one chunk on `layer.ctx`)
 * onto `layer` in order, as many per frame as the frame's share allows (flushing after each, so
 * the time counted is the time spent), then shows the layer on `target`. Until then the canvas
 * keeps its last picture.
 */
export function paintJob(layer, target, steps) {
  return stepsJob([...steps, () => layer.showOn(target)], { after: () => layer.flush(), kind: 'paint' });
}
