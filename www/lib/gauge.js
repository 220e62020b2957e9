// A small horizontal gauge for shares from 0 to 1: one bar per row, drawn in HTML so it stays
// crisp at any size, with reference lines across every bar (e.g. the coverage that random
// sequential adsorption jams at, and hexagonal packing's). The labs pass the figures the core
// computed; the gauge only draws them.

/**
 * Builds the gauge inside `container`.
 *
 * @param {HTMLElement} container
 * @param {Array<{key: string, label: string}>} rows one bar each, top to bottom
 * @param {Array<{value: number, label: string}>} marks reference lines, labelled below the bars
 * @param {string} caption what the bars measure, read out by assistive technology
 * @returns {(key: string, share: number) => void} sets a row's bar (NaN empties it)
 */
export function shareGauge(container, rows, marks, caption) {
  const gauge = document.createElement('figure');
  gauge.className = 'gauge';
  const bars = new Map();
  for (const { key, label } of rows) {
    const row = document.createElement('div');
    row.className = 'gauge-row';
    row.dataset.gauge = key;
    const name = document.createElement('span');
    name.className = 'gauge-label';
    name.textContent = label;
    const track = document.createElement('span');
    track.className = 'gauge-track';
    const fill = document.createElement('span');
    fill.className = 'gauge-fill';
    track.append(fill);
    for (const { value } of marks) {
      const line = document.createElement('span');
      line.className = 'gauge-mark';
      line.style.left = `${value * 100}%`;
      track.append(line);
    }
    row.append(name, track);
    gauge.append(row);
    bars.set(key, { fill, row, label });
  }
  // The marks' labels sit at their own lines: the first above the bars, the rest below, so
  // two lines close together never push their labels into each other, even on a phone.
  const scale = (labels, where) => {
    const row = document.createElement('div');
    row.className = `gauge-row gauge-scale gauge-scale-${where}`;
    const spacer = document.createElement('span');
    spacer.className = 'gauge-label';
    const track = document.createElement('span');
    track.className = 'gauge-track';
    for (const { value, label } of labels) {
      const text = document.createElement('span');
      text.className = 'gauge-mark-label';
      text.style.left = `${value * 100}%`;
      text.textContent = label;
      track.append(text);
    }
    row.append(spacer, track);
    return row;
  };
  gauge.prepend(scale(marks.slice(0, 1), 'top'));
  gauge.append(scale(marks.slice(1), 'bottom'));
  const figcaption = document.createElement('figcaption');
  figcaption.textContent = caption;
  gauge.append(figcaption);
  container.append(gauge);

  return function set(key, share) {
    const bar = bars.get(key);
    if (!bar) throw new Error(`no gauge row ${key}`);
    const width = Number.isFinite(share) ? Math.max(0, Math.min(1, share)) * 100 : 0;
    const style = `${width.toFixed(2)}%`;
    if (bar.fill.style.width !== style) bar.fill.style.width = style;
    bar.row.title = Number.isFinite(share) ? `${bar.label}: ${(share * 100).toFixed(1)} %` : '';
  };
}
