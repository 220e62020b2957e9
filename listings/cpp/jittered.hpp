// Step 2: the jittered grid, one random point in every square cell.
// Build with -ffp-contract=off (GCC, Clang) or, with MSVC, /fp:precise and neither /fp:contract
// nor /fp:fast: otherwise the compiler may fuse a * b + c into one FMA instruction, which rounds
// once where this code rounds twice. g++ 12 does so for a CPU with FMA (-march=x86-64-v3), and
// steps 6 and 7 then place a point one ulp off; the rest follows: another forest, same seed.
#pragma once

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "grid.hpp"
#include "random.hpp"

namespace poisson {

// No big holes inside the grid (an empty circle there stays under sqrt(2) cells in radius: a
// bigger one would cover a whole cell and its point), but two neighbours can still land almost
// on top of each other across a shared edge, and the rows and columns show through.
inline std::vector<Point> jitteredGrid(double spacing, double width, double height,
                                       std::int32_t seed) {
    checkPositive("spacing", spacing);
    checkPositive("width", width);
    checkPositive("height", height);
    // Only whole cells: a partial cell at the right or bottom edge gets no point.
    if (std::floor(width / spacing) * std::floor(height / spacing) > kMaxCells) {
        throw std::invalid_argument("the spacing is too small for this map");
    }
    const int cols = static_cast<int>(std::floor(width / spacing));
    const int rows = static_cast<int>(std::floor(height / spacing));
    ParkMiller rng(seed);
    std::vector<Point> points;
    for (int row = 0; row < rows; ++row) {
        for (int col = 0; col < cols; ++col) {
            double x = (col + rng.nextFloat()) * spacing;
            double y = (row + rng.nextFloat()) * spacing;
            points.push_back({x, y});
        }
    }
    return points;
}

}  // namespace poisson
