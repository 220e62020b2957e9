// Step 7: layers (rocks, trees, flowers) on one shared grid, each with its own ground rule.
using System;
using System.Collections.Generic;

namespace PoissonDisk
{
    public sealed class Layer
    {
        public double Radius;
        public int K;
        public int Seed;
        public Func<double, double, bool> Allowed; // null: anywhere
    }

    public static class Layers
    {
        // Strictly inside one of the discs: a point exactly on an edge counts as outside.
        public static bool InsideAny(List<Disc> discs, double x, double y)
        {
            foreach (Disc d in discs)
            {
                double dx = x - d.X;
                double dy = y - d.Y;
                if (dx * dx + dy * dy < d.R * d.R)
                    return true;
            }
            return false;
        }

        public static Func<double, double, bool> InsideDiscs(List<Disc> discs)
        {
            return (x, y) => InsideAny(discs, x, y);
        }

        public static Func<double, double, bool> OutsideDiscs(List<Disc> discs)
        {
            return (x, y) => !InsideAny(discs, x, y);
        }

        // One random start cannot reach ground cut off by a mask, so every 2r block gets up to
        // k tries at a seed point, then Bridson grows from all of them.
        public static List<Disc> PlaceLayer(Grid grid, Layer layer)
        {
            // The Sampler checks the radius: a spacing of 0 or NaN would never move the loops on.
            var sampler = new Sampler(grid, layer.Radius, layer.K, layer.Seed);
            sampler.Allowed = layer.Allowed;
            double w = grid.Width;
            double h = grid.Height;
            double spacing = 2 * layer.Radius;
            for (double y = 0; y < h; y += spacing)
            {
                for (double x = 0; x < w; x += spacing)
                {
                    for (int i = 0; i < layer.K; i++)
                    {
                        // The last block of a row or column is cut short by the map's edge.
                        double sx = x + sampler.Rng.NextFloat() * Math.Min(spacing, w - x);
                        double sy = y + sampler.Rng.NextFloat() * Math.Min(spacing, h - y);
                        if (sampler.TryAdd(sx, sy))
                            break;
                    }
                }
            }
            while (sampler.Step())
            {
            }
            return sampler.Points;
        }

        // The grid's cell fits the smallest radius, and every layer checks against every earlier
        // layer's points through it. Put the biggest radius first: small things fill in around
        // big ones.
        public static List<List<Disc>> PlaceLayers(double width, double height, List<Layer> layers)
        {
            var placed = new List<List<Disc>>();
            if (layers.Count == 0)
                return placed;
            double smallest = double.PositiveInfinity;
            foreach (Layer layer in layers)
                smallest = Math.Min(smallest, layer.Radius);
            Scatter.CheckPositive("every layer's radius", smallest);
            var grid = new Grid(width, height, smallest / Math.Sqrt(2));
            foreach (Layer layer in layers)
                placed.Add(PlaceLayer(grid, layer));
            return placed;
        }
    }
}
