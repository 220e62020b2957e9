// Step 8: stamp each point as a disc of colour into an RGB image, and a small world with them:
// ground from two noise fields, then layers of objects on it.
using System;
using System.Collections.Generic;

namespace PoissonDisk
{
    public static class Paint
    {
        static bool IsFinite(double v) { return !double.IsNaN(v) && !double.IsInfinity(v); }

        // rgb holds width * height pixels, 3 bytes each, row by row from the top left (a Unity
        // Texture2D in RGB24 counts rows from the bottom: flip y when you upload it).
        public static void StampCircle(byte[] rgb, int width, int height, double cx, double cy,
                                       double radius, byte[] color, double opacity)
        {
            if (rgb.Length != 3 * width * height)
                throw new ArgumentException("rgb must hold 3 * width * height bytes");
            // A NaN would pass no test below and paint the whole image.
            if (!IsFinite(cx) || !IsFinite(cy) || !IsFinite(radius))
                throw new ArgumentException("the circle's centre and radius must be finite");
            if (!(opacity >= 0 && opacity <= 1))
                throw new ArgumentOutOfRangeException(
                    "opacity", opacity, "opacity must be between 0 and 1");
            // Only the disc's bounding box, clipped to the image, is visited.
            int y0 = (int)Math.Max(0.0, Math.Floor(cy - radius));
            int y1 = (int)Math.Min(height - 1.0, Math.Floor(cy + radius));
            int x0 = (int)Math.Max(0.0, Math.Floor(cx - radius));
            int x1 = (int)Math.Min(width - 1.0, Math.Floor(cx + radius));
            for (int y = y0; y <= y1; y++)
            {
                for (int x = x0; x <= x1; x++)
                {
                    // Measured from the pixel's centre, hence the + 0.5.
                    double dx = x + 0.5 - cx;
                    double dy = y + 0.5 - cy;
                    if (dx * dx + dy * dy > radius * radius)
                        continue;
                    int at = 3 * (y * width + x);
                    for (int c = 0; c < 3; c++)
                    {
                        // Blend toward the colour, then floor, never round: Math.Round sends
                        // halves to even, C++'s std::round away from zero, and the bytes must
                        // match everywhere.
                        double p = rgb[at + c];
                        rgb[at + c] = (byte)Math.Floor(p + (color[c] - p) * opacity);
                    }
                }
            }
        }

        // The kinds of ground and their colours.
        public enum Ground { Water, Beach, Meadow, Forest }

        static readonly byte[][] GroundColors = {
            new byte[] { 38, 84, 140 }, new byte[] { 222, 204, 150 },
            new byte[] { 128, 170, 80 }, new byte[] { 60, 110, 60 },
        };

        // The ground at (x, y) of a width x height island. Elevation is noise minus a bowl that is
        // 0 at the centre and 0.5 at the middle of each edge, so the land stays off the map's
        // border; moisture, a second noise field, splits the land into forest and meadow.
        public static Func<double, double, Ground> GroundAt(double width, double height, int seed)
        {
            double patch = Scatter.CheckPositive("width", width) / 4;
            Scatter.CheckPositive("height", height);
            var elevation = Variable.Fbm(patch, 4, seed);
            var moisture = Variable.Fbm(patch, 3, unchecked(seed + 1000));
            return (x, y) =>
            {
                double dx = (x - width / 2) / (width / 2);
                double dy = (y - height / 2) / (height / 2);
                double e = elevation(x, y) - 0.5 * (dx * dx + dy * dy);
                if (e < 0.25)
                    return Ground.Water;
                if (e < 0.3)
                    return Ground.Beach;
                return moisture(x, y) >= 0.5 ? Ground.Forest : Ground.Meadow;
            };
        }

        // A width x height island from one seed: the ground, then rocks on any land, trees on
        // forest floor and flowers on meadow, biggest spacing first on one shared grid, each
        // stamped as a disc of its own size. Returns the RGB bytes.
        public static byte[] PaintWorld(int width, int height, int seed)
        {
            if ((double)width * height > Grid.MaxCells)
                throw new ArgumentOutOfRangeException("width", width, "the image is too big");
            var groundAt = GroundAt(width, height, seed);
            var rgb = new byte[3 * width * height];
            for (int y = 0; y < height; y++)
                for (int x = 0; x < width; x++)
                    Array.Copy(GroundColors[(int)groundAt(x + 0.5, y + 0.5)], 0, rgb,
                               3 * (y * width + x), 3);
            var radii = new double[] { 24, 7, 4 };
            var sizes = new double[] { 5, 3, 1.5 };
            var stands = new Func<Ground, bool>[] {
                g => g != Ground.Water, g => g == Ground.Forest, g => g == Ground.Meadow,
            };
            var colors = new byte[][] {
                new byte[] { 120, 120, 128 }, new byte[] { 30, 70, 35 },
                new byte[] { 240, 220, 90 },
            };
            var grid = new Grid(width, height, radii[2] / Math.Sqrt(2));
            for (int i = 0; i < 3; i++)
            {
                var rule = stands[i];
                var layer = new Layer {
                    Radius = radii[i], K = 30, Seed = unchecked(seed + 1 + i),
                    Allowed = (x, y) => rule(groundAt(x, y)),
                };
                foreach (Disc p in Layers.PlaceLayer(grid, layer))
                    StampCircle(rgb, width, height, p.X, p.Y, sizes[i], colors[i], 1);
            }
            return rgb;
        }
    }
}
