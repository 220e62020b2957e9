"""Deterministic Poisson disk sampling, from the Rust crate ``poisson-live``.

A seed gives the same points, to the bit, as the crate, its CLI (``poisson``) and the page.
Every function returns numpy arrays (float64 coordinates); bad input raises ``ValueError`` with
the crate's message (``TypeError`` for a wrong type, a bool included), and a call the process
has no memory for raises ``MemoryError``. Long work runs with the GIL released, in slices that
Ctrl-C stops.

>>> import poisson_live
>>> trees = poisson_live.poisson_disk(720, 400, 24, seed=123456)  # x, y, r per row
>>> trees.shape
(315, 3)

The type aliases of the signatures (``Real``, ``Seed``, ``Float64Array``, …) live in
:mod:`poisson_live.types` and are re-exported here.

Maps past one machine: :func:`poisson_live.dask.endless_frame`, the endless world as a lazy
``dask.dataframe.DataFrame`` (needs ``dask[dataframe]``), and :func:`poisson_live.dask.endless`,
its Parquet parts written by a ``dask.distributed`` cluster (needs ``dask[distributed]`` and
``pyarrow``).
"""

from ._native import (
    DEFAULT_SEED,
    EditableSet,
    Endless,
    Layer,
    MeshSample,
    Sampler,
    __version__,
    classes,
    dart_throwing,
    eliminate,
    endless,
    fast,
    fast_poisson_3d,
    jittered_grid,
    layers,
    measure,
    poisson_disk,
    poisson_disk_3d,
    random_points,
    relax,
    sample_mesh,
    stamp_circles,
    variable_radius,
)
from .types import Float64Array, Int64Array, Outcome, Path, Real, Seed, StepKind, Tool, Whole

__all__ = [
    "DEFAULT_SEED",
    "EditableSet",
    "Endless",
    "Float64Array",
    "Int64Array",
    "Layer",
    "MeshSample",
    "Outcome",
    "Path",
    "Real",
    "Sampler",
    "Seed",
    "StepKind",
    "Tool",
    "Whole",
    "__version__",
    "classes",
    "dart_throwing",
    "eliminate",
    "endless",
    "fast",
    "fast_poisson_3d",
    "jittered_grid",
    "layers",
    "measure",
    "poisson_disk",
    "poisson_disk_3d",
    "random_points",
    "relax",
    "sample_mesh",
    "stamp_circles",
    "variable_radius",
]
