// The relax lab's recorded run: a start set relaxed one iteration at a time by the bindings'
// Relaxation, and after each iteration what the lab shows of it (the points, the core's measure,
// the Voronoi cells and the radial spectrum), kept so that the iteration slider only reads.
//
// It is a job for www/lib/job.js (`runUntil`): Relaxation.run(budget) works for about the time
// left, and each iteration's record is made in three short calls (measure, cells, spectrum),
// each only while the frame's share of time lasts. The records are plain JS arrays: the Relaxation is freed as soon as the last iteration is
// recorded, or when the run is dropped.

/** Frequencies of the spectrum: as in the spectrum lab, |fx| ≤ 64 across, |fy| ≤ 36 down. */
export const FX = 64;
export const FY = 36;

/**
 * A run of `iterations` iterations of `method` from `start` (x, y pairs) on a `width × height`
 * map. `records[i]` is iteration i (0 is the start): `{points, measure, cells, radial, binWidth}`.
 */
export function recordedRun(wasm, { start, width, height, method, iterations }) {
  let relaxation = new wasm.Relaxation(start, width, height, { method });
  const records = [];
  /** An iteration finished and not recorded yet (the start counts as one): its record so far. */
  let waiting = { points: start };
  let spent = 0;

  /**
   * The next piece of the record of `entry` (an iteration's points): its measure, its cells,
   * then its spectrum, one a call, so that each call stays short. True once it is complete.
   */
  function recordStep(entry) {
    if (!entry.measure) entry.measure = wasm.measure(entry.points, width, height);
    else if (!entry.cells) entry.cells = wasm.voronoiCells(entry.points, width, height);
    else {
      const spectrum = wasm.spectrumOf(entry.points, width, height, FX, FY);
      try {
        entry.radial = spectrum.radial();
        entry.binWidth = spectrum.binWidth;
      } finally {
        spectrum.free();
      }
      records.push(entry);
      return true;
    }
    return false;
  }

  function free() {
    relaxation?.free();
    relaxation = null;
  }

  return {
    kind: 'relax',
    method,
    records,
    iterations,
    get progress() {
      return records.length / (iterations + 1);
    },
    /** Milliseconds spent relaxing and recording. */
    get spent() {
      return spent;
    },
    get done() {
      return records.length > iterations;
    },
    runUntil(until) {
      const began = performance.now();
      try {
        while (records.length <= iterations) {
          if (waiting) {
            if (recordStep(waiting)) waiting = null;
            if (performance.now() >= until) return false;
            continue;
          }
          const left = until - performance.now();
          if (left <= 0) return false;
          if (!relaxation.run(left)) return false;
          waiting = { points: relaxation.points };
        }
        free();
        return true;
      } finally {
        spent += performance.now() - began;
      }
    },
    free,
  };
}
