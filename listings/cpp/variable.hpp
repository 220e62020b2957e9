// Step 6: a radius that follows a field, dense woods here and open savanna there.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "bridson.hpp"

namespace poisson {

// Two simple fields the tests pin down; a game would use noise or a painted map instead.
enum class Density { LinearX, Radial };

// t in [0, 1] for a point: 0 keeps minRadius, 1 opens up to maxRadius.
inline std::function<double(double, double)> densityField(Density density, double width,
                                                          double height) {
    if (density == Density::LinearX) {
        return [width](double x, double) { return x / width; };
    }
    const double cx = width / 2;
    const double cy = height / 2;
    // Written as sqrt(dx*dx + dy*dy), not std::hypot: hypot rounds differently, and one ulp
    // would move a tree in every other language.
    const double farthest = std::sqrt(cx * cx + cy * cy);
    return [cx, cy, farthest](double x, double y) {
        const double dx = x - cx;
        const double dy = y - cy;
        return std::min(1.0, std::sqrt(dx * dx + dy * dy) / farthest);
    };
}

inline std::vector<Disc> variableRadius(double width, double height, double minRadius,
                                        double maxRadius, Density density, int k,
                                        std::int32_t seed) {
    // The grid is built for the smallest radius: radii only grow from there, so one point per
    // cell still holds, and bigger radii just reach over more cells.
    Grid grid(width, height, minRadius / std::sqrt(2.0));
    Sampler sampler(grid, minRadius, k, seed);
    const auto t = densityField(density, width, height);
    sampler.radiusAt = [=](double x, double y) {
        return minRadius + t(x, y) * (maxRadius - minRadius);
    };
    sampler.startRandom();
    while (sampler.step()) {
    }
    return sampler.points();
}

}  // namespace poisson
