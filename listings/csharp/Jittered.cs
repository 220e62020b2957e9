// Step 2: the jittered grid, one random point in every square cell.
using System;
using System.Collections.Generic;

namespace PoissonDisk
{
    public static class Jittered
    {
        // No big holes inside the grid (an empty circle there stays under sqrt(2) cells in
        // radius: a bigger one would cover a whole cell and its point), but two neighbours can
        // still land almost on top of each other across a shared edge, and the rows and columns
        // show through.
        public static List<Point> Grid(double spacing, double width, double height, int seed)
        {
            Scatter.CheckPositive("spacing", spacing);
            Scatter.CheckPositive("width", width);
            Scatter.CheckPositive("height", height);
            double cells = Math.Floor(width / spacing) * Math.Floor(height / spacing);
            if (cells > PoissonDisk.Grid.MaxCells)
                throw new ArgumentOutOfRangeException(
                    "spacing", spacing, "the spacing is too small for this map");
            var rng = new ParkMiller(seed);
            // Only whole cells: a partial cell at the right or bottom edge gets no point.
            int cols = (int)Math.Floor(width / spacing);
            int rows = (int)Math.Floor(height / spacing);
            var points = new List<Point>();
            for (int row = 0; row < rows; row++)
            {
                for (int col = 0; col < cols; col++)
                {
                    double x = (col + rng.NextFloat()) * spacing;
                    double y = (row + rng.NextFloat()) * spacing;
                    points.Add(new Point(x, y));
                }
            }
            return points;
        }
    }
}
