"""A bet (``roads.tables.bets``): a class that says what a 1-unit stake nets on a deal, its name
the one journals and options use; a loss is -1 and a push 0."""

from __future__ import annotations

from fractions import Fraction

import pytest

from roads.game.coup import Coup, Outcome
from roads.tables.bets import LOSE, PUSH, Bet
from roads.tables.deal import Deal


class _Banker(Bet):
    """Even money on the Banker, a push on a tie."""

    name = "toy_banker"

    def settle(self, deal: Deal) -> Fraction:
        if deal.outcome is Outcome.TIE:
            return PUSH
        return Fraction(1) if deal.outcome is Outcome.BANKER else LOSE


def test_a_bet_settles_a_deal_in_fractions_of_its_stake() -> None:
    assert (Fraction(-1), Fraction(0)) == (LOSE, PUSH)
    bet = _Banker()
    assert bet.settle(Deal.of_coup(Coup.parse("Kh 2d / 9c Ks"))) == 1
    assert bet.settle(Deal.of_coup(Coup.parse("8h Kd / 8c Qs"))) == 0
    assert bet.settle(Deal(outcome_given=Outcome.PLAYER)) == -1
    assert not bet.reads_pairs and bet.aliases == ()


def test_a_bet_must_say_how_it_settles() -> None:
    class _Unsettled(Bet):
        name = "unsettled"

    with pytest.raises(TypeError):
        _Unsettled()  # type: ignore[abstract]
