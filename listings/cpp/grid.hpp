// Step 4: the background grid, so "is anything too close?" looks at a few cells, not every point.
// Build with -ffp-contract=off (GCC, Clang) or, with MSVC, /fp:precise and neither /fp:contract
// nor /fp:fast: otherwise the compiler may fuse a * b + c into one FMA instruction, which rounds
// once where this code rounds twice. g++ 12 does so for a CPU with FMA (-march=x86-64-v3), and
// steps 6 and 7 then place a point one ulp off; the rest follows: another forest, same seed.
#pragma once

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "random.hpp"

namespace poisson {

// The most cells a grid may have (the crate's limit too): a tiny cell on a big map would
// otherwise ask for more memory than the machine has.
constexpr double kMaxCells = 33554432.0;  // 2^25

// A placed point keeps its own radius: in later steps radii differ from point to point.
struct Disc {
    double x;
    double y;
    double r;
};

class Grid {
public:
    // With cell = r / sqrt(2) a cell's diagonal is r, so two points of radius >= r never share
    // a cell and one index per cell is enough.
    // A cell of 0 or NaN would make the casts below undefined behaviour: checked first.
    Grid(double width, double height, double cell)
        : width_(checkPositive("width", width)),
          height_(checkPositive("height", height)),
          cell_(checkPositive("cell", cell)),
          cols_(checkedCount(std::ceil(width / cell), std::ceil(height / cell))),
          rows_(static_cast<int>(std::ceil(height / cell))),
          cells_(static_cast<std::size_t>(cols_) * static_cast<std::size_t>(rows_), -1) {}

    double width() const { return width_; }
    double height() const { return height_; }

    // Whether points of spacing r can share this grid: a cell must hold at most one of them.
    bool fits(double r) const { return r / std::sqrt(2.0) >= cell_; }

    // The grid keeps its own list of every point it holds: with several layers on one grid it
    // sees every layer, while each sampler keeps only its own points.
    void add(double x, double y, double r) {
        cells_[index(colOf(x), rowOf(y))] = static_cast<int>(discs_.size());
        discs_.push_back({x, y, r});
    }

    // Free when no stored point is closer than the smaller of the two radii.
    bool isFree(double x, double y, double r) const {
        const int col = colOf(x);
        const int row = rowOf(y);
        // A radius of several cells needs a wider block; reach = 2 for the usual r / sqrt(2) cell.
        const int reach = static_cast<int>(std::ceil(r / cell_));
        const int row0 = std::max(0, row - reach);
        const int row1 = std::min(rows_ - 1, row + reach);
        const int col0 = std::max(0, col - reach);
        const int col1 = std::min(cols_ - 1, col + reach);
        for (int j = row0; j <= row1; ++j) {
            for (int i = col0; i <= col1; ++i) {
                const int stored = cells_[index(i, j)];
                if (stored < 0) {
                    continue;
                }
                const Disc& p = discs_[static_cast<std::size_t>(stored)];
                const double dx = x - p.x;
                const double dy = y - p.y;
                // A small flower may stand near a big rock: the pair needs the smaller radius.
                const double m = std::min(r, p.r);
                if (dx * dx + dy * dy < m * m) {
                    return false;
                }
            }
        }
        return true;
    }

private:
    static int checkedCount(double cols, double rows) {
        if (cols * rows > kMaxCells) {
            throw std::invalid_argument("the cell is too small for this map");
        }
        return static_cast<int>(cols);
    }

    // Rounding can put x just under the width into column cols; it belongs to the last one.
    int colOf(double x) const {
        return std::min(static_cast<int>(std::floor(x / cell_)), cols_ - 1);
    }
    int rowOf(double y) const {
        return std::min(static_cast<int>(std::floor(y / cell_)), rows_ - 1);
    }
    std::size_t index(int col, int row) const {
        return static_cast<std::size_t>(row) * static_cast<std::size_t>(cols_) +
               static_cast<std::size_t>(col);
    }

    double width_;
    double height_;
    double cell_;
    int cols_;
    int rows_;
    std::vector<int> cells_;  // -1 for an empty cell, else an index into discs_
    std::vector<Disc> discs_;
};

}  // namespace poisson
