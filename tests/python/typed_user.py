"""A user's script, fully annotated: scripts/test-python.sh checks it with ``mypy --strict``
against the installed wheel's stubs, and test_typing.py runs it. It passes what the runtime
takes (numpy integers, whole floats, numpy scalars) and names the package's type aliases."""

import pickle
from typing import List, Tuple

import numpy as np

import dask.dataframe as dd

import poisson_live as pl
import poisson_live.dask
from poisson_live.types import Float64Array, Outcome, Real, Seed, StepKind


def scatter(width: Real, height: Real, radius: Real, seed: Seed) -> Float64Array:
    return pl.poisson_disk(width, height, radius, k=np.int64(30), seed=seed)


def main() -> None:
    trees = scatter(300, 200, np.float32(12.0), np.int64(7))
    assert trees.shape[1] == 3
    assert np.array_equal(trees, pl.poisson_disk(300.0, 200, 12, seed=7.0))
    grass: Float64Array = pl.fast(300, 200, 4, seed=np.uint16(3))
    dots = pl.random_points(np.int32(40), 300, 200, seed=1)
    cells = pl.jittered_grid(20, 300, 200)
    darts = pl.dart_throwing(300, 200, 12, max_misses=np.int64(100), seed=2)
    varied = pl.variable_radius(300, 200, 8, 20, lambda x, y: 8 + x / 25, k=10)
    field = pl.variable_radius(300, 200, 8, 20, np.full((2, 2), 10.0), seed=4)
    big, small = pl.layers(300, 200, [pl.Layer(40, inside=np.array([[150.0, 100.0, 80.0]])),
                                      pl.Layer(8, seed=np.int64(5))])
    points, kinds = pl.classes(300, 200, [("tree", 20), ("bush", 8, 3.0)],
                               between=[("tree", "bush", 12)], seed=9)
    image = np.zeros((20, 30, 3), dtype=np.uint8)
    painted = pl.stamp_circles(image, np.array([[10.0, 10.0, 4.0]]),
                               np.array([[255, 0, 0]], dtype=np.uint8), [0.5])
    for array in [grass, dots, cells, darts, varied, field, big, small, points]:
        assert array.dtype == np.float64
    assert kinds.dtype == np.uint16 and painted.shape == (20, 30, 3)

    s = pl.Sampler(300, 200, 12, seed=np.int64(7))
    first: Outcome = s.start_random()
    assert first == "accepted"
    kind: StepKind = "placed"
    while kind != "finished":
        kind, _ = s.step()
    assert np.array_equal(s.points, trees)

    es = pl.EditableSet(300, 200, 12, seed=7)
    changes: List[Tuple[int, int]] = [es.erase((150, 100), 40), es.refill([(100, 100)], 30)]
    assert changes[0][1] > 0 and es.undo()
    saved = pickle.loads(pickle.dumps(es))
    rebuilt = pl.EditableSet.from_saved(300, 200, 12, saved.points.astype(np.float32), saved.ids,
                                        seed=7)
    assert np.array_equal(rebuilt.ids, es.ids)
    cubes = [pl.poisson_disk_3d(20, 20, 20, 3, k=np.int64(10)), pl.fast_poisson_3d(20, 20, 20, 3)]
    assert all(c.shape[1] == 3 for c in cubes)
    even = pl.relax(dots, 300, 200, method="fpo", iterations=np.int64(2), wrap=True)
    figures = pl.measure(even.astype(np.float32), 300, 200, wrap=True)
    assert figures["points"] == 40 and figures["delta_x"] > 0
    quad = np.array([[0.0, 0, 0], [30, 0, 0], [30, 30, 5], [0, 30, 5]], dtype=np.float32)
    tris = np.array([[0, 1, 2], [0, 2, 3]], dtype=np.int32)
    rocks: pl.MeshSample = pl.sample_mesh(quad, tris, 2, method="fast", weights=[1.0, 0.5, 0, 1],
                                          radius_max=4, seed=np.int64(3))
    assert rocks.points.shape == (len(rocks), 3) and rocks.faces.max() <= 1
    assert rocks.barycentric.shape == (len(rocks), 2)
    spread: Float64Array = pl.eliminate(np.int64(50), width=100, height=100, wrap=True, seed=1)
    on_quad: pl.MeshSample = pl.eliminate(30, vertices=quad, faces=tris)
    assert spread.shape == (50, 2) and len(on_quad) == 30

    rows = [chunk for chunk in pl.endless(300, 200, 5, seed=np.int64(3), first_row=0, rows=2)]
    assert all(r.shape[1] == 2 for r in rows)

    world: dd.DataFrame = poisson_live.dask.endless_frame(300, 200, 5, seed=np.int64(3),
                                                          band_rows=np.int64(2))
    assert world.npartitions == 2 and list(world.columns) == ["x", "y"]


if __name__ == "__main__":
    main()
