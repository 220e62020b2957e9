// Golden runner for the C# listings (the listings' runner protocol, see listings/test/golden.mjs):
// one case per stdin line, one answer per stdout line. Every f64 travels as its 16-hex-digit
// bit pattern: decimal text has not always round-tripped on .NET runtimes (Microsoft documents
// it for the "R" format on .NET Framework), and bits cannot be misread.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace PoissonDisk.Test
{
    sealed class Tokens
    {
        readonly string[] words;
        int at;

        public Tokens(string line)
        {
            words = line.Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries);
        }

        public string Word() { return words[at++]; }
        public long Integer() { return long.Parse(Word(), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture); }
        public int Seed() { return checked((int)Integer()); }
        public double F64() { return BitConverter.Int64BitsToDouble(long.Parse(Word(), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture)); }
    }

    sealed class Out
    {
        readonly StringBuilder line = new StringBuilder();

        public Out Word(string w)
        {
            if (line.Length > 0)
                line.Append(' ');
            line.Append(w);
            return this;
        }

        public Out Integer(long v) { return Word(v.ToString(CultureInfo.InvariantCulture)); }
        public Out F64(double d) { return Word(BitConverter.DoubleToInt64Bits(d).ToString("x16", CultureInfo.InvariantCulture)); }
        public Out Bool(bool b) { return Word(b ? "1" : "0"); }
        public override string ToString() { return line.ToString(); }
    }

    static class Golden
    {
        static void Xy(Out o, List<Point> points)
        {
            o.Integer(points.Count);
            foreach (Point p in points)
                o.F64(p.X).F64(p.Y);
        }

        static void Xyr(Out o, List<Disc> points)
        {
            o.Integer(points.Count);
            foreach (Disc p in points)
                o.F64(p.X).F64(p.Y).F64(p.R);
        }

        static string Run(string line)
        {
            var t = new Tokens(line);
            string kind = t.Word();
            var o = new Out();
            switch (kind)
            {
                case "random_points":
                {
                    double w = t.F64(), h = t.F64();
                    int count = (int)t.Integer();
                    Xy(o, Scatter.RandomPoints(count, w, h, t.Seed()));
                    break;
                }
                case "jittered_grid":
                {
                    double w = t.F64(), h = t.F64(), spacing = t.F64();
                    Xy(o, Jittered.Grid(spacing, w, h, t.Seed()));
                    break;
                }
                case "dart_throwing":
                {
                    double w = t.F64(), h = t.F64(), r = t.F64();
                    int misses = (int)t.Integer();
                    Xy(o, Darts.Throw(w, h, r, misses, t.Seed()));
                    break;
                }
                case "poisson_disk":
                {
                    double w = t.F64(), h = t.F64(), r = t.F64();
                    int k = (int)t.Integer();
                    Xyr(o, Bridson.PoissonDisk(w, h, r, k, t.Seed()));
                    break;
                }
                case "sampler_trace":
                    Trace(t, o);
                    break;
                case "variable_radius":
                {
                    double w = t.F64(), h = t.F64(), lo = t.F64(), hi = t.F64();
                    string name = t.Word();
                    int k = (int)t.Integer();
                    if (name != "linear_x" && name != "radial")
                        return "unknown density " + name;
                    Sparseness d = name == "radial" ? Sparseness.Radial : Sparseness.LinearX;
                    Xyr(o, Variable.VariableRadius(w, h, lo, hi, d, k, t.Seed()));
                    break;
                }
                case "variable_noise":
                {
                    double w = t.F64(), h = t.F64(), lo = t.F64(), hi = t.F64(), patch = t.F64();
                    int octaves = (int)t.Integer();
                    int k = (int)t.Integer();
                    int seed = t.Seed();
                    var field = Variable.Fbm(patch, octaves, seed);
                    Xyr(o, Variable.VariableRadius(w, h, lo, hi, field, k, seed));
                    break;
                }
                case "place_layers":
                {
                    double w = t.F64(), h = t.F64();
                    long n = t.Integer();
                    var layers = new List<Layer>();
                    for (long i = 0; i < n; i++)
                    {
                        var layer = new Layer { Radius = t.F64(), K = (int)t.Integer(), Seed = t.Seed() };
                        string mask = t.Word();
                        long nd = t.Integer();
                        var discs = new List<Disc>();
                        for (long j = 0; j < nd; j++)
                        {
                            double cx = t.F64(), cy = t.F64(), dr = t.F64();
                            discs.Add(new Disc(cx, cy, dr));
                        }
                        if (mask == "inside")
                            layer.Allowed = Layers.InsideDiscs(discs);
                        else if (mask == "outside")
                            layer.Allowed = Layers.OutsideDiscs(discs);
                        else if (mask != "none")
                            return "unknown mask " + mask;
                        layers.Add(layer);
                    }
                    var placed = Layers.PlaceLayers(w, h, layers);
                    o.Integer(placed.Count);
                    foreach (var points in placed)
                        Xyr(o, points);
                    break;
                }
                case "paint_world":
                {
                    int w = (int)t.Integer(), h = (int)t.Integer();
                    byte[] rgb = Paint.PaintWorld(w, h, t.Seed());
                    var hex = new StringBuilder(rgb.Length * 2);
                    foreach (byte b in rgb)
                        hex.Append(b.ToString("x2", CultureInfo.InvariantCulture));
                    o.Word(hex.ToString());
                    break;
                }
                case "stamp_circles":
                {
                    // Pixel counts, so decimal integers, unlike every other kind's width and height.
                    int w = (int)t.Integer(), h = (int)t.Integer();
                    var bg = new byte[3];
                    for (int c = 0; c < 3; c++)
                        bg[c] = (byte)t.Integer();
                    var rgb = new byte[w * h * 3];
                    for (int i = 0; i < rgb.Length; i++)
                        rgb[i] = bg[i % 3];
                    long n = t.Integer();
                    for (long i = 0; i < n; i++)
                    {
                        double cx = t.F64(), cy = t.F64(), radius = t.F64();
                        var color = new byte[3];
                        for (int c = 0; c < 3; c++)
                            color[c] = (byte)t.Integer();
                        Paint.StampCircle(rgb, w, h, cx, cy, radius, color, t.F64());
                    }
                    var hex = new StringBuilder(rgb.Length * 2);
                    foreach (byte b in rgb)
                        hex.Append(b.ToString("x2", CultureInfo.InvariantCulture));
                    o.Word(hex.ToString());
                    break;
                }
                default:
                    return "unknown " + kind;
            }
            return o.ToString();
        }

        // The state after each step, for the first STEPS steps or through the first that finished;
        // then the rest of the run, to count its points and the steps that did something.
        static void Trace(Tokens t, Out o)
        {
            double w = t.F64(), h = t.F64(), r = t.F64();
            int k = (int)t.Integer();
            int seed = t.Seed();
            long steps = t.Integer();
            bool hasStart = t.Integer() != 0;
            var grid = new Grid(w, h, r / Math.Sqrt(2));
            var sampler = new Sampler(grid, r, k, seed);
            if (hasStart)
            {
                double sx = t.F64(), sy = t.F64();
                sampler.TryAdd(sx, sy);
            }
            else
            {
                sampler.StartRandom();
            }
            var trace = new Out();
            long n = 0, productive = 0;
            while (n < steps)
            {
                bool more = sampler.Step();
                n++;
                if (more)
                    productive++;
                trace.Bool(more).Integer(sampler.Current).Integer(sampler.Tried.Count);
                foreach (Candidate c in sampler.Tried)
                    trace.F64(c.X).F64(c.Y).Bool(c.Accepted);
                trace.Integer(sampler.Active.Count);
                foreach (int i in sampler.Active)
                    trace.Integer(i);
                trace.Integer(sampler.Points.Count);
                if (!more)
                    break;
            }
            while (sampler.Step())
                productive++;
            o.Integer(n);
            if (n > 0)
                o.Word(trace.ToString());
            o.Integer(sampler.Points.Count).Integer(productive);
        }

        static int Main()
        {
            var stdout = new System.IO.StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
            stdout.NewLine = "\n";
            string line;
            while ((line = Console.In.ReadLine()) != null)
            {
                string answer;
                try
                {
                    answer = Run(line);
                }
                catch (Exception e)
                {
                    answer = "error " + e.Message.Replace('\n', ' ');
                }
                stdout.WriteLine(answer);
            }
            stdout.Flush();
            return 0;
        }
    }
}
