"""The player's own practice bets (``roads.study.own_bets``): what they staked and got against
the exact expectation, and how often they followed the streak."""

from __future__ import annotations

from fractions import Fraction

from roads.hands.notation import parse_notation
from roads.study.numbers import number
from roads.study.own_bets import OwnBet, own_bets


def test_no_bet_no_part() -> None:
    assert own_bets([parse_notation("BP")], [], 8, number) is None


def test_bets_by_kind_and_the_streaks_they_followed() -> None:
    shoe = parse_notation("BBBPT")
    bets = [
        OwnBet(shoe=0, coup=2, on="banker", stake=Fraction(10), net=Fraction(19, 2)),  # on BB
        OwnBet(shoe=0, coup=3, on="player", stake=Fraction(5), net=Fraction(5)),  # against BBB
    ]
    part = own_bets([shoe], bets, 8, number)
    assert part is not None
    assert (part.bets, part.staked, part.net) == (2, 15.0, 14.5)
    assert [kind.name for kind in part.by_bet] == ["banker", "player"]
    assert part.exact_expected < 0  # the house edge, whatever was followed
    assert [(s.length, s.bets, s.followed) for s in part.followed_streak] == [
        ("2", 1, 1),
        ("3", 1, 0),
    ]
