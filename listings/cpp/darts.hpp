// Step 3: dart throwing, the obvious way to keep points apart.
// Build with -ffp-contract=off (GCC, Clang) or, with MSVC, /fp:precise and neither /fp:contract
// nor /fp:fast: otherwise the compiler may fuse a * b + c into one FMA instruction, which rounds
// once where this code rounds twice. g++ 12 does so for a CPU with FMA (-march=x86-64-v3), and
// steps 6 and 7 then place a point one ulp off; the rest follows: another forest, same seed.
#pragma once

#include <cstdint>
#include <vector>

#include "random.hpp"

namespace poisson {

// Throw a dart anywhere; keep it if nothing kept is within radius. Stop after maxMisses misses
// in a row, because nobody can tell when the map is truly full.
inline std::vector<Point> dartThrowing(double width, double height, double radius, int maxMisses,
                                       std::int32_t seed) {
    // A radius of 0 would keep every dart and never miss, so the loop would never end.
    checkPositive("width", width);
    checkPositive("height", height);
    checkPositive("radius", radius);
    ParkMiller rng(seed);
    std::vector<Point> kept;
    int misses = 0;
    while (misses < maxMisses) {
        double x = rng.nextFloat() * width;
        double y = rng.nextFloat() * height;
        // Checking every kept point makes each dart slower than the last; step 4's grid fixes that.
        bool farEnough = true;
        for (const Point& p : kept) {
            double dx = x - p.x;
            double dy = y - p.y;
            // Squared distances: no sqrt needed to compare, and none to round differently.
            if (dx * dx + dy * dy < radius * radius) {
                farEnough = false;
                break;
            }
        }
        if (farEnough) {
            kept.push_back({x, y});
            misses = 0;
        } else {
            ++misses;
        }
    }
    return kept;
}

}  // namespace poisson
