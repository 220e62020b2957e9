// Step 3: dart throwing, the obvious way to keep points apart.
using System;
using System.Collections.Generic;

namespace PoissonDisk
{
    public static class Darts
    {
        // Throw a dart anywhere; keep it if nothing kept is within radius. Stop after maxMisses
        // misses in a row, because nobody can tell when the map is truly full.
        public static List<Point> Throw(double width, double height, double radius, int maxMisses,
                                        int seed)
        {
            // A radius of 0 would keep every dart and never miss, so the loop would never end.
            Scatter.CheckPositive("width", width);
            Scatter.CheckPositive("height", height);
            Scatter.CheckPositive("radius", radius);
            var rng = new ParkMiller(seed);
            var kept = new List<Point>();
            int misses = 0;
            while (misses < maxMisses)
            {
                double x = rng.NextFloat() * width;
                double y = rng.NextFloat() * height;
                // Checking every kept point makes each dart slower than the last; the grid of
                // step 4 fixes that.
                bool farEnough = true;
                foreach (Point p in kept)
                {
                    double dx = x - p.X;
                    double dy = y - p.Y;
                    // Squared distances: no square root to compute, and none to round differently.
                    if (dx * dx + dy * dy < radius * radius)
                    {
                        farEnough = false;
                        break;
                    }
                }
                if (farEnough)
                {
                    kept.Add(new Point(x, y));
                    misses = 0;
                }
                else
                {
                    misses++;
                }
            }
            return kept;
        }
    }
}
