// Step 6: a radius that follows a field, dense woods here and open savanna there. The field is
// the sparseness s(x, y) in [0, 1]: 0 where the woods are densest (minRadius), 1 where they are
// most open (maxRadius). A density map d, 1 at the densest as in the lab, is the sparseness 1 - d.
// Two simple fields the tests pin down, and fractal value noise, a cousin of the lab's Perlin fBm.
using System;
using System.Collections.Generic;

namespace PoissonDisk
{
    public enum Sparseness { LinearX, Radial }

    public static class Variable
    {
        // LinearX grows from 0 at the left edge to 1 at the right; Radial from 0 at the centre
        // to 1 at the corners.
        public static Func<double, double, double> Field(Sparseness field, double width,
                                                         double height)
        {
            if (field == Sparseness.LinearX)
                return (x, y) => x / width;
            double cx = width / 2;
            double cy = height / 2;
            // Written as Math.Sqrt(dx*dx + dy*dy), not a hypot: hypot may round differently, and
            // one ulp would move a tree in every other language.
            double farthest = Math.Sqrt(cx * cx + cy * cy);
            return (x, y) =>
            {
                double dx = x - cx;
                double dy = y - cy;
                return Math.Min(1.0, Math.Sqrt(dx * dx + dy * dy) / farthest);
            };
        }

        // A lattice value in [0, 1) for the corner (ix, iy): an integer hash of the corner and
        // the seed, in wrapping 32-bit arithmetic (uint, unchecked) that every language computes
        // alike.
        static double Corner(uint seed, uint ix, uint iy)
        {
            unchecked
            {
                uint h = seed ^ (ix * 0x27d4eb2du) ^ (iy * 0x165667b1u);
                h ^= h >> 15;
                h *= 0x2c1b3c6du;
                h ^= h >> 12;
                h *= 0x297a2d39u;
                h ^= h >> 15;
                return h / 4294967296.0;
            }
        }

        // Value noise: the four corners of the unit square around (x, y), blended with the
        // smooth step 3t^2 - 2t^3 so the field has no creases at the squares' edges. |x| and |y|
        // must stay below 2^31, where a corner's number still fits in 32 bits.
        public static double ValueNoise(double x, double y, uint seed)
        {
            double fx = Math.Floor(x);
            double fy = Math.Floor(y);
            double tx = x - fx;
            double ty = y - fy;
            double sx = tx * tx * (3 - 2 * tx);
            double sy = ty * ty * (3 - 2 * ty);
            uint x0 = unchecked((uint)(int)fx);
            uint y0 = unchecked((uint)(int)fy);
            uint x1 = unchecked(x0 + 1);
            uint y1 = unchecked(y0 + 1);
            double top = Corner(seed, x0, y0) + (Corner(seed, x1, y0) - Corner(seed, x0, y0)) * sx;
            double bottom =
                Corner(seed, x0, y1) + (Corner(seed, x1, y1) - Corner(seed, x0, y1)) * sx;
            return top + (bottom - top) * sy;
        }

        // Sparseness from fractal noise (fBm): `octaves` layers of value noise, each twice as
        // fine and half as strong as the one before, averaged, so the result stays in [0, 1).
        // `patch` is the side of the coarsest layer's squares, about the width of a grove or a
        // clearing. Layer i is seeded with seed + i.
        public static Func<double, double, double> Fbm(double patch, int octaves, int seed)
        {
            Scatter.CheckPositive("patch", patch);
            if (octaves < 1 || octaves > 16)
                throw new ArgumentOutOfRangeException(
                    "octaves", octaves, "octaves must be 1 to 16");
            return (x, y) =>
            {
                double total = 0, weights = 0, amplitude = 1, scale = 1 / patch;
                for (int octave = 0; octave < octaves; octave++)
                {
                    uint layer = unchecked((uint)seed + (uint)octave);
                    total += amplitude * ValueNoise(x * scale, y * scale, layer);
                    weights += amplitude;
                    amplitude *= 0.5;
                    scale *= 2;
                }
                return total / weights;
            };
        }

        public static List<Disc> VariableRadius(double width, double height, double minRadius,
                                                double maxRadius, Sparseness field, int k,
                                                int seed)
        {
            return VariableRadius(width, height, minRadius, maxRadius,
                                  Field(field, width, height), k, seed);
        }

        public static List<Disc> VariableRadius(double width, double height, double minRadius,
                                                double maxRadius,
                                                Func<double, double, double> sparseness, int k,
                                                int seed)
        {
            Scatter.CheckPositive("minRadius", minRadius);
            Scatter.CheckPositive("maxRadius", maxRadius);
            if (minRadius > maxRadius)
                throw new ArgumentException("minRadius must not be above maxRadius");
            // The grid is built for the smallest radius: radii only grow from there, so one point
            // per cell still holds, and bigger radii just reach over more cells.
            var grid = new Grid(width, height, minRadius / Math.Sqrt(2));
            var sampler = new Sampler(grid, minRadius, k, seed);
            sampler.RadiusAt = (x, y) =>
                Math.Min(maxRadius, minRadius + sparseness(x, y) * (maxRadius - minRadius));
            sampler.StartRandom();
            while (sampler.Step())
            {
            }
            return sampler.Points;
        }
    }
}
