"""Streak placement on the 6-row grid (docs/rules/roads.md), shared by the big road and the
three derived roads, with straight tails (the default) or drop-back tails. Adding and removing
the last cell are O(1), and cells are stored as machine integers, so a million-coup shoe stays
compact and every coup costs the same."""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from enum import StrEnum
from itertools import chain

from roads.errors import RoadsError

ROWS = 6


class Tails(StrEnum):
    """How a streak continues once it has turned right (docs/rules/roads.md, dragon tails).

    ``STRAIGHT`` (the default): it stays in the row it turned in, so every streak reads as one
    "L". ``DROP_BACK``: it goes down again whenever the cell below it is free, so a tail pushed
    up by an older tail drops back as soon as the older tail ends.
    """

    STRAIGHT = "straight"
    DROP_BACK = "drop-back"


TAILS = tuple(tails.value for tails in Tails)
"""The names of the two ways to draw tails, the default first."""


def tails_named(tails: Tails | str) -> Tails:
    """``tails`` as a Tails, from its name; raises RoadsError naming the choices."""
    try:
        return Tails(tails)
    except ValueError:
        raise RoadsError(f"no tails {tails!r}: choose {', '.join(TAILS)}") from None


class Placement:
    """The drawn cells of a sequence of streaks, in the order they were added.

    A streak starts at row 0, one column right of the previous streak's first column (further
    right while that cell is taken), goes down while it can, and once it turns right along a
    row (the dragon tail) stays in that row; with ``Tails.DROP_BACK`` tails it goes down again
    whenever the cell below is free.
    """

    __slots__ = ("_filled", "cols", "drop_back", "rows", "starts")

    def __init__(self, tails: Tails = Tails.STRAIGHT) -> None:
        self.drop_back = tails is Tails.DROP_BACK
        self.cols = array("q")
        self.rows = bytearray()
        self.starts = array("q")
        """Index of the first cell of each streak."""
        self._filled = bytearray()
        """Per column, a bit for each taken row."""

    def __len__(self) -> int:
        return len(self.cols)

    def _taken(self, col: int, row: int) -> bool:
        filled = self._filled
        return col < len(filled) and bool(filled[col] >> row & 1)

    def add(self, new_streak: bool) -> None:
        """Place one more cell: the first of a new streak, or the next of the current one."""
        cols, rows, starts, filled = self.cols, self.rows, self.starts, self._filled
        if new_streak or not starts:
            col = cols[starts[-1]] + 1 if starts else 0
            while col < len(filled) and filled[col] & 1:
                col += 1
            row = 0
            starts.append(len(cols))
        elif self.drop_back:
            col, row = cols[-1], rows[-1]
            # Down whenever the cell below is free (col is always inside filled here).
            if row + 1 < ROWS and not filled[col] >> (row + 1) & 1:
                row += 1
            else:
                col += 1
                while col < len(filled) and filled[col] >> row & 1:
                    col += 1
        else:
            col, row = cols[-1], rows[-1]
            if col == cols[starts[-1]] and row + 1 < ROWS and not self._taken(col, row + 1):
                row += 1
            else:
                col += 1
        if col >= len(filled):
            filled.extend(bytes(col + 1 - len(filled)))
        filled[col] |= 1 << row
        cols.append(col)
        rows.append(row)

    def pop(self) -> None:
        """Remove the last cell placed."""
        col, row = self.cols.pop(), self.rows.pop()
        self._filled[col] &= ~(1 << row) & 0xFF
        if self.starts[-1] == len(self.cols):
            self.starts.pop()

    def streaks(self) -> Iterator[tuple[int, int]]:
        """The (streak, depth) of every cell, in order."""
        starts = self.starts
        if not starts:
            return
        bounds = chain(starts[1:], (len(self.cols),))
        for streak, (start, end) in enumerate(zip(starts, bounds, strict=True)):
            for depth in range(end - start):
                yield streak, depth
