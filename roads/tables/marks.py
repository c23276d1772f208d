"""The coups a table's scoreboard marks, each with its flag in the result notation."""

from __future__ import annotations

from roads.game.coup import Outcome
from roads.tables.deal import Deal
from roads.values import frozen


@frozen
class Mark:
    """A coup a board marks: ``side`` won with ``total`` (and exactly ``cards`` cards unless
    None). ``flag`` is its character after the result letter (``B6``, ``B7``, ``P8``)."""

    name: str
    side: Outcome
    total: int
    cards: int | None
    flag: str

    def on(self, deal: Deal) -> bool:
        """The coup carries this mark."""
        return deal.wins_with(self.side, self.total, self.cards, self.name)


SUPER_6 = Mark("super_6", Outcome.BANKER, 6, None, "6")
"""The Banker won with 6 (no-commission tables pay such a Banker bet half)."""
DRAGON_7 = Mark("dragon_7", Outcome.BANKER, 7, 3, "7")
"""The Banker won with a three-card 7 (EZ Baccarat pushes such a Banker bet)."""
PANDA_8 = Mark("panda_8", Outcome.PLAYER, 8, 3, "8")
"""The Player won with a three-card 8."""

MARKS = (SUPER_6, DRAGON_7, PANDA_8)
"""Every mark, in the order the tables list them."""
MARK_BY_FLAG = {mark.flag: mark for mark in MARKS}
MARK_BY_NAME = {mark.name: mark for mark in MARKS}
