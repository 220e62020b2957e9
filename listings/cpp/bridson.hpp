// Step 5: Bridson's algorithm, one step at a time, growing outward from an active list.
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

#include "grid.hpp"
#include "random.hpp"

namespace poisson {

// What one step tried, so a picture (or a test) can replay it.
struct Candidate {
    double x;
    double y;
    bool accepted;
};

class Sampler {
public:
    // The grid is borrowed, not owned: layers share one grid between several samplers.
    // The radius must suit the grid's cells (at least cell * sqrt(2)), or two points could share
    // a cell and one would drop out of the grid unseen.
    Sampler(Grid& grid, double radius, int k, std::int32_t seed)
        : grid_(grid), radius_(checkPositive("radius", radius)), k_(k), rng_(seed) {
        if (!grid.fits(radius)) {
            throw std::invalid_argument("the radius is too small for the grid's cells");
        }
        if (k < 0) {
            throw std::invalid_argument("k must not be negative");
        }
    }

    // Optional rules for the later steps: a radius that varies over the map, and ground a
    // point may not stand on.
    std::function<double(double, double)> radiusAt;
    std::function<bool(double, double)> allowed;

    // The one place a point is checked and stored.
    bool tryAdd(double x, double y) {
        if (x < 0 || y < 0 || x >= grid_.width() || y >= grid_.height()) {
            return false;
        }
        if (allowed && !allowed(x, y)) {
            return false;
        }
        // The field may only widen the spacing, never shrink it below the grid's radius.
        const double r = radiusAt ? std::max(radius_, radiusAt(x, y)) : radius_;
        if (!grid_.isFree(x, y, r)) {
            return false;
        }
        grid_.add(x, y, r);
        active_.push_back(static_cast<int>(points_.size()));
        points_.push_back({x, y, r});
        return true;
    }

    // A random first point; where it lands hardly matters, the front grows from it.
    bool startRandom() {
        double x = rng_.nextFloat() * grid_.width();
        double y = rng_.nextFloat() * grid_.height();
        return tryAdd(x, y);
    }

    // Returns false once the active list is empty (and then changes nothing).
    bool step() {
        if (active_.empty()) {
            return false;
        }
        // pick: any point on the front may grow next, so the fill spreads evenly.
        const double n = static_cast<double>(active_.size());
        const std::size_t a = static_cast<std::size_t>(std::floor(rng_.nextFloat() * n));
        current_ = active_[a];
        tried_.clear();
        const Disc p = points_[static_cast<std::size_t>(current_)];

        for (int i = 0; i < k_; ++i) {
            // throw: draw in the square, keep only draws in the ring r..2r: simple and exact.
            double dx;
            double dy;
            do {
                dx = (rng_.nextFloat() * 4 - 2) * p.r;
                dy = (rng_.nextFloat() * 4 - 2) * p.r;
            } while (!(p.r * p.r <= dx * dx + dy * dy && dx * dx + dy * dy <= 4 * (p.r * p.r)));
            const double x = p.x + dx;
            const double y = p.y + dy;
            const bool accepted = tryAdd(x, y);
            tried_.push_back({x, y, accepted});

            // refused: off the map, on forbidden ground or too close to someone: throw again.
            if (!accepted) {
                continue;
            }

            // placed: far enough from everyone, so keep it; tryAdd already put it on the front.
            return true;
        }

        // retired: k throws all missed. Room may be left around it, unseen, but it is given up
        // on; swap-remove it in O(1).
        active_[a] = active_.back();
        active_.pop_back();
        return true;
    }

    const std::vector<Disc>& points() const { return points_; }
    const std::vector<int>& active() const { return active_; }
    const std::vector<Candidate>& tried() const { return tried_; }
    int current() const { return current_; }  // -1 before the first step
    // Layers draw their seed points from the sampler's own stream, so one seed covers both.
    ParkMiller& rng() { return rng_; }

private:
    Grid& grid_;
    double radius_;
    int k_;
    ParkMiller rng_;
    std::vector<Disc> points_;
    std::vector<int> active_;  // indices into points_ of the points that may still grow
    std::vector<Candidate> tried_;
    int current_ = -1;
};

// Bridson's one call: a grid for this radius, a random first point, then step until done.
// A step either adds a point or retires one, and every point but the first is added by a step:
// n points cost n - 1 adding steps plus n retiring ones, 2n - 1 in all.
inline std::vector<Disc> poissonDisk(double width, double height, double radius, int k,
                                     std::int32_t seed) {
    Grid grid(width, height, checkPositive("radius", radius) / std::sqrt(2.0));
    Sampler sampler(grid, radius, k, seed);
    sampler.startRandom();
    while (sampler.step()) {
    }
    return sampler.points();
}

}  // namespace poisson
