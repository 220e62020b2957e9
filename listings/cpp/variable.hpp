// Step 6: a radius that follows a field, dense woods here and open savanna there. The field is
// the sparseness s(x, y) in [0, 1]: 0 where the woods are densest (minRadius), 1 where they are
// most open (maxRadius). A density map d, 1 at the densest as in the lab, is the sparseness 1 - d.
// Build with -ffp-contract=off (GCC, Clang) or, with MSVC, /fp:precise and neither /fp:contract
// nor /fp:fast: otherwise the compiler may fuse a * b + c into one FMA instruction, which rounds
// once where this code rounds twice, and on a CPU with FMA (-march=x86-64-v3, say) the points
// come out one ulp off and then go their own way: another forest for the same seed.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "bridson.hpp"

namespace poisson {

// Two simple fields the tests pin down; a game would use noise or a painted map instead.
enum class Sparseness { LinearX, Radial };

// LinearX grows from 0 at the left edge to 1 at the right; Radial from 0 at the centre to 1 at
// the corners.
inline std::function<double(double, double)> sparsenessField(Sparseness field, double width,
                                                             double height) {
    if (field == Sparseness::LinearX) {
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
                                        double maxRadius, Sparseness field, int k,
                                        std::int32_t seed) {
    checkPositive("minRadius", minRadius);
    checkPositive("maxRadius", maxRadius);
    if (minRadius > maxRadius) {
        throw std::invalid_argument("minRadius must not be above maxRadius");
    }
    // The grid is built for the smallest radius: radii only grow from there, so one point per
    // cell still holds, and bigger radii just reach over more cells.
    Grid grid(width, height, minRadius / std::sqrt(2.0));
    Sampler sampler(grid, minRadius, k, seed);
    const auto s = sparsenessField(field, width, height);
    sampler.radiusAt = [=](double x, double y) {
        return std::min(maxRadius, minRadius + s(x, y) * (maxRadius - minRadius));
    };
    sampler.startRandom();
    while (sampler.step()) {
    }
    return sampler.points();
}

}  // namespace poisson
