// Step 8: stamp each point as a disc of colour into an RGB image, and a small world with them:
// ground from two noise fields, then layers of objects on it.
// Build with -ffp-contract=off (GCC, Clang) or, with MSVC, /fp:precise and neither /fp:contract
// nor /fp:fast: otherwise the compiler may fuse a * b + c into one FMA instruction, which rounds
// once where this code rounds twice. g++ 12 does so for a CPU with FMA (-march=x86-64-v3), and
// steps 6 and 7 then place a point one ulp off; the rest follows: another forest, same seed.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "layers.hpp"
#include "variable.hpp"

namespace poisson {

using Rgb = std::array<std::uint8_t, 3>;

// rgb holds width * height pixels, 3 bytes each, row by row from the top left.
inline void stampCircle(std::vector<std::uint8_t>& rgb, int width, int height, double cx, double cy,
                        double radius, Rgb color, double opacity) {
    if (width < 0 || height < 0 ||
        rgb.size() != 3 * static_cast<std::size_t>(width) * static_cast<std::size_t>(height)) {
        throw std::invalid_argument("rgb must hold 3 * width * height bytes");
    }
    // A NaN would pass no test below and paint the whole image.
    if (!std::isfinite(cx) || !std::isfinite(cy) || !std::isfinite(radius)) {
        throw std::invalid_argument("the circle's centre and radius must be finite");
    }
    if (!(opacity >= 0 && opacity <= 1)) {
        throw std::invalid_argument("opacity must be between 0 and 1");
    }
    // Only the disc's bounding box, clipped to the image, is visited. The clipping is done in
    // doubles: casting a value beyond int's range would be undefined behaviour.
    const double top = std::max(0.0, std::floor(cy - radius));
    const double bottom = std::min(height - 1.0, std::floor(cy + radius));
    const double left = std::max(0.0, std::floor(cx - radius));
    const double right = std::min(width - 1.0, std::floor(cx + radius));
    if (top > bottom || left > right) {
        return;
    }
    const int y0 = static_cast<int>(top);
    const int y1 = static_cast<int>(bottom);
    const int x0 = static_cast<int>(left);
    const int x1 = static_cast<int>(right);
    for (int y = y0; y <= y1; ++y) {
        for (int x = x0; x <= x1; ++x) {
            // Measured from the pixel's centre, hence the + 0.5.
            const double dx = x + 0.5 - cx;
            const double dy = y + 0.5 - cy;
            if (dx * dx + dy * dy > radius * radius) {
                continue;
            }
            const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(width);
            const std::size_t at = 3 * (row + static_cast<std::size_t>(x));
            for (std::size_t c = 0; c < 3; ++c) {
                // Blend toward the colour, then floor, never round: C#'s Math.Round sends halves to
                // even, std::round away from zero, and the bytes must match everywhere.
                const double p = rgb[at + c];
                rgb[at + c] = static_cast<std::uint8_t>(std::floor(p + (color[c] - p) * opacity));
            }
        }
    }
}

// The kinds of ground, each with its colour.
enum class Ground { Water, Beach, Meadow, Forest };

inline Rgb groundColor(Ground g) {
    switch (g) {
        case Ground::Water: return {38, 84, 140};
        case Ground::Beach: return {222, 204, 150};
        case Ground::Meadow: return {128, 170, 80};
        case Ground::Forest: return {60, 110, 60};
    }
    return {0, 0, 0};
}

// The ground at (x, y) of a width x height island. Elevation is noise minus a bowl that is 0 at
// the centre and 0.5 at the middle of each edge, so the land stays off the map's border;
// moisture, a second noise field, splits the land into forest and meadow.
inline std::function<Ground(double, double)> groundAt(double width, double height,
                                                      std::int32_t seed) {
    const double patch = checkPositive("width", width) / 4;
    checkPositive("height", height);
    const auto elevation = fbm(patch, 4, seed);
    // Wrapping add in unsigned arithmetic: signed overflow would be undefined.
    const auto moistureSeed =
        static_cast<std::int32_t>(static_cast<std::uint32_t>(seed) + 1000u);
    const auto moisture = fbm(patch, 3, moistureSeed);
    return [=](double x, double y) {
        const double dx = (x - width / 2) / (width / 2);
        const double dy = (y - height / 2) / (height / 2);
        const double e = elevation(x, y) - 0.5 * (dx * dx + dy * dy);
        if (e < 0.25) {
            return Ground::Water;
        }
        if (e < 0.3) {
            return Ground::Beach;
        }
        return moisture(x, y) >= 0.5 ? Ground::Forest : Ground::Meadow;
    };
}

// A width x height island from one seed: the ground, then rocks on any land, trees on forest
// floor and flowers on meadow, biggest spacing first on one shared grid, each stamped as a disc
// of its own size. Returns the RGB bytes.
inline std::vector<std::uint8_t> paintWorld(int width, int height, std::int32_t seed) {
    if (width <= 0 || height <= 0 || static_cast<double>(width) * height > kMaxCells) {
        throw std::invalid_argument("the image must have a size from 1 x 1 to 2^25 pixels");
    }
    const auto ground = groundAt(width, height, seed);
    std::vector<std::uint8_t> rgb(3 * static_cast<std::size_t>(width) *
                                  static_cast<std::size_t>(height));
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            const Rgb c = groundColor(ground(x + 0.5, y + 0.5));
            const std::size_t at = 3 * (static_cast<std::size_t>(y) * width + x);
            std::copy(c.begin(), c.end(), rgb.begin() + static_cast<std::ptrdiff_t>(at));
        }
    }
    struct Kind {
        double radius;
        double size;
        std::function<bool(Ground)> stands;
        Rgb color;
    };
    const std::vector<Kind> kinds = {
        {24, 5, [](Ground g) { return g != Ground::Water; }, {120, 120, 128}},
        {7, 3, [](Ground g) { return g == Ground::Forest; }, {30, 70, 35}},
        {4, 1.5, [](Ground g) { return g == Ground::Meadow; }, {240, 220, 90}},
    };
    Grid grid(width, height, kinds.back().radius / std::sqrt(2.0));
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        const Kind& kind = kinds[i];
        const auto stands = kind.stands;
        const auto layerSeed = static_cast<std::int32_t>(static_cast<std::uint32_t>(seed) + 1u +
                                                         static_cast<std::uint32_t>(i));
        const Layer layer{kind.radius, 30, layerSeed,
                          [ground, stands](double x, double y) { return stands(ground(x, y)); }};
        for (const Disc& p : placeLayer(grid, layer)) {
            stampCircle(rgb, width, height, p.x, p.y, kind.size, kind.color, 1);
        }
    }
    return rgb;
}

}  // namespace poisson
