// Stands in for a lab that is not written yet: draws the map's outline and grid on the
// section's canvas, in map units, so the page shows where the lab will be.

import { setupCanvas } from '../lib/canvas.js';

export function placeholder(section) {
  const canvas = section.querySelector('canvas[data-role="map"]');
  const width = canvas.width;
  const height = canvas.height;
  const view = setupCanvas(canvas, width, height, draw);
  const note = section.querySelector('.lab-placeholder');
  if (note) note.textContent = 'This lab is on its way.';

  function draw() {
    const { ctx } = view;
    ctx.fillStyle = '#eef2e6';
    ctx.fillRect(0, 0, width, height);
    ctx.strokeStyle = 'rgba(47, 79, 47, 0.15)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let x = 40; x < width; x += 40) {
      ctx.moveTo(x, 0);
      ctx.lineTo(x, height);
    }
    for (let y = 40; y < height; y += 40) {
      ctx.moveTo(0, y);
      ctx.lineTo(width, y);
    }
    ctx.stroke();
    ctx.fillStyle = 'rgba(47, 79, 47, 0.6)';
    ctx.font = '24px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(`${section.dataset.lab} · ${width} × ${height}`, width / 2, height / 2);
  }
  draw();
}
