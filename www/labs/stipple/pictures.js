// The stipple lab's pictures: the built-in ones, which the core draws a few rows per frame
// (PictureJob), and a reader's own, chosen or dropped on the map, decoded by the browser
// (createImageBitmap), scaled to fit the 720 × 400 map on white and read back with
// getImageData, so map units are the picture's pixels.

import { jobDriver, markBusy } from '../../lib/job.js';
import { MAP, messageOf } from '../../lib/lab.js';

const { width: WIDTH, height: HEIGHT } = MAP;
const PAPER = '#ffffff';
/** The menu entry for a reader's own picture. */
export const UPLOAD = 'upload';

/**
 * The lab's source of pictures: `use(image, changedBy)` gets each StippleImage once it is ready,
 * `changedBy` the control that asked for it ('picture' or 'image'). A file that cannot be read
 * is refused beside the file input of `params`; a newer choice wins over one still decoding.
 * Returns `{builtIn(name), load(file)}`.
 */
export function pictureSource(section, wasm, params, use) {
  const canvas = section.querySelector('canvas[data-role="map"]');
  const select = params.input('picture');
  const uploadOption = [...select.options].find((o) => o.value === UPLOAD);
  /** The latest request for a picture. */
  let request = 0;
  const pictures = jobDriver(section, { swap: (image) => use(image, 'picture') });

  /** Starts drawing built-in picture `name`. */
  function builtIn(name) {
    request += 1;
    markBusy(section, 'decoding', false);
    pictures.run(new wasm.PictureJob(name, WIDTH, HEIGHT));
  }

  /** Decodes a reader's file in the browser. */
  async function load(blob) {
    params.clearError('image');
    const mine = ++request;
    pictures.cancel();
    markBusy(section, 'decoding', true);
    let image;
    try {
      const rgba = await decode(blob);
      // A newer choice (another file, a built-in picture) wins over this one.
      if (mine !== request) return;
      image = new wasm.StippleImage(WIDTH, HEIGHT, rgba);
    } catch (error) {
      if (mine === request) {
        params.showError('image', `${blob.name ? `“${blob.name}”` : 'That file'} could not be read as an image: ${messageOf(error)}`);
      }
      return;
    } finally {
      if (mine === request) markBusy(section, 'decoding', false);
    }
    uploadOption.disabled = false;
    select.value = UPLOAD;
    use(image, 'image');
  }

  canvas.addEventListener('dragover', (event) => {
    event.preventDefault();
    canvas.classList.add('is-drop-target');
  });
  canvas.addEventListener('dragleave', () => canvas.classList.remove('is-drop-target'));
  canvas.addEventListener('drop', (event) => {
    event.preventDefault();
    canvas.classList.remove('is-drop-target');
    const dropped = [...(event.dataTransfer?.files ?? [])].find((f) => f.type.startsWith('image/'));
    if (dropped) load(dropped);
    else params.showError('image', 'Drop an image file (PNG, JPEG, …).');
  });
  return { builtIn, load };
}

/**
 * A picture file as 720 × 400 RGBA bytes: decoded by the browser, scaled to fit, on white.
 * A picture larger than the map (a photo) is decoded a second time, shrunk as it is decoded:
 * createImageBitmap does that away from the page's thread, where drawing the full-size bitmap
 * onto the canvas would resample every one of its pixels on it.
 */
async function decode(blob) {
  let bitmap = await createImageBitmap(blob);
  try {
    const scale = Math.min(WIDTH / bitmap.width, HEIGHT / bitmap.height);
    let [w, h] = [bitmap.width * scale, bitmap.height * scale];
    if (scale < 1) {
      [w, h] = [Math.max(1, Math.round(w)), Math.max(1, Math.round(h))];
      bitmap.close();
      bitmap = await createImageBitmap(blob, { resizeWidth: w, resizeHeight: h, resizeQuality: 'high' });
    }
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.fillStyle = PAPER;
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    ctx.imageSmoothingQuality = 'high';
    if (scale < 1) ctx.drawImage(bitmap, Math.round((WIDTH - w) / 2), Math.round((HEIGHT - h) / 2));
    else ctx.drawImage(bitmap, (WIDTH - w) / 2, (HEIGHT - h) / 2, w, h);
    return ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
  } finally {
    bitmap.close();
  }
}
