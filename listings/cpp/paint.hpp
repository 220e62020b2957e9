// Step 8: stamp each point as a disc of colour into an RGB image.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

namespace poisson {

using Rgb = std::array<std::uint8_t, 3>;

// rgb holds width * height pixels, 3 bytes each, row by row from the top left.
inline void stampCircle(std::vector<std::uint8_t>& rgb, int width, int height, double cx, double cy,
                        double radius, Rgb color, double opacity) {
    // Only the disc's bounding box, clipped to the image, is visited.
    const int y0 = static_cast<int>(std::max(0.0, std::floor(cy - radius)));
    const int y1 = static_cast<int>(std::min(height - 1.0, std::floor(cy + radius)));
    const int x0 = static_cast<int>(std::max(0.0, std::floor(cx - radius)));
    const int x1 = static_cast<int>(std::min(width - 1.0, std::floor(cx + radius)));
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
