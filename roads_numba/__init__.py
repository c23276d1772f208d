"""A third engine for roads, compiled with numba: registered from outside the ``roads`` package,
through the ``roads.engines`` entry point, as any third-party engine would be (``pip install
"roads[numba]"`` installs numba). Its own is the ``odds`` concept (the exact odds of the next
coup, one compiled walk of the six-card orderings); for every other concept it names the numpy
engine's twin, as any plugin may name whatever object does a concept.

Importing this module imports neither numba nor numpy: ``roads.engines`` reads ``ENGINE`` when
it lists the engines, and imports ``roads_numba.odds`` only when the numba engine's odds are
first asked for. It is the proof that the seam is real more than a speed-up: numba's import and
its compiled walk (some 0.5 ms a shoe) cost more than the numpy engine's grouped table (some
10 µs a shoe, ``roads.fast.odds_groups``).
"""

from __future__ import annotations

from roads.engines import Engine

ENGINE = Engine(
    "numba",
    "compiled with numba (a plugin): the exact odds in one compiled walk",
    {
        "deal": "roads.fast.dealing:DEALING",
        "odds": "roads_numba.odds:ODDS",
        "roads": "roads.fast.roads:BUILDING",
        "export": "roads.fast.export:EXPORTING",
        "reading": "roads.fast.reading:READING",
        "study": "roads.fast.study:COUNTING",
    },
    needs=("numba", "numpy"),
    install="pip install 'roads[numba]'",
)
"""The numba engine, as the entry point registers it."""
