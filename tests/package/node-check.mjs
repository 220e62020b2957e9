// Runs inside a fresh project that installed the packed tarball, as `node node-check.mjs`: plain
// node, no bundler, no flags; `poisson-live` resolves through the package's `exports` ("node").
// package.test.mjs runs it and shows its report.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as pkg from 'poisson-live';

const { poissonDisk, PoissonSampler } = pkg;

// The crate's documented figure (README, crate docs) as poissonDisk's and PoissonSampler's
// arguments: 720 × 400, r 24, k 30, seed 123456. It places COUNT points.
const DOCUMENTED = [720, 400, 24, 30, 123456];
const [W, H, R, K, SEED] = DOCUMENTED;
const COUNT = 315;

/** Every point on the map, [0, w) × [0, h), and no pair closer than `radius` (the crate's rule). */
function assertSpaced(flat, stride, radius, width, height) {
  assert.equal(flat.length % stride, 0, `length ${flat.length} is not a multiple of ${stride}`);
  const n = flat.length / stride;
  for (let i = 0; i < n; i++) {
    const x = flat[i * stride];
    const y = flat[i * stride + 1];
    assert.ok(x >= 0 && x < width && y >= 0 && y < height, `point ${i} (${x}, ${y}) is off the map`);
    for (let j = 0; j < i; j++) {
      const dx = flat[j * stride] - x;
      const dy = flat[j * stride + 1] - y;
      assert.ok(dx * dx + dy * dy >= radius * radius, `points ${j} and ${i} are closer than ${radius}`);
    }
  }
}

test('poissonDisk: the documented count, x, y, r triples spaced and on the map, the same every call', () => {
  const points = poissonDisk(...DOCUMENTED);
  assert.ok(points instanceof Float64Array);
  assert.equal(points.length, COUNT * 3);
  assertSpaced(points, 3, R, W, H);
  for (let i = 2; i < points.length; i += 3) assert.equal(points[i], R);
  assert.deepEqual(poissonDisk(...DOCUMENTED), points);
  assert.notDeepEqual(poissonDisk(W, H, R, K, SEED + 1), points);
});

test('PoissonSampler: startRandom, finish and pointCount give the one-call points', () => {
  const sampler = new PoissonSampler(...DOCUMENTED);
  assert.equal(sampler.pointCount, 0);
  assert.equal(sampler.startRandom(), true);
  assert.equal(sampler.pointCount, 1);
  sampler.finish();
  assert.equal(sampler.isFinished, true);
  assert.equal(sampler.pointCount, COUNT);
  assert.deepEqual(sampler.points(), poissonDisk(...DOCUMENTED));
  sampler.free();
});

test("bad input throws a JS Error carrying the crate's message", () => {
  const refused = (call, message) =>
    assert.throws(call, (e) => {
      assert.equal(e.constructor, Error);
      assert.equal(e.message, message);
      return true;
    });
  refused(() => poissonDisk(W, H, -1, K, SEED), 'radius must be a finite number greater than 0, got -1');
  refused(() => poissonDisk(W, Number.NaN, R, K, SEED), 'height must be a finite number greater than 0, got NaN');
  refused(() => new PoissonSampler(W, H, R, 0, SEED), 'k must be between 1 and 10000, got 0');
  refused(
    () => poissonDisk(W, H, R, K, 1.5),
    'seed must be a whole number from -2147483648 to 2147483647, got 1.5',
  );
});

// The fast sampler for games (SPEC section 7).
test(
  'fastPoisson: x, y pairs spaced and on the map, the same every call',
  () => {
    const points = pkg.fastPoisson(W, H, R, SEED);
    assert.ok(points instanceof Float64Array);
    assert.ok(points.length > 0);
    assertSpaced(points, 2, R, W, H);
    assert.deepEqual(pkg.fastPoisson(W, H, R, SEED), points);
    assert.notDeepEqual(pkg.fastPoisson(W, H, R, SEED + 1), points);
    assert.throws(() => pkg.fastPoisson(W, H, -1, SEED), (e) => {
      assert.equal(e.constructor, Error);
      assert.match(e.message, /^radius must be .*, got -1$/);
      return true;
    });
  },
);

// Issue 37's reproducers, as a user would meet them.
test('an argument that frees its own sampler is refused, and the sampler goes on', () => {
  const mesh = pkg.Mesh.torus({ major: 10, minor: 4, around: 12, across: 8 });
  for (const sampler of [
    new pkg.SpaceSampler({ width: 30, height: 20, depth: 10, radius: 2, seed: 1 }),
    new pkg.MeshSampler(mesh, { radius: 1, seed: 1 }),
  ]) {
    const name = sampler.constructor.name;
    assert.throws(
      () => sampler.run({ valueOf() { sampler.free(); return 10; } }),
      (e) => e.constructor === Error && e.message.startsWith(`this ${name} is in use by its run() call`),
    );
    assert.equal(typeof sampler.run(5), 'boolean');
    assert.ok(sampler.pointCount > 0);
    sampler.free();
  }
  mesh.free();
});

test('k defaults to 30 in SpaceSampler and MeshSampler, as in sampleMesh', () => {
  const box = { width: 20, height: 20, depth: 10, radius: 2, seed: 5 };
  const finish = (s) => {
    while (!s.run(1000));
    const points = s.points();
    s.free();
    return points;
  };
  assert.deepEqual(finish(new pkg.SpaceSampler(box)), finish(new pkg.SpaceSampler({ ...box, k: 30 })));
  const mesh = pkg.Mesh.torus({ major: 8, minor: 3, around: 24, across: 12 });
  const onMesh = finish(new pkg.MeshSampler(mesh, { radius: 1, seed: 5 }));
  assert.deepEqual(onMesh, pkg.sampleMesh(mesh.vertices(), mesh.indices(), { radius: 1, k: 30, seed: 5 }));
  mesh.free();
});

test('wrong optional columns, over-long indices and a throwing getter say what they are', () => {
  const said = (call, message) => assert.throws(call, (e) => e.constructor === Error && e.message === message);
  said(() => pkg.pointsToCsv(new Float64Array([1, 2, 3]), 3, 1), 'columns must be column names (a string like "x,y,z"), got 1');
  said(
    () => pkg.Mesh.fromArrays(new Float64Array(9), new Uint32Array(3 * 2 ** 22 + 3)),
    'indices holds 12582915 numbers; the limit is 12582912 (2^22 triangles of 3 corners)',
  );
  const params = { width: 30, height: 20, depth: 10, seed: 1, get radius() { throw new Error('no radius today'); } };
  said(() => new pkg.SpaceSampler(params), 'SpaceSampler needs radius: reading it threw: no radius today');
});
