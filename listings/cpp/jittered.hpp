// Step 2: the jittered grid, one random point in every square cell.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "random.hpp"

namespace poisson {

// No holes bigger than a cell, but two neighbours can still land almost on top of each other
// across a shared edge, and the rows and columns show through.
inline std::vector<Point> jitteredGrid(double spacing, double width, double height,
                                       std::int32_t seed) {
    Rng rng(seed);
    // Only whole cells: a partial cell at the right or bottom edge gets no point.
    const int cols = static_cast<int>(std::floor(width / spacing));
    const int rows = static_cast<int>(std::floor(height / spacing));
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
