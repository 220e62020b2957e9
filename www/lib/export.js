// "Points as JSON" and "Points as CSV": every lab that shows points can hand them over as a
// file. A lab tells which points it shows by setting, at the end of its mount(),
//   section.exportPoints = () => ({ width, height, points: Float64Array, stride: 2 | 3, name, columns? })
//   (`columns`, the CSV header when it is not x,y or x,y,r: "x,y,z" for points in a box)
// where `points` holds `stride` numbers per point (x, y or x, y, r) in map units. The text is
// written by the core crate (poisson_live::export) through the bindings, so the numbers read
// back to the same bits the page drew.

import { actions, messageOf, secondaryActions } from './lab.js';

/** The file's name: `poisson-<lab>-<seed>.<ext>`, seed from the lab's seed field. */
function fileName(section, ext) {
  const seed = section.querySelector('input[name="seed"]')?.value.trim() || 'points';
  return `poisson-${section.dataset.lab}-${seed}.${ext}`;
}

/** The arrays one after another, in one Float64Array. */
function concat(arrays) {
  const flat = new Float64Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    flat.set(a, at);
    at += a.length;
  }
  return flat;
}

/** Hands `data` (text or bytes) to the browser as a download named `name`. */
export function download(data, name, type) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once it starts; the URL can go shortly after.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Adds the two export buttons to a mounted lab's secondary actions (lab.js), if the lab exposes
 * its points (`section.exportPoints`). Returns the buttons' map, or null.
 */
export function addExportButtons(section, wasm) {
  const container = secondaryActions(section);
  if (!container || typeof section.exportPoints !== 'function') return null;
  const status = document.createElement('span');
  status.className = 'export-status';
  status.setAttribute('role', 'status');
  function save(format) {
    status.textContent = '';
    try {
      const { width, height, points, stride, columns } = section.exportPoints();
      // A lab with several sets may hand over a list of arrays: they are written one after another.
      const flat = Array.isArray(points) ? concat(points) : Float64Array.from(points);
      if (format === 'json') {
        download(wasm.pointsToJson(width, height, flat, stride), fileName(section, 'json'), 'application/json');
      } else {
        download(wasm.pointsToCsv(flat, stride, columns), fileName(section, 'csv'), 'text/csv');
      }
    } catch (error) {
      status.textContent = `Could not export the points: ${messageOf(error)}`;
    }
  }
  const buttons = actions(
    container,
    [
      { action: 'export-json', label: 'Points as JSON', title: 'Download the points shown as JSON: {"width", "height", "points": [[x, y, r], …]}' },
      { action: 'export-csv', label: 'Points as CSV', title: 'Download the points shown as CSV, one line per point' },
    ],
    { 'export-json': () => save('json'), 'export-csv': () => save('csv') },
  );
  container.append(status);
  return buttons;
}
