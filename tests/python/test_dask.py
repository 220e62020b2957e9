"""poisson_live.dask on a two-worker LocalCluster: endless_frame's lazy DataFrame, computed, and
endless's Parquet parts, read in order, are exactly `poisson endless`'s points."""

import os
import time

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest
import dask.dataframe as dd
from distributed import Client, LocalCluster

import poisson_live.dask
from conftest import cli_endless

ARGS = (1000, 900, 5.0)
SEED = 77


def read(parts):
    xs, ys = [], []
    for part in parts:
        table = pq.read_table(part)
        assert table.schema.names == ["x", "y"]
        assert all(str(t) == "double" for t in table.schema.types)
        xs.append(table.column("x").to_numpy())
        ys.append(table.column("y").to_numpy())
    return np.column_stack([np.concatenate(xs), np.concatenate(ys)])


@pytest.fixture(scope="module")
def expected():
    return cli_endless(*ARGS, SEED)


def test_endless_frame_is_lazy():
    """A world of 10^6 × 10^6 at r = 2 (some 2·10^11 points) as a frame: built at once, and the
    band function never called until the frame is computed."""
    calls = []
    real = poisson_live.dask._band_frame

    def counted(band):
        calls.append(band)
        return real(band)

    poisson_live.dask._band_frame = counted
    try:
        start = time.perf_counter()
        frame = poisson_live.dask.endless_frame(1e6, 1e6, 2, seed=5)
        took = time.perf_counter() - start
    finally:
        poisson_live.dask._band_frame = real
    assert took < 5.0, took
    assert calls == []
    # 31 251 rows of chunks (16 radii each) in bands of 16.
    assert frame.npartitions == -(-31251 // 16)
    assert frame.known_divisions
    assert frame.divisions[:3] == (0, 16, 32) and frame.divisions[-1] == 31250
    assert list(frame.columns) == ["x", "y"]
    assert all(str(t) == "float64" for t in frame.dtypes)
    # One band alone, computed (of a narrower world: the wide one's first band alone holds
    # some 10^8 points): the first partition is the first 16 rows of chunks.
    poisson_live.dask._band_frame = counted
    try:
        narrow = poisson_live.dask.endless_frame(1000, 1e6, 2, seed=5)
    finally:
        poisson_live.dask._band_frame = real
    head = narrow.partitions[0].compute(scheduler="sync")
    assert len(calls) == 1 and calls[0][4:] == (0, 16)
    first = np.concatenate(list(poisson_live.endless(1000, 1e6, 2, seed=5, rows=16)))
    assert np.array_equal(head[["x", "y"]].to_numpy(), first)


def test_endless_frame_on_two_workers_is_poisson_endless(tmp_path, expected):
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        # 12 chunk rows (80 units each): one band, bands of 4, bands of 3 and 5 (odd rows).
        for band_rows in [16, 4, 3, 5]:
            frame = poisson_live.dask.endless_frame(*ARGS, seed=SEED, band_rows=band_rows)
            firsts = tuple(range(0, 12, band_rows))
            assert frame.npartitions == len(firsts)
            assert frame.divisions == firsts + (11,)
            got = frame.compute()
            assert list(got.columns) == ["x", "y"]
            assert got["x"].dtype == np.float64 and got["y"].dtype == np.float64
            assert np.array_equal(got.to_numpy(), expected)
            # The index is each point's row of chunks.
            assert got.index.name == "chunk_row" and got.index.dtype == np.int64
            assert np.array_equal(got.index.to_numpy(), (got["y"].to_numpy() // 80).astype(np.int64))
        # Both workers took part in the last compute.
        ran = client.run(lambda dask_worker: len(dask_worker.data) + len(dask_worker.state.log))
        assert len(ran) == 2 and all(n > 0 for n in ran.values()), ran
        # Rows selected by chunk row read only their bands, and are the CLI's.
        rows = frame.loc[4:6]
        assert rows.npartitions == 2
        in_rows = (expected[:, 1] >= 4 * 80) & (expected[:, 1] < 7 * 80)
        assert np.array_equal(rows.compute().to_numpy(), expected[in_rows])
        # Parquet through Dask's own writer, read back in order.
        frame.to_parquet(str(tmp_path / "pq"), name_function=lambda i: f"part-{i:05d}.parquet")
        back = pd.read_parquet(str(tmp_path / "pq"))
        assert np.array_equal(back[["x", "y"]].to_numpy(), expected)
        assert np.array_equal(dd.read_parquet(str(tmp_path / "pq")).compute()[["x", "y"]].to_numpy(),
                              expected)


@pytest.mark.parametrize("call, error, message", [
    (lambda: poisson_live.dask.endless_frame(1000, 900, -5.0), ValueError, "radius"),
    (lambda: poisson_live.dask.endless_frame(1000, 900, 5.0, band_rows=0), ValueError, "band_rows"),
    (lambda: poisson_live.dask.endless_frame(1000, 900, 5.0, band_rows=True), TypeError, "bool"),
    (lambda: poisson_live.dask.endless_frame(1000, 900, 5.0, band_rows=2.5), TypeError, "band_rows"),
    (lambda: poisson_live.dask.endless_frame(1000, 900, 5.0, seed=True), TypeError, "bool"),
    (lambda: poisson_live.dask.endless_frame(1000, 900, 5.0, seed=2**40), ValueError, "seed"),
    (lambda: poisson_live.dask.endless_frame(1000, 900, 5.0, 7), TypeError, "positional"),
])
def test_endless_frame_refuses_bad_input_at_once(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_endless_frame_takes_numpy_numbers():
    a = poisson_live.dask.endless_frame(np.float32(400), np.int64(300), 5.0, seed=np.int64(3),
                                        band_rows=np.int64(2))
    b = poisson_live.dask.endless_frame(400, 300, 5, seed=3.0, band_rows=2)
    assert a.npartitions == b.npartitions == 2
    assert a.compute(scheduler="sync").equals(b.compute(scheduler="sync"))


@pytest.mark.parametrize("workers", [1, 2])
def test_the_parts_are_poisson_endless(tmp_path, expected, workers):
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == workers
        # 12 chunk rows in bands of 4 and of 3 (bands starting on odd rows too).
        for band_rows in [4, 3]:
            path = tmp_path / f"world-{band_rows}"
            parts = poisson_live.dask.endless(*ARGS, seed=SEED, path=str(path), band_rows=band_rows)
            assert len(parts) == -(-12 // band_rows)
            # The parts, and the call's claim (hidden from readers by its leading "_").
            listed = sorted(f for f in os.listdir(path) if not f.startswith("_"))
            assert listed == sorted(os.path.basename(p) for p in parts)
            assert sorted(os.listdir(path)) == sorted(listed + ["_poisson_live.json"])
            assert np.array_equal(read([str(path)]), expected)
            got = read(parts)
            assert got.dtype == np.float64
            assert np.array_equal(got, expected)
        # A path that holds parts already is refused, and bad input before any task.
        with pytest.raises(ValueError, match="already holds part files"):
            poisson_live.dask.endless(*ARGS, seed=SEED, path=str(tmp_path / "world-4"))
        with pytest.raises(ValueError, match="radius"):
            poisson_live.dask.endless(1000, 900, -5.0, seed=SEED, path=str(tmp_path / "bad"))
        assert not (tmp_path / "bad").exists()


def test_numpy_band_rows_and_bools(tmp_path):
    """band_rows as a numpy integer is a whole number; a bool is refused, as anywhere."""
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, Client(cluster):
        parts = poisson_live.dask.endless(*ARGS, seed=SEED, path=str(tmp_path / "np"),
                                          band_rows=np.int64(4))
        assert len(parts) == 3
        for bad in [True, np.bool_(True)]:
            with pytest.raises(TypeError, match="bool"):
                poisson_live.dask.endless(*ARGS, seed=SEED, path=str(tmp_path / "b"), band_rows=bad)
        with pytest.raises(TypeError, match="bool"):
            poisson_live.dask.endless(*ARGS, seed=True, path=str(tmp_path / "b"))
        with pytest.raises(TypeError, match="bool"):
            poisson_live.dask.endless(True, 900, 5.0, seed=SEED, path=str(tmp_path / "b"))
        assert not (tmp_path / "b").exists()


KILLED_MID_WRITE = """
import os, sys
import pyarrow.parquet as pq
import poisson_live.dask
real = pq.write_table
def write_then_die(table, where, **kw):
    with open(where, "wb") as f:
        f.write(b"PAR1")  # what a writer killed at once leaves
    os._exit(9)
pq.write_table = write_then_die
poisson_live.dask.write_band(1000, 900, 5.0, 77, 4, 4, sys.argv[1])
"""


def test_a_worker_killed_mid_write_leaves_nothing_readers_see(tmp_path, expected):
    """A worker killed mid-write (here: it exits at once, no cleanup runs) leaves its partial
    file under a hidden name, which readers of the directory skip; before, a visible
    part-00000.parquet.<pid>.partial broke pq.read_table(dir) and pd.read_parquet(dir)."""
    import subprocess
    import sys

    path = tmp_path / "world"
    path.mkdir()
    run = subprocess.run([sys.executable, "-c", KILLED_MID_WRITE, str(path / "part-00001.parquet")])
    assert run.returncode == 9
    left = os.listdir(path)
    assert len(left) == 1 and left[0].startswith("."), left
    # The other bands, written whole: the directory reads as them, the leftover unseen.
    for index, first in [(0, 0), (2, 8)]:
        poisson_live.dask.write_band(1000, 900, 5.0, SEED, first, 4, str(path / f"part-{index:05d}.parquet"))
    table = pq.read_table(str(path))
    assert table.num_rows == len(read([str(path / "part-00000.parquet"), str(path / "part-00002.parquet")]))
    pd = pytest.importorskip("pandas")
    assert len(pd.read_parquet(str(path))) == table.num_rows


def test_a_failed_write_removes_its_partial(tmp_path, monkeypatch):
    import pyarrow.parquet as pq_module

    def fail(table, where, **kw):
        with open(where, "wb") as f:
            f.write(b"PAR1")
        raise OSError("disk full")

    monkeypatch.setattr(pq_module, "write_table", fail)
    with pytest.raises(OSError, match="disk full"):
        poisson_live.dask.write_band(1000, 900, 5.0, SEED, 0, 4, str(tmp_path / "part-00000.parquet"))
    assert os.listdir(tmp_path) == []


def test_a_writer_whose_claim_is_gone_writes_nothing(tmp_path):
    (tmp_path / "_poisson_live.json").write_text('{"token": "another call"}')
    with pytest.raises(RuntimeError, match="no longer claimed"):
        poisson_live.dask.write_band(1000, 900, 5.0, SEED, 0, 4, str(tmp_path / "part-00000.parquet"),
                                     "this call")
    assert os.listdir(tmp_path) == ["_poisson_live.json"]


def test_two_calls_into_one_path_one_wins_whole(tmp_path):
    """Two calls started together into one path, seeds 7 and 8: exactly one succeeds, and the
    directory holds its world alone; the other is refused. Before, both passed the check for
    part files and the seed-7 caller could get success with seed 8's parts."""
    import threading

    path = str(tmp_path / "shared")
    start = threading.Barrier(2)
    results = {}

    def call(seed):
        start.wait()
        try:
            results[seed] = poisson_live.dask.endless(*ARGS, seed=seed, path=path, band_rows=1)
        except ValueError as e:
            results[seed] = e

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster):
        threads = [threading.Thread(target=call, args=(seed,)) for seed in (7, 8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    won = [seed for seed, r in results.items() if isinstance(r, list)]
    lost = [seed for seed, r in results.items() if isinstance(r, ValueError)]
    assert len(won) == 1 and len(lost) == 1, results
    assert "already holds" in str(results[lost[0]])
    assert np.array_equal(read(results[won[0]]), cli_endless(*ARGS, won[0]))
    assert np.array_equal(read([path]), cli_endless(*ARGS, won[0]))
