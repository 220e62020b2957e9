"""The type aliases of the package's signatures, real at run time so that a user's annotations
(and ``isinstance``-free code that names them) can import them: ``from poisson_live.types
import Float64Array, Real``. The stubs (``_native.pyi``) use these same names.

They say what the compiled module takes: a number is anything Python reads as a float (a float,
an int, a numpy scalar; never a bool, which it refuses at run time), a whole number anything with
``__index__`` (an int, a numpy integer), a seed either of those when whole (``7`` or ``7.0``).
"""

from typing import Literal, Sequence, SupportsFloat, SupportsIndex, Tuple, Union

import numpy as np
import numpy.typing as npt

__all__ = [
    "Float64Array",
    "Int64Array",
    "Outcome",
    "Path",
    "Real",
    "Seed",
    "StepKind",
    "Tool",
    "Whole",
]

#: Coordinates: every function returns float64 arrays.
Float64Array = npt.NDArray[np.float64]
#: Indices (a mesh's faces, a Sampler's active list).
Int64Array = npt.NDArray[np.int64]
#: A size, a radius or a coordinate: a float, an int or a numpy scalar.
Real = Union[SupportsFloat, SupportsIndex]
#: A count or a whole-number option (``k``, ``max_misses``): an int or a numpy integer.
Whole = SupportsIndex
#: A 32-bit seed: a whole number, as an int, a numpy integer or a whole float such as ``7.0``.
Seed = Union[SupportsIndex, SupportsFloat]
#: What happened to a point the Sampler was given.
Outcome = Literal["accepted", "off_map", "wrong_ground", "too_close"]
#: What one step of the Sampler did.
StepKind = Literal["placed", "retired", "finished"]
#: An EditableSet's tools.
Tool = Literal["paint", "erase", "refill"]
#: A stroke's path: one (x, y), a sequence of them, or an (M, 2) float64 array.
Path = Union[Tuple[Real, Real], Sequence[Tuple[Real, Real]], Float64Array]
