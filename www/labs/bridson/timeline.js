// The Bridson lab's time plot under the map: along the recorded run, the accept rate over the
// last few steps (a line, 0 to 100 %) and the active list's length (a shaded area, up to its
// largest), with a playhead at the step shown. The numbers are the core's (History.timeline);
// this module only draws them. Pressing or dragging on the plot asks for that step.

import { setupCanvas, textSize } from '../../lib/canvas.js';
import { trackPointer } from '../../lib/pointer.js';

const WIDTH = 720;
const HEIGHT = 96;
/** Room around the plot for the axis labels, in plot units. */
const MARGIN = { left: 46, right: 8, top: 8, bottom: 18 };
/** The plot's width between its margins, along which the run is drawn. */
const INNER = WIDTH - MARGIN.left - MARGIN.right;
/** Samples along the run: about one per two plot units. */
const SAMPLES = 340;
const RATE = '#c2185b';
const ACTIVE = 'rgba(224, 138, 30, 0.35)';
const ACTIVE_EDGE = '#e08a1e';
const HEAD = '#1f2a1f';

/**
 * The plot on `canvas` for a run whose accept rate is taken over `window` steps. Returns
 * `draw(history, step, totalSteps)`; `seek(step)` is called when the reader presses the plot.
 */
export function timelinePlot(canvas, window, seek) {
  const view = setupCanvas(canvas, WIDTH, HEIGHT, () => last && draw(...last));
  /** The arguments of the last draw, to draw again after a resize. */
  let last = null;
  /** The step range the plot spans now (its x axis), for the pointer. */
  let span = 1;

  const x = (step) => MARGIN.left + (INNER * step) / span;
  const stepAt = (px) => Math.round(((px - MARGIN.left) / INNER) * span);
  // A press seeks; moving with the button (or finger) down keeps seeking.
  trackPointer(canvas, { width: WIDTH, height: HEIGHT }, {
    down: ({ x: px }) => seek(Math.max(0, stepAt(px))),
    move: ({ x: px }, event) => {
      if (event.buttons & 1) seek(Math.max(0, stepAt(px)));
    },
  });

  function draw(history, step, totalSteps) {
    last = [history, step, totalSteps];
    const { ctx } = view;
    ctx.clearRect(0, 0, WIDTH, HEIGHT);
    const series = history.timeline(window, SAMPLES);
    const recorded = series.length ? series[series.length - 3] : 0;
    // The axis spans the whole run once it is known, else what is recorded so far.
    span = Math.max(1, Number.isNaN(totalSteps) ? recorded : totalSteps);
    const bottom = HEIGHT - MARGIN.bottom;
    const plotHeight = bottom - MARGIN.top;
    let most = 1;
    for (let i = 1; i < series.length; i += 3) most = Math.max(most, series[i]);

    ctx.fillStyle = '#f6f5ee';
    ctx.fillRect(MARGIN.left, MARGIN.top, INNER, plotHeight);
    // The run past the step shown is drawn faint (the record already holds it); up to the
    // step, in full.
    const head = x(Math.min(step, span));
    ctx.save();
    ctx.globalAlpha = 0.3;
    drawSeries(ctx, series, recorded, most, bottom, plotHeight);
    ctx.restore();
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, head, HEIGHT);
    ctx.clip();
    drawSeries(ctx, series, recorded, most, bottom, plotHeight);
    ctx.restore();
    // The playhead at the step shown.
    ctx.strokeStyle = HEAD;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(head, MARGIN.top - 4);
    ctx.lineTo(head, bottom + 2);
    ctx.stroke();

    const font = textSize(view, 11);
    ctx.font = `${font}px system-ui, sans-serif`;
    ctx.fillStyle = '#5b6358';
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'right';
    // On a phone the text is drawn larger (textSize): shorter words keep it from colliding.
    const narrow = view.cssWidth < 500;
    ctx.fillText(narrow ? '100' : '100 %', MARGIN.left - 4, MARGIN.top);
    ctx.fillText('0', MARGIN.left - 4, bottom);
    ctx.textBaseline = 'alphabetic';
    ctx.textAlign = 'left';
    ctx.fillText(narrow ? '0' : 'step 0', MARGIN.left, HEIGHT - 4);
    ctx.textAlign = 'right';
    ctx.fillText(`${Math.round(span)}${Number.isNaN(totalSteps) ? '…' : ''}`, WIDTH - MARGIN.right, HEIGHT - 4);
    ctx.textAlign = 'center';
    ctx.fillStyle = RATE;
    ctx.fillText(narrow ? 'accept rate %' : `accept rate, last ${window} steps`, MARGIN.left + INNER * 0.3, HEIGHT - 4);
    ctx.fillStyle = '#a0601a';
    ctx.fillText(narrow ? 'active list' : `active list (up to ${Math.round(most)})`, MARGIN.left + INNER * 0.72, HEIGHT - 4);
  }

  /** The active list's area and the accept rate's line, over the whole recorded run. */
  function drawSeries(ctx, series, recorded, most, bottom, plotHeight) {
    // The active list: an area scaled to its largest length.
    ctx.beginPath();
    ctx.moveTo(x(0), bottom);
    for (let i = 0; i < series.length; i += 3) ctx.lineTo(x(series[i]), bottom - (plotHeight * series[i + 1]) / most);
    ctx.lineTo(x(recorded), bottom);
    ctx.closePath();
    ctx.fillStyle = ACTIVE;
    ctx.fill();
    ctx.strokeStyle = ACTIVE_EDGE;
    ctx.lineWidth = 1;
    ctx.stroke();
    // The accept rate over the last `window` steps: 0 at the bottom, 100 % at the top.
    ctx.beginPath();
    let open = false;
    for (let i = 0; i < series.length; i += 3) {
      const rate = series[i + 2];
      if (Number.isNaN(rate)) {
        open = false;
        continue;
      }
      const px = x(series[i]);
      const py = bottom - plotHeight * rate;
      if (open) ctx.lineTo(px, py);
      else ctx.moveTo(px, py);
      open = true;
    }
    ctx.strokeStyle = RATE;
    ctx.lineWidth = 2;
    ctx.stroke();
  }

  return draw;
}
