"""eliminate: exactly `count` points, `poisson eliminate`'s to the bit in a box (plane, torus,
3D) and on a mesh; bad domains refused in words."""

import subprocess

import numpy as np
import pytest

import poisson_live as pl
from conftest import cli
from test_mesh import hills


def cli_rows(*args):
    out = subprocess.run([cli(), "eliminate", *args, "--format", "csv"], check=True,
                         capture_output=True, text=True).stdout.splitlines()
    cols = len(out[0].split(","))
    return out[0], np.array([[float(v) for v in l.split(",")] for l in out[1:]]).reshape(-1, cols)


@pytest.mark.parametrize("count, size, wrap, seed", [
    (300, (200, 100), False, 3), (250, (80, 80), True, -7), (200, (30, 20, 10), False, 11),
    (150, (20, 20, 20), True, 123456),
])
def test_a_box_is_poisson_eliminate(count, size, wrap, seed):
    dims = dict(zip(["width", "height", "depth"], size))
    got = pl.eliminate(count, **dims, wrap=wrap, seed=seed)
    flags = [f for k, v in zip(["-W", "-H", "--depth"], size) for f in (k, str(v))]
    header, want = cli_rows("--count", str(count), *flags, *(["--wrap"] if wrap else []),
                            "--seed", str(seed))
    assert header == ("x,y" if len(size) == 2 else "x,y,z")
    assert got.dtype == np.float64 and got.shape == (count, len(size))
    assert np.array_equal(got, want)


def test_a_mesh_is_poisson_eliminate(tmp_path):
    vertices, faces = hills()
    got = pl.eliminate(120, vertices=vertices, faces=faces, seed=4)
    obj = tmp_path / "m.obj"
    obj.write_text("".join(f"v {x!r} {y!r} {z!r}\n" for x, y, z in vertices.tolist())
                   + "".join(f"f {a + 1} {b + 1} {c + 1}\n" for a, b, c in faces.tolist()))
    header, want = cli_rows("--count", "120", "--input", str(obj), "--seed", "4")
    assert header == "x,y,z,face,u,v" and len(got) == 120
    assert np.array_equal(got.points, want[:, :3])
    assert np.array_equal(got.faces, want[:, 3].astype(np.int64))
    assert np.array_equal(got.barycentric, want[:, 4:])


def test_weights_on_a_mesh_are_poisson_eliminate_and_crowd_the_heavy_half(tmp_path):
    vertices, faces = hills(n=12)
    weights = (vertices[:, 0] > 10.0).astype(np.float64)  # 1 on the half x > 10
    got = pl.eliminate(300, vertices=vertices, faces=faces, weights=weights, radius_max=2,
                       seed=6)
    obj = tmp_path / "m.obj"
    obj.write_text("".join(f"v {x!r} {y!r} {z!r}\n" for x, y, z in vertices.tolist())
                   + "".join(f"f {a + 1} {b + 1} {c + 1}\n" for a, b, c in faces.tolist()))
    w = tmp_path / "w.txt"
    w.write_text("".join(f"{v!r}\n" for v in weights.tolist()))
    header, want = cli_rows("--count", "300", "--input", str(obj), "--weights", str(w),
                            "--radius-max", "2", "--seed", "6")
    assert header == "x,y,z,face,u,v" and len(got) == 300
    assert np.array_equal(got.points, want[:, :3])
    assert np.array_equal(got.faces, want[:, 3].astype(np.int64))
    heavy = int((got.points[:, 0] > 10.0).sum())
    assert heavy >= 2 * (300 - heavy), heavy
    bad = [(weights[1:], "weights for a mesh of 169 vertices"),
           (np.full(169, np.nan), "is NaN"), (np.full(169, 1.5), "from 0 to 1")]
    for ws, message in bad:
        with pytest.raises(ValueError, match=message):
            pl.eliminate(30, vertices=vertices, faces=faces, weights=ws, radius_max=2)
    with pytest.raises(ValueError, match="radius-max"):
        pl.eliminate(30, vertices=vertices, faces=faces, weights=weights, radius_max=0.5)
    with pytest.raises(ValueError, match="together"):
        pl.eliminate(30, vertices=vertices, faces=faces, weights=weights)
    with pytest.raises(ValueError, match="a mesh"):
        pl.eliminate(30, width=5, height=5, weights=weights, radius_max=2)


@pytest.mark.parametrize("call, error, message", [
    (lambda: pl.eliminate(10), ValueError, "width and height"),
    (lambda: pl.eliminate(10, width=5), ValueError, "width and height"),
    (lambda: pl.eliminate(10, width=5, height=5, vertices=np.zeros((3, 3))), ValueError, "width and height"),
    (lambda: pl.eliminate(-1, width=5, height=5), ValueError, "count"),
    (lambda: pl.eliminate(10, width=-5, height=5), ValueError, "width"),
    (lambda: pl.eliminate(10, width=5, height=5, seed=True), TypeError, "bool"),
    (lambda: pl.eliminate(10, 5, 5), TypeError, "positional"),
])
def test_bad_domains_are_refused_in_words(call, error, message):
    with pytest.raises(error, match=message):
        call()
