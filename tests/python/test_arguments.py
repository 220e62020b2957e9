"""Every type error of the functions of issue 36 names its argument: a wrong array in the
message itself ("vertices must be …"), a wrong scalar in the note PyO3 adds to the exception
("while processing 'width'", shown under the traceback's last line); float32 and integer arrays
are converted, never refused."""

import numpy as np
import pytest

import poisson_live as pl

V = np.array([[0.0, 0, 0], [10, 0, 0], [10, 10, 0], [0, 10, 0]])
F = np.array([[0, 1, 2], [0, 2, 3]])
P = np.array([[1.0, 1.0], [5.0, 5.0], [8.0, 2.0]])

CASES = [
    ("width", lambda: pl.poisson_disk_3d("a", 10, 10, 1)),
    ("depth", lambda: pl.poisson_disk_3d(10, 10, None, 1)),
    ("k", lambda: pl.poisson_disk_3d(10, 10, 10, 1, k=2.5)),
    ("seed", lambda: pl.poisson_disk_3d(10, 10, 10, 1, seed="x")),
    ("radius", lambda: pl.fast_poisson_3d(10, 10, 10, [1])),
    ("seed", lambda: pl.fast_poisson_3d(10, 10, 10, 1, seed=True)),
    ("vertices", lambda: pl.sample_mesh("v", F, 1)),
    ("vertices", lambda: pl.sample_mesh(V.tolist(), F, 1)),
    ("vertices", lambda: pl.sample_mesh(V > 0, F, 1)),
    ("faces", lambda: pl.sample_mesh(V, F.tolist(), 1)),
    ("faces", lambda: pl.sample_mesh(V, F.astype(np.float32), 1)),
    ("radius", lambda: pl.sample_mesh(V, F, "1")),
    ("method", lambda: pl.sample_mesh(V, F, 1, method=1)),
    ("weights", lambda: pl.sample_mesh(V, F, 1, weights="abcd", radius_max=2)),
    ("weights", lambda: pl.sample_mesh(V, F, 1, weights=np.array(["a"] * 4), radius_max=2)),
    ("radius_max", lambda: pl.sample_mesh(V, F, 1, weights=[1, 1, 1, 1], radius_max="2")),
    ("k", lambda: pl.sample_mesh(V, F, 1, k=None)),
    ("count", lambda: pl.eliminate(2.5, width=5, height=5)),
    ("width", lambda: pl.eliminate(5, width="5", height=5)),
    ("depth", lambda: pl.eliminate(5, width=5, height=5, depth=[1])),
    ("vertices", lambda: pl.eliminate(5, vertices="v", faces=F)),
    ("faces", lambda: pl.eliminate(5, vertices=V, faces=F.astype(float))),
    ("wrap", lambda: pl.eliminate(5, width=5, height=5, wrap="yes")),
    ("seed", lambda: pl.eliminate(5, width=5, height=5, seed="x")),
    ("points", lambda: pl.relax("p", 10, 10, method="lloyd", iterations=1)),
    ("points", lambda: pl.relax(P > 5, 10, 10, method="lloyd", iterations=1)),
    ("width", lambda: pl.relax(P, "10", 10, method="lloyd", iterations=1)),
    ("method", lambda: pl.relax(P, 10, 10, method=1, iterations=1)),
    ("iterations", lambda: pl.relax(P, 10, 10, method="lloyd", iterations=1.5)),
    ("wrap", lambda: pl.relax(P, 10, 10, method="lloyd", iterations=1, wrap=None)),
    ("points", lambda: pl.measure(None, 10, 10)),
    ("height", lambda: pl.measure(P, 10, None)),
    ("wrap", lambda: pl.measure(P, 10, 10, wrap=1)),
]


@pytest.mark.parametrize("name, call", CASES, ids=[f"{i}-{n}" for i, (n, _) in enumerate(CASES)])
def test_a_type_error_names_its_argument(name, call):
    with pytest.raises(TypeError) as caught:
        call()
    said = " ".join([str(caught.value), *getattr(caught.value, "__notes__", [])])
    assert name in said, said


def test_float32_and_integer_arrays_are_converted():
    grid = np.array([[x, y, 0] for y in range(0, 30, 10) for x in range(0, 30, 10)])
    faces = np.array([[a, a + 1, a + 4] for a in (0, 1, 3, 4)] + [[a, a + 4, a + 3] for a in (0, 1, 3, 4)])
    want = pl.eliminate(40, vertices=grid.astype(np.float64), faces=faces, seed=2)
    for vertices, tris in [(grid.astype(np.int32), faces.astype(np.uint16)),
                           (grid.astype(np.float32), faces.astype(np.int8))]:
        got = pl.eliminate(40, vertices=vertices, faces=tris, seed=2)
        assert np.array_equal(got.points, want.points) and np.array_equal(got.faces, want.faces)
    weights = np.linspace(0, 1, len(grid))
    want = pl.sample_mesh(grid.astype(np.float64), faces, 1.0, weights=weights, radius_max=2.0,
                          method="fast", seed=3)
    got = pl.sample_mesh(grid, faces.astype(np.int32), np.float32(1.0),
                         weights=weights.astype(np.float32).astype(np.float64),
                         radius_max=np.int64(2), method="fast", seed=np.int64(3))
    assert np.array_equal(got.points, want.points)
    as32 = pl.sample_mesh(grid, faces, 1.0, weights=weights.astype(np.float32), radius_max=2.0,
                          method="fast", seed=3)
    exact = pl.sample_mesh(grid, faces, 1.0, weights=weights.astype(np.float32).astype(np.float64),
                           radius_max=2.0, method="fast", seed=3)
    assert np.array_equal(as32.points, exact.points)
    start = pl.random_points(50, 30, 30, seed=4)
    assert np.array_equal(pl.relax(start.astype(np.float32), 30, 30, method="fpo", iterations=2),
                          pl.relax(start.astype(np.float32).astype(np.float64), 30, 30,
                                   method="fpo", iterations=2))


def test_measure_returns_section_9s_keys():
    q = pl.measure(pl.poisson_disk(100, 80, 6, seed=2), 100, 80)
    for key in ["points", "min_distance", "delta_x", "mean_delta_x", "per_r2"]:
        assert key in q
    n, area = q["points"], 100 * 80
    hexagonal = (2 * area / (3 ** 0.5 * n)) ** 0.5
    assert q["delta_x"] == pytest.approx(q["min_distance"] / hexagonal, rel=1e-12)
    assert q["per_r2"] == pytest.approx(n * q["min_distance"] ** 2 / area, rel=1e-12)
    assert q["min_distance"] >= 6
