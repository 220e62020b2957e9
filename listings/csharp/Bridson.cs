// Step 5: Bridson's algorithm, one step at a time, growing outward from an active list.
// In Unity or Godot: the page's FAQ ("How do I use it in Bevy, Unity, Godot...") has a script
// for each that calls Bridson.PoissonDisk and places a prefab or a scene at every point.
using System;
using System.Collections.Generic;

namespace PoissonDisk
{
    // What one step tried, so a picture (or a test) can replay it.
    public struct Candidate
    {
        public double X;
        public double Y;
        public bool Accepted;

        public Candidate(double x, double y, bool accepted)
        {
            X = x;
            Y = y;
            Accepted = accepted;
        }
    }

    public sealed class Sampler
    {
        readonly Grid grid;
        readonly double radius;
        readonly int k;
        readonly ParkMiller rng;

        public readonly List<Disc> Points = new List<Disc>();
        // Indices into Points of the points that may still grow.
        public readonly List<int> Active = new List<int>();
        public readonly List<Candidate> Tried = new List<Candidate>();
        public int Current = -1; // -1 before the first step

        // Optional rules for the later steps: a radius that varies over the map, and ground a
        // point may not stand on.
        public Func<double, double, double> RadiusAt;
        public Func<double, double, bool> Allowed;

        // The grid is borrowed, not owned: layers share one grid between several samplers.
        // The radius must suit the grid's cells (at least cell * sqrt(2)), or two points could
        // share a cell and one would drop out of the grid unseen.
        public Sampler(Grid grid, double radius, int k, int seed)
        {
            Scatter.CheckPositive("radius", radius);
            if (!grid.Fits(radius))
                throw new ArgumentOutOfRangeException(
                    "radius", radius, "the radius is too small for the grid's cells");
            if (k < 0)
                throw new ArgumentOutOfRangeException("k", k, "k must not be negative");
            this.grid = grid;
            this.radius = radius;
            this.k = k;
            rng = new ParkMiller(seed);
        }

        // Layers draw their seed points from the sampler's own stream, so one seed covers both.
        public ParkMiller Rng { get { return rng; } }

        // The one place a point is checked and stored.
        public bool TryAdd(double x, double y)
        {
            if (x < 0 || y < 0 || x >= grid.Width || y >= grid.Height)
                return false;
            if (Allowed != null && !Allowed(x, y))
                return false;
            // The field may only widen the spacing, never shrink it below the grid's radius.
            double r = RadiusAt != null ? Math.Max(radius, RadiusAt(x, y)) : radius;
            if (!grid.IsFree(x, y, r))
                return false;
            grid.Add(x, y, r);
            Active.Add(Points.Count);
            Points.Add(new Disc(x, y, r));
            return true;
        }

        // A random first point; where it lands hardly matters, the front grows from it.
        public bool StartRandom()
        {
            double x = rng.NextFloat() * grid.Width;
            double y = rng.NextFloat() * grid.Height;
            return TryAdd(x, y);
        }

        // Returns false once the active list is empty (and then changes nothing).
        public bool Step()
        {
            if (Active.Count == 0)
                return false;
            // pick: any point on the front may grow next, so the fill spreads evenly.
            int a = (int)Math.Floor(rng.NextFloat() * Active.Count);
            Current = Active[a];
            Tried.Clear();
            Disc p = Points[Current];

            for (int i = 0; i < k; i++)
            {
                // throw: draw in the square, keep only draws in the ring r..2r: simple and exact.
                double dx, dy;
                do
                {
                    dx = (rng.NextFloat() * 4 - 2) * p.R;
                    dy = (rng.NextFloat() * 4 - 2) * p.R;
                } while (!(p.R * p.R <= dx * dx + dy * dy && dx * dx + dy * dy <= 4 * (p.R * p.R)));
                double x = p.X + dx;
                double y = p.Y + dy;
                bool accepted = TryAdd(x, y);
                Tried.Add(new Candidate(x, y, accepted));

                // refused: off the map, on forbidden ground or too close to someone: throw again.
                if (!accepted)
                    continue;

                // placed: far enough from everyone, so keep it; TryAdd already put it on the front.
                return true;
            }

            // retired: k throws all missed. Room may be left around it, unseen, but it is given
            // up on; swap-remove it in O(1).
            Active[a] = Active[Active.Count - 1];
            Active.RemoveAt(Active.Count - 1);
            return true;
        }
    }

    public static class Bridson
    {
        // Bridson's one call: a grid for this radius, a random first point, then step until done.
        // A step either adds a point or retires one, and every point but the first is added by a
        // step: n points cost n - 1 adding steps plus n retiring ones, 2n - 1 in all.
        public static List<Disc> PoissonDisk(double width, double height, double radius, int k,
                                             int seed)
        {
            Scatter.CheckPositive("radius", radius);
            var grid = new Grid(width, height, radius / Math.Sqrt(2));
            var sampler = new Sampler(grid, radius, k, seed);
            sampler.StartRandom();
            while (sampler.Step())
            {
            }
            return sampler.Points;
        }
    }
}
