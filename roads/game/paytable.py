"""Compatibility: the practice paytable as the study read it before tables, and the names of
the five bets older code used.

The figures are the standard table's (``roads.tables``), read from its bets: no payout is
written here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction


class BetOn(StrEnum):
    """The bets older code names: each value is the bet's name at every table."""

    BANKER = "banker"
    PLAYER = "player"
    TIE = "tie"
    BANKER_PAIR = "banker_pair"
    PLAYER_PAIR = "player_pair"


@dataclass(frozen=True, slots=True)
class Paytable:
    """What each winning main bet and pair bet pays per unit staked."""

    player: Fraction
    banker: Fraction
    tie: Fraction
    pair: Fraction


def _standard() -> Paytable:
    from roads.game.coup import Outcome
    from roads.tables import STANDARD, Deal

    def won(bet: str, deal: Deal) -> Fraction:
        return STANDARD.bet(bet).settle(deal)

    return Paytable(
        player=won("player", Deal(outcome_given=Outcome.PLAYER)),
        banker=won("banker", Deal(outcome_given=Outcome.BANKER)),
        tie=won("tie", Deal(outcome_given=Outcome.TIE)),
        pair=won("player_pair", Deal(player_pair_given=True, banker_pair_given=False)),
    )


PRACTICE = _standard()
"""The standard table's payouts: Player 1:1, Banker 19/20, Tie 8:1, pairs 11:1."""
