// Step 8: stamp each point as a disc of colour into an RGB image.
using System;

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
    }
}
