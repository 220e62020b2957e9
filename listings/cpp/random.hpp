// Step 1: a seeded random generator, and points scattered with it.
// Build with -ffp-contract=off (GCC, Clang) or, with MSVC, /fp:precise and neither /fp:contract
// nor /fp:fast: otherwise the compiler may fuse a * b + c into one FMA instruction, which rounds
// once where this code rounds twice. g++ 12 does so for a CPU with FMA (-march=x86-64-v3), and
// steps 6 and 7 then place a point one ulp off; the rest follows: another forest, same seed.
#pragma once

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace poisson {

struct Point {
    double x;
    double y;
};

// A size the steps accept: a finite number above 0 (!(value > 0) also catches NaN).
inline double checkPositive(const char* name, double value) {
    if (!(value > 0) || !std::isfinite(value)) {
        throw std::invalid_argument(std::string(name) + " must be a finite number above 0");
    }
    return value;
}

// Park–Miller "minimal standard": tiny, and every language can reproduce it bit for bit,
// which is what lets one seed place the same forest in C++, C#, Rust and the browser.
// std::minstd_rand0 has the same multiplier, but it takes unsigned seeds and folds them its own
// way, so negative seeds would differ; written out, every step is in plain sight.
class ParkMiller {
public:
    explicit ParkMiller(std::int32_t seed) {
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
        state_ = state_ * kMultiplier % kModulus;
        return state_;
    }

    // A double in [0, 1): the state runs over 1..M-1, so subtract 1 and divide by M-1.
    double nextFloat() {
        return static_cast<double>(next() - 1) / static_cast<double>(kModulus - 1);
    }

private:
    static constexpr std::int64_t kModulus = 2147483647;  // 2^31 - 1, a prime
    // 16807 = 7^5 is a primitive root modulo 2^31 - 1: its powers run through every state
    // 1..M-1 before repeating, so any nonzero start lies on the one cycle of length M - 1.
    static constexpr std::int64_t kMultiplier = 16807;
    std::int64_t state_;
};

// Pure randomness: clumps and holes, the look Poisson disk sampling is meant to fix.
inline std::vector<Point> randomPoints(int count, double width, double height, std::int32_t seed) {
    if (count < 0) {
        throw std::invalid_argument("count must not be negative");
    }
    checkPositive("width", width);
    checkPositive("height", height);
    ParkMiller rng(seed);
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
