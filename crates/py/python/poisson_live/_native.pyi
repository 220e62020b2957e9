"""Types of the compiled module ``poisson_live._native`` (re-exported by ``poisson_live``).

Coordinates are float64. A seed is a whole number from -2147483648 to 2147483647 (an int, or a
whole float); every function refuses bad input with ``ValueError`` and the crate's message (an
integer of any size included), and a bool where a number goes with ``TypeError``. A call that
would need more memory than the process may have raises ``MemoryError`` before it starts. Long
calls run in slices with the GIL released and check for signals between them: Ctrl-C raises
``KeyboardInterrupt`` (and a signal handler's exception propagates) within a fraction of a
second.
"""

from typing import (
    Any,
    Callable,
    Dict,
    Iterator,
    List,
    Literal,
    Optional,
    Sequence,
    Tuple,
    Union,
    overload,
)

import numpy as np
import numpy.typing as npt

from .types import Float64Array, Int64Array, Outcome, Path, Real, Seed, StepKind, Tool, Whole

__version__: str
DEFAULT_SEED: int
"""123456: the seed the crate, the page and the CLI start from."""

def poisson_disk(
    width: Real, height: Real, radius: Real, *, k: Whole = 30, seed: Seed = 123456
) -> Float64Array:
    """Bridson's algorithm: points at least ``radius`` apart filling ``[0, width) × [0, height)``.

    Returns an (N, 3) array of x, y, r in the order the crate places them (``r`` is ``radius``).
    ``k`` is the tries per step (1 to 10000).
    """

def fast(width: Real, height: Real, radius: Real, *, seed: Seed = 123456) -> Float64Array:
    """The fast sampler (about 0.885 points per r², several times quicker): an (N, 2) array."""

def random_points(count: Whole, width: Real, height: Real, *, seed: Seed = 123456) -> Float64Array:
    """``count`` uniform random points, the tutorial's baseline: an (N, 2) array."""

def jittered_grid(spacing: Real, width: Real, height: Real, *, seed: Seed = 123456) -> Float64Array:
    """One random point in each cell of a grid of side ``spacing``: an (N, 2) array."""

def dart_throwing(
    width: Real, height: Real, radius: Real, *, max_misses: Whole = 500, seed: Seed = 123456
) -> Float64Array:
    """Darts kept when at least ``radius`` from every kept one, until ``max_misses`` in a row
    miss: an (N, 2) array."""

def variable_radius(
    width: Real,
    height: Real,
    min_radius: Real,
    max_radius: Real,
    radius: Union[Callable[[float, float], Real], Float64Array],
    *,
    k: Whole = 30,
    seed: Seed = 123456,
) -> Float64Array:
    """Bridson's algorithm with a spacing that varies over the map: an (N, 3) array of x, y, r.

    ``radius`` is a callable ``radius(x, y) -> float`` (called with the GIL held) or a 2-D
    float64 array over the map, row ``i`` covering ``y`` in ``[i·h/rows, (i+1)·h/rows)``. The
    spacing is clamped to ``[min_radius, max_radius]``; an exception raised by the callable (or
    a return value that is not finite) ends the run at once and is raised. A field has at most
    33554432 cells (the crate's cell limit).
    """

def poisson_disk_3d(
    width: Real,
    height: Real,
    depth: Real,
    radius: Real,
    *,
    k: Whole = 30,
    seed: Seed = 123456,
) -> Float64Array:
    """Bridson's algorithm in the box ``[0, width) × [0, height) × [0, depth)``: an (N, 3)
    array of x, y, z, every pair at least ``radius`` apart, exactly the points of
    ``poisson bridson --depth`` (about 0.6 points per r³ at k = 30)."""

def fast_poisson_3d(
    width: Real, height: Real, depth: Real, radius: Real, *, seed: Seed = 123456
) -> Float64Array:
    """The fast sampler in the box: an (N, 3) array of x, y, z, exactly the points of
    ``poisson fast --depth`` (about 0.69 points per r³, quicker than Bridson's)."""

def relax(
    points: Union[Float64Array, npt.NDArray[np.floating[Any]], npt.NDArray[np.integer[Any]]],
    width: Real,
    height: Real,
    *,
    method: Literal["lloyd", "fpo"],
    iterations: Whole,
    wrap: bool = False,
) -> Float64Array:
    """``points`` ((N, 2) x, y, or (N, 3) whose third column is left out; float32 and integer
    arrays converted) moved by ``iterations`` of ``method`` on the map (a torus with ``wrap``),
    in the same order: an (N, 2) array, ``poisson relax``'s points. ``lloyd`` moves every point
    to its Voronoi cell's centroid, ``fpo`` each in turn into the largest empty circle."""

def measure(
    points: Union[Float64Array, npt.NDArray[np.floating[Any]], npt.NDArray[np.integer[Any]]],
    width: Real,
    height: Real,
    *,
    wrap: bool = False,
) -> Dict[str, float]:
    """``poisson measure``'s figures of ``points`` on the map (a torus with ``wrap``):
    ``points`` (an int), ``min_distance``, ``mean_distance``, ``delta_x``, ``mean_delta_x``,
    ``per_r2`` and ``hexagonal_distance``."""

class MeshSample:
    """Points on a mesh, from :func:`sample_mesh`."""

    @property
    def points(self) -> Float64Array:
        """(N, 3): x, y, z."""
    @property
    def faces(self) -> Int64Array:
        """(N,): the triangle each point lies on (0-based, in ``faces`` order)."""
    @property
    def barycentric(self) -> Float64Array:
        """(N, 2): u, v; the point is (1 − u − v)·A + u·B + v·C of its triangle."""
    def __len__(self) -> int: ...

def sample_mesh(
    vertices: Union[Float64Array, npt.NDArray[np.floating[Any]], npt.NDArray[np.integer[Any]]],
    faces: npt.NDArray[np.integer[Any]],
    radius: Real,
    *,
    method: Literal["bridson", "fast"] = "bridson",
    weights: Optional[Union[Sequence[Real], npt.NDArray[np.floating[Any]]]] = None,
    radius_max: Optional[Real] = None,
    k: Whole = 30,
    seed: Seed = 123456,
) -> MeshSample:
    """Points on the surface of the mesh ``vertices`` (V, 3) × ``faces`` (F, 3, 0-based vertex
    indices), every pair at least ``radius`` apart in 3D: ``poisson mesh``'s points to the bit.
    ``method="fast"`` is the quicker, fuller cover; ``weights`` (one in [0, 1] per vertex) with
    ``radius_max`` vary the spacing from ``radius`` (weight 1) to ``radius_max`` (weight 0)."""

@overload
def eliminate(
    count: Whole,
    *,
    width: Real,
    height: Real,
    depth: Optional[Real] = None,
    wrap: bool = False,
    seed: Seed = 123456,
) -> Float64Array: ...
@overload
def eliminate(
    count: Whole,
    *,
    vertices: Union[Float64Array, npt.NDArray[np.floating[Any]], npt.NDArray[np.integer[Any]]],
    faces: npt.NDArray[np.integer[Any]],
    weights: Optional[Union[Sequence[Real], npt.NDArray[np.floating[Any]]]] = None,
    radius_max: Optional[Real] = None,
    seed: Seed = 123456,
) -> MeshSample:
    """Exactly ``count`` points by weighted sample elimination (Yuksel 2015), spread as far
    apart as the method gets, in progressive order (any first n are spread out too):
    ``poisson eliminate``'s points. In the box ``width × height`` (× ``depth``; a torus with
    ``wrap``) an (N, 2) or (N, 3) array; on the mesh ``vertices`` × ``faces`` a
    :class:`MeshSample`, its spacing varied by ``weights`` (one in [0, 1] per vertex) with
    ``radius_max`` (≥ 1: the spacing at weight 0 over the spacing at weight 1)."""

class Layer:
    """One layer for :func:`layers`: its spacing, tries, seed, and where it may place points
    (strictly inside one of the ``inside`` discs, or outside all the ``outside`` discs; each an
    (M, 3) array of cx, cy, r: finite centres, radii finite and ≥ 0)."""

    def __init__(
        self,
        radius: Real,
        *,
        k: Whole = 30,
        seed: Seed = 123456,
        inside: Optional[Float64Array] = None,
        outside: Optional[Float64Array] = None,
    ) -> None: ...
    @property
    def radius(self) -> float: ...
    @property
    def k(self) -> int: ...
    @property
    def seed(self) -> int: ...

def layers(width: Real, height: Real, layers: Sequence[Layer]) -> List[Float64Array]:
    """Layers on one shared grid, placed in order (large first, as the crate advises): one
    (N, 3) array per layer."""

def classes(
    width: Real,
    height: Real,
    classes: Sequence[Union[Tuple[str, Real], Tuple[str, Real, Real]]],
    *,
    between: Sequence[Tuple[str, str, Real]] = (),
    k: Whole = 30,
    seed: Seed = 123456,
) -> Tuple[Float64Array, npt.NDArray[np.uint16]]:
    """Several classes of object in one pass: ``classes`` are ``(name, spacing[, weight])``,
    ``between`` overrides a pair's spacing. Returns the (N, 3) points and each one's class (an
    index into ``classes``)."""

def stamp_circles(
    image: npt.NDArray[np.uint8],
    circles: Float64Array,
    colors: npt.NDArray[np.uint8],
    opacities: Sequence[Real],
) -> npt.NDArray[np.uint8]:
    """Blends discs (an (M, 3) array of x, y, r) into a copy of an (H, W, 3) RGB image, each
    moving ``opacity`` of the way to its color, as the page paints."""

class Sampler:
    """Bridson's algorithm one step at a time, its state open between steps.

    >>> s = Sampler(720, 400, 24, seed=123456)
    >>> s.start_random()
    'accepted'
    >>> while s.step()[0] != "finished": pass
    >>> len(s.points)
    315
    """

    def __init__(
        self, width: Real, height: Real, radius: Real, *, k: Whole = 30, seed: Seed = 123456
    ) -> None: ...
    def start_random(self) -> Outcome:
        """Places the first point at random."""
    def start_at(self, x: Real, y: Real) -> Outcome:
        """Places a first point at (x, y)."""
    def try_add(self, x: Real, y: Real) -> Outcome:
        """Adds a point at (x, y) by hand, if it fits."""
    def step(self) -> Tuple[StepKind, Optional[int]]:
        """One step: ``("placed", i)`` (a new point, index into ``points``), ``("retired", i)``
        (that point left the active list) or ``("finished", None)``."""
    def run(self, max_steps: Whole) -> bool:
        """Up to ``max_steps`` (≥ 0) steps with the GIL released, in slices that Ctrl-C stops;
        True once finished."""
    def finish(self) -> None:
        """Steps to the end with the GIL released, in slices that Ctrl-C stops."""
    @property
    def is_finished(self) -> bool: ...
    @property
    def points(self) -> Float64Array:
        """The points so far, (N, 3): x, y, r."""
    @property
    def active(self) -> Int64Array:
        """The active list, indices into ``points``."""
    @property
    def current(self) -> Optional[int]:
        """The point the last step worked from."""
    @property
    def tried(self) -> Float64Array:
        """The candidates the last step tried, (C, 3): x, y, and 1.0 if accepted else 0.0."""
    @property
    def steps(self) -> int:
        """Productive steps so far (2N − 1 at the end)."""
    @property
    def radius(self) -> float: ...
    @property
    def k(self) -> int: ...

class EditableSet:
    """A level editor's point set: strokes erase, paint or refill a patch, and every other point
    keeps its place and its id."""

    def __init__(
        self,
        width: Real,
        height: Real,
        radius: Real,
        *,
        k: Whole = 30,
        seed: Seed = 123456,
        fill: bool = True,
    ) -> None:
        """Filled by Bridson (exactly ``poisson_disk``'s points, ids 0, 1, …), or empty with
        ``fill=False``."""
    @classmethod
    def from_saved(
        cls,
        width: Real,
        height: Real,
        radius: Real,
        points: Union[Float64Array, npt.NDArray[np.floating[Any]], npt.NDArray[np.integer[Any]]],
        ids: Union[Sequence[Whole], npt.NDArray[np.integer[Any]]],
        *,
        k: Whole = 30,
        seed: Seed = 123456,
    ) -> "EditableSet":
        """A set rebuilt from saved ``points`` ((N, 3) x, y, r, or (N, 2) x, y at ``radius``;
        float32 and integer arrays converted) and their ``ids`` (unique, 0 to 2^32 − 1), as the
        crate's ``EditableSet::with_items``: a point off the map or two closer than their
        spacing are refused with ``ValueError``. New ids start above the largest given; the
        undo history starts empty."""
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """Pickles the map, ``k``, ``seed``, the points and their ids (rebuilt by
        ``from_saved``); not the undo history, nor the counters behind new ids and the next
        edits' draws, so edits after a round trip may differ from edits before it."""
    def apply(
        self, tool: Tool, path: Path, radius: Real
    ) -> Tuple[int, int]:
        """A stroke along ``path`` ((x, y), a list of them or an (M, 2) array) with a brush of
        ``radius``; returns ``(added, removed)``."""
    def erase(self, path: Path, radius: Real) -> Tuple[int, int]: ...
    def refill(self, path: Path, radius: Real) -> Tuple[int, int]: ...
    def paint(self, path: Path, radius: Real) -> Tuple[int, int]: ...
    def undo(self) -> bool:
        """Undoes the last edit; False when there is none."""
    @property
    def points(self) -> Float64Array:
        """(N, 3): x, y, r."""
    @property
    def ids(self) -> npt.NDArray[np.uint32]:
        """Each point's id, stable for its life and never reused."""
    def too_close(self) -> List[Tuple[int, int]]: ...
    def __len__(self) -> int: ...

class Endless(Iterator[Float64Array]):
    """``poisson endless``'s world a row of chunks at a time: (N, 2) arrays, top row first,
    whose concatenation is exactly the CLI's points in its order."""

    def __iter__(self) -> "Endless": ...
    def __next__(self) -> Float64Array: ...
    def __len__(self) -> int:
        """Rows of chunks not handed over yet."""
    @property
    def chunk_rows(self) -> int:
        """All the rows of chunks, handed over or not."""
    @property
    def chunk_size(self) -> float:
        """The chunk side: 16 radii."""

def endless(
    width: Real,
    height: Real,
    radius: Real,
    *,
    seed: Seed = 123456,
    first_row: Whole = 0,
    rows: Optional[Whole] = None,
) -> Endless:
    """The chunked world of ``poisson endless`` over ``[0, width) × [0, height)``, in memory that
    grows with the width only. ``first_row`` (≥ 0) and ``rows`` (≥ 1; by default to the end)
    keep one band of its rows of chunks (what each task of :func:`poisson_live.dask.endless`
    builds)."""
