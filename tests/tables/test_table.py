"""A table (``roads.tables.table``): its rule set, tie payout and side bets, the bets it offers
by name, what each settles, and what its board marks."""

from __future__ import annotations

from fractions import Fraction

import pytest
from bets import EVERY_BET, MAIN_BETS

from roads.errors import RoadsError
from roads.game.coup import Coup
from roads.tables.deal import Deal
from roads.tables.table import STANDARD, TIE_PAYS, bet_named, make_table


def test_the_standard_table_offers_every_bet_and_marks_nothing() -> None:
    assert STANDARD.rules == "standard" and STANDARD.standard and STANDARD.marks == ()
    assert tuple(name for name, _ in STANDARD.bet_items()) == EVERY_BET
    assert TIE_PAYS == (8, 9)


def test_a_table_settles_by_its_rules_and_names_its_bets() -> None:
    table = make_table(rules="ez", tie_pays=9, side_bets=("dragon_7",))
    dragon = Deal.of_coup(Coup.parse("2h 3d 5c / 4c Ks 3s"))  # a three-card Banker 7
    assert table.settle("banker", Fraction(10), dragon) == 0  # EZ pushes it
    assert table.settle("dragon_7", Fraction(2), dragon) == 80
    tie = Deal.of_coup(Coup.parse("8h Kd / 8c Qs"))
    assert table.settle("tie", Fraction(1), tie) == 9
    assert [mark.name for mark in table.marks] == ["dragon_7", "panda_8"]
    assert table.marks_of(dragon) == ("dragon_7",)
    assert tuple(name for name, _ in table.bet_items()) == (*MAIN_BETS, "dragon_7")
    with pytest.raises(RoadsError, match="panda_8"):
        table.bet("panda_8")
    assert bet_named("B") == "banker"
