// Step 6: a radius that follows a field, dense woods here and open savanna there. The field is
// the sparseness s(x, y) in [0, 1]: 0 where the woods are densest (minRadius), 1 where they are
// most open (maxRadius). A density map d, 1 at the densest as in the lab, is the sparseness 1 - d.
using System;
using System.Collections.Generic;

namespace PoissonDisk
{
    // Two simple fields the tests pin down; a game would use noise or a painted map instead.
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
                                                double maxRadius, Sparseness field, int k,
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
            var s = Field(field, width, height);
            sampler.RadiusAt =
                (x, y) => Math.Min(maxRadius, minRadius + s(x, y) * (maxRadius - minRadius));
            sampler.StartRandom();
            while (sampler.Step())
            {
            }
            return sampler.Points;
        }
    }
}
