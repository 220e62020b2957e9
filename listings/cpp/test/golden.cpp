// Golden runner for the C++ listings (the listings' runner protocol, see listings/test/golden.mjs): one case per stdin line,
// one answer per stdout line. Every f64 travels as its 16-hex-digit bit pattern, so nothing is
// lost to decimal printing or parsing.
//
// Build with -ffp-contract=off: without it g++ may fuse a * b + c into one FMA instruction
// (one rounding instead of two) wherever the target has FMA, and points drift by an ulp from
// every other language (with -march=x86-64-v3, 10 of the 46 cases fail without the flag and
// none with it). On x86-64 g++ does double maths in SSE2 registers, never
// in the x87's 80-bit ones, so each operation rounds to double as the spec expects.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "../bridson.hpp"
#include "../darts.hpp"
#include "../grid.hpp"
#include "../jittered.hpp"
#include "../layers.hpp"
#include "../paint.hpp"
#include "../random.hpp"
#include "../variable.hpp"

namespace {

using namespace poisson;

class Tokens {
public:
    explicit Tokens(const std::string& line) : in_(line) {}
    std::string word() {
        std::string w;
        in_ >> w;
        return w;
    }
    long long integer() { return std::stoll(word()); }
    double f64() {
        const std::uint64_t bits = std::stoull(word(), nullptr, 16);
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return d;
    }

private:
    std::istringstream in_;
};

class Out {
public:
    Out& f64(double d) {
        std::uint64_t bits;
        std::memcpy(&bits, &d, sizeof bits);
        char buf[17];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(bits));
        return word(buf);
    }
    Out& integer(long long v) { return word(std::to_string(v)); }
    Out& word(const std::string& w) {
        if (!line_.empty()) {
            line_ += ' ';
        }
        line_ += w;
        return *this;
    }
    const std::string& line() const { return line_; }

private:
    std::string line_;
};

std::int32_t seed(Tokens& t) { return static_cast<std::int32_t>(t.integer()); }

// An image's bytes as two lowercase hex digits each, as the cases write them.
std::string hexBytes(const std::vector<std::uint8_t>& bytes) {
    std::string hex;
    char buf[3];
    for (std::uint8_t b : bytes) {
        std::snprintf(buf, sizeof buf, "%02x", b);
        hex += buf;
    }
    return hex;
}

void xy(Out& out, const std::vector<Point>& points) {
    out.integer(static_cast<long long>(points.size()));
    for (const Point& p : points) {
        out.f64(p.x).f64(p.y);
    }
}

void xyr(Out& out, const std::vector<Disc>& points) {
    out.integer(static_cast<long long>(points.size()));
    for (const Disc& p : points) {
        out.f64(p.x).f64(p.y).f64(p.r);
    }
}

std::string run(const std::string& line) {
    Tokens t(line);
    const std::string kind = t.word();
    Out out;
    if (kind == "random_points") {
        const double w = t.f64(), h = t.f64();
        const int count = static_cast<int>(t.integer());
        xy(out, randomPoints(count, w, h, seed(t)));
    } else if (kind == "jittered_grid") {
        const double w = t.f64(), h = t.f64(), spacing = t.f64();
        xy(out, jitteredGrid(spacing, w, h, seed(t)));
    } else if (kind == "dart_throwing") {
        const double w = t.f64(), h = t.f64(), r = t.f64();
        const int misses = static_cast<int>(t.integer());
        xy(out, dartThrowing(w, h, r, misses, seed(t)));
    } else if (kind == "poisson_disk") {
        const double w = t.f64(), h = t.f64(), r = t.f64();
        const int k = static_cast<int>(t.integer());
        xyr(out, poissonDisk(w, h, r, k, seed(t)));
    } else if (kind == "sampler_trace") {
        const double w = t.f64(), h = t.f64(), r = t.f64();
        const int k = static_cast<int>(t.integer());
        const std::int32_t s = seed(t);
        const long long steps = t.integer();
        const bool hasStart = t.integer() != 0;
        Grid grid(w, h, r / std::sqrt(2.0));
        Sampler sampler(grid, r, k, s);
        if (hasStart) {
            const double sx = t.f64(), sy = t.f64();
            sampler.tryAdd(sx, sy);
        } else {
            sampler.startRandom();
        }
        Out trace;
        long long n = 0;
        long long productive = 0;
        while (n < steps) {
            const bool more = sampler.step();
            ++n;
            productive += more ? 1 : 0;
            trace.integer(more ? 1 : 0).integer(sampler.current());
            trace.integer(static_cast<long long>(sampler.tried().size()));
            for (const Candidate& c : sampler.tried()) {
                trace.f64(c.x).f64(c.y).integer(c.accepted ? 1 : 0);
            }
            trace.integer(static_cast<long long>(sampler.active().size()));
            for (int i : sampler.active()) {
                trace.integer(i);
            }
            trace.integer(static_cast<long long>(sampler.points().size()));
            if (!more) {
                break;
            }
        }
        while (sampler.step()) {
            ++productive;
        }
        out.integer(n);
        if (n > 0) {
            out.word(trace.line());
        }
        out.integer(static_cast<long long>(sampler.points().size())).integer(productive);
    } else if (kind == "variable_radius") {
        const double w = t.f64(), h = t.f64(), lo = t.f64(), hi = t.f64();
        const std::string name = t.word();
        const int k = static_cast<int>(t.integer());
        if (name != "linear_x" && name != "radial") {
            return "unknown density " + name;
        }
        xyr(out, variableRadius(w, h, lo, hi, name == "radial" ? Sparseness::Radial : Sparseness::LinearX, k, seed(t)));
    } else if (kind == "variable_noise") {
        const double w = t.f64(), h = t.f64(), lo = t.f64(), hi = t.f64(), patch = t.f64();
        const int octaves = static_cast<int>(t.integer());
        const int k = static_cast<int>(t.integer());
        const std::int32_t s = seed(t);
        xyr(out, variableRadius(w, h, lo, hi, fbm(patch, octaves, s), k, s));
    } else if (kind == "place_layers") {
        const double w = t.f64(), h = t.f64();
        const long long n = t.integer();
        std::vector<Layer> layers;
        for (long long i = 0; i < n; ++i) {
            Layer layer{};
            layer.radius = t.f64();
            layer.k = static_cast<int>(t.integer());
            layer.seed = seed(t);
            const std::string mask = t.word();
            const long long nd = t.integer();
            std::vector<Disc> discs;
            for (long long j = 0; j < nd; ++j) {
                const double cx = t.f64(), cy = t.f64(), dr = t.f64();
                discs.push_back({cx, cy, dr});
            }
            if (mask == "inside") {
                layer.allowed = insideDiscs(discs);
            } else if (mask == "outside") {
                layer.allowed = outsideDiscs(discs);
            } else if (mask != "none") {
                return "unknown mask " + mask;
            }
            layers.push_back(layer);
        }
        const auto placed = placeLayers(w, h, layers);
        out.integer(static_cast<long long>(placed.size()));
        for (const auto& points : placed) {
            xyr(out, points);
        }
    } else if (kind == "paint_world") {
        const int w = static_cast<int>(t.integer());
        const int h = static_cast<int>(t.integer());
        const std::vector<std::uint8_t> rgb = paintWorld(w, h, seed(t));
        out.word(hexBytes(rgb));
    } else if (kind == "stamp_circles") {
        // Pixel counts, so decimal integers, unlike every other kind's width and height.
        const int w = static_cast<int>(t.integer());
        const int h = static_cast<int>(t.integer());
        Rgb bg{};
        for (auto& c : bg) {
            c = static_cast<std::uint8_t>(t.integer());
        }
        std::vector<std::uint8_t> rgb;
        for (int i = 0; i < w * h; ++i) {
            rgb.insert(rgb.end(), bg.begin(), bg.end());
        }
        const long long n = t.integer();
        for (long long i = 0; i < n; ++i) {
            const double cx = t.f64(), cy = t.f64(), radius = t.f64();
            Rgb color{};
            for (auto& c : color) {
                c = static_cast<std::uint8_t>(t.integer());
            }
            stampCircle(rgb, w, h, cx, cy, radius, color, t.f64());
        }
        out.word(hexBytes(rgb));
    } else {
        return "unknown " + kind;
    }
    return out.line();
}

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    std::string line;
    while (std::getline(std::cin, line)) {
        std::string answer;
        try {
            answer = run(line);
        } catch (const std::exception& e) {
            answer = std::string("error ") + e.what();
        }
        std::cout << answer << '\n';
    }
    return 0;
}
