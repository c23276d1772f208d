"""What a bet is: a name, and how it settles a coup (the net result of a 1-unit stake)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from fractions import Fraction
from typing import ClassVar

from roads.tables.deal import Deal

LOSE = Fraction(-1)
PUSH = Fraction(0)


class Bet(ABC):
    """A bet of a table. ``settle`` returns the net result of a 1-unit stake: ``-1`` lost,
    ``0`` pushed (stake returned), ``19/20``, ``40`` ... won.

    A bet that reads the pairs (``reads_pairs``) reads nothing else: the exact odds count the
    pairs apart from the totals, and price such a bet from the pairs alone.
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    reads_pairs: ClassVar[bool] = False

    @abstractmethod
    def settle(self, deal: Deal) -> Fraction:
        """The net result of a 1-unit stake on this bet once ``deal`` is dealt."""

    def __repr__(self) -> str:
        return f"<bet {self.name}>"
