// Type-checked with `tsc --strict` against the installed package (package.test.mjs): the
// documented API has real types, so each `@ts-expect-error` line below must be an error.
import { fastPoisson, pictureLabel, pointsToCsv, poissonDisk, PoissonSampler } from 'poisson-live';

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

export { points, started, count, placed, wrong, pairs, label, csv };
