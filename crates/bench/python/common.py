"""The bench scripts' shared helpers: the machine (CPU model, load), best-of timing and the
command line. Only the standard library, so the `bpy` venv's Python (blender_addon.py) can
import it too."""

import argparse
import os
import platform
import time


def cpu() -> str:
    """The CPU model from /proc/cpuinfo, or what platform knows."""
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def load() -> str:
    """The 1-minute load average."""
    return f"{os.getloadavg()[0]:.2f}"


def best_of(fn, repeat, before=None):
    """(best seconds, result of the last run) over `repeat` runs; `before`, when given, runs
    untimed ahead of each."""
    best, out = float("inf"), None
    for _ in range(repeat):
        if before is not None:
            before()
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def options(*required, **defaults):
    """The script's command line: `--NAME` for each of `required`, which must be given, and for
    each of `defaults` (its underscores as dashes), a number of that default's type."""
    ap = argparse.ArgumentParser()
    for name in required:
        ap.add_argument(f"--{name}", required=True)
    for name, default in defaults.items():
        ap.add_argument(f"--{name.replace('_', '-')}", type=type(default), default=default)
    return ap.parse_args()
