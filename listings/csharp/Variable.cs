// Step 6: a radius that follows a field, dense woods here and open savanna there.
using System;
using System.Collections.Generic;

namespace PoissonDisk
{
    // Two simple fields the tests pin down; a game would use noise or a painted map instead.
    public enum Density { LinearX, Radial }

    public static class Variable
    {
        // t in [0, 1] for a point: 0 keeps minRadius, 1 opens up to maxRadius.
        public static Func<double, double, double> Field(Density density, double width,
                                                         double height)
        {
            if (density == Density.LinearX)
                return (x, y) => x / width;
            double cx = width / 2;
            double cy = height / 2;
            // Written as Math.Sqrt(dx*dx + dy*dy), not a hypot: hypot rounds differently, and
            // one ulp would move a tree in every other language.
            double farthest = Math.Sqrt(cx * cx + cy * cy);
            return (x, y) =>
            {
                double dx = x - cx;
                double dy = y - cy;
                return Math.Min(1.0, Math.Sqrt(dx * dx + dy * dy) / farthest);
            };
        }

        public static List<Disc> VariableRadius(double width, double height, double minRadius,
                                                double maxRadius, Density density, int k, int seed)
        {
            // The grid is built for the smallest radius: radii only grow from there, so one point
            // per cell still holds, and bigger radii just reach over more cells.
            var grid = new BackgroundGrid(width, height, minRadius / Math.Sqrt(2));
            var sampler = new Sampler(grid, minRadius, k, seed);
            var t = Field(density, width, height);
            sampler.RadiusAt = (x, y) => minRadius + t(x, y) * (maxRadius - minRadius);
            sampler.StartRandom();
            while (sampler.Step())
            {
            }
            return sampler.Points;
        }
    }
}
