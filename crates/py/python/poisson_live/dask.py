"""Maps past one machine: ``poisson endless``'s chunked world as Dask tasks.

The chunked world is a pure function of the seed and each chunk's coordinates, so it splits into
*bands* of chunk rows that any worker can build on its own: a band recomputes the few neighbour
chunks it needs (the even row below an odd last row) rather than waiting for another task.

:func:`endless_frame` is the world as a lazy ``dask.dataframe.DataFrame``, one partition per
band; nothing is computed until you ask (``.compute()``, ``.to_parquet(…)``, a reduction)::

    from distributed import Client, LocalCluster
    import poisson_live.dask
    with Client(LocalCluster(n_workers=2, threads_per_worker=1)):
        world = poisson_live.dask.endless_frame(8000, 8000, 2.0, seed=7)
        print(len(world))                      # counts the points, band by band
        world.to_parquet("world-parquet")      # or any other Dask writer

:func:`endless` runs one task per band on the current ``dask.distributed`` client, each writing
one Parquet part file (float64 columns ``x`` and ``y``); read in part order, the parts are
exactly the points of ``poisson endless`` for the same arguments, in its order, for any number
of workers::

    with Client(LocalCluster(n_workers=2, threads_per_worker=1)):
        parts = poisson_live.dask.endless(8000, 8000, 2.0, seed=7, path="world")

On a cluster: ``Client("tcp://scheduler:8786")`` instead of the ``LocalCluster``. Every worker
needs ``poisson-live`` (this wheel), ``numpy`` and ``pandas`` (and ``pyarrow`` for Parquet)
installed; for :func:`endless`, ``path`` must be a directory every worker can write and the
caller can read (a shared file system), since each worker writes its own parts there.
"""

from __future__ import annotations

import json
import operator
import os
import uuid
from typing import TYPE_CHECKING, Any, List, Optional, Tuple

from . import _native
from .types import Real, Seed, Whole

if TYPE_CHECKING:
    import dask.dataframe

__all__ = ["endless", "endless_frame", "write_band"]

#: Rows of chunks per task: even, so every band starts on an even row, which needs no row above
#: it (an odd first row would build the even row above it again).
DEFAULT_BAND_ROWS = 16

#: The file that claims a directory for one call, created exclusively before any task starts
#: and holding the call's arguments and token. Its leading ``_`` hides it from readers of the
#: directory as a dataset (pyarrow and pandas skip names starting with ``_`` or ``.``).
CLAIM = "_poisson_live.json"


def _claimed_by(path: str) -> Optional[str]:
    """The token of the call that claimed ``path``, or None when no claim is readable."""
    try:
        with open(os.path.join(path, CLAIM), encoding="utf-8") as f:
            token = json.load(f).get("token")
    except (OSError, ValueError, AttributeError):
        return None
    return token if isinstance(token, str) else None


def write_band(
    width: float,
    height: float,
    radius: float,
    seed: int,
    first_row: int,
    rows: int,
    target: str,
    token: Optional[str] = None,
) -> int:
    """One task: builds chunk rows ``first_row .. first_row + rows`` of the world and writes
    their points to the Parquet file ``target``. It writes a hidden file beside it first (a name
    starting with ``.``, which readers of the directory skip, removed if the write fails) and
    renames it into place, so a file there is always whole. With a ``token``, the directory's
    claim must still be that call's, or nothing is written. Returns how many points it wrote."""
    import numpy as np
    # pyarrow ships no types (yet): untyped here, and no complaint once it does.
    import pyarrow as pa  # type: ignore[import-untyped,unused-ignore]
    import pyarrow.parquet as pq  # type: ignore[import-untyped,unused-ignore]

    band = _native.endless(width, height, radius, seed=seed, first_row=first_row, rows=rows)
    chunks = list(band)
    points = np.concatenate(chunks) if chunks else np.empty((0, 2), dtype=np.float64)
    table = pa.table(
        {
            "x": pa.array(np.ascontiguousarray(points[:, 0]), type=pa.float64()),
            "y": pa.array(np.ascontiguousarray(points[:, 1]), type=pa.float64()),
        }
    )
    folder, name = os.path.split(target)
    partial = os.path.join(folder, f".{name}.{os.getpid()}.partial")
    try:
        pq.write_table(table, partial)
        if token is not None and _claimed_by(folder) != token:
            raise RuntimeError(
                f"{folder} is no longer claimed by this call ({CLAIM} changed): "
                f"{name} was not written"
            )
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.remove(partial)
    return len(points)


def _whole(name: str, value: object) -> int:
    """An int or numpy integer (never a bool) as an int, else TypeError naming ``name``."""
    if isinstance(value, bool) or type(value).__name__ in ("bool", "bool_"):
        raise TypeError(f"{name} must be a whole number, got the bool {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be a whole number, got {value!r}") from None


def _band_frame(band: Tuple[float, float, float, int, int, int]) -> Any:
    """One partition of :func:`endless_frame`: chunk rows ``first .. first + rows`` of the world
    as a pandas DataFrame (float64 ``x``, ``y``), indexed by each point's chunk row."""
    import numpy as np
    import pandas as pd  # type: ignore[import-untyped,unused-ignore]

    width, height, radius, seed, first, rows = band
    arrays = list(_native.endless(width, height, radius, seed=seed, first_row=first, rows=rows))
    points = np.concatenate(arrays) if arrays else np.empty((0, 2), dtype=np.float64)
    row = np.repeat(np.arange(first, first + len(arrays), dtype=np.int64), [len(a) for a in arrays])
    return pd.DataFrame(
        {"x": points[:, 0].copy(), "y": points[:, 1].copy()},
        index=pd.Index(row, name="chunk_row"),
    )


def endless_frame(
    width: Real,
    height: Real,
    radius: Real,
    *,
    seed: Seed = _native.DEFAULT_SEED,
    band_rows: Whole = DEFAULT_BAND_ROWS,
) -> "dask.dataframe.DataFrame":
    """``poisson endless``'s world over ``[0, width) × [0, height)`` as a lazy Dask DataFrame.

    Float64 columns ``x`` and ``y``; one partition per band of ``band_rows`` chunk rows (chunks
    are 16 radii across), in order, so the computed rows are exactly ``poisson endless``'s points
    for the same width, height, radius and seed, in its order. The index, ``chunk_row`` (int64),
    is each point's row of chunks: the divisions are known (each band's first row), so
    ``frame.loc[a:b]`` reads only the bands it needs. The call computes nothing; it runs on
    whatever scheduler computes the frame (a ``dask.distributed`` client, threads, …).

    Bad arguments raise ``ValueError`` or ``TypeError`` (the crate's message) at once.
    """
    import dask.dataframe as dd
    import numpy as np
    import pandas as pd  # type: ignore[import-untyped,unused-ignore]

    band_rows = _whole("band_rows", band_rows)
    if band_rows < 1:
        raise ValueError(f"band_rows must be a whole number ≥ 1, got {band_rows!r}")
    # Checks every argument as the CLI does, and counts the rows, without building any.
    total = _native.endless(width, height, radius, seed=seed).chunk_rows
    # Checked above: a whole number in 32 bits (7, 7.0 or a numpy integer), exact as a float.
    seed = int(float(seed))
    size = (float(width), float(height), float(radius))
    bands = [(*size, seed, first, min(band_rows, total - first))
             for first in range(0, total, band_rows)]
    meta = pd.DataFrame(
        {"x": np.empty(0, dtype=np.float64), "y": np.empty(0, dtype=np.float64)},
        index=pd.Index(np.empty(0, dtype=np.int64), name="chunk_row"),
    )
    # Band i holds chunk rows [first_i, first_{i+1}); the last band ends with the last row.
    divisions = [band[4] for band in bands] + [total - 1]
    frame: dask.dataframe.DataFrame = dd.from_map(  # type: ignore[no-untyped-call,unused-ignore]
        _band_frame, bands, meta=meta, divisions=divisions, label="poisson-live-endless"
    )
    return frame


def endless(
    width: Real,
    height: Real,
    radius: Real,
    *,
    seed: Seed = _native.DEFAULT_SEED,
    path: str,
    band_rows: Whole = DEFAULT_BAND_ROWS,
    client: Optional[Any] = None,
) -> List[str]:
    """Builds ``poisson endless``'s world over ``[0, width) × [0, height)`` on a Dask cluster.

    One task per band of ``band_rows`` chunk rows (chunks are 16 radii across) runs on
    ``client``, by default the current ``dask.distributed`` client; each writes
    ``path/part-NNNNN.parquet`` with float64 columns ``x`` and ``y``. Returns the part files in
    order: concatenated, their rows are exactly ``poisson endless``'s points for the same
    width, height, radius and seed, in its order.

    Bad arguments raise ``ValueError`` or ``TypeError`` (the crate's message) before any task
    starts. The call claims ``path`` first by creating ``path/_poisson_live.json`` exclusively
    (with its arguments): a ``path`` that holds part files or another call's claim is refused
    with ``ValueError``, since two worlds would mix there.
    """
    band_rows = _whole("band_rows", band_rows)
    if band_rows < 1:
        raise ValueError(f"band_rows must be a whole number ≥ 1, got {band_rows!r}")
    # Checks every argument as the CLI does, and counts the rows, without building any.
    total = _native.endless(width, height, radius, seed=seed).chunk_rows
    # Checked above: a whole number in 32 bits (7, 7.0 or a numpy integer), exact as a float.
    seed = int(float(seed))
    if client is None:
        from distributed import default_client

        client = default_client()  # type: ignore[no-untyped-call,unused-ignore]
    os.makedirs(path, exist_ok=True)
    token = uuid.uuid4().hex
    claim = os.path.join(path, CLAIM)
    record = {
        "width": float(width),
        "height": float(height),
        "radius": float(radius),
        "seed": seed,
        "band_rows": band_rows,
        "token": token,
    }
    try:
        fd = os.open(claim, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        raise ValueError(
            f"{path} already holds part files of a world ({CLAIM} claims it for another call): "
            "remove them or choose another path"
        ) from None
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(record, f)
    stale = sorted(f for f in os.listdir(path) if f.startswith("part-") and f.endswith(".parquet"))
    if stale:
        os.remove(claim)
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
            client.submit(
                write_band,
                float(width),
                float(height),
                float(radius),
                seed,
                first,
                min(band_rows, total - first),
                target,
                token,
                key=f"poisson-live-band-{token}-{first}",
                pure=False,
            )
        )
    client.gather(futures)
    # What a worker killed mid-write left behind (hidden, but not kept).
    for name in os.listdir(path):
        if name.startswith(".part-") and name.endswith(".partial"):
            try:
                os.remove(os.path.join(path, name))
            except OSError:
                pass
    return targets
