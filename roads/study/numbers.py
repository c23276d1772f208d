"""How a study's document writes its figures, and the standard table's main-bet returns that
its flat bets and card removal are priced by (shared by ``figures`` and ``removal``)."""

from __future__ import annotations

from fractions import Fraction

from roads.game.coup import Outcome
from roads.study.document import Share
from roads.study.statistics import wilson
from roads.tables import STANDARD, Deal

BANKER_PAYS = STANDARD.bet("banker").settle(Deal(outcome_given=Outcome.BANKER))
"""What a won Banker bet pays per unit at the standard table, read from its bet (the flat bets
are settled by that table)."""


def number(value: float | Fraction) -> float:
    """A float written the same way on every machine: rounded to 12 significant digits.

    Parameters:
        value: the exact or floating figure.
    """
    return float(f"{float(value):.12g}")


def share(count: int, total: int) -> Share:
    """``count`` of ``total`` as a share with its Wilson interval (None of none).

    Parameters:
        count: how many.
        total: of how many.
    """
    low, high = wilson(count, total)
    return Share(
        count=count,
        share=number(count / total) if total else None,
        low=number(low) if total else None,
        high=number(high) if total else None,
    )


def banker_return(banker: int, player: int, total: int) -> Fraction:
    """The expected result of a 1-unit Banker bet (paid as the standard table does, ties
    push).

    Parameters:
        banker: the ways Banker wins.
        player: the ways Player wins.
        total: all the ways.
    """
    return (BANKER_PAYS * banker - player) / total


def player_return(banker: int, player: int, total: int) -> Fraction:
    """The expected result of a 1-unit Player bet (ties push).

    Parameters:
        banker: the ways Banker wins.
        player: the ways Player wins.
        total: all the ways.
    """
    return Fraction(player - banker, total)
