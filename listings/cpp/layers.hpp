// Step 7: layers (rocks, trees, flowers) on one shared grid, each with its own ground rule.
// Build with -ffp-contract=off (GCC, Clang) or, with MSVC, /fp:precise and neither /fp:contract
// nor /fp:fast: otherwise the compiler may fuse a * b + c into one FMA instruction, which rounds
// once where this code rounds twice. g++ 12 does so for a CPU with FMA (-march=x86-64-v3), and
// steps 6 and 7 then place a point one ulp off; the rest follows: another forest, same seed.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "bridson.hpp"

namespace poisson {

using GroundRule = std::function<bool(double, double)>;

// Strictly inside one of the discs: a point exactly on an edge counts as outside.
inline bool insideAny(const std::vector<Disc>& discs, double x, double y) {
    for (const Disc& d : discs) {
        const double dx = x - d.x;
        const double dy = y - d.y;
        if (dx * dx + dy * dy < d.r * d.r) {
            return true;
        }
    }
    return false;
}

inline GroundRule insideDiscs(std::vector<Disc> discs) {
    return [discs](double x, double y) { return insideAny(discs, x, y); };
}

inline GroundRule outsideDiscs(std::vector<Disc> discs) {
    return [discs](double x, double y) { return !insideAny(discs, x, y); };
}

struct Layer {
    double radius;
    int k;
    std::int32_t seed;
    GroundRule allowed;  // empty: anywhere
};

// One random start cannot reach ground cut off by a mask, so every 2r block gets up to k tries
// at a seed point, then Bridson grows from all of them.
inline std::vector<Disc> placeLayer(Grid& grid, const Layer& layer) {
    // The Sampler checks the radius: a spacing of 0 or NaN would never move the loops on.
    Sampler sampler(grid, layer.radius, layer.k, layer.seed);
    sampler.allowed = layer.allowed;
    const double w = grid.width();
    const double h = grid.height();
    const double spacing = 2 * layer.radius;
    for (double y = 0; y < h; y += spacing) {
        for (double x = 0; x < w; x += spacing) {
            for (int i = 0; i < layer.k; ++i) {
                // The last block of a row or column is cut short by the map's edge.
                double sx = x + sampler.rng().nextFloat() * std::min(spacing, w - x);
                double sy = y + sampler.rng().nextFloat() * std::min(spacing, h - y);
                if (sampler.tryAdd(sx, sy)) {
                    break;
                }
            }
        }
    }
    while (sampler.step()) {
    }
    return sampler.points();
}

// The grid's cell fits the smallest radius, and every layer checks against every earlier
// layer's points through it. Put the biggest radius first: small things fill in around big ones.
inline std::vector<std::vector<Disc>> placeLayers(double width, double height,
                                                  const std::vector<Layer>& layers) {
    std::vector<std::vector<Disc>> placed;
    if (layers.empty()) {
        return placed;
    }
    double smallest = std::numeric_limits<double>::infinity();
    for (const Layer& layer : layers) {
        smallest = std::min(smallest, layer.radius);
    }
    Grid grid(width, height, checkPositive("every layer's radius", smallest) / std::sqrt(2.0));
    for (const Layer& layer : layers) {
        placed.push_back(placeLayer(grid, layer));
    }
    return placed;
}

}  // namespace poisson
