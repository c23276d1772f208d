"""roads: baccarat scoreboards (bead plate, big road, Big Eye Boy, Small Road, Cockroach Pig).

    >>> import roads
    >>> board = roads.Scoreboard.from_notation("BPPPBT")
    >>> [(cell.col, cell.row, cell.outcome.value) for cell in board.big_road]
    [(0, 0, 'B'), (1, 0, 'P'), (1, 1, 'P'), (1, 2, 'P'), (2, 0, 'B')]

Past results do not predict the next hand: the roads are a record, never a forecast.
Names are imported on first use, so ``import roads`` stays cheap for command-line tools.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# The one place the version is written: the build reads it (pyproject.toml, [tool.hatch.version])
# and ``roads --version`` prints it.
__version__ = "0.1.0"

_EXPORTS = {
    "Scoreboard": "roads.scoreboard",
    "BoardOptions": "roads.drawing.board",
    "Road": "roads.grids.road",
    "FormatError": "roads.formats",
    "Hand": "roads.hands.hand",
    "Card": "roads.game.cards",
    "Coup": "roads.game.coup",
    "Outcome": "roads.game.coup",
    "Shoe": "roads.game.shoe",
    "Odds": "roads.game.odds",
    "exact_odds": "roads.game.odds",
    "odds_for_decks": "roads.game.odds",
    "Colour": "roads.grids.cells",
    "NOTICE": "roads.notice",
    "RoadsError": "roads.errors",
    "ParseError": "roads.errors",
    "RuleError": "roads.errors",
    "CardError": "roads.errors",
    "ShoeError": "roads.errors",
    "schema": "roads.grids.schema",
}

__all__ = [
    "NOTICE",
    "BoardOptions",
    "Card",
    "CardError",
    "Colour",
    "Coup",
    "FormatError",
    "Hand",
    "Odds",
    "Outcome",
    "ParseError",
    "Road",
    "RoadsError",
    "RuleError",
    "Scoreboard",
    "Shoe",
    "ShoeError",
    "exact_odds",
    "odds_for_decks",
    "schema",
]

if TYPE_CHECKING:
    from roads.drawing.options import BoardOptions
    from roads.errors import CardError, ParseError, RoadsError, RuleError, ShoeError
    from roads.formats import FormatError
    from roads.game.cards import Card
    from roads.game.coup import Coup, Outcome
    from roads.game.odds import Odds, exact_odds, odds_for_decks
    from roads.game.shoe import Shoe
    from roads.grids.cells import Colour
    from roads.grids.road import Road
    from roads.grids.schema import schema
    from roads.hands.hand import Hand
    from roads.notice import NOTICE
    from roads.scoreboard import Scoreboard


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'roads' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
