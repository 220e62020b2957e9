"""poisson_live.dask.endless on a two-worker LocalCluster: the union of its Parquet parts, read in
order, is exactly `poisson endless`'s points, for 1 and 2 workers."""

import os

import numpy as np
import pyarrow.parquet as pq
import pytest
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
            assert sorted(os.listdir(path)) == sorted(os.path.basename(p) for p in parts)
            got = read(parts)
            assert got.dtype == np.float64
            assert np.array_equal(got, expected)
        # A path that holds parts already is refused, and bad input before any task.
        with pytest.raises(ValueError, match="already holds part files"):
            poisson_live.dask.endless(*ARGS, seed=SEED, path=str(tmp_path / "world-4"))
        with pytest.raises(ValueError, match="radius"):
            poisson_live.dask.endless(1000, 900, -5.0, seed=SEED, path=str(tmp_path / "bad"))
        assert not (tmp_path / "bad").exists()
