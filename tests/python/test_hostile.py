"""Hostile input and signals (issue 37): Ctrl-C and Python signal handlers during long calls,
running out of memory, out-of-range integers and bools, bad mask discs, a failing radius
callable. Calls that could take a minute run in a child process, so a signal that comes late
cannot hit pytest itself."""

import json
import os
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import poisson_live as pl


def child(code, timeout=120):
    """Runs `code` in a fresh interpreter; returns its exit code, stdout and stderr."""
    run = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                         text=True, timeout=timeout)
    return run.returncode, run.stdout, run.stderr


# Each call here runs for a minute or more on a 2-core machine when nothing stops it (measured:
# poisson_disk(500, 500, 2, k=10000) 15 s, so 1000 × 1000 about 60 s; dart_throwing(1000, 1000,
# 2, max_misses=10**6) 194 s; EditableSet(500, 500, 2, k=10000, fill=False).refill of the whole
# map 17 s, so 1000 × 1000 about 70 s; poisson_disk_3d(60, 60, 60, 1, k=10000) 228 s;
# fast_poisson_3d(183, 183, 183, 1), the largest box at r = 1 within the cell limit, 9 s; relax
# of 200 000 points by FPO 5.2 s an iteration, so 50 about 4 minutes; sample_mesh of a 40 × 40
# square at r = 1, k = 10000 1.4 s, so 400 × 400 about 2 minutes; eliminate of 131 072 points
# in a box, the crate's most, 8.3 s of CPU by BENCHMARKS.md).
LONG_CALLS = {
    "poisson_disk": "pl.poisson_disk(1000, 1000, 2, k=10000)",
    "dart_throwing": "pl.dart_throwing(1000, 1000, 2, max_misses=10**6)",
    "variable_radius_field": "pl.variable_radius(1000, 1000, 2, 4, np.full((3, 3), 2.0), k=10000)",
    "variable_radius_callable": "pl.variable_radius(1000, 1000, 2, 4, lambda x, y: 2.0, k=10000)",
    "layers": "pl.layers(1000, 1000, [pl.Layer(2, k=10000)])",
    "classes": "pl.classes(1000, 1000, [('a', 2), ('b', 3)], k=10000)",
    "EditableSet": "pl.EditableSet(1000, 1000, 2, k=10000)",
    "EditableSet.refill": "pl.EditableSet(1000, 1000, 2, k=10000, fill=False).refill((500, 500), 800)",
    "Sampler.finish": "s = pl.Sampler(1000, 1000, 2, k=10000); s.start_random(); s.finish()",
    "Sampler.run": "s = pl.Sampler(1000, 1000, 2, k=10000); s.start_random(); s.run(10**15)",
    "poisson_disk_3d": "pl.poisson_disk_3d(60, 60, 60, 1, k=10000)",
    "fast_poisson_3d": "pl.fast_poisson_3d(183, 183, 183, 1)",
    "relax": "pl.relax(pl.random_points(200_000, 1000, 1000), 1000, 1000, method='fpo', "
             "iterations=50)",
    "sample_mesh": "pl.sample_mesh(np.array([[0.0, 0, 0], [400, 0, 0], [400, 400, 0], [0, 400, 0]]), "
                   "np.array([[0, 1, 2], [0, 2, 3]]), 1, k=10000)",
    "eliminate": "pl.eliminate(131072, width=50, height=50, depth=50)",
    "stamp_circles": "pl.stamp_circles(np.zeros((1000, 1000, 3), np.uint8), "
                     "np.tile([[500.0, 500.0, 800.0]], (20000, 1)), "
                     "np.zeros((20000, 3), np.uint8), [0.5] * 20000)",
}


def interrupted(call, delay, setup=""):
    """Runs `call` in a fresh interpreter (after `setup`, both Python source) with SIGINT sent
    `delay` seconds in: the outcome ("returned" or "KeyboardInterrupt") and how many seconds after
    the signal the call ended. The child must exit cleanly, with no PanicException."""
    script = textwrap.dedent(f"""
        import json, os, signal, threading, time
        import numpy as np
        import poisson_live as pl
        sent = []
        def interrupt():
            sent.append(time.perf_counter())
            os.kill(os.getpid(), signal.SIGINT)
        timer = threading.Timer({delay}, interrupt)
        timer.start()
        try:
            CALL
            outcome = "returned"
        except KeyboardInterrupt:
            outcome = "KeyboardInterrupt"
        after = time.perf_counter() - sent[0] if sent else None
        print(json.dumps({{"outcome": outcome, "after": after}}))
    """).replace("CALL", call)
    code, out, err = child(textwrap.dedent(setup) + script, timeout=600)
    assert code == 0, err
    assert "PanicException" not in err
    return json.loads(out.splitlines()[-1])


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_stops_a_long_call_within_a_second_or_so(name):
    """SIGINT 0.5 s into the call: KeyboardInterrupt, soon after (under 3 s for a busy CI
    machine; the call alone would run a minute or more)."""
    result = interrupted(LONG_CALLS[name], 0.5)
    assert result["outcome"] == "KeyboardInterrupt", result
    assert result["after"] < 3.0, result


# Calls of 5 s or more (measured on this 2-core machine while busy: sample_mesh of a
# 1000 × 1000 square at r = 1 21 s; relax of 70 000 points by FPO 5.4 s an iteration, of 100 000
# by Lloyd 2.2 s for 10 iterations; idle, a quarter to half of that), as the target asks:
# a signal 1.5 s in. Elimination no longer has a 5-second call: at its work limit, 131 072
# points, it took 2.0 s in a 50³ box and 1.2 s on the square, idle; so its signal comes 0.3 s in.
# One Lloyd iteration of 1 M points (4.8 s busy) triangulates them all in one piece of work, which
# no slice can cut: relax runs its job on a thread of its own and the caller returns the
# KeyboardInterrupt while that piece ends (before, the signal waited for it: 2.7 s and 6.7 s).
FIVE_SECOND_CALLS = {
    "sample_mesh": ("pl.sample_mesh(SQUARE, TWO, 1)", 1.5),
    "eliminate_box": ("pl.eliminate(131072, width=50, height=50, depth=50)", 0.3),
    "eliminate_mesh": ("pl.eliminate(131072, vertices=SQUARE, faces=TWO)", 0.3),
    "relax_fpo": ("pl.relax(POINTS, 1000, 1000, method='fpo', iterations=4)", 1.5),
    "relax_lloyd": ("pl.relax(MANY, 1000, 1000, method='lloyd', iterations=100)", 1.5),
    "relax_lloyd_million": ("pl.relax(pl.random_points(1_000_000, 1000, 1000, seed=1), 1000, "
                            "1000, method='lloyd', iterations=100)", 1.5),
}


@pytest.mark.parametrize("name", sorted(FIVE_SECOND_CALLS))
def test_ctrl_c_stops_a_five_second_call_within_a_second(name):
    """The issue's target: SIGINT 1.5 s into a call of 5 s or more (0.3 s into elimination's
    longest) raises KeyboardInterrupt (not PanicException) within 1 s of the signal (slices are
    about 40 ms; relax waits on its job's thread and checks every 20 ms)."""
    call, delay = FIVE_SECOND_CALLS[name]
    result = interrupted(call, delay, setup="""
        import numpy as np
        import poisson_live as pl
        POINTS = pl.random_points(70_000, 1000, 1000, seed=1)
        MANY = pl.random_points(100_000, 1000, 1000, seed=1)
        SQUARE = np.array([[0.0, 0, 0], [1000, 0, 0], [1000, 1000, 0], [0, 1000, 0]])
        TWO = np.array([[0, 1, 2], [0, 2, 3]])
    """)
    assert result["outcome"] == "KeyboardInterrupt", result
    assert result["after"] < 1.0, result


def test_a_signal_during_the_first_array_call_raises_the_handlers_exception():
    """A SIGALRM handler that raises, during the first call of a fresh process that returns an
    array: its exception, not rust-numpy's PanicException ("Failed to access NumPy array API
    capsule"), and at once rather than after the call."""
    code, out, err = child("""
        import signal, time
        import poisson_live as pl
        class Alarm(Exception):
            pass
        def ring(signum, frame):
            raise Alarm("ring")
        signal.signal(signal.SIGALRM, ring)
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        start = time.perf_counter()
        try:
            pl.poisson_disk(1000, 1000, 2, k=10000)
            print("returned")
        except Alarm:
            print("Alarm", time.perf_counter() - start)
    """, timeout=600)
    assert code == 0, err
    assert "PanicException" not in err and "capsule" not in err
    word, took = out.split()
    assert word == "Alarm" and float(took) < 3.3, out


def test_a_raising_radius_callable_is_reported_at_once():
    """The callable's first exception ends the run; before, the whole map was sampled at the
    smallest radius first (here, at k = 10000: minutes)."""
    calls = []

    def broken(x, y):
        calls.append((x, y))
        raise ZeroDivisionError("from the callable")

    start = time.perf_counter()
    with pytest.raises(ZeroDivisionError, match="from the callable"):
        pl.variable_radius(1000, 1000, 1, 4, broken, k=10000)
    assert time.perf_counter() - start < 3.0
    assert len(calls) == 1
    start = time.perf_counter()
    with pytest.raises(ValueError, match="finite"):
        pl.variable_radius(1000, 1000, 1, 4, lambda x, y: float("nan"), k=10000)
    assert time.perf_counter() - start < 3.0


MEMORY_CASES = {
    "poisson_disk": "pl.poisson_disk(8000, 8000, 2)",
    "fast": "pl.fast(8000, 8000, 2)",
    "EditableSet": "pl.EditableSet(8000, 8000, 2)",
    "EditableSet_empty": "pl.EditableSet(8000, 8000, 2, fill=False)",
    "Sampler": "pl.Sampler(8000, 8000, 2)",
    "variable_radius": "pl.variable_radius(8000, 8000, 2, 4, np.full((2, 2), 3.0))",
    "random_points": "pl.random_points(30_000_000, 100, 100)",
    "jittered_grid": "pl.jittered_grid(1.5, 8000, 8000)",
    "poisson_disk_3d": "pl.poisson_disk_3d(183, 183, 183, 1)",
    "fast_poisson_3d": "pl.fast_poisson_3d(183, 183, 183, 1)",
    "layers": "pl.layers(8000, 8000, [pl.Layer(4), pl.Layer(2)])",
    # Measured (VmPeak above the start, no limit): 311 MB; the fast sampler's 210 MB.
    "sample_mesh": "pl.sample_mesh(SQUARE, TWO, 1.0)",
    "measure": "pl.measure(pl.random_points(2_000_000, 1000, 1000), 1000, 1000)",  # 428 MB
    "relax": "pl.relax(pl.random_points(1_000_000, 1000, 1000), 1000, 1000, method='lloyd', "
             "iterations=1)",  # 344 bytes a point
}

#: Calls given their own limit in MB above the start (their measured peak in the comment, each
#: above the limit given; elimination's limits lie above what its estimate once reserved).
SMALLER_MEMORY_CASES = {
    "sample_mesh_fast": ("pl.sample_mesh(SQUARE, TWO, 1.0, method='fast')", 150),  # 210 MB
    "eliminate_plane": ("pl.eliminate(131072, width=50, height=50)", 250),  # 329 MB
    "eliminate_space": ("pl.eliminate(131072, width=50, height=50, depth=50)", 400),  # 497 MB
    "eliminate_mesh": ("pl.eliminate(131072, vertices=SQUARE, faces=TWO)", 300),  # 358 MB
}


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads VmSize from /proc")
@pytest.mark.parametrize("name", sorted(MEMORY_CASES) + sorted(SMALLER_MEMORY_CASES))
def test_out_of_memory_is_a_memory_error_not_an_abort(name):
    """Under an address-space limit 250 MB (or the case's MB) above the process's size, a call
    near the crate's work limit (each needs more) raises MemoryError and the interpreter lives
    on; a small call then still works. Before, these aborted the process ("memory allocation
    failed")."""
    call, headroom = SMALLER_MEMORY_CASES.get(name, (MEMORY_CASES.get(name), 250))
    code, out, err = child(f"""
        import resource
        import numpy as np
        import poisson_live as pl
        SQUARE = np.array([[0.0, 0, 0], [1000, 0, 0], [1000, 1000, 0], [0, 1000, 0]])
        TWO = np.array([[0, 1, 2], [0, 2, 3]])
        size = next(int(l.split()[1]) * 1024 for l in open("/proc/self/status")
                    if l.startswith("VmSize"))
        limit = size + {headroom} * 2**20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        try:
            {call}
            print("returned")
        except MemoryError as e:
            print("MemoryError", e)
        print(len(pl.poisson_disk(300, 200, 12)))
    """)
    assert code == 0, (code, err)
    lines = out.splitlines()
    assert lines[0].startswith("MemoryError"), out
    assert lines[1] == str(len(pl.poisson_disk(300, 200, 12)))


def test_a_broadcast_field_is_refused_before_it_is_copied():
    """A zero-stride view claims 10^10 cells from 8 bytes; the binding copied it whole (80 GB)."""
    huge = np.broadcast_to(np.float64(2.0), (100000, 100000))
    start = time.perf_counter()
    with pytest.raises(ValueError, match="radius field"):
        pl.variable_radius(100, 100, 1, 4, huge)
    assert time.perf_counter() - start < 1.0
    with pytest.raises(ValueError, match="inside"):
        pl.Layer(5, inside=np.broadcast_to(np.array([1.0, 1.0, np.nan]), (10, 3)))
    start = time.perf_counter()
    with pytest.raises(ValueError, match="outside has 10000000000 rows"):
        pl.Layer(5, outside=np.broadcast_to(np.array([1.0, 1.0, 1.0]), (10**10, 3)))
    with pytest.raises(ValueError, match="path has 10000000000 rows"):
        pl.EditableSet(100, 100, 10).erase(np.broadcast_to(np.array([1.0, 1.0]), (10**10, 2)), 5)
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("call, message", [
    (lambda: pl.poisson_disk(100, 100, 10, k=2**63), "k must be"),
    (lambda: pl.poisson_disk(100, 100, 10, k=-2**70), "k must be"),
    (lambda: pl.poisson_disk(10**400, 100, 10), "width"),
    (lambda: pl.poisson_disk(100, -10**400, 10), "height"),
    (lambda: pl.fast(100, 100, 10**400), "radius"),
    (lambda: pl.poisson_disk(100, 100, 10, seed=10**400), "seed"),
    (lambda: pl.fast(100, 100, 10, seed=-10**400), "seed"),
    (lambda: pl.endless(100, 100, 1, first_row=-1), "first_row"),
    (lambda: pl.endless(100, 100, 1, rows=10**30), "rows"),
    (lambda: pl.Sampler(100, 100, 10).run(-1), "max_steps"),
    (lambda: pl.random_points(2**64, 100, 100), "count"),
    (lambda: pl.dart_throwing(100, 100, 10, max_misses=2**40), "max_misses"),
    (lambda: pl.Layer(5, k=2**63), "k must be"),
    (lambda: pl.EditableSet(100, 100, 10, k=10**400), "k must be"),
])
def test_out_of_range_integers_are_value_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("call", [
    lambda: pl.poisson_disk(100, 100, 10, seed=True),
    lambda: pl.poisson_disk(True, 100, 1),
    lambda: pl.fast(100, 100, np.True_),
    lambda: pl.poisson_disk(100, 100, 10, k=True),
    lambda: pl.endless(100, 100, 1, seed=False),
    lambda: pl.EditableSet(100, 100, 10).erase((5, 5), True),
])
def test_bools_are_not_numbers(call):
    with pytest.raises(TypeError, match="bool"):
        call()


def test_numpy_integers_and_whole_floats_still_work():
    assert np.array_equal(pl.poisson_disk(100, 100, 10, k=np.int64(30), seed=np.int32(7)),
                          pl.poisson_disk(100, 100, 10, seed=7))
    assert np.array_equal(pl.fast(np.float32(100), 100, 5, seed=7.0), pl.fast(100, 100, 5, seed=7))
    assert len(list(pl.endless(900, 700, 5, first_row=np.int64(2), rows=np.uint8(3)))) == 3


@pytest.mark.parametrize("disc", [
    [50.0, 50.0, np.nan], [50.0, 50.0, np.inf], [50.0, 50.0, -1.0],
    [np.nan, 50.0, 10.0], [50.0, -np.inf, 10.0],
])
@pytest.mark.parametrize("side", ["inside", "outside"])
def test_mask_discs_must_be_finite_with_a_radius_of_zero_or_more(disc, side):
    with pytest.raises(ValueError, match=f"{side} disc 1"):
        pl.Layer(5, **{side: np.array([[10.0, 10.0, 5.0], disc])})
    # A disc of radius 0 holds nothing, and is allowed.
    assert pl.Layer(5, **{side: np.array([[10.0, 10.0, 0.0]])}).radius == 5


def test_a_layer_among_ten_thousand_discs_is_quick_and_keeps_its_mask():
    """Layer(outside=…) and Layer(inside=…) with 10 000 discs: the core indexes the discs by cell
    (measured on this machine: 0.96 s for the outside layer, 43.6 s before the index, when every
    candidate asked every disc); the points keep the mask (checked against every disc for a
    sample of them)."""
    rng = np.random.default_rng(1)
    n = 10_000
    discs = np.column_stack([rng.uniform(0, 1000, n), rng.uniform(0, 1000, n), rng.uniform(1, 6, n)])
    for side in ["outside", "inside"]:
        start = time.perf_counter()
        points = pl.layers(1000, 1000, [pl.Layer(2, seed=3, **{side: discs})])[0]
        took = time.perf_counter() - start
        assert took < 15.0, (side, took)
        assert len(points) > 10_000
        sample = points[rng.choice(len(points), 500, replace=False), :2]
        d2 = ((sample[:, None, :] - discs[None, :, :2]) ** 2).sum(axis=2)
        inside_any = (d2 < discs[None, :, 2] ** 2).any(axis=1)
        assert inside_any.all() if side == "inside" else not inside_any.any(), side
