"""Shared helpers for the wheel's tests: the golden directory and the CLI binary.

These tests import the installed wheel, never the source tree: scripts/test-python.sh installs
it into a fresh venv and runs pytest from there.
"""

import os
import pathlib
import subprocess

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def golden_dir() -> pathlib.Path:
    """POISSON_GOLDEN_DIR when set, else the core's copy of the cases."""
    return pathlib.Path(os.environ.get("POISSON_GOLDEN_DIR") or ROOT / "crates/core/tests/golden")


def cli() -> str:
    """The `poisson` binary: POISSON_CLI, else the debug build under target/."""
    path = os.environ.get("POISSON_CLI") or str(ROOT / "target/debug/poisson")
    if not os.access(path, os.X_OK):
        pytest.fail(f"no poisson binary at {path}: build it (cargo build -p poisson-live-cli)")
    return path


def cli_endless(width, height, radius, seed) -> np.ndarray:
    """`poisson endless ... --format csv` parsed into an (N, 2) float64 array. The CLI writes
    each number so that it reads back to the same bits, and float() rounds correctly."""
    out = subprocess.run(
        [cli(), "endless", "-W", str(width), "-H", str(height), "-r", str(radius),
         "--seed", str(seed), "--format", "csv"],
        check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    assert out[0] == "x,y"
    rows = [tuple(float(v) for v in line.split(",")) for line in out[1:]]
    return np.array(rows, dtype=np.float64).reshape(-1, 2)
