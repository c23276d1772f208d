"""The five roads of a whole sequence of hands at once, as arrays with no object per cell: what
an export of a long file needs (``roads.engines``, concept ``roads``).

A :class:`Batch` holds the roads of the hands whose codes (one byte per hand, as ``Roads``
keeps them) it was built from. The reference builds ``Roads`` hand by hand and reads their
cells (``BUILDING``); the fast engine's (``roads.fast.roads``) reads the streaks from the codes
with byte patterns. Both give the same batch (``tests/engines/test_roads.py``).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from itertools import chain, count, repeat
from typing import Protocol, cast

from roads import engines
from roads.game.coup import Outcome
from roads.grids.cells import Ask, BigRoadCell, Colour, DerivedCell, Stats
from roads.grids.placement import INDEX, Tails, tails_named
from roads.grids.road import DERIVED
from roads.grids.roads import SLOT_OUTCOME, Roads, hand_of_code
from roads.values import frozen


@frozen
class Placed:
    """The drawn cells of a sequence of streaks: each cell's column and row, in order, and each
    streak's length."""

    cols: array[int]
    rows: bytearray
    lengths: Sequence[int]


@frozen
class Batch:
    """The five roads of ``codes``.

    ``leads``: the index of each Banker or Player hand, one per big-road entry (an entry holds
    the hands from its lead, or from 0 for the first, up to the next lead); ``big``: the big
    road's cells, its streaks the logical streaks (none while there are only ties);
    ``derived``: each derived road's cells and, since its streaks alternate in colour, whether
    its first streak is blue; ``stats`` and ``ask`` as ``Roads`` gives them.
    """

    codes: bytes
    leads: array[int]
    big: Placed
    derived: tuple[tuple[Placed, bool], ...]
    stats: Stats
    ask: Ask


class BuildingEngine(Protocol):
    """What an engine does for the roads (``roads.engines``, concept ``roads``)."""

    def build(self, codes: bytes, tails: Tails) -> Batch:
        """The roads of the hands whose codes are ``codes``, their tails drawn as ``tails``."""
        ...


def building_engine(name: str) -> BuildingEngine:
    """The roads of engine ``name`` (``roads.engines.choose`` gives one)."""
    return cast(BuildingEngine, engines.implementation("roads", name))


def build(codes: bytes, tails: Tails | str = Tails.STRAIGHT, *, engine: str | None = None) -> Batch:
    """The roads of the hands whose codes are ``codes``.

    Parameters:
        codes: one byte per hand, in order, as ``Roads.codes`` gives them.
        tails: how a streak that has turned right is drawn (``Tails``).
        engine: the engine that builds them (``roads.engines``; None: the fast one); every
            engine builds the same batch.
    """
    return building_engine(engines.choose(engine)).build(codes, tails_named(tails))


def streak_cells(placed: Placed) -> Iterator[tuple[int, int, int, int]]:
    """Each cell's column, row, streak and depth, in order.

    Parameters:
        placed: the cells.
    """
    return zip(placed.cols, placed.rows, *streaks_and_depths(placed.lengths), strict=True)


def streaks_and_depths(lengths: Sequence[int]) -> tuple[Iterator[int], Iterator[int]]:
    """Each cell's streak, and its depth, in order, of streaks of ``lengths``, as iterators
    that run in C.

    Parameters:
        lengths: each streak's number of cells, in order.
    """
    return (
        chain.from_iterable(map(repeat, count(), lengths)),
        chain.from_iterable(map(range, lengths)),
    )


class _Reference:
    """The reference engine's roads: ``Roads``, built hand by hand, and its cells read."""

    def build(self, codes: bytes, tails: Tails) -> Batch:
        roads = Roads(map(hand_of_code, codes), tails=tails, keep_hands=False)
        big = list(roads.iter_big_road())
        if big and big[0].outcome is Outcome.TIE:  # ties alone: no streak yet
            big = []
        leads = array(INDEX, (_lead(codes, cell.hands) for cell in big))
        derived = []
        for road in DERIVED:
            cells = [cell for cell in roads.cells(road) if isinstance(cell, DerivedCell)]
            derived.append((_placed(cells), bool(cells) and cells[0].colour is Colour.BLUE))
        return Batch(codes, leads, _placed(big), tuple(derived), roads.stats, roads.ask)


def _lead(codes: bytes, hands: Sequence[int]) -> int:
    """The Banker or Player hand of a big road cell (the others it holds are ties)."""
    return next(hand for hand in hands if SLOT_OUTCOME[codes[hand] & 3] is not Outcome.TIE)


def _placed(cells: Sequence[BigRoadCell] | Sequence[DerivedCell]) -> Placed:
    """The columns and rows of ``cells`` (of the big road or a derived road), and the length
    of each of their streaks."""
    lengths = array(INDEX)
    for cell in cells:
        if cell.depth == 0:
            lengths.append(0)
        lengths[-1] += 1
    return Placed(array(INDEX, (c.col for c in cells)), bytearray(c.row for c in cells), lengths)


BUILDING: BuildingEngine = _Reference()
"""The reference engine's roads (``roads.engines``, concept ``roads``)."""
