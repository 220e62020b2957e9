// Type-checked with `tsc --strict` against the installed package (package.test.mjs): the
// documented API has real types, so each `@ts-expect-error` line below must be an error.
import { eliminate, fastPoisson, fastPoisson3d, measure, Mesh, pictureLabel, pointsToCsv, poissonDisk, poissonDisk3d, PoissonSampler, relax, Relaxation, sampleMesh, voronoiCells } from 'poisson-live';

const points: Float64Array = poissonDisk(720, 400, 24, 30, 123456);

const sampler = new PoissonSampler(720, 400, 24, 30, 123456);
const started: boolean = sampler.startRandom();
sampler.finish();
const count: number = sampler.pointCount;
const placed: Float64Array = sampler.points();

// @ts-expect-error: a string where the width (a number) belongs
poissonDisk('720', 400, 24, 30, 123456);
// @ts-expect-error: a string where the seed (a number) belongs
new PoissonSampler(720, 400, 24, 30, '123456');
// @ts-expect-error: a count is read-only
sampler.pointCount = 3;
// @ts-expect-error: poissonDisk returns x, y, r numbers, not strings
const wrong: string[] = poissonDisk(720, 400, 24, 30, 123456);

// The fast sampler: x, y pairs from real number parameters.
const pairs: Float64Array = fastPoisson(720, 400, 24, 123456);
// @ts-expect-error: a string where the radius (a number) belongs
fastPoisson(720, 400, '24', 123456);

// Parameters the bindings read as JS values keep their real types.
const label: string = pictureLabel('sphere');
// @ts-expect-error: a picture is named by a string
pictureLabel(5);
const csv: string = pointsToCsv(points, 3) + pointsToCsv([1, 2, 3], 3);
// @ts-expect-error: points are numbers, not strings
pointsToCsv(['1', '2', '3'], 3);
const named: string = pointsToCsv(points, 3, 'x,y,r');
// @ts-expect-error: the optional column names are a string
pointsToCsv(points, 3, 1);

// 3D and meshes: x, y, z triples; x, y, z, face on a mesh given as typed arrays.
const box: Float64Array = poissonDisk3d(40, 40, 40, 4, 30, 123456);
const dust: Float64Array = fastPoisson3d(40, 40, 40, 4, 123456);
// @ts-expect-error: a string where the depth (a number) belongs
poissonDisk3d(40, 40, '40', 4, 30, 123456);
const torus: Mesh = Mesh.torus({ major: 10, minor: 4, around: 48, across: 24 });
const onMesh: Float64Array = sampleMesh(torus.vertices(), torus.indices(), { radius: 1, seed: 7 });
// Six numbers a point (x, y, z, face, u, v), from either method.
const fastOnMesh: Float64Array = sampleMesh(torus.vertices(), torus.indices(), { radius: 1, seed: 7, method: 'fast' });
// Spacing from a weight per vertex: radius where it is 1, radiusMax where it is 0.
const weighted: Float64Array = sampleMesh(torus.vertices(), torus.indices(), { radius: 1, radiusMax: 2, weights: new Float64Array(torus.vertices().length / 3), seed: 7 });
const area: number = torus.area;
// @ts-expect-error: indices are whole numbers in a Uint32Array, not strings
sampleMesh(torus.vertices(), ['0', '1', '2'], { radius: 1, seed: 7 });

// Exact counts: x, y on a map; x, y, z in a box or on a mesh; options typed by domain.
const exact: Float64Array = eliminate(1000, { width: 200, height: 100, seed: 7 });
const exact3d: Float64Array = eliminate(500, { width: 20, height: 10, depth: 5, wrap: true, seed: 7 });
const exactOnMesh: Float64Array = eliminate(500, { vertices: torus.vertices(), indices: torus.indices(), seed: 7 });
const weightedOnMesh: Float64Array = eliminate(500, { vertices: torus.vertices(), indices: torus.indices(), weights: new Float64Array(torus.vertices().length / 3), radiusMax: 2, seed: 7 });
// @ts-expect-error: a map needs its height
eliminate(1000, { width: 200, seed: 7 });
// @ts-expect-error: the count is a number
eliminate('1000', { width: 200, height: 100, seed: 7 });

export { exact, exact3d, exactOnMesh, weightedOnMesh, points, started, count, placed, wrong, pairs, label, csv, named, box, dust, onMesh, fastOnMesh, weighted, area };

// Relaxation: x, y pairs in and out, the method by name, the figures and cells as objects.
const relaxed: Float64Array = relax(pairs, 720, 400, { method: 'fpo', iterations: 8 });
// @ts-expect-error: the method is "lloyd" or "fpo"
relax(pairs, 720, 400, { method: 'lloyds', iterations: 8 });
// @ts-expect-error: the iterations are a number
relax(pairs, 720, 400, { method: 'lloyd', iterations: '8' });
const deltaX: number = measure(relaxed, 720, 400).deltaX + measure(relaxed, 720, 400, { wrap: true }).meanDeltaX;
// @ts-expect-error: the figures are numbers
const figure: string = measure(relaxed, 720, 400).perR2;
const cells = voronoiCells(relaxed, 720, 400, { wrap: false });
const corners: Float64Array = cells.xy;
const starts: Uint32Array = cells.starts;
const lab = new Relaxation(pairs, 720, 400, { method: 'lloyd', wrap: true });
lab.iterate();
const done: boolean = lab.run(12);
const moved: Float64Array = lab.points;
const iterations: number = lab.iterations;
// @ts-expect-error: the iterations done are read-only
lab.iterations = 3;

export { relaxed, deltaX, figure, corners, starts, done, moved, iterations };
