"""The cells of the five roads, and the other values a scoreboard reports."""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum

from roads.game.coup import Outcome
from roads.grids.road import DERIVED
from roads.values import frozen


class Colour(StrEnum):
    """A derived road's mark: red when the pattern repeats, blue when it breaks.

    The colours say nothing about Banker or Player.
    """

    RED = "red"
    BLUE = "blue"


@frozen
class BeadCell:
    """One coup on the bead plate, ties included, filled column by column. ``marks``: the
    names of the table's marks the coup carries, in the table's order."""

    col: int
    row: int
    hand: int
    outcome: Outcome
    banker_pair: bool
    player_pair: bool
    natural: bool
    marks: tuple[str, ...] = ()


@frozen
class BigRoadCell:
    """One Banker or Player coup on the big road, with the ties drawn on it.

    ``streak`` and ``depth`` are its logical column and position (0-based, unbounded);
    ``col`` and ``row`` where it is drawn. ``hands`` indexes every coup merged into it;
    ``marks`` are those of its own Banker or Player coup only, not of the ties merged into it.
    """

    col: int
    row: int
    streak: int
    depth: int
    outcome: Outcome
    ties: int
    hands: tuple[int, ...]
    banker_pair: bool
    player_pair: bool
    natural: bool
    marks: tuple[str, ...] = ()


@frozen
class DerivedCell:
    """One mark of Big Eye Boy, Small Road or Cockroach Pig."""

    col: int
    row: int
    streak: int
    depth: int
    colour: Colour


Cell = BeadCell | BigRoadCell | DerivedCell
"""A cell of any road."""


@frozen
class Stats:
    """How many coups, of each outcome, and with each flag."""

    hands: int = 0
    banker: int = 0
    player: int = 0
    tie: int = 0
    banker_pair: int = 0
    player_pair: int = 0
    natural: int = 0


DERIVED_ROADS = tuple(road.attribute for road in DERIVED)
"""The derived roads, by how many columns back each one compares (k = 1, 2, 3)."""


@frozen
class AskAnswer:
    """What each derived road would add if the next coup were one outcome (None: no mark):
    ``colours`` in the order of ``DERIVED``, each also by its road's attribute
    (``answer.big_eye_boy``)."""

    colours: tuple[Colour | None, ...] = (None,) * len(DERIVED)

    def __iter__(self) -> Iterator[Colour | None]:
        """The answers of the derived roads, in the order of ``DERIVED``."""
        return iter(self.colours)

    def __getattr__(self, name: str) -> Colour | None:
        """The answer of the derived road whose attribute is ``name`` (``big_eye_boy``)."""
        try:
            return self.colours[DERIVED_ROADS.index(name)]
        except ValueError:
            raise AttributeError(f"an ask answer has no road {name!r}") from None


@frozen
class Ask:
    """The ask road: the marks a hypothetical Banker, and a hypothetical Player, coup would add.

    A consequence of the history, not a forecast.
    """

    banker: AskAnswer = AskAnswer()
    player: AskAnswer = AskAnswer()
