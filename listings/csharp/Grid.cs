// Step 4: the background grid, so "is anything too close?" looks at a few cells, not every point.
using System;
using System.Collections.Generic;

namespace PoissonDisk
{
    // A placed point keeps its own radius: in later steps radii differ from point to point.
    public struct Disc
    {
        public double X;
        public double Y;
        public double R;

        public Disc(double x, double y, double r)
        {
            X = x;
            Y = y;
            R = r;
        }
    }

    public sealed class Grid
    {
        // The most cells a grid may have (the crate's limit too): a tiny cell on a big map would
        // otherwise ask for more memory than the machine has.
        public const double MaxCells = 33554432; // 2^25

        public readonly double Width;
        public readonly double Height;
        readonly double cell;
        readonly int cols;
        readonly int rows;
        readonly int[] cells; // -1 for an empty cell, else an index into discs
        // The grid keeps its own list of every point it holds: with several layers on one grid
        // it sees every layer, while each sampler keeps only its own points.
        readonly List<Disc> discs = new List<Disc>();

        // With cell = r / sqrt(2) a cell's diagonal is r, so two points of radius >= r never
        // share a cell and one index per cell is enough.
        public Grid(double width, double height, double cell)
        {
            Width = Scatter.CheckPositive("width", width);
            Height = Scatter.CheckPositive("height", height);
            this.cell = Scatter.CheckPositive("cell", cell);
            if (Math.Ceiling(width / cell) * Math.Ceiling(height / cell) > MaxCells)
                throw new ArgumentOutOfRangeException(
                    "cell", cell, "the cell is too small for a " + width + " x " + height + " map");
            cols = (int)Math.Ceiling(width / cell);
            rows = (int)Math.Ceiling(height / cell);
            cells = new int[cols * rows];
            for (int i = 0; i < cells.Length; i++)
                cells[i] = -1;
        }

        // Whether points of spacing r can share this grid: a cell must hold at most one of them.
        public bool Fits(double r)
        {
            return r / Math.Sqrt(2) >= cell;
        }

        public void Add(double x, double y, double r)
        {
            cells[RowOf(y) * cols + ColOf(x)] = discs.Count;
            discs.Add(new Disc(x, y, r));
        }

        // Free when no stored point is closer than the smaller of the two radii.
        public bool IsFree(double x, double y, double r)
        {
            int col = ColOf(x);
            int row = RowOf(y);
            // A radius of several cells needs a wider block; reach = 2 for the usual r / sqrt(2).
            int reach = (int)Math.Ceiling(r / cell);
            int row0 = Math.Max(0, row - reach);
            int row1 = Math.Min(rows - 1, row + reach);
            int col0 = Math.Max(0, col - reach);
            int col1 = Math.Min(cols - 1, col + reach);
            for (int j = row0; j <= row1; j++)
            {
                for (int i = col0; i <= col1; i++)
                {
                    int stored = cells[j * cols + i];
                    if (stored < 0)
                        continue;
                    Disc p = discs[stored];
                    double dx = x - p.X;
                    double dy = y - p.Y;
                    // A small flower may stand near a big rock: the pair needs the smaller radius.
                    double m = Math.Min(r, p.R);
                    if (dx * dx + dy * dy < m * m)
                        return false;
                }
            }
            return true;
        }

        // Rounding can put x just under the width into column cols; it belongs to the last one.
        int ColOf(double x) { return Math.Min((int)Math.Floor(x / cell), cols - 1); }
        int RowOf(double y) { return Math.Min((int)Math.Floor(y / cell), rows - 1); }
    }
}
