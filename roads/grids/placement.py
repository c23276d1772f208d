"""Streak placement on the 6-row grid (ROADS.md section 2), shared by the big road and the
three derived roads. Adding and removing the last cell are O(1)."""

from __future__ import annotations

ROWS = 6


def _key(col: int, row: int) -> int:
    return col << 3 | row


class Placement:
    """The drawn cells of a sequence of streaks, in the order they were added.

    A streak starts at row 0, one column right of the previous streak's first column (further
    right while that cell is taken), goes down while it can, and once it turns right along a
    row (the dragon tail) stays in that row.
    """

    __slots__ = ("_taken", "cols", "depths", "rows", "starts", "streaks")

    def __init__(self) -> None:
        self.cols: list[int] = []
        self.rows: list[int] = []
        self.streaks: list[int] = []
        self.depths: list[int] = []
        self.starts: list[int] = []
        """Index of the first cell of each streak."""
        self._taken: set[int] = set()

    def __len__(self) -> int:
        return len(self.cols)

    def add(self, new_streak: bool) -> None:
        """Place one more cell: the first of a new streak, or the next of the current one."""
        if new_streak or not self.starts:
            col = self.cols[self.starts[-1]] + 1 if self.starts else 0
            while _key(col, 0) in self._taken:
                col += 1
            row = 0
            self.starts.append(len(self.cols))
            depth = 0
        else:
            last = len(self.cols) - 1
            col, row = self.cols[last], self.rows[last]
            turned = col != self.cols[self.starts[-1]]
            if not turned and row + 1 < ROWS and _key(col, row + 1) not in self._taken:
                row += 1
            else:
                col += 1
            depth = self.depths[last] + 1
        self.cols.append(col)
        self.rows.append(row)
        self.streaks.append(len(self.starts) - 1)
        self.depths.append(depth)
        self._taken.add(_key(col, row))

    def pop(self) -> None:
        """Remove the last cell placed."""
        self._taken.discard(_key(self.cols.pop(), self.rows.pop()))
        self.streaks.pop()
        if self.depths.pop() == 0:
            self.starts.pop()

    @property
    def columns(self) -> int:
        """How many columns the drawn cells span."""
        return max(self.cols) + 1 if self.cols else 0
