// Step 8: stamp each point as a disc of colour into an RGB image.
// Build with -ffp-contract=off (GCC, Clang) or, with MSVC, /fp:precise and neither /fp:contract
// nor /fp:fast: otherwise the compiler may fuse a * b + c into one FMA instruction, which rounds
// once where this code rounds twice, and on a CPU with FMA (-march=x86-64-v3, say) the points
// come out one ulp off and then go their own way: another forest for the same seed.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <vector>

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

}  // namespace poisson
