// Type-checked beside types-check.ts once the package exports fastPoisson (package.test.mjs
// adds it only then): x, y pairs from real number parameters.
import { fastPoisson } from 'poisson-live';

const pairs: Float64Array = fastPoisson(720, 400, 24, 123456);

// @ts-expect-error: a string where the radius (a number) belongs
fastPoisson(720, 400, '24', 123456);

export { pairs };
