// The spectrum lab's picture of the periodogram: the power on a log scale through a colour
// ramp, the key in words and the colour scale beside it, and small tags readable on any colour.

import { MAP } from '../../lib/lab.js';

const { width: WIDTH, height: HEIGHT } = MAP;
/** The log scale: power 10^LOG_MIN and below is darkest, 10^LOG_MAX and above brightest. */
const LOG_MIN = -2;
const LOG_MAX = 1;
/** The colour ramp from no power to much power (dark blue, blue, teal, yellow, white). */
const RAMP = [
  [8, 20, 48],
  [33, 80, 160],
  [40, 160, 150],
  [240, 210, 80],
  [255, 252, 235],
];

/** The periodogram as a `cols × rows` canvas, log-scaled through the colour ramp. */
export function paint(spectrum) {
  const cols = spectrum.cols;
  const rows = spectrum.rows;
  const power = spectrum.power();
  const canvas = document.createElement('canvas');
  canvas.width = cols;
  canvas.height = rows;
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(cols, rows);
  const centre = (rows >> 1) * cols + (cols >> 1);
  for (let i = 0; i < power.length; i += 1) {
    // The origin always holds N; paint it like the brightest power.
    const value = i === centre ? 10 ** LOG_MAX : power[i];
    const t = (Math.log10(Math.max(value, 1e-12)) - LOG_MIN) / (LOG_MAX - LOG_MIN);
    shade(Math.min(1, Math.max(0, t)), image.data, 4 * i);
    image.data[4 * i + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
  return canvas;
}

/** A colour on the ramp, `t` from 0 to 1, as [red, green, blue]. */
function ramp(t) {
  const colour = [0, 0, 0];
  shade(t, colour, 0);
  return colour;
}

/**
 * Writes the ramp's colour at `t` into `out[at…at + 2]`. The spectrum paints ten thousand cells
 * at once: an array per cell made that step a few milliseconds longer, half of it collecting them.
 */
function shade(t, out, at) {
  const x = t * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(x));
  const f = x - i;
  const from = RAMP[i];
  const to = RAMP[i + 1];
  for (let j = 0; j < 3; j++) out[at + j] = Math.round(from[j] + (to[j] - from[j]) * f);
}

/** A small label with a dark backing, readable on any colour of the ramp. */
export function tag(ctx, text, x, y, size, align = 'left') {
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  ctx.textAlign = align;
  ctx.textBaseline = 'bottom';
  const w = ctx.measureText(text).width;
  const x0 = align === 'left' ? x - 3 : x - w - 3;
  ctx.fillStyle = 'rgba(8, 20, 48, 0.7)';
  ctx.fillRect(x0, y - 1.25 * size, w + 6, 1.4 * size);
  ctx.fillStyle = '#fff';
  ctx.fillText(text, x, y);
}

/** What the map's picture shows, line by line as the left margin holds it: `[weight, text]`. */
export function keyLines(r, fx) {
  const edge = (fx / WIDTH) * r;
  return [
    ['600', 'The centre is'],
    ['400', 'frequency 0.'],
    ['400', 'Outward: shorter'],
    ['400', 'waves, up to'],
    ['400', `${edge.toFixed(2)} / r at the edge.`],
    ['400', ''],
    ['400', 'Dashed: 0.5 / r,'],
    ['400', 'the low band’s edge.'],
    ['400', 'Dotted: 1 / r,'],
    ['400', 'the spacing.'],
  ];
}

/** The key in the map's left margin, `font` map units tall. */
export function keyText(ctx, lines, font) {
  ctx.fillStyle = '#e8ecf4';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  lines.forEach(([weight, text], i) => {
    ctx.font = `${weight} ${font}px system-ui, sans-serif`;
    ctx.fillText(text, 12, 16 + i * 1.4 * font);
  });
}

/** The colour scale in the map's right margin, its numbers `font` map units tall. */
export function scale(ctx, font, left) {
  // The colour scale: power 10^LOG_MIN at the bottom to 10^LOG_MAX at the top.
  const x = left + 30;
  const top = 40;
  const bottom = HEIGHT - 60;
  for (let py = top; py < bottom; py += 2) {
    const [red, green, blue] = ramp(1 - (py - top) / (bottom - top));
    ctx.fillStyle = `rgb(${red}, ${green}, ${blue})`;
    ctx.fillRect(x, py, 18, 2);
  }
  ctx.fillStyle = '#e8ecf4';
  ctx.font = `${font}px system-ui, sans-serif`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  for (let e = LOG_MIN; e <= LOG_MAX; e += 1) {
    const py = bottom - ((e - LOG_MIN) / (LOG_MAX - LOG_MIN)) * (bottom - top);
    ctx.fillRect(x + 18, py - 0.5, 5, 1);
    ctx.fillText(String(10 ** e), x + 27, py);
  }
  ctx.textBaseline = 'top';
  ctx.fillText('power', x - 4, bottom + 12);
  ctx.fillText('(log scale)', x - 4, bottom + 12 + 1.3 * font);
}
