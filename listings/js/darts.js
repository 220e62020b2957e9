// Step 3: dart throwing. Throw a point anywhere; keep it if it is far enough from every kept one.

import { ParkMiller, checkPositive } from "./random.js";

// There is no way to know the map is full, so give up after `maxMisses` misses in a row.
// Every dart is checked against every kept point: simple, and slow once the map fills.
// A radius of 0 would keep every dart and never miss, so the loop would never end.
export function dartThrowing(width, height, radius, maxMisses, seed) {
  checkPositive("width", width);
  checkPositive("height", height);
  checkPositive("radius", radius);
  const rng = new ParkMiller(seed);
  const kept = [];
  let misses = 0;
  while (misses < maxMisses) {
    const x = rng.nextFloat() * width;
    const y = rng.nextFloat() * height;
    // Squared distances: the same test as comparing distances, without a square root.
    const farEnough = kept.every((p) => {
      const dx = x - p.x;
      const dy = y - p.y;
      return dx * dx + dy * dy >= radius * radius;
    });
    if (farEnough) {
      kept.push({ x, y });
      misses = 0;
    } else {
      misses++;
    }
  }
  return kept;
}
