// Step 6: a radius that follows a field, dense woods here and open savanna there. The field is
// the sparseness s(x, y) in [0, 1]: 0 where the woods are densest (minRadius), 1 where they are
// most open (maxRadius). A density map d, 1 at the densest as in the lab, is the sparseness 1 - d.
// Two simple fields the tests pin down, and fractal value noise, a cousin of the lab's Perlin fBm.
// Build with -ffp-contract=off (GCC, Clang) or, with MSVC, /fp:precise and neither /fp:contract
// nor /fp:fast: otherwise the compiler may fuse a * b + c into one FMA instruction, which rounds
// once where this code rounds twice. g++ 12 does so for a CPU with FMA (-march=x86-64-v3), and
// steps 6 and 7 then place a point one ulp off; the rest follows: another forest, same seed.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "bridson.hpp"

namespace poisson {

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
    // Written as sqrt(dx*dx + dy*dy), not std::hypot: hypot may round differently, and one ulp
    // would move a tree in every other language.
    const double farthest = std::sqrt(cx * cx + cy * cy);
    return [cx, cy, farthest](double x, double y) {
        const double dx = x - cx;
        const double dy = y - cy;
        return std::min(1.0, std::sqrt(dx * dx + dy * dy) / farthest);
    };
}

// A lattice value in [0, 1) for the corner (ix, iy): an integer hash of the corner and the seed,
// in wrapping 32-bit arithmetic (uint32_t) that every language computes alike.
inline double noiseCorner(std::uint32_t seed, std::uint32_t ix, std::uint32_t iy) {
    std::uint32_t h = seed ^ (ix * 0x27d4eb2du) ^ (iy * 0x165667b1u);
    h ^= h >> 15;
    h *= 0x2c1b3c6du;
    h ^= h >> 12;
    h *= 0x297a2d39u;
    h ^= h >> 15;
    return static_cast<double>(h) / 4294967296.0;
}

// Value noise: the four corners of the unit square around (x, y), blended with the smooth step
// 3t^2 - 2t^3 so the field has no creases at the squares' edges. |x| and |y| must stay below
// 2^31: the cast of a corner's number to int32 is undefined beyond that.
inline double valueNoise(double x, double y, std::uint32_t seed) {
    const double fx = std::floor(x);
    const double fy = std::floor(y);
    const double tx = x - fx;
    const double ty = y - fy;
    const double sx = tx * tx * (3 - 2 * tx);
    const double sy = ty * ty * (3 - 2 * ty);
    const auto x0 = static_cast<std::uint32_t>(static_cast<std::int32_t>(fx));
    const auto y0 = static_cast<std::uint32_t>(static_cast<std::int32_t>(fy));
    const std::uint32_t x1 = x0 + 1u;
    const std::uint32_t y1 = y0 + 1u;
    const double top =
        noiseCorner(seed, x0, y0) + (noiseCorner(seed, x1, y0) - noiseCorner(seed, x0, y0)) * sx;
    const double bottom =
        noiseCorner(seed, x0, y1) + (noiseCorner(seed, x1, y1) - noiseCorner(seed, x0, y1)) * sx;
    return top + (bottom - top) * sy;
}

// Sparseness from fractal noise (fBm): `octaves` layers of value noise, each twice as fine and
// half as strong as the one before, averaged, so the result stays in [0, 1). `patch` is the
// side of the coarsest layer's squares, about the width of a grove or a clearing. Layer i is
// seeded with seed + i.
inline std::function<double(double, double)> fbm(double patch, int octaves, std::int32_t seed) {
    checkPositive("patch", patch);
    if (octaves < 1 || octaves > 16) {
        throw std::invalid_argument("octaves must be 1 to 16");
    }
    return [patch, octaves, seed](double x, double y) {
        double total = 0;
        double weights = 0;
        double amplitude = 1;
        double scale = 1 / patch;
        for (int octave = 0; octave < octaves; ++octave) {
            const std::uint32_t layer =
                static_cast<std::uint32_t>(seed) + static_cast<std::uint32_t>(octave);
            total += amplitude * valueNoise(x * scale, y * scale, layer);
            weights += amplitude;
            amplitude *= 0.5;
            scale *= 2;
        }
        return total / weights;
    };
}

inline std::vector<Disc> variableRadius(double width, double height, double minRadius,
                                        double maxRadius,
                                        const std::function<double(double, double)>& sparseness,
                                        int k, std::int32_t seed) {
    checkPositive("minRadius", minRadius);
    checkPositive("maxRadius", maxRadius);
    if (minRadius > maxRadius) {
        throw std::invalid_argument("minRadius must not be above maxRadius");
    }
    // The grid is built for the smallest radius: radii only grow from there, so one point per
    // cell still holds, and bigger radii just reach over more cells.
    Grid grid(width, height, minRadius / std::sqrt(2.0));
    Sampler sampler(grid, minRadius, k, seed);
    sampler.radiusAt = [=](double x, double y) {
        return std::min(maxRadius, minRadius + sparseness(x, y) * (maxRadius - minRadius));
    };
    sampler.startRandom();
    while (sampler.step()) {
    }
    return sampler.points();
}

inline std::vector<Disc> variableRadius(double width, double height, double minRadius,
                                        double maxRadius, Sparseness field, int k,
                                        std::int32_t seed) {
    return variableRadius(width, height, minRadius, maxRadius,
                          sparsenessField(field, width, height), k, seed);
}

}  // namespace poisson
