"""The wheel's API: shapes and dtypes, bad input refused with the crate's message, the stepping
Sampler, the editable set, variable radius from a field, classes, and the endless iterator."""

import subprocess

import numpy as np
import pytest

import poisson_live as pl
from conftest import cli, cli_endless


def test_shapes_and_dtypes():
    for array, cols in [
        (pl.poisson_disk(300, 200, 12), 3),
        (pl.fast(300, 200, 12), 2),
        (pl.random_points(40, 300, 200), 2),
        (pl.jittered_grid(20, 300, 200), 2),
        (pl.dart_throwing(300, 200, 12), 2),
        (pl.variable_radius(300, 200, 8, 20, lambda x, y: 8 + x / 25), 3),
    ]:
        assert array.dtype == np.float64
        assert array.ndim == 2 and array.shape[1] == cols and array.shape[0] > 10
        assert array.flags.c_contiguous
    assert pl.random_points(40, 300, 200).shape == (40, 2)
    # Keyword arguments with the crate's defaults: k = 30, seed = 123456.
    assert np.array_equal(pl.poisson_disk(300, 200, 12), pl.poisson_disk(300, 200, 12, k=30, seed=123456))
    assert not np.array_equal(pl.poisson_disk(300, 200, 12, seed=7), pl.poisson_disk(300, 200, 12))


def test_points_keep_their_distance():
    pts = pl.poisson_disk(400, 300, 10, seed=3)
    d = np.hypot(pts[:, None, 0] - pts[None, :, 0], pts[:, None, 1] - pts[None, :, 1])
    np.fill_diagonal(d, np.inf)
    assert d.min() >= 10.0
    assert (pts[:, 2] == 10.0).all()
    assert ((pts[:, 0] >= 0) & (pts[:, 0] < 400) & (pts[:, 1] >= 0) & (pts[:, 1] < 300)).all()


def cli_error(*args):
    """The one line `poisson` writes on stderr for bad input, after its prefix."""
    run = subprocess.run([cli(), *args], capture_output=True, text=True)
    assert run.returncode == 1 and run.stdout == ""
    line = run.stderr.strip()
    assert line.startswith("poisson: error: "), line
    return line[len("poisson: error: "):]


@pytest.mark.parametrize(
    "call, args",
    [
        (lambda: pl.poisson_disk(720, 400, -1), ["bridson", "-W", "720", "-H", "400", "--radius=-1"]),
        (lambda: pl.poisson_disk(720, 400, float("nan")), ["bridson", "-W", "720", "-H", "400", "--radius=NaN"]),
        (lambda: pl.poisson_disk(0, 400, 5), ["bridson", "-W", "0", "-H", "400", "-r", "5"]),
        (lambda: pl.poisson_disk(720, 400, 5, k=0), ["bridson", "-W", "720", "-H", "400", "-r", "5", "--k", "0"]),
        (lambda: pl.poisson_disk(1e6, 1e6, 0.01), ["bridson", "-W", "1000000", "-H", "1000000", "-r", "0.01"]),
        (lambda: pl.fast(720, 400, 0), ["fast", "-W", "720", "-H", "400", "-r", "0"]),
        (lambda: pl.endless(20000, 20000, 0.01), ["endless", "-W", "20000", "-H", "20000", "-r", "0.01"]),
    ],
)
def test_bad_input_is_refused_with_the_crates_message(call, args):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value) == cli_error(*args)


def test_bad_seeds_and_counts_are_value_errors():
    for bad in [2**31, -(2**31) - 1, 2**70, 1.5, float("nan")]:
        with pytest.raises(ValueError, match="seed"):
            pl.poisson_disk(100, 100, 10, seed=bad)
    # A whole float is the same seed, as on the page.
    assert np.array_equal(pl.fast(100, 100, 5, seed=7.0), pl.fast(100, 100, 5, seed=7))
    with pytest.raises(ValueError, match="count"):
        pl.random_points(-1, 100, 100)
    with pytest.raises(ValueError, match="k must be"):
        pl.poisson_disk(100, 100, 10, k=-3)
    with pytest.raises(TypeError):
        pl.poisson_disk("wide", 100, 10)


def test_the_sampler_steps_with_its_state_open():
    s = pl.Sampler(720, 400, 24, seed=123456)
    assert s.start_random() == "accepted"
    placed = retired = 0
    while True:
        kind, index = s.step()
        active, points, tried = s.active, s.points, s.tried
        assert active.dtype == np.int64 and points.shape[1] == 3 and tried.shape[1] == 3
        if kind == "finished":
            assert index is None
            break
        if kind == "placed":
            placed += 1
            assert index == len(points) - 1 and index in active
            assert tried[-1, 2] == 1.0 and (tried[-1, :2] == points[index, :2]).all()
        else:
            retired += 1
            assert index not in active
            assert (tried[:, 2] == 0.0).all() and len(tried) == 30
    assert s.is_finished and len(s.active) == 0
    assert np.array_equal(s.points, pl.poisson_disk(720, 400, 24, seed=123456))
    assert placed == retired - 1 == len(s.points) - 1 and s.steps == 2 * len(s.points) - 1
    # Run in slices with the GIL released: the same points.
    t = pl.Sampler(720, 400, 24, seed=123456)
    t.start_random()
    slices = 0
    while not t.run(50):
        slices += 1
    assert slices > 5 and np.array_equal(t.points, s.points)
    assert pl.Sampler(100, 100, 10).start_at(500, 5) == "off_map"


def test_the_editable_set_keeps_ids_and_places():
    es = pl.EditableSet(600, 400, 12, seed=9)
    before, ids = es.points, es.ids
    assert ids.dtype == np.uint32 and np.array_equal(ids, np.arange(len(ids), dtype=np.uint32))
    assert np.array_equal(before, pl.poisson_disk(600, 400, 12, seed=9))
    added, removed = es.erase((300, 200), 50)
    assert added == 0 and removed > 10 and len(es) == len(before) - removed
    kept = ~(np.hypot(before[:, 0] - 300, before[:, 1] - 200) < 50)
    # Every other point kept its place and its id.
    left = dict(zip(es.ids.tolist(), es.points.tolist()))
    for i in np.flatnonzero(kept):
        assert left[int(ids[i])] == before[i].tolist()
    added, removed = es.refill(np.array([[250.0, 200.0], [350.0, 200.0]]), 40)
    assert added > 10
    new_ids = es.ids
    assert len(set(new_ids.tolist())) == len(new_ids) and new_ids.max() >= len(before)
    assert es.too_close() == []
    assert es.undo() and es.undo()
    assert np.array_equal(es.points, before) and np.array_equal(es.ids, ids)
    with pytest.raises(ValueError, match="tool"):
        es.apply("smudge", (1, 1), 5)
    with pytest.raises(ValueError, match="radius"):
        es.erase((1, 1), -5)


def test_variable_radius_from_a_field_and_a_failing_callable():
    field = np.array([[6.0, 30.0]])  # left half dense, right half sparse
    pts = pl.variable_radius(400, 200, 6, 30, field, seed=4)
    left, right = pts[pts[:, 0] < 200], pts[pts[:, 0] >= 200]
    assert set(left[:, 2]) == {6.0} and set(right[:, 2]) == {30.0}
    assert len(left) > 10 * len(right)
    # The same field as a callable gives the same points.
    same = pl.variable_radius(400, 200, 6, 30, lambda x, y: 6.0 if x < 200 else 30.0, seed=4)
    assert np.array_equal(pts, same)

    def broken(x, y):
        raise ZeroDivisionError("from the callable")

    with pytest.raises(ZeroDivisionError, match="from the callable"):
        pl.variable_radius(400, 200, 6, 30, broken)
    with pytest.raises(ValueError):
        pl.variable_radius(400, 200, 6, 30, "not a radius")


def test_layers_and_classes():
    inside = np.array([[150.0, 100.0, 80.0]])
    big, small = pl.layers(300, 200, [pl.Layer(40, inside=inside), pl.Layer(8, seed=5)])
    assert (np.hypot(big[:, 0] - 150, big[:, 1] - 100) < 80).all()
    assert (big[:, 2] == 40).all() and (small[:, 2] == 8).all() and len(small) > 100
    with pytest.raises(ValueError):
        pl.Layer(5, inside=inside, outside=inside)
    points, kinds = pl.classes(300, 200, [("tree", 20), ("bush", 8, 3.0)], between=[("tree", "bush", 12)])
    assert points.shape == (len(kinds), 3) and kinds.dtype == np.uint16
    assert set(kinds.tolist()) == {0, 1}

    def closest(a, b):
        d = np.hypot(a[:, None, 0] - b[None, :, 0], a[:, None, 1] - b[None, :, 1])
        if a is b:
            np.fill_diagonal(d, np.inf)
        return d.min()

    trees, bushes = points[kinds == 0], points[kinds == 1]
    assert closest(trees, trees) >= 20 and closest(bushes, bushes) >= 8
    assert closest(trees, bushes) >= 12
    with pytest.raises(ValueError):
        pl.classes(300, 200, [("tree", 20)], between=[("tree", "nothing", 3)])


def test_the_endless_iterator_is_the_cli_output():
    args = (900, 700, 5.0)
    rows = pl.endless(*args, seed=31)
    assert len(rows) == rows.chunk_rows == 9 and rows.chunk_size == 80.0
    arrays = list(rows)
    assert len(arrays) == 9 and len(rows) == 0
    assert all(a.dtype == np.float64 and a.shape[1] == 2 for a in arrays)
    got = np.concatenate(arrays)
    assert np.array_equal(got, cli_endless(*args, 31))
    # Bands of rows, from even and odd rows, side by side are the whole stream.
    for step in [1, 2, 3, 4]:
        banded = [a for first in range(0, 9, step) for a in pl.endless(*args, seed=31, first_row=first, rows=step)]
        assert np.array_equal(np.concatenate(banded), got)
    with pytest.raises(ValueError, match="band"):
        pl.endless(*args, seed=31, first_row=9)


def test_the_package_ships_stubs_and_py_typed():
    import ast
    import pathlib

    here = pathlib.Path(pl.__file__).parent
    assert (here / "py.typed").exists()
    stubs = ast.parse((here / "_native.pyi").read_text())
    declared = {n.name for n in stubs.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    declared |= {t.id for n in stubs.body if isinstance(n, (ast.AnnAssign, ast.Assign))
                 for t in ([n.target] if isinstance(n, ast.AnnAssign) else n.targets)
                 if isinstance(t, ast.Name)}
    # The type aliases are poisson_live.types's, real at run time (test_typing.py).
    aliases = set(pl.types.__all__)
    assert set(pl.__all__) <= declared | aliases, set(pl.__all__) - declared - aliases
    # Every public function has a docstring at run time too.
    for name in set(pl.__all__) - aliases:
        obj = getattr(pl, name)
        if callable(obj):
            assert obj.__doc__, name


def test_long_work_releases_the_gil():
    """While one thread samples a big map, another Python thread keeps running. With the GIL
    held through the call, the other thread would stop for the whole call: its longest pause
    would be about the call's length."""
    import threading
    import time

    done = []
    worker = threading.Thread(target=lambda: done.append(len(pl.poisson_disk(2000, 2000, 2))))
    last = start = time.perf_counter()
    longest = 0.0
    worker.start()
    while worker.is_alive():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    took = time.perf_counter() - start
    assert done == [615_887]
    assert longest < took / 2, f"the main thread stopped for {longest:.3f} s of a {took:.3f} s call"


@pytest.mark.parametrize("call", [
    lambda: pl.poisson_disk(300, 200, 12, 30),
    lambda: pl.fast(300, 200, 12, 7),
    lambda: pl.random_points(40, 300, 200, 7),
    lambda: pl.jittered_grid(20, 300, 200, 7),
    lambda: pl.dart_throwing(300, 200, 12, 500),
    lambda: pl.variable_radius(300, 200, 8, 20, lambda x, y: 8.0, 30),
    lambda: pl.Layer(5, 30),
    lambda: pl.classes(300, 200, [("tree", 20)], []),
    lambda: pl.Sampler(300, 200, 12, 30),
    lambda: pl.EditableSet(300, 200, 12, 30),
    lambda: pl.endless(300, 200, 12, 7),
])
def test_options_are_keyword_only(call):
    """Sizes, radius and count are positional in the crate's order; k, seed and every other
    option only by name (a fourth positional number was k, seed or max_misses before)."""
    with pytest.raises(TypeError, match="positional"):
        call()


def test_arguments_follow_the_crates_order():
    """random_points(count, width, height) and jittered_grid(spacing, width, height), as the
    crate's functions: a wide, flat map gets its points across its width."""
    pts = pl.random_points(500, 1000, 10, seed=3)
    assert pts.shape == (500, 2) and pts[:, 0].max() > 100 and pts[:, 1].max() < 10
    grid = pl.jittered_grid(10, 1000, 20, seed=3)
    assert len(grid) == 200 and grid[:, 0].max() > 100 and grid[:, 1].max() < 20


def test_the_editable_set_pickles_and_is_rebuilt_from_saved_points():
    import pickle

    es = pl.EditableSet(600, 400, 12, k=20, seed=9)
    es.erase((300, 200), 60)
    es.refill((100, 100), 40)
    copy = pickle.loads(pickle.dumps(es))
    assert type(copy) is pl.EditableSet and len(copy) == len(es)
    assert np.array_equal(copy.points, es.points) and np.array_equal(copy.ids, es.ids)
    assert copy.too_close() == []
    # Kept: the map, k and seed (a stroke on both gives the same points where it starts from
    # the same state); not kept: the undo history.
    assert not copy.undo() and es.undo()
    # From saved arrays: (N, 3) float64, or (N, 2) float32 with int64 ids.
    again = pl.EditableSet.from_saved(600, 400, 12, copy.points, copy.ids, k=20, seed=9)
    assert np.array_equal(again.points, copy.points) and np.array_equal(again.ids, copy.ids)
    saved = copy.points[:, :2].astype(np.float32)
    small = pl.EditableSet.from_saved(600, 400, 12, saved, copy.ids.astype(np.int64))
    assert np.array_equal(small.points[:, :2], saved.astype(np.float64))
    assert (small.points[:, 2] == 12).all()
    # New ids start above the largest saved one, and the set edits as any other.
    added, _ = small.refill((300, 200), 60)
    assert added > 0 and small.ids.min() >= 0 and small.ids[-added:].min() > copy.ids.max()
    assert small.too_close() == []


@pytest.mark.parametrize("points, ids, error, message", [
    (np.array([[1.0, 1.0], [2.0, 2.0]]), [0, 1], ValueError, "closer than"),
    (np.array([[1.0, 1.0], [50.0, 2.0]]), [3, 3], ValueError, "same id 3"),
    (np.array([[700.0, 1.0]]), [0], ValueError, "off the map"),
    (np.array([[1.0, 1.0]]), [0, 1], ValueError, "1 points need 1 ids"),
    (np.array([[1.0, 1.0]]), [-1], ValueError, "ids must be"),
    (np.array([[1.0, 1.0]]), [2**32], ValueError, "ids must be"),
    (np.array([[True, False]]), [0], TypeError, "points must be .* bool"),
    (np.array([[1.0, 1.0, 1.0, 1.0]]), [0], ValueError, r"points must be an array of shape \(M, 3\)"),
    ([[1.0, 1.0]], [0], TypeError, "points must be .* list"),
    (np.array([[1.0, 1.0]]), "ab", TypeError, "ids must be"),
])
def test_saved_points_are_checked_by_the_crate(points, ids, error, message):
    with pytest.raises(error, match=message):
        pl.EditableSet.from_saved(600, 400, 12, points, ids)
