"""Relaxation, side by side in one process (scripts/bench-relax.sh).

Not a test: figures, printed as a markdown table with the machine's 1-minute load beside each
row. `poisson relax` is timed as a whole process (start, read the CSV, relax, write CSV to a
file, exit), best of `--repeat`; point-cloud-utils' lloyd_2d and scipy's Lloyd as the calls on
arrays in memory. Every system's points are measured alike: δX and mean δX (the smallest and
the mean nearest-neighbour distance over the hexagonal packing distance sqrt(2A / (√3 N)),
scipy's cKDTree; on the torus with boxsize). Run with numpy, scipy and point-cloud-utils
installed:

    python relax.py --cli target/release/poisson --work DIR
"""

import os
import subprocess
from importlib.metadata import version

import numpy as np
from scipy.spatial import cKDTree

from common import best_of, cpu, load, options

SEED = 123456


def figures(points, wrap):
    """(δX, mean δX) of points on the unit square (a torus when `wrap`)."""
    n = len(points)
    tree = cKDTree(np.mod(points, 1.0) if wrap else points, boxsize=1.0 if wrap else None)
    d, _ = tree.query(np.mod(points, 1.0) if wrap else points, k=2)
    hex_d = np.sqrt(2.0 / (np.sqrt(3.0) * n))
    return d[:, 1].min() / hex_d, d[:, 1].mean() / hex_d


def write_csv(path, points):
    np.savetxt(path, points, delimiter=",", header="x,y", comments="", fmt="%.17g")


def read_csv(path):
    return np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)


def ours(cli, source, out, method, iterations, wrap):
    """`poisson relax` as a process; returns its points."""
    args = [cli, "relax", "-i", source, "-W", "1", "-H", "1", "-m", method,
            "-n", str(iterations), "-o", out]
    if wrap:
        args.append("--wrap")
    subprocess.run(args, check=True)
    return read_csv(out)


def main():
    a = options("cli", "work", repeat=3)
    import point_cloud_utils as pcu
    from scipy.stats import _qmc

    rng = np.random.default_rng(SEED)
    print(f"CPU: {cpu()}, {os.cpu_count()} logical cores; point-cloud-utils "
          f"{version('point-cloud-utils')}, scipy {version('scipy')}, numpy {version('numpy')}")
    print()
    print("| case | system | points | seconds | ratio | δX | mean δX | load |")
    print("|---|---|---|---|---|---|---|---|")

    def relaxed(n, method, iterations, wrap):
        """n white-noise points (the next draw), written as the work folder's noiseNk.csv, and
        `poisson relax` on them, best of --repeat: (start, its CSV, seconds, the moved points)."""
        start = rng.random((n, 2))
        source = os.path.join(a.work, f"noise{n // 1000}k.csv")
        write_csv(source, start)
        out = os.path.join(a.work, f"{method}{n // 1000}k.csv")
        seconds, moved = best_of(lambda: ours(a.cli, source, out, method, iterations, wrap),
                                 a.repeat)
        return start, source, seconds, moved

    def row(case, system, n, secs, ratio, pts, wrap):
        dx, mdx = figures(pts, wrap)
        print(f"| {case} | {system} | {n} | {secs:.3f} | {ratio} | {dx:.3f} | {mdx:.3f} | {load()} |",
              flush=True)

    # Lloyd, 100 000 points, 10 iterations, on the unit square.
    n = 100_000
    _, _, t_ours, p_ours = relaxed(n, "lloyd", 10, False)
    t_pcu, p_pcu = best_of(lambda: pcu.lloyd_2d(n, num_lloyd=10, num_newton=0), 2)
    case = "Lloyd, 10 iterations, plane"
    row(case, "`poisson relax` (process)", n, t_ours, f"{t_pcu / t_ours:.1f}× pcu", p_ours, False)
    row(case, "point-cloud-utils `lloyd_2d`", n, t_pcu, "1", np.asarray(p_pcu), False)

    # Lloyd, 10 000 points, 10 iterations: scipy's Lloyd (scipy.stats.qmc's PoissonDisk
    # optimization="lloyd" calls the same function).
    n = 10_000
    start, _, t_ours, p_ours = relaxed(n, "lloyd", 10, False)
    t_sci, p_sci = best_of(
        lambda: _qmc._lloyd_centroidal_voronoi_tessellation(start, maxiter=10), 1)
    case = "Lloyd, 10 iterations, plane"
    row(case, "`poisson relax` (process)", n, t_ours, f"{t_sci / t_ours:.0f}× scipy", p_ours, False)
    row(case, "scipy `_lloyd_centroidal_voronoi_tessellation`", n, t_sci, "1", p_sci, False)

    # FPO, 1 024 white-noise points on the unit torus, 64 iterations in one run; then the same
    # start an iteration per run, to see δX after each.
    n = 1024
    start, source, t_ours, p_ours = relaxed(n, "fpo", 64, True)
    row("FPO, 64 iterations, torus", "`poisson relax` (process)", n, t_ours, "", p_ours, True)
    steps, here = [figures(start, True)[0]], source
    for i in range(64):
        step = os.path.join(a.work, f"fpo-step{i % 2}.csv")
        pts = ours(a.cli, here, step, "fpo", 1, True)
        steps.append(figures(pts, True)[0])
        here = os.path.join(a.work, f"fpo-here{i % 2}.csv")
        os.replace(step, here)
    never_lower = all(b >= x for x, b in zip(steps, steps[1:]))
    shown = ", ".join(f"{steps[k]:.3f}" for k in (1, 2, 8, 16, 32, 63, 64))
    print()
    print(f"FPO an iteration per run, δX after 1, 2, 8, 16, 32, 63, 64 iterations: {shown}; "
          f"never lower after an iteration than before: {'yes' if never_lower else 'NO'}")
    print()
    print("Targets: Lloyd 100 000 points ≥ 10× point-cloud-utils with mean δX ≥ 0.9; "
          "≥ 200× scipy on 10 000 points; FPO δX ≥ 0.925 after 64 iterations, never lower.")


if __name__ == "__main__":
    main()
