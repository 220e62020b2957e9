// Step 1: a seeded random generator, and points scattered with it.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace poisson {

struct Point {
    double x;
    double y;
};

// Park–Miller "minimal standard": tiny, and every language can reproduce it bit for bit,
// which is what lets one seed place the same forest in C++, C#, Rust and the browser.
// std::minstd_rand0 has the same multiplier, but it takes unsigned seeds and folds them its own
// way, so negative seeds would differ; written out, every step is in plain sight.
class Rng {
public:
    explicit Rng(std::int32_t seed) {
        // C++'s % keeps the dividend's sign, as C#, JS and Rust do, so the fold matches theirs.
        std::int64_t s = static_cast<std::int64_t>(seed) % kModulus;
        if (s <= 0) {
            s += kModulus - 1;
        }
        // One seed folds to 0, and 0 times anything stays 0 forever.
        if (s == 0) {
            throw std::invalid_argument(
                "seed -2147483646 cannot be used: it makes the generator stick at 0");
        }
        state_ = s;
    }

    std::int64_t next() {
        // The product needs up to 46 bits, so it must be done in 64-bit integers.
        state_ = state_ * 16807 % kModulus;
        return state_;
    }

    // A double in [0, 1): the state runs over 1..M-1, so subtract 1 and divide by M-1.
    double nextFloat() {
        return static_cast<double>(next() - 1) / static_cast<double>(kModulus - 1);
    }

private:
    static constexpr std::int64_t kModulus = 2147483647;  // 2^31 - 1, a prime
    std::int64_t state_;
};

// Pure randomness: clumps and holes, the look Poisson disk sampling is meant to fix.
inline std::vector<Point> randomPoints(int count, double width, double height, std::int32_t seed) {
    Rng rng(seed);
    std::vector<Point> points;
    points.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        // Two statements, so x is always drawn before y (the order is part of the seed's promise).
        double x = rng.nextFloat() * width;
        double y = rng.nextFloat() * height;
        points.push_back({x, y});
    }
    return points;
}

}  // namespace poisson
