"""Exact counts, side by side in one process (scripts/bench-eliminate.sh).

Not a test: figures, printed as a markdown table with the machine's 1-minute load beside each
row. `poisson eliminate` is timed as a whole process (start, read the OBJ, eliminate, write CSV
to a file, exit); point-cloud-utils' sample_mesh_poisson_disk(v, f, num_samples=N) as the call on
arrays already in memory plus the barycentric interpolation to points. Both asked for the same
N on the same torus; each row's count, smallest pair (scipy's cKDTree) and δX, the smallest pair
over the hexagonal spacing sqrt(2A / (√3 n)) of its own n points on the surface's area A. Then
the 200 × 100 box at N 10 000: δX of all rows and of the first 1 000 (with n 1 000).

    python eliminate.py --cli target/release/poisson --obj torus.obj --work DIR
"""

import os
import subprocess
from importlib.metadata import version

import numpy as np

from common import best_of, cpu, load, options
from mesh import min_distance, read_obj

SEED = 123456


def hex_spacing(area, n):
    return (2.0 * area / (3.0 ** 0.5 * n)) ** 0.5


def ours(cli, args, csv, repeat):
    """`poisson eliminate ARGS --format csv -o CSV`, best of `repeat`; the CSV's rows."""
    run = [cli, "eliminate", *args, "--seed", str(SEED), "--format", "csv", "-o", csv]
    seconds, _ = best_of(lambda: subprocess.run(run, check=True), repeat)
    return seconds, np.loadtxt(csv, delimiter=",", skiprows=1, ndmin=2)


def pcu_sample(v, f, count, repeat):
    import point_cloud_utils as pcu

    def run():
        fi, bc = pcu.sample_mesh_poisson_disk(v, f, num_samples=count, random_seed=SEED)
        return pcu.interpolate_barycentric_coords(f, fi, bc, v)

    return best_of(run, repeat)


def main():
    a = options("cli", "obj", "work", count=15_000, repeat=3)

    v, f = read_obj(a.obj)
    tri = v[f]
    area = float(0.5 * np.linalg.norm(np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0]),
                                      axis=1).sum())
    n = a.count
    print("### Exact counts: the torus\n")
    print(f"Machine: {cpu()}, {os.cpu_count()} cores; load average before the runs: {load()}; "
          f"point-cloud-utils {version('point-cloud-utils')}, numpy {np.__version__}.\n")
    print(f"Torus of scripts/bench-mesh.sh ({len(f):,} triangles, area {area:,.0f}), N = {n:,}. "
          f"Seconds: best of {a.repeat}. Ours: the whole process `poisson eliminate --count {n} "
          f"--input torus.obj --format csv -o FILE`; pcu: `sample_mesh_poisson_disk(v, f, "
          f"num_samples={n})` on arrays in memory, then the barycentric interpolation. δX: "
          f"smallest pair ÷ sqrt(2A / (√3 n)) for the row's own n.\n")
    print("| system | points | smallest pair | δX | seconds | speed vs pcu | load |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    csv = os.path.join(a.work, "ours.csv")
    ours_s, data = ours(a.cli, ["--count", str(n), "--input", a.obj], csv, a.repeat)
    ours_load = load()
    pcu_s, pcu_points = pcu_sample(v, f, n, a.repeat)
    pcu_load = load()
    for name, pts, s, ld in [("poisson-live `poisson eliminate` (whole process)", data[:, :3],
                              ours_s, ours_load),
                             (f"point-cloud-utils {version('point-cloud-utils')}", pcu_points,
                              pcu_s, pcu_load)]:
        d = min_distance(pts)
        dx = d / hex_spacing(area, len(pts))
        print(f"| {name} | {len(pts):,} | {d:.3f} | {dx:.3f} | {s:.3f} | {pcu_s / s:.1f}× | {ld} |")
    print(f"\nTargets: exactly {n:,} points; smallest pair ≥ 0.95; ≥ 10× point-cloud-utils.\n")

    print("### Exact counts: the 200 × 100 box\n")
    print("| N | seconds (whole process) | δX, all rows | δX, first 1 000 rows | load |")
    print("|---:|---:|---:|---:|---:|")
    for count in [10_000]:
        s, box = ours(a.cli, ["--count", str(count), "--width", "200", "--height", "100"],
                      csv, a.repeat)
        dx = min_distance(box) / hex_spacing(20_000, len(box))
        first = min_distance(box[:1000]) / hex_spacing(20_000, 1000)
        print(f"| {len(box):,} | {s:.3f} | {dx:.3f} | {first:.3f} | {load()} |")
    print("\nTargets: δX ≥ 0.72, first 1 000 rows ≥ 0.6.")


if __name__ == "__main__":
    main()
