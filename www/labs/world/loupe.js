// The world lab's loupe: a small enlarged view of the painted pixels under the pointer, finger
// or keyboard cursor, every pixel one the crate painted, with the name of the ground there.

const WIDTH = 880;
const HEIGHT = 480;
/** The loupe shows this many map pixels across, enlarged ZOOM times. */
export const LOUPE_SPAN = 40;
const ZOOM = 4;

/**
 * Shows the loupe of `section` at map point `{x, y}` of `world`, whose picture is `picture` (a
 * canvas of one pixel per map pixel), beside the point.
 */
export function showLoupe(section, picture, world, { x, y }) {
  if (!world) return;
  const canvas = section.querySelector('canvas[data-role="map"]');
  const loupe = section.querySelector('[data-role="loupe"]');
  const loupeCanvas = loupe.querySelector('canvas');
  loupe.hidden = false;
  const size = loupeCanvas.getBoundingClientRect().width || LOUPE_SPAN * ZOOM;
  const pixels = Math.round(size * (window.devicePixelRatio || 1));
  if (loupeCanvas.width !== pixels) {
    loupeCanvas.width = pixels;
    loupeCanvas.height = pixels;
  }
  const ctx = loupeCanvas.getContext('2d');
  const scale = pixels / LOUPE_SPAN;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#1b2a3a';
  ctx.fillRect(0, 0, pixels, pixels);
  // The whole pixels around the probe; near an edge, only the part on the map.
  const left = Math.floor(x) - LOUPE_SPAN / 2;
  const top = Math.floor(y) - LOUPE_SPAN / 2;
  const sx = Math.max(0, left);
  const sy = Math.max(0, top);
  const sw = Math.min(WIDTH, left + LOUPE_SPAN) - sx;
  const sh = Math.min(HEIGHT, top + LOUPE_SPAN) - sy;
  ctx.imageSmoothingEnabled = false;
  if (sw > 0 && sh > 0) {
    ctx.drawImage(picture, sx, sy, sw, sh, (sx - left) * scale, (sy - top) * scale, sw * scale, sh * scale);
  }
  // Frame the pixel under the probe, light inside dark so it shows on any ground.
  const at = (LOUPE_SPAN / 2) * scale;
  const line = Math.max(1, Math.round(scale / 4));
  ctx.lineWidth = line;
  ctx.strokeStyle = 'rgba(10, 15, 20, 0.75)';
  ctx.strokeRect(at - 1.5 * line, at - 1.5 * line, scale + 3 * line, scale + 3 * line);
  ctx.strokeStyle = '#fff';
  ctx.strokeRect(at - 0.5 * line, at - 0.5 * line, scale + line, scale + line);

  const ground = world.groundAt(Math.floor(x) + 0.5, Math.floor(y) + 0.5);
  section.querySelector('[data-role="loupe-ground"]').textContent = ground;
  loupe.dataset.ground = ground;
  loupe.dataset.at = `${Math.floor(x)},${Math.floor(y)}`;
  placeLoupe(canvas, loupe, x, y);
}

/** Puts the loupe beside the probe: up and to the right, flipped where it would not fit. */
function placeLoupe(canvas, loupe, x, y) {
  const box = canvas.getBoundingClientRect();
  const px = (x / WIDTH) * box.width;
  const py = (y / HEIGHT) * box.height;
  const w = loupe.offsetWidth;
  const h = loupe.offsetHeight;
  const gap = 28; // clear of the framed patch (20 map pixels each side)
  let left = px + gap;
  if (left + w > box.width) left = px - gap - w;
  let top = py - gap - h;
  if (top < 0) top = Math.min(box.height - h, py + gap);
  loupe.style.left = `${Math.max(0, left)}px`;
  loupe.style.top = `${Math.max(0, top)}px`;
}
