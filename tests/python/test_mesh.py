"""sample_mesh: `poisson mesh`'s rows (x, y, z, face, u, v) to the bit, both methods, with and
without weights; numpy in and out; bad meshes refused in words."""

import subprocess

import numpy as np
import pytest

import poisson_live as pl
from conftest import cli


def hills(n=8, size=20.0):
    """A displaced grid: (n + 1)² vertices, 2 n² triangles."""
    xs = np.linspace(0.0, size, n + 1)
    vertices = np.array([[x, y, 2.0 * np.sin(x / 3.0) * np.cos(y / 4.0)] for y in xs for x in xs])
    faces = []
    for j in range(n):
        for i in range(n):
            a = j * (n + 1) + i
            faces += [[a, a + 1, a + n + 2], [a, a + n + 2, a + n + 1]]
    return vertices, np.array(faces, dtype=np.int64)


def cli_mesh(tmp_path, vertices, faces, radius, seed, *extra):
    obj = tmp_path / "m.obj"
    obj.write_text("".join(f"v {x!r} {y!r} {z!r}\n" for x, y, z in vertices.tolist())
                   + "".join(f"f {a + 1} {b + 1} {c + 1}\n" for a, b, c in faces.tolist()))
    out = subprocess.run([cli(), "mesh", "--input", str(obj), "-r", str(radius), "--seed", str(seed),
                          *extra, "--format", "csv"], check=True, capture_output=True, text=True)
    lines = out.stdout.splitlines()
    assert lines[0] == "x,y,z,face,u,v"
    return np.array([[float(v) for v in l.split(",")] for l in lines[1:]]).reshape(-1, 6)


@pytest.mark.parametrize("method", ["bridson", "fast"])
@pytest.mark.parametrize("weighted", [False, True])
def test_sample_mesh_is_poisson_mesh(tmp_path, method, weighted):
    vertices, faces = hills()
    extra = ["--method", method]
    kwargs = {}
    if weighted:
        weights = np.clip(vertices[:, 0] / 20.0, 0.0, 1.0)
        (tmp_path / "w.txt").write_text("".join(f"{w!r}\n" for w in weights.tolist()))
        extra += ["--weights", str(tmp_path / "w.txt"), "--radius-max", "3"]
        kwargs = {"weights": weights, "radius_max": 3}
    got = pl.sample_mesh(vertices, faces, 1.0, method=method, seed=5, **kwargs)
    want = cli_mesh(tmp_path, vertices, faces, 1.0, 5, *extra)
    assert got.points.dtype == np.float64 and got.points.shape == (len(want), 3)
    assert got.faces.dtype == np.int64 and got.barycentric.shape == (len(want), 2)
    assert len(got) == len(want) > 50
    assert np.array_equal(got.points, want[:, :3])
    assert np.array_equal(got.faces, want[:, 3].astype(np.int64))
    assert np.array_equal(got.barycentric, want[:, 4:])


def test_float32_vertices_and_int32_faces_are_converted():
    vertices, faces = hills(4)
    a = pl.sample_mesh(vertices.astype(np.float32), faces.astype(np.int32), 1.5, seed=2)
    b = pl.sample_mesh(vertices.astype(np.float32).astype(np.float64), faces, 1.5, seed=2)
    assert np.array_equal(a.points, b.points) and np.array_equal(a.faces, b.faces)


@pytest.mark.parametrize("call, error, message", [
    (lambda v, f: pl.sample_mesh(v, f, 1, method="poisson"), ValueError, "method"),
    (lambda v, f: pl.sample_mesh(v, f.astype(np.float64), 1), TypeError, "faces"),
    (lambda v, f: pl.sample_mesh(v, f[:, :2], 1), ValueError, "faces"),
    (lambda v, f: pl.sample_mesh(v, f - 1, 1), ValueError, "face 0"),
    (lambda v, f: pl.sample_mesh(v > 0, f, 1), TypeError, "vertices"),
    (lambda v, f: pl.sample_mesh(v, f, -1), ValueError, "radius"),
    (lambda v, f: pl.sample_mesh(v, f, 1, radius_max=2), ValueError, "weights and radius_max"),
    (lambda v, f: pl.sample_mesh(v, f, 1, weights=[0.5], radius_max=2), ValueError, "weight"),
    (lambda v, f: pl.sample_mesh(v, f, 1, seed=True), TypeError, "bool"),
    (lambda v, f: pl.sample_mesh(v, f, 1, "fast"), TypeError, "positional"),
])
def test_bad_meshes_are_refused_in_words(call, error, message):
    vertices, faces = hills(2)
    with pytest.raises(error, match=message):
        call(vertices, faces)
