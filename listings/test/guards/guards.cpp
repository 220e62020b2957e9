// The C++ listing refuses bad input with std::invalid_argument (issue 33): a radius of 0 was
// undefined behaviour (a cast of an infinite cell count) and the layer loops never ended.
// Run by listings/test/guards.sh.
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <vector>

#include "bridson.hpp"
#include "darts.hpp"
#include "grid.hpp"
#include "jittered.hpp"
#include "layers.hpp"
#include "paint.hpp"
#include "random.hpp"
#include "variable.hpp"

using namespace poisson;

namespace {
int failed = 0;

template <class F>
void refuses(const char* what, F call) {
    try {
        call();
    } catch (const std::invalid_argument&) {
        return;
    } catch (...) {
        std::fprintf(stderr, "cpp guards: %s: threw something else\n", what);
        ++failed;
        return;
    }
    std::fprintf(stderr, "cpp guards: %s: accepted\n", what);
    ++failed;
}
}  // namespace

int main() {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    for (double r : {0.0, -1.0, nan, inf}) {
        refuses("poissonDisk", [r] { poissonDisk(100, 100, r, 30, 1); });
        refuses("dartThrowing", [r] { dartThrowing(100, 100, r, 30, 1); });
        refuses("jitteredGrid", [r] { jitteredGrid(r, 100, 100, 1); });
        refuses("placeLayers", [r] { placeLayers(100, 100, {Layer{5, 30, 1, {}}, Layer{r, 30, 2, {}}}); });
        refuses("variableRadius", [r] { variableRadius(100, 100, r, 10, Sparseness::LinearX, 30, 1); });
    }
    refuses("a map that is NaN wide", [nan] { poissonDisk(nan, 100, 5, 30, 1); });
    refuses("randomPoints on a 0-wide map", [] { randomPoints(10, 0, 100, 1); });
    refuses("a cell too small for the map", [] { poissonDisk(1e9, 1e9, 1, 30, 1); });
    refuses("min above max", [] { variableRadius(100, 100, 10, 5, Sparseness::LinearX, 30, 1); });
    refuses("the seed that folds to 0", [] { ParkMiller rng(-2147483646); });
    refuses("a patch of 0", [] { fbm(0, 4, 1); });
    refuses("a world 0 wide", [] { paintWorld(0, 10, 1); });
    refuses("a world too big", [] { paintWorld(100000, 100000, 1); });
    refuses("no octaves", [] { fbm(100, 0, 1); });
    refuses("a radius the grid cannot hold", [] {
        Grid grid(100, 100, 10);
        Sampler sampler(grid, 10, 30, 1);
    });
    std::vector<std::uint8_t> rgb(3 * 16, 7);
    refuses("a NaN circle", [&rgb, nan] { stampCircle(rgb, 4, 4, nan, 1, 1, Rgb{0, 0, 0}, 1); });
    refuses("opacity 2", [&rgb] { stampCircle(rgb, 4, 4, 1, 1, 1, Rgb{0, 0, 0}, 2); });
    refuses("an image of the wrong size", [&rgb] { stampCircle(rgb, 5, 4, 1, 1, 1, Rgb{0, 0, 0}, 1); });
    for (std::uint8_t b : rgb) {
        if (b != 7) {
            std::fprintf(stderr, "cpp guards: a refused stamp painted\n");
            ++failed;
            break;
        }
    }
    // Far off the image (a cast of 1e300 to int would be undefined): nothing to paint, no error.
    stampCircle(rgb, 4, 4, 1e300, 1, 1, Rgb{0, 0, 0}, 1);
    if (!placeLayers(100, 100, {}).empty()) {
        std::fprintf(stderr, "cpp guards: no layers should give no points\n");
        ++failed;
    }
    if (failed == 0) {
        std::printf("cpp: guards ok\n");
    } else {
        std::printf("cpp: guards %d failed\n", failed);
    }
    return failed == 0 ? 0 : 1;
}
