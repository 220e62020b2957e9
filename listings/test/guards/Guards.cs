// The C# listing refuses bad input with an ArgumentException (issue 33): a radius of 0 made the
// grid's size infinite and the layer loops endless. Run by listings/test/guards.sh.
using System;
using System.Collections.Generic;
using PoissonDisk;

static class Guards
{
    static int failed;

    static void Refuses(string what, Action call)
    {
        try
        {
            call();
        }
        catch (ArgumentException)
        {
            return;
        }
        catch (Exception e)
        {
            Console.Error.WriteLine("csharp guards: " + what + ": threw " + e.GetType().Name);
            failed++;
            return;
        }
        Console.Error.WriteLine("csharp guards: " + what + ": accepted");
        failed++;
    }

    static int Main()
    {
        foreach (double r in new[] { 0.0, -1.0, double.NaN, double.PositiveInfinity })
        {
            Refuses("PoissonDisk", () => Bridson.PoissonDisk(100, 100, r, 30, 1));
            Refuses("Darts.Throw", () => Darts.Throw(100, 100, r, 30, 1));
            Refuses("Jittered.Grid", () => Jittered.Grid(r, 100, 100, 1));
            Refuses("PlaceLayers", () => Layers.PlaceLayers(100, 100, new List<Layer> {
                new Layer { Radius = 5, K = 30, Seed = 1 }, new Layer { Radius = r, K = 30, Seed = 2 } }));
            Refuses("VariableRadius", () =>
                Variable.VariableRadius(100, 100, r, 10, Sparseness.LinearX, 30, 1));
        }
        Refuses("a map that is NaN wide", () => Bridson.PoissonDisk(double.NaN, 100, 5, 30, 1));
        Refuses("RandomPoints on a 0-wide map", () => Scatter.RandomPoints(10, 0, 100, 1));
        Refuses("a cell too small for the map", () => Bridson.PoissonDisk(1e9, 1e9, 1, 30, 1));
        Refuses("min above max", () =>
            Variable.VariableRadius(100, 100, 10, 5, Sparseness.LinearX, 30, 1));
        Refuses("the seed that folds to 0", () => new ParkMiller(-2147483646));
        Refuses("a patch of 0", () => Variable.Fbm(0, 4, 1));
        Refuses("a world 0 wide", () => Paint.PaintWorld(0, 10, 1));
        Refuses("a world too big", () => Paint.PaintWorld(100000, 100000, 1));
        Refuses("no octaves", () => Variable.Fbm(100, 0, 1));
        Refuses("a radius the grid cannot hold", () => new Sampler(new Grid(100, 100, 10), 10, 30, 1));
        var rgb = new byte[3 * 16];
        for (int i = 0; i < rgb.Length; i++)
            rgb[i] = 7;
        var black = new byte[] { 0, 0, 0 };
        Refuses("a NaN circle", () => Paint.StampCircle(rgb, 4, 4, double.NaN, 1, 1, black, 1));
        Refuses("opacity 2", () => Paint.StampCircle(rgb, 4, 4, 1, 1, 1, black, 2));
        Refuses("an image of the wrong size", () => Paint.StampCircle(rgb, 5, 4, 1, 1, 1, black, 1));
        foreach (byte b in rgb)
        {
            if (b != 7)
            {
                Console.Error.WriteLine("csharp guards: a refused stamp painted");
                failed++;
                break;
            }
        }
        if (Layers.PlaceLayers(100, 100, new List<Layer>()).Count != 0)
        {
            Console.Error.WriteLine("csharp guards: no layers should give no points");
            failed++;
        }
        Console.WriteLine(failed == 0 ? "csharp: guards ok" : "csharp: guards " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
