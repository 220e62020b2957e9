// Step 8: paint the points as circles into an RGB image (3 bytes per pixel, rows top to bottom).

// A pixel belongs to the circle when its centre (x + 0.5, y + 0.5) does. Only the rows and
// columns the circle can reach are visited, clipped to the image.
export function stampCircle(rgb, width, height, cx, cy, radius, color, opacity) {
  if (rgb.length !== 3 * width * height) {
    throw new RangeError(`the image holds ${rgb.length} bytes, not 3 × ${width} × ${height}`);
  }
  // A NaN would pass no test below and paint the whole image.
  if (![cx, cy, radius].every(Number.isFinite)) {
    throw new RangeError(`circle (${cx}, ${cy}) of radius ${radius} is not finite`);
  }
  if (!(opacity >= 0 && opacity <= 1)) {
    throw new RangeError(`opacity must be between 0 and 1, got ${opacity}`);
  }
  const y0 = Math.max(0, Math.floor(cy - radius));
  const y1 = Math.min(height - 1, Math.floor(cy + radius));
  const x0 = Math.max(0, Math.floor(cx - radius));
  const x1 = Math.min(width - 1, Math.floor(cx + radius));
  for (let y = y0; y <= y1; y++) {
    const dy = y + 0.5 - cy;
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      if (dx * dx + dy * dy > radius * radius) continue;
      const at = 3 * (y * width + x);
      // Blend towards the colour; flooring (not rounding) is what every language agrees on.
      for (let c = 0; c < 3; c++) {
        const p = rgb[at + c];
        rgb[at + c] = Math.floor(p + (color[c] - p) * opacity);
      }
    }
  }
}
