"""The Python package's benchmarks, in one process, side by side (scripts/bench-python.sh).

Not a test: figures, printed as BENCHMARKS.md rows, each with the machine's load (uptime) when
it was measured. Run with the wheel, scipy, bridson, dask[distributed] and pyarrow installed:

    python bench.py --cli target/release/poisson [--skip-dask]
"""

import argparse
import os
import statistics
import subprocess
import tempfile
import time

import numpy as np

import poisson_live as pl


def load() -> str:
    """The 1-minute load average, as uptime shows it."""
    return f"{os.getloadavg()[0]:.1f}"


def timed(fn, repeat):
    """(median seconds, result of the last run) over `repeat` runs."""
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def row(what, points, seconds, note=""):
    rate = points / seconds
    print(f"| {what} | {points:,} | {seconds * 1e3:,.1f} ms | {rate / 1e6:,.3f} M/s | load {load()} {note}|",
          flush=True)
    return rate


def min_distance(points):
    """The smallest pairwise distance, by a k-d tree (scipy)."""
    from scipy.spatial import cKDTree

    d, _ = cKDTree(points).query(points, k=2)
    return d[:, 1].min()


def small_box(repeat):
    """400 × 400 at r = 2, 30 candidates: this package, scipy's PoissonDisk, bridson."""
    import bridson
    import scipy
    from scipy.stats import qmc

    print(f"\n400 × 400, r = 2, k = 30 (scipy {scipy.__version__}, bridson package)\n")
    ours_s, ours = timed(lambda: pl.poisson_disk(400, 400, 2, k=30, seed=1), repeat)
    ours_rate = row("poisson_live.poisson_disk", len(ours), ours_s)

    def scipy_fill():
        # With l_bounds/u_bounds set, scipy (1.13 and later) scales the radius with the box:
        # radius 2 is 2 in the box's units (checked below on the points themselves).
        engine = qmc.PoissonDisk(d=2, radius=2, ncandidates=30, l_bounds=[0, 0],
                                 u_bounds=[400, 400], rng=np.random.default_rng(1))
        return engine.fill_space()

    scipy_s, theirs = timed(scipy_fill, 1)
    scipy_rate = row("scipy.stats.qmc.PoissonDisk.fill_space", len(theirs), scipy_s,
                     f"(min distance {min_distance(theirs):.3f}) ")

    bridson_s, b = timed(lambda: bridson.poisson_disc_samples(width=400, height=400, r=2, k=30), 1)
    bridson_rate = row("bridson.poisson_disc_samples", len(b), bridson_s,
                       f"(min distance {min_distance(np.array(b)):.3f}) ")
    print(f"\nmin distance, ours: {min_distance(ours[:, :2]):.3f}")
    print(f"ours / scipy: {ours_rate / scipy_rate:,.0f}×   ours / bridson: {ours_rate / bridson_rate:,.0f}×")


def big_map(cli, repeat):
    """2000 × 2000 at r = 2: the Python call against the CLI's whole process."""
    print("\n2000 × 2000, r = 2, k = 30: Python call against the CLI\n")
    py_s, pts = timed(lambda: pl.poisson_disk(2000, 2000, 2, k=30, seed=123456), repeat)
    py_rate = row("poisson_live.poisson_disk (Python)", len(pts), py_s)
    args = [cli, "bridson", "-W", "2000", "-H", "2000", "-r", "2", "--format", "count"]
    cli_s, out = timed(lambda: subprocess.run(args, check=True, capture_output=True, text=True), repeat)
    n = int(out.stdout.strip())
    assert n == len(pts), (n, len(pts))
    cli_rate = row("poisson bridson --format count (whole process)", n, cli_s)
    print(f"\nPython / CLI rate: {py_rate / cli_rate:.3f}")


def dask_map(workers_list):
    """8000 × 8000 at r = 2 as Dask tasks on 1 and 2 workers of one thread each."""
    from distributed import Client, LocalCluster

    import poisson_live.dask

    print("\n8000 × 8000, r = 2: poisson_live.dask.endless on a LocalCluster\n")
    seconds = {}
    for n in workers_list:
        with LocalCluster(n_workers=n, threads_per_worker=1, dashboard_address=None) as cluster, \
                Client(cluster) as client, tempfile.TemporaryDirectory() as tmp:
            # Each worker's CPU seconds too: under load the wall time cannot show the split.
            before = client.run(time.process_time)
            t = time.perf_counter()
            parts = poisson_live.dask.endless(8000, 8000, 2.0, seed=123456, path=tmp)
            seconds[n] = time.perf_counter() - t
            after = client.run(time.process_time)
            cpu = sorted(round(after[w] - before[w], 1) for w in after)
            import pyarrow.parquet as pq

            count = sum(pq.read_metadata(p).num_rows for p in parts)
        row(f"dask, {n} worker(s), {len(parts)} tasks", count, seconds[n], f"(worker CPU s {cpu}) ")
    if 1 in seconds and 2 in seconds:
        print(f"\n2 workers / 1 worker speed-up: {seconds[1] / seconds[2]:.2f}×")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True, help="the release `poisson` binary")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--skip-dask", action="store_true")
    args = ap.parse_args()
    print(f"uptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    small_box(args.repeat)
    big_map(args.cli, args.repeat)
    if not args.skip_dask:
        dask_map([1, 2])
    print(f"\nuptime: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")


if __name__ == "__main__":
    main()
