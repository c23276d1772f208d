"""roads: baccarat scoreboards (bead plate, big road, Big Eye Boy, Small Road, Cockroach Pig).

    >>> import roads
    >>> board = roads.Scoreboard.from_notation("BPPPBT")
    >>> [(cell.col, cell.row, cell.outcome.value) for cell in board.big_road]
    [(0, 0, 'B'), (1, 0, 'P'), (1, 1, 'P'), (1, 2, 'P'), (2, 0, 'B')]

Past results do not predict the next hand: the roads are a record, never a forecast.
Names are imported on first use, so ``import roads`` stays cheap for command-line tools.
"""

from __future__ import annotations

from roads.lazy import attach

# The one place the version is written: the build reads it (pyproject.toml, [tool.hatch.version])
# and ``roads --version`` prints it.
__version__ = "0.1.0"

# The exports are listed once, in __init__.pyi (which the type checker reads too).
__getattr__, __dir__, __all__ = attach(__name__, __file__)
