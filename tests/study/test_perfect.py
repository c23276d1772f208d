"""Perfect play (``roads.study.perfect``): a unit on every bet whose exact expectation before
the coup is positive, what it expected and what it got."""

from __future__ import annotations

from fractions import Fraction

from roads.study.exact import ExactCoup
from roads.study.numbers import number
from roads.study.perfect import expectations, perfect_play, realised
from roads.study.signals import BANKER, PLAYER, TIE


def test_expectations_and_results_of_the_main_bets() -> None:
    coup = ExactCoup(number=1, state=0, outcome=BANKER, total=100, banker=50, player=40, tie=10)
    found = expectations(coup)
    assert found["banker"] == (Fraction(19, 20) * 50 - 40) / 100
    assert found["player"] == Fraction(40 - 50, 100)
    assert found["tie"] == Fraction(8 * 10 - 90, 100)
    assert (realised("banker", BANKER), realised("banker", TIE)) == (Fraction(19, 20), 0)
    assert realised("player", BANKER) == -1


def test_only_coups_with_an_edge_are_played() -> None:
    favoured = ExactCoup(number=1, state=0, outcome=PLAYER, total=10, banker=3, player=6, tie=1)
    even = ExactCoup(number=12, state=0, outcome=BANKER, total=100, banker=45, player=45, tie=10)
    play = perfect_play([favoured, even], shoes=1, number=number)
    assert play.coups == 2 and play.coups_with_an_edge == 1
    player = next(bet for bet in play.by_bet if bet.name == "player")
    assert (player.coups, player.realised_units) == (1, 1.0)
    assert player.expected_units == number(Fraction(3, 10))
    assert [(row.first, row.coups_with_an_edge) for row in play.by_position] == [(1, 1), (11, 0)]
