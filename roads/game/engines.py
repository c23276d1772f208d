"""Which engine does the work: pure Python (always there) or numpy (the ``fast`` extra).

Both give the same shoes, coups, tallies and exact odds; numpy is only faster. Checking for numpy
does not import it, so commands that do not need it start as fast as before.
"""

from __future__ import annotations

import os
from importlib.util import find_spec
from typing import Literal

from roads.errors import RoadsError

Engine = Literal["python", "numpy"]
ENGINES: tuple[Engine, ...] = ("python", "numpy")
NUMPY_MISSING = 'the numpy engine needs numpy: pip install "roads[fast]"'


def numpy_available() -> bool:
    """Whether the numpy engine can run (numpy is installed); does not import numpy."""
    return find_spec("numpy") is not None


ENGINE_VARIABLE = "ROADS_ENGINE"
"""Environment variable naming the engine to use when none is given (``python`` or ``numpy``)."""


def choose_engine(engine: str | None) -> Engine:
    """The engine to use: ``engine`` when given, else the one ``ROADS_ENGINE`` names, else numpy
    when it is installed.

    Raises RoadsError, with the command that installs it, when numpy is asked for but missing.
    """
    if engine is None:
        engine = os.environ.get(ENGINE_VARIABLE) or None
    if engine is None:
        return "numpy" if numpy_available() else "python"
    if engine == "python":
        return "python"
    if engine == "numpy":
        if not numpy_available():
            raise RoadsError(NUMPY_MISSING)
        return "numpy"
    raise RoadsError(
        f"no engine {engine!r} (from --engine or {ENGINE_VARIABLE}): use one of "
        f"{', '.join(ENGINES)}"
    )
