"""Mesh sampling, side by side in one process (scripts/bench-mesh.sh).

Not a test: figures, printed as a markdown table with the machine's 1-minute load beside each
row. `poisson mesh` is timed as a whole process (start, read the OBJ, sample, write CSV to a
file, exit); point-cloud-utils' sample_mesh_poisson_disk as the call on arrays already in memory
(plus the barycentric interpolation that turns its answer into points). Every system's points
are then measured alike: the smallest distance between two of them (scipy's cKDTree) and the
coverage, the fraction of the surface within r of a point, from 200 000 area-weighted uniform
random points on the triangles (numpy, fixed seed). Run with numpy, scipy and point-cloud-utils
installed:

    python mesh.py --cli target/release/poisson --obj torus.obj --radius 1 --work DIR [--trimesh]
        [--blender PYTHON --anchor blender_scatter.py]

With --blender (a Python with `bpy` 4.5.4 and numpy) the anchor script times Blender's own
Distribute Points on Faces (Poisson Disk) at Density Max 20 and 40 (node evaluation only, best of
3) and writes its points, measured like the others. Ours also gets its CPU seconds (user +
system of the best run), which a loaded machine inflates less than the wall clock.
"""

import argparse
import os
import resource
import subprocess
from importlib.metadata import version

import numpy as np
from scipy.spatial import cKDTree

from common import best_of, cpu, load

SEED = 123456


def read_obj(path):
    """Vertices (n, 3) and 0-based triangles (m, 3) from `v x y z` and `f a b c` lines."""
    v, f = [], []
    with open(path) as obj:
        for line in obj:
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "v":
                v.append([float(x) for x in parts[1:4]])
            elif parts[0] == "f":
                # `f a/t/n …` keeps the vertex number before the first slash.
                f.append([int(x.split("/")[0]) - 1 for x in parts[1:4]])
    return np.array(v, dtype=np.float64), np.array(f, dtype=np.int64)


def surface_points(v, f, count, seed):
    """`count` points uniform on the surface: a triangle chosen by area, then uniform in it."""
    a, b, c = v[f[:, 0]], v[f[:, 1]], v[f[:, 2]]
    area = 0.5 * np.linalg.norm(np.cross(b - a, c - a), axis=1)
    rng = np.random.default_rng(seed)
    tri = rng.choice(len(f), size=count, p=area / area.sum())
    s = np.sqrt(rng.random(count))[:, None]
    t = rng.random(count)[:, None]
    return (1 - s) * a[tri] + s * (1 - t) * b[tri] + s * t * c[tri], area.sum()


def min_distance(points):
    """The smallest distance between two of the points."""
    if len(points) < 2:
        return float("inf")
    d, _ = cKDTree(points).query(points, k=2)
    return float(d[:, 1].min())


def coverage(points, probes, radius):
    """The fraction of the probe points within `radius` of one of `points`."""
    if len(points) == 0:
        return 0.0
    d, _ = cKDTree(points).query(probes, k=1, distance_upper_bound=radius * (1 + 1e-9))
    return float(np.mean(d <= radius))


def ours(cli, obj, radius, work, repeat, method="bridson"):
    """`poisson mesh … --method METHOD --format csv -o FILE` as a whole process: best wall
    seconds, best CPU seconds (user + system), its points and their triangles from the CSV."""
    csv = os.path.join(work, f"ours-{method}.csv")
    args = [cli, "mesh", "--input", obj, "--radius", f"{radius:g}", "--method", method,
            "--format", "csv", "-o", csv]
    cpu = []

    def run():
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(args, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)

    seconds, _ = best_of(run, repeat)
    with open(csv) as f:
        header = f.readline().strip()
    assert header == "x,y,z,face,u,v", header
    data = np.loadtxt(csv, delimiter=",", skiprows=1, ndmin=2)
    return seconds, min(cpu), data[:, :3], data[:, 3].astype(np.int64)


def blender_sample(python, anchor, obj, radius, density_max, work):
    """Blender's Distribute Points on Faces through the anchor script: (best seconds of its
    node evaluation, its points)."""
    out = os.path.join(work, f"blender-{density_max:g}.npy")
    run = subprocess.run([python, anchor, obj, f"{radius:g}", f"{density_max:g}", "0", out],
                         check=True, capture_output=True, text=True)
    line = next(l for l in run.stdout.splitlines() if l.startswith("blender points"))
    seconds = float(line.split()[-1])
    return seconds, np.load(out).reshape(-1, 3)


def pcu_sample(v, f, radius, repeat):
    """point-cloud-utils' sample_mesh_poisson_disk at `radius`, as many samples as fit."""
    import point_cloud_utils as pcu

    def run():
        # num_samples <= 0: the radius decides how many (its docstring); the other settings
        # are its defaults (geodesic distance, best-choice pruning, 40× oversampling).
        fi, bc = pcu.sample_mesh_poisson_disk(v, f, num_samples=-1, radius=radius,
                                              random_seed=SEED)
        return pcu.interpolate_barycentric_coords(f, fi, bc, v)

    return best_of(run, repeat)


def trimesh_sample(v, f, radius, count, repeat):
    """trimesh's sample_surface_even, asked for `count` points at `radius`."""
    import logging

    import trimesh

    # It draws 3 × count random points and, for each pair closer than the radius, drops the
    # one in more such pairs; it logs a warning when fewer than `count` remain, as they do here.
    logging.getLogger("trimesh").setLevel(logging.ERROR)
    mesh = trimesh.Trimesh(vertices=v, faces=f, process=False)

    def run():
        points, _ = trimesh.sample.sample_surface_even(mesh, count, radius=radius, seed=SEED)
        return np.asarray(points)

    return best_of(run, repeat)


def off_face(points, faces, v, f):
    """The largest distance of a point from the plane of the triangle it names."""
    if len(points) == 0:
        return 0.0
    if faces.min() < 0 or faces.max() >= len(f):
        return float("inf")
    a, b, c = v[f[faces, 0]], v[f[faces, 1]], v[f[faces, 2]]
    n = np.cross(b - a, c - a)
    n /= np.linalg.norm(n, axis=1)[:, None]
    return float(np.abs(np.sum((points - a) * n, axis=1)).max())


def torus_distance(points, major=40.0, minor=15.0):
    """The largest distance of the points from the smooth torus the mesh approximates."""
    rho = np.hypot(points[:, 0], points[:, 1])
    return float(np.abs(np.hypot(rho - major, points[:, 2]) - minor).max())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True, help="the release `poisson` binary")
    ap.add_argument("--obj", required=True, help="the mesh, an OBJ of triangles")
    ap.add_argument("--radius", type=float, default=1.0)
    ap.add_argument("--work", required=True, help="a folder for ours' CSV")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--probes", type=int, default=200_000)
    ap.add_argument("--trimesh", action="store_true", help="add trimesh's sample_surface_even")
    ap.add_argument("--blender", help="a Python with bpy 4.5.4 and numpy, for Blender's rows")
    ap.add_argument("--anchor", help="the Blender anchor script, blender_scatter.py")
    args = ap.parse_args()
    r = args.radius

    v, f = read_obj(args.obj)
    probes, area = surface_points(v, f, args.probes, SEED)
    pcu_version = version("point-cloud-utils")
    print("### Mesh sampling: a torus\n")
    print(f"Machine: {cpu()}, {os.cpu_count()} cores; load average before the runs: {load()}; "
          f"point-cloud-utils {pcu_version}, numpy {np.__version__}, scipy {version('scipy')}.\n")
    print(f"Torus, major radius 40, minor radius 15: {len(v):,} vertices, {len(f):,} triangles, "
          f"area {area:,.0f}; r = {r:g}. Seconds: best of {args.repeat}. Ours is the whole "
          f"process `poisson mesh --input torus.obj --radius {r:g} --format csv -o FILE` (start, "
          f"read, sample, write, exit); point-cloud-utils is the call on arrays in memory, "
          f"`sample_mesh_poisson_disk(v, f, num_samples=-1, radius={r:g})` with its other "
          f"defaults, then the barycentric interpolation to points. Min pair distance: "
          f"Euclidean. Coverage: the fraction of {args.probes:,} uniform random points on the "
          f"surface (area-weighted, seed {SEED}) within r of a sample. \"pcu\" = "
          f"point-cloud-utils; speed vs pcu = its seconds ÷ the row's. Load: the 1-minute "
          f"average after the row's runs.\n")

    rows = []
    seconds, cpu_bridson, points, faces = ours(args.cli, args.obj, r, args.work, args.repeat)
    own_face = off_face(points, faces, v, f)
    rows.append(("poisson-live `poisson mesh` (ours, whole process)", points, seconds, load()))
    seconds, points = pcu_sample(v, f, r, args.repeat)
    rows.append((f"point-cloud-utils {pcu_version} sample_mesh_poisson_disk", points, seconds,
                 load()))
    seconds, cpu_fast, points, faces = ours(args.cli, args.obj, r, args.work, args.repeat, "fast")
    own_face = max(own_face, off_face(points, faces, v, f))
    rows.append(("poisson-live `poisson mesh --method fast` (ours, whole process)", points,
                 seconds, load()))
    if args.blender:
        for dm in (20, 40):
            seconds, points = blender_sample(args.blender, args.anchor, args.obj, r, dm,
                                             args.work)
            rows.append((f"Blender 4.5.4 Distribute Points on Faces, Density Max {dm}", points,
                         seconds, load()))
    if args.trimesh:
        # Asked for as many points as point-cloud-utils found room for: more draws only make
        # its pruning drop more.
        count = len(points)
        seconds, points = trimesh_sample(v, f, r, count, args.repeat)
        rows.append((f"trimesh {version('trimesh')} sample_surface_even (count {count:,})",
                     points, seconds, load()))

    stats = [(name, len(points), seconds, min_distance(points), coverage(points, probes, r),
              torus_distance(points), at) for name, points, seconds, at in rows]
    pcu_n, pcu_s = stats[1][1], stats[1][2]
    print("| system | points | points per r² | seconds | points ÷ pcu | speed vs pcu | "
          "min pair distance | coverage | load (1 min) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, n, seconds, gap, cover, _, at in stats:
        print(f"| {name} | {n:,} | {n * r * r / area:.3f} | {seconds:.3f} | {n / pcu_n:.3f} | "
              f"{pcu_s / seconds:.2f}× | {gap:.4f} | {cover * 100:.2f} % | {at} |")

    off = "; ".join(f"{name.split(' ')[0]} {far:.4f}" for name, _, _, _, _, far, _ in stats)
    print(f"\nFarthest point from the smooth torus (the flat triangles lie up to about 0.022 "
          f"inside it): {off}. Ours' farthest from the plane of the triangle its face column "
          f"names: {own_face:.2e}.")

    def verdict(ok):
        return "met" if ok else "missed"

    _, n, seconds, gap, cover, _, _ = stats[0]
    count, speed = n / pcu_n, pcu_s / seconds
    print("\nTargets (ours):\n")
    print(f"- {count:.3f}× point-cloud-utils' points (target ≥ 0.95: {verdict(count >= 0.95)})")
    print(f"- coverage {cover * 100:.2f} % (target ≥ 97 %: {verdict(cover >= 0.97)})")
    print(f"- {speed:.2f}× point-cloud-utils' speed (target ≥ 10: {verdict(speed >= 10)})")
    spacing = "kept" if gap >= r - 1e-9 else "BROKEN"
    print(f"- spacing: smallest pair distance {gap:.6f} for r = {r:g} ({spacing})")
    print(f"- CPU seconds (user + system, best run) of the whole process: bridson "
          f"{cpu_bridson:.3f}, fast {cpu_fast:.3f}")

    _, n, fast_s, gap, cover, _, _ = stats[2]
    per_r2 = n * r * r / area
    spacing = "kept" if gap >= r - 1e-9 else "BROKEN"
    print("\nTargets of `--method fast` (issue 34):\n")
    print(f"- {per_r2:.3f} points per r² (target ≥ 0.70: {verdict(per_r2 >= 0.70)})")
    print(f"- coverage {cover * 100:.3f} % (target ≥ 99.9 %: {verdict(cover >= 0.999)})")
    print(f"- smallest pair distance {gap:.6f} for r = {r:g} ({spacing})")
    if args.blender:
        for name, _, seconds, _, _, _, _ in stats[3:5]:
            print(f"- whole process {fast_s:.3f} s against {name}: {seconds:.3f} s = "
                  f"{seconds / fast_s:.2f}× (wall clock, both)")
        dm20 = stats[3][2]
        print(f"- ≥ 10× Blender at Density Max 20 (≥ 8× loaded): {dm20 / fast_s:.2f}× "
              f"({verdict(dm20 / fast_s >= 10)})")
    print(f"\nLoad average after the runs: {load()}")

if __name__ == "__main__":
    main()
