"""The rule sets (``roads.tables.rule_sets``): what a winning Banker bet returns at each, and the
marks its board shows, as TABLES.md's table of rule sets says."""

from __future__ import annotations

from fractions import Fraction

from roads.game.coup import Coup
from roads.tables.deal import Deal
from roads.tables.rule_sets import EZ, RULE_SETS, NoCommission, Standard

BANKER_SIX = Deal.of_coup(Coup.parse("Kh 2d 3c / 4s 2h"))
BANKER_THREE_CARD_SEVEN = Deal.of_coup(Coup.parse("2h 3d 5c / 4c Ks 3s"))
BANKER_NATURAL = Deal.of_coup(Coup.parse("Kh 2d / 9c Ks"))


def test_a_winning_banker_bet_returns_what_each_rule_set_pays() -> None:
    assert [Standard.banker_win(d) for d in (BANKER_SIX, BANKER_NATURAL)] == [Fraction(19, 20)] * 2
    assert NoCommission.banker_win(BANKER_SIX) == Fraction(1, 2)
    assert NoCommission.banker_win(BANKER_NATURAL) == 1
    assert EZ.banker_win(BANKER_THREE_CARD_SEVEN) == 0
    assert EZ.banker_win(BANKER_SIX) == 1


def test_the_rule_sets_are_registered_with_their_aliases_and_marks() -> None:
    assert RULE_SETS.names() == ("standard", "no-commission", "ez")
    assert (
        RULE_SETS.find("super-6") is NoCommission and RULE_SETS.find("punto-2000") is NoCommission
    )
    assert [mark.name for mark in NoCommission.marks] == ["super_6"]
    assert [mark.name for mark in EZ.marks] == ["dragon_7", "panda_8"]
    assert Standard.marks == ()
