// The JavaScript listing's golden runner (listings-contract's protocol): one case per stdin line,
// one answer per stdout line. Run it through listings/test/golden.mjs.

import { createInterface } from "node:readline";
import { randomPoints } from "../random.js";
import { jitteredGrid } from "../jittered.js";
import { dartThrowing } from "../darts.js";
import { Grid } from "../grid.js";
import { Sampler, poissonDisk } from "../bridson.js";
import { fbm, linearX, radial, variableRadius } from "../variable.js";
import { insideDiscs, outsideDiscs, placeLayers } from "../layers.js";
import { paintWorld, stampCircle } from "../paint.js";
import { fromHex, toHex } from "../../test/bits.mjs";

const xy = (pts) => [pts.length, ...pts.flatMap((p) => [toHex(p.x), toHex(p.y)])];
const xyr = (pts) => [pts.length, ...pts.flatMap((p) => [toHex(p.x), toHex(p.y), toHex(p.r)])];

function answer(line) {
  const toks = line.trim().split(/\s+/);
  let at = 0;
  const word = () => toks[at++];
  const f = () => fromHex(word());
  const n = () => Number.parseInt(word(), 10);
  const kind = word();
  switch (kind) {
    case "random_points": {
      const [w, h, count, seed] = [f(), f(), n(), n()];
      return xy(randomPoints(count, w, h, seed));
    }
    case "jittered_grid": {
      const [w, h, spacing, seed] = [f(), f(), f(), n()];
      return xy(jitteredGrid(spacing, w, h, seed));
    }
    case "dart_throwing": {
      const [w, h, r, misses, seed] = [f(), f(), f(), n(), n()];
      return xy(dartThrowing(w, h, r, misses, seed));
    }
    case "poisson_disk": {
      const [w, h, r, k, seed] = [f(), f(), f(), n(), n()];
      return xyr(poissonDisk(w, h, r, k, seed));
    }
    case "sampler_trace": {
      const [w, h, r, k, seed, steps] = [f(), f(), f(), n(), n(), n()];
      const s = new Sampler(new Grid(w, h, r / Math.SQRT2), r, k, seed);
      if (n() === 1) s.tryAdd(f(), f());
      else s.startRandom();
      const out = [];
      let listed = 0;
      let total = 0;
      let more = true;
      while (listed < steps && more) {
        more = s.step() !== "finished";
        total += more ? 1 : 0;
        listed++;
        out.push(more ? 1 : 0, s.current, s.tried.length);
        for (const t of s.tried) out.push(toHex(t.x), toHex(t.y), t.accepted ? 1 : 0);
        out.push(s.active.length, ...s.active, s.points.length);
      }
      while (s.step() !== "finished") total++;
      return [listed, ...out, s.points.length, total];
    }
    case "variable_radius": {
      const [w, h, min, max, density, k, seed] = [f(), f(), f(), f(), word(), n(), n()];
      const t = { linear_x: linearX(w), radial: radial(w, h) }[density];
      if (!t) return ["unknown", `density ${density}`];
      return xyr(variableRadius(w, h, min, max, t, k, seed));
    }
    case "variable_noise": {
      const [w, h, min, max, patch, octaves, k, seed] = [f(), f(), f(), f(), f(), n(), n(), n()];
      return xyr(variableRadius(w, h, min, max, fbm(patch, octaves, seed), k, seed));
    }
    case "paint_world": {
      const [w, h, seed] = [n(), n(), n()];
      return [Buffer.from(paintWorld(w, h, seed)).toString("hex")];
    }
    case "place_layers": {
      const [w, h, count] = [f(), f(), n()];
      const layers = [];
      for (let i = 0; i < count; i++) {
        const [radius, k, seed, mask, ndiscs] = [f(), n(), n(), word(), n()];
        const discs = [];
        for (let j = 0; j < ndiscs; j++) discs.push({ x: f(), y: f(), r: f() });
        const allowed = { none: null, inside: insideDiscs(discs), outside: outsideDiscs(discs) }[mask];
        if (allowed === undefined) return ["unknown", `mask ${mask}`];
        layers.push({ radius, k, seed, allowed });
      }
      const placed = placeLayers(w, h, layers);
      return [placed.length, ...placed.flatMap(xyr)];
    }
    case "stamp_circles": {
      const [w, h, br, bg, bb, count] = [n(), n(), n(), n(), n(), n()];
      const rgb = new Uint8Array(w * h * 3);
      for (let i = 0; i < rgb.length; i += 3) rgb.set([br, bg, bb], i);
      for (let i = 0; i < count; i++) {
        const [cx, cy, radius, r, g, b, opacity] = [f(), f(), f(), n(), n(), n(), f()];
        stampCircle(rgb, w, h, cx, cy, radius, [r, g, b], opacity);
      }
      return [Buffer.from(rgb).toString("hex")];
    }
    default:
      return ["unknown", kind];
  }
}

const out = [];
for await (const line of createInterface({ input: process.stdin })) {
  try {
    out.push(answer(line).join(" "));
  } catch (err) {
    // One bad case must not hide the answers to the others.
    out.push(`error ${String(err.message).replace(/\s+/g, "_")}`);
  }
}
process.stdout.write(out.map((l) => l + "\n").join(""));
