"""Streak placement on the 6-row grid (docs/rules/roads.md), shared by the big road and the
three derived roads, with straight tails (the default) or drop-back tails. Adding and removing
the last cell are O(1), and cells are stored as machine integers, so a million-coup shoe stays
compact and every coup costs the same. The cells of the last columns are found without reading
the others (``Placement.window``), so a window onto a long shoe costs what the window holds."""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterator
from enum import StrEnum
from itertools import chain

from roads.errors import RoadsError

ROWS = 6
INDEX = "i"
"""The machine integers cells and indices are kept in: 4 bytes, up to 2**31 - 1 (more coups than
fit in memory), half the memory of 8-byte ones; a larger value raises OverflowError."""


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

    __slots__ = ("_filled", "_reach", "cols", "drop_back", "rows", "starts")

    def __init__(self, tails: Tails = Tails.STRAIGHT) -> None:
        self.drop_back = tails is Tails.DROP_BACK
        self.cols = array(INDEX)
        self.rows = bytearray()
        self.starts = array(INDEX)
        """Index of the first cell of each streak."""
        self._filled = bytearray()
        """Per column, a bit for each taken row."""
        self._reach = array(INDEX)
        """Per streak, the rightmost column reached by a cell of it or of a streak before it.
        A streak never goes left, so its own rightmost column is that of its last cell."""

    def __len__(self) -> int:
        return len(self.cols)

    def _taken(self, col: int, row: int) -> bool:
        filled = self._filled
        return col < len(filled) and bool(filled[col] >> row & 1)

    def add(self, new_streak: bool) -> None:
        """Place one more cell: the first of a new streak, or the next of the current one."""
        cols, rows, starts, filled, reach = (
            self.cols,
            self.rows,
            self.starts,
            self._filled,
            self._reach,
        )
        width = len(filled)
        if new_streak or not starts:
            col = cols[starts[-1]] + 1 if starts else 0
            while col < width and filled[col] & 1:
                col += 1
            row = 0
            starts.append(len(cols))
            reach.append(reach[-1] if reach and reach[-1] > col else col)
        elif self.drop_back:
            col, row = cols[-1], rows[-1]
            # Down whenever the cell below is free (col is always inside filled here).
            if row + 1 < ROWS and not filled[col] >> (row + 1) & 1:
                row += 1
            else:
                col += 1
                while col < width and filled[col] >> row & 1:
                    col += 1
        else:
            col, row = cols[-1], rows[-1]
            below = row + 1
            if (
                below < ROWS
                and col == cols[starts[-1]]
                and not (col < width and filled[col] >> below & 1)
            ):
                row = below
            else:
                col += 1
        if col >= width:
            filled.extend(bytes(col + 1 - width))
        filled[col] |= 1 << row
        cols.append(col)
        rows.append(row)
        if col > reach[-1]:  # noqa: PLR1730 (a call to max costs more, on every cell)
            reach[-1] = col

    def pop(self) -> None:
        """Remove the last cell placed."""
        col, row = self.cols.pop(), self.rows.pop()
        self._filled[col] &= ~(1 << row) & 0xFF
        reach = self._reach
        if self.starts[-1] == len(self.cols):
            self.starts.pop()
            reach.pop()
        else:  # the streak's rightmost cell is now its last one
            reach[-1] = max(reach[-2], self.cols[-1]) if len(reach) > 1 else self.cols[-1]

    @property
    def width(self) -> int:
        """How many columns the cells span (0 when there is none), in O(1)."""
        return self._reach[-1] + 1 if self._reach else 0

    def window(self, first: int) -> list[tuple[int, int, int]]:
        """The cells in column ``first`` and right of it, as (streak, start, end): cells
        ``start`` to ``end - 1`` of streak ``streak`` (whose depth is the index less the
        streak's first), in order.

        The streaks before the first that reaches ``first`` are skipped by a binary search, and
        within a streak the cells left of ``first`` by another (a streak never goes left), so
        the cost is that of the streaks the window holds or crosses, not of the whole road.
        """
        starts, cols, reach = self.starts, self.cols, self._reach
        count = len(starts)
        parts = []
        for streak in range(bisect_left(reach, first), count):
            start = starts[streak]
            end = starts[streak + 1] if streak + 1 < count else len(cols)
            if cols[end - 1] >= first:
                parts.append((streak, bisect_left(cols, first, start, end), end))
        return parts

    def streaks(self) -> Iterator[tuple[int, int]]:
        """The (streak, depth) of every cell, in order."""
        starts = self.starts
        if not starts:
            return
        bounds = chain(starts[1:], (len(self.cols),))
        for streak, (start, end) in enumerate(zip(starts, bounds, strict=True)):
            for depth in range(end - start):
                yield streak, depth
