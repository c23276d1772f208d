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


DEALS_PAY_FROM = 200
"""Shoes dealt with their coups (``roads simulate``) from which numpy wins back its import."""
COUNTS_PAY_FROM = 1500
"""Shoes only counted (a tally, a study) from which numpy wins back its import."""

ENGINE_VARIABLE = "ROADS_ENGINE"
"""Environment variable naming the engine to use when none is given (``python`` or ``numpy``)."""


def choose_engine(engine: str | None, *, numpy_pays: bool = True) -> Engine:
    """The engine to use: ``engine`` when given, else the one ``ROADS_ENGINE`` names, else numpy
    when it is installed and ``numpy_pays``.

    Parameters:
        engine: ``"python"``, ``"numpy"``, or None to choose.
        numpy_pays: whether the job is large enough for numpy to win back its import (about
            70 ms, the time the pure engine takes to deal some 200 shoes, or to count 1,500);
            both engines give the same results, so this is a matter of speed only.

    Raises RoadsError, with the command that installs it, when numpy is asked for but missing.
    """
    given = engine is not None
    if engine is None:
        engine = os.environ.get(ENGINE_VARIABLE) or None
    if engine is None:
        return "numpy" if numpy_pays and numpy_available() else "python"
    if engine == "python":
        return "python"
    if engine == "numpy":
        if not numpy_available():
            raise RoadsError(NUMPY_MISSING)
        return "numpy"
    known = ", ".join(ENGINES)
    if given:
        raise RoadsError(f"no engine {engine!r}: use one of {known}", about=("engine",))
    raise RoadsError(f"no engine {engine!r} (from {ENGINE_VARIABLE}): use one of {known}")
