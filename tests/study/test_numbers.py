"""How a study writes its figures (``roads.study.numbers``): floats the same on every machine,
shares with their Wilson interval, and the main bets' exact returns."""

from __future__ import annotations

from fractions import Fraction

from roads.study.numbers import BANKER_PAYS, banker_return, number, player_return, share


def test_a_figure_is_rounded_to_twelve_significant_digits() -> None:
    assert number(Fraction(1, 3)) == 0.333333333333
    assert number(0.1 + 0.2) == 0.3


def test_a_share_and_its_interval() -> None:
    found = share(30, 100)
    assert found.count == 30 and found.share == 0.3
    assert found.low is not None and found.high is not None
    assert found.low < 0.3 < found.high
    assert share(0, 0).share is None and share(0, 0).low is None


def test_the_main_bets_returns() -> None:
    assert Fraction(19, 20) == BANKER_PAYS
    assert banker_return(10, 10, 20) == Fraction(19 - 20, 40)
    assert player_return(10, 8, 20) == Fraction(-2, 20)
