"""The streaks of a shoe as its big road draws them: runs of Banker or Player, ties aside."""

from __future__ import annotations

from roads.game.coup import Outcome
from roads.grids.roads import Roads
from roads.values import frozen

DRAGON = 7
"""A streak this long or longer runs off the bottom of the big road: a *dragon*."""


@frozen
class Streak:
    """``length`` Banker or Player wins in a row (ties do not break a streak), starting at coup
    number ``first`` (1-based)."""

    outcome: Outcome
    length: int
    first: int

    @property
    def dragon(self) -> bool:
        return self.length >= DRAGON


@frozen
class Streaks:
    """Every streak of a shoe in order, and how many columns the big road draws them in."""

    streaks: tuple[Streak, ...]
    drawn_columns: int

    def longest(self, outcome: Outcome) -> Streak | None:
        """The longest streak of ``outcome`` (the first one, if several are as long)."""
        runs = [streak for streak in self.streaks if streak.outcome is outcome]
        return max(runs, key=lambda streak: streak.length, default=None)

    @property
    def dragons(self) -> tuple[Streak, ...]:
        return tuple(streak for streak in self.streaks if streak.dragon)

    def lengths(self, outcome: Outcome) -> dict[int, int]:
        """How many streaks of ``outcome`` there are of each length."""
        counts: dict[int, int] = {}
        for streak in self.streaks:
            if streak.outcome is outcome:
                counts[streak.length] = counts.get(streak.length, 0) + 1
        return dict(sorted(counts.items()))


def streaks_of(roads: Roads) -> Streaks:
    """The streaks of ``roads``, read from its big road."""
    cells = roads.big_road
    hands = roads.hands
    streaks: list[Streak] = []
    for cell in cells:
        if cell.outcome is Outcome.TIE:
            continue  # a shoe of ties only: no streak yet
        if cell.depth == 0:
            first = next(i for i in cell.hands if hands[i].outcome is not Outcome.TIE)
            streaks.append(Streak(cell.outcome, 1, first + 1))
        else:
            last = streaks[-1]
            streaks[-1] = Streak(last.outcome, last.length + 1, last.first)
    columns = max((cell.col for cell in cells), default=-1) + 1
    return Streaks(tuple(streaks), columns)
