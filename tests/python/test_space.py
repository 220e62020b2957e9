"""3D: poisson_disk_3d and fast_poisson_3d are `poisson bridson|fast --depth`'s points to the
bit, (N, 3) float64; bad boxes are refused with the CLI's message."""

import subprocess

import numpy as np
import pytest

import poisson_live as pl
from conftest import cli
from test_api import cli_error


def cli_box(command, width, height, depth, radius, seed, *extra):
    """`poisson COMMAND --depth D ... --format csv` as an (N, 3) float64 array."""
    out = subprocess.run(
        [cli(), command, "-W", str(width), "-H", str(height), "--depth", str(depth),
         "-r", str(radius), "--seed", str(seed), *extra, "--format", "csv"],
        check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    assert out[0] == "x,y,z"
    return np.array([[float(v) for v in line.split(",")] for line in out[1:]],
                    dtype=np.float64).reshape(-1, 3)


@pytest.mark.parametrize("box", [(40, 30, 20, 3, 7), (25.5, 60, 10, 2.5, -4), (12, 12, 12, 1, 123456)])
def test_bridson_in_a_box_is_the_cli(box):
    *size, radius, seed = box
    got = pl.poisson_disk_3d(*size, radius, seed=seed)
    assert got.dtype == np.float64 and got.shape[1] == 3 and got.flags.c_contiguous
    assert np.array_equal(got, cli_box("bridson", *box))
    d = np.linalg.norm(got[:, None] - got[None], axis=2)
    np.fill_diagonal(d, np.inf)
    assert d.min() >= radius
    assert (got >= 0).all() and (got < np.array(size)).all()


def test_bridson_in_a_box_takes_k_by_name():
    got = pl.poisson_disk_3d(30, 20, 10, 2, k=5, seed=3)
    assert np.array_equal(got, cli_box("bridson", 30, 20, 10, 2, 3, "--k", "5"))
    assert len(got) < len(pl.poisson_disk_3d(30, 20, 10, 2, seed=3))


@pytest.mark.parametrize("box", [(40, 30, 20, 2, 7), (60, 10, 33.3, 1.5, -9)])
def test_fast_in_a_box_is_the_cli(box):
    *size, radius, seed = box
    got = pl.fast_poisson_3d(*size, radius, seed=seed)
    assert got.dtype == np.float64 and got.shape[1] == 3
    assert np.array_equal(got, cli_box("fast", *box))
    d = np.linalg.norm(got[:, None] - got[None], axis=2)
    np.fill_diagonal(d, np.inf)
    assert d.min() >= radius


@pytest.mark.parametrize("call, args", [
    (lambda: pl.poisson_disk_3d(10, 10, 0, 1), ["bridson", "-W", "10", "-H", "10", "--depth", "0", "-r", "1"]),
    (lambda: pl.poisson_disk_3d(1000, 1000, 1000, 0.1), ["bridson", "-W", "1000", "-H", "1000", "--depth", "1000", "-r", "0.1"]),
    (lambda: pl.poisson_disk_3d(10, 10, 10, 1, k=0), ["bridson", "-W", "10", "-H", "10", "--depth", "10", "-r", "1", "--k", "0"]),
    (lambda: pl.fast_poisson_3d(10, 10, 10, float("nan")), ["fast", "-W", "10", "-H", "10", "--depth", "10", "--radius=NaN"]),
    (lambda: pl.fast_poisson_3d(10, 10, -5, 1), ["fast", "-W", "10", "-H", "10", "--depth=-5", "-r", "1"]),
])
def test_bad_boxes_are_refused_with_the_crates_message(call, args):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value) == cli_error(*args)


def test_numbers_as_the_other_functions_take_them():
    same = pl.fast_poisson_3d(np.float32(20), np.int64(20), 20.0, 2, seed=np.int64(5))
    assert np.array_equal(same, pl.fast_poisson_3d(20, 20, 20, 2, seed=5.0))
    with pytest.raises(TypeError, match="bool"):
        pl.poisson_disk_3d(10, 10, 10, True)
    with pytest.raises(TypeError, match="positional"):
        pl.poisson_disk_3d(10, 10, 10, 1, 30)  # type: ignore[misc]
    with pytest.raises(ValueError, match="seed"):
        pl.fast_poisson_3d(10, 10, 10, 1, seed=2**31)
