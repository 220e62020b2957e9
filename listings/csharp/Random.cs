// Step 1: a seeded random generator, and points scattered with it.
using System;
using System.Collections.Generic;

namespace PoissonDisk
{
    // Every coordinate is a double, not Unity's float: the same seed gives the same forest in
    // every language only if each step rounds to the same 64-bit value. Convert when you place.
    public struct Point
    {
        public double X;
        public double Y;

        public Point(double x, double y)
        {
            X = x;
            Y = y;
        }
    }

    // Park–Miller "minimal standard": tiny, and every language can reproduce it bit for bit.
    // System.Random and UnityEngine.Random cannot promise that across runtimes and versions.
    public sealed class ParkMiller
    {
        const long Modulus = 2147483647; // 2^31 - 1, a prime
        // 16807 = 7^5 is a primitive root modulo 2^31 - 1: its powers run through every state
        // 1..M-1 before repeating, so any nonzero start lies on the one cycle of length M - 1.
        const long Multiplier = 16807;
        long state;

        public ParkMiller(int seed)
        {
            // C#'s % keeps the dividend's sign, as C++, JS and Rust do, so the fold matches theirs.
            long s = seed % Modulus;
            if (s <= 0)
                s += Modulus - 1;
            // One seed folds to 0, and 0 times anything stays 0 forever.
            if (s == 0)
                throw new ArgumentException(
                    "seed -2147483646 cannot be used: it makes the generator stick at 0");
            state = s;
        }

        public long Next()
        {
            // The product needs up to 46 bits, so it is done in long, never int.
            state = state * Multiplier % Modulus;
            return state;
        }

        // A double in [0, 1): the state runs over 1..M-1, so subtract 1 and divide by M-1.
        public double NextFloat()
        {
            return (Next() - 1) / (double)(Modulus - 1);
        }
    }

    public static class Scatter
    {
        // A size the steps accept: a finite number above 0 (!(value > 0) also catches NaN).
        public static double CheckPositive(string name, double value)
        {
            if (!(value > 0) || double.IsInfinity(value))
                throw new ArgumentOutOfRangeException(
                    name, value, name + " must be a finite number above 0");
            return value;
        }

        // Pure randomness: clumps and holes, the look Poisson disk sampling is meant to fix.
        public static List<Point> RandomPoints(int count, double width, double height, int seed)
        {
            if (count < 0)
                throw new ArgumentOutOfRangeException("count", count, "count must not be negative");
            CheckPositive("width", width);
            CheckPositive("height", height);
            var rng = new ParkMiller(seed);
            var points = new List<Point>(count);
            for (int i = 0; i < count; i++)
            {
                // x is drawn before y: the order of draws is part of the seed's promise.
                double x = rng.NextFloat() * width;
                double y = rng.NextFloat() * height;
                points.Add(new Point(x, y));
            }
            return points;
        }
    }
}
