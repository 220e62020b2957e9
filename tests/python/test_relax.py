"""relax and measure: `poisson relax`'s points to the bit and `poisson measure`'s figures, on
numpy points (float32 and integer arrays converted); bad input refused in words."""

import json
import subprocess

import numpy as np
import pytest

import poisson_live as pl
from conftest import cli


def write_csv(path, points):
    path.write_text("x,y\n" + "".join(f"{x!r},{y!r}\n" for x, y in points.tolist()))


def cli_relax(path, width, height, method, iterations, wrap):
    out = subprocess.run(
        [cli(), "relax", "-i", str(path), "-W", str(width), "-H", str(height), "-m", method,
         "-n", str(iterations), *(["--wrap"] if wrap else [])],
        check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    assert out[0] == "x,y"
    return np.array([[float(v) for v in l.split(",")] for l in out[1:]]).reshape(-1, 2)


@pytest.mark.parametrize("method, iterations, wrap", [
    ("lloyd", 3, False), ("lloyd", 2, True), ("fpo", 2, False), ("fpo", 3, True), ("lloyd", 0, False),
])
def test_relax_is_the_cli(tmp_path, method, iterations, wrap):
    start = pl.random_points(300, 200, 150, seed=11)
    write_csv(tmp_path / "in.csv", start)
    got = pl.relax(start, 200, 150, method=method, iterations=iterations, wrap=wrap)
    assert got.dtype == np.float64 and got.shape == start.shape
    assert np.array_equal(got, cli_relax(tmp_path / "in.csv", 200, 150, method, iterations, wrap))
    if iterations and method == "fpo":
        assert pl.measure(got, 200, 150, wrap=wrap)["min_distance"] >= \
            pl.measure(start, 200, 150, wrap=wrap)["min_distance"]


@pytest.mark.parametrize("wrap", [False, True])
def test_measure_is_the_cli(tmp_path, wrap):
    pts = pl.poisson_disk(200, 150, 9, seed=4)
    write_csv(tmp_path / "in.csv", pts[:, :2])
    out = subprocess.run([cli(), "measure", "-i", str(tmp_path / "in.csv"), "-W", "200", "-H", "150",
                          *(["--wrap"] if wrap else [])], check=True, capture_output=True, text=True)
    want = json.loads(out.stdout)
    got = pl.measure(pts, 200, 150, wrap=wrap)  # (N, 3): the radius column is left out
    for key in ["points", "min_distance", "mean_distance", "delta_x", "mean_delta_x", "per_r2",
                "hexagonal_distance"]:
        assert got[key] == want[key], key
    assert isinstance(got["points"], int) and got["points"] == len(pts)
    # On the plane the spacing holds; on the torus points at opposite edges meet.
    assert (got["min_distance"] >= 9) != wrap


def test_float32_and_integer_points_are_converted():
    grid = np.array([[x, y] for x in range(1, 20, 3) for y in range(1, 20, 4)], dtype=np.int32)
    as_float = grid.astype(np.float64)
    assert np.array_equal(pl.relax(grid, 20, 20, method="lloyd", iterations=1),
                          pl.relax(as_float, 20, 20, method="lloyd", iterations=1))
    assert pl.measure(grid.astype(np.float32), 20, 20) == pl.measure(as_float, 20, 20)


@pytest.mark.parametrize("call, error, message", [
    (lambda: pl.relax(np.array([[1.0, 1.0]]), 10, 10, method="smooth", iterations=1), ValueError, "method"),
    (lambda: pl.relax(np.array([[1.0, 1.0]]), 10, 10, method="lloyd", iterations=-1), ValueError, "iterations"),
    (lambda: pl.relax(np.array([[11.0, 1.0]]), 10, 10, method="lloyd", iterations=1), ValueError, "point 0"),
    (lambda: pl.relax(np.array([[1.0, 1.0]]), 10, 10, method="lloyd", iterations=True), TypeError, "bool"),
    (lambda: pl.relax([[1.0, 1.0]], 10, 10, method="lloyd", iterations=1), TypeError, "points must be"),
    (lambda: pl.relax(np.array([[1.0, 1.0]]), 10, 10, "lloyd", 1), TypeError, "positional"),
    (lambda: pl.measure(np.array([[1.0, np.nan]]), 10, 10), ValueError, "point 0"),
    (lambda: pl.measure(np.array([[1.0, 1.0, 1.0, 1.0]]), 10, 10), ValueError, "points must be"),
    (lambda: pl.measure(np.array([[1.0, 1.0]]), 0, 10), ValueError, "width"),
])
def test_bad_input_is_refused_in_words(call, error, message):
    with pytest.raises(error, match=message):
        call()
