"""A third engine for roads, compiled with numba: registered from outside the ``roads`` package,
through the ``roads.engines`` entry point, as any third-party engine would be (``pip install
"roads[numba]"`` installs numba). It provides the ``odds`` concept (the exact odds of the next
coup, one compiled walk of the six-card orderings) and leaves every other concept to the
reference, as ``roads.engines`` does for an engine that does not provide one.

Importing this module imports neither numba nor numpy: ``roads.engines`` reads ``ENGINE`` when
it lists the engines, and imports ``roads_numba.odds`` only when the numba engine's odds are
first asked for.
"""

from __future__ import annotations

from roads.engines import Engine

ENGINE = Engine(
    "numba",
    "compiled with numba (a plugin): the exact odds in one compiled walk",
    {"odds": "roads_numba.odds:ODDS"},
    needs=("numba", "numpy"),
    install="pip install 'roads[numba]'",
)
"""The numba engine, as the entry point registers it."""
