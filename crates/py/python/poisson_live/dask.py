"""Maps past one machine: ``poisson endless``'s chunked world as Dask tasks.

The chunked world is a pure function of the seed and each chunk's coordinates, so it splits into
*bands* of chunk rows that any worker can build on its own: a band recomputes the few neighbour
chunks it needs (the even row below an odd last row) rather than waiting for another task. One
task per band runs on the current ``dask.distributed`` client and writes one Parquet part file
(float64 columns ``x`` and ``y``); read in part order, the parts are exactly the points of
``poisson endless`` for the same arguments, in its order, for any number of workers.

On a laptop::

    from distributed import Client, LocalCluster
    import poisson_live.dask
    with Client(LocalCluster(n_workers=2, threads_per_worker=1)):
        parts = poisson_live.dask.endless(8000, 8000, 2.0, seed=7, path="world")

On a cluster: ``Client("tcp://scheduler:8786")`` instead of the ``LocalCluster``. Every worker
needs ``poisson-live`` (this wheel), ``numpy`` and ``pyarrow`` installed, and ``path`` must be a
directory every worker can write and the caller can read (a shared file system), since each
worker writes its own parts there.
"""

from __future__ import annotations

import os
from typing import List, Optional

from . import _native

__all__ = ["endless", "write_band"]

#: Rows of chunks per task: even, so every band starts on an even row, which needs no row above
#: it (an odd first row would build the even row above it again).
DEFAULT_BAND_ROWS = 16


def write_band(
    width: float,
    height: float,
    radius: float,
    seed: int,
    first_row: int,
    rows: int,
    target: str,
) -> int:
    """One task: builds chunk rows ``first_row .. first_row + rows`` of the world and writes
    their points to the Parquet file ``target`` (written beside it, then renamed, so a file
    there is always whole). Returns how many points it wrote."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.parquet as pq

    band = _native.endless(width, height, radius, seed, first_row=first_row, rows=rows)
    chunks = list(band)
    points = np.concatenate(chunks) if chunks else np.empty((0, 2), dtype=np.float64)
    table = pa.table(
        {
            "x": pa.array(np.ascontiguousarray(points[:, 0]), type=pa.float64()),
            "y": pa.array(np.ascontiguousarray(points[:, 1]), type=pa.float64()),
        }
    )
    partial = f"{target}.{os.getpid()}.partial"
    pq.write_table(table, partial)
    os.replace(partial, target)
    return len(points)


def endless(
    width: float,
    height: float,
    radius: float,
    *,
    seed: int = _native.DEFAULT_SEED,
    path: str,
    band_rows: int = DEFAULT_BAND_ROWS,
    client: Optional[object] = None,
) -> List[str]:
    """Builds ``poisson endless``'s world over ``[0, width) × [0, height)`` on a Dask cluster.

    One task per band of ``band_rows`` chunk rows (chunks are 16 radii across) runs on
    ``client``, by default the current ``dask.distributed`` client; each writes
    ``path/part-NNNNN.parquet`` with float64 columns ``x`` and ``y``. Returns the part files in
    order: concatenated, their rows are exactly ``poisson endless``'s points for the same
    width, height, radius and seed, in its order.

    Bad arguments raise ``ValueError`` (the crate's message) before any task starts; so does a
    ``path`` that already holds part files, which would mix two worlds.
    """
    if isinstance(band_rows, bool) or not isinstance(band_rows, int) or band_rows < 1:
        raise ValueError(f"band_rows must be a whole number ≥ 1, got {band_rows!r}")
    # Checks every argument as the CLI does, and counts the rows, without building any.
    total = _native.endless(width, height, radius, seed).chunk_rows
    if client is None:
        from distributed import default_client

        client = default_client()
    os.makedirs(path, exist_ok=True)
    stale = sorted(f for f in os.listdir(path) if f.startswith("part-") and f.endswith(".parquet"))
    if stale:
        raise ValueError(
            f"{path} already holds part files ({stale[0]}, …): remove them or choose another path"
        )
    digits = max(5, len(str(total // band_rows)))
    targets = []
    futures = []
    for index, first in enumerate(range(0, total, band_rows)):
        target = os.path.join(path, f"part-{index:0{digits}d}.parquet")
        targets.append(target)
        futures.append(
            client.submit(  # type: ignore[attr-defined]
                write_band,
                float(width),
                float(height),
                float(radius),
                int(seed),
                first,
                min(band_rows, total - first),
                target,
                key=f"poisson-live-band-{seed}-{first}-{os.path.abspath(target)}",
                pure=False,
            )
        )
    client.gather(futures)  # type: ignore[attr-defined]
    return targets
